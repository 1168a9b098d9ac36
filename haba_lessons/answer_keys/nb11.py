"""Answer keys for notebook 11 · Bayes' theorem (castle A: red holes full, a roll is lost with
chance 1 - (5/6)² = 11/36; castle B: red, yellow and green full, 1 - (3/6)² = 3/4; the loaded
die shows a six with chance 1/3)."""

from fractions import Fraction

from ..exercises import exact

LOST_A, LOST_B = Fraction(11, 36), Fraction(3, 4)
#: P(lost, played, lost | castle)
HEARD_A, HEARD_B = LOST_A ** 2 * (1 - LOST_A), LOST_B ** 2 * (1 - LOST_B)


def _grid_tail() -> Fraction:
    """P(p >= 1/2) on the 11-value grid after 3 silent attempts and 1 alarm (uniform prior)."""
    weights = {i: Fraction(i, 10) ** 3 * (1 - Fraction(i, 10)) for i in range(11)}
    return sum(w for i, w in weights.items() if i >= 5) / sum(weights.values())


KEYS = {
    # one roll, played: 25/36 against 1/4 = 9/36, prior 1/2 each
    "11.1": exact(Fraction(25, 25 + 9)),
    # prior 9/10 for A: 9/10 · P(D | A) against 1/10 · P(D | B)
    "11.2": exact(Fraction(9, 10) * HEARD_A / (Fraction(9, 10) * HEARD_A + Fraction(1, 10) * HEARD_B)),
    # 2 sixes in 5: loaded (1/3)²(2/3)³ = 8/243, fair (1/6)²(5/6)³ = 125/7776; prior 1/10
    "11.3": exact(Fraction(1, 10) * Fraction(8, 243)
                  / (Fraction(1, 10) * Fraction(8, 243) + Fraction(9, 10) * Fraction(125, 7776))),
    "11.4": exact(_grid_tail()),
}
