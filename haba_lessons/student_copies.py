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

A student copy that is already in the target folder holds a student's work: it is never
written over. Making the copies writes the ones that are missing and leaves every existing
one as it is, and says so; ``--force`` replaces them, each after keeping the old one beside
it under a timestamped name (``03-push-your-luck.kept-20260115-103000.ipynb``). Each copy is
written to a temporary file first and then renamed, so a crash never leaves half a notebook.

    python -m haba_lessons.student_copies notebooks build/student-notebooks [--force]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import nbformat

from .i18n import N_, _, ngettext, using
from .errors import DataFileError
from .text_files import read_text

SOLUTION_TAG = "solution"
CHECK_TAG = "check"
NBVAL_IGNORE_OUTPUT = "nbval-ignore-output"
CODE_PROMPT = N_("# Your answer here.\n")
MARKDOWN_PROMPT = N_("*Your answer here.*")


def is_solution(cell: nbformat.NotebookNode) -> bool:
    return SOLUTION_TAG in cell.get("metadata", {}).get("tags", [])


def is_check(cell: nbformat.NotebookNode) -> bool:
    return CHECK_TAG in cell.get("metadata", {}).get("tags", [])


def blank_solutions(notebook: nbformat.NotebookNode) -> int:
    """Blank every solution cell of ``notebook`` in place; return how many were blanked.

    Self-check cells lose their stored verdict and are excluded from nbval's comparison.
    """
    blanked = 0
    language = notebook.get("metadata", {}).get("haba_lessons", {}).get("language", "en")
    with using(language):                      # a translated edition's prompts in its language
        code_prompt, markdown_prompt = _(CODE_PROMPT), _(MARKDOWN_PROMPT)
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
            cell.source = prompt.rstrip("\n") + "\n" if prompt else code_prompt
            cell.outputs = []
            cell.execution_count = None
        else:
            cell.source = markdown_prompt
        cell.metadata["tags"] = [t for t in cell.metadata["tags"] if t != SOLUTION_TAG] + [
            "answer"
        ]
    return blanked


WRITTEN, KEPT, REPLACED, SKIPPED = "written", "kept", "replaced", "skipped"


@dataclass(frozen=True)
class StudentCopy:
    """What happened to one notebook's student copy, and why."""

    name: str
    status: str               # written | kept (a student's copy was there) | replaced | skipped
    blanked: int = 0          # solutions blanked in a copy written or replaced
    note: str = ""            # the old copy's new name (replaced), or what is wrong (skipped)

    def __str__(self) -> str:
        if self.status == KEPT:
            return (f"{self.name}: kept as it is (a student copy was there already, with the "
                    f"student's work; --force replaces it, keeping the old one beside it)")
        if self.status == SKIPPED:
            return f"{self.name}: skipped: {self.note}"
        done = f"{self.name}: {self.status}, " + ngettext(
            "{n} solution blanked", "{n} solutions blanked", self.blanked).format(n=self.blanked)
        return done + (f"; the old copy is kept as {self.note}" if self.note else "")


def make_student_copies(source: Path, target: Path, *,
                        force: bool = False) -> list[StudentCopy]:
    """Write a student copy of every lesson ``NN-*.ipynb`` and extension ``NNx-*.ipynb`` in ``source`` to ``target``, never over a
    copy that is there (``force``: replace it, keeping the old one beside it).

    A notebook that cannot be read (not JSON, not a notebook) is skipped and reported; a
    target that cannot be written raises DataFileError.
    """
    source, target = Path(source), Path(target)
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DataFileError(_cannot_write(target, error)) from None
    return [_copy(path, target / path.name, force)
            for path in sorted([*source.glob("[0-9][0-9]-*.ipynb"),     # the lessons and
                                *source.glob("[0-9][0-9]x-*.ipynb")])]  # their extensions


def _copy(path: Path, copy: Path, force: bool) -> StudentCopy:
    if copy.exists() and not force:
        return StudentCopy(path.name, KEPT)
    try:
        notebook = nbformat.reads(read_text(path), as_version=4)   # a BOM is dropped
        nbformat.validate(notebook)
    except DataFileError as error:                                   # missing, not UTF-8
        return StudentCopy(path.name, SKIPPED, note=str(error))
    except (json.JSONDecodeError, nbformat.reader.NotJSONError) as error:
        return StudentCopy(path.name, SKIPPED, note=f"it is not a notebook file "
                                                    f"({str(error)[:120]}).")
    except (nbformat.ValidationError, AttributeError, KeyError, TypeError) as error:
        return StudentCopy(path.name, SKIPPED, note=f"it is not a valid notebook "
                                                    f"({str(error).splitlines()[0][:120]}).")
    blanked = blank_solutions(notebook)
    try:
        kept = _keep(copy) if copy.exists() else None
        text = nbformat.writes(notebook)
        _write_atomically(copy, text if text.endswith("\n") else text + "\n")
    except OSError as error:
        raise DataFileError(_cannot_write(copy, error)) from None
    return StudentCopy(path.name, REPLACED if kept else WRITTEN, blanked, kept or "")


def _keep(copy: Path) -> str:
    """Rename an existing student copy to a timestamped name beside it; returns that name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept, n = copy.with_name(f"{copy.stem}.kept-{stamp}.ipynb"), 1
    while kept.exists():
        n += 1
        kept = copy.with_name(f"{copy.stem}.kept-{stamp}-{n}.ipynb")
    os.replace(copy, kept)
    return kept.name


def _write_atomically(path: Path, text: str) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def _cannot_write(path: Path, error: OSError) -> str:
    if isinstance(error, (FileExistsError, NotADirectoryError)):
        reason = "a file is in the way where a folder is needed"
    else:
        reason = error.strerror or str(error)
    return (f"cannot write the student copies into {path} ({reason}): choose a folder you "
            f"may write to.")


def summary(copies: list[StudentCopy]) -> str:
    """One line: how many copies were written, kept, replaced and skipped."""
    counts = {status: sum(c.status == status for c in copies)
              for status in (WRITTEN, KEPT, REPLACED, SKIPPED)}
    words = {WRITTEN: "written", KEPT: "kept as they were (the students' work)",
             REPLACED: "replaced (the old ones kept beside them)", SKIPPED: "skipped"}
    return ", ".join(f"{n} {words[status]}" for status, n in counts.items() if n) or \
        "no notebooks found"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="folder of solution notebooks")
    parser.add_argument("target", type=Path, help="folder for the student copies")
    parser.add_argument("--force", action="store_true",
                        help="replace existing student copies (each old one is kept beside it "
                             "under a timestamped name)")
    args = parser.parse_args(argv)
    if not args.source.is_dir():
        print(f"{args.source} is not a folder of notebooks.", file=sys.stderr)
        return 2
    try:
        copies = make_student_copies(args.source, args.target, force=args.force)
    except DataFileError as error:
        print(error, file=sys.stderr)
        return 2
    for copy in copies:
        print(copy)
    print(f"Student copies in {args.target}: {summary(copies)}.")
    return 1 if any(c.status == SKIPPED for c in copies) else 0


if __name__ == "__main__":
    raise SystemExit(main())
