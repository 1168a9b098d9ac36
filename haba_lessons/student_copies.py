"""Make student copies of the course notebooks: the same lessons with the solutions blanked.

A solution is any cell tagged ``solution`` (View > Cell metadata > tags in JupyterLab). Its
source is replaced by a short prompt — the cell's ``student_prompt`` metadata if it has one,
such as ``answer_3 = ...  # a Fraction`` — and its outputs are removed; everything else is
kept as it is, including the stored outputs, so the copies can be checked with nbval like
the originals. Rule for authors: no cell after a solution may use what the solution computed,
except through the names its ``student_prompt`` also defines.

A self-check cell is tagged ``check`` (``check("02.3", answer_3)``). Its stored output is the
teacher's "right"; in a student copy the output depends on the student's answer, so it is
removed and the cell is tagged ``nbval-ignore-output`` — the only output nbval does not
compare, and only in the student copies.

    python -m haba_lessons.student_copies notebooks build/student-notebooks
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

SOLUTION_TAG = "solution"
CHECK_TAG = "check"
NBVAL_IGNORE_OUTPUT = "nbval-ignore-output"
CODE_PROMPT = "# Your answer here.\n"
MARKDOWN_PROMPT = "*Your answer here.*"


def is_solution(cell: nbformat.NotebookNode) -> bool:
    return SOLUTION_TAG in cell.get("metadata", {}).get("tags", [])


def is_check(cell: nbformat.NotebookNode) -> bool:
    return CHECK_TAG in cell.get("metadata", {}).get("tags", [])


def blank_solutions(notebook: nbformat.NotebookNode) -> int:
    """Blank every solution cell of ``notebook`` in place; return how many were blanked.

    Self-check cells lose their stored verdict and are excluded from nbval's comparison.
    """
    blanked = 0
    for cell in notebook.cells:
        if is_check(cell):
            cell.outputs = []
            cell.execution_count = None
            cell.metadata["tags"] = cell.metadata["tags"] + [NBVAL_IGNORE_OUTPUT]
        if not is_solution(cell):
            continue
        blanked += 1
        if cell.cell_type == "code":
            prompt = cell.metadata.pop("student_prompt", "")
            cell.source = prompt.rstrip("\n") + "\n" if prompt else CODE_PROMPT
            cell.outputs = []
            cell.execution_count = None
        else:
            cell.source = MARKDOWN_PROMPT
        cell.metadata["tags"] = [t for t in cell.metadata["tags"] if t != SOLUTION_TAG] + [
            "answer"
        ]
    return blanked


def make_student_copies(source: Path, target: Path) -> dict[str, int]:
    """Write a student copy of every ``NN-*.ipynb`` and ``NNx-*.ipynb`` in ``source`` to ``target``.

    Returns ``{notebook name: solutions blanked}``.
    """
    target.mkdir(parents=True, exist_ok=True)
    report = {}
    lessons = [*source.glob("[0-9][0-9]-*.ipynb"), *source.glob("[0-9][0-9]x-*.ipynb")]
    for path in sorted(lessons):  # the lessons NN-* and their optional extensions NNx-*
        notebook = nbformat.read(path, as_version=4)
        report[path.name] = blank_solutions(notebook)
        nbformat.write(notebook, target / path.name)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="folder of solution notebooks")
    parser.add_argument("target", type=Path, help="folder for the student copies")
    args = parser.parse_args(argv)
    if not args.source.is_dir():
        print(f"{args.source} is not a folder of notebooks.", file=sys.stderr)
        return 2
    for name, count in make_student_copies(args.source, args.target).items():
        print(f"{name}: {count} solution(s) blanked")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
