"""Drawing without replacement: the hypergeometric distribution and its friends."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ._checks import require_int
from .distribution import Distribution


def hypergeometric(population: int, successes: int, draws: int) -> Distribution:
    """The number of successes among ``draws`` cards drawn without replacement.

    ``population`` cards, ``successes`` of them special: P(k special) =
    C(successes, k) C(population - successes, draws - k) / C(population, draws).
    """
    population = require_int(population, "population", minimum=1)
    successes = require_int(successes, "successes", minimum=0, maximum=population)
    draws = require_int(draws, "draws", minimum=0, maximum=population)
    return Distribution.from_counts({
        k: comb(successes, k) * comb(population - successes, draws - k)
        for k in range(max(0, draws - (population - successes)), min(draws, successes) + 1)
    })


def probability_none(population: int, special: int, draws: int) -> Fraction:
    """P(no special card) in ``draws`` cards: C(population - special, draws) / C(population, draws)."""
    return hypergeometric(population, special, draws)[0]


def probability_at_least_one(population: int, special: int, draws: int) -> Fraction:
    """P(at least one special card) in ``draws`` cards drawn without replacement."""
    return 1 - probability_none(population, special, draws)
