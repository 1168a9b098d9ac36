"""The words Meow Meow shows for its cards: colours, animals, a card, log sentences.

The rules keep English values (``Card("red", "cow")``, ``str(card) == "red cow"``): code
compares them. They are translated where they are shown, through the library's catalog
(German: *Katze & Co. Mau Mau*'s words, ``locale/glossary.de.md``).
"""

from __future__ import annotations

from typing import Any

from ...i18n import Deferred, _, pgettext
from .deck import Card


def colour_name(colour: str) -> str:
    """A colour as a word ("red" -> "Rot" in German); an unknown one as it is."""
    names = {"red": pgettext("colour", "red"), "yellow": pgettext("colour", "yellow"),
             "green": pgettext("colour", "green"), "blue": pgettext("colour", "blue")}
    return names.get(colour, colour)


def animal_name(animal: str) -> str:
    """An animal as a word ("owl" -> "Eule" in German); an unknown one as it is."""
    names = {"cow": pgettext("animal", "cow"), "pig": pgettext("animal", "pig"),
             "sheep": pgettext("animal", "sheep"), "horse": pgettext("animal", "horse"),
             "goat": pgettext("animal", "goat"), "hen": pgettext("animal", "hen"),
             "duck": pgettext("animal", "duck"), "rabbit": pgettext("animal", "rabbit"),
             "donkey": pgettext("animal", "donkey"), "cat": pgettext("animal", "cat"),
             "fox": pgettext("animal", "fox"), "owl": pgettext("animal", "owl"),
             "parrot": pgettext("animal", "parrot")}
    return names.get(animal, animal)


def card_name(card: Card) -> str:
    """A card in words, "red cow" ("rote Kuh" in German: the colour an adjective that agrees
    with the animal, so each animal's phrase is its own catalog entry)."""
    colour = {"red": pgettext("colour, before an animal", "red"),
              "yellow": pgettext("colour, before an animal", "yellow"),
              "green": pgettext("colour, before an animal", "green"),
              "blue": pgettext("colour, before an animal", "blue")}.get(card.colour, card.colour)
    phrases = {"cow": pgettext("card", "{colour} cow"), "pig": pgettext("card", "{colour} pig"),
               "sheep": pgettext("card", "{colour} sheep"),
               "horse": pgettext("card", "{colour} horse"),
               "goat": pgettext("card", "{colour} goat"), "hen": pgettext("card", "{colour} hen"),
               "duck": pgettext("card", "{colour} duck"),
               "rabbit": pgettext("card", "{colour} rabbit"),
               "donkey": pgettext("card", "{colour} donkey"),
               "cat": pgettext("card", "{colour} cat"), "fox": pgettext("card", "{colour} fox"),
               "owl": pgettext("card", "{colour} owl"),
               "parrot": pgettext("card", "{colour} parrot")}
    phrase = phrases.get(card.animal)
    return phrase.format(colour=colour) if phrase else f"{colour} {animal_name(card.animal)}"


class Said(Deferred):
    """A log sentence of the rules, translated when read; its cards and actions too."""

    __slots__ = ()

    @staticmethod
    def shown(value: Any) -> Any:
        if isinstance(value, Card):
            return card_name(value)
        if isinstance(value, tuple) and hasattr(value, "card"):       # a Play
            return play_name(value.card, value.colour)
        return value


def play_name(card: Card, colour: str | None) -> str:
    """A card played, in words: "red cow"; a parrot with the colour it names."""
    if colour is None:
        return card_name(card)
    return _("{card}, naming {colour}").format(card=card_name(card), colour=colour_name(colour))
