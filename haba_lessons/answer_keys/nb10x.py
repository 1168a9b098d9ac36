"""Answer keys for notebook 10x (Markov chains further), each derived in the notebook's solution."""

from fractions import Fraction

from ..exercises import exact, function


def _coin_race(n: int) -> Fraction:
    """Expected turns on a plain n-space coin board, by the back-to-front recursion."""
    later, latest = Fraction(1), Fraction(0)  # E_{n-2}, E_{n-1}
    for _ in range(n - 2):
        later, latest = 1 + later / 2 + latest / 2, later
    return later


KEYS = {
    "10x.1": function(_coin_race, [(2,), (3,), (4,), (5,), (10,), (25,)]),
    "10x.2": exact(23),               # the space just before the finish
    "10x.3": exact(3),
}
