"""Sentences about simulated estimates, computed from their 95% intervals.

A notebook that says "seat 1 wins more often" must still be right when a student changes the
seed or a class loads its own data. These helpers write the sentence from the numbers: a
difference is claimed only where two intervals do not overlap, and otherwise the sentence
says that the runs cannot tell the two apart (TEACHING.md, claims and evidence)::

    from haba_lessons.claims import Measured, against
    print(against(Measured("seat 1", 0.284, 0.266, 0.302), 0.25, "1/4", "2,500 rounds"))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidArgumentError


@dataclass(frozen=True)
class Measured:
    """An estimate with its 95% interval, and the name a sentence calls it by."""

    name: str
    value: float
    low: float
    high: float

    def __post_init__(self) -> None:
        if not self.low <= self.value <= self.high:
            raise InvalidArgumentError(f"{self.name}: the estimate {self.value} must lie in "
                                       f"its interval {self.low} to {self.high}.")

    def shown(self, digits: int = 3) -> str:
        """The estimate and its interval, as the sentences print them."""
        return (f"{self.value:.{digits}f} (95% interval {self.low:.{digits}f} to "
                f"{self.high:.{digits}f})")


def measured(name: str, estimate: Any) -> Measured:
    """A :class:`Measured` from a simulation's ``Estimate`` or a (value, low, high) triple."""
    if hasattr(estimate, "interval") and hasattr(estimate, "value"):
        low, high = estimate.interval
        return Measured(name, float(estimate.value), float(low), float(high))
    value, low, high = estimate
    return Measured(name, float(value), float(low), float(high))


def rows(table: Any, name: str, value: str, low: str, high: str) -> list[Measured]:
    """One :class:`Measured` per row of a table (a pandas DataFrame) with these columns."""
    return [Measured(str(row[name]), float(row[value]), float(row[low]), float(row[high]))
            for _, row in table.iterrows()]


def against(item: Measured, reference: float, reference_text: str, runs: str,
            digits: int = 3) -> str:
    """Is ``item`` above, below, or not distinguishable from ``reference``?"""
    shown = item.shown(digits)
    if item.low > reference:
        return (f"{item.name}: {shown}, above {reference_text}: the whole interval lies "
                f"above it.")
    if item.high < reference:
        return (f"{item.name}: {shown}, below {reference_text}: the whole interval lies "
                f"below it.")
    return (f"{item.name}: {shown}; the interval contains {reference_text}: no difference "
            f"from {reference_text} that we can detect with {runs}.")


def compare(first: Measured, second: Measured, runs: str, digits: int = 3) -> str:
    """Which of two estimates is larger — only where their intervals do not overlap."""
    if first.low > second.high or second.low > first.high:
        high, low = (first, second) if first.value > second.value else (second, first)
        return (f"{high.name}, {high.shown(digits)}, is above {low.name}, "
                f"{low.shown(digits)}: the two intervals do not overlap.")
    return (f"{first.name}, {first.shown(digits)}, and {second.name}, "
            f"{second.shown(digits)}: the intervals overlap, so {runs} cannot tell them apart.")


def _names(items: Sequence[Measured]) -> str:
    names = [item.name for item in items]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def leader(items: Sequence[Measured], runs: str, digits: int = 3) -> str:
    """Which estimate is largest, and which of the others it is clearly above."""
    if len(items) < 2:
        raise InvalidArgumentError("give at least two estimates to compare.")
    top = max(items, key=lambda item: item.value)
    others = [item for item in items if item is not top]
    below = [item for item in others if item.high < top.low]
    close = [item for item in others if item.high >= top.low]
    sentence = f"{top.name} comes first, {top.shown(digits)}"
    if not close:
        return sentence + "; its interval lies above every other one."
    sentence += (f"; its interval overlaps that of {_names(close)}, so {runs} cannot rank "
                 f"{'them' if len(close) > 1 else 'the two'}")
    return sentence + (f"; it lies above that of {_names(below)}." if below else ".")
