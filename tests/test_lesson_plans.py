"""Each lesson plan follows its notebook's core: its minute-by-minute table runs from 0 to the
lesson's minutes without a gap and names every numbered section of the notebook (as "§N"),
its exercises and its "In class" part; and it is short enough for one printed page."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from haba_lessons.budget import prose_words
from haba_lessons.catalog import notebooks

REPO = Path(__file__).resolve().parents[1]
LESSONS = [entry for entry in notebooks() if entry.kind == "lesson"]
ROW = re.compile(r"(?m)^\|\s*(\d+)\s*[–-]\s*(\d+)\s*\|([^|]*)\|")
#: About one A4 page at the handouts' compact print size (lesson plan 01 at 422 words fills
#: one page at 9.5 pt); the handouts' own page-count test measures the printed pages.
ONE_PAGE_WORDS = 450


def plan(entry) -> str:
    return (REPO / "lesson-plans" / f"{entry.stem}.md").read_text(encoding="utf-8")


def markdown(entry) -> str:
    notebook = nbformat.read(REPO / "notebooks" / entry.file, as_version=4)
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")


@pytest.mark.parametrize("entry", LESSONS, ids=lambda e: e.stem)
def test_the_plan_table_runs_from_0_to_the_end_of_the_lesson_without_gaps(entry):
    rows = ROW.findall(plan(entry))
    assert rows, f"lesson-plans/{entry.stem}.md has no minute-by-minute table"
    starts, ends = [int(r[0]) for r in rows], [int(r[1]) for r in rows]
    assert starts[0] == 0 and ends[-1] == entry.minutes, (starts[0], ends[-1])
    assert starts[1:] == ends[:-1], f"gaps or overlaps: {list(zip(starts, ends))}"


@pytest.mark.parametrize("entry", LESSONS, ids=lambda e: e.stem)
def test_the_plan_names_every_section_of_the_core_and_only_those(entry):
    sections_column = " ".join(r[2] for r in ROW.findall(plan(entry)))
    in_plan = set(re.findall(r"§(\d+)", sections_column))
    in_notebook = set(re.findall(r"(?m)^##\s+(\d+)\.", markdown(entry)))
    assert in_plan == in_notebook, (f"plan names sections {sorted(in_plan)}, "
                                    f"the notebook has {sorted(in_notebook)}")
    assert "exercises" in sections_column.lower()
    if re.search(r"(?m)^(#+\s*|\*\*)In class\b", markdown(entry)):
        assert "In class" in sections_column


@pytest.mark.parametrize("entry", [e for e in notebooks() if e.kind != "extension"],
                         ids=lambda e: e.stem)
def test_a_plan_fits_one_printed_page(entry):
    words = prose_words(plan(entry))
    assert words <= ONE_PAGE_WORDS, f"lesson-plans/{entry.stem}.md has {words} words"
