"""Answer keys for notebook 01 · Dice and sample spaces."""

from __future__ import annotations

import math
from fractions import Fraction

from ..dice import keep_highest, sum_of_dice
from ..exercises import approx, exact, function, holds
from ..explore.intervals import width_at

ONE_SIXTH = Fraction(1, 6)


def _p_sum(total: int, dice: int) -> Fraction:
    """The library's exact P(sum of ``dice`` dice = ``total``), the reference for exercise 3."""
    return sum_of_dice(dice)[total]


def _smallest_rolls_for_width(n: object) -> bool:
    """True when ``n`` is the smallest whole number of rolls whose interval for 1/6 is at most 0.01 wide."""
    return (isinstance(n, int) and not isinstance(n, bool) and n > 1
            and width_at(ONE_SIXTH, n) <= 0.01 < width_at(ONE_SIXTH, n - 1))


_TWELVE = keep_highest(4, 2)[12]
# One standard error of a share from 100,000 rolls; 3.36 of them on either side are missed by
# a correct simulation less than 1 time in 1,000 (two-sided normal tail 0.0008).
_TWELVE_TOLERANCE = round(3.36 * math.sqrt(_TWELVE * (1 - _TWELVE) / 100_000), 4)

KEYS = {
    "01.1": exact(ONE_SIXTH),                      # 6 doubles of 36
    "01.2": exact(ONE_SIXTH),                      # 3 + 2 + 1 squares with sum 10, 11, 12
    "01.3": function(_p_sum, [(7, 2), (2, 2), (12, 2), (13, 2), (10, 3), (3, 3), (4, 1), (14, 4)]),
    "01.4": exact(Fraction(1, 8)),                 # 27 of the 216 rolls of three dice
    "01.6": approx(float(_TWELVE), _TWELVE_TOLERANCE),
    "01.7": holds(_smallest_rolls_for_width,
                  "give the smallest whole n with 2·1.96·√(p(1−p)/n) ≤ 0.01 for p = 1/6 "
                  "(solve for n, then round up)."),
}
