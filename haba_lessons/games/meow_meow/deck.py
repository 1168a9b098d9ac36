"""The cards of Cat & Co. Meow Meow, read from the game's data file.

A card is a colour and an animal. Nine ordinary animals (an assumption: our sources do not
name them) and four special animals (cat, fox, owl, parrot: rulebook) each come once in every
colour: 36 + 16 = 52 cards. :func:`load_settings` reads ``haba_lessons/data/meow_meow.toml``
(or a teacher's own file) and checks that the counts add up.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from ..._checks import shown
from ...data import (GameData, integer, list_of, load_game_data, probability, record,
                     register_schema, text)
from ...errors import DataFileError
from ...i18n import ngettext

GAME = "meow_meow"

#: The four special animals and what they do (rulebook). The engine's rules are keyed by these.
SPECIAL_EFFECTS = {
    "cat": "reverse the direction of play (with 2 children: the other misses a turn)",
    "fox": "the next child draws 2 cards, unless they answer with a fox (then 4, 6, ...)",
    "owl": "the next child misses a turn",
    "parrot": "wild: goes on any card except a parrot; its player names a colour",
}
SPECIALS = tuple(SPECIAL_EFFECTS)


class Card(NamedTuple):
    """One card: ``Card("red", "cow")``."""

    colour: str
    animal: str

    @property
    def special(self) -> bool:
        return self.animal in SPECIAL_EFFECTS

    def __str__(self) -> str:
        return f"{self.colour} {self.animal}"


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise DataFileError(f"{where} must be true or false, not {shown(value)}.")
    return value


def _specials(value: Any, where: str) -> list[str]:
    names = list_of(text(SPECIALS), unique=True)(value, where)
    if sorted(names) != sorted(SPECIALS):
        raise DataFileError(f"{where} must name the rulebook's four special animals "
                            f"{', '.join(SPECIALS)} (leave types out with without=..., "
                            f"not in the file).")
    return names


register_schema(GAME, {
    "colours": list_of(text(), min_length=1, unique=True),
    "animals": list_of(text(), min_length=1, unique=True),
    "special_animals": _specials,
    "animal_cards": integer(1),
    "special_cards": integer(0),
    "hand_size": integer(1),
    "players": record({"minimum": integer(2), "maximum": integer(2)}),
    "fox_draw": integer(1),
    "steps_to_basket": integer(1),
    "meow_forget_chance": probability,
    "may_draw_instead_of_playing": _flag,
    "round_starter": text(("rotate", "winner")),
})


@dataclass(frozen=True)
class Settings:
    """Everything the rules need from the data file (all values checked)."""

    colours: tuple[str, ...]
    animals: tuple[str, ...]
    hand_size: int
    min_players: int
    max_players: int
    fox_draw: int
    steps_to_basket: int
    meow_forget_chance: Fraction
    may_draw_instead_of_playing: bool
    round_starter: str
    data: GameData

    def deck(self, without: tuple[str, ...] = ()) -> tuple[Card, ...]:
        """All cards, colour by colour; special types in ``without`` are left out."""
        return tuple(Card(colour, animal) for colour in self.colours
                     for animal in self.animals + SPECIALS if animal not in without)


def load_settings(path: str | Path | None = None) -> Settings:
    """Read and check the Meow Meow data file (the package's own, or ``path``)."""
    data = load_game_data(GAME, path)
    colours, animals = tuple(data["colours"]), tuple(data["animals"])
    where = data.origin
    clash = sorted(set(animals) & set(SPECIALS))
    if clash:
        raise DataFileError(f"{where}: field 'animals' lists "
                            + ngettext("the special animal {names}", "the special animals {names}",
                                       len(clash)).format(names=", ".join(clash))
                            + "; list only the ordinary animals.")
    if len(colours) * len(animals) != data["animal_cards"]:
        raise DataFileError(
            f"{where}: {len(animals)} animals x {len(colours)} colours make "
            f"{len(colours) * len(animals)} animal cards, but field 'animal_cards' says "
            f"{data['animal_cards']}. Fix the animal list or the count.")
    if len(colours) * len(SPECIALS) != data["special_cards"]:
        raise DataFileError(
            f"{where}: {len(SPECIALS)} special animals x {len(colours)} colours make "
            f"{len(colours) * len(SPECIALS)} special cards, but field 'special_cards' says "
            f"{data['special_cards']}.")
    players = data["players"]
    if players["minimum"] > players["maximum"]:
        raise DataFileError(f"{where}: field 'players' has minimum {players['minimum']} "
                            f"above maximum {players['maximum']}.")
    if players["maximum"] * data["hand_size"] >= data["animal_cards"]:
        raise DataFileError(
            f"{where}: fields 'players' and 'hand_size': {players['maximum']} hands of "
            f"{data['hand_size']} cards could hold "
            f"every one of the {data['animal_cards']} animal cards, leaving no animal to "
            f"start the discard pile. Use fewer or smaller hands, or more animals.")
    return Settings(colours, animals, data["hand_size"], players["minimum"],
                    players["maximum"], data["fox_draw"], data["steps_to_basket"],
                    data["meow_forget_chance"], data["may_draw_instead_of_playing"],
                    data["round_starter"], data)


@lru_cache(maxsize=1)
def default_settings() -> Settings:
    """The package's own data file, read once."""
    return load_settings()
