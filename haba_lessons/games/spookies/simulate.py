"""Seeded Spookies simulations: whole games through the engine's tools, and many single turns
at once.

- :func:`play_game` plays one full game with any mix of strategies through the engine's
  play loop (chance and bots drawn with one seeded generator) and returns its
  :class:`~haba_lessons.engine.Result` (winners, turns, the facts ``points`` and ``chips``).
- :func:`tournament` is the engine's seeded tournament, rotating the seats, with each
  strategy's mean points beside its win rate.
- :func:`simulate_turns` is a second, vectorized implementation of one turn (numpy, all
  turns in parallel) for large studies: the kernel "vectorized turns". It assumes no penalty
  chips on the board and a stockpile that does not run out; it is registered with the same
  turns played on the engine (:func:`engine_turns`), and ``tests/test_kernels.py`` checks
  that both agree roll for roll when given the same dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..._checks import require_int
from ...engine import Kernel, Result, play, register, result
from ...engine import tournament as engine_tournament
from ...engine.state import show
from ...errors import InvalidArgumentError
from ...i18n import _, ngettext
from ...simulation import COURSE_SEED, MeanEstimate, mean_interval
from .analysis import TurnPolicy, policy_array_value, solve_turn, success_probability
from .board import DICE_CHOICES
from . import rules as spookies_rules
from .rules import ATTIC, START, Action, Rules, new_game
from .strategies import Strategy, named

MAX_TURNS = 5_000
#: What may be wrong when a game does not end.
NOT_ENDING = "does the reward table pay any chips?"

#: The first name of the engine's :class:`~haba_lessons.engine.Result` for this game.
GameResult = Result


def play_game(strategies: Sequence[str | Strategy], *, seed: int = COURSE_SEED,
              rules: Rules | None = None, free_choice: bool | None = None) -> Result:
    """Play one full game, one seat per strategy (2-5 seats), and return the result."""
    bots = [named(s) for s in strategies]
    seed = require_int(seed, "seed", minimum=0)
    game = new_game([b.name for b in bots], rules=rules, seed=seed, free_choice=free_choice)
    play(game, bots, seed=seed, max_turns=MAX_TURNS, hint=NOT_ENDING)
    return result(game, [b.name for b in bots])


def tournament(strategies: Sequence[str | Strategy], games: int, *, seed: int = COURSE_SEED,
               rules: Rules | None = None, free_choice: bool | None = None,
               description: str = "games") -> pd.DataFrame:
    """Play ``games`` games with one seat per strategy; seats rotate so nobody always starts.

    A game counts as a win for every player with the most points (ties share the win), so
    win rates can add up to a little more than 1. Mean points come with a normal 95% interval.
    """
    bots = [named(s) for s in strategies]
    return engine_tournament(
        lambda s: new_game([b.name for b in bots], rules=rules, seed=s,
                           free_choice=free_choice),
        bots, games, seed=seed, description=description, score=lambda g: g.points(),
        score_name="points", max_turns=MAX_TURNS, hint=NOT_ENDING)


# --- the vectorized single-turn simulator ---------------------------------------------------

def policy_array(policy: TurnPolicy, chips: int | None = None) -> np.ndarray:
    """The optimal policy as an (8, 2) array: column 0 the first roll, 1 after a success.

    Entries are the dice count to roll, or 0 to stop.
    """
    table = np.zeros((ATTIC + 1, 2), dtype=np.int64)
    for position in range(START, ATTIC + 1):
        for column, first in ((0, True), (1, False)):
            action = policy.best_action(position, chips, first_roll=first)
            table[position, column] = 0 if action.kind == "stop" else action.value
    return table


def stop_after_array(successes: int, dice: int = 4) -> np.ndarray:
    """"Roll ``dice`` dice, stop after ``successes`` successes" as a policy array."""
    successes = require_int(successes, "successes", minimum=1)
    dice = require_int(dice, "dice", minimum=2, maximum=4)
    table = np.full((ATTIC + 1, successes + 1), dice, dtype=np.int64)
    table[:, successes] = 0
    return table


def greedy_array(rules: Rules) -> np.ndarray:
    """The greedy bot's choice by position (largest expected reward, never stops)."""
    table = np.zeros((ATTIC + 1, 1), dtype=np.int64)
    for position in range(START, ATTIC + 1):
        target = min(position + 1, ATTIC)
        table[position, 0] = max(DICE_CHOICES, key=lambda d: (
            success_probability(position, d, rules) * rules.reward_table.reward(target, d), -d))
    return table


@dataclass(frozen=True)
class TurnBatch:
    """Results of many simulated turns: net chips, final positions and rolls per turn."""

    net: np.ndarray
    positions: np.ndarray
    rolls: np.ndarray

    def mean_interval(self) -> MeanEstimate:
        """The mean net chips and its normal 95% interval (``mean, low, high``)."""
        return mean_interval(self.net)


# The sum of the two highest of the first k dice, for every roll of four dice: row k, column
# the roll's index in base six (faces minus one, first die most significant).
_BASE_SIX = np.array([216, 36, 6, 1], dtype=np.int64)


def _top_two_table() -> np.ndarray:
    rolls = np.indices((6, 6, 6, 6)).reshape(4, -1).T + 1
    table = np.zeros((5, 6 ** 4), dtype=np.int64)
    for k in (2, 3, 4):
        table[k] = np.sort(rolls[:, :k], axis=1)[:, -2:].sum(axis=1)
    return table


_TOP_TWO = _top_two_table()


def simulate_turns(policy: np.ndarray, start: int | np.ndarray, turns: int,
                   rng: np.random.Generator | None = None, *, rules: Rules | None = None,
                   chips: int | np.ndarray | None = None, dice: np.ndarray | None = None,
                   max_rolls: int = 200) -> TurnBatch:
    """Play ``turns`` single turns at once with a policy array (see :func:`policy_array`): the
    kernel "vectorized turns".

    ``start``: the figure's position(s) (0 = start .. 7 = attic); ``chips``: chips held
    before the turn (``None`` = enough for any fine). Dice come from ``rng``, or from
    ``dice`` with shape (turns, rolls, 4) — roll r of turn t uses ``dice[t, r, :k]``.
    """
    rules = rules or Rules.standard()
    turns = require_int(turns, "turns", minimum=1)
    policy = np.asarray(policy, dtype=np.int64)
    if policy.ndim != 2 or policy.shape[0] != ATTIC + 1 or not np.isin(policy, (0, 2, 3, 4)).all():
        raise InvalidArgumentError("policy must be an array with 8 rows (start .. attic) "
                                   "of dice counts 2, 3, 4 or 0 (stop).")
    if (policy[:, 0] == 0).any():
        raise InvalidArgumentError("policy column 0 is the compulsory first roll: it cannot "
                                   "be 0 (stop).")
    if dice is None and rng is None:
        raise InvalidArgumentError("give a seeded rng or an array of dice.")
    given = np.asarray(start)
    if given.dtype.kind not in "iu" or given.ndim > 1 or (given.ndim == 1 and len(given) != turns):
        raise InvalidArgumentError(_("start: give a position from 0 (start) to 7 (attic) as a "
                                     "whole number, or one per turn, not {value}.").format(
            value=show(start)))
    position = np.broadcast_to(given.astype(np.int64), (turns,)).copy()
    if ((position < START) | (position > ATTIC)).any():
        raise InvalidArgumentError(_("start positions must be 0 (start) to 7 (attic)."))
    held = np.full(turns, 10 ** 9 if chips is None else 0, dtype=np.int64)
    if chips is not None:
        held += np.broadcast_to(np.asarray(chips, dtype=np.int64), (turns,))
    success_of, next_of, reward_of, back_of = _step_tables(rules)
    net = np.zeros(turns, dtype=np.int64)
    rolls = np.zeros(turns, dtype=np.int64)
    # The turns still going, compacted: their index, position, successes, chips gained and
    # fined so far, and chips held before the turn. A turn's results are written when it ends.
    live, at = np.arange(turns), position
    successes = gained = fined = np.zeros(turns, dtype=np.int64)
    for step in range(max_rolls):
        k = policy[at, np.minimum(successes, policy.shape[1] - 1)]
        going = k > 0
        if not going.all():
            ended = live[~going]
            net[ended], position[ended], rolls[ended] = (gained - fined)[~going], at[~going], step
            live, at, successes, gained, fined, held, k = (
                a[going] for a in (live, at, successes, gained, fined, held, k))
        if live.size == 0:
            break
        if dice is not None:
            if step >= dice.shape[1]:
                raise InvalidArgumentError(ngettext(
                    "the dice array has only {n} roll per turn, but some turns need more.",
                    "the dice array has only {n} rolls per turn, but some turns need more.",
                    dice.shape[1]).format(n=dice.shape[1]))
            roll = dice[live, step, :] @ _BASE_SIX
        else:   # every step draws for all turns, so results do not depend on who is still going
            roll = (rng.integers(1, 7, size=(turns, 4)) @ _BASE_SIX)[live]
        outcome = (at * 5 + k) * 13 + _TOP_TWO[k, roll - _BASE_SIX.sum()]
        success = success_of[outcome]
        gained = gained + reward_of[outcome]
        fined = fined + np.minimum(back_of[outcome], held + gained)
        at, successes = next_of[outcome], successes + success
        if not success.all():
            ended = live[~success]
            net[ended], position[ended], rolls[ended] = (gained - fined)[~success], at[~success], step + 1
            live, at, successes, gained, fined, held = (
                a[success] for a in (live, at, successes, gained, fined, held))
    else:
        if live.size:
            raise InvalidArgumentError(ngettext(
                "some turns were still going after {n} roll.",
                "some turns were still going after {n} rolls.", max_rolls).format(n=max_rolls))
    return TurnBatch(net, position, rolls)


def _step_tables(rules: Rules) -> tuple[np.ndarray, ...]:
    """What one roll does, by (position, dice k, two-highest result), flattened as
    ``(position * 5 + k) * 13 + result``: success, the new position, chips gained, and the
    spaces fallen back (the fine before it is capped by the chips the player has)."""
    position, k, result = (a.ravel() for a in np.indices((ATTIC + 1, 5, 13)))
    spaces = np.asarray(rules.spaces)
    needed = np.append(spaces, rules.attic_roll)          # result needed from each position
    current = np.concatenate(([0], spaces))                 # number of each position
    rewards = np.asarray(rules.reward_table.rows, dtype=np.int64)
    success = result >= needed[position]
    target = np.minimum(position + 1, ATTIC)
    reward = np.where(success, rewards[target - 1, np.clip(k, 2, 4) - 2], 0)
    failure = ~success & (position > START) & (result < current[position])
    landing = np.searchsorted(spaces, result, side="right")
    back = np.where(failure, position - landing, 0)
    after = np.where(success, target, np.where(failure, landing, position))
    return success, after, reward, back


def strategy_table(arrays: dict[str, np.ndarray], turns: int, rng: np.random.Generator, *,
                   rules: Rules | None = None) -> pd.DataFrame:
    """Each named policy array from the start: exact chips per turn beside a simulation of
    ``turns`` turns with its 95% interval."""
    rules = rules or Rules.standard()
    rows = []
    for name, array in arrays.items():
        exact = policy_array_value(array, START, rules)
        mean, low, high = simulate_turns(array, START, turns, rng, rules=rules).mean_interval()
        rows.append({"strategy": name, "exact": round(float(exact), 4),
                     "simulated": round(mean, 4), "95% low": round(low, 4),
                     "95% high": round(high, 4)})
    return pd.DataFrame(rows)


def engine_turns(policy: np.ndarray, start: int | np.ndarray, turns: int, *,
                 rules: Rules | None = None, chips: int | np.ndarray, dice: np.ndarray,
                 max_rolls: int = 200) -> TurnBatch:
    """:func:`simulate_turns` played on the engine, turn by turn, with the dice of ``dice``:
    Hanja on ``start[t]``, the player holding ``chips[t]`` face-down chips, the rest of the
    box in the stockpile, no penalty chips; the policy chooses the dice or stops."""
    rules = rules or Rules.standard()
    start = np.broadcast_to(np.asarray(start, dtype=np.int64), (turns,))
    held = np.broadcast_to(np.asarray(chips, dtype=np.int64), (turns,))
    net, positions, rolls = (np.zeros(turns, dtype=np.int64) for _ in range(3))
    for t in range(turns):
        game = spookies_rules.position(["A", "B"], figures={"Hanja": int(start[t])}, rules=rules,
                        stockpile=rules.total_chips - int(held[t]), chips=[int(held[t]), 0],
                        figure="Hanja")
        step = 0
        while game.current == 0 and step < max_rolls:
            column = min(game.successes, policy.shape[1] - 1)
            k = int(policy[game.positions[2], column])
            if k == 0:
                game.apply(Action("stop"))
                break
            game.apply(Action("roll", k))
            game.apply_chance(tuple(int(f) for f in dice[t, step, :k]))
            step += 1
        net[t], positions[t], rolls[t] = game.chip_counts()[0] - held[t], game.positions[2], step
    return TurnBatch(net, positions, rolls)


def _turn_cases():
    """Four policies (the optimal one for a rich and for a poor player, "stop after 3" with 3
    dice, greedy) from random spaces with random chips held, on random dice."""
    rules = Rules.standard()
    policies = {"optimal": policy_array(solve_turn(rules)),
                "optimal, poor": policy_array(solve_turn(rules, held=1), chips=1),
                "stop after 3": stop_after_array(3, dice=3), "greedy": greedy_array(rules)}
    for label, policy in policies.items():
        def make(seed: int, policy: np.ndarray = policy) -> tuple:
            rng = np.random.default_rng(seed)
            return (policy, rng.integers(0, 8, size=30), 30, rules, rng.integers(0, 9, size=30),
                    rng.integers(1, 7, size=(30, 200, 4)))
        yield label, make


VECTORIZED_TURNS = register(Kernel(
    "spookies", "vectorized turns",
    "thousands of single turns at once (numpy), no penalty chips, an unlimited stockpile",
    run=lambda policy, start, turns, rules, chips, dice: simulate_turns(
        policy, start, turns, rules=rules, chips=chips, dice=dice),
    general=lambda policy, start, turns, rules, chips, dice: engine_turns(
        policy, start, turns, rules=rules, chips=chips, dice=dice),
    cases=_turn_cases))
