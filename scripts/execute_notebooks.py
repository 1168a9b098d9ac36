"""Re-execute course notebooks from a clean kernel and store them without cell timings.

    .venv/bin/python scripts/execute_notebooks.py                    # every notebook
    .venv/bin/python scripts/execute_notebooks.py notebooks/10-*.ipynb

The stored outputs are what nbval compares, so a notebook is re-executed after every change.
The kernel's per-cell timings (``metadata.execution``) change on every run and are dropped,
so that a re-execution that changes no output changes nothing in git.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from haba_lessons.catalog import notebook_paths

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def execute(path: Path) -> None:
    """Run ``path`` top to bottom in a fresh kernel (in its folder) and write it back."""
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(notebook, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="notebooks to execute (default: every course notebook)")
    paths = parser.parse_args(argv).notebooks or notebook_paths(NOTEBOOKS)
    for path in paths:
        if not path.is_file():
            print(f"no notebook at {path}: give the path of an .ipynb file.", file=sys.stderr)
            return 1
        print(f"executing {path.name} ...", flush=True)
        execute(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
