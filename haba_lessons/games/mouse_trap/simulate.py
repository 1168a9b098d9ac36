"""Seeded Monte Carlo of whole Mouse Trap games, played by the rules engine itself.

Every game is driven through ``MouseTrapState``: chance nodes are sampled from their exact
outcomes, decisions are made by bots (``strategies``). Nothing about the rules is repeated
here, so the simulation cannot drift away from the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..._checks import require_int
from ...errors import InvalidArgumentError
from ...simulation import Estimate, outcome_at, progress
from .board import Board
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
    while not state.is_over and state.turns < max_turns:
        if not leaders and state.trap_complete:
            most = max(state.cheese[s] for s in state.alive())
            leaders = tuple(s for s in state.alive() if state.cheese[s] == most)
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            outcome = chance.pick(outcomes)
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
    if isinstance(strategies, str) or callable(strategies):
        strategies = [strategies] * probe.players
    if len(strategies) != probe.players:
        raise InvalidArgumentError(
            f"give one strategy per seat ({probe.players}), not {len(strategies)}.")
    bots = [get_strategy(s) for s in strategies]
    return [play_game(probe.copy(), bots, rng, max_turns)
            for _ in progress(range(games), games, description)]


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
