"""The words Quiet as a Mouse shows for its data: colours, hole pairs, log sentences.

The rules keep English values (``"red"``, the end reason): code compares them. They are
translated where they are shown, through the library's catalog (German: the rulebook's
*Mucksmäuschenstill* words, ``locale/glossary.de.md``).
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_, Deferred, Phrase, gettext, pgettext


def colour_name(colour: Any) -> Any:
    """A colour as a word of the language in use ("red" -> "Rot"); an unknown one as it is."""
    names = {"red": pgettext("colour", "red"), "yellow": pgettext("colour", "yellow"),
             "green": pgettext("colour", "green"), "blue": pgettext("colour", "blue"),
             "orange": pgettext("colour", "orange"), "purple": pgettext("colour", "purple")}
    return names.get(colour, colour) if isinstance(colour, str) else colour


class Said(Deferred):
    """A log sentence of the rules, translated when read; its colours too."""

    __slots__ = ()

    @staticmethod
    def shown(value: Any) -> Any:
        return colour_name(value)


def holes(front: int, front_colour: str, back: int, back_colour: str) -> Phrase:
    """A stick's two holes, "front red hole 1, back blue hole 3" (translated where shown)."""
    return Holes(N_("front {front_colour} hole {front}, back {back_colour} hole {back}"),
                 front=front, front_colour=front_colour, back=back, back_colour=back_colour)


class Holes(Phrase):
    """A pair of holes named with their colours, in the language in use where shown."""

    def __format__(self, spec: str) -> str:
        values = {name: colour_name(value) for name, value in self.values.items()}
        return format(gettext(self.template).format(**values), spec)


class Players(str):
    """Seats named as players, "Player 1 and Player 3" (translated where shown)."""

    def __new__(cls, seats: tuple[int, ...]) -> "Players":
        named = super().__new__(cls, " and ".join(f"Player {seat + 1}" for seat in seats))
        named.seats = seats
        return named

    def __getnewargs__(self) -> tuple:            # copied and pickled by its seats
        return (self.seats,)

    def __format__(self, spec: str) -> str:
        return format(gettext(" and ").join(gettext("Player {n}").format(n=seat + 1)
                                            for seat in self.seats), spec)


def players(seats) -> Players:
    """The winners' seats as :class:`Players`."""
    return Players(tuple(seats))
