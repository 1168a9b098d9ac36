"""Answer keys for notebook 02 · The best two of k dice (exercise 3 is answered in words)."""

from __future__ import annotations

from ..dice import keep_highest, keep_highest_counts
from ..exercises import exact, function


def _best_two_count(total: int, dice: int) -> int:
    """The library's count of rolls whose two highest dice add up to ``total`` (exercise 4's reference)."""
    return keep_highest_counts(dice, 2).get(total, 0)


KEYS = {
    "02.1": exact(27),                                            # 3 · (5² − 4²)
    "02.2": exact(keep_highest(4, 2).at_least(9) / keep_highest(2, 2).at_least(9)),
    "02.4": function(_best_two_count, [(10, 3), (12, 4), (2, 2), (7, 4), (13, 3), (11, 5)]),
}
