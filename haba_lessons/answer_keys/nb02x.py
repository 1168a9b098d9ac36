"""Answer keys for notebook 02x · The best two of k further."""

from __future__ import annotations

import math

from ..dice import keep_highest
from ..exercises import approx, exact

_THREE = keep_highest(3, 2)
# One standard error of a mean of 100,000 results; 3.36 of them on either side are missed by a
# correct simulation less than 1 time in 1,000 (two-sided normal tail 0.0008).
_MEAN_TOLERANCE = round(3.36 * math.sqrt(_THREE.variance() / 100_000), 4)

KEYS = {
    "02x.1": exact(1 / keep_highest(4, 2)[12]),                   # the mean wait 1/p
    "02x.2": exact(2**5 + 5),                                     # 2ⁿ + n rolls with result ≤ 4
    "02x.3": approx(float(_THREE.mean()), _MEAN_TOLERANCE),
}
