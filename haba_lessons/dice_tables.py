"""The tables of the dice lessons (notebooks 01 and 02), built here so a notebook cell shows the idea.

Each function returns a pandas DataFrame ready to display; the numbers come from exact
distributions or the counting formulas, never from floats.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import floor

import pandas as pd
import sympy

from .i18n import _, ngettext
from ._checks import require_int
from .counting import n as dice_symbol
from .counting import top_two_count, top_two_pairs
from .distribution import Distribution
from .errors import InvalidArgumentError

#: The spaces of the Spookies board a figure climbs to (rulebook): "reach ≥t".
SPOOKIES_TARGETS = tuple(range(5, 12))


def ways_table(distribution: Distribution, outcomes: int) -> pd.DataFrame:
    """For each result: the number of the ``outcomes`` equally likely outcomes giving it, and its probability."""
    outcomes = require_int(outcomes, "outcomes", minimum=1)
    return pd.DataFrame({
        _("ways (out of {outcomes})").format(outcomes=outcomes):
            {r: int(p * outcomes) for r, p in distribution.items()},
        _("probability"): {r: str(p) for r, p in distribution.items()},
    }).T


def counts_by_dice(distributions: Mapping[int, Distribution], sides: int = 6) -> pd.DataFrame:
    """One row per number of dice k: how many of the sides**k rolls give each result."""
    return pd.DataFrame({ngettext("{k} die (of {outcomes})", "{k} dice (of {outcomes})", k)
                         .format(k=k, outcomes=sides**k): {r: int(p * sides**k) for r, p in dist.items()}
                         for k, dist in distributions.items()}).T.fillna(0).astype(int)


def top_pair_table(dice: int, sides: int = 6) -> pd.DataFrame:
    """N(a, b) for every top pair a ≥ b of ``dice`` dice (rows a, columns b); blank where a < b."""
    return pd.DataFrame({f"b = {low}": {f"a = {high}": top_two_count(high, low, dice=dice, sides=sides)
                                        if low <= high else "" for high in range(1, sides + 1)}
                         for low in range(1, sides + 1)})


def formula_table(formulas: Mapping[int, sympy.Expr], dice: tuple[int, ...] = (2, 3, 4)) -> pd.DataFrame:
    """Per total: its top pairs, the count as a formula in n, and the formula at each number of dice."""
    table = {
        _("pairs (a, b)"): {t: " ".join(f"({a}, {b})" for a, b in top_two_pairs(t)) for t in formulas},
        _("rolls with this total, n dice"): {t: str(sympy.powsimp(sympy.expand(f), combine="exp"))
                                          for t, f in formulas.items()},
    }
    for k in dice:
        table[f"n = {k}"] = {t: int(sympy.sympify(f).subs(dice_symbol, k)) for t, f in formulas.items()}
    return pd.DataFrame(table)


def success_table(best: Mapping[int, Distribution]) -> pd.DataFrame:
    """Spookies' chances of success per space and number of dice, and of a 12 in the attic."""
    return pd.DataFrame({
        _dice(k): {**{_reach(t): str(dist.at_least(t)) for t in SPOOKIES_TARGETS},
                   _("a 12 in the attic"): str(dist[12])}
        for k, dist in best.items()})


def one_in(p: Fraction) -> int:
    """"About 1 in N": 1/p rounded half up."""
    if p <= 0:
        raise InvalidArgumentError(_("an event of chance {p} never happens: it is not 1 in "
                                     "any number of tries.").format(p=p))
    return floor(1 / Fraction(p) + Fraction(1, 2))


def fair_odds_table(best: Mapping[int, Distribution]) -> pd.DataFrame:
    """The "1 in N" chance of each success of ``success_table``, rounded half up."""
    return pd.DataFrame({_dice(k): {_reach(t): one_in(dist.at_least(t)) for t in SPOOKIES_TARGETS}
                         for k, dist in best.items()})


def _dice(k: int) -> str:
    return ngettext("{k} die", "{k} dice", k).format(k=k)


def _reach(target: int) -> str:
    return _("reach ≥{target}").format(target=target)
