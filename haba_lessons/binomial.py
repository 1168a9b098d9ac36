"""The binomial distribution: the number of successes in n independent tries with chance p.

    binomial(n, p)                   the exact distribution of the count, k = 0 .. n
    binomial_probability(n, k, p)    C(n, k) p^k (1 - p)^(n - k)
    FORMULA                          the same formula in the sympy symbols n, k, p

The count is binomial only when the tries are independent and each has the same chance p
(two dice rolled again and again: yes; cards drawn without replacement: no). n, k and p
out of range are refused with a message, never answered with a number.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import sympy

from ._checks import require_int, require_probability
from .distribution import Distribution
from .errors import InvalidArgumentError
from .i18n import _

#: The number of tries, the number of successes and the chance of a success, as symbols.
n, k, p = sympy.symbols("n k p", nonnegative=True)
#: C(n, k) p^k (1 - p)^(n - k): the probability of exactly k successes in n tries.
FORMULA = sympy.binomial(n, k) * p ** k * (1 - p) ** (n - k)


def _tries(tries: object) -> int:
    return require_int(tries, "n (the number of tries)", minimum=0)


def binomial_probability(tries: int, successes: int, chance: object) -> Fraction:
    """P(exactly ``successes`` successes in ``tries`` independent tries of chance ``chance``)."""
    tries = _tries(tries)
    if isinstance(successes, bool) or not isinstance(successes, int):
        raise InvalidArgumentError(_("k (the number of successes) must be a whole number, "
                                     "but got {value}.").format(value=repr(successes)))
    if not 0 <= successes <= tries:
        raise InvalidArgumentError(_("k (the number of successes) must be between 0 and "
                                     "n = {n}, but got {k}: {n} tries cannot give {k} "
                                     "successes.").format(n=tries, k=successes))
    chance = require_probability(chance, "p (the chance of a success)")
    return comb(tries, successes) * chance ** successes * (1 - chance) ** (tries - successes)


def binomial(tries: int, chance: object) -> Distribution:
    """The exact distribution of the number of successes in ``tries`` tries."""
    tries = _tries(tries)
    chance = require_probability(chance, "p (the chance of a success)")
    return Distribution({j: binomial_probability(tries, j, chance) for j in range(tries + 1)})


__all__ = ["n", "k", "p", "FORMULA", "binomial", "binomial_probability"]
