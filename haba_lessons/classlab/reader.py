"""Read one class data file: every good record kept, every bad line reported with its number.

Problems that make the whole file unusable (empty, another game, another format version, no
header) leave it with no records and one problem; a bad record line is skipped and reported,
and the lines after it are still read.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataFileError
from .records import COLUMNS_OF, FORMAT_VERSION, GAMES, Record, check_name, make_record


@dataclass(frozen=True)
class Problem:
    """Something wrong in a file, with where it is, in words a teacher can act on."""

    file: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}, line {self.line}" if self.line else self.file
        return f"{where}: {self.message}"


@dataclass
class ClassFile:
    """What was read from one file: its header, its good records and its problems."""

    name: str
    game: str | None = None
    group: str | None = None
    version: int = FORMAT_VERSION
    notes: list[str] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def read_class_file(source: str | Path, text: str | None = None,
                    game: str | None = None) -> ClassFile:
    """Read a file (``source`` a path), or ``text`` under the name ``source`` (an upload).

    ``game``: the game the caller expects; a file of another game is refused with a message.
    """
    name = Path(source).name
    if text is None:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            return _refused(name, None, f"cannot be read as a text file ({error}).")
    result = ClassFile(name)
    lines = text.splitlines()
    if not text.strip():
        return _refused(name, None, "is empty: it holds no header and no records. Was it "
                                    "saved before anything was recorded?")
    header: dict[str, str] = {}
    number = 0
    for number, line in enumerate(lines, start=1):
        if not line.startswith("#"):
            break
        key, _, value = line[1:].partition(":")
        if key.strip() == "note":
            result.notes.append(value.strip())
        else:
            header[key.strip()] = value.strip()
    else:
        number += 1
    for key in ("game", "group", "format"):
        if key not in header:
            return _refused(name, None, f"has no '# {key}:' line at the top, so it is not a "
                                        f"class data file (or its header was deleted).")
    versions = {str(v): v for v in COLUMNS_OF}
    if header["format"] not in versions:
        return _refused(name, None, f"uses data format version {header['format']!r}, but "
                                    f"this course reads version "
                                    f"{' or '.join(map(str, COLUMNS_OF))}.")
    result.version = versions[header["format"]]
    columns = COLUMNS_OF[result.version]
    if header["game"] not in GAMES:
        return _refused(name, None, f"is for an unknown game {header['game']!r}.")
    if game is not None and header["game"] != game:
        return _refused(name, None, f"is a {header['game']} file, not {game}: load it with "
                                    f"the {header['game']} files.")
    try:
        result.group = check_name(header["group"], "group nickname")
    except DataFileError as error:
        return _refused(name, None, str(error))
    result.game = header["game"]
    if number > len(lines) or lines[number - 1].strip() != ",".join(columns):
        return _refused(name, number, f"the column names must be {','.join(columns)}.")
    seen: set[int] = set()
    for line_number, fields in zip(range(number + 1, len(lines) + 1),
                                   csv.reader(lines[number:])):
        if not fields:
            continue
        try:
            if len(fields) != len(columns):
                raise DataFileError(f"has {len(fields)} fields instead of {len(columns)}; the "
                                    f"line may have been cut in half. It was skipped.")
            record = make_record(result.game, *fields[:5],
                                 fields[5] if result.version >= 2 else None)
            if record.record in seen:
                raise DataFileError(f"record number {record.record} appears twice in the "
                                    f"file; this copy was skipped.")
        except DataFileError as error:
            result.problems.append(Problem(name, line_number, str(error)))
            continue
        seen.add(record.record)
        result.records.append(record)
    return result


def _refused(name: str, line: int | None, message: str) -> ClassFile:
    return ClassFile(name, problems=[Problem(name, line, message)])
