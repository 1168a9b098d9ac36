"""Exact analysis of Quiet as a Mouse over fractions.

The castle is seen as counts of free holes per colour (:mod:`.counts`: at most 3003 states
with the default castle). A game state for the exact game value is (counts, sticks in each hand, whose turn). Only a
placed stick changes counts or hands; a blocked roll or an alarm only passes the turn. So the
states with the same counts and hands form a small cycle of turns, solved in closed form, and
everything else is a memoized recursion towards the end of the game. Sticks that slide out
are left to the simulation: which holes a slid-out stick frees depends on how the sticks pair
front and back colours, which the counts forget (so the exact game value needs q = 0). A
small set-up position can be searched exactly on the rules engine itself, sticks that slide
out included (:func:`choice_table`, with :func:`haba_lessons.engine.expectimax`).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..._checks import require_int
from ...distribution import Distribution
from ...engine import expectimax
from ...errors import InvalidArgumentError
from ...i18n import _, pgettext
from .arithmetic import Exact, Plain
from .counts import (STRATEGIES, Counts, _blocked, blocked_probability, full_counts,
                     orientation_choices, placement_outcomes)
from .layout import Layout, load_layout
from .rules import CHOOSE, SILENT, Game, Skill

if TYPE_CHECKING:
    import pandas as pd


# --- dice ---------------------------------------------------------------------------------
def ordered_roll_distribution(layout: Layout | None = None) -> Distribution:
    """P(first die, second die) for every ordered pair of colours."""
    layout = layout or load_layout()
    return Distribution({(a, b): layout.face_probability(a) * layout.face_probability(b)
                         for a in layout.colours for b in layout.colours})


def pair_probabilities(layout: Layout | None = None) -> Distribution:
    """P(the two dice show this set of colours), in either order: {red, yellow} is one outcome.

    Outcomes are ``"red + yellow"`` (colours in the layout's order) or ``"red + red"``.
    """
    layout = layout or load_layout()
    order = {c: i for i, c in enumerate(layout.colours)}
    totals: dict[str, Fraction] = {}
    for (a, b), p in ordered_roll_distribution(layout).items():
        first, second = sorted((a, b), key=order.__getitem__)
        key = f"{first} + {second}"
        totals[key] = totals.get(key, Fraction(0)) + p
    return Distribution(totals)


def double_probability(layout: Layout | None = None) -> Fraction:
    """P(both dice show the same colour)."""
    return ordered_roll_distribution(layout).probability(lambda roll: roll[0] == roll[1])


def blocked_as_castle_fills(strategy: str = "most open",
                            layout: Layout | None = None) -> list[Fraction]:
    """E[P(next roll blocked)] once k sticks are in the castle, for k = 0, 1, ..., end - 1.

    Sticks are placed one after another by ``strategy`` (blocked rolls and alarms do not
    change the castle, so only the successful placements matter here).
    """
    layout = layout or load_layout()
    current: dict[Counts, Fraction] = {full_counts(layout): Fraction(1)}
    expected = []
    for _ in range(layout.sticks_to_end):
        expected.append(sum((p * _blocked(s) for s, p in current.items()), Fraction(0)))
        following: dict[Counts, Fraction] = {}
        for state, p in current.items():
            moves = [(s, r) for s, r in placement_outcomes(state, strategy) if s != state]
            scale = sum(r for _, r in moves)
            for nxt, r in moves:
                following[nxt] = following.get(nxt, Fraction(0)) + p * r / scale
        current = following
    return expected


# --- the whole game -----------------------------------------------------------------------
class GameValue:
    """Exact results of a game from the start: expected turns and each seat's win chance."""

    def __init__(self, expected_turns: Fraction, win: tuple[Fraction, ...], states: int) -> None:
        self.expected_turns = expected_turns
        #: win[i] = P(player i is among the winners); ties give several winners.
        self.win = win
        #: how many (castle, hands) levels the recursion solved
        self.states = states

    def __repr__(self) -> str:
        wins = ", ".join(str(w) for w in self.win)
        return f"GameValue(expected_turns={self.expected_turns}, win=({wins}))"


def exact_game_value(players: int, skills: Sequence[Skill], strategy: str = "most open",
                     layout: Layout | None = None, *, exact: bool = True) -> GameValue:
    """Expected number of turns and win probability by seat, exactly, when no stick slides out.

    Every player rolls, places by ``strategy``, and is silent with their own chance ``p``.
    Needs ``q = 0`` for everyone (see the module note) and ``p > 0`` for someone (else the
    game never ends). ``exact=False`` solves the same equations in floating point (the
    same answer to about 12 decimals, many times faster: for 3 and 4 players).
    """
    layout = layout or load_layout()
    if players not in layout.sticks_per_player:
        raise InvalidArgumentError(_("the number of players must be 2, 3 or 4, not "
                                     "{players}.").format(players=repr(players)))
    if len(skills) != players or not all(isinstance(s, Skill) for s in skills):
        raise InvalidArgumentError(_("give one Skill per player ({players}).").format(
            players=players))
    if any(s.q for s in skills):
        raise InvalidArgumentError(_("the exact game value covers q = 0 only (no stick slides "
                                     "out); for q > 0 use simulate_games."))
    if not any(s.p for s in skills):
        raise InvalidArgumentError(_("with p = 0 for every player no stick ever stays in and "
                                     "the game never ends; give someone p > 0."))
    orientation_choices(full_counts(layout), 0, 0, strategy)  # checks the strategy name
    arithmetic = Exact() if exact else Plain()
    start, states = solve_game(players, [arithmetic.number(s.p) for s in skills], strategy,
                               layout, arithmetic)
    return GameValue(start[0], start[1:], states)


def solve_game(players: int, p: Sequence[Any], strategy: str, layout: Layout,
               arithmetic: Exact | Plain) -> tuple[tuple, int]:
    """The equations of the game solved for seat 1 to roll first: (expected turns, each seat's
    win chance) and the number of states solved. No checks: callers check their input.

    ``p[t]`` is seat t's chance of a silent attempt in the ``arithmetic``'s numbers: a
    Fraction (:class:`~.arithmetic.Exact`), a float, or a numpy array (one entry per profile,
    to solve many profiles in one pass; :class:`~.arithmetic.Plain`).
    """
    dealt = players * layout.sticks_per_player[players]
    end, size = layout.sticks_to_end, players + 1
    number = arithmetic.number
    memo: dict[tuple[Counts, tuple[int, ...]], list[tuple]] = {}

    ends: dict[tuple[int, ...], tuple] = {}
    placements: dict[Counts, tuple[list, list]] = {}

    def finished(winners: tuple[int, ...]) -> tuple:
        if winners not in ends:
            ends[winners] = arithmetic.terminal(winners, players)
        return ends[winners]

    def after_silent(state: Counts, hands: tuple[int, ...], t: int) -> tuple:
        hands = hands[:t] + (hands[t] - 1,) + hands[t + 1:]
        if hands[t] == 0:
            return finished((t,))
        if dealt - sum(hands) >= end:
            fewest = min(hands)
            return finished(tuple(i for i, h in enumerate(hands) if h == fewest))
        return level(state, hands)[(t + 1) % players]

    def level(state: Counts, hands: tuple[int, ...]) -> list[tuple]:
        """Each seat's values when it is to roll at this castle with these hands: one turn
        leads on (a placed stick) with the ``leave`` values, or passes (a blocked roll, an
        alarm) with the chance ``stay``; the cycle round the table is solved in closed form,
        V[t] = leave[t] + stay[t] V[t + 1]."""
        key = (state, hands)
        if key in memo:
            return memo[key]
        if state not in placements:        # a castle's moves, met with many hands: once
            moved = [(s, r) for s, r in placement_outcomes(state, strategy) if s != state]
            placements[state] = moved, [number(r) for _, r in moved]
        moves, weights = placements[state]
        unblocked = sum(weights)
        stay, leave = [], []
        for t in range(players):
            found = arithmetic.weighted([(w, after_silent(nxt, hands, t))
                                         for w, (nxt, _) in zip(weights, moves)], size)
            leave.append(arithmetic.turn(p[t], found))
            stay.append(1 - unblocked * p[t])
        values = []
        for first in range(players):              # once round the table from ``first``
            terms, weight = [], arithmetic.one
            for step in range(players):
                t = (first + step) % players
                terms.append((weight, leave[t]))
                weight = weight * stay[t]
            values.append(arithmetic.divided(arithmetic.weighted(terms, size), 1 - weight))
        memo[key] = values
        return values

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        start = level(full_counts(layout), (layout.sticks_per_player[players],) * players)[0]
    finally:
        sys.setrecursionlimit(limit)
    return arithmetic.values(start), len(memo)


# --- tables for notebook 04 (formatting only) ------------------------------------------------

def blocked_curve_table(curves: Mapping[str, Sequence[Fraction]]) -> "pd.DataFrame":
    """One row per strategy, one column per number of sticks in the castle (3 decimals)."""
    import pandas as pd

    from .strategies import strategy_name

    return pd.DataFrame({strategy_name(s): [round(float(p), 3) for p in c]
                         for s, c in curves.items()}).rename_axis(_("sticks in castle")).T


def blocked_check_table(exact: Sequence[Fraction],
                        watched: Sequence[tuple[int, int]]) -> "pd.DataFrame":
    """The exact blocked chance beside the simulated share with its 95% Wilson interval."""
    import pandas as pd

    from ...simulation import Estimate

    return pd.DataFrame({_("exact"): [round(float(p), 3) for p in exact],
                         pgettext("column", "simulated"):
                             [str(Estimate(b, n)) for b, n in watched]}
                        ).rename_axis(_("sticks in castle"))


def skill_table(values: Mapping[Fraction, "GameValue"]) -> "pd.DataFrame":
    """Exact two-player game values by player 1's skill: expected turns and win chances."""
    import pandas as pd

    heads = (_("p of player 1"), _("E[turns]"), _("player 1 wins"), _("player 2 wins"))
    return pd.DataFrame([dict(zip(heads, (str(p), round(float(v.expected_turns), 2),
                                          round(float(v.win[0]), 4), round(float(v.win[1]), 4))))
                         for p, v in values.items()])


def choice_table(game: Game, horizon: int = 80) -> "pd.DataFrame":
    """The value of every hole pair the current player may choose now, by exact expectimax.

    ``game`` waits for a choice (roll applied). Each pair is searched ``horizon`` steps deep
    with every player choosing their own best pair afterwards; a game still running then
    counts once as lost and once as won by everybody. When no later choice can change who
    wins (as in notebook 04's race for the last stick) the two columns bracket the exact win
    chance, equal to 4 decimals once the horizon is long enough; otherwise a gap between them
    shows that the horizon is too short. ``next roll fits`` is the chance that the next roll
    fits a free pair if this attempt is silent.
    """
    import pandas as pd

    horizon = require_int(horizon, "horizon (steps searched after this choice)", minimum=1)
    if game.phase != CHOOSE:
        raise InvalidArgumentError(_("the position waits for {phase}, not for a choice of "
                                     "holes: apply a roll first (game.apply_roll((colour, "
                                     "colour))).").format(phase=repr(game.phase)))
    me, players = game.current, game.players
    low = expectimax(game, horizon=horizon, cutoff=lambda s: (Fraction(0),) * players)
    high = expectimax(game, horizon=horizon, cutoff=lambda s: (Fraction(1),) * players)
    from .words import colour_name

    heads = (_("front hole"), _("back hole"), _("colours (front / back)"), _("next roll fits"),
             _("P(player {n} wins) from").format(n=me + 1), _("to"))
    walls = game.layout.front_wall, game.layout.back_wall
    rows = []
    for (pair, lo), (_same, hi) in zip(low.actions, high.actions):
        after = game.copy()
        after.choose_pair(pair)
        after.apply_attempt(SILENT)
        fits = 1 - after.blocked_probability() if not after.is_over else None
        colours = (f"{colour_name(walls[0][pair[0] - 1])} / "
                   f"{colour_name(walls[1][pair[1] - 1])}")
        rows.append(dict(zip(heads, (pair[0], pair[1], colours,
                                     "-" if fits is None else str(fits),
                                     round(float(lo[me]), 4), round(float(hi[me]), 4)))))
    return pd.DataFrame(rows)


__all__ = ["STRATEGIES", "GameValue", "blocked_as_castle_fills", "blocked_check_table",
           "blocked_curve_table", "blocked_probability", "choice_table", "double_probability",
           "exact_game_value", "ordered_roll_distribution", "pair_probabilities",
           "skill_table", "solve_game"]
