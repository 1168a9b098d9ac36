"""Finite probability distributions with exact rational probabilities.

A :class:`Distribution` maps each outcome to a :class:`fractions.Fraction`. Outcomes are
usually numbers (a dice sum), but any hashable value works for probabilities; the mean and
variance need numbers. Probabilities are never rounded: ``keep_highest(4, 2)[12]`` is
``Fraction(19, 144)``, not ``0.1319...``.
"""

from __future__ import annotations

import itertools
import numbers
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any

from .errors import InvalidArgumentError
from .i18n import _
from .shown import shown


class Distribution(Mapping):
    """An immutable map ``outcome -> exact probability`` whose probabilities sum to 1.

    Looking up an outcome that cannot happen gives ``Fraction(0)``; ``outcome in dist`` says
    whether it can happen. Outcomes with probability 0 are dropped.
    """

    __slots__ = ("_probabilities",)

    def __init__(self, probabilities: Mapping[Hashable, numbers.Rational | int]) -> None:
        cleaned: dict[Hashable, Fraction] = {}
        for outcome, probability in probabilities.items():
            if isinstance(probability, (bool, float)) or not isinstance(
                probability, numbers.Rational
            ):
                raise InvalidArgumentError(_(
                    "probability of {outcome} must be an exact fraction or integer, not "
                    "{value}; write Fraction(1, 6) instead of 1/6.").format(
                    outcome=repr(outcome), value=repr(probability)))
            probability = Fraction(probability)
            if probability < 0:
                raise InvalidArgumentError(_("probability of {outcome} is negative "
                                             "({value}).").format(outcome=repr(outcome),
                                                                  value=probability))
            if probability:
                cleaned[outcome] = cleaned.get(outcome, Fraction(0)) + probability
        total = sum(cleaned.values(), Fraction(0))
        if total != 1:
            raise InvalidArgumentError(_("probabilities must add up to exactly 1, but they "
                                         "add up to {total}.").format(total=total))
        self._probabilities = dict(_sorted_items(cleaned))

    # --- construction -------------------------------------------------------------------
    @classmethod
    def from_counts(cls, counts: Mapping[Hashable, int]) -> Distribution:
        """Build from ways-of-happening counts: each outcome gets count / total."""
        total = 0
        for outcome, count in counts.items():
            if isinstance(count, bool) or not isinstance(count, numbers.Integral) or count < 0:
                raise InvalidArgumentError(_("count of {outcome} must be a non-negative whole "
                                             "number, got {value}.").format(
                    outcome=repr(outcome), value=repr(count)))
            total += count
        if total == 0:
            raise InvalidArgumentError(_("counts are all zero: nothing can happen."))
        return cls({outcome: Fraction(count, total) for outcome, count in counts.items()})

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Distribution:
        """Every listed outcome equally likely (repeats count more than once)."""
        counts: dict[Hashable, int] = {}
        for outcome in outcomes:
            counts[outcome] = counts.get(outcome, 0) + 1
        return cls.from_counts(counts)

    @classmethod
    def point(cls, outcome: Hashable) -> Distribution:
        """The outcome happens for certain."""
        return cls({outcome: Fraction(1)})

    # --- Mapping protocol -----------------------------------------------------------------
    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self._probabilities.get(outcome, Fraction(0))

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._probabilities

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._probabilities)

    def __len__(self) -> int:
        return len(self._probabilities)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Distribution):
            return self._probabilities == other._probabilities
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._probabilities.items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {p}" for o, p in self._probabilities.items())
        return f"Distribution({{{body}}})"

    # --- questions ------------------------------------------------------------------------
    def probability(self, event: Callable[[Any], bool]) -> Fraction:
        """P(event): the total probability of the outcomes for which ``event`` is true."""
        return sum((p for o, p in self._probabilities.items() if event(o)), Fraction(0))

    def at_least(self, threshold: Any) -> Fraction:
        """P(X >= threshold)."""
        self._comparable(threshold)
        return self.probability(lambda outcome: outcome >= threshold)

    def at_most(self, threshold: Any) -> Fraction:
        """P(X <= threshold)."""
        self._comparable(threshold)
        return self.probability(lambda outcome: outcome <= threshold)

    def _comparable(self, threshold: Any) -> None:
        """Refuse a threshold the outcomes cannot be compared with ("neun" for a sum)."""
        try:
            next(iter(self._probabilities)) >= threshold
        except TypeError:
            raise InvalidArgumentError(_("{threshold} cannot be compared with this "
                                         "distribution's outcomes (such as {outcome}): give "
                                         "a number, like 9.").format(
                threshold=shown(threshold), outcome=shown(next(iter(self._probabilities))))
            ) from None

    def mean(self) -> Fraction:
        """The exact expected value E[X]."""
        return sum((Fraction(o) * p for o, p in self._probabilities.items()), Fraction(0))

    def variance(self) -> Fraction:
        """The exact variance E[(X - E[X])^2]."""
        mu = self.mean()
        return sum(((Fraction(o) - mu) ** 2 * p for o, p in self._probabilities.items()),
                   Fraction(0))

    def support(self) -> list[Hashable]:
        """The outcomes that can happen, in sorted order where they can be sorted."""
        return list(self._probabilities)

    def cumulative(self) -> dict[Hashable, Fraction]:
        """P(X <= x) for each outcome x, in order."""
        running, result = Fraction(0), {}
        for outcome, probability in self._probabilities.items():
            running += probability
            result[outcome] = running
        return result

    # --- building new distributions -------------------------------------------------------
    def map(self, function: Callable[[Any], Hashable]) -> Distribution:
        """The distribution of ``function(X)``; outcomes that map together add up."""
        result: dict[Hashable, Fraction] = {}
        for outcome, probability in self._probabilities.items():
            image = function(outcome)
            result[image] = result.get(image, Fraction(0)) + probability
        return Distribution(result)

    def given(self, event: Callable[[Any], bool]) -> Distribution:
        """The conditional distribution of X given that ``event`` happened."""
        kept = {o: p for o, p in self._probabilities.items() if event(o)}
        total = sum(kept.values(), Fraction(0))
        if total == 0:
            raise InvalidArgumentError(_("the condition is impossible (its probability is "
                                         "0)."))
        return Distribution({o: p / total for o, p in kept.items()})

    def combine(self, other: Distribution,
                function: Callable[[Any, Any], Hashable]) -> Distribution:
        """The distribution of ``function(X, Y)`` for independent X (self) and Y (other)."""
        result: dict[Hashable, Fraction] = {}
        for (x, px), (y, py) in itertools.product(self._probabilities.items(),
                                                  other._probabilities.items()):
            image = function(x, y)
            result[image] = result.get(image, Fraction(0)) + px * py
        return Distribution(result)

    def __add__(self, other: Distribution | int) -> Distribution:
        """X + Y for independent X and Y, or X + c for a constant c."""
        if isinstance(other, Distribution):
            return self.combine(other, lambda x, y: x + y)
        if isinstance(other, numbers.Number):
            return self.map(lambda x: x + other)
        return NotImplemented

    __radd__ = __add__

    def repeat_sum(self, times: int) -> Distribution:
        """The sum of ``times`` independent copies of X (``times`` >= 1)."""
        from ._checks import require_int

        times = require_int(times, "times", minimum=1)
        result = self
        for _ in range(times - 1):
            result = result + self
        return result

    def as_floats(self) -> dict[Hashable, float]:
        """The probabilities as floats, for charts and numpy (never for answers)."""
        return {o: float(p) for o, p in self._probabilities.items()}


def _sorted_items(probabilities: dict[Hashable, Fraction]) -> list[tuple[Hashable, Fraction]]:
    try:
        return sorted(probabilities.items())
    except TypeError:  # outcomes that cannot be compared keep a stable, readable order
        return sorted(probabilities.items(), key=lambda item: repr(item[0]))
