"""The translated editions: update the catalogs from the English, build the editions.

    .venv/bin/python scripts/translations.py update            # every catalog up to date
    .venv/bin/python scripts/translations.py status            # how far each catalog is
    .venv/bin/python scripts/translations.py build             # write the shipped documents
    .venv/bin/python scripts/translations.py build --no-execute  (check only, write nothing)

``--language de`` is the default (the only edition so far). How a translator works, step by
step: ``locale/README.md``. A build that cannot ship exits 1 and names every cell or line
that needs a translator, and every broken entry by its catalog's file and line.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from haba_lessons.editions import build as editions  # noqa: E402
from haba_lessons.editions import documents, library  # noqa: E402
from haba_lessons.errors import HabaLessonsError  # noqa: E402


def execute(path: Path) -> nbformat.NotebookNode:
    """``path`` run top to bottom in a fresh kernel in its folder, stored as
    ``scripts/execute_notebooks.py`` stores the English notebooks (no timings, joined
    streams, widget ids in the order shown); its widget ids are named after the edition."""
    from nbclient import NotebookClient
    from nbconvert.preprocessors import CoalesceStreamsPreprocessor

    from haba_lessons.widget_state import make_deterministic

    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
    CoalesceStreamsPreprocessor().preprocess(notebook, {})
    name = path.name.removeprefix(".").removesuffix(".unrun.ipynb")
    make_deterministic(notebook, f"{path.parent.name}/{name}")
    return notebook


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["update", "status", "build"])
    parser.add_argument("--language", default="de")
    parser.add_argument("--no-execute", action="store_true",
                        help="build: check every catalog and write nothing")
    args = parser.parse_args(argv)
    try:
        if args.command == "update":
            print(library.update(ROOT, args.language))
            print(editions.update(ROOT, args.language))
            print(documents.update(ROOT, args.language))
        elif args.command == "status":
            problems, broken = editions.check(ROOT, args.language)
            for name, found in problems.items():
                print(f"{name}: {len(found.pending)} to translate")
            print(documents.status(ROOT, args.language))
            for line in broken:
                print("broken:", line)
        else:
            library.check(ROOT, args.language)
            if args.no_execute:
                editions.check_build(ROOT, args.language)
                documents.build(ROOT, args.language, write=False)
                print("every shipped catalog is complete; nothing written (--no-execute)")
                return 0
            print(editions.build(ROOT, args.language, execute))
            print(documents.build(ROOT, args.language, write=True))
    except HabaLessonsError as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
