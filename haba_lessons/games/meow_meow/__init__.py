"""Cat & Co. Meow Meow (HABA 302699): a children's Mau-Mau.

``deck`` (cards and the data file), ``rules`` (the engine: a round and the kitten race; the
rules object is :class:`Rules`, from :func:`make_rules`), ``strategies`` (named bots),
``simulate`` (seeded studies, the random-card round kernel), ``analysis`` (exact counting),
``charts`` and ``widget`` (``meow_meow.widget()``: play against the bots).
"""

from .. import lazy_widget
from .deck import SPECIALS, Card, Settings, default_settings, load_settings
from .rules import (CALLED, DEAL, DRAW, DRAWING, DRAWN, FORGOT, KEEP, MEOW, OVER, START, TURN,
                    Phase, Play, Race, RoundState, Rules, make_rules, matches, new_game,
                    new_round, position, resolve_chance)
from .strategies import BOTS, STRATEGIES, named

__getattr__ = lazy_widget(__name__)

__all__ = ["BOTS", "CALLED", "Card", "DEAL", "DRAW", "DRAWING", "DRAWN", "FORGOT", "KEEP",
           "MEOW", "OVER", "Phase", "Play", "Race", "RoundState", "Rules", "SPECIALS",
           "START", "STRATEGIES", "Settings", "TURN", "default_settings", "load_settings",
           "make_rules", "matches", "named", "new_game", "new_round", "position",
           "resolve_chance"]
