"""Seeded Monte Carlo of Mouse Trap: whole games through the engine's play loop, and a
fast vectorized study of how long the trap takes to build.

:func:`play_games` plays every game with :func:`haba_lessons.engine.play`: chance nodes are
sampled from their exact outcomes, decisions are made by bots (``strategies``), and each
game ends in the engine's :class:`~haba_lessons.engine.Result` record.

:func:`trap_completion_turns` plays thousands of games at once with numpy, but only up to
the moment the trap is complete. Until then only the die matters: no crank can be turned
(Turn Crank needs the trap), so nobody is caught or moved by others, and cheese never
changes where a mouse goes. It is registered as the kernel "trap completion", with the
same study played on the engine (:func:`engine_completion_turns`), and
``tests/test_kernels.py`` checks that both give the same turn, game by game, on the same
dice.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..._checks import require_int
from ...engine import Bot, Kernel, Result, play, register, result
from ...errors import InvalidArgumentError
from ...i18n import ngettext
from ...simulation import Estimate, MeanEstimate, mean_interval, progress
from .board import Board, default_board
from .rules import MouseTrapState, new_game
from .strategies import named

#: A game that has not ended after this many turns is stopped and counted as unfinished
#: (with r = 0 the trap never catches anyone, so a game could go on for ever).
MAX_TURNS = 3000

#: The first name of the engine's :class:`~haba_lessons.engine.Result` for this game.
GameRecord = Result


def play_game(state: MouseTrapState, bots: Sequence[Bot], rng: np.random.Generator,
              max_turns: int = MAX_TURNS) -> Result:
    """Play ``state`` to the end (or ``max_turns``) with one bot per seat; returns the record."""
    play(state, bots, rng=rng, max_turns=max_turns, stop_at_limit=True)
    return result(state, [getattr(b, "name", "") for b in bots])


def play_games(games: int, players: int, rng: np.random.Generator, *,
               reliability: object | None = None, strategies: Sequence[str | Bot] | str = "reachable",
               board: Board | None = None, max_turns: int = MAX_TURNS,
               description: str = "") -> list[Result]:
    """Simulate ``games`` games; ``strategies`` is one name for everybody or one per seat."""
    games = require_int(games, "games", minimum=1)
    probe = new_game(players, reliability=reliability, rules=board)
    if probe.reliability == 0:
        raise InvalidArgumentError("with r = 0 the trap never catches a mouse, so no game ever "
                                   "ends: give r > 0 (for example \"1/4\").")
    if isinstance(strategies, str) or callable(strategies):
        strategies = [strategies] * probe.players
    if len(strategies) != probe.players:
        raise InvalidArgumentError(
            f"give one strategy per seat ({probe.players}), not {len(strategies)}.")
    bots = [named(s) for s in strategies]
    return [play_game(probe.copy(), bots, rng, max_turns)
            for _ in progress(range(games), games, description)]


def trap_completion_turns(games: int, players: int, rng: np.random.Generator | None = None,
                          *, board: Board | None = None, dice: np.ndarray | None = None,
                          max_turns: int = MAX_TURNS) -> np.ndarray:
    """The turn on which the trap is complete in each of ``games`` games (numpy, all at once;
    the kernel "trap completion").

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
                raise InvalidArgumentError(ngettext(
                    "the dice array has only {n} turn, but some traps are not complete by then.",
                    "the dice array has only {n} turns, but some traps are not complete by "
                    "then.", dice.shape[1]).format(n=dice.shape[1]))
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


def engine_completion_turns(games: int, players: int, *, board: Board | None = None,
                            dice: np.ndarray, strategy: str = "reachable") -> np.ndarray:
    """:func:`trap_completion_turns` played on the engine, game by game, with the dice of
    ``dice`` (one roll per turn; bots decide the cheese, which cannot change the answer)."""
    completed = np.zeros(games, dtype=np.int64)
    bot, unused = named(strategy), np.random.default_rng(0)
    for g in range(games):
        state, used = new_game(players, rules=board), 0
        while state.trap_completed_on_turn is None and used < dice.shape[1]:
            if state.is_chance_node:
                state.apply_chance(int(dice[g, used]))
                used += 1
            else:
                state.apply(bot(state, unused))
        completed[g] = state.trap_completed_on_turn or 0
    return completed


def _completion_cases():
    """5 games of 2, 3 and 4 players, on the dice of a generator seeded by the test."""
    for players in (2, 3, 4):
        yield f"{players} players", lambda seed, players=players: (
            5, players, np.random.default_rng(seed).integers(1, 7, size=(5, 400)))


COMPLETION = register(Kernel(
    "mouse_trap", "trap completion",
    "the turn the trap is complete, thousands of games at once (numpy, only the die matters)",
    run=lambda games, players, dice: trap_completion_turns(games, players, dice=dice),
    general=lambda games, players, dice: engine_completion_turns(games, players, dice=dice),
    cases=_completion_cases))


def mean_estimate(values: Sequence[float] | np.ndarray) -> MeanEstimate:
    """The mean of ``values`` (at least 2) with its 95% interval, mean ± 1.96 s/√n."""
    return mean_interval(values)


def mean_length(records: Sequence[Result]) -> MeanEstimate:
    """The mean game length in turns, with its 95% interval. A game stopped unfinished at
    ``max_turns`` has no length yet (counting it as ``max_turns`` would bias the mean down), so
    a list holding one is refused."""
    unfinished = sum(r.winner is None for r in records)
    if unfinished:
        raise InvalidArgumentError(
            ngettext("{n} of {total} games was stopped unfinished at the turn cap, so its "
                     "length is unknown and no mean is given: use a larger r, or "
                     "play_games(..., max_turns=...) with a higher cap.",
                     "{n} of {total} games were stopped unfinished at the turn cap, so their "
                     "length is unknown and no mean is given: use a larger r, or "
                     "play_games(..., max_turns=...) with a higher cap.",
                     unfinished).format(n=unfinished, total=len(records)))
    return mean_estimate([r.turns for r in records])


def win_rates(records: Sequence[Result]) -> dict[int, Estimate]:
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
