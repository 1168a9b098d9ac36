"""Spookies (HABA 2015): rules engine, reward table, strategies, exact analysis, simulation.

    from haba_lessons.games.spookies import new_game
    game = new_game(["Ann", "Ben", "Cleo"], seed=1)
"""

from .board import (RewardTable, default_reward_table, load_data, load_reward_table,
                    reward_table_from_rows)
from .rules import (ANY_FIGURE, ATTIC, START, Action, Rules, SpookiesGame, dice_outcomes,
                    new_game, resolve_roll)

__all__ = ["RewardTable", "default_reward_table", "load_data", "load_reward_table",
           "reward_table_from_rows", "ANY_FIGURE", "ATTIC", "START", "Action", "Rules",
           "SpookiesGame", "dice_outcomes", "new_game", "resolve_roll"]
