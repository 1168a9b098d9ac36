"""The arithmetic the game's equations are solved in: exact fractions, or plain numbers.

:func:`~.analysis.solve_game` writes the equations once, as sums of weighted value vectors
(a vector holds the expected turns and each seat's win chance) and the cycle of turns at one
castle. :class:`Exact` does that arithmetic in fractions, written for speed: a vector is one
common denominator and whole-number numerators (Python's ``Fraction`` would reduce every
single product and sum, most of the work of a four-player game). :class:`Plain` does it in
floats, or in numpy arrays holding many steadiness profiles at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import gcd
from typing import Any


class Plain:
    """Floats (or numpy arrays of them): a vector is a tuple of numbers."""

    def __init__(self, one: Any = 1.0, zero: Any = 0.0) -> None:
        self.one, self.zero = one, zero

    def number(self, value: Fraction) -> Any:
        return float(value)

    def terminal(self, winners: Sequence[int], players: int) -> tuple:
        return (self.zero,) + tuple(self.one if i in winners else self.zero
                                    for i in range(players))

    def weighted(self, terms: Sequence[tuple[Any, tuple]], size: int) -> tuple:
        """The sum of ``weight * vector`` over ``terms``."""
        zero = self.zero
        total = [zero] * size
        for weight, vector in terms:
            for k, v in enumerate(vector):
                if v is not zero:                  # the zeros of finished games: skipped
                    total[k] = total[k] + weight * v
        return tuple(total)

    def turn(self, p: Any, found: tuple) -> tuple:
        """One more turn, then ``p`` times ``found``: (1 + p f0, p f1, p f2, ...)."""
        zero = self.zero
        return (self.one + p * found[0],) + tuple(zero if f is zero else p * f
                                                  for f in found[1:])

    def divided(self, vector: tuple, by: Any) -> tuple:
        return tuple(v / by for v in vector)

    def values(self, vector: tuple) -> tuple:
        return vector


class Exact:
    """Fractions: a scalar is a ``Fraction``; a vector is ``(denominator, numerators)``, whole
    numbers, reduced once per castle solved."""

    one, zero = Fraction(1), Fraction(0)

    def number(self, value: Fraction) -> Fraction:
        return Fraction(value)

    def terminal(self, winners: Sequence[int], players: int) -> tuple:
        return 1, (0,) + tuple(int(i in winners) for i in range(players))

    def weighted(self, terms: Sequence[tuple[Fraction, tuple]], size: int) -> tuple:
        """The sum of ``weight * vector`` over ``terms``, over the least common denominator."""
        denominator, total = 1, [0] * size
        for weight, (d, numerators) in terms:
            d, a = d * weight.denominator, weight.numerator
            if not a:
                continue
            common = denominator // gcd(denominator, d) * d
            mine, theirs = common // denominator, common // d * a
            if mine == 1:
                total = [x + theirs * y for x, y in zip(total, numerators)]
            else:
                total = [x * mine + theirs * y for x, y in zip(total, numerators)]
            denominator = common
        return _reduced(denominator, total)

    def turn(self, p: Fraction, found: tuple) -> tuple:
        d, numerators = found
        d2, a = d * p.denominator, p.numerator
        return _reduced(d2, [numerators[0] * a + d2] + [n * a for n in numerators[1:]])

    def divided(self, vector: tuple, by: Fraction) -> tuple:
        d, numerators = vector
        return _reduced(d * by.numerator, [n * by.denominator for n in numerators])

    def values(self, vector: tuple) -> tuple:
        d, numerators = vector
        return tuple(Fraction(n, d) for n in numerators)


def _reduced(denominator: int, numerators: list[int]) -> tuple:
    common = gcd(denominator, *numerators)
    if common > 1:
        return denominator // common, tuple(n // common for n in numerators)
    return denominator, tuple(numerators)
