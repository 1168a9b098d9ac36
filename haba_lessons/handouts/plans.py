"""Lesson plans (``lesson-plans/<notebook stem>.md``) as printable pages.

A plan states its duration in its opening lines (before its first ``##`` section), in words
such as "One 45-minute period" or "· 45 minutes"; it must be the catalog's ``minutes`` for
the notebook, so the plan, the notebook and the lessons table agree.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from ..catalog import Notebook
from ..errors import DataFileError
from ..i18n import _
from .page import markdown_to_html, nav, page

#: "45 minutes", "45-minute", "45 min"; in a German plan "45 Minuten".
_DURATION = re.compile(r"\b(\d+)(?:\s*|-)(?:minutes?|minuten|min)\b", re.IGNORECASE)


def plan_title(text: str, fallback: str) -> str:
    """The text of the plan's first ``# `` heading, without markdown emphasis."""
    match = re.search(r"^#\s+(.+?)\s*#*\s*$", text, flags=re.MULTILINE)
    return re.sub(r"[*_`]", "", match.group(1)) if match else fallback


def stated_minutes(text: str) -> list[int]:
    """The durations a plan states in its opening lines (before its first ``##``)."""
    opening = re.split(r"^##\s", text, maxsplit=1, flags=re.MULTILINE)[0]
    return [int(minutes) for minutes in _DURATION.findall(opening)]


def check_duration(path: Path, text: str, entry: Notebook) -> None:
    """Refuse a plan that states no duration, or not the catalog's."""
    stated = stated_minutes(text)
    if not stated:
        raise DataFileError(f"{path}: states no duration; write it in the opening lines, "
                            f"e.g. \"One {entry.minutes}-minute period\" (the catalog's "
                            f"minutes for {entry.file}).")
    if entry.minutes not in stated:
        said = ", ".join(map(str, sorted(set(stated))))
        raise DataFileError(f"{path}: states {said} minutes, but the "
                            f"catalog (haba_lessons/data/lessons.toml) gives {entry.file} "
                            f"{entry.minutes} minutes.")


def plan_page(path: Path, entry: Notebook) -> tuple[str, str]:
    """The plan at ``path`` as (title, HTML page), its duration checked against ``entry``."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataFileError(f"{path}: no lesson plan for {entry.file} (the catalog lists "
                            "it; every notebook has its plan).") from None
    check_duration(path, text, entry)
    title = plan_title(text, fallback=path.stem)
    return title, page(
        title, markdown_to_html(text, path.parent),
        nav=nav(),
        footer=html.escape(_("haba_lessons · lesson plan {name} · print with Ctrl+P").format(
            name=path.name)))


_PAGES_PROMISED = re.compile(r"\*\*one page per (\d+) minutes\*\*")


def pages_promised(readme: str, minutes: int) -> int:
    """The A4 pages the README promises a plan of a ``minutes``-long lesson (at least one)."""
    match = _PAGES_PROMISED.search(readme)
    if not match:
        raise DataFileError("README.md: its Handouts section must say how long a printed "
                            "lesson plan is, as \"**one page per 45 minutes**\".")
    return max(1, -(-minutes // int(match.group(1))))
