"""Write a group's class data file, one record at a time, safely.

Each record is appended and flushed to disk (``fsync``) the moment it is entered, so a kernel
restart or a closed tab loses nothing; opening the same group and game again continues the
file. Undo rewrites the file without its last record into a temporary file and then replaces
the old one in a single step, so a crash during undo never leaves half a file.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

from ..errors import DataFileError
from .reader import read_class_file
from .records import (FORMAT_VERSION, Record, check_game, check_name, file_name, header_lines,
                      make_record)


class ClassDataFile:
    """The file ``folder/<game>-<group>.csv``: created on the first record, continued after."""

    def __init__(self, folder: str | Path, game: str, group: str,
                 notes: tuple[str, ...] = ()) -> None:
        self.folder = Path(folder)
        self.game = check_game(game)
        self.group = check_name(group, "group nickname")
        self.path = self.folder / file_name(game, group)
        self.records: list[Record] = []
        self.notes = tuple(notes)  # "# note:" lines of a new file (a continued file keeps its own)
        self.version = FORMAT_VERSION  # a continued file keeps its own format version
        if self.path.exists():
            found = read_class_file(self.path, game=game)
            if found.problems:
                raise DataFileError("cannot continue this file: " + "; ".join(
                    str(p) for p in found.problems) + " Use another group nickname, or move "
                    "the file away.")
            if found.group != self.group:
                raise DataFileError(f"{self.path.name} belongs to group {found.group!r}; "
                                    f"choose another nickname.")
            self.records, self.notes = found.records, tuple(found.notes)
            self.version = found.version

    @property
    def next_round(self) -> int:
        return self.records[-1].round if self.records else 1

    def starter_of(self, round_: int) -> str | None:
        """The seat that played first in ``round_``, as the file says (None: not yet known)."""
        return next((r.starter for r in self.records if r.round == round_ and r.starter), None)

    def append(self, round_: int, player: str, event: str, value: str,
               starter: str | None = None) -> Record:
        """Validate, write and flush one record; returns it. A bad record writes nothing.

        ``starter``: the seat that played first in this round; by default the one the round's
        earlier records name, or else ``player`` (the first record of a round is the first
        player's). A version 1 file does not record it."""
        number = self.records[-1].record + 1 if self.records else 1
        if self.version < 2:
            starter = None
        elif starter is None:
            starter = self.starter_of(int(round_)) or player
        record = make_record(self.game, number, round_, player, event, value, starter)
        new = not self.path.exists()
        self.folder.mkdir(parents=True, exist_ok=True)
        with open(self.path, "a", encoding="utf-8", newline="") as stream:
            if new:
                stream.write("\n".join(header_lines(self.game, self.group, self.notes,
                                                     self.version)) + "\n")
            stream.write(_csv_line(record, self.version))
            stream.flush()
            os.fsync(stream.fileno())
        self.records.append(record)
        return record

    def undo(self) -> Record:
        """Remove the last record from the file and return it."""
        if not self.records:
            raise DataFileError("there is nothing to undo: no record has been entered yet.")
        kept = self.records[:-1]
        text = "\n".join(header_lines(self.game, self.group, self.notes, self.version)) + "\n"
        text += "".join(_csv_line(r, self.version) for r in kept)
        temporary = self.path.with_suffix(".csv.tmp")
        with open(temporary, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, self.path)
        removed = self.records.pop()
        return removed

    def text(self) -> str:
        """The file's contents ('' before the first record)."""
        return self.path.read_text(encoding="utf-8") if self.path.exists() else ""


def _csv_line(record: Record, version: int) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(record.row(version))
    return buffer.getvalue()
