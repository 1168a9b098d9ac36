"""The Mouse Trap board as data: spaces, the Loop, cheese and trap parts, read from TOML.

The default file ``haba_lessons/data/mouse_trap.toml`` is *our reconstruction* of the board
(an assumption: the rulebook lists the kinds of spaces, not their order). A teacher who owns
the game transcribes the printed board into a copy of that file and loads it with
``load_board(path)``; every mistake in the file is reported with the field and the problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..._checks import shown
from ...data import GameData, integer, load_game_data, probability, record, register_schema
from ...dice import die
from ...errors import DataFileError
from ...i18n import N_, _
from ...markov import RollAndMoveBoard

GAME = "mouse_trap"
PLAYER_COUNTS = (2, 3, 4)

#: kind -> the extra keys a space of that kind must have
KINDS: dict[str, tuple[str, ...]] = {
    "start": (), "build": ("players",), "take": ("amount",), "take_from_rival": ("amount",),
    "lose": ("amount",), "go_to": ("target",), "dog_bone": (), "safe": (),
    "turn_crank": (), "cheese_wheel": ("amount",),
}
LOOP_ONLY = ("safe", "turn_crank", "cheese_wheel")
#: What the spaces without a number say.
SPACE_NAMES = {"start": N_("START"), "dog_bone": N_("Dog Bone"), "safe": N_("Safe"),
               "turn_crank": N_("Turn Crank")}


@dataclass(frozen=True)
class Space:
    """One space of the board: its number, kind and the number printed on it."""

    number: int
    kind: str
    players: tuple[int, ...] = ()
    amount: int = 0
    target: int | None = None

    @property
    def label(self) -> str:
        """What the space says, in words (in the language in use)."""
        if self.kind == "build":
            return _("Build {players}").format(players="-".join(map(str, self.players)))
        if self.kind == "take":
            return _("Take {n} cheese").format(n=self.amount)
        if self.kind == "take_from_rival":
            return _("Take {n} from the rival with the most").format(n=self.amount)
        if self.kind == "lose":
            return _("Lose {n} cheese").format(n=self.amount)
        if self.kind == "go_to":
            verb = _("Go back to {n}") if self.target < self.number else _("Move ahead to {n}")
            return verb.format(n=self.target)
        if self.kind == "cheese_wheel":
            return _("Cheese Wheel (take {n})").format(n=self.amount)
        return _(SPACE_NAMES[self.kind])

    @property
    def short_label(self) -> str:
        """A label of a few characters, for the drawn board."""
        if self.kind == "build":
            return "B" + "-".join(map(str, self.players))
        if self.kind == "take":
            return f"+{self.amount}"
        if self.kind == "take_from_rival":
            return f"rival -{self.amount}"
        if self.kind == "lose":
            return f"-{self.amount}"
        if self.kind == "go_to":
            return ("back " if self.target < self.number else "ahead ") + str(self.target)
        return {"start": "START", "dog_bone": "Bone", "safe": "SAFE", "turn_crank": "CRANK",
                "cheese_wheel": "WHEEL"}[self.kind]


@dataclass(frozen=True)
class Rules:
    """A validated Mouse Trap board and the game's numbers (cheese, parts, die): the rules
    object of the game (also called ``Board``, its first name)."""

    spaces: tuple[Space, ...]
    loop_first: int
    loop_last: int
    cheese_pieces: int
    trap_parts: int
    loop_build_parts: int
    die_sides: int
    trap_reliability: Fraction
    data: GameData

    @property
    def note(self) -> str:
        """How trustworthy the layout is, for every place the board is shown."""
        datum = self.data.datum("spaces")
        if datum.provenance == "assumption":
            return _("our reconstruction (assumption)")
        return f"{datum.provenance}: {datum.source}" if datum.source else datum.provenance

    def in_loop(self, position: int) -> bool:
        return self.loop_first <= position <= self.loop_last

    def space_of_kind(self, kind: str) -> int:
        return next(s.number for s in self.spaces if s.kind == kind)

    @property
    def safe(self) -> int:
        return self.space_of_kind("safe")

    @property
    def turn_crank(self) -> int:
        return self.space_of_kind("turn_crank")

    @property
    def cheese_wheel(self) -> int:
        return self.space_of_kind("cheese_wheel")

    def land(self, position: int, steps: int) -> int:
        """Where a mouse on ``position`` moving ``steps`` lands (the Loop wraps round)."""
        target = position + steps
        if target > self.loop_last:
            length = self.loop_last - self.loop_first + 1
            target = self.loop_first + (target - self.loop_first) % length
        return target

    def steps_between(self, position: int, target: int) -> int | None:
        """How many steps forward from ``position`` reach ``target`` (None if never)."""
        if self.in_loop(position) and self.in_loop(target):
            return (target - position) % (self.loop_last - self.loop_first + 1)
        return target - position if target > position else None

    def to_markov(self) -> RollAndMoveBoard:
        """The board for one mouse moving alone: jumps and the Loop, nothing else."""
        return RollAndMoveBoard(
            spaces=len(self.spaces), die=die(self.die_sides), loop_start=self.loop_first,
            jumps={s.number: s.target for s in self.spaces if s.kind == "go_to"},
            labels=tuple(s.label for s in self.spaces))

    def rows(self) -> list[dict[str, Any]]:
        """One row per space (number, what it says, whether it is in the Loop) for a table."""
        return [{"space": s.number, "says": s.label,
                 "part of": "the Loop" if self.in_loop(s.number) else "the path"}
                for s in self.spaces]


# --- reading and checking the file ----------------------------------------------------------


Board = Rules

def _space_list(value: Any, where: str) -> list[dict]:
    if not isinstance(value, list) or not value:
        raise DataFileError(f"{where} must be a non-empty list of spaces.")
    if len(value) > MAX_SPACES:
        raise DataFileError(f"{where} has {len(value):,} spaces; a board has at most "
                            f"{MAX_SPACES}.")
    checked = []
    for number, entry in enumerate(value):
        here = f"{where} entry {number + 1} (space {number})"
        if not isinstance(entry, dict) or "kind" not in entry:
            raise DataFileError(f"{here} must be a table with a 'kind', "
                                f"e.g. {{ kind = \"dog_bone\" }}.")
        kind = entry["kind"]
        if not isinstance(kind, str) or kind not in KINDS:
            raise DataFileError(f"{here}: kind {shown(kind)} is unknown; "
                                f"use one of {', '.join(KINDS)}.")
        keys = set(entry) - {"kind"}
        needed = set(KINDS[kind])
        if keys != needed:
            wanted = ", ".join(sorted(needed)) or "no other keys"
            has = ", ".join(shown(k)[1:-1] for k in sorted(keys)[:4]) or "none"
            raise DataFileError(f"{here}: a {kind} space needs {wanted}, but has {has}"
                                f"{' and more' if len(keys) > 4 else ''}.")
        space = {"number": number, "kind": kind}
        if kind == "build":
            players = entry["players"]
            if (not isinstance(players, list) or not players
                    or any(p not in PLAYER_COUNTS or isinstance(p, bool) for p in players)
                    or len(set(players)) != len(players)):
                raise DataFileError(f"{here}: players must list different player counts "
                                    f"from 2, 3, 4 (as printed, e.g. [2, 3]), not "
                                    f"{shown(players)}.")
            space["players"] = tuple(sorted(players))
        if "amount" in needed:
            space["amount"] = integer(minimum=1)(entry["amount"], f"{here}: amount")
        if kind == "go_to":
            space["target"] = integer(minimum=0)(entry["target"], f"{here}: target")
        checked.append(space)
    return checked


#: The largest die a board may name: a d100 (a million-sided die would list a million
#: fractions on every roll).
MAX_DIE_SIDES = 100
#: The most spaces a board may have.
MAX_SPACES = 200

SCHEMA = {
    "cheese_pieces": integer(minimum=1),
    "die_sides": integer(minimum=2, maximum=MAX_DIE_SIDES),
    "trap_parts": integer(minimum=1),
    "loop_build_parts": integer(minimum=1),
    "trap_reliability": probability,
    "loop": record({"first": integer(), "last": integer(), "after_last": integer()}),
    "spaces": _space_list,
}
register_schema(GAME, SCHEMA)


def _check_layout(spaces: list[dict], loop: dict, origin: str) -> None:
    """Cross-field rules: targets exist, START first, the Loop is closed and complete."""
    last = len(spaces) - 1
    field_spaces, field_loop = f"{origin}: field 'spaces'", f"{origin}: field 'loop'"
    if spaces[0]["kind"] != "start":
        raise DataFileError(f"{field_spaces} entry 1 (space 0) must be the START space.")
    starts = [s["number"] for s in spaces if s["kind"] == "start"]
    if len(starts) > 1:
        raise DataFileError(f"{field_spaces}: only space 0 may be START, "
                            f"but space {starts[1]} is START too.")
    first, loop_last, after = loop["first"], loop["last"], loop["after_last"]
    if loop_last != last:
        raise DataFileError(f"{field_loop}: last is {loop_last}, but the path ends at space "
                            f"{last}; the Loop must be the last spaces of the path.")
    if not 0 < first <= last - 2:
        raise DataFileError(f"{field_loop}: first is {first}; it must be a space after START "
                            f"and leave at least 3 spaces (Safe, Turn Crank, Cheese Wheel) "
                            f"up to {last}.")
    if after != first:
        raise DataFileError(f"{field_loop}: the Loop is open: after space {loop_last} comes "
                            f"{after}, but the Loop starts at {first}. Set after_last = {first}.")
    for kind in LOOP_ONLY:
        where = [s["number"] for s in spaces if s["kind"] == kind]
        if len(where) != 1:
            raise DataFileError(f"{field_spaces}: the board needs exactly one {kind} space "
                                f"(found {len(where)}).")
        if not first <= where[0] <= last:
            raise DataFileError(f"{field_spaces}: the {kind} space ({where[0]}) must be "
                                f"inside the Loop ({first} to {last}).")
    for s in spaces:
        if s["kind"] != "go_to":
            continue
        here = f"{field_spaces} entry {s['number'] + 1} (space {s['number']})"
        target = s["target"]
        if target > last:
            raise DataFileError(f"{here}: target {target} does not exist "
                                f"(the board has spaces 0 to {last}).")
        if target == s["number"]:
            raise DataFileError(f"{here}: a go_to space cannot send a mouse to itself.")
        if first <= s["number"] and not first <= target:
            raise DataFileError(f"{here}: target {target} leads out of the Loop "
                                f"({first} to {last}), so the Loop would not be closed.")


def load_board(path: str | Path | None = None) -> Board:
    """Read the default board (``path=None``) or a teacher's own file, fully checked."""
    data = load_game_data(GAME, path)
    spaces, loop = data["spaces"], data["loop"]
    _check_layout(spaces, loop, data.origin)
    return Board(
        spaces=tuple(Space(s["number"], s["kind"], s.get("players", ()), s.get("amount", 0),
                           s.get("target")) for s in spaces),
        loop_first=loop["first"], loop_last=loop["last"],
        cheese_pieces=data["cheese_pieces"], trap_parts=data["trap_parts"],
        loop_build_parts=data["loop_build_parts"], die_sides=data["die_sides"],
        trap_reliability=data["trap_reliability"], data=data)


@lru_cache(maxsize=1)
def default_board() -> Board:
    """The board shipped with the package (read once)."""
    return load_board()
