"""Answer keys for notebook 02 · The best two of k dice."""

from __future__ import annotations

import math

from ..dice import keep_highest, keep_highest_counts
from ..exercises import approx, exact, function


def _best_two_count(total: int, dice: int) -> int:
    """The library's count of rolls whose two highest dice add up to ``total`` (exercise 4's reference)."""
    return keep_highest_counts(dice, 2).get(total, 0)


_THREE = keep_highest(3, 2)
# One standard error of a mean of 100,000 results; 3.36 of them on either side are missed by a
# correct simulation less than 1 time in 1,000 (two-sided normal tail 0.0008).
_MEAN_TOLERANCE = round(3.36 * math.sqrt(_THREE.variance() / 100_000), 4)

KEYS = {
    "02.1": exact(27),                                            # 3 · (5² − 4²)
    "02.2": exact(keep_highest(4, 2).at_least(9) / keep_highest(2, 2).at_least(9)),
    "02.3": exact(1 / keep_highest(4, 2)[12]),                    # the mean wait 1/p
    "02.4": function(_best_two_count, [(10, 3), (12, 4), (2, 2), (7, 4), (13, 3), (11, 5)]),
    "02.5": exact(2**5 + 5),                                      # 2ⁿ + n rolls with result ≤ 4
    "02.7": approx(float(_THREE.mean()), _MEAN_TOLERANCE),
}
