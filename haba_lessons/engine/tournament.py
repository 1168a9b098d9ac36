"""The one seeded tournament: bots playing many games, win rates with 95% intervals."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import ExitStack

import numpy as np
import pandas as pd

from .._checks import require_int
from ..errors import InvalidArgumentError
from ..i18n import N_, _
from ..simulation import COURSE_SEED, mean_interval, progress, wilson_interval
from .ahead import drawing_ahead
from .loop import bot_name, play
from .protocol import Bot, GameState


def tournament(make_game: Callable[[int], GameState], bots: Sequence[Bot], games: int, *,
               seed: int = COURSE_SEED, rng: np.random.Generator | None = None,
               names: Sequence[str] | None = None, description: str = N_("games"),
               score: Callable[[GameState], Sequence[float]] | None = None,
               score_name: str = "score", max_turns: int | None = None,
               hint: str = "") -> pd.DataFrame:
    """Win rates of ``bots`` over ``games`` games, each with its 95% Wilson interval.

    ``make_game(seed)`` sets up one game with one seat per bot; game ``g`` gets the seed
    ``seed + g`` and is played with a generator made from it, or, when ``rng`` is given,
    every game draws from that one generator in turn (its numbers drawn ahead across the
    games when the game draws only with ``rng.random()``: the same numbers). The seats
    rotate by one each game (game ``g`` puts bot ``(i + g) % n`` in seat ``i``), so that
    nobody always starts. A game counts as a win for every winner (ties share), so win rates
    can add up to more than 1; a game called off at ``max_turns`` counts for nobody.
    ``score(state)`` (a value per seat, e.g. points) adds each bot's mean ``score_name``
    with its 95% interval.
    """
    games = require_int(games, "games", minimum=1)
    if score is not None and games < 2:
        raise InvalidArgumentError(_("games: give at least 2, not {n}: the mean {score} comes "
                                     "with an interval, and an interval needs 2 games or "
                                     "more.").format(n=games, score=_(score_name)))
    seed = require_int(seed, "seed", minimum=0)
    seats = len(bots)
    names = [bot_name(b) for b in bots] if names is None else list(names)
    if len(names) != seats:
        raise InvalidArgumentError(_("give one name per bot ({bots}), not {n}.").format(
            bots=seats, n=len(names)))
    wins = [0] * seats
    scores: list[list[float]] = [[] for _ in range(seats)]
    with ExitStack() as numbers:
        for g in progress(range(games), games, _(description)):
            order = [(i + g) % seats for i in range(seats)]        # seat -> bot index
            state = make_game(seed + g)
            if g == 0 and rng is not None and getattr(state, "DRAWS_AHEAD", False):
                rng = numbers.enter_context(drawing_ahead(rng))
            play(state, [bots[i] for i in order], rng=rng, seed=seed + g,
                 max_turns=max_turns, stop_at_limit=max_turns is not None, hint=hint)
            for seat in state.winners:
                wins[order[seat]] += 1
            if score is not None:
                for seat, value in enumerate(score(state)):
                    scores[order[seat]].append(float(value))
    rows = []
    for i in range(seats):
        low, high = wilson_interval(wins[i], games)
        row = {"strategy": names[i], "games": games, "wins": wins[i],
               "win rate": round(wins[i] / games, 3), "95% CI low": round(low, 3),
               "95% CI high": round(high, 3)}
        if score is not None:
            mean = float(np.mean(scores[i]))
            interval = mean_interval(scores[i])
            row[f"mean {score_name}"] = round(mean, 1)
            row[f"{score_name} 95% low"] = round(interval.low, 1)
            row[f"{score_name} 95% high"] = round(interval.high, 1)
        rows.append(row)
    return pd.DataFrame(rows)
