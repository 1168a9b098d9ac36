"""Answer keys for notebook 09 · The binomial distribution (Spookies: a roll of two dice from
the ≥7 space climbs with 8 or more, 15 of the 36 rolls)."""

from fractions import Fraction
from math import comb

from ..exercises import exact, function

#: P(8 or more with two dice): 5 + 4 + 3 + 2 + 1 of the 36 rolls.
CLIMB = Fraction(15, 36)


def _pmf(n: int, k: int, p: Fraction) -> Fraction:
    return comb(n, k) * p ** k * (1 - p) ** (n - k)


KEYS = {
    # three misses in a row: (1 - 5/12)^3
    "09.1": exact((1 - CLIMB) ** 3),
    "09.2": function(_pmf, [(3, 1, CLIMB), (10, 4, CLIMB), (10, 0, CLIMB), (5, 5, Fraction(1, 2)),
                           (6, 2, Fraction(1, 6)), (1, 0, Fraction(0)), (4, 4, Fraction(1))]),
    # three dice from ≥7: the best two reach 8 in 147 of the 216 rolls (49/72); 12 × 49/72
    "09.3": exact(12 * Fraction(147, 216)),
    # 1 - (35/36)^n first reaches 1/2 at n = 25 (24 rolls give 0.4914)
    "09.4": exact(25),
}
