"""Regenerate the syllabus map in README.md and notebook 00 from haba_lessons/data/syllabus.toml.

    python scripts/update_syllabus_map.py           rewrite them
    python scripts/update_syllabus_map.py --check   exit 1 if they are out of date

The README holds the map between its two markers; notebook 00 holds it in the markdown cell
with id "syllabus-map" (made, after the lessons table's cell, if it is not there yet). The
section titles come from the notebooks' headings, so a renamed heading is picked up here.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_markdown_cell

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from haba_lessons.syllabus import (  # noqa: E402
    README_END,
    README_START,
    WELCOME_CELL_ID,
    load_map,
    readme_block,
    welcome_cell_source,
)

README = ROOT / "README.md"
NOTEBOOKS = ROOT / "notebooks"
WELCOME = NOTEBOOKS / "00-welcome.ipynb"
LESSONS_HEADING = "## The lessons"


def updated_readme(text: str, block: str) -> str:
    """``text`` with the block between the markers replaced (the markers must be there)."""
    if README_START not in text or README_END not in text:
        raise SystemExit(f"README.md has no syllabus-map markers: put the two lines\n"
                         f"{README_START}\n{README_END}\nwhere the map belongs.")
    start = text.index(README_START)
    end = text.index(README_END) + len(README_END)
    return text[:start] + block + text[end:]


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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report a stale map")
    args = parser.parse_args(argv)
    syllabus_map = load_map()
    readme = README.read_text(encoding="utf-8")
    new_readme = updated_readme(readme, readme_block(syllabus_map, NOTEBOOKS))
    notebook = nbformat.read(WELCOME, as_version=4)
    cell = map_cell(notebook)
    source = welcome_cell_source(syllabus_map, NOTEBOOKS)
    stale = [name for name, old, new in (("README.md", readme, new_readme),
                                         (WELCOME.name, cell.source, source)) if old != new]
    if args.check:
        print("out of date: " + ", ".join(stale) if stale else "syllabus map up to date")
        return 1 if stale else 0
    README.write_text(new_readme, encoding="utf-8")
    cell.source = source
    nbformat.write(notebook, WELCOME)
    print("updated README.md and notebooks/00-welcome.ipynb")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
