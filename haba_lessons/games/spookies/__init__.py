"""Spookies (HABA 2015): rules engine, reward table, strategies, exact analysis, simulation.

    from haba_lessons.games.spookies import new_game
    game = new_game(["Ann", "Ben", "Cleo"], seed=1)

Modules: ``board`` (data file, reward tables), ``rules`` (the engine), ``analysis`` (exact
value of a roll, optimal single-turn policy), ``strategies`` (named bots), ``simulate``
(seeded games, tournament, vectorized turns), ``charts`` and ``widget``
(``SpookiesTable``, ``play``).
"""

from .board import (RewardTable, default_reward_table, load_data, load_reward_table,
                    reward_table_from_rows)
from .rules import (ANY_FIGURE, ATTIC, CHOOSE_DICE, CHOOSE_FIGURE, DICE, FRIEND, OVER, START,
                    Action, Rules, SpookiesGame, dice_outcomes, position,
                    new_game, resolve_roll)

__all__ = ["RewardTable", "default_reward_table", "load_data", "load_reward_table",
           "reward_table_from_rows", "ANY_FIGURE", "ATTIC", "START", "Action", "Rules",
           "SpookiesGame", "dice_outcomes", "new_game", "position", "resolve_roll", "FRIEND",
           "CHOOSE_FIGURE", "CHOOSE_DICE", "DICE", "OVER"]
