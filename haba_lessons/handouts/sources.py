"""The handouts' own sources: each lesson's by-hand questions and the end-of-unit test.

``worksheets/NN.toml`` holds lesson NN's by-hand questions, ``worksheets/unit-test.toml`` the
unit test; ``worksheets/README.md`` describes both formats. Every question carries its answer
and its worked solution; a missing or unknown field is refused with a ``DataFileError`` that
names the file, the question and the field.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import DataFileError

UNIT_TEST_FILE = "unit-test.toml"
_LESSON = re.compile(r"^\d\d$")
_QUESTION_ID = re.compile(r"^\d\d\.[A-Z]$")
_PART_ID = re.compile(r"^[1-9]\d?[a-z]$")


@dataclass(frozen=True)
class Question:
    """A question with its answer: ``answer`` is the short final answer, ``working`` the
    worked solution (for a unit-test part: how the marks are earned)."""

    id: str
    text: str
    answer: str
    working: str
    lines: int
    marks: int = 0


@dataclass(frozen=True)
class Worksheet:
    """Lesson ``lesson``'s by-hand questions, from ``source``."""

    source: Path
    lesson: str
    topic: str
    questions: tuple[Question, ...]


@dataclass(frozen=True)
class TestQuestion:
    """One question of the unit test: a game, the objectives it tests, a stem and its parts."""

    id: str
    game: str
    objectives: tuple[str, ...]
    text: str
    parts: tuple[Question, ...]

    @property
    def marks(self) -> int:
        return sum(part.marks for part in self.parts)


@dataclass(frozen=True)
class UnitTest:
    """The end-of-unit test, from ``source``: objectives by name, questions in order."""

    source: Path
    title: str
    minutes: int
    instructions: str
    objectives: dict[str, str]
    questions: tuple[TestQuestion, ...]

    @property
    def marks(self) -> int:
        return sum(question.marks for question in self.questions)


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file's contents; a missing or malformed file names itself and the line."""
    try:
        with path.open("rb") as file:
            return tomllib.load(file)
    except FileNotFoundError:
        raise DataFileError(f"{path}: file not found.") from None
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(f"{path}: not valid TOML ({error}).") from None


def _fields(where: str, entry: Any, required: dict[str, type], optional: dict[str, type]
            ) -> dict[str, Any]:
    """``entry``'s fields, each present (if required), known and of the right type."""
    if not isinstance(entry, dict):
        raise DataFileError(f"{where}: expected a table of fields.")
    missing = [name for name in required if name not in entry or entry[name] in ("", [])]
    if missing:
        raise DataFileError(f"{where}: missing {', '.join(missing)} (every question needs its "
                            "text, answer and working: the answer key prints them).")
    unknown = sorted(set(entry) - set(required) - set(optional))
    if unknown:
        raise DataFileError(f"{where}: unknown field {', '.join(unknown)}; the fields are "
                            f"{', '.join([*required, *optional])}.")
    for name, kind in {**required, **optional}.items():
        if name in entry and not isinstance(entry[name], kind):
            raise DataFileError(f"{where}: {name} must be {kind.__name__}.")
    return entry


_QUESTION_FIELDS = {"id": str, "text": str, "answer": str, "working": str}


def _question(where: str, entry: Any, *, marked: bool) -> Question:
    required = dict(_QUESTION_FIELDS, **({"marks": int} if marked else {}))
    fields = _fields(where, entry, required, {"lines": int})
    lines = fields.get("lines", 4)
    if not 0 <= lines <= 30:
        raise DataFileError(f"{where}: lines must be 0 to 30 (the writing space).")
    if marked and not 1 <= fields["marks"] <= 10:
        raise DataFileError(f"{where}: marks must be 1 to 10.")
    return Question(fields["id"], fields["text"].strip(), fields["answer"].strip(),
                    fields["working"].strip(), lines, fields.get("marks", 0))


def _unique(where: str, ids: list[str]) -> None:
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise DataFileError(f"{where}: the id {', '.join(twice)} is used twice.")


def load_worksheet(path: Path) -> Worksheet:
    """The by-hand questions of ``worksheets/NN.toml``."""
    return worksheet_from(path, read_toml(path))


def worksheet_from(path: Path, contents: dict[str, Any]) -> Worksheet:
    """The by-hand questions of ``contents``, the parsed ``worksheets/NN.toml`` at ``path``
    (its texts possibly translated: ids, lines and marks are the source's)."""
    data = _fields(str(path), contents, {"lesson": str, "topic": str, "question": list}, {})
    lesson = data["lesson"]
    if not _LESSON.match(lesson) or path.stem != lesson:
        raise DataFileError(f"{path}: lesson must be the two digits of the file name "
                            f"(\"{path.stem}\").")
    questions = []
    for index, entry in enumerate(data["question"], start=1):
        label = entry.get("id", "?") if isinstance(entry, dict) else "?"
        question = _question(f"{path}, question {index} ({label})", entry, marked=False)
        if not _QUESTION_ID.match(question.id) or not question.id.startswith(lesson + "."):
            raise DataFileError(f"{path}, question {index}: id must be like \"{lesson}.A\".")
        questions.append(question)
    _unique(str(path), [q.id for q in questions])
    return Worksheet(path, lesson, data["topic"].strip(), tuple(questions))


def load_unit_test(path: Path) -> UnitTest:
    """The end-of-unit test of ``worksheets/unit-test.toml``."""
    return unit_test_from(path, read_toml(path))


def unit_test_from(path: Path, contents: dict[str, Any]) -> UnitTest:
    """The end-of-unit test of ``contents``, the parsed ``unit-test.toml`` at ``path``."""
    data = _fields(str(path), contents,
                   {"title": str, "minutes": int, "instructions": str, "objectives": dict,
                    "question": list}, {})
    objectives = data["objectives"]
    if not all(isinstance(text, str) and text for text in objectives.values()):
        raise DataFileError(f"{path}: every objective needs a description (text).")
    questions = []
    for index, entry in enumerate(data["question"], start=1):
        label = entry.get("id", "?") if isinstance(entry, dict) else "?"
        where = f"{path}, question {index} ({label})"
        fields = _fields(where, entry, {"id": str, "game": str, "objectives": list,
                                        "text": str, "part": list}, {})
        unknown = [name for name in fields["objectives"] if name not in objectives]
        if unknown:
            raise DataFileError(f"{where}: unknown objective {', '.join(map(str, unknown))}; "
                                f"the [objectives] table names {', '.join(objectives)}.")
        parts = tuple(_question(f"{where}, part {number}"
                                f" ({part.get('id', '?') if isinstance(part, dict) else '?'})",
                                part, marked=True)
                      for number, part in enumerate(fields["part"], start=1))
        for part in parts:
            if not _PART_ID.match(part.id) or not part.id.startswith(fields["id"]):
                raise DataFileError(f"{where}: part id {part.id!r} must be the question's "
                                    f"number and a letter, like \"{fields['id']}a\".")
        questions.append(TestQuestion(fields["id"], fields["game"],
                                      tuple(fields["objectives"]), fields["text"].strip(),
                                      parts))
    _unique(str(path), [q.id for q in questions] + [p.id for q in questions for p in q.parts])
    untested = [name for name in objectives
                if not any(name in q.objectives for q in questions)]
    if untested:
        raise DataFileError(f"{path}: no question tests the objective "
                            f"{', '.join(untested)}.")
    return UnitTest(path, data["title"].strip(), data["minutes"], data["instructions"].strip(),
                    dict(objectives), tuple(questions))
