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
from .i18n import _, label, ngettext, number


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
        spec = f".{digits}f"
        return _("{value} (95% interval {low} to {high})").format(
            value=number(self.value, spec), low=number(self.low, spec),
            high=number(self.high, spec))


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
    words = {"name": label(item.name), "shown": item.shown(digits),
             "reference": reference_text, "runs": label(runs)}
    if item.low > reference:
        return _("{name}: {shown}, above {reference}: the whole interval lies above "
                 "it.").format(**words)
    if item.high < reference:
        return _("{name}: {shown}, below {reference}: the whole interval lies below "
                 "it.").format(**words)
    return _("{name}: {shown}; the interval contains {reference}: no difference from "
             "{reference} that we can detect with {runs}.").format(**words)


def compare(first: Measured, second: Measured, runs: str, digits: int = 3) -> str:
    """Which of two estimates is larger — only where their intervals do not overlap."""
    if first.low > second.high or second.low > first.high:
        high, low = (first, second) if first.value > second.value else (second, first)
        return _("{high}, {high_shown}, is above {low}, {low_shown}: the two intervals do "
                 "not overlap.").format(high=label(high.name), high_shown=high.shown(digits),
                                        low=label(low.name), low_shown=low.shown(digits))
    return _("{first}, {first_shown}, and {second}, {second_shown}: the intervals overlap, "
             "so {runs} cannot tell them apart.").format(
        first=label(first.name), first_shown=first.shown(digits), second=label(second.name),
        second_shown=second.shown(digits), runs=label(runs))


def _names(items: Sequence[Measured]) -> str:
    names = [label(item.name) for item in items]
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def leader(items: Sequence[Measured], runs: str, digits: int = 3) -> str:
    """Which estimate is largest, and which of the others it is clearly above."""
    if len(items) < 2:
        raise InvalidArgumentError("give at least two estimates to compare.")
    top = max(items, key=lambda item: item.value)
    others = [item for item in items if item is not top]
    below = [item for item in others if item.high < top.low]
    close = [item for item in others if item.high >= top.low]
    words = {"name": label(top.name), "shown": top.shown(digits), "runs": label(runs),
             "close": _names(close) if close else "", "below": _names(below) if below else ""}
    if not close:
        return _("{name} comes first, {shown}; its interval lies above every other "
                 "one.").format(**words)
    if below:
        return ngettext("{name} comes first, {shown}; its interval overlaps that of {close}, "
                        "so {runs} cannot rank the two; it lies above that of {below}.",
                        "{name} comes first, {shown}; its interval overlaps that of {close}, "
                        "so {runs} cannot rank them; it lies above that of {below}.",
                        len(close)).format(**words)
    return ngettext("{name} comes first, {shown}; its interval overlaps that of {close}, so "
                    "{runs} cannot rank the two.",
                    "{name} comes first, {shown}; its interval overlaps that of {close}, so "
                    "{runs} cannot rank them.", len(close)).format(**words)
