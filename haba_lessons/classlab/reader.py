"""Read one class data file: every good record kept, every bad line reported with its number.

Problems that make the whole file unusable (empty, another game, another format version, no
header, a header that is not UTF-8) leave it with no records and one problem; anything wrong
with a record line costs that line alone, reported with its number, and the lines after it
are read as if it were not there:

* each line is decoded on its own (a byte that is not UTF-8 costs its line: the message says
  how to save the file again), a UTF-8 byte-order mark is dropped, Windows line ends too;
* a line longer than :data:`MAX_LINE` characters is skipped without being parsed;
* a stray ``"`` costs its line (the CSV rule that a quote runs on to the next line would
  swallow every line after it); only two neighbouring lines that each hold an odd number of
  quotes are read as one record running over both, and reported by both numbers;
* a spreadsheet's padding (Excel's "CSV UTF-8" writes ``# game: spookies,,,,`` and empty
  cells at the ends of rows) is dropped;
* a record number repeated with the same content is a copy and skipped; repeated with other
  content, both records are kept and reported, so no untouched record can be lost to a
  damaged line that happens to carry its number;
* in a version 2 file every record ends with its starter, so a record cut short (``6 6 4``
  from ``6 6 4 1,2``) is reported instead of being read as a different valid record.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataFileError
from ..i18n import _, grouped
from ..text_files import SAVE_AS_UTF8
from .records import COLUMNS_OF, FORMAT_VERSION, GAMES, Record, check_name, make_record

#: The longest record line read (a record is a few dozen characters).
MAX_LINE = 1000
BOM = "\ufeff"


@dataclass(frozen=True)
class Problem:
    """Something wrong in a file, with where it is, in words a teacher can act on."""

    file: str
    line: int | None
    message: str
    last_line: int | None = None      # a record that runs over several lines ends here

    def __str__(self) -> str:
        if not self.line:
            where = self.file
        elif self.last_line:
            where = _("{file}, lines {first}-{last}").format(file=self.file, first=self.line,
                                                              last=self.last_line)
        else:
            where = _("{file}, line {line}").format(file=self.file, line=self.line)
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


@dataclass(frozen=True)
class _Line:
    number: int
    text: str | None          # None: not UTF-8


def read_class_file(source: str | Path, text: str | bytes | None = None,
                    game: str | None = None) -> ClassFile:
    """Read a file (``source`` a path), or ``text`` (its contents, as text or bytes) under the
    name ``source`` (an upload).

    ``game``: the game the caller expects; a file of another game is refused with a message.
    """
    name = Path(source).name
    if text is None:
        try:
            text = Path(source).read_bytes()
        except OSError as error:
            return _refused(name, None, _("cannot be read ({error}).").format(
                error=error.strerror or error))
    lines = _lines(text)
    if all(line.text is not None and not _unpadded(line.text).strip() for line in lines):
        return _refused(name, None, "is empty: it holds no header and no records. Was it "
                                    "saved before anything was recorded?")
    result = ClassFile(name)
    header: dict[str, str] = {}
    index = 0
    for index, line in enumerate(lines):
        if line.text is None:          # in the header, or the line of column names
            return _refused(name, line.number, _("is not UTF-8 text; {how}.").format(
                how=_(SAVE_AS_UTF8)))
        if not line.text.startswith("#"):
            break
        key, value = _unpadded(line.text)[1:].partition(":")[::2]
        if key.strip() == "note":
            result.notes.append(value.strip())
        else:
            header[key.strip()] = value.strip()
    else:
        index = len(lines)
    problem = _check_header(result, header, game)
    if problem:
        return _refused(name, None, problem)
    columns = COLUMNS_OF[result.version]
    if index >= len(lines) or lines[index].text is None \
            or _unpadded(lines[index].text).strip() != ",".join(columns):
        return _refused(name, index + 1, _("the column names must be {columns}.").format(
            columns=",".join(columns)))
    _read_records(result, lines[index + 1:], columns)
    return result


def _lines(content: str | bytes) -> list[_Line]:
    """The file's lines, split at line feeds only (a stray carriage return, form feed or
    Unicode line separator inside a line does not start another), each decoded alone."""
    if isinstance(content, bytes):
        raw = content.removeprefix(BOM.encode("utf-8")).split(b"\n")
        texts: list[str | None] = []
        for part in raw:
            try:
                texts.append(part.decode("utf-8"))
            except UnicodeDecodeError:
                texts.append(None)
    else:
        texts = list(content.removeprefix(BOM).split("\n"))
    if texts and texts[-1] == "":
        texts.pop()                                   # the file ends with a line end
    return [_Line(n, t.removesuffix("\r") if t is not None else None)
            for n, t in enumerate(texts, start=1)]


def _unpadded(line: str) -> str:
    """A header or column line without a spreadsheet's trailing empty cells."""
    return line.rstrip().rstrip(",").rstrip()


def _check_header(result: ClassFile, header: dict[str, str], game: str | None) -> str | None:
    """Fill in the file's game, group and version, or say why the header is unusable."""
    for key in ("game", "group", "format"):
        if key not in header:
            return _("has no '# {key}:' line at the top, so it is not a class data file (or "
                     "its header was deleted).").format(key=key)
    versions = {str(v): v for v in COLUMNS_OF}
    if header["format"] not in versions:
        return _("uses data format version {version}, but this course reads version "
                 "{versions}.").format(version=repr(header["format"][:20]),
                                       versions=_(" or ").join(map(str, COLUMNS_OF)))
    if header["game"] not in GAMES:
        return _("is for an unknown game {game}.").format(game=repr(header["game"][:40]))
    if game is not None and header["game"] != game:
        return _("is a {game} file, not {wanted}: load it with the {game} files.").format(
            game=header["game"], wanted=game)
    try:
        result.group = check_name(header["group"], "group nickname")
    except DataFileError as error:
        return str(error)
    result.game, result.version = header["game"], versions[header["format"]]
    return None


def _read_records(result: ClassFile, lines: list[_Line], columns: tuple[str, ...]) -> None:
    seen: dict[int, list[tuple[Record, int]]] = {}     # record number -> (record, line)
    skip_next = False
    for position, line in enumerate(lines):
        if skip_next:
            skip_next = False
            continue
        following = lines[position + 1] if position + 1 < len(lines) else None
        text, last = line.text, None
        try:
            if text is None:
                raise DataFileError(_("is not UTF-8 text; {how}. It was skipped.").format(
                    how=_(SAVE_AS_UTF8)))
            if not _unpadded(text).strip():
                continue
            if len(text) > MAX_LINE:
                raise DataFileError(_("is {n} characters long, far longer than a record; it "
                                      "was skipped.").format(n=grouped(len(text))))
            if text.count('"') % 2:
                if following is None or following.text is None \
                        or len(following.text) > MAX_LINE or following.text.count('"') % 2 == 0:
                    raise DataFileError('has an unmatched quote mark ("); it was skipped.')
                skip_next, last = True, following.number
                raise DataFileError("holds a quoted value that runs over two lines; a record "
                                    "is one line, so both were skipped.")
            record = _record(result, next(csv.reader([text])), columns)
        except (DataFileError, csv.Error) as error:
            result.problems.append(Problem(result.name, line.number, str(error), last))
            continue
        earlier = seen.setdefault(record.record, [])
        if any(record == other for other, _ in earlier):
            result.problems.append(Problem(result.name, line.number, (
                _("record number {n} appears twice in the file; this copy was "
                  "skipped.").format(n=record.record))))
            continue
        if earlier:
            result.problems.append(Problem(result.name, line.number, (
                _("record number {n} is also the number of a different record (line "
                  "{line}); both were kept: check which one is right.").format(
                    n=record.record, line=earlier[0][1]))))
        earlier.append((record, line.number))
        result.records.append(record)


def _record(result: ClassFile, fields: list[str], columns: tuple[str, ...]) -> Record:
    while len(fields) > len(columns) and not fields[-1].strip():
        fields.pop()                                  # a spreadsheet's empty cells
    if len(fields) != len(columns):
        raise DataFileError(_("has {n} fields instead of {wanted}; the line may have been "
                              "cut short. It was skipped.").format(n=len(fields),
                                                                   wanted=len(columns)))
    starter = fields[5] if result.version >= 2 else None
    return make_record(result.game, *fields[:5], starter)


def _refused(name: str, line: int | None, message: str) -> ClassFile:
    return ClassFile(name, problems=[Problem(name, line, message)])
