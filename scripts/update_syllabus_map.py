"""Regenerate the syllabus map in README.md and notebook 00 from haba_lessons/data/syllabus.toml.

    python scripts/update_syllabus_map.py           rewrite them
    python scripts/update_syllabus_map.py --check   exit 1 if they are out of date

The README holds the map between its two markers; notebook 00 holds it in the markdown cell
with id "syllabus-map" (made, after the lessons table's cell, if it is not there yet). The
section titles come from the notebooks' headings, so a renamed heading is picked up here.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_markdown_cell

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generated_block import run  # noqa: E402

from haba_lessons.syllabus import (  # noqa: E402
    README_END,
    README_START,
    WELCOME_CELL_ID,
    load_map,
    readme_block,
    welcome_cell_source,
)

NOTEBOOKS = ROOT / "notebooks"
LESSONS_HEADING = "## The lessons"


def map_cell(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Notebook 00's map cell; a new one after the lessons table's cell if there is none."""
    for cell in notebook.cells:
        if cell.get("id") == WELCOME_CELL_ID:
            return cell
    after = next((i for i, c in enumerate(notebook.cells)
                  if c.cell_type == "markdown" and c.source.startswith(LESSONS_HEADING)),
                 len(notebook.cells) - 1)
    cell = new_markdown_cell("")
    cell["id"] = WELCOME_CELL_ID
    notebook.cells.insert(after + 1, cell)
    return cell


def main(argv: list[str] | None = None) -> int:
    syllabus_map = load_map()
    return run(argv, description=__doc__.splitlines()[0], what="syllabus map",
               markers=(README_START, README_END),
               readme_block=readme_block(syllabus_map, NOTEBOOKS),
               cell_source=welcome_cell_source(syllabus_map, NOTEBOOKS), find_cell=map_cell)


if __name__ == "__main__":
    raise SystemExit(main())
