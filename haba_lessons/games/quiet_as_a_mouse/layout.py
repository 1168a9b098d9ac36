"""The castle, the colour dice and the stick counts of Quiet as a Mouse, read from a data file.

The rulebook gives the sticks (16; 8/5/4 each) and the end (12 sticks in the castle) but not
the holes: the castle layout and the dice faces are assumptions in
``haba_lessons/data/quiet_as_a_mouse.toml``. A teacher who owns the game can load their own
file with :func:`load_layout`; a file whose hole colours do not match the dice is refused.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..._checks import shown
from ...data import GameData, integer, list_of, load_game_data, record, register_schema
from ...errors import DataFileError
from ...i18n import ngettext

GAME = "quiet_as_a_mouse"
PLAYER_COUNTS = (2, 3, 4)
#: What a colour's name may be: the same rule for a castle file and the class recorder.
COLOUR_RULE = ("a colour's name starts with a letter (any alphabet) and has at most 30 "
               "letters, digits, spaces, hyphens or apostrophes, like 'dark red'")


def check_colour_name(value: Any, where: str) -> str:
    """A colour's name, as a castle file and a recorded roll write it ('dark red')."""
    ok = (isinstance(value, str) and 1 <= len(value) <= 30 and value == value.strip()
          and unicodedata.category(value[0])[0] == "L"
          and all(unicodedata.category(c)[0] in "LMN" or c in " -'" for c in value))
    if not ok:
        raise DataFileError(f"{where} is {shown(value)}; {COLOUR_RULE}.")
    return value


register_schema(GAME, {
    "colours": list_of(check_colour_name, min_length=1, unique=True),
    "die_faces": list_of(check_colour_name, min_length=1),
    "front_wall": list_of(check_colour_name, min_length=1),
    "back_wall": list_of(check_colour_name, min_length=1),
    "sticks_total": integer(minimum=1),
    "sticks_per_player": record({str(n): integer(minimum=1) for n in PLAYER_COUNTS}),
    "sticks_to_end": integer(minimum=1),
})


@dataclass(frozen=True)
class Rules:
    """Everything about the box that is a number rather than a rule: the rules object of
    the game (also called ``Layout``, its first name).

    ``front_wall[i]`` is the colour of front hole ``i`` (left to right), likewise for the
    back wall. Both colour dice have the faces ``die_faces``.
    """

    colours: tuple[str, ...]
    die_faces: tuple[str, ...]
    front_wall: tuple[str, ...]
    back_wall: tuple[str, ...]
    sticks_total: int
    sticks_per_player: dict[int, int]
    sticks_to_end: int
    data: GameData | None = None

    def __post_init__(self) -> None:
        # looked up on every step of a simulation, so computed once here
        holes = {(wall, colour): tuple(i for i, c in enumerate(row) if c == colour)
                 for wall, row in (("front", self.front_wall), ("back", self.back_wall))
                 for colour in self.colours}
        chances = {c: Fraction(self.die_faces.count(c), len(self.die_faces))
                   for c in self.colours}
        object.__setattr__(self, "_holes", holes)
        object.__setattr__(self, "_chances", chances)

    def face_probability(self, colour: str) -> Fraction:
        """The chance that one colour die shows ``colour``."""
        return self._chances[colour]

    def holes(self, wall: str, colour: str) -> tuple[int, ...]:
        """Indices of the holes of ``colour`` on ``wall`` ("front" or "back"), left to right."""
        return self._holes[(wall, colour)]

    def box(self, players: int) -> int:
        """Sticks that stay in the box for this many players (1 with 3 players)."""
        return self.sticks_total - players * self.sticks_per_player[players]


Layout = Rules


def load_layout(path: str | Path | None = None) -> Layout:
    """Read the package's layout (``path=None``) or a teacher's own file, checked in full."""
    data = load_game_data(GAME, path)
    return layout_from_data(data)


def _colours(names: list[str]) -> str:
    """'colour red' or 'colours red, blue' for a data file's message."""
    return ngettext("colour {names}", "colours {names}", len(names)).format(
        names=", ".join(names))


def layout_from_data(data: GameData) -> Layout:
    """Check the rules that tie the fields together and build a :class:`Layout`."""
    where = data.origin
    colours = tuple(data["colours"])
    faces = tuple(data["die_faces"])
    front, back = tuple(data["front_wall"]), tuple(data["back_wall"])
    for name, values in (("die_faces", faces), ("front_wall", front), ("back_wall", back)):
        unknown = sorted(set(values) - set(colours))
        if unknown:
            raise DataFileError(f"{where}: field '{name}' uses "
                                + _colours(unknown)
                                + f" that {'is' if len(unknown) == 1 else 'are'} not in "
                                f"'colours' ({', '.join(colours)}).")
    for name, values in (("front_wall", front), ("back_wall", back)):
        holes, dice = set(values), set(faces)
        if holes != dice:
            missing = sorted(dice - holes)
            extra = sorted(holes - dice)
            problem = (f"no hole for the dice {_colours(missing)}" if missing
                       else ngettext("a hole of {colours} that no die face shows",
                                     "holes of {colours} that no die face shows",
                                     len(extra)).format(colours=_colours(extra)))
            raise DataFileError(f"{where}: the hole colours of '{name}' do not match the dice "
                                f"colours: {problem}. Every die colour needs a hole on each "
                                f"wall, and every hole colour a die face.")
    unused = sorted(set(colours) - set(faces))
    if unused:
        raise DataFileError(f"{where}: " + ngettext(
            "the {colours} is listed in 'colours' but no die face shows it; remove it or add "
            "a face.", "the {colours} are listed in 'colours' but no die face shows them; "
            "remove them or add a face.", len(unused)).format(colours=_colours(unused)))
    if len(front) != len(back):
        raise DataFileError(f"{where}: fields 'front_wall' and 'back_wall': the front wall has "
                            f"{len(front)} holes and the back wall "
                            f"{len(back)}; a stick joins one hole of each, so they must match.")
    end = data["sticks_to_end"]
    if end > len(front):
        raise DataFileError(f"{where}: field 'sticks_to_end' is {end}, but the castle holds only "
                            f"{len(front)} sticks (one per front hole).")
    per_player = {int(n): k for n, k in data["sticks_per_player"].items()}
    for n, k in per_player.items():
        if n * k > data["sticks_total"]:
            raise DataFileError(f"{where}: field 'sticks_per_player' gives {n} players {k} "
                                f"sticks each, but there are only {data['sticks_total']} sticks.")
    return Layout(colours, faces, front, back, data["sticks_total"], per_player, end, data)
