"""Answer keys for notebook 08 (Mouse Trap): landing chances, the crank, a tiny board."""

from fractions import Fraction

from ..exercises import approx, exact, function
from ..games.mouse_trap.board import default_board
from ..markov import landing_probabilities


def _landing_chance(n: int) -> Fraction:
    """Spaces 1..6 by hand: land on n directly (1/6) or from an earlier space, so
    P(n) = 1/6 * (1 + P(1) + ... + P(n-1)) = 1/6 * (7/6)^(n-1)."""
    return Fraction(1, 6) * Fraction(7, 6) ** (n - 1)


def _expected_path_spaces() -> float:
    """The expected number of the path spaces one mouse lands on: the sum of their chances."""
    board = default_board()
    chance = landing_probabilities(board.to_markov())
    return float(sum(chance[s] for s in range(1, board.loop_first)))


KEYS = {
    # predict-then-check: the sum of the 38 landing chances (about 10.7, not half of 38);
    # the notebook prints it to one decimal, so one decimal is accepted
    "08.1": approx(_expected_path_spaces(), 0.05),
    # r = 1/2: escape three cranks (1/2)^3 = 1/8, so caught within three = 7/8
    "08.2": exact(Fraction(7, 8)),
    # the five-square board with the go-back on square 1: t3 = 1, t2 = 1 + t3/6 = 7/6,
    # t0 = 1 + (t0 + t2 + t3)/6, so (5/6) t0 = 49/36 and t0 = 49/30
    "08.3": exact(Fraction(49, 30)),
    # write code: the landing chance of spaces 1..6
    "08.4": function(_landing_chance, [(n,) for n in range(1, 7)]),
}
