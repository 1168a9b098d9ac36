"""The course catalog (haba_lessons/data/lessons.toml) lists exactly the shipped notebooks."""

from __future__ import annotations

from pathlib import Path

import pytest

from haba_lessons.catalog import notebook_paths, notebooks, parse
from haba_lessons.errors import DataFileError

REPO = Path(__file__).resolve().parent.parent


def test_the_catalog_lists_every_notebook_in_the_folder_and_nothing_else():
    on_disk = sorted(path.name for path in (REPO / "notebooks").glob("*.ipynb"))
    assert sorted(entry.file for entry in notebooks()) == on_disk


def test_every_lesson_has_a_lesson_plan():
    for entry in notebooks():
        if entry.kind != "extension":
            assert (REPO / "lesson-plans" / f"{entry.stem}.md").is_file(), entry.file


def test_teaching_order_is_the_order_of_the_numbers():
    numbers = [entry.number for entry in notebooks()]
    assert numbers == sorted(numbers)
    assert [p.name for p in notebook_paths(REPO / "notebooks")] == [e.file for e in notebooks()]


@pytest.mark.parametrize("entry, problem", [
    ({"number": "3"}, "missing"),
    ({"number": "03", "file": "03-a.ipynb", "kind": "chapter", "title": "", "game": "",
      "question": "", "learn": "", "level": "", "minutes": 45}, "kind must be"),
    ({"number": "03", "file": "04-a.ipynb", "kind": "lesson", "title": "", "game": "",
      "question": "", "learn": "", "level": "", "minutes": 45}, "start with its number"),
    ({"number": "03", "file": "03-a.ipynb", "kind": "lesson", "title": "", "game": "",
      "question": "", "learn": "", "level": "", "minutes": 0}, "minutes"),
])
def test_a_bad_entry_is_refused_naming_the_entry(entry, problem):
    with pytest.raises(DataFileError, match=problem) as refused:
        parse({"notebook": [entry]}, "my-lessons.toml")
    assert "my-lessons.toml, notebook entry 1" in str(refused.value)
