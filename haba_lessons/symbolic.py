"""A bridge to sympy for the derivations a notebook shows: exact symbols, not floats.

The library computes with ``fractions.Fraction``; notebooks often want the same numbers as
sympy objects, to typeset them or to derive them a second way (generating functions,
counting with binomial coefficients).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import sympy

from ._checks import require_int
from .distribution import Distribution

x = sympy.Symbol("x")


def rational(value: Fraction | int) -> sympy.Rational:
    """An exact sympy Rational equal to a Fraction."""
    value = Fraction(value)
    return sympy.Rational(value.numerator, value.denominator)


def to_sympy(distribution: Mapping) -> dict:
    """The distribution as ``{outcome: sympy.Rational}``."""
    return {outcome: rational(p) for outcome, p in distribution.items()}


def from_sympy(probabilities: Mapping) -> Distribution:
    """A Distribution from ``{outcome: sympy.Rational}`` (or anything Fraction accepts)."""
    return Distribution({o: Fraction(str(sympy.nsimplify(p))) for o, p in probabilities.items()})


def generating_function(distribution: Distribution, variable: sympy.Symbol = x) -> sympy.Expr:
    """The probability generating function  sum_k P(X = k) * variable**k."""
    return sympy.Add(*(rational(p) * variable ** outcome for outcome, p in distribution.items()))


def dice_generating_function(n: int, sides: int = 6, variable: sympy.Symbol = x) -> sympy.Expr:
    """((x + x**2 + ... + x**sides) / sides) ** n, unexpanded: its coefficients give the sum of n dice."""
    n = require_int(n, "n", minimum=1)
    sides = require_int(sides, "sides", minimum=2)
    one_die = sympy.Add(*(variable ** face for face in range(1, sides + 1))) / sides
    return one_die ** n


def coefficients(expression: sympy.Expr, variable: sympy.Symbol = x) -> Distribution:
    """Read a probability generating function back into a Distribution."""
    polynomial = sympy.Poly(sympy.expand(expression), variable)
    return Distribution({
        int(power): Fraction(int(c.p), int(c.q))
        for (power,), c in zip(polynomial.monoms(), polynomial.coeffs())
    })
