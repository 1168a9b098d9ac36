"""Trust the course's own notebooks on this computer, so that JupyterLab draws their stored
widgets when a notebook is opened before it is run.

For a notebook it does not trust, JupyterLab renders each output only with a renderer marked
"safe", and the widget renderer (jupyterlab_widgets) is not one: every stored widget then
shows as its text, ``VBox(children=(HBox(...``, although the notebook stores the widget's
whole state. A notebook is trusted when its signature (an HMAC of its content with a secret
kept in Jupyter's data folder) is in the notary's database on this computer, which is what
``jupyter trust`` writes and what JupyterLab writes when it saves a trusted notebook; a
notebook that comes from a clone, a download or a ``git pull`` has none.

``haba-lessons open`` signs the course notebooks it opens (those the catalog lists, nothing
else in the folder) each time, so a notebook updated since gets its new signature; Binder's
``postBuild`` runs ``python -m haba_lessons.trust notebooks``.

    python -m haba_lessons.trust notebooks
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import nbformat
from nbformat.sign import NotebookNotary

from .catalog import notebook_paths


def trust_notebooks(paths: Iterable[Path], *, db_file: Path | None = None
                    ) -> tuple[list[Path], list[str]]:
    """Sign each notebook in ``paths`` (in the signature database ``db_file``, by default this
    user's); returns (signed, one line per notebook that could not be read, which is left
    untrusted and unchanged)."""
    signed: list[Path] = []
    problems: list[str] = []
    with NotebookNotary(**({"db_file": str(db_file)} if db_file else {})) as notary:
        for path in paths:
            try:
                notebook = nbformat.read(path, as_version=4)
            except (OSError, ValueError) as error:   # unreadable, or not notebook JSON
                reason = str(error)[:200]
                problems.append(f"'{path}' is not a notebook that can be read ({reason}); "
                                "its widgets show as text until it is repaired.")
                continue
            notary.sign(notebook)
            signed.append(path)
    return signed, problems


def trust_course(folder: Path, *, db_file: Path | None = None) -> list[Path]:
    """Sign the course notebooks in ``folder``; print a line for each that could not be."""
    signed, problems = trust_notebooks(notebook_paths(folder), db_file=db_file)
    for problem in problems:
        print(problem, file=sys.stderr)
    return signed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m haba_lessons.trust",
        description="Trust the course notebooks in each folder (their widgets draw on open).")
    parser.add_argument("folders", nargs="+", type=Path, metavar="FOLDER",
                        help="a folder of course notebooks, e.g. notebooks")
    args = parser.parse_args(argv)
    for folder in args.folders:
        if not folder.is_dir():
            print(f"There is no folder '{folder}': name the folder that holds the course "
                  "notebooks, e.g. notebooks.", file=sys.stderr)
            return 2
        signed = trust_course(folder)
        print(f"trusted {len(signed)} {'notebook' if len(signed) == 1 else 'notebooks'} "
              f"in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
