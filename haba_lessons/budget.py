"""Does a lesson fit its period? Words of prose, cells, exercises and the stated time.

A 45-minute lesson has a core a teacher gets through on a projector in one period: at most
1,400 words of prose, 40 cells and 5 exercises, the "In class" part included (TEACHING.md).
A 90-minute lesson gets twice that; an optional extension the share of its stated time.
How the notebook is counted (the same rules for every notebook, written here once):

* **words of prose** — the words of every markdown cell, the teacher's written solutions
  included (a teacher on the projector shows them). A word is a run of characters between
  spaces that holds a letter or a digit; a formula between ``$`` signs counts as one word,
  a link counts its text and not its address, HTML tags and table rules count nothing;
* **cells** — every cell, markdown and code, solutions and self-checks included;
* **exercises** — every paragraph that starts ``**Exercise N``, plus every "In class"
  part (a heading ``## In class`` or a paragraph starting ``**In class``);
* **stated minutes** — the number in the line ``**Time:** 45 minutes`` of the notebook's
  first cell, the time it tells the teacher it needs. A notebook without that line is
  refused with a message naming the file.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

from .errors import DataFileError

PERIOD = 45
WORDS, CELLS, EXERCISES = 1400, 40, 5

_DISPLAY_MATH = re.compile(r"\$\$.+?\$\$", re.S)
_INLINE_MATH = re.compile(r"\$[^$\n]+?\$")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_TAG = re.compile(r"<[^>\n]+>")
_TABLE_RULE = re.compile(r"(?m)^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*\|?\s*$")
_WORD = re.compile(r"[^\s|]*[^\W_][^\s|]*")
_EXERCISE = re.compile(r"(?m)^\s*\*\*Exercise\s+\d+")
_IN_CLASS = re.compile(r"(?m)^\s*(#+\s*|\*\*)In class\b")
_TIME = re.compile(r"\*\*Time[:.]?\*\*[:.]?\s*(?P<text>[^\n]*)")
_MINUTES = re.compile(r"(\d+)[\s-]*min")


@dataclass(frozen=True)
class Count:
    """What one notebook holds, counted by the rules of this module."""

    name: str
    words: int
    cells: int
    exercises: int
    minutes: int | None          # None when the notebook states no duration

    def budget(self) -> tuple[int, int, int]:
        """(words, cells, exercises) allowed for the stated time: one period's budget per
        45 minutes, rounded down (a 90-minute lesson gets twice the budget)."""
        if self.minutes is None:
            raise DataFileError(no_duration_message(self.name))
        share = self.minutes / PERIOD
        return (math.floor(WORDS * share), math.floor(CELLS * share),
                math.floor(EXERCISES * share))

    def over(self) -> list[str]:
        """What is over budget, one phrase per measure (empty when the notebook fits)."""
        allowed = self.budget()
        found = (self.words, self.cells, self.exercises)
        names = ("words", "cells", "exercises")
        return [f"{name} {value:,} > {limit:,}"
                for name, value, limit in zip(names, found, allowed) if value > limit]


def no_duration_message(name: str) -> str:
    return (f"{name}: no stated duration: its first cell needs a line like "
            f"'**Time:** 45 minutes'.")


def prose_words(markdown: str) -> int:
    """The words of one markdown cell (a formula one word, a link its text)."""
    text = _DISPLAY_MATH.sub(" formula ", markdown)
    text = _INLINE_MATH.sub(" formula ", text)
    text = _LINK.sub(r" \1 ", text)
    text = _TAG.sub(" ", text)
    text = _TABLE_RULE.sub(" ", text)
    return len(_WORD.findall(text))


def exercises(markdown: str) -> int:
    """How many exercises and "In class" parts one markdown cell starts."""
    return len(_EXERCISE.findall(markdown)) + len(_IN_CLASS.findall(markdown))


def stated_minutes(cells: list[dict], name: str) -> int:
    """The minutes the notebook's first cell states (``**Time:** 45 minutes``)."""
    first = "".join(cells[0]["source"]) if cells else ""
    match = _TIME.search(first)
    minutes = _MINUTES.search(match["text"]) if match else None
    if not minutes:
        raise DataFileError(no_duration_message(name))
    return int(minutes[1])


def _read(path: Path) -> list[dict]:
    try:
        notebook = json.loads(Path(path).read_text(encoding="utf-8-sig"))
        cells = notebook["cells"]
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError) as error:
        raise DataFileError(f"{path}: not a readable notebook ({type(error).__name__}).") \
            from None
    for cell in cells:
        if isinstance(cell.get("source"), str):
            cell["source"] = [cell["source"]]
    return cells


def count(path: str | Path) -> Count:
    """Count one notebook; a missing duration is ``minutes=None`` (see :func:`stated_minutes`)."""
    path = Path(path)
    cells = _read(path)
    markdown = ["".join(c["source"]) for c in cells if c.get("cell_type") == "markdown"]
    try:
        minutes: int | None = stated_minutes(cells, path.name)
    except DataFileError:
        minutes = None
    return Count(path.name, sum(prose_words(m) for m in markdown), len(cells),
                 sum(exercises(m) for m in markdown), minutes)
