"""Where the course's folder is: the notebooks, lesson plans and apps that ship beside the package."""

from __future__ import annotations

from pathlib import Path

from .errors import InvalidArgumentError

#: A file that only the course's own folder holds.
MARKER = Path("notebooks") / "00-welcome.ipynb"


def course_root(start: Path | None = None) -> Path:
    """The course folder: ``start`` (default: the current folder) or a folder above it, else
    the folder this package was installed from (an editable install of the course)."""
    here = (start or Path.cwd()).resolve()
    candidates = [here, *here.parents, Path(__file__).resolve().parents[1]]
    for folder in candidates:
        if (folder / MARKER).is_file():
            return folder
    raise InvalidArgumentError(
        f"No course folder found from {here}: run this command inside the haba_lessons folder "
        f"(the one that holds {MARKER.as_posix()}).")
