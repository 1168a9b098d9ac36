"""The game value of Quiet as a Mouse for many steadiness profiles at once.

:func:`~haba_lessons.games.quiet_as_a_mouse.analysis.exact_game_value` solves the game in
fractions for one set of ``p`` values. To carry a posterior's uncertainty into the game
(notebook 08: "who is the favourite now?") the same equations are needed for thousands of
``p`` values drawn from it. Here every quantity is a numpy array with one entry per profile,
so one pass over the game's states (1894 with two players) solves them all, exactly up to
floating-point rounding. The model is the same: strategy and castle as given, ``q = 0``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import numpy as np

from ...errors import InvalidArgumentError
from .analysis import STRATEGIES, Counts, full_counts, placement_outcomes
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
        raise InvalidArgumentError("give p as one row per player (2, 3 or 4 rows), one column "
                                   "per profile, e.g. [[0.7, 0.8], [0.6, 0.6]].")
    if not np.all((p >= 0) & (p <= 1)):
        raise InvalidArgumentError("every p is a chance: give values from 0 to 1.")
    if np.any(p.sum(axis=0) == 0):
        raise InvalidArgumentError("in some profile p = 0 for every player: no stick ever "
                                   "stays in and the game never ends; give someone p > 0.")
    if strategy not in STRATEGIES:
        raise InvalidArgumentError(f"unknown strategy {strategy!r}; choose one of "
                                   f"{', '.join(STRATEGIES)}.")
    dealt = players * layout.sticks_per_player[players]
    end = layout.sticks_to_end
    ones = np.ones(p.shape[1])
    memo: dict[tuple[Counts, tuple[int, ...]], list[np.ndarray]] = {}

    def terminal(winners: list[int]) -> np.ndarray:
        return np.array([[float(i in winners)] * p.shape[1] for i in range(players)])

    def after_silent(state: Counts, hands: tuple[int, ...], t: int) -> np.ndarray:
        hands = hands[:t] + (hands[t] - 1,) + hands[t + 1:]
        if hands[t] == 0:
            return terminal([t])
        if dealt - sum(hands) >= end:
            fewest = min(hands)
            return terminal([i for i, h in enumerate(hands) if h == fewest])
        return level(state, hands)[(t + 1) % players]

    def level(state: Counts, hands: tuple[int, ...]) -> list[np.ndarray]:
        """Win chances with seat t to roll, for every t, at these counts and hands."""
        key = (state, hands)
        if key not in memo:
            moves = [(nxt, float(r)) for nxt, r in placement_outcomes(state, strategy)
                     if nxt != state]
            unblocked = sum(r for _, r in moves)
            stay = [ones - unblocked * p[t] for t in range(players)]
            leave = [sum(r * p[t] * after_silent(nxt, hands, t) for nxt, r in moves)
                     for t in range(players)]
            memo[key] = _turn_cycle(stay, leave)
        return memo[key]

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        return level(full_counts(layout), (layout.sticks_per_player[players],) * players)[0]
    finally:
        sys.setrecursionlimit(limit)


def _turn_cycle(stay: list[np.ndarray], leave: list[np.ndarray]) -> list[np.ndarray]:
    """Solve V[t] = leave[t] + stay[t] * V[t + 1 mod n] for every seat t (once round the
    table: V[t] = the leave terms weighted by the chance of staying until then, divided by
    1 - the chance of staying all the way round)."""
    n = len(stay)
    values = []
    for start in range(n):
        total, weight = 0.0, 1.0
        for step in range(n):
            t = (start + step) % n
            total = total + weight * leave[t]
            weight = weight * stay[t]
        values.append(total / (1 - weight))
    return values
