"""Seeded Monte Carlo of Mouse Trap: whole games through the rules engine, and a fast
vectorized study of how long the trap takes to build.

:func:`play_games` drives every game through ``MouseTrapState``: chance nodes are sampled
from their exact outcomes, decisions are made by bots (``strategies``).

:func:`trap_completion_turns` plays thousands of games at once with numpy, but only up to
the moment the trap is complete. Until then only the die matters: no crank can be turned
(Turn Crank needs the trap), so nobody is caught or moved by others, and cheese never
changes where a mouse goes. ``tests/test_mouse_trap_simulate.py`` checks that it gives the
engine's turn, game by game, when both are given the same dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..._checks import require_int
from ...errors import InvalidArgumentError
from ...simulation import Estimate, outcome_at, progress
from .board import Board, default_board
from .rules import CRANK, MouseTrapState, new_game
from .strategies import Bot, get_strategy

#: A game that has not ended after this many turns is stopped and counted as unfinished
#: (with r = 0 the trap never catches anyone, so a game could go on for ever).
MAX_TURNS = 3000


@dataclass(frozen=True)
class GameRecord:
    """What one simulated game produced."""

    players: int
    winner: int | None            # None: stopped after MAX_TURNS turns
    turns: int                    # turns played (one turn = one mouse's go)
    trap_completed_on_turn: int | None
    cranks: int                   # how often the crank was turned
    catches: int                  # how many of those cranks worked
    leaders: tuple[int, ...] = ()  # the mice with the most cheese when the trap was completed

    @property
    def leader_won(self) -> bool:
        """Did a mouse that led in cheese when the trap was completed win?"""
        return self.winner is not None and self.winner in self.leaders


class _Chance:
    """Samples chance outcomes from a generator, drawing random numbers in blocks (fast)."""

    def __init__(self, rng: np.random.Generator, block: int = 1024) -> None:
        self.rng, self.block = rng, block
        self.uniforms = rng.random(block)
        self.i = 0

    def pick(self, outcomes: list[tuple[object, Fraction]]) -> object:
        if self.i == self.block:
            self.uniforms = self.rng.random(self.block)
            self.i = 0
        u = self.uniforms[self.i]
        self.i += 1
        return outcome_at(outcomes, u)


def play_game(state: MouseTrapState, bots: Sequence[Bot], rng: np.random.Generator,
              max_turns: int = MAX_TURNS) -> GameRecord:
    """Play ``state`` to the end (or ``max_turns``) with one bot per seat; returns the record."""
    chance = _Chance(rng)
    cranks = catches = 0
    leaders: tuple[int, ...] = ()
    outcomes_of: dict[str, list[tuple[object, Fraction]]] = {}  # each phase's list never changes
    while not state.is_over and state.turns < max_turns:
        if not leaders and state.trap_complete:
            most = max(state.cheese[s] for s in state.alive())
            leaders = tuple(s for s in state.alive() if state.cheese[s] == most)
        if state.is_chance_node:
            if state.phase not in outcomes_of:
                outcomes_of[state.phase] = state.chance_outcomes()
            outcome = chance.pick(outcomes_of[state.phase])
            if state.phase == CRANK:
                cranks += 1
                catches += outcome == "works"
            state.apply_action(outcome)
        else:
            state.apply_action(bots[state.current](state))
    return GameRecord(state.players, state.winner, state.turns, state.trap_completed_on_turn,
                      cranks, catches, leaders)


def play_games(games: int, players: int, rng: np.random.Generator, *,
               reliability: object | None = None, strategies: Sequence[str | Bot] | str = "reachable",
               board: Board | None = None, max_turns: int = MAX_TURNS,
               description: str = "") -> list[GameRecord]:
    """Simulate ``games`` games; ``strategies`` is one name for everybody or one per seat."""
    games = require_int(games, "games", minimum=1)
    probe = new_game(players, reliability, board)
    if probe.reliability == 0:
        raise InvalidArgumentError("with r = 0 the trap never catches a mouse, so no game ever "
                                   "ends: give r > 0 (for example \"1/4\").")
    if isinstance(strategies, str) or callable(strategies):
        strategies = [strategies] * probe.players
    if len(strategies) != probe.players:
        raise InvalidArgumentError(
            f"give one strategy per seat ({probe.players}), not {len(strategies)}.")
    bots = [get_strategy(s) for s in strategies]
    return [play_game(probe.copy(), bots, rng, max_turns)
            for _ in progress(range(games), games, description)]


def trap_completion_turns(games: int, players: int, rng: np.random.Generator | None = None,
                          *, board: Board | None = None, dice: np.ndarray | None = None,
                          max_turns: int = MAX_TURNS) -> np.ndarray:
    """The turn on which the trap is complete in each of ``games`` games (numpy, all at once).

    Turns count every player's go, as ``GameRecord.trap_completed_on_turn`` does. Dice come
    from ``rng`` (one roll per game per turn), or from ``dice`` with shape (games, turns):
    turn t of game g rolls ``dice[g, t]``. A game not complete after ``max_turns`` gets 0.
    """
    board = board or default_board()
    games = require_int(games, "games", minimum=1)
    players = require_int(players, "players (the number of mice)", minimum=2, maximum=4)
    if dice is None and rng is None:
        raise InvalidArgumentError("give a seeded rng or an array of dice.")
    sides = board.die_sides
    size = len(board.spaces)
    # One move as tables: the space a roll of s from space i lands on (and acts on), where
    # the mouse then stays (a jump's target), and the parts a landing on each space builds.
    landed = np.zeros((size, sides + 1), dtype=np.int64)
    rest = np.zeros((size, sides + 1), dtype=np.int64)
    builds = np.zeros(size, dtype=np.int64)
    for i, space in enumerate(board.spaces):
        if space.kind == "build" and players in space.players:
            builds[i] = board.loop_build_parts if board.in_loop(i) else 1
        for steps in range(1, sides + 1):
            landed[i, steps] = board.land(i, steps)
            reached = board.spaces[landed[i, steps]]
            rest[i, steps] = reached.target if reached.kind == "go_to" else landed[i, steps]
    positions = np.zeros((games, players), dtype=np.int64)
    parts = np.zeros(games, dtype=np.int64)
    completed = np.zeros(games, dtype=np.int64)
    live = np.arange(games)
    for turn in range(max_turns):
        if live.size == 0:
            break
        if dice is not None:
            if turn >= dice.shape[1]:
                raise InvalidArgumentError(f"the dice array has only {dice.shape[1]} turns, "
                                           f"but some traps are not complete by then.")
            steps = dice[live, turn]
        else:
            steps = rng.integers(1, sides + 1, size=games)[live]
        seat = turn % players
        where = positions[live, seat]
        parts[live] += np.minimum(builds[landed[where, steps]], board.trap_parts - parts[live])
        positions[live, seat] = rest[where, steps]
        done = parts[live] >= board.trap_parts
        completed[live[done]] = turn + 1
        live = live[~done]
    return completed


@dataclass(frozen=True)
class MeanEstimate:
    """A simulated mean with a normal 95% interval (many games: the mean is nearly normal)."""

    mean: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.mean:.1f} (95% CI {self.low:.1f} to {self.high:.1f}, n = {self.n})"


def mean_estimate(values: Sequence[float] | np.ndarray) -> MeanEstimate:
    """The mean of ``values`` (at least 2) with its 95% interval, mean ± 1.96 s/√n."""
    values = np.asarray(values, dtype=float)
    if values.size < 2:
        raise InvalidArgumentError("an interval needs at least 2 values.")
    half = 1.959963984540054 * float(values.std(ddof=1)) / np.sqrt(values.size)
    mean = float(values.mean())
    return MeanEstimate(mean, mean - half, mean + half, int(values.size))


def mean_length(records: Sequence[GameRecord]) -> MeanEstimate:
    """The mean game length in turns, with its 95% interval. A game stopped unfinished at
    ``max_turns`` has no length yet (counting it as ``max_turns`` would bias the mean down), so
    a list holding one is refused."""
    unfinished = sum(r.winner is None for r in records)
    if unfinished:
        raise InvalidArgumentError(
            f"{unfinished} of {len(records)} games were stopped unfinished at the turn cap, so "
            f"their length is unknown and no mean is given: use a larger r, or play_games(..., "
            f"max_turns=...) with a higher cap.")
    return mean_estimate([r.turns for r in records])


def win_rates(records: Sequence[GameRecord]) -> dict[int, Estimate]:
    """For each seat, the share of finished games it won (with a 95% interval)."""
    finished = [r for r in records if r.winner is not None]
    players = records[0].players
    return {seat: Estimate(sum(r.winner == seat for r in finished), len(finished))
            for seat in range(players)}


def counts(values: Sequence[int]) -> dict[int, int]:
    """How often each value occurs, in increasing order of value."""
    result: dict[int, int] = {}
    for v in sorted(values):
        result[v] = result.get(v, 0) + 1
    return result
