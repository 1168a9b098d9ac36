"""Answer keys for notebook 01x · Dice further (exercise 4 is answered in words)."""

from __future__ import annotations

import math
from fractions import Fraction

from ..dice import keep_highest
from ..exercises import approx, exact, holds
from ..explore.intervals import width_at
from ..i18n import N_

ONE_SIXTH = Fraction(1, 6)


def _smallest_rolls_for_width(n: object) -> bool:
    """True when ``n`` is the smallest whole number of rolls whose interval for 1/6 is at most 0.01 wide."""
    return (isinstance(n, int) and not isinstance(n, bool) and n > 1
            and width_at(ONE_SIXTH, n) <= 0.01 < width_at(ONE_SIXTH, n - 1))


_TWELVE = keep_highest(4, 2)[12]
# One standard error of a share from 100,000 rolls; 3.36 of them on either side are missed by
# a correct simulation less than 1 time in 1,000 (two-sided normal tail 0.0008).
_TWELVE_TOLERANCE = round(3.36 * math.sqrt(_TWELVE * (1 - _TWELVE) / 100_000), 4)

KEYS = {
    "01x.1": exact(Fraction(1, 8)),                # 27 of the 216 rolls of three dice
    "01x.2": approx(float(_TWELVE), _TWELVE_TOLERANCE),
    "01x.3": holds(_smallest_rolls_for_width,
                   N_("give the smallest whole n with 2·1.96·√(p(1−p)/n) ≤ 0.01 for p = 1/6 "
                   "(solve for n, then round up).")),
}
