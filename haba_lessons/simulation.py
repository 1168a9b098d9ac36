"""Seeded Monte Carlo helpers: every random thing in the course starts from a seed.

The same seed gives the same numbers on every machine and every run, which is what lets
CI compare a notebook's printed simulation results exactly.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

import numpy as np

from .i18n import _, grouped, number
from ._checks import require_int
from .distribution import Distribution
from .errors import InvalidArgumentError

#: The seed the notebooks use unless a reader changes it.
COURSE_SEED = 2015

T = TypeVar("T")


def make_rng(seed: int | None = COURSE_SEED) -> np.random.Generator:
    """A numpy Generator from a whole-number seed (``None`` only for a deliberately fresh stream)."""
    if seed is not None:
        seed = require_int(seed, "seed", minimum=0)
    return np.random.default_rng(seed)


#: The most die faces :func:`roll_dice` makes at once (400 MB): more would fill a laptop's or
#: Binder's memory, and the lessons' invitations stay far below (10**7 rolls of 2 dice).
MAX_FACES = 50_000_000


def roll_dice(rng: np.random.Generator, rolls: int, dice: int, sides: int = 6) -> np.ndarray:
    """An array of shape (rolls, dice) of fair die faces 1..sides."""
    rolls = require_int(rolls, "rolls", minimum=0)
    dice = require_int(dice, "dice", minimum=1)
    sides = require_int(sides, "sides", minimum=2)
    if rolls * dice > MAX_FACES:
        raise InvalidArgumentError(_("{rolls} rolls of {dice} dice are {faces} faces, more than "
                                     "this computer's memory should hold at once: roll at most "
                                     "{most} faces (for example 10**7 rolls of 2 dice).").format(
            rolls=grouped(rolls), dice=dice, faces=grouped(rolls * dice),
            most=grouped(MAX_FACES)))
    return rng.integers(1, sides + 1, size=(rolls, dice))


def keep_highest_sums(rolls: np.ndarray, keep: int) -> np.ndarray:
    """For each row of dice, the sum of its ``keep`` highest faces."""
    keep = require_int(keep, "keep", minimum=1, maximum=rolls.shape[1])
    return np.sort(rolls, axis=1)[:, rolls.shape[1] - keep:].sum(axis=1)


def sample(distribution: Distribution, size: int, rng: np.random.Generator) -> np.ndarray:
    """``size`` independent draws from an exact distribution with numeric outcomes."""
    size = require_int(size, "size", minimum=0)
    outcomes = np.array(distribution.support())
    weights = np.array([float(p) for p in distribution.values()])
    return rng.choice(outcomes, size=size, p=weights / weights.sum())


def sample_outcome(outcomes: Sequence[tuple[T, Fraction]], rng: np.random.Generator) -> T:
    """Pick one outcome of an explicit chance node ``[(outcome, probability), ...]``.

    The probabilities must be exact and add up to 1. One uniform number is drawn and compared
    with the running total, so the result depends only on the seed and the order of outcomes.
    """
    total = sum((p for _, p in outcomes), Fraction(0))
    if total != 1:
        raise InvalidArgumentError(_("chance outcomes must add up to 1, not {total}.")
                                   .format(total=total))
    return outcome_at(outcomes, rng.random())


def outcome_at(outcomes: Sequence[tuple[T, Fraction]], u: float) -> T:
    """The outcome whose slice of [0, 1) holds ``u``, slices laid out in the listed order.

    The inverse-CDF step of :func:`sample_outcome`, for simulators that draw their uniform
    numbers in blocks for speed.
    """
    running = 0.0
    for outcome, probability in outcomes:
        running += float(probability)
        if u < running:
            return outcome
    return outcomes[-1][0]


def running_mean(values: Iterable[float]) -> np.ndarray:
    """The mean of the first 1, 2, 3, ... values: how a simulated estimate settles down."""
    values = np.asarray(list(values) if not isinstance(values, np.ndarray) else values,
                        dtype=float)
    if values.size == 0:
        return values
    return np.cumsum(values) / np.arange(1, values.size + 1)


def convergence_points(hits: np.ndarray, points: int = 60) -> list[dict[str, float]]:
    """Running frequency of a 0/1 array at about ``points`` sample sizes on a log scale."""
    hits = np.asarray(hits, dtype=float)
    if hits.size == 0:
        raise InvalidArgumentError(_("no simulated values to show."))
    cumulative = np.cumsum(hits)
    sizes = np.unique(np.geomspace(1, hits.size, num=points).round().astype(int))
    return [{"trials": int(n), "estimate": float(cumulative[n - 1] / n)} for n in sizes]


@dataclass(frozen=True)
class Estimate:
    """A simulated proportion with its 95% Wilson confidence interval."""

    successes: int
    trials: int

    @property
    def value(self) -> float:
        return self.successes / self.trials

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.successes, self.trials)

    def __str__(self) -> str:
        low, high = self.interval
        return _("{value} (95% CI {low} to {high}, n = {trials})").format(
            value=number(self.value, ".3f"), low=number(low, ".3f"), high=number(high, ".3f"),
            trials=self.trials)


@dataclass(frozen=True)
class MeanEstimate:
    """A simulated mean with its normal 95% interval, mean ± 1.96 s/√n (many values: the
    mean is nearly normal). Unpacks as ``mean, low, high``."""

    mean: float
    low: float
    high: float
    n: int

    def __iter__(self) -> Iterator[float]:
        return iter((self.mean, self.low, self.high))

    def __str__(self) -> str:
        return _("{value} (95% CI {low} to {high}, n = {trials})").format(
            value=number(self.mean, ".1f"), low=number(self.low, ".1f"),
            high=number(self.high, ".1f"), trials=self.n)


def mean_interval(values: Iterable[float] | np.ndarray, z: float = 1.96) -> MeanEstimate:
    """The mean of ``values`` (at least 2) with its 95% interval, mean ± z s/√n (z = 1.96,
    as the lessons write it)."""
    values = np.asarray(values if isinstance(values, np.ndarray) else list(values),
                        dtype=float)
    if values.size < 2:
        raise InvalidArgumentError(_("an interval needs at least 2 values, not {n}: run at "
                                     "least 2 games, rounds or trials.").format(n=values.size))
    half = z * float(values.std(ddof=1)) / math.sqrt(values.size)
    mean = float(values.mean())
    return MeanEstimate(mean, mean - half, mean + half, int(values.size))


def wilson_interval(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default)."""
    trials = require_int(trials, "trials", minimum=1)
    successes = require_int(successes, "successes", minimum=0, maximum=trials)
    phat = successes / trials
    denominator = 1 + z * z / trials
    centre = (phat + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(phat * (1 - phat) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def progress(items: Iterable[T], total: int | None = None, description: str = "") -> Iterator[T]:
    """Iterate over ``items``, showing a progress bar when running inside a notebook.

    Outside a notebook (tests, scripts) nothing is shown. The bar is an ipywidgets
    IntProgress, whose stored output does not depend on timing, so notebooks stay
    reproducible.
    """
    bar = _notebook_progress_bar(total, description)
    if bar is None:
        yield from items
        return
    for item in items:
        yield item
        bar.value += 1
    bar.bar_style = "success"


def _notebook_progress_bar(total: int | None, description: str) -> Any:
    if total is None or total < 1:
        return None
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is a dependency
        return None
    shell = get_ipython()
    if shell is None or type(shell).__name__ != "ZMQInteractiveShell":
        return None
    import ipywidgets
    from IPython.display import display

    bar = ipywidgets.IntProgress(value=0, min=0, max=total, description=description)
    display(bar)
    return bar


def simulate(trial: Callable[[np.random.Generator], T], trials: int,
             rng: np.random.Generator, description: str = "") -> list[T]:
    """Run ``trial(rng)`` ``trials`` times with one generator, with a progress bar in notebooks."""
    trials = require_int(trials, "trials", minimum=1)
    return [trial(rng) for _ in progress(range(trials), trials, description)]
