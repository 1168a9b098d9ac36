"""Seeded simulation of whole games of Quiet as a Mouse, through the engine's play loop.

Use it where the exact analysis does not reach: sticks that slide out (q > 0), or long
studies of whole games. Every game is played by :func:`haba_lessons.engine.play` with the
hole strategy's bot in every seat; its record is the engine's
:class:`~haba_lessons.engine.Result` (winners, turns, and the facts ``reason`` and
``sticks_out``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pandas as pd

from ..._checks import require_int
from ...engine import Result, play, result
from ...engine.arguments import sequence_field
from ...errors import InvalidArgumentError
from ...i18n import N_, _
from ...simulation import MeanEstimate, mean_interval, progress, wilson_interval
from .layout import Layout, load_layout
from .rules import Game, Skill, make_skills
from .strategies import named

#: A game that has not ended after this many turns is stopped (only p = 0 for all can do that).
MAX_TURNS = 10_000

#: The first name of the engine's :class:`~haba_lessons.engine.Result` for this game.
GameResult = Result


def play_game(players: int, skills: Sequence[Skill], rng: np.random.Generator,
              strategy: str = "most open", layout: Layout | None = None,
              game: Game | None = None) -> Result:
    """Play one game to the end (``game``, or a new one), chance and choices drawn with
    ``rng``."""
    bot = named(strategy)
    game = game or Game(players, skills, layout)
    if not any(s.p for s in game.skills):
        raise InvalidArgumentError(_("with p = 0 for every player no stick ever stays in and "
                                     "the game never ends; give someone p > 0."))
    play(game, [bot] * game.players, rng=rng, max_turns=MAX_TURNS)
    return result(game, [getattr(bot, "name", strategy)] * game.players)


def simulate_games(games: int, players: int, skills: Sequence[Skill],
                   rng: np.random.Generator, strategy: str = "most open",
                   layout: Layout | None = None, description: str = "") -> list[Result]:
    """Play ``games`` seeded games (a progress bar in notebooks)."""
    games = require_int(games, "games", minimum=1)
    layout = layout or load_layout()   # read the data file once, not once per game
    return [play_game(players, skills, rng, strategy, layout)
            for _ in progress(range(games), games, description)]


def win_counts(results: Sequence[Result], players: int) -> list[int]:
    """How many of the games each seat won (a shared win counts for every winner)."""
    counts = [0] * players
    for outcome in results:
        for w in outcome.winners:
            counts[w] += 1
    return counts


def first_roll_blocked_counts(games: int, rng: np.random.Generator,
                              strategy: str = "most open",
                              layout: Layout | None = None) -> list[tuple[int, int]]:
    """Fill the castle ``games`` times with steady hands (p = 1, q = 0), watching first rolls.

    Returns, for each number of sticks k already in the castle, ``(blocked, games)``: in how
    many games the *first* roll made with k sticks in the castle was blocked (read from the
    game's log, where every roll is noted with the sticks in the castle). That is the
    simulated counterpart of ``blocked_as_castle_fills`` (counting every roll instead would
    over-weight crowded castles, where blocked rolls repeat).
    """
    games = require_int(games, "games", minimum=1)
    bot = named(strategy)
    layout = layout or load_layout()
    # plenty of sticks in every hand: only the castle decides when the filling stops
    # (with the real 8 sticks a game can end early at a last stick, before 11 are in)
    plenty = replace(layout, sticks_total=2 * layout.sticks_to_end,
                     sticks_per_player={2: layout.sticks_to_end})
    blocked = [0] * layout.sticks_to_end
    for _ in progress(range(games), games, "filling castles"):
        game = play(Game(2, [Skill(1), Skill(1)], plenty), [bot, bot], rng=rng)
        seen: set[int] = set()
        for event in game.log:
            if event.kind in ("roll", "blocked") and event.args[-1] not in seen:
                seen.add(event.args[-1])
                blocked[event.args[-1]] += event.kind == "blocked"
    return [(b, games) for b in blocked]


def mean_turns_interval(results: Sequence[Result]) -> MeanEstimate:
    """The mean number of turns of ``results`` and its 95% interval (``mean, low, high``)."""
    return mean_interval([r.turns for r in results])


def slide_out_table(qs: Sequence[Fraction], games: int, p: Fraction, rng: np.random.Generator,
                    strategy: str = "most open", layout: Layout | None = None) -> pd.DataFrame:
    """Two equal players (skill ``p``) for each slide-out chance ``q``: mean turns and the
    share of games ended by a player's last stick, each with its 95% interval. Every ``q``
    is checked before the first game is played."""
    qs = sequence_field(qs, "qs", what=N_("slide-out chances q"))
    if not qs:
        raise InvalidArgumentError(_("qs: give at least one slide-out chance q, like "
                                     "[0, Fraction(1, 10)]."))
    skills = [make_skills(2, p=p, q=q) for q in qs]
    rows = []
    for q, two in zip(qs, skills):
        results = simulate_games(games, 2, two, rng, strategy, layout, description=f"q = {q}")
        mean, low, high = mean_turns_interval(results)
        ended = sum("last stick" in r.reason for r in results)
        share_low, share_high = wilson_interval(ended, games)
        rows.append({"q": str(q), "games": games, "mean turns": round(mean, 1),
                     "turns 95% low": round(low, 1), "turns 95% high": round(high, 1),
                     "mean sticks out": round(sum(r.sticks_out for r in results) / games, 2),
                     "ended by a last stick": round(ended / games, 3),
                     "share 95% low": round(share_low, 3), "share 95% high": round(share_high, 3)})
    return pd.DataFrame(rows)
