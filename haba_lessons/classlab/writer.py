"""Write a group's class data file, one record at a time, safely, even with two recorders.

Each record is appended and flushed to disk (``fsync``) the moment it is entered, so a kernel
restart or a closed tab loses nothing; opening the same group and game again continues the
file. Every change holds the file's lock (:mod:`.locking`) and starts from the file as it is
on disk, not from memory, so two recorders of one group (two tabs, two kernels) keep every
record of both:

* a record's number is one more than the highest in the file at that moment, so numbers never
  collide;
* a file whose last line end was stripped (by an editor) gets it back before the next record,
  which would otherwise be glued onto the last one;
* undo removes this recorder's own last record and nothing else: the file is rewritten
  without that one line, every other byte kept as it was (another recorder's records, a line
  a teacher added), into a temporary file that then replaces the old one in a single step
  (write, then rename), so a crash during undo never leaves half a file.
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import DataFileError
from ..i18n import _
from .locking import locked
from .reader import ClassFile, read_class_file
from .records import (FORMAT_VERSION, Record, check_folder, check_game, check_name, file_name,
                      group_key, header_lines, make_record)

#: How often a rename that another program blocks (Windows: the file open in a spreadsheet)
#: is tried again, 0.1 s apart.
RENAME_TRIES = 20


class ClassDataFile:
    """The file ``folder/<game>-<group>.csv``: created on the first record, continued after.

    ``records`` is the file's records as last read; ``mine`` the records this writer has
    appended (and not undone), the newest last.
    """

    def __init__(self, folder: str | Path, game: str, group: str,
                 notes: tuple[str, ...] = ()) -> None:
        self.folder = check_folder(folder)
        self.game = check_game(game)
        self.group = check_name(group, "group nickname")
        self.path = self.folder / file_name(game, group)
        self.records: list[Record] = []
        self.mine: list[Record] = []
        self.notes = tuple(notes)  # "# note:" lines of a new file (a continued file keeps its own)
        self.version = FORMAT_VERSION  # a continued file keeps its own format version
        if self.path.exists():
            self._reread()

    def _reread(self) -> ClassFile:
        """Read the file as it is now; refuse to go on with one that has problems."""
        found = read_class_file(self.path, game=self.game)
        if found.problems:
            raise DataFileError(_("cannot continue this file: {problems} Use another group "
                                  "nickname, or move the file away.").format(
                problems="; ".join(str(p) for p in found.problems[:3])))
        if group_key(found.group) != group_key(self.group):
            raise DataFileError(_("{file} belongs to group {group}; choose another "
                                  "nickname.").format(file=self.path.name,
                                                      group=repr(found.group)))
        self.records, self.notes, self.version = found.records, tuple(found.notes), found.version
        return found

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
        with _writing(self.path, "nothing was recorded"), locked(self.path):
            existing = self.path.read_bytes() if self.path.exists() else None
            if existing is not None:
                self._reread()
            number = max((r.record for r in self.records), default=0) + 1
            if self.version < 2:
                starter = None
            elif starter is None:
                starter = self.starter_of(int(round_)) or player
            record = make_record(self.game, number, round_, player, event, value, starter)
            self.folder.mkdir(parents=True, exist_ok=True)
            with open(self.path, "ab") as stream:
                if existing is None:
                    stream.write(("\n".join(header_lines(self.game, self.group, self.notes,
                                                         self.version)) + "\n").encode())
                elif existing and not existing.endswith(b"\n"):
                    stream.write(b"\n")                 # a stripped last line end, repaired
                stream.write(_csv_line(record, self.version).encode("utf-8"))
                stream.flush()
                os.fsync(stream.fileno())
        self.records.append(record)
        self.mine.append(record)
        return record

    def undo(self) -> Record:
        """Remove this writer's last record from the file and return it."""
        if not self.mine:
            raise DataFileError(_("there is nothing to undo: no record has been entered yet "
                                  "with this recorder (records entered before it was opened, "
                                  "or by another recorder of the group, stay)."))
        record = self.mine[-1]
        with _writing(self.path, _("nothing was removed")), locked(self.path):
            lines = self.path.read_bytes().split(b"\n") if self.path.exists() else []
            wanted = _csv_line(record, self.version).rstrip("\n").encode("utf-8")
            found = [i for i, line in enumerate(lines) if line.rstrip(b"\r") == wanted]
            if not found:
                self.mine.pop()
                raise DataFileError(_("record {n} is no longer in {file} (was the file edited "
                                      "or replaced?); nothing was removed.").format(
                    n=record.record, file=self.path.name))
            del lines[found[-1]]
            _replace(self.path, b"\n".join(lines))
            self._reread()
        return self.mine.pop()

    def text(self) -> str:
        """The file's contents as text ('' before the first record)."""
        return self.data().decode("utf-8", errors="replace")

    def data(self) -> bytes:
        """The file's exact bytes (b'' before the first record), for a download."""
        return self.path.read_bytes() if self.path.exists() else b""


@contextmanager
def _writing(path: Path, outcome: str) -> Iterator[None]:
    """Turn a failure of the disk (a read-only folder, a full disk) into a DataFileError."""
    try:
        yield
    except OSError as error:
        raise DataFileError(_("could not write {path}: {error}; {outcome}. Record into a "
                              "folder you may write to.").format(
            path=path, error=error.strerror or error, outcome=outcome)) from None


def _replace(path: Path, data: bytes) -> None:
    """Write ``data`` into a temporary file beside ``path``, flushed, then rename it over."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        for attempt in range(RENAME_TRIES):
            try:
                os.replace(temporary, path)
                break
            except PermissionError:     # Windows: another program has the file open
                if attempt == RENAME_TRIES - 1:
                    raise DataFileError(_("{file} is open in another program (a "
                                          "spreadsheet?): close it and undo again.").format(
                        file=path.name)) from None
                time.sleep(0.1)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    if hasattr(os, "O_DIRECTORY"):      # make the rename itself durable (POSIX)
        directory = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def _csv_line(record: Record, version: int) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(record.row(version))
    return buffer.getvalue()
