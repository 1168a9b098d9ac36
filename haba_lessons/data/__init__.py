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
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import tomllib

from ..errors import DataFileError

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


def load_game_data(game: str, path: str | Path | None = None, *,
                   schema: Mapping[str, Check] | None = None) -> GameData:
    """Read and check a game's data file: the package's own, or ``path`` if given.

    ``schema`` defaults to the one the game module registered with :func:`register_schema`.
    """
    if schema is None:
        if game not in _SCHEMAS:
            raise DataFileError(f"no data schema is known for the game {game!r}; "
                                f"known games: {', '.join(sorted(_SCHEMAS)) or 'none'}.")
        schema = _SCHEMAS[game]
    if path is None:
        text = resources.files("haba_lessons.data").joinpath(f"{game}.toml").read_text("utf-8")
        origin = f"haba_lessons/data/{game}.toml"
    else:
        path = Path(path)
        try:
            text = path.read_text("utf-8")
        except FileNotFoundError:
            raise DataFileError(f"{path}: no such file. Check the name and the folder.") from None
        except (OSError, UnicodeDecodeError) as error:
            raise DataFileError(f"{path}: cannot be read as text ({error}).") from None
        origin = str(path)
    return parse_game_data(text, game, schema, origin)


def parse_game_data(text: str, game: str, schema: Mapping[str, Check],
                    origin: str = "<text>") -> GameData:
    """Check TOML text against ``schema``; see :func:`load_game_data`."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(f"{origin}: not valid TOML ({error}).") from None
    meta = document.get("meta")
    if not isinstance(meta, dict):
        raise DataFileError(f"{origin}: the [meta] table is missing.")
    if meta.get("game") != game:
        raise DataFileError(
            f"{origin}: [meta] game is {meta.get('game')!r}, but a {game!r} file was expected."
        )
    unknown = sorted(set(document) - set(schema) - {"meta"})
    if unknown:
        raise DataFileError(f"{origin}: unknown field(s) {', '.join(unknown)}; "
                            f"expected {', '.join(schema)}.")
    data: dict[str, Datum] = {}
    for name, check in schema.items():
        where = f"{origin}: field '{name}'"
        entry = document.get(name)
        if entry is None:
            raise DataFileError(f"{where} is missing.")
        if not isinstance(entry, dict) or "value" not in entry:
            raise DataFileError(f"{where} must be a table with 'value' and 'provenance'.")
        provenance = entry.get("provenance")
        if provenance not in PROVENANCES:
            raise DataFileError(f"{where}: provenance must be one of "
                                f"{', '.join(PROVENANCES)}, not {provenance!r}.")
        source = entry.get("source", "")
        if not isinstance(source, str):
            raise DataFileError(f"{where}: source must be text.")
        extra = sorted(set(entry) - {"value", "provenance", "source"})
        if extra:
            raise DataFileError(f"{where}: unknown key(s) {', '.join(extra)}.")
        data[name] = Datum(name, check(entry["value"], f"{where}"), provenance, source)
    return GameData(game, str(meta.get("title", game)), origin, data)


_SCHEMAS: dict[str, Mapping[str, Check]] = {}


def register_schema(game: str, schema: Mapping[str, Check]) -> None:
    """Make ``schema`` the default check for ``game``'s data files."""
    _SCHEMAS[game] = dict(schema)


# --- field checks -------------------------------------------------------------------------

def integer(minimum: int | None = 0, maximum: int | None = None) -> Check:
    """A whole number in [minimum, maximum] (non-negative by default)."""
    def check(value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise DataFileError(f"{where} must be a whole number, not {value!r}.")
        if minimum is not None and value < minimum:
            word = "negative" if minimum == 0 else f"below {minimum}"
            raise DataFileError(f"{where} is {word} ({value}); it must be at least {minimum}.")
        if maximum is not None and value > maximum:
            raise DataFileError(f"{where} is {value}; it must be at most {maximum}.")
        return int(value)
    return check


def text(choices: tuple[str, ...] | None = None) -> Check:
    """A non-empty string, optionally one of ``choices``."""
    def check(value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise DataFileError(f"{where} must be non-empty text, not {value!r}.")
        if choices is not None and value not in choices:
            raise DataFileError(f"{where} is {value!r}; it must be one of {', '.join(choices)}.")
        return value
    return check


def list_of(item: Check, length: int | None = None, *, min_length: int = 0,
            unique: bool = False) -> Check:
    """A list whose items all pass ``item``; optionally of an exact length."""
    def check(value: Any, where: str) -> list:
        if not isinstance(value, list):
            raise DataFileError(f"{where} must be a list, not {value!r}.")
        if length is not None and len(value) != length:
            raise DataFileError(f"{where} has {len(value)} entries; it must have {length}.")
        if len(value) < min_length:
            raise DataFileError(f"{where} has {len(value)} entries; "
                                f"it needs at least {min_length}.")
        checked = [item(v, f"{where} entry {i + 1}") for i, v in enumerate(value)]
        if unique:
            seen: set = set()
            for i, v in enumerate(checked):
                key = repr(v)
                if key in seen:
                    raise DataFileError(f"{where} entry {i + 1} ({v!r}) appears twice.")
                seen.add(key)
        return checked
    return check


def matrix(rows: int, columns: int, cell: Check | None = None) -> Check:
    """A list of ``rows`` lists of ``columns`` cells (non-negative whole numbers by default)."""
    cell = cell or integer(0)

    def check(value: Any, where: str) -> list[list]:
        if not isinstance(value, list):
            raise DataFileError(f"{where} must be a list of {rows} rows, not {value!r}.")
        if len(value) != rows:
            raise DataFileError(f"{where} has {len(value)} rows; it must have {rows}.")
        result = []
        for r, row in enumerate(value, start=1):
            if not isinstance(row, list):
                raise DataFileError(f"{where} row {r} must be a list of {columns} numbers.")
            if len(row) != columns:
                raise DataFileError(f"{where} row {r} has {len(row)} numbers; "
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
            raise DataFileError(f"{where} has unknown key(s) {', '.join(extra)}.")
        return {k: fields[k](value[k], f"{where}.{k}") for k in fields}
    return check
