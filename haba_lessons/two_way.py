"""Two-way tables (Vierfeldertafeln): two ways of sorting the same outcomes, with totals.

A table counts outcomes by a row label and a column label. It comes from an exact sample
space (every outcome counted once, so a cell divided by the total is a probability) or from
observed pairs such as (who started, who won) of simulated or recorded games, where a cell
divided by the total is a relative frequency::

    table = TwoWayTable.from_events(space, first_red, double, ("first die red", "double"))
    table.probability("first die red", "double")      # P(A and B)
    table.given("double", "first die red")            # P(B | A): a cell over its row total
    table.independent()                                # every cell = row total × column total / total

A row or column that is empty gives no conditional probability: asked for one, the table
says so instead of dividing by zero.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pandas as pd

from .errors import InvalidArgumentError
from .events import Event, Space, as_predicate
from .i18n import _, event_label
from .distribution import Distribution

TOTAL = "total"


@dataclass(frozen=True)
class TwoWayTable:
    """Counts (or, for a weighted space, probabilities) by row label and column label."""

    row_name: str
    column_name: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    cells: tuple[tuple[Fraction, ...], ...]

    # --- construction -----------------------------------------------------------------
    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[Any, Any]], names: tuple[str, str] = ("row", "column"),
                   rows: Sequence[str] | None = None,
                   columns: Sequence[str] | None = None) -> TwoWayTable:
        """Count observed ``(row label, column label)`` pairs. ``rows`` and ``columns`` fix
        the order of the labels (and keep a label that was never seen, with zeros)."""
        counts = Counter((str(r), str(c)) for r, c in pairs)
        if not counts:
            raise InvalidArgumentError(_("there are no pairs to count yet."))
        rows = _labels(rows, [r for r, _ in counts], "rows")
        columns = _labels(columns, [c for _, c in counts], "columns")
        stray = [pair for pair in counts if pair[0] not in rows or pair[1] not in columns]
        if stray:
            raise InvalidArgumentError(_("the pair {pair} has a label that is not among the "
                                         "rows {rows} and columns {columns}.").format(
                pair=stray[0], rows=rows, columns=columns))
        cells = tuple(tuple(Fraction(counts[(r, c)]) for c in columns) for r in rows)
        return cls(*names, rows, columns, cells)

    @classmethod
    def from_space(cls, space: Space, row: Callable[[Any], Any], column: Callable[[Any], Any],
                   names: tuple[str, str] = ("row", "column")) -> TwoWayTable:
        """Sort the outcomes of an exact space by ``row(outcome)`` and ``column(outcome)``:
        counts for a set of equally likely outcomes, probabilities for a Distribution."""
        if isinstance(space, Distribution):
            weights = {(str(row(o)), str(column(o))): Fraction(0) for o in space}
            for outcome, p in space.items():
                weights[(str(row(outcome)), str(column(outcome)))] += p
        else:
            weights = Counter((str(row(o)), str(column(o))) for o in space)
        if not weights:
            raise InvalidArgumentError(_("the space has no outcomes to sort."))
        rows = _labels(None, [r for r, _ in weights], "rows")
        columns = _labels(None, [c for _, c in weights], "columns")
        cells = tuple(tuple(Fraction(weights.get((r, c), 0)) for c in columns) for r in rows)
        return cls(*names, rows, columns, cells)

    @classmethod
    def from_events(cls, space: Space, a: Event, b: Event,
                    names: tuple[str, str] = ("A", "B")) -> TwoWayTable:
        """The 2 × 2 table of two events: rows A / not A, columns B / not B."""
        holds_a, holds_b = as_predicate(a), as_predicate(b)
        yes_no = lambda holds, name: lambda o: name if holds(o) else f"not {name}"  # noqa: E731
        table = cls.from_space(space, yes_no(holds_a, names[0]), yes_no(holds_b, names[1]),
                               names)
        return table.reordered((names[0], f"not {names[0]}"), (names[1], f"not {names[1]}"))

    def reordered(self, rows: Sequence[str], columns: Sequence[str]) -> TwoWayTable:
        """The same table with its labels in this order (labels missing here count 0)."""
        cell = {(r, c): self.cells[i][j] for i, r in enumerate(self.rows)
                for j, c in enumerate(self.columns)}
        lost = [key for key, value in cell.items()
                if value and (key[0] not in rows or key[1] not in columns)]
        if lost:
            raise InvalidArgumentError(_("the labels {labels} hold outcomes: keep "
                                         "them.").format(labels=lost[0]))
        return TwoWayTable(self.row_name, self.column_name, tuple(rows), tuple(columns),
                           tuple(tuple(cell.get((r, c), Fraction(0)) for c in columns)
                                 for r in rows))

    # --- totals and probabilities -------------------------------------------------------
    @property
    def total(self) -> Fraction:
        return sum((sum(row, Fraction(0)) for row in self.cells), Fraction(0))

    def row_total(self, row: str) -> Fraction:
        return sum(self.cells[self._row(row)], Fraction(0))

    def column_total(self, column: str) -> Fraction:
        j = self._column(column)
        return sum((row[j] for row in self.cells), Fraction(0))

    def cell(self, row: str, column: str) -> Fraction:
        return self.cells[self._row(row)][self._column(column)]

    def probability(self, row: str | None = None, column: str | None = None) -> Fraction:
        """P(row and column), or P(row) / P(column) when the other is left out."""
        if row is None and column is None:
            return Fraction(1)
        if column is None:
            part = self.row_total(row)
        elif row is None:
            part = self.column_total(column)
        else:
            part = self.cell(row, column)
        return part / self.total

    def given(self, column: str, row: str) -> Fraction:
        """P(column | row): the cell over its row total (what share of that row)."""
        base = self.row_total(row)
        if not base:
            raise InvalidArgumentError(_("the row {label} is empty, so nothing can be given "
                                         "it: P(· | {row}) is not defined.").format(
                label=repr(row), row=row))
        return self.cell(row, column) / base

    def given_column(self, row: str, column: str) -> Fraction:
        """P(row | column): the cell over its column total."""
        base = self.column_total(column)
        if not base:
            raise InvalidArgumentError(_("the column {label} is empty, so nothing can be "
                                         "given it: P(· | {column}) is not defined.").format(
                label=repr(column), column=column))
        return self.cell(row, column) / base

    def independent(self) -> bool:
        """True when every cell is (row total × column total) / total: the row tells
        nothing about the column. Exact for a space; for observed counts, an exact
        equality is rare even when the truth is independence."""
        total = self.total
        return all(self.cells[i][j] * total == self.row_total(r) * self.column_total(c)
                   for i, r in enumerate(self.rows) for j, c in enumerate(self.columns))

    def expected(self) -> TwoWayTable:
        """The cells independence would give with the same totals."""
        total = self.total
        return TwoWayTable(self.row_name, self.column_name, self.rows, self.columns,
                           tuple(tuple(self.row_total(r) * self.column_total(c) / total
                                       for c in self.columns) for r in self.rows))

    # --- display -----------------------------------------------------------------------
    def frame(self, shares: bool = False) -> pd.DataFrame:
        """The table with a total row and column: counts, or with ``shares`` every cell
        over the grand total (exact fractions, as text)."""
        scale = self.total if shares else Fraction(1)
        show = (lambda v: str(v / scale)) if shares else _number
        data = {c: [show(self.cells[i][j]) for i in range(len(self.rows))]
                + [show(self.column_total(c))] for j, c in enumerate(self.columns)}
        data[TOTAL] = [show(self.row_total(r)) for r in self.rows] + [show(self.total)]
        frame = pd.DataFrame(data, index=list(self.rows) + [TOTAL])
        frame.index.name = f"{self.row_name} \\ {self.column_name}"
        return _shown(frame)

    def _row(self, row: str) -> int:
        try:
            return self.rows.index(row)
        except ValueError:
            raise InvalidArgumentError(_("no row {label}: the rows are {rows}.").format(
                label=repr(row), rows=list(self.rows))) from None

    def _column(self, column: str) -> int:
        try:
            return self.columns.index(column)
        except ValueError:
            raise InvalidArgumentError(_("no column {label}: the columns are "
                                         "{columns}.").format(label=repr(column),
                                                              columns=list(self.columns))) from None


def _shown(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame with its row, column and axis names in the language in use (the table's
    own data keeps its English names)."""
    name = lambda text: _("total") if text == TOTAL else event_label(text)   # noqa: E731
    shown = frame.rename(index=name, columns=name)
    row_name, _sep, column_name = str(frame.index.name).partition(" \\ ")
    shown.index.name = f"{event_label(row_name)} \\ {event_label(column_name)}"
    return shown


def _number(value: Fraction) -> int | str:
    return int(value) if value.denominator == 1 else str(value)


def _labels(given: Sequence[str] | None, seen: list[str], what: str) -> tuple[str, ...]:
    if given is None:
        return tuple(sorted(set(seen)))
    labels = tuple(str(label) for label in given)
    if len(set(labels)) != len(labels):
        raise InvalidArgumentError(_("{what}: a label is listed twice.").format(what=what))
    return labels


__all__ = ["TwoWayTable", "TOTAL"]
