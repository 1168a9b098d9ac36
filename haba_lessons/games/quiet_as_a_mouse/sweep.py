"""The game value of Quiet as a Mouse for many steadiness profiles at once.

:func:`~haba_lessons.games.quiet_as_a_mouse.analysis.exact_game_value` solves the game in
fractions for one set of ``p`` values. To carry a posterior's uncertainty into the game
(notebook 12: "who is the favourite now?") the same equations are needed for thousands of
``p`` values drawn from it. Here every quantity is a numpy array with one entry per profile,
so one pass over the game's states (1894 with two players) solves them all, exactly up to
floating-point rounding: the same equations (:func:`~.analysis.solve_game`), with arrays in
place of numbers. The model is the same: strategy and castle as given, ``q = 0``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...errors import InvalidArgumentError
from ...i18n import _
from .analysis import STRATEGIES, solve_game
from .arithmetic import Plain
from .layout import Layout, load_layout


def win_chances_many(p: Sequence[Sequence[float]] | np.ndarray, strategy: str = "most open",
                     layout: Layout | None = None) -> np.ndarray:
    """Each seat's chance of winning (ties count for every winner) for many profiles.

    ``p[i][k]`` is seat ``i``'s chance of a silent attempt in profile ``k``; the result has
    the same shape, ``result[i][k]`` seat ``i``'s win chance in profile ``k``.
    """
    layout = layout or load_layout()
    p = np.asarray(p, dtype=float)
    players = p.shape[0] if p.ndim == 2 else 0
    if players not in layout.sticks_per_player:
        raise InvalidArgumentError(_("give p as one row per player (2, 3 or 4 rows), one "
                                     "column per profile, e.g. [[0.7, 0.8], [0.6, 0.6]]."))
    if not np.all((p >= 0) & (p <= 1)):
        raise InvalidArgumentError(_("every p is a chance: give values from 0 to 1."))
    if np.any(p.sum(axis=0) == 0):
        raise InvalidArgumentError(_("in some profile p = 0 for every player: no stick ever "
                                     "stays in and the game never ends; give someone p > 0."))
    if strategy not in STRATEGIES:
        raise InvalidArgumentError(_("unknown strategy {name}; choose one of "
                                     "{names}.").format(name=repr(strategy),
                                                        names=", ".join(STRATEGIES)))
    start, _levels = solve_game(players, list(p), strategy, layout,
                               Plain(np.ones(p.shape[1]), np.zeros(p.shape[1])))
    return np.vstack(start[1:])
