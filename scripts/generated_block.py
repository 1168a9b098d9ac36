"""Write a generated block into README.md (between its two markers) and notebook 00 (one
markdown cell), or with ``--check`` only say whether they are out of date: the machinery of
the update_*.py scripts, each of which says what its block is."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
WELCOME = ROOT / "notebooks" / "00-welcome.ipynb"


def replaced(text: str, start_marker: str, end_marker: str, block: str) -> str:
    """``text`` with everything from ``start_marker`` to ``end_marker`` replaced by
    ``block``; a README without the markers is refused, saying where they go."""
    if start_marker not in text or end_marker not in text:
        raise SystemExit(f"README.md has no markers for this block: put the two lines\n"
                         f"{start_marker}\n{end_marker}\nwhere it belongs.")
    start = text.index(start_marker)
    end = text.index(end_marker) + len(end_marker)
    return text[:start] + block + text[end:]


def welcome_cell(notebook: nbformat.NotebookNode, cell_id: str) -> nbformat.NotebookNode:
    return next(cell for cell in notebook.cells if cell.get("id") == cell_id)


def run(argv: list[str] | None, *, description: str, what: str, markers: tuple[str, str],
        readme_block: str, cell_source: str,
        find_cell: Callable[[nbformat.NotebookNode], nbformat.NotebookNode]) -> int:
    """The command: rewrite both places, or with ``--check`` exit 1 if either is stale."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help=f"only report a stale {what}")
    args = parser.parse_args(argv)
    readme = README.read_text(encoding="utf-8")
    new_readme = replaced(readme, *markers, readme_block)
    notebook = nbformat.read(WELCOME, as_version=4)
    cell = find_cell(notebook)
    stale = [name for name, old, new in (("README.md", readme, new_readme),
                                         (WELCOME.name, cell.source, cell_source)) if old != new]
    if args.check:
        print("out of date: " + ", ".join(stale) if stale else f"{what} up to date")
        return 1 if stale else 0
    README.write_text(new_readme, encoding="utf-8")
    cell.source = cell_source
    nbformat.write(notebook, WELCOME)
    print("updated README.md and notebooks/00-welcome.ipynb")
    return 0
