"""Lessons fit their period: the counting rules of haba_lessons.budget on notebooks counted by
hand, and every lesson and extension of the course within the budget of its stated time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from haba_lessons import budget
from haba_lessons.catalog import notebooks
from haba_lessons.errors import DataFileError

REPO = Path(__file__).resolve().parents[1]
TIMED = [entry for entry in notebooks() if entry.kind in ("lesson", "extension")]


@pytest.mark.parametrize("markdown, words", [
    ("Roll two dice.", 3),
    ("## 1. The sample space", 4),                         # "1." is a word, "##" is not
    ("The chance is $\\frac{1}{6}$, exactly.", 5),          # a formula is one word
    ("$$t_i = 1 + \\sum_j P(i \\to j)\\, t_j$$", 1),
    ("See [notebook 00](00-welcome.ipynb#What-we-assumed).", 3),
    ("| a | b |\n|---|---|\n| 1 | 2 |", 4),                  # the rule line counts nothing
    ("<b>bold</b> — text", 2),                             # tags and a dash count nothing
    ("`P(event, space)` gives 1/6", 4),                  # code is read like prose
])
def test_words_are_counted_as_the_module_says(markdown, words):
    assert budget.prose_words(markdown) == words


def test_exercises_and_in_class_parts_are_counted():
    assert budget.exercises("## Exercises\n\n**Exercise 1 ★ (by hand)** Count.") == 1
    assert budget.exercises("**Exercise 2 ★★** One.\n\n**Exercise 3 ★** Two.") == 2
    assert budget.exercises("### In class: a real die\n\nRoll it.") == 1
    assert budget.exercises("**In class** *(optional)*: deal real hands.") == 1
    assert budget.exercises("Exercise 4 asks what changes; in class we play.") == 0


def write(tmp_path: Path, first: str, cells: int = 3) -> Path:
    notebook = new_notebook(cells=[new_markdown_cell(first)]
                            + [new_code_cell("1 + 1") for _ in range(cells - 1)])
    path = tmp_path / "07-test.ipynb"
    nbformat.write(notebook, path)
    return path


@pytest.mark.parametrize("line, minutes", [("**Time:** 45 minutes.", 45),
                                           ("**Time.** one 45-minute period", 45),
                                           ("**Time:** 90 minutes (a double period)", 90),
                                           ("**Time:** about 30 min, optional", 30)])
def test_the_stated_duration_is_read_from_the_first_cell(tmp_path, line, minutes):
    assert budget.count(write(tmp_path, f"# Title\n\n{line}")).minutes == minutes


def test_a_notebook_without_a_stated_duration_is_named_in_the_message(tmp_path):
    path = write(tmp_path, "# Title\n\nA lesson of forty-five minutes.")
    found = budget.count(path)
    assert found.minutes is None
    with pytest.raises(DataFileError, match=r"07-test\.ipynb: no stated duration"):
        found.budget()


def test_a_file_that_is_not_a_notebook_is_named(tmp_path):
    path = tmp_path / "03-broken.ipynb"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"03-broken\.ipynb: not a readable notebook"):
        budget.count(path)


def test_the_budget_grows_with_the_stated_time():
    assert budget.Count("a", 0, 0, 0, 45).budget() == (1400, 40, 5)
    assert budget.Count("a", 0, 0, 0, 90).budget() == (2800, 80, 10)
    assert budget.Count("a", 0, 0, 0, 30).budget() == (933, 26, 3)
    assert budget.Count("a", 1401, 40, 6, 45).over() == ["words 1,401 > 1,400",
                                                          "exercises 6 > 5"]


@pytest.mark.parametrize("entry", TIMED, ids=lambda e: e.file)
def test_every_lesson_fits_the_budget_of_its_stated_time(entry):
    found = budget.count(REPO / "notebooks" / entry.file)
    assert found.minutes == entry.minutes, (
        f"{entry.file} states {found.minutes} minutes, the catalog {entry.minutes}.")
    assert not found.over(), f"{entry.file} is over its budget: {'; '.join(found.over())}"


def test_the_script_prints_one_line_per_notebook_and_names_a_missing_duration(tmp_path):
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "lesson_budget.py")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split()[:6] == ["notebook", "kind", "words", "cells", "exerc.", "minutes"]
    assert [line.split()[0] for line in lines[1:]] == [e.file for e in notebooks()]
    folder = tmp_path / "notebooks"
    folder.mkdir()
    write(folder, "# No time here").rename(folder / notebooks()[1].file)
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "lesson_budget.py"),
                           str(folder)], capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert f"{notebooks()[1].file}: no stated duration" in done.stdout
