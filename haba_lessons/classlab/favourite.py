"""Who is the favourite now? The exact game value at what the attempts say about each child.

The exact win chances come from ``haba_lessons.games.quiet_as_a_mouse.exact_game_value``
(q = 0, strategy "most open"), with each child's p read off their Beta posterior and
rounded to the nearest 0.05. Each call solves the whole game exactly (half a second to two
seconds for two players), so the uncertainty is carried through with the monotone corners of
the posterior box: a child's win chance grows with their own p and shrinks as the others' p
grow, so it is lowest when their p is at the bottom of its 95% interval and the others' at the top, and
highest the other way round. The tests check that monotonicity at sample points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import pandas as pd

from ..errors import InvalidArgumentError
from ..games.quiet_as_a_mouse import exact_game_value, make_skills
from .inference import BetaPosterior


def twentieths(x: float) -> Fraction:
    """x rounded to the nearest 1/20 (0.05), as an exact fraction: small denominators keep
    the exact solver fast, and the data cannot tell p closer than that anyway."""
    return Fraction(round(float(x) * 20), 20)


def win_chances(ps: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """Each seat's exact chance of winning (ties count for every winner) when seat i has p[i]."""
    if not 2 <= len(ps) <= 3:
        raise InvalidArgumentError("give the steadiness of 2 or 3 players (4 is too slow to "
                                   "solve exactly in a lesson).")
    return _win_chances(tuple(Fraction(p) for p in ps))


@lru_cache(maxsize=64)
def _win_chances(ps: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    return exact_game_value(len(ps), make_skills(len(ps), p=list(ps))).win


@dataclass(frozen=True)
class FavouriteRow:
    seat: int
    p: Fraction
    win: Fraction
    low: Fraction
    high: Fraction


def favourite_table(posteriors: Sequence[BetaPosterior], level: float = 0.95) -> list[FavouriteRow]:
    """For each seat: p (posterior mean), exact win chance there, and its range over the box."""
    means = [twentieths(post.mean) for post in posteriors]
    bounds = [tuple(twentieths(x) for x in post.interval(level)) for post in posteriors]
    central = win_chances(means)
    rows = []
    for seat in range(len(posteriors)):
        worst = [bounds[i][0] if i == seat else bounds[i][1] for i in range(len(posteriors))]
        best = [bounds[i][1] if i == seat else bounds[i][0] for i in range(len(posteriors))]
        rows.append(FavouriteRow(seat + 1, means[seat], central[seat],
                                 win_chances(worst)[seat], win_chances(best)[seat]))
    return rows


def favourite_frame(posteriors: Sequence[BetaPosterior], level: float = 0.95) -> pd.DataFrame:
    """``favourite_table`` as a table to show: win chances to 3 decimals, one row per seat."""
    return pd.DataFrame([{"seat": row.seat, "p (posterior mean, to 0.05)": float(row.p),
                          "P(win)": round(float(row.win), 3),
                          "lowest (corner)": round(float(row.low), 3),
                          "highest (corner)": round(float(row.high), 3)}
                         for row in favourite_table(posteriors, level)])
