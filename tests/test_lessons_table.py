"""The lessons table of notebook 00 and the README is the catalog's, each notebook's own level
note is the catalog's level, extensions say at their top that they are optional and for whom,
optional sections name their level, and every lesson has an exercise that needs no code (as
notebook 00 promises)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from haba_lessons.catalog import notebooks
from haba_lessons.lessons_table import WELCOME_CELL_ID, readme_block, row, table, welcome_cell_source

REPO = Path(__file__).resolve().parents[1]
TIMED = [entry for entry in notebooks() if entry.kind in ("lesson", "extension")]


def first_cell(entry) -> str:
    return nbformat.read(REPO / "notebooks" / entry.file, as_version=4).cells[0].source


def markdown(entry) -> str:
    notebook = nbformat.read(REPO / "notebooks" / entry.file, as_version=4)
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")


def test_the_readme_and_notebook_00_show_the_catalog_table():
    assert readme_block() in (REPO / "README.md").read_text(encoding="utf-8")
    welcome = nbformat.read(REPO / "notebooks" / "00-welcome.ipynb", as_version=4)
    cell = next(c for c in welcome.cells if c.get("id") == WELCOME_CELL_ID)
    assert cell.source == welcome_cell_source()
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "update_lessons_table.py"),
                           "--check"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "up to date" in done.stdout


def test_the_table_has_one_row_per_notebook_in_teaching_order():
    lines = table().splitlines()[2:]
    assert [re.match(r"\| \*\*(\w+)\*\*", line)[1] for line in lines] == [e.number for e in notebooks()]
    for entry in notebooks():
        assert entry.level.split()[0] in row(entry)
        assert ("*(optional extension)*" in row(entry)) == (entry.kind == "extension")


@pytest.mark.parametrize("entry", TIMED, ids=lambda e: e.file)
def test_the_notebooks_level_note_is_the_catalogs(entry):
    notes = re.findall(r"(?m)^\*\*Level:\*\* (.+)$", first_cell(entry))
    assert notes == [entry.level], f"{entry.file}: level note {notes} against the catalog's"


@pytest.mark.parametrize("entry", [e for e in notebooks() if e.kind == "extension"],
                         ids=lambda e: e.file)
def test_an_extension_says_at_its_top_that_it_is_optional_and_for_whom(entry):
    top = " ".join(first_cell(entry).replace(">", " ").split())   # as the quote block reads
    lesson = entry.number.rstrip("x")
    assert f"**Optional extension of lesson {lesson}**, for " in top
    assert "It runs on its own" in top


@pytest.mark.parametrize("entry", TIMED, ids=lambda e: e.file)
def test_an_optional_section_names_the_level_it_needs(entry):
    for heading in re.findall(r"(?m)^#+ .*optional.*$", markdown(entry), flags=re.I):
        assert re.search(r"Y1[0-3]|first-year|Years 1[0-3]", heading), heading


@pytest.mark.parametrize("entry", [e for e in notebooks() if e.kind == "lesson"],
                         ids=lambda e: e.file)
def test_every_lesson_has_an_exercise_that_needs_no_code(entry):
    labels = re.findall(r"\*\*Exercise \d+ ★+ \(([^)]*)\)", markdown(entry))
    assert any("by hand" in label or "explain in words" in label for label in labels), labels
