"""Answer keys for notebook 08 (Mouse Trap): landing chances, the crank, a tiny board."""

from fractions import Fraction

from ..exercises import choice, exact, function


def _landing_chance(n: int) -> Fraction:
    """Spaces 1..6 by hand: land on n directly (1/6) or from an earlier space, so
    P(n) = 1/6 * (1 + P(1) + ... + P(n-1)) = 1/6 * (7/6)^(n-1)."""
    return Fraction(1, 6) * Fraction(7, 6) ** (n - 1)


KEYS = {
    # predict-then-check: (7/6)^5 > 1, so space 6 is the likelier one
    "08.1": choice("space 6", "6", "six", "space six"),
    # r = 1/2: escape three cranks (1/2)^3 = 1/8, so caught within three = 7/8
    "08.2": exact(Fraction(7, 8)),
    # the five-square board with the go-back on square 1: t3 = 1, t2 = 1 + t3/6 = 7/6,
    # t0 = 1 + (t0 + t2 + t3)/6, so (5/6) t0 = 49/36 and t0 = 49/30
    "08.3": exact(Fraction(49, 30)),
    # write code: the landing chance of spaces 1..6
    "08.4": function(_landing_chance, [(n,) for n in range(1, 7)]),
    # mean number of cranks until a catch, r = 3/4: geometric, 1/r = 4/3
    "08.5": exact(Fraction(4, 3)),
    # Ana on Turn Crank with 3 cheese, Ben on the Cheese Wheel, Cara in The Loop: each roll
    # for Cara lands on every Loop space once (1..6 steps round), so it hits the wheel with
    # 1/6, Safe (stuck) with 1/6 and another space (roll again) with 4/6. Cara reaches the
    # wheel within 3 rolls with 1/6 * (1 + 4/6 + (4/6)^2) = 19/54; the crank works with 3/4.
    "08.7": exact(Fraction(1, 6) * (1 + Fraction(4, 6) + Fraction(4, 6) ** 2) * Fraction(3, 4)),
}
