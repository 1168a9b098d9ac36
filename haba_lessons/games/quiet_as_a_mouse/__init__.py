"""Quiet as a Mouse (HABA 4644): rules engine, hole strategies, exact analysis, simulation, widget."""

from .analysis import (STRATEGIES, GameValue, blocked_as_castle_fills, blocked_probability,
                       double_probability, exact_game_value, pair_probabilities)
from .layout import Layout, load_layout
from .rules import (ALARM, ATTEMPT, CHOOSE, OVER, ROLL, SILENT, SLID_OUT, Game, Skill, make_skills,
                    new_game, position)
from .simulate import (GameResult, first_roll_blocked_counts, play_game, simulate_games,
                       win_counts)
from .strategies import first_free_pair, most_open_pair, random_pair, strategy_named

__all__ = [
    "ALARM", "ATTEMPT", "CHOOSE", "OVER", "ROLL", "new_game", "position", "SILENT", "SLID_OUT", "STRATEGIES", "Game", "GameResult", "GameValue", "Layout",
    "Skill", "blocked_as_castle_fills", "blocked_probability", "double_probability",
    "exact_game_value", "first_free_pair", "first_roll_blocked_counts", "load_layout", "make_skills", "most_open_pair",
    "pair_probabilities", "play_game", "random_pair", "simulate_games", "strategy_named",
    "win_counts",
]
