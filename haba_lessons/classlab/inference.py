"""Does the world agree with the exact model? Goodness of fit and Beta posteriors.

Goodness of fit, Data 8 style: a statistic measures how far observed counts are from the
model's chances (total variation distance, or the chi-square statistic); its distribution
*if the model is right* is built by simulating samples of the same size from the exact
model with a seed, and — when the sample is small enough to list every possible count
vector — computed exactly by enumeration. The p-value is the chance, under the model, of a
statistic at least as large as the one observed.

Steadiness: a child's chance ``p`` that an attempt in Quiet as a Mouse is silent, with a
uniform prior, has the Beta(1 + silent, 1 + not silent) posterior (conjugate). We use
q = 0: an attempt is silent or not, and a stick that slid out counts as "not silent".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from .._checks import require_int
from ..distribution import Distribution
from ..errors import InvalidArgumentError
from ..i18n import _, grouped, number
from ..simulation import wilson_interval

Statistic = Callable[[np.ndarray, np.ndarray], np.ndarray]
#: Exact enumeration is refused above this many possible count vectors (it would be slow).
EXACT_LIMIT = 200_000


def tvd(counts: np.ndarray, chances: np.ndarray) -> np.ndarray:
    """Total variation distance between observed proportions and the chances (rows of counts)."""
    counts = np.asarray(counts, dtype=float)
    n = counts.sum(axis=-1, keepdims=True)
    return 0.5 * np.abs(counts / n - chances).sum(axis=-1)


def chi_square(counts: np.ndarray, chances: np.ndarray) -> np.ndarray:
    """Pearson's statistic: the sum of (observed - expected)² / expected (rows of counts)."""
    counts = np.asarray(counts, dtype=float)
    expected = counts.sum(axis=-1, keepdims=True) * chances
    return ((counts - expected) ** 2 / expected).sum(axis=-1)


STATISTICS: dict[str, Statistic] = {"tvd": tvd, "chi-square": chi_square}


def _prepare(counts: Mapping[object, int], model: Distribution) -> tuple[np.ndarray, np.ndarray]:
    outcomes = model.support()
    stray = [o for o, c in counts.items() if c and o not in model]
    if stray:
        raise InvalidArgumentError(_("observed outcomes {outcomes} are impossible under the "
                                     "model.").format(outcomes=stray))
    observed = np.array([counts.get(o, 0) for o in outcomes])
    if observed.sum() < 1:
        raise InvalidArgumentError(_("there are no observations to test yet."))
    return observed, np.array([float(model[o]) for o in outcomes])


@dataclass(frozen=True)
class FitTest:
    """The result of a goodness-of-fit test."""

    statistic: str
    observed: float
    null: np.ndarray          # simulated statistics under the model
    p_value: float            # share of simulated statistics >= the observed one
    n: int

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% (Wilson) interval of the simulated p-value: it is itself an estimate."""
        return wilson_interval(round(self.p_value * len(self.null)), len(self.null))

    def __str__(self) -> str:
        low, high = self.interval
        return _("{statistic} = {observed} from {n} observations; p-value ≈ {p} (95% CI "
                 "{low} to {high}, {samples} simulated samples)").format(
            statistic=self.statistic, observed=number(self.observed, ".4f"), n=self.n,
            p=number(self.p_value, ".3f"), low=number(low, ".3f"), high=number(high, ".3f"),
            samples=len(self.null))


def simulated_fit_test(counts: Mapping[object, int], model: Distribution,
                       rng: np.random.Generator, repetitions: int = 10_000,
                       statistic: str = "tvd") -> FitTest:
    """Test ``counts`` against ``model`` with a null distribution simulated from the model."""
    repetitions = require_int(repetitions, "repetitions", minimum=1)
    stat = _statistic(statistic)
    observed, chances = _prepare(counts, model)
    n = int(observed.sum())
    samples = rng.multinomial(n, chances / chances.sum(), size=repetitions)
    null = stat(samples, chances)
    value = float(stat(observed, chances))
    return FitTest(statistic, value, null, float(np.mean(null >= value - 1e-12)), n)


def exact_null(n: int, model: Distribution, statistic: str = "tvd") -> dict[float, Fraction]:
    """The exact distribution of the statistic for ``n`` observations from ``model``.

    Lists every count vector (there are C(n + k - 1, k - 1) of them for k outcomes) with its
    multinomial probability. Refused when there are more than EXACT_LIMIT vectors.
    """
    n = require_int(n, "n", minimum=1)
    stat = _statistic(statistic)
    outcomes = model.support()
    k = len(outcomes)
    if comb(n + k - 1, k - 1) > EXACT_LIMIT:
        raise InvalidArgumentError(_("{n} observations of {k} outcomes have {vectors} "
                                     "possible count vectors, too many to list; use "
                                     "simulated_fit_test instead.").format(
            n=n, k=k, vectors=grouped(comb(n + k - 1, k - 1))))
    chances = [model[o] for o in outcomes]
    floats = np.array([float(c) for c in chances])
    result: dict[float, Fraction] = {}
    for vector in _count_vectors(n, k):
        ways = math.factorial(n)
        probability = Fraction(1)
        for c, p in zip(vector, chances):
            ways //= math.factorial(c)
            probability *= p ** c
        value = round(float(stat(np.array(vector), floats)), 12)
        result[value] = result.get(value, Fraction(0)) + ways * probability
    return dict(sorted(result.items()))


def exact_p_value(counts: Mapping[object, int], model: Distribution,
                  statistic: str = "tvd") -> Fraction:
    """P(statistic >= observed) under the model, exactly (small samples only)."""
    observed, chances = _prepare(counts, model)
    value = round(float(_statistic(statistic)(observed, chances)), 12)
    null = exact_null(int(observed.sum()), model, statistic)
    return sum((p for v, p in null.items() if v >= value - 1e-9), Fraction(0))


def _count_vectors(n: int, k: int):
    if k == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _count_vectors(n - first, k - 1):
            yield (first, *rest)


def _statistic(name: str) -> Statistic:
    if name not in STATISTICS:
        raise InvalidArgumentError(_("unknown statistic {name}: use 'tvd' or "
                                     "'chi-square'.").format(name=repr(name)))
    return STATISTICS[name]


def binomial_p_value(successes: int, trials: int, p: Fraction) -> Fraction:
    """Exact two-sided p-value: P(a count no likelier than the observed one) if the chance is p."""
    successes = require_int(successes, "successes", minimum=0)
    trials = require_int(trials, "trials", minimum=max(successes, 1))
    pmf = [comb(trials, k) * p ** k * (1 - p) ** (trials - k) for k in range(trials + 1)]
    return sum((q for q in pmf if q <= pmf[successes]), Fraction(0))


# --- Beta posteriors --------------------------------------------------------------------------
@dataclass(frozen=True)
class BetaPosterior:
    """Beta(a, b): what the attempts say about a child's chance of a silent attempt."""

    a: int
    b: int

    @property
    def mean(self) -> Fraction:
        return Fraction(self.a, self.a + self.b)

    @property
    def variance(self) -> Fraction:
        s = self.a + self.b
        return Fraction(self.a * self.b, s * s * (s + 1))

    def density(self, x: np.ndarray) -> np.ndarray:
        """The posterior density at the points ``x`` in [0, 1]."""
        x = np.asarray(x, dtype=float)
        log_norm = math.lgamma(self.a + self.b) - math.lgamma(self.a) - math.lgamma(self.b)
        return np.exp(log_norm) * x ** (self.a - 1) * (1 - x) ** (self.b - 1)

    def interval(self, level: float = 0.95, points: int = 20_001) -> tuple[float, float]:
        """The central credible interval, from the density integrated on a fine grid."""
        x = np.linspace(0, 1, points)
        cdf = np.concatenate([[0], np.cumsum((self.density(x[1:]) + self.density(x[:-1])) / 2
                                             * np.diff(x))])
        cdf /= cdf[-1]
        tail = (1 - level) / 2
        return float(np.interp(tail, cdf, x)), float(np.interp(1 - tail, cdf, x))

    def sample(self, size: int, rng: np.random.Generator) -> np.ndarray:
        return rng.beta(self.a, self.b, size=require_int(size, "size", minimum=1))


def beta_posterior(silent: int, not_silent: int) -> BetaPosterior:
    """The posterior of p after ``silent`` silent and ``not_silent`` other attempts.

    The prior is uniform (Beta(1, 1)), so the posterior is Beta(1 + silent, 1 + not silent).
    """
    silent = require_int(silent, "silent attempts", minimum=0)
    not_silent = require_int(not_silent, "attempts that were not silent", minimum=0)
    return BetaPosterior(1 + silent, 1 + not_silent)


def _beta_function(a: int, b: int) -> Fraction:
    """B(a, b) = (a − 1)! (b − 1)! / (a + b − 1)! for whole a, b ≥ 1, exactly."""
    return Fraction(math.factorial(a - 1) * math.factorial(b - 1), math.factorial(a + b - 1))


def exact_probability_steadier(first: BetaPosterior, second: BetaPosterior) -> Fraction:
    """P(first child's p > second child's p), exactly.

    For whole parameters the second posterior's CDF is a binomial tail,
    P(Y ≤ x) = Σ_{j ≥ a₂} C(m, j) x^j (1 − x)^(m − j) with m = a₂ + b₂ − 1, and integrating it
    against the first posterior's density leaves a sum of Beta functions.
    """
    m = second.a + second.b - 1
    total = sum((comb(m, j) * _beta_function(first.a + j, first.b + m - j)
                 for j in range(second.a, m + 1)), Fraction(0))
    return total / _beta_function(first.a, first.b)


def probability_steadier(first: BetaPosterior, second: BetaPosterior, rng: np.random.Generator,
                         draws: int = 100_000) -> float:
    """P(first child's p > second child's p), by seeded draws from both posteriors."""
    return float(np.mean(first.sample(draws, rng) > second.sample(draws, rng)))


def as_counts(values: Sequence[object]) -> dict[object, int]:
    """How often each value occurs."""
    counts: dict[object, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return counts
