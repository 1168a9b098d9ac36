"""The best two of n dice by a counting argument a student can follow, written with sympy.

``dice.keep_highest`` computes the distribution with a dynamic programme. This module derives
it a second, independent way, the way a class would on the board: count the ordered rolls
whose **highest** die is ``a`` and whose **second-highest** die is ``b`` (``a >= b``).

* ``a > b``: exactly one die shows ``a`` (``n`` ways to say which one); the other ``n - 1``
  dice are all at most ``b`` but not all below ``b``: ``b**(n-1) - (b-1)**(n-1)`` ways.
* ``a == b``: every die is at most ``a``, minus the rolls with no ``a`` and the rolls with
  exactly one ``a``: ``a**n - (a-1)**n - n*(a-1)**(n-1)`` ways.

The count for a total ``t`` adds these over the pairs with ``a + b == t``. Because ``n`` may
be a sympy symbol, the same code gives formulas valid for every number of dice, such as
``P(best two of n dice = 12) = (6**n - 5**n - n*5**(n-1)) / 6**n``.
"""

from __future__ import annotations

import itertools
from collections import Counter

import sympy

from ._checks import require_int
from .distribution import Distribution

#: The number of dice, as a symbol: formulas in ``n`` hold for every pool of two or more dice.
n = sympy.Symbol("n", integer=True, positive=True)
#: The highest and the second-highest die, as symbols for displaying the two counting rules.
a, b = sympy.symbols("a b", integer=True, positive=True)

#: Rolls of n dice whose highest die is a and second-highest is b, when a > b.
COUNT_HIGH_ABOVE_LOW = n * (b ** (n - 1) - (b - 1) ** (n - 1))
#: Rolls of n dice whose two highest dice both show a.
COUNT_HIGH_EQUALS_LOW = a ** n - (a - 1) ** n - n * (a - 1) ** (n - 1)

#: Brute force lists every roll; beyond this many dice it would take too long for a lesson.
MAX_BRUTE_FORCE_DICE = 7


def _dice_count(dice: int | sympy.Symbol) -> int | sympy.Symbol:
    if isinstance(dice, sympy.Symbol):
        return dice
    return require_int(dice, "dice (the number of dice rolled)", minimum=2)


def _power(base: int, exponent: int | sympy.Expr) -> int | sympy.Expr:
    """base**exponent, with 0**exponent = 0 (every exponent here is at least 1)."""
    return 0 if base == 0 else sympy.Integer(base) ** exponent


def top_two_count(high: int, low: int, dice: int | sympy.Symbol = n,
                  sides: int = 6) -> int | sympy.Expr:
    """How many ordered rolls of ``dice`` dice have highest die ``high`` and second-highest ``low``.

    An int when ``dice`` is a number, a sympy expression in ``dice`` when it is a symbol.
    """
    dice = _dice_count(dice)
    sides = require_int(sides, "sides", minimum=2)
    high = require_int(high, "high (the highest die)", minimum=1, maximum=sides)
    low = require_int(low, "low (the second-highest die)", minimum=1, maximum=high)
    if high > low:
        count = dice * (_power(low, dice - 1) - _power(low - 1, dice - 1))
    else:
        count = _power(high, dice) - _power(high - 1, dice) - dice * _power(high - 1, dice - 1)
    return count if isinstance(dice, sympy.Symbol) else int(count)


def top_two_pairs(total: int, sides: int = 6) -> list[tuple[int, int]]:
    """The pairs (highest, second-highest) of faces 1..sides that add up to ``total``."""
    sides = require_int(sides, "sides", minimum=2)
    total = require_int(total, "total", minimum=2, maximum=2 * sides)
    return [(high, total - high) for high in range(sides, 0, -1)
            if 1 <= total - high <= high]


def best_two_counts(dice: int | sympy.Symbol = n, sides: int = 6) -> dict[int, int | sympy.Expr]:
    """``{total: number of ordered rolls whose two highest dice add up to total}``.

    With a symbolic ``dice`` each count is a formula in the number of dice.
    """
    dice = _dice_count(dice)
    sides = require_int(sides, "sides", minimum=2)
    counts = {}
    for total in range(2, 2 * sides + 1):
        count = sum((top_two_count(high, low, dice, sides)
                     for high, low in top_two_pairs(total, sides)), sympy.Integer(0))
        counts[total] = count if isinstance(dice, sympy.Symbol) else int(count)
    return counts


def best_two_probability_formula(total: int, sides: int = 6) -> sympy.Expr:
    """P(the two highest of n dice add up to ``total``) as a formula in the symbol ``n``."""
    return best_two_counts(n, sides)[require_int(total, "total", minimum=2,
                                                 maximum=2 * sides)] / sympy.Integer(sides) ** n


def best_two_by_counting(dice: int, sides: int = 6) -> Distribution:
    """The exact distribution of the sum of the two highest of ``dice`` dice, by counting."""
    dice = require_int(dice, "dice (the number of dice rolled)", minimum=2)
    return Distribution.from_counts(best_two_counts(dice, sides))


def best_two_by_enumeration(dice: int, sides: int = 6) -> Distribution:
    """The same distribution by brute force: list all ``sides**dice`` rolls and look at each."""
    dice = require_int(dice, "dice (the number of dice rolled)", minimum=2,
                       maximum=MAX_BRUTE_FORCE_DICE)
    sides = require_int(sides, "sides", minimum=2)
    counts = Counter(sum(sorted(roll)[-2:])
                     for roll in itertools.product(range(1, sides + 1), repeat=dice))
    return Distribution.from_counts(counts)


__all__ = ["n", "a", "b", "COUNT_HIGH_ABOVE_LOW", "COUNT_HIGH_EQUALS_LOW", "top_two_count",
           "top_two_pairs", "best_two_counts", "best_two_probability_formula",
           "best_two_by_counting", "best_two_by_enumeration"]
