"""Spookies' fixed data: the board, the chips and the reward table, read from a data file.

Everything the rulebook prints on the board lives in ``haba_lessons/data/spookies.toml``
with its provenance. The reward table printed beside the spaces is unknown to us, so the
default is an *assumption* (the "fair-odds" table); :func:`load_reward_table` reads the
table of a teacher's own board, and :func:`reward_table_from_rows` checks one typed in a
notebook.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...data import (PROVENANCES, Check, GameData, integer, list_of, load_game_data, matrix,
                     register_schema, text)
from ..._checks import shown
from ...errors import DataFileError
from ...text_files import as_path

GAME = "spookies"
SPACE_COUNT = 7
DICE_CHOICES = (2, 3, 4)
PLAYER_COUNTS = (2, 3, 4, 5)


def _boolean(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise DataFileError(f"{where} must be true or false, not {shown(value)}.")
    return value


def _increasing(check: Check) -> Check:
    def checked(value: Any, where: str) -> list[int]:
        value = check(value, where)
        if any(b <= a for a, b in zip(value, value[1:])):
            raise DataFileError(f"{where} must go up from space to space, not {shown(value)}.")
        return value
    return checked


def _five_figures(value: Any, where: str) -> list[str]:
    return list_of(text(), 5, unique=True)(value, where)


REWARD_TABLE_CHECK = matrix(SPACE_COUNT, len(DICE_CHOICES), integer(0))

SCHEMA: dict[str, Check] = {
    "spaces": _increasing(list_of(integer(2, 12), SPACE_COUNT)),
    "attic_roll": integer(2, 12),
    "figures": _five_figures,
    "chips": matrix(4, 2, integer(1)),
    "chips_in_play": list_of(integer(1), len(PLAYER_COUNTS)),
    "reward_table": REWARD_TABLE_CHECK,
    "attic_two_dice_collects_penalties": _boolean,
}
register_schema(GAME, SCHEMA)


@dataclass(frozen=True)
class RewardTable:
    """The 7 x 3 table of chips: ``rows[space - 1][dice - 2]`` for space 1 (>=5) .. 7 (>=11).

    Checked when made: 7 rows of 3 non-negative whole numbers, else DataFileError.
    """

    rows: tuple[tuple[int, int, int], ...]
    provenance: str = "assumption"
    source: str = ""

    def __post_init__(self) -> None:
        plain = [list(r) if isinstance(r, (list, tuple)) else r for r in self.rows] \
            if isinstance(self.rows, (list, tuple)) else self.rows
        checked = REWARD_TABLE_CHECK(plain, "reward table")
        if self.provenance not in PROVENANCES:
            raise DataFileError(f"reward table provenance must be one of "
                                f"{', '.join(PROVENANCES)}, not {shown(self.provenance)}.")
        object.__setattr__(self, "rows", tuple(tuple(r) for r in checked))

    def reward(self, space: int, dice: int) -> int:
        """Chips for reaching ``space`` (1 = >=5 .. 7 = >=11) with ``dice`` dice."""
        return self.rows[space - 1][dice - 2]


def load_data(path: str | Path | None = None) -> GameData:
    """The package's Spookies data file, or a complete data file of your own."""
    return load_game_data(GAME, path)


def default_reward_table() -> RewardTable:
    """The reward table of the package's data file (the fair-odds assumption)."""
    datum = load_data().datum("reward_table")
    return RewardTable(datum.value, datum.provenance, datum.source)


def reward_table_from_rows(rows: Sequence[Sequence[int]], *, source: str = "typed in",
                           provenance: str = "rulebook") -> RewardTable:
    """Check a table typed as 7 rows (>=5 .. >=11) of 3 numbers (2, 3, 4 dice).

    >>> reward_table_from_rows([[1, 1, 1]] * 6 + [[12, 5, 3]]).reward(7, 2)
    12
    """
    return RewardTable(rows, provenance, source)


def load_reward_table(path: str | Path) -> RewardTable:
    """Read the reward table of your own board from a small TOML file.

    The file needs only ``[meta] game = "spookies"`` and a ``[reward_table]`` with
    ``value`` (7 rows of 3 whole numbers), ``provenance`` and ``source``; a copy of the
    package's whole ``spookies.toml`` works too (its other fields are checked, not used).
    """
    path = as_path(path, "the reward table file's path")
    data = load_game_data(GAME, path, schema=SCHEMA, required=("reward_table",))
    datum = data.datum("reward_table")
    return RewardTable(datum.value, datum.provenance, datum.source or str(path))
