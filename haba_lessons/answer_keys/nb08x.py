"""Answer keys for notebook 08x (Mouse Trap further); exercise 2 is answered in words."""

from fractions import Fraction

from ..exercises import exact

KEYS = {
    # mean number of cranks until a catch, r = 3/4: geometric, 1/r = 4/3
    "08x.1": exact(Fraction(4, 3)),
    # Ana on Turn Crank with 3 cheese, Ben on the Cheese Wheel, Cara in The Loop: each roll
    # for Cara lands on every Loop space once (1..6 steps round), so it hits the wheel with
    # 1/6, Safe (stuck) with 1/6 and another space (roll again) with 4/6. Cara reaches the
    # wheel within 3 rolls with 1/6 * (1 + 4/6 + (4/6)^2) = 19/54; the crank works with 3/4.
    "08x.3": exact(Fraction(1, 6) * (1 + Fraction(4, 6) + Fraction(4, 6) ** 2) * Fraction(3, 4)),
}
