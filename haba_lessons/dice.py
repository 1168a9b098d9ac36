"""Exact distributions of dice: one die, sums of dice, and the sum of the highest k of n.

``keep_highest(n, keep, sides)`` never lists the ``sides**n`` rolls. It walks the faces from
the highest down and decides only *how many* dice show each face; the number of rolls with
those counts is a product of binomial coefficients, and once the kept dice are placed the
rest is counted at once. That is about ``sides**2 * keep**3`` steps, so 40 dice take
milliseconds while ``6**40`` rolls would take longer than the universe is old.
"""

from __future__ import annotations

from math import comb

from ._checks import require_int
from .distribution import Distribution


def die(sides: int = 6) -> Distribution:
    """One fair die with faces 1..sides."""
    sides = require_int(sides, "sides", minimum=2)
    return Distribution.uniform(range(1, sides + 1))


def sum_of_dice(n: int, sides: int = 6) -> Distribution:
    """The sum of n fair dice with faces 1..sides."""
    n = require_int(n, "n (the number of dice)", minimum=1)
    return keep_highest(n, n, sides)


def keep_highest(n: int, keep: int, sides: int = 6) -> Distribution:
    """The sum of the ``keep`` highest of ``n`` fair dice with faces 1..sides.

    >>> keep_highest(4, 2)[12]
    Fraction(19, 144)
    """
    n = require_int(n, "n (the number of dice)", minimum=1)
    keep = require_int(keep, "keep (the number of dice kept)", minimum=1, maximum=n)
    sides = require_int(sides, "sides", minimum=2)
    return Distribution.from_counts(keep_highest_counts(n, keep, sides))


def keep_highest_counts(n: int, keep: int, sides: int = 6) -> dict[int, int]:
    """How many of the ``sides**n`` ordered rolls give each sum of the ``keep`` highest dice.

    The faces are decided from the highest down; until ``keep`` dice are placed, every die
    placed is kept, so a state is (dice placed, sum so far) -> rolls. Placing c more dice on
    face v chooses which c of the remaining dice show v. Once ``keep`` dice are placed, the
    sum is final (the extra dice on v are not kept) and the remaining dice show any of the
    v - 1 lower faces: (v - 1) ** rest rolls, counted at once.
    """
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    sums: dict[int, int] = {}
    for face in range(sides, 0, -1):
        below = face - 1
        following: dict[tuple[int, int], int] = {}
        for (placed, total), ways in states.items():
            remaining, needed = n - placed, keep - placed
            if face > 1:
                for count in range(min(needed, remaining + 1)):
                    key = (placed + count, total + count * face)
                    following[key] = following.get(key, 0) + ways * comb(remaining, count)
                rest = sum(comb(remaining, count) * below ** (remaining - count)
                           for count in range(needed, remaining + 1))
            else:
                rest = 1                          # every remaining die shows a 1
            final = total + needed * face
            sums[final] = sums.get(final, 0) + ways * rest
        states = following
    return dict(sorted(sums.items()))


def best_two(n: int, sides: int = 6) -> Distribution:
    """Spookies' result: the sum of the two highest of n dice."""
    return keep_highest(n, 2, sides)


def ordered_rolls(n: int, sides: int = 6) -> int:
    """The size of the sample space of n distinguishable dice: sides ** n."""
    return require_int(sides, "sides", minimum=2) ** require_int(n, "n", minimum=1)


__all__ = ["die", "sum_of_dice", "keep_highest", "keep_highest_counts", "best_two",
           "ordered_rolls"]
