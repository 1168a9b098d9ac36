"""The course's notebooks in teaching order, read from one data file (``data/lessons.toml``).

Every tool that walks the course (student copies, execution, handouts, the website, the
lessons tables of notebook 00 and the README) takes its list from here, so a notebook added
to the course is added in one place::

    from haba_lessons.catalog import notebooks
    [entry.file for entry in notebooks()]          # ['00-welcome.ipynb', '01-...', ...]

A lesson is numbered ``NN``; the optional extension of lesson ``NN`` is ``NNx``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import tomllib

from .errors import DataFileError

KINDS = ("guide", "lesson", "extension")
_NUMBER = re.compile(r"^\d\d(x)?$")
_FIELDS = ("number", "file", "kind", "title", "game", "question", "learn", "level", "minutes")


@dataclass(frozen=True)
class Notebook:
    """One notebook of the course, as ``lessons.toml`` describes it."""

    number: str
    file: str
    kind: str
    title: str
    game: str
    question: str
    learn: str
    level: str
    minutes: int

    @property
    def stem(self) -> str:
        """The file name without ``.ipynb``: also the name of its lesson plan."""
        return Path(self.file).stem


@cache
def notebooks() -> tuple[Notebook, ...]:
    """Every notebook of the course, in teaching order."""
    text = resources.files("haba_lessons.data").joinpath("lessons.toml").read_text("utf-8")
    return parse(tomllib.loads(text), "lessons.toml")


def parse(data: dict, origin: str) -> tuple[Notebook, ...]:
    """The entries of a lessons file, checked (a problem names the entry and the field)."""
    entries = data.get("notebook")
    if not isinstance(entries, list) or not entries:
        raise DataFileError(f"{origin}: no [[notebook]] entries.")
    result = []
    for index, entry in enumerate(entries, start=1):
        where = f"{origin}, notebook entry {index}"
        missing = [name for name in _FIELDS if name not in entry]
        unknown = sorted(set(entry) - set(_FIELDS))
        if missing or unknown:
            raise DataFileError(f"{where}: missing {missing or 'nothing'}, unknown "
                                f"{unknown or 'nothing'}.")
        if not isinstance(entry["number"], str) or not _NUMBER.match(entry["number"]):
            raise DataFileError(f"{where}: number must be like \"03\" or \"03x\".")
        if entry["kind"] not in KINDS:
            raise DataFileError(f"{where}: kind must be one of {', '.join(KINDS)}.")
        if not str(entry["file"]).startswith(entry["number"] + "-"):
            raise DataFileError(f"{where}: file must start with its number and '-'.")
        if not isinstance(entry["minutes"], int) or entry["minutes"] <= 0:
            raise DataFileError(f"{where}: minutes must be a whole number above 0.")
        result.append(Notebook(**{name: entry[name] for name in _FIELDS}))
    numbers = [entry.number for entry in result]
    if len(set(numbers)) != len(numbers):
        raise DataFileError(f"{origin}: a number is used twice.")
    return tuple(result)


def notebook_paths(folder: str | Path) -> list[Path]:
    """The course's notebooks that are in ``folder``, in teaching order."""
    folder = Path(folder)
    return [folder / entry.file for entry in notebooks() if (folder / entry.file).is_file()]
