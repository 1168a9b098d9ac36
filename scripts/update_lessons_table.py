"""Regenerate the lessons table in README.md and notebook 00 from haba_lessons/data/lessons.toml.

    python scripts/update_lessons_table.py           rewrite them
    python scripts/update_lessons_table.py --check   exit 1 if they are out of date

Run it after changing an entry of the catalog (a title, a level, the minutes, a new notebook).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from haba_lessons.lessons_table import (  # noqa: E402
    README_END,
    README_START,
    WELCOME_CELL_ID,
    readme_block,
    welcome_cell_source,
)

README = ROOT / "README.md"
WELCOME = ROOT / "notebooks" / "00-welcome.ipynb"


def updated_readme(text: str) -> str:
    start = text.index(README_START.split(" (")[0])
    end = text.index(README_END) + len(README_END)
    return text[:start] + readme_block() + text[end:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report a stale table")
    args = parser.parse_args(argv)
    readme = README.read_text(encoding="utf-8")
    notebook = nbformat.read(WELCOME, as_version=4)
    cell = next(c for c in notebook.cells if c.get("id") == WELCOME_CELL_ID)
    stale = []
    if updated_readme(readme) != readme:
        stale.append("README.md")
    if cell.source != welcome_cell_source():
        stale.append(WELCOME.name)
    if args.check:
        print("out of date: " + ", ".join(stale) if stale else "lessons table up to date")
        return 1 if stale else 0
    README.write_text(updated_readme(readme), encoding="utf-8")
    cell.source = welcome_cell_source()
    nbformat.write(notebook, WELCOME)
    print("updated README.md and notebooks/00-welcome.ipynb")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
