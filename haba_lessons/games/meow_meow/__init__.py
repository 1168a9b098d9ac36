"""Cat & Co. Meow Meow (HABA 302699): a children's Mau-Mau.

``deck`` (cards and the data file), ``rules`` (the engine: a round and the kitten race),
``strategies`` (named bots), ``simulate`` (seeded studies), ``analysis`` (exact counting),
``charts`` and ``widget`` (play against the bots).
"""

from .deck import SPECIALS, Card, Settings, default_settings, load_settings
from .rules import (DEAL, DRAW, DRAWING, DRAWN, KEEP, MEOW, OVER, START, TURN, Play, Race,
                    RoundState, Rules, make_rules, matches, new_game, new_round, position,
                    resolve_chance)
from .strategies import BOTS

__all__ = ["BOTS", "Card", "DRAW", "KEEP", "Play", "Race", "RoundState", "Rules", "SPECIALS",
           "Settings", "default_settings", "load_settings", "make_rules", "matches",
           "new_round", "resolve_chance", "new_game", "position", "DEAL", "START", "TURN",
           "DRAWING", "DRAWN", "MEOW", "OVER"]
