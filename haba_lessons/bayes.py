"""Bayes' theorem on a list of hypotheses: posterior ∝ prior × likelihood, normalised.

A *prior* gives each hypothesis (a castle, "fair" or "loaded", a value of p on a grid) a
weight; the weights are exact, none negative, and they add up to 1. A *likelihood* gives
P(data | hypothesis). Then ::

    posterior = update(prior, likelihood)       # a Distribution over the hypotheses
    evidence(prior, likelihood)                 # P(data), the denominator of Bayes' formula

On a grid of values of a chance p (``grid(points)``) with a uniform prior and the data
"s successes, f failures" (``bernoulli_likelihood``), the posterior approaches the
Beta(1 + s, 1 + f) distribution of notebook 12 as the grid gets finer.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from ._checks import require_int
from .distribution import Distribution
from .errors import InvalidArgumentError
from .i18n import _

Likelihood = Mapping[Hashable, Any] | Callable[[Any], Any]
#: A grid finer than this is refused: its exact arithmetic would take too long for a lesson.
MAX_GRID_POINTS = 100_001


def _exact(value: Any, what: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, numbers.Rational):
        raise InvalidArgumentError(_("{what} must be an exact fraction or whole number "
                                     "(Fraction(1, 2), not 0.5), but got {value}.").format(
            what=what, value=repr(value)))
    return Fraction(value)


def check_prior(prior: Mapping[Hashable, Any]) -> dict[Hashable, Fraction]:
    """The prior's weights as Fractions, or a message saying what is wrong with them."""
    if not isinstance(prior, Mapping) or not prior:
        raise InvalidArgumentError(_("a prior gives each hypothesis a weight: a dict like "
                                     "{example}.").format(
            example="{'fair': Fraction(9, 10), 'loaded': Fraction(1, 10)}"))
    weights = {h: _exact(w, _("the prior weight of {hypothesis}").format(hypothesis=repr(h)))
               for h, w in prior.items()}
    negative = [h for h, w in weights.items() if w < 0]
    if negative:
        raise InvalidArgumentError(_("the prior weight of {hypothesis} is {weight}: a weight "
                                     "cannot be negative.").format(
            hypothesis=repr(negative[0]), weight=weights[negative[0]]))
    total = sum(weights.values(), Fraction(0))
    if total != 1:
        raise InvalidArgumentError(_("the prior weights add up to {total}, not 1: divide each "
                                     "weight by {total} (or fix the one that is "
                                     "wrong).").format(total=total))
    return weights


def _likelihoods(prior: Mapping[Hashable, Fraction],
                 likelihood: Likelihood) -> dict[Hashable, Fraction]:
    look_up = likelihood if callable(likelihood) else None
    if look_up is None:
        if not isinstance(likelihood, Mapping):
            raise InvalidArgumentError(_("the likelihood gives P(data | hypothesis) for each "
                                         "hypothesis: a dict, or a function of the "
                                         "hypothesis."))
        missing = [h for h in prior if h not in likelihood]
        if missing:
            raise InvalidArgumentError(_("the likelihood has no value for {hypothesis}.").format(
                hypothesis=repr(missing[0])))
        look_up = likelihood.__getitem__
    values = {}
    for h in prior:
        value = _exact(look_up(h), _("the likelihood of {hypothesis}").format(
            hypothesis=repr(h)))
        if not 0 <= value <= 1:
            raise InvalidArgumentError(_("the likelihood of {hypothesis} is {value}: P(data | "
                                         "hypothesis) lies between 0 and 1.").format(
                hypothesis=repr(h), value=value))
        values[h] = value
    return values


def evidence(prior: Mapping[Hashable, Any], likelihood: Likelihood) -> Fraction:
    """P(data) = Σ prior(h) × P(data | h): the denominator of Bayes' formula."""
    weights = check_prior(prior)
    values = _likelihoods(weights, likelihood)
    return sum((weights[h] * values[h] for h in weights), Fraction(0))


def update(prior: Mapping[Hashable, Any], likelihood: Likelihood) -> Distribution:
    """The posterior: prior × likelihood for each hypothesis, divided by their total."""
    weights = check_prior(prior)
    values = _likelihoods(weights, likelihood)
    total = sum((weights[h] * values[h] for h in weights), Fraction(0))
    if not total:
        raise InvalidArgumentError(_("the data are impossible under every hypothesis the "
                                     "prior allows (P(data) = 0), so there is nothing to "
                                     "update: check the data, or give weight to a hypothesis "
                                     "that can explain them."))
    return Distribution({h: weights[h] * values[h] / total for h in weights})


def uniform_prior(hypotheses: Iterable[Hashable]) -> Distribution:
    """Every hypothesis equally likely before the data."""
    hypotheses = list(hypotheses)
    if len(set(hypotheses)) != len(hypotheses):
        raise InvalidArgumentError(_("a hypothesis is listed twice."))
    return Distribution.uniform(hypotheses)


def grid(points: int) -> list[Fraction]:
    """``points`` equally spaced values of a chance from 0 to 1: 0, 1/(points-1), ..., 1."""
    points = require_int(points, "points (the number of grid values)", minimum=2,
                         maximum=MAX_GRID_POINTS)
    return [Fraction(i, points - 1) for i in range(points)]


def bernoulli_likelihood(successes: int, failures: int) -> Callable[[Any], Fraction]:
    """P(a given sequence of ``successes`` successes and ``failures`` failures | p) = p^s (1-p)^f."""
    successes = require_int(successes, "successes", minimum=0)
    failures = require_int(failures, "failures", minimum=0)

    def likelihood(p: Any) -> Fraction:
        p = _exact(p, "p")
        if not 0 <= p <= 1:
            raise InvalidArgumentError(_("p is a chance between 0 and 1, not {p}.").format(p=p))
        return p ** successes * (1 - p) ** failures

    return likelihood


__all__ = ["update", "evidence", "check_prior", "uniform_prior", "grid",
           "bernoulli_likelihood", "MAX_GRID_POINTS"]
