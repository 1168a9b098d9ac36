"""Exact distributions of dice: one die, sums of dice, and the sum of the highest k of n.

``keep_highest(n, keep, sides)`` never lists the ``sides**n`` rolls. It walks the faces from
the highest down and decides only *how many* dice show each face; the number of rolls with
those counts is a product of binomial coefficients. That is about ``sides * n**2 * keep *
max_sum`` steps, so 20 dice take milliseconds while ``6**20`` rolls would take centuries.
"""

from __future__ import annotations

from fractions import Fraction
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

    State after deciding the faces above v: (dice placed, dice kept, sum kept) -> rolls.
    Placing c more dice on face v chooses which c of the remaining dice show v.
    """
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for face in range(sides, 0, -1):
        next_states: dict[tuple[int, int, int], int] = {}
        for (placed, kept, total), ways in states.items():
            remaining = n - placed
            choices = [remaining] if face == 1 else range(remaining + 1)
            for count in choices:
                taken = min(count, keep - kept)
                key = (placed + count, kept + taken, total + taken * face)
                next_states[key] = next_states.get(key, 0) + ways * comb(remaining, count)
        states = next_states
    return {total: ways for (_, _, total), ways in sorted(states.items())}


def best_two(n: int, sides: int = 6) -> Distribution:
    """Spookies' result: the sum of the two highest of n dice."""
    return keep_highest(n, 2, sides)


def ordered_rolls(n: int, sides: int = 6) -> int:
    """The size of the sample space of n distinguishable dice: sides ** n."""
    return require_int(sides, "sides", minimum=2) ** require_int(n, "n", minimum=1)


__all__ = ["die", "sum_of_dice", "keep_highest", "keep_highest_counts", "best_two",
           "ordered_rolls"]
