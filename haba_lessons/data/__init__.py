"""Game data files: TOML with a provenance tag on every value, validated field by field.

A data file holds the numbers of a game that are not rules of logic: a reward table, a deck,
a board. Every value says where it comes from, so that notebooks can show the reader what we
know and what we assumed::

    [meta]
    game = "spookies"
    title = "Spookies: board and reward table"

    [reward_table]
    provenance = "assumption"          # rulebook | interpretation | assumption
    source = "fair-odds table: round(1 / P(success))"
    value = [[1, 1, 1], [1, 1, 1], ...]

Each game module declares a *schema*: for each field, a check that takes the value and
raises :class:`DataFileError` naming the field and the problem. ``load_game_data(game)``
reads the file shipped with the package; ``load_game_data(game, path)`` reads a teacher's
own file, checked the same way.

Whatever a file holds, reading it either succeeds or raises one :class:`DataFileError` of
bounded length: a value is quoted cut short (:func:`haba_lessons._checks.shown`), every
number has a sane ceiling (a million-sided die is refused, not listed), every list and text a
maximum length, text may start with a byte-order mark, and a document nested deeper than any
data file needs is refused instead of exhausting Python's recursion.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from typing import Any

import tomllib

from .._checks import shown
from ..errors import DataFileError, InvalidArgumentError
from ..text_files import as_path, read_text
from ..typed_numbers import parse_probability

#: Ceilings that hold for every field unless its check sets its own (far above any real game).
MAX_WHOLE_NUMBER = 1000
MAX_TEXT = 120
MAX_SOURCE = 1000
MAX_ENTRIES = 100
#: The most names a message lists (unknown fields, missing keys).
LISTED = 6

PROVENANCES = ("rulebook", "interpretation", "assumption")

#: A field check: called as ``check(value, where)``; returns the (possibly converted) value
#: or raises DataFileError mentioning ``where``.
Check = Callable[[Any, str], Any]


@dataclass(frozen=True)
class Datum:
    """One value of a data file with where it comes from."""

    name: str
    value: Any
    provenance: str
    source: str = ""


@dataclass(frozen=True)
class GameData:
    """A validated data file: ``data["field"]`` is the value, ``data.datum("field")`` the tagged datum."""

    game: str
    title: str
    origin: str
    data: dict[str, Datum] = field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        return self.data[name].value

    def datum(self, name: str) -> Datum:
        return self.data[name]

    def provenance_rows(self) -> list[dict[str, str]]:
        """One row per field, for a "What we know and what we assumed" table."""
        return [
            {"field": d.name, "provenance": d.provenance, "source": d.source}
            for d in self.data.values()
        ]

    def assumptions(self) -> list[Datum]:
        return [d for d in self.data.values() if d.provenance == "assumption"]


def load_game_data(game: str, path: object = None, *,
                   schema: Mapping[str, Check] | None = None,
                   required: Collection[str] | None = None) -> GameData:
    """Read and check a game's data file: the package's own, or ``path`` if given.

    ``schema`` (every field a file may have, each with its check) defaults to the one the game
    module registered with :func:`register_schema`; ``required`` names the fields that must be
    there (default: all of them), so a loader that needs one field still accepts an unchanged
    copy of the package's whole file.
    """
    if schema is None:
        if game not in _SCHEMAS:
            raise DataFileError(f"no data schema is known for the game {shown(game)}; "
                                f"known games: {', '.join(sorted(_SCHEMAS)) or 'none'}.")
        schema = _SCHEMAS[game]
    if path is None:
        text = resources.files("haba_lessons.data").joinpath(f"{game}.toml").read_text("utf-8")
        origin = f"haba_lessons/data/{game}.toml"
    else:
        path = as_path(path, "the data file's path")
        text = read_text(path)
        origin = str(path)
    return parse_game_data(text, game, schema, origin, required=required)


def parse_game_data(text: str, game: str, schema: Mapping[str, Check],
                    origin: str = "<text>", *,
                    required: Collection[str] | None = None) -> GameData:
    """Check TOML text against ``schema``; see :func:`load_game_data`."""
    try:
        document = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(f"{origin}: not valid TOML ({error}).") from None
    except RecursionError:
        raise DataFileError(f"{origin}: lists or tables are nested far deeper than a data file "
                            f"needs; check the brackets.") from None
    except ValueError as error:       # e.g. a whole number of more than 4,300 digits
        raise DataFileError(f"{origin}: not valid TOML ({shown(str(error))}).") from None
    meta = document.get("meta")
    if not isinstance(meta, dict):
        raise DataFileError(f"{origin}: the [meta] table is missing.")
    if meta.get("game") != game:
        raise DataFileError(f"{origin}: [meta] game is {shown(meta.get('game'))}, but a "
                            f"{game!r} file was expected.")
    unknown = sorted(set(document) - set(schema) - {"meta"})
    if unknown:
        raise DataFileError(f"{origin}: {_unknown('field', unknown)}; "
                            f"expected {', '.join(schema)}.")
    required = set(schema) if required is None else set(required)
    data: dict[str, Datum] = {}
    for name, check in schema.items():
        where = f"{origin}: field '{name}'"
        entry = document.get(name)
        if entry is None:
            if name in required:
                raise DataFileError(f"{where} is missing.")
            continue
        if not isinstance(entry, dict) or "value" not in entry:
            raise DataFileError(f"{where} must be a table with 'value' and 'provenance'.")
        provenance = entry.get("provenance")
        if provenance not in PROVENANCES:
            raise DataFileError(f"{where}: provenance must be one of "
                                f"{', '.join(PROVENANCES)}, not {shown(provenance)}.")
        source = entry.get("source", "")
        if not isinstance(source, str) or len(source) > MAX_SOURCE:
            raise DataFileError(f"{where}: source must be text of at most {MAX_SOURCE:,} "
                                f"characters, not {shown(source)}.")
        extra = sorted(set(entry) - {"value", "provenance", "source"})
        if extra:
            raise DataFileError(f"{where}: {_unknown('key', extra)}.")
        try:
            value = check(entry["value"], where)
        except RecursionError:
            raise DataFileError(f"{where} is nested far deeper than it can be.") from None
        data[name] = Datum(name, value, provenance, source)
    title = meta.get("title", game)
    return GameData(game, title if isinstance(title, str) else game, origin, data)


def _names(names: list[str]) -> str:
    """Field or key names for a message: the first few, each cut short, and how many more."""
    listed = ", ".join(shown(n)[1:-1] for n in names[:LISTED])
    return listed + (f" and {len(names) - LISTED:,} more" if len(names) > LISTED else "")


def _unknown(kind: str, names: list[str]) -> str:
    """'unknown field a' or 'unknown fields a, b' (``kind`` is "field" or "key")."""
    return f"unknown {kind}{'' if len(names) == 1 else 's'} {_names(names)}"


_SCHEMAS: dict[str, Mapping[str, Check]] = {}


def register_schema(game: str, schema: Mapping[str, Check]) -> None:
    """Make ``schema`` the default check for ``game``'s data files."""
    _SCHEMAS[game] = dict(schema)


# --- field checks -------------------------------------------------------------------------

def integer(minimum: int | None = 0, maximum: int | None = MAX_WHOLE_NUMBER) -> Check:
    """A whole number in [minimum, maximum] (from 0 to :data:`MAX_WHOLE_NUMBER` by default)."""
    def check(value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise DataFileError(f"{where} must be a whole number, not {shown(value)}.")
        if minimum is not None and value < minimum:
            word = "negative" if minimum == 0 else f"below {minimum}"
            raise DataFileError(f"{where} is {word} ({shown(value)}); it must be at least "
                                f"{minimum}.")
        if maximum is not None and value > maximum:
            raise DataFileError(f"{where} is {shown(value)}; it must be at most {maximum:,}.")
        return int(value)
    return check


def text(choices: tuple[str, ...] | None = None, max_length: int = MAX_TEXT) -> Check:
    """A non-empty string of at most ``max_length`` characters, optionally one of ``choices``."""
    def check(value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise DataFileError(f"{where} must be non-empty text, not {shown(value)}.")
        if len(value) > max_length:
            raise DataFileError(f"{where} is {len(value):,} characters long ({shown(value)}); "
                                f"it must be at most {max_length}.")
        if choices is not None and value not in choices:
            raise DataFileError(f"{where} is {shown(value)}; it must be one of "
                                f"{', '.join(choices)}.")
        return value
    return check


def probability(value: Any, where: str) -> Fraction:
    """A probability from 0 to 1, exact: text like "3/4" or "0.75" (read as every typed number
    is, by :func:`~haba_lessons.typed_numbers.parse_probability`), or the whole number 0 or 1."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool) and value in (0, 1):
        return Fraction(int(value))
    if not isinstance(value, str):
        raise DataFileError(f"{where} must be a probability from 0 to 1 written as text, "
                            f"e.g. \"3/4\", not {shown(value)}.")
    try:
        return parse_probability(value, where)
    except InvalidArgumentError as error:
        raise DataFileError(str(error)) from None


def list_of(item: Check, length: int | None = None, *, min_length: int = 0,
            max_length: int = MAX_ENTRIES, unique: bool = False) -> Check:
    """A list whose items all pass ``item``; optionally of an exact length."""
    def check(value: Any, where: str) -> list:
        if not isinstance(value, list):
            raise DataFileError(f"{where} must be a list, not {shown(value)}.")
        if length is not None and len(value) != length:
            raise DataFileError(f"{where} has {len(value):,} entries; it must have {length}.")
        if len(value) < min_length:
            raise DataFileError(f"{where} has {len(value)} entries; "
                                f"it needs at least {min_length}.")
        if len(value) > max_length:
            raise DataFileError(f"{where} has {len(value):,} entries; it may have at most "
                                f"{max_length}.")
        checked = [item(v, f"{where} entry {i + 1}") for i, v in enumerate(value)]
        if unique:
            seen: set = set()
            for i, v in enumerate(checked):
                key = repr(v)
                if key in seen:
                    raise DataFileError(f"{where} entry {i + 1} ({shown(v)}) appears twice.")
                seen.add(key)
        return checked
    return check


def matrix(rows: int, columns: int, cell: Check | None = None) -> Check:
    """A list of ``rows`` lists of ``columns`` cells (non-negative whole numbers by default)."""
    cell = cell or integer(0)

    def check(value: Any, where: str) -> list[list]:
        if not isinstance(value, list):
            raise DataFileError(f"{where} must be a list of {rows} rows, not {shown(value)}.")
        if len(value) != rows:
            raise DataFileError(f"{where} has {len(value):,} rows; it must have {rows}.")
        result = []
        for r, row in enumerate(value, start=1):
            if not isinstance(row, list):
                raise DataFileError(f"{where} row {r} must be a list of {columns} numbers.")
            if len(row) != columns:
                raise DataFileError(f"{where} row {r} has {len(row):,} numbers; "
                                    f"it must have {columns}.")
            result.append([cell(v, f"{where} row {r} column {c}")
                           for c, v in enumerate(row, start=1)])
        return result
    return check


def record(fields: Mapping[str, Check]) -> Check:
    """A table with exactly the named keys, each checked."""
    def check(value: Any, where: str) -> dict:
        if not isinstance(value, dict):
            raise DataFileError(f"{where} must be a table with keys {', '.join(fields)}.")
        missing = [k for k in fields if k not in value]
        if missing:
            raise DataFileError(f"{where} is missing {', '.join(missing)}.")
        extra = sorted(set(value) - set(fields))
        if extra:
            raise DataFileError(f"{where} has {_unknown('key', extra)}.")
        return {k: fields[k](value[k], f"{where}.{k}") for k in fields}
    return check
