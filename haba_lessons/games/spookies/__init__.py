"""Spookies (HABA 2015): rules engine, reward table, strategies, exact analysis, simulation.

    from haba_lessons.games.spookies import new_game
    game = new_game(["Ann", "Ben", "Cleo"], seed=1)

Modules: ``board`` (data file, reward tables), ``rules`` (the engine; the rules object is
:class:`Rules`), ``analysis`` (exact value of a roll, optimal single-turn policy),
``strategies`` (named bots), ``simulate`` (seeded games, tournament, the vectorized-turns
kernel), ``charts`` and ``widget`` (``spookies.widget()``, ``SpookiesTable``).
"""

from .. import lazy_widget
from .board import (RewardTable, default_reward_table, load_data, load_reward_table,
                    reward_table_from_rows)
from .rules import (ANY_FIGURE, ATTIC, CHOOSE_DICE, CHOOSE_FIGURE, DICE, FACE_DOWN, FINE,
                    FRIEND, OVER, REVEAL, START, Action, Phase, Rules, SpookiesGame,
                    dice_outcomes, new_game, position, resolve_roll)
from .strategies import STRATEGIES, named

__getattr__ = lazy_widget(__name__)

__all__ = ["RewardTable", "default_reward_table", "load_data", "load_reward_table",
           "reward_table_from_rows", "ANY_FIGURE", "ATTIC", "START", "Action", "Phase",
           "Rules", "SpookiesGame", "dice_outcomes", "new_game", "position", "resolve_roll",
           "FACE_DOWN", "FRIEND", "CHOOSE_FIGURE", "CHOOSE_DICE", "DICE", "FINE", "REVEAL",
           "OVER", "STRATEGIES", "named"]
