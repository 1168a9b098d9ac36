"""Answer keys for notebook 01 · Dice and sample spaces (exercise 4 is answered in words)."""

from __future__ import annotations

from fractions import Fraction

from ..dice import sum_of_dice
from ..exercises import exact, function

ONE_SIXTH = Fraction(1, 6)


def _p_sum(total: int, dice: int) -> Fraction:
    """The library's exact P(sum of ``dice`` dice = ``total``), the reference for exercise 3."""
    return sum_of_dice(dice)[total]


KEYS = {
    "01.1": exact(ONE_SIXTH),                      # 6 doubles of 36
    "01.2": exact(ONE_SIXTH),                      # 3 + 2 + 1 squares with sum 10, 11, 12
    "01.3": function(_p_sum, [(7, 2), (2, 2), (12, 2), (13, 2), (10, 3), (3, 3), (4, 1), (14, 4)]),
}
