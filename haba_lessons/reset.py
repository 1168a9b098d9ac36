"""A fresh start: a lesson's notebook back as shipped, the student's version kept beside it.

Nothing is ever deleted.

    haba-lessons reset 04               notebooks/04-quiet-as-a-mouse.ipynb
    haba-lessons reset 04 --student     student-notebooks/04-quiet-as-a-mouse.ipynb
    haba-lessons reset 04 --folder DIR  DIR/04-quiet-as-a-mouse.ipynb

    from haba_lessons.reset import reset; reset("04")    # in a notebook: its own folder

The student's version is kept as ``04-quiet-as-a-mouse-my-work-<date>-<time>.ipynb`` in the
same folder (a new name every time, never overwriting), then the notebook is replaced in one
step (written beside it, then renamed over it).

**Where the shipped state comes from.**

* A notebook in the course's own ``notebooks/`` folder: the version committed in the course's
  git checkout (``HEAD``, with git's line-ending filters, as a fresh checkout writes it).
  That is the only untouched copy there is; a course folder that is not a git checkout (a
  ZIP download) cannot reset it, and says so.
* A notebook in any other folder is a copy made from the course's ``notebooks/`` (the student
  copies of ``haba-lessons student-copies``, a group's folder on the class server, whose
  servers are told where the course is in ``$HABA_COURSE``): its
  shipped state is that copy made again from the course's notebook as it is now, a student
  copy (solutions blanked, exactly as ``student-copies`` writes it) if the notebook is one
  (it has blanked ``answer`` cells, or its folder is ``student-notebooks``), else verbatim. A
  reset never brings back the solutions a student copy leaves out.

**An open notebook is refused.** Unsaved changes live in the browser, where no program
outside it can see them; what the Jupyter server knows is which notebooks are open (it has a
session, with a kernel, for each). So a notebook that a running Jupyter server has open is
not reset, with a message saying how to save and close it first; that includes the notebook
the call is made from (reset it from notebook 00, another notebook, or the terminal).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import nbformat

from .catalog import Notebook, notebooks
from .checkout import course_root
from .errors import InvalidArgumentError

STUDENT_FOLDER = "student-notebooks"
#: Where the course is, for the groups' servers of a class server (set by
#: ``haba-lessons class-server`` and ``deploy/kubernetes``): a group's folder holds copies of
#: the course's notebooks, not the course.
COURSE_ENV = "HABA_COURSE"
#: The tag ``student_copies.blank_solutions`` gives every blanked solution.
ANSWER_TAG = "answer"
#: How long a running Jupyter server gets to say which notebooks it has open.
SERVER_TIMEOUT_S = 5


@dataclass(frozen=True)
class Restored:
    """What a reset did: the notebook restored, the student's version kept (None when there
    was no file, or it was already as shipped), and where the shipped state came from."""

    notebook: Path
    kept: Path | None
    source: str
    changed: bool

    def __str__(self) -> str:
        if not self.changed:
            return f"{self.notebook} is already as shipped ({self.source}): nothing changed."
        kept = (f"; your version is kept as {self.kept.name}" if self.kept else
                " (there was no file to keep)")
        return f"restored {self.notebook} as shipped ({self.source}){kept}."


def find_notebook(number: str) -> Notebook:
    """The catalog's notebook numbered ``number`` ("04", "4", "03x" or its file name)."""
    wanted = str(number).strip().removesuffix(".ipynb")
    if wanted.isdigit():
        wanted = wanted.zfill(2)                    # "4" is lesson 04
    for entry in notebooks():
        if wanted in (entry.number, entry.stem):
            return entry
    known = ", ".join(entry.number for entry in notebooks())
    raise InvalidArgumentError(f"There is no notebook {number!r} in the course: give its "
                               f"number, one of {known}.")


def reset(number: str, folder: str | Path | None = None) -> Restored:
    """Restore notebook ``number`` in ``folder`` (default: the current folder, which in a
    notebook is the notebook's own) as shipped, keeping the student's version beside it."""
    entry = find_notebook(number)
    folder = Path.cwd() if folder is None else Path(folder)
    if not folder.is_dir():
        raise InvalidArgumentError(f"{folder} is not a folder of the course's notebooks.")
    target = folder / entry.file
    root = Path(os.environ[COURSE_ENV]) if os.environ.get(COURSE_ENV) else course_root(folder)
    shipped, source = shipped_bytes(entry, target, root)
    refuse_if_open(target, entry.number)
    if target.is_file() and target.read_bytes() == shipped:
        return Restored(target, None, source, changed=False)
    kept = keep_copy(target) if target.is_file() else None
    replace_atomically(target, shipped)
    return Restored(target, kept, source, changed=True)


# --- the shipped state ------------------------------------------------------------------------

def shipped_bytes(entry: Notebook, target: Path, root: Path) -> tuple[bytes, str]:
    """The bytes of ``target`` as shipped, and where they come from (see the module doc)."""
    course_copy = root / "notebooks" / entry.file
    if target.resolve() == course_copy.resolve():
        return committed_bytes(root, f"notebooks/{entry.file}"), "the course's git HEAD"
    if not course_copy.is_file():
        raise InvalidArgumentError(f"The course's own {course_copy} is missing, so the "
                                   f"shipped {entry.file} is unknown: restore the course "
                                   "folder first.")
    if is_student_copy(target):
        return student_copy_bytes(course_copy), f"the student copy of {course_copy}"
    return course_copy.read_bytes(), f"a copy of {course_copy}"


def committed_bytes(root: Path, path: str) -> bytes:
    """``path`` as committed at ``HEAD`` of the git checkout ``root``, as checked out."""
    try:
        done = subprocess.run(["git", "-C", str(root), "cat-file", "--filters",
                               f"HEAD:./{path}"], capture_output=True, timeout=60)
    except FileNotFoundError:
        raise InvalidArgumentError(
            f"Resetting {path} needs git (it restores the version committed in the course's "
            "git checkout), and git is not installed.") from None
    if done.returncode != 0:
        raise InvalidArgumentError(
            f"The shipped {path} is unknown: {root} is not a git checkout of the course, or "
            f"its last commit has no {path} (git: "
            f"{done.stderr.decode(errors='replace').strip().splitlines()[-1:]}). Get the "
            "notebook again from the course's repository.")
    return done.stdout


def is_student_copy(target: Path) -> bool:
    """Whether ``target`` is (or, if missing, its folder holds) a student copy."""
    if target.parent.name == STUDENT_FOLDER:
        return True
    candidates = [target] if target.is_file() else sorted(target.parent.glob("*.ipynb"))
    return any(_has_answer_cells(path) for path in candidates)


def _has_answer_cells(path: Path) -> bool:
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return False
    return any(ANSWER_TAG in cell.get("metadata", {}).get("tags", []) for cell in cells
               if isinstance(cell, dict))


def student_copy_bytes(source: Path) -> bytes:
    """The student copy of ``source``, byte for byte as ``haba-lessons student-copies``
    writes it (the same reading, blanking and writing)."""
    from .student_copies import blank_solutions

    notebook = nbformat.read(source, as_version=4)
    blank_solutions(notebook)
    with tempfile.TemporaryDirectory() as folder:
        written = Path(folder) / source.name
        nbformat.write(notebook, written)
        return written.read_bytes()


# --- open notebooks ---------------------------------------------------------------------------

def open_in(target: Path) -> list[str]:
    """The running Jupyter servers that have ``target`` open (their addresses)."""
    try:
        from jupyter_server.serverapp import list_running_servers
    except ImportError:        # no Jupyter server installed: nothing can have it open
        return []
    wanted = target.resolve()
    found = []
    for server in list_running_servers():
        sessions = _sessions(server)
        root = Path(server.get("root_dir") or server.get("notebook_dir") or ".")
        if any((root / session.get("path", "")).resolve() == wanted for session in sessions):
            found.append(server["url"])
    return found


def _sessions(server: dict) -> list[dict]:
    """The sessions of one running server; a server that cannot be asked is an error, since
    it might have the notebook open."""
    token = server.get("token") or os.environ.get("JUPYTERHUB_API_TOKEN", "")
    request = urllib.request.Request(server["url"].rstrip("/") + "/api/sessions",
                                     headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=SERVER_TIMEOUT_S) as answer:
            return json.load(answer)
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise InvalidArgumentError(
            f"A Jupyter server is running at {server['url']} (process {server.get('pid')}) "
            f"and could not be asked which notebooks it has open ({error}); nothing was "
            "changed. Close your notebooks there, or stop that server, and reset again."
        ) from None


def refuse_if_open(target: Path, number: str) -> None:
    """An InvalidArgumentError if a running Jupyter server has ``target`` open."""
    servers = open_in(target)
    if servers:
        raise InvalidArgumentError(
            f"{target.name} is open in Jupyter ({', '.join(servers)}) and may have unsaved "
            "changes; nothing was changed. Save it (Ctrl+S), close it (File > Close and Shut "
            "Down Notebook), then reset it from another notebook (such as 00) or the "
            f"terminal: haba-lessons reset {number}")


# --- writing, never losing --------------------------------------------------------------------

def keep_copy(target: Path) -> Path:
    """Copy ``target`` to a new ``<stem>-my-work-<date>-<time>.ipynb`` beside it (a name that
    does not exist yet: nothing is overwritten) and return the copy's path."""
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    data = target.read_bytes()
    for attempt in range(1, 1000):
        suffix = "" if attempt == 1 else f"-{attempt}"
        kept = target.with_name(f"{target.stem}-my-work-{stamp}{suffix}.ipynb")
        try:
            with open(kept, "xb") as stream:       # "x": fails if the name exists
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            return kept
        except FileExistsError:
            continue
    raise InvalidArgumentError(f"Too many kept copies of {target.name} from this second; "
                               "wait a second and reset again.")


def replace_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` beside ``target``, then rename it over ``target`` in one step."""
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.stem}-",
                                         suffix=".ipynb.tmp")
    with os.fdopen(handle, "wb") as stream:
        stream.write(data)
        stream.flush()
        os.fsync(stream.fileno())
    os.replace(temporary, target)


# --- the command: haba-lessons reset NN [--student | --folder DIR] ---------------------------

def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments, on ``parser``."""
    parser.add_argument("number", help="the notebook's number, e.g. 04")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--student", action="store_true",
                       help=f"the student copy, in {STUDENT_FOLDER}/")
    where.add_argument("--folder", type=Path,
                       help="the folder that holds the notebook (default: notebooks/)")


def run(args: argparse.Namespace) -> int:
    """Reset as the command line asked; print what was done."""
    folder = args.folder
    if folder is None:
        folder = course_root() / (STUDENT_FOLDER if args.student else "notebooks")
    print(reset(args.number, folder))
    return 0
