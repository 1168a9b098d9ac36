"""Re-execute course notebooks from a clean kernel and store them so that a run that changes
no output changes nothing in git.

    .venv/bin/python scripts/execute_notebooks.py                    # every notebook
    .venv/bin/python scripts/execute_notebooks.py notebooks/10-*.ipynb
    .venv/bin/python scripts/execute_notebooks.py --check notebooks/02-*.ipynb

The stored outputs are what nbval compares, so a notebook is re-executed after every change.
What would differ between two runs of an unchanged notebook is made the same:

- the kernel's per-cell timings (``metadata.execution``) are dropped;
- consecutive pieces of one stream (stdout, stderr) are joined: how a cell's printing is cut
  into pieces depends on timing;
- the stored widget state keeps only the models the outputs show, with ids given in the order
  they are shown (``haba_lessons.widget_state``): ipywidgets' ids are random.

``--check`` executes without writing and says which stored notebooks a fresh run would change
(exit status 1 if any).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert.preprocessors import CoalesceStreamsPreprocessor

from haba_lessons.catalog import notebook_paths
from haba_lessons.widget_state import make_deterministic, stored_models

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def execute(path: Path) -> nbformat.NotebookNode:
    """``path`` run top to bottom in a fresh kernel (in its folder), ready to be stored."""
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
    CoalesceStreamsPreprocessor().preprocess(notebook, {})
    make_deterministic(notebook, path.name)
    return notebook


def differences(stored: nbformat.NotebookNode, fresh: nbformat.NotebookNode) -> list[str]:
    """What a fresh run changes in a stored notebook, one line per changed part."""
    found = [f"cell {index + 1} ({cell.cell_type})"
             for index, (cell, new) in enumerate(zip(stored.cells, fresh.cells)) if cell != new]
    if len(stored.cells) != len(fresh.cells):
        found.append(f"{len(stored.cells)} cells stored, {len(fresh.cells)} after the run")
    if stored_models(stored) != stored_models(fresh):
        found.append("the stored widget state (metadata.widgets)")
    if not found and stored != fresh:
        found.append("the notebook's metadata")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="notebooks to execute (default: every course notebook)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; list what a fresh run would change")
    args = parser.parse_args(argv)
    paths = args.notebooks or notebook_paths(NOTEBOOKS)
    changed = 0
    for path in paths:
        if not path.is_file():
            print(f"no notebook at {path}: give the path of an .ipynb file.", file=sys.stderr)
            return 1
        print(f"executing {path.name} ...", flush=True)
        fresh = execute(path)
        if not args.check:
            nbformat.write(fresh, path)
            continue
        found = differences(nbformat.read(path, as_version=4), fresh)
        changed += bool(found)
        print(f"  {'changes ' + ', '.join(found) if found else 'unchanged'}", flush=True)
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
