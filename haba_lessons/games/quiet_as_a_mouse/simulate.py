"""Seeded simulation of whole games with the rules engine (no second implementation).

Use it where the exact analysis does not reach: sticks that slide out (q > 0), or long
studies of whole games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np
import pandas as pd

from ..._checks import require_int
from ...errors import InvalidArgumentError
from ...simulation import progress, sample_outcome, wilson_interval
from .layout import Layout, load_layout
from .rules import Game, Skill, make_skills
from .strategies import strategy_named

#: A game that has not ended after this many turns is stopped (only p = 0 for all can do that).
MAX_TURNS = 10_000


@dataclass(frozen=True)
class GameResult:
    """How one simulated game ended."""

    winners: tuple[int, ...]
    turns: int
    reason: str
    sticks_out: int


def play_game(players: int, skills: Sequence[Skill], rng: np.random.Generator,
              strategy: str = "most open", layout: Layout | None = None,
              game: Game | None = None) -> GameResult:
    """Play one game to the end: dice and attempts sampled from the engine's chance outcomes."""
    choose = strategy_named(strategy)
    game = game or Game(players, skills, layout)
    if not any(s.p for s in game.skills):
        raise InvalidArgumentError("with p = 0 for every player no stick ever stays in and the "
                                   "game never ends; give someone p > 0.")
    while game.phase != "over":
        if game.turns > MAX_TURNS:
            raise InvalidArgumentError(f"the game did not end in {MAX_TURNS} turns.")
        if game.phase == "choose":
            game.choose_pair(choose(game, rng))
        elif game.phase == "roll":  # same as sampling chance_outcomes(): two fair dice
            faces = game.layout.die_faces
            game.apply_roll((faces[rng.integers(len(faces))], faces[rng.integers(len(faces))]))
        else:
            game.apply_chance(sample_outcome(game.chance_outcomes(), rng))
    return GameResult(tuple(game.winners), game.turns, game.end_reason, game.out_of_game)


def simulate_games(games: int, players: int, skills: Sequence[Skill],
                   rng: np.random.Generator, strategy: str = "most open",
                   layout: Layout | None = None, description: str = "") -> list[GameResult]:
    """Play ``games`` seeded games (a progress bar in notebooks)."""
    games = require_int(games, "games", minimum=1)
    layout = layout or load_layout()   # read the data file once, not once per game
    return [play_game(players, skills, rng, strategy, layout)
            for _ in progress(range(games), games, description)]


def win_counts(results: Sequence[GameResult], players: int) -> list[int]:
    """How many of the games each seat won (a shared win counts for every winner)."""
    counts = [0] * players
    for result in results:
        for w in result.winners:
            counts[w] += 1
    return counts


def first_roll_blocked_counts(games: int, rng: np.random.Generator,
                              strategy: str = "most open",
                              layout: Layout | None = None) -> list[tuple[int, int]]:
    """Fill the castle ``games`` times with steady hands (p = 1, q = 0), watching first rolls.

    Returns, for each number of sticks k already in the castle, ``(blocked, games)``: in how
    many games the *first* roll made with k sticks in the castle was blocked. That is the
    simulated counterpart of ``blocked_as_castle_fills`` (counting every roll instead would
    over-weight crowded castles, where blocked rolls repeat).
    """
    games = require_int(games, "games", minimum=1)
    choose = strategy_named(strategy)
    layout = layout or load_layout()
    # plenty of sticks in every hand: only the castle decides when the filling stops
    # (with the real 8 sticks a game can end early at a last stick, before 11 are in)
    plenty = replace(layout, sticks_total=2 * layout.sticks_to_end,
                     sticks_per_player={2: layout.sticks_to_end})
    blocked = [0] * layout.sticks_to_end
    faces = layout.die_faces
    for _ in progress(range(games), games, "filling castles"):
        game = Game(2, [Skill(1), Skill(1)], plenty)
        seen: set[int] = set()
        while game.phase != "over":
            if game.phase == "roll":
                size = len(game.castle)
                game.apply_roll((faces[rng.integers(len(faces))], faces[rng.integers(len(faces))]))
                if size not in seen:
                    seen.add(size)
                    blocked[size] += int(game.phase == "roll")
            elif game.phase == "choose":
                game.choose_pair(choose(game, rng))
            else:
                game.apply_attempt("silent")
    return [(b, games) for b in blocked]


def mean_turns_interval(results: Sequence[GameResult]) -> tuple[float, float, float]:
    """The mean number of turns of ``results`` and a normal 95% interval for it."""
    turns = np.array([r.turns for r in results], dtype=float)
    half = 1.96 * float(turns.std(ddof=1)) / np.sqrt(turns.size) if turns.size > 1 else 0.0
    return float(turns.mean()), float(turns.mean()) - half, float(turns.mean()) + half


def slide_out_table(qs: Sequence[Fraction], games: int, p: Fraction, rng: np.random.Generator,
                    strategy: str = "most open", layout: Layout | None = None) -> pd.DataFrame:
    """Two equal players (skill ``p``) for each slide-out chance ``q``: mean turns and the
    share of games ended by a player's last stick, each with its 95% interval."""
    rows = []
    for q in qs:
        results = simulate_games(games, 2, make_skills(2, p=p, q=q), rng, strategy, layout,
                                 description=f"q = {q}")
        mean, low, high = mean_turns_interval(results)
        ended = sum("last stick" in r.reason for r in results)
        share_low, share_high = wilson_interval(ended, games)
        rows.append({"q": str(q), "games": games, "mean turns": round(mean, 1),
                     "turns 95% low": round(low, 1), "turns 95% high": round(high, 1),
                     "mean sticks out": round(sum(r.sticks_out for r in results) / games, 2),
                     "ended by a last stick": round(ended / games, 3),
                     "share 95% low": round(share_low, 3), "share 95% high": round(share_high, 3)})
    return pd.DataFrame(rows)
