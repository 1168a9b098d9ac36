"""Answer keys for notebook 10 (Markov chains), each derived by hand in the notebook's solution."""

from fractions import Fraction

from ..exercises import choice, exact, function


def _coin_race(n: int) -> Fraction:
    """Expected turns on a plain n-space coin board, by the back-to-front recursion."""
    later, latest = Fraction(1), Fraction(0)  # E_{n-2}, E_{n-1}
    for _ in range(n - 2):
        later, latest = 1 + later / 2 + latest / 2, later
    return later


KEYS = {
    "10.1": exact(7),               # E0 = 1 + E1/2 + E0/2, E1 = 1 + E0/2 + 1/2
    "10.2": choice("the same", "same"),
    "10.3": exact(Fraction(11, 4)),  # E0 = 1 + (1 + 3/2)/2 + 1/2
    "10.4": function(_coin_race, [(2,), (3,), (4,), (5,), (10,), (25,)]),
    "10.5": exact(23),               # the space just before the finish
    "10.7": exact(3),
}
