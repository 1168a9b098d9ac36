"""Quiet as a Mouse (HABA 4644): rules engine, hole strategies, exact analysis, simulation, widget.

Modules: ``layout`` (the castle file, :class:`Rules`, also called ``Layout``), ``counts``
(the castle as free-hole counts), ``rules`` (the engine), ``strategies`` (named bots),
``analysis`` (exact blocked-roll chances and game values), ``sweep`` (the game value for many
steadiness profiles), ``simulate``, ``charts`` and ``widget`` (``quiet_as_a_mouse.widget()``).
"""

from .. import lazy_widget
from .analysis import (GameValue, blocked_as_castle_fills, blocked_probability,
                       double_probability, exact_game_value, pair_probabilities)
from .layout import Layout, Rules, load_layout
from .rules import (ALARM, ATTEMPT, CHOOSE, OVER, ROLL, SILENT, SLID_OUT, Game, Phase, Skill,
                    make_skills, new_game, position)
from .simulate import (GameResult, first_roll_blocked_counts, play_game, simulate_games,
                       win_counts)
from .strategies import (STRATEGIES, first_free_pair, most_open_pair, named, random_pair,
                         strategy_named)

__getattr__ = lazy_widget(__name__)

__all__ = [
    "ALARM", "ATTEMPT", "CHOOSE", "OVER", "ROLL", "SILENT", "SLID_OUT", "STRATEGIES", "Game",
    "GameResult", "GameValue", "Layout", "Phase", "Rules", "Skill", "blocked_as_castle_fills",
    "blocked_probability", "double_probability", "exact_game_value", "first_free_pair",
    "first_roll_blocked_counts", "load_layout", "make_skills", "most_open_pair", "named",
    "new_game", "pair_probabilities", "play_game", "position", "random_pair",
    "simulate_games", "strategy_named", "win_counts",
]
