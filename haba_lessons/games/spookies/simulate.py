"""Seeded Spookies simulations: whole games with the engine, and many single turns at once.

- :func:`play_game` plays one full game with any mix of strategies through the rules
  engine (chance drawn with seeded generators).
- :func:`tournament` plays many games, rotating the seats, and tabulates win rates with
  Wilson 95% intervals.
- :func:`simulate_turns` is a second, vectorized implementation of one turn (numpy, all
  turns in parallel) for large studies. It assumes no penalty chips on the board and an
  unlimited stockpile; ``tests/test_spookies_simulate.py`` checks that it agrees with the
  engine roll for roll when both are given the same dice.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..._checks import require_int
from ...errors import InvalidArgumentError
from ...simulation import COURSE_SEED, progress, wilson_interval
from .analysis import TurnPolicy, policy_array_value, success_probability
from .board import DICE_CHOICES
from .rules import ATTIC, START, Rules, SpookiesGame, new_game
from .strategies import Strategy, get_strategy

MAX_TURNS = 5_000


@dataclass(frozen=True)
class GameResult:
    """The end of one game: points and chips per seat, the winners (ties share the win)."""

    strategies: tuple[str, ...]
    points: tuple[int, ...]
    chips: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int


def play_game(strategies: Sequence[str | Strategy], *, seed: int = COURSE_SEED,
              rules: Rules | None = None, free_choice: bool | None = None) -> GameResult:
    """Play one full game, one seat per strategy (2-5 seats), and return the result."""
    bots = [get_strategy(s) for s in strategies]
    seed = require_int(seed, "seed", minimum=0)
    game = new_game([b.name for b in bots], rules=rules, seed=seed, free_choice=free_choice)
    finish_game(game, bots, np.random.default_rng([seed, 1]))
    return GameResult(tuple(b.name for b in bots), tuple(game.points()),
                      tuple(game.chip_counts()), game.winners, game.turn - 1)


def finish_game(game: SpookiesGame, bots: Sequence[Strategy],
                rng: np.random.Generator) -> None:
    """Play ``game`` to the end: chance with the game's generator, decisions by the bots."""
    while not game.is_over:
        if game.turn > MAX_TURNS:
            raise InvalidArgumentError(f"the game did not end after {MAX_TURNS} turns: does "
                                       f"the reward table pay any chips?")
        if game.is_chance_node:
            game.sample_chance()
        else:
            game.apply(bots[game.current](game, rng))


def tournament(strategies: Sequence[str | Strategy], games: int, *, seed: int = COURSE_SEED,
               rules: Rules | None = None, free_choice: bool | None = None,
               description: str = "games") -> pd.DataFrame:
    """Play ``games`` games with one seat per strategy; seats rotate so nobody always starts.

    A game counts as a win for every player with the most points (ties share the win), so
    win rates can add up to a little more than 1. Mean points come with a normal 95% interval.
    """
    bots = [get_strategy(s) for s in strategies]
    games = require_int(games, "games", minimum=1)
    seed = require_int(seed, "seed", minimum=0)
    seats = len(bots)
    wins = [0] * seats
    points = [0] * seats
    squares = [0] * seats
    for g in progress(range(games), games, description):
        shift = g % seats
        order = bots[shift:] + bots[:shift]
        result = play_game(order, seed=seed + g, rules=rules, free_choice=free_choice)
        for seat in range(seats):
            original = (seat + shift) % seats
            wins[original] += seat in result.winners
            points[original] += result.points[seat]
            squares[original] += result.points[seat] ** 2
    rows = []
    for i, bot in enumerate(bots):
        low, high = wilson_interval(wins[i], games)
        mean = points[i] / games
        spread = math.sqrt(max(squares[i] - games * mean ** 2, 0) / (games - 1)) if games > 1 else 0.0
        half = 1.96 * spread / math.sqrt(games)
        rows.append({"strategy": bot.name, "games": games, "wins": wins[i],
                     "win rate": round(wins[i] / games, 3), "95% CI low": round(low, 3),
                     "95% CI high": round(high, 3),
                     "mean points": round(mean, 1), "points 95% low": round(mean - half, 1),
                     "points 95% high": round(mean + half, 1)})
    return pd.DataFrame(rows)


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

    def mean_interval(self) -> tuple[float, float, float]:
        """The mean net chips and a normal 95% interval for it."""
        mean = float(self.net.mean())
        half = 1.96 * float(self.net.std(ddof=1)) / math.sqrt(self.net.size)
        return mean, mean - half, mean + half


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
    """Play ``turns`` single turns at once with a policy array (see :func:`policy_array`).

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
    position = np.broadcast_to(np.asarray(start, dtype=np.int64), (turns,)).copy()
    if ((position < START) | (position > ATTIC)).any():
        raise InvalidArgumentError("start positions must be 0 (start) to 7 (attic).")
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
                raise InvalidArgumentError(f"the dice array has only {dice.shape[1]} rolls "
                                           f"per turn, but some turns need more.")
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
            raise InvalidArgumentError(f"some turns were still going after {max_rolls} rolls.")
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
        rows.append({"strategy": name, "exact": round(float(exact), 3),
                     "simulated": round(mean, 3), "95% low": round(low, 3),
                     "95% high": round(high, 3)})
    return pd.DataFrame(rows)
