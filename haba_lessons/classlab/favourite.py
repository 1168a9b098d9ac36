"""Who is the favourite now? The game value of Quiet as a Mouse under what the attempts say.

Each child's steadiness p has a Beta posterior. Draw a p for every child from their
posterior, solve the game for that profile (two-player model of notebook 04: strategy
"most open", q = 0), and repeat a few thousand times: the win chances obtained form the
posterior of each child's win chance, so the uncertainty about p is carried all the way
into "who wins?". :func:`~haba_lessons.games.quiet_as_a_mouse.sweep.win_chances_many` solves
all the draws in one pass; :func:`win_chances` gives the exact fractions at one profile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pandas as pd

from .._checks import require_int
from ..errors import InvalidArgumentError
from ..games.quiet_as_a_mouse import exact_game_value, make_skills
from ..games.quiet_as_a_mouse.sweep import win_chances_many
from ..i18n import _
from .inference import BetaPosterior


def win_chances(ps: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """Each seat's exact chance of winning (ties count for every winner) when seat i has p[i]."""
    _check_seats(len(ps))
    return exact_game_value(len(ps), make_skills(len(ps), p=[Fraction(p) for p in ps])).win


def _check_seats(seats: int) -> None:
    if not 2 <= seats <= 3:
        raise InvalidArgumentError("give the steadiness of 2 or 3 players (4 is too slow to "
                                   "solve in a lesson).")


def posterior_win_draws(posteriors: Sequence[BetaPosterior], rng: np.random.Generator,
                        draws: int = 4000) -> np.ndarray:
    """Win chances for ``draws`` profiles drawn from the posteriors: one row per seat."""
    _check_seats(len(posteriors))
    draws = require_int(draws, "draws", minimum=100)
    profiles = np.vstack([rng.beta(post.a, post.b, draws) for post in posteriors])
    return win_chances_many(profiles)


@dataclass(frozen=True)
class FavouriteRow:
    seat: int
    win: float            # the posterior mean of the seat's win chance
    low: float            # central 95% of the posterior of the win chance
    high: float
    favourite: float      # share of draws in which this seat's win chance is the largest


def favourite_table(wins: np.ndarray, level: float = 0.95) -> list[FavouriteRow]:
    """For each seat, from :func:`posterior_win_draws`' rows: its win chance under the
    posterior (mean and central interval) and the posterior probability that it is the
    favourite."""
    wins = np.asarray(wins, dtype=float)
    if wins.ndim != 2 or len(wins) < 2:
        raise InvalidArgumentError("give the win chances as posterior_win_draws returns them: "
                                   "one row per seat.")
    tail = (1 - level) / 2
    best = wins.argmax(axis=0)
    return [FavouriteRow(seat + 1, float(row.mean()), float(np.quantile(row, tail)),
                         float(np.quantile(row, 1 - tail)), float(np.mean(best == seat)))
            for seat, row in enumerate(wins)]


def favourite_frame(wins: np.ndarray) -> pd.DataFrame:
    """``favourite_table`` as a table to show, to 3 decimals, one row per seat."""
    columns = [_("seat"), _("P(win), posterior mean"), _("95% from"), _("95% to"),
               _("P(the favourite)")]
    return pd.DataFrame([(row.seat, round(row.win, 3), round(row.low, 3), round(row.high, 3),
                          round(row.favourite, 3)) for row in favourite_table(wins)],
                        columns=columns)
