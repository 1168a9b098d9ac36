"""Two-way tables: cells, margins and conditional shares against hand counts."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from haba_lessons.dice import best_two
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.two_way import TwoWayTable

DICE = set(product(range(1, 7), repeat=2))


def test_two_events_of_two_dice():
    # First die 6: 6 rolls; sum at least 10: 6 rolls (4+6, 5+5, 5+6, 6+4, 6+5, 6+6); both: 3.
    table = TwoWayTable.from_events(DICE, lambda r: r[0] == 6, lambda r: sum(r) >= 10,
                                    ("first six", "at least 10"))
    assert table.cells == ((3, 3), (3, 27))
    assert table.total == 36 and table.row_total("first six") == 6
    assert table.probability("first six", "at least 10") == Fraction(3, 36)
    assert table.probability(column="at least 10") == Fraction(6, 36)
    assert table.given("at least 10", "first six") == Fraction(1, 2)
    assert table.given_column("first six", "at least 10") == Fraction(1, 2)
    assert not table.independent()                 # 3/36 ≠ 6/36 · 6/36
    assert table.expected().cells[0][0] == 1         # 6 · 6 / 36


def test_independent_events_fill_the_table_in_proportion():
    table = TwoWayTable.from_events(DICE, lambda r: r[0] == 6, lambda r: sum(r) == 7,
                                    ("first six", "sum 7"))
    assert table.cells == ((1, 5), (5, 25)) and table.independent()


def test_a_weighted_space_gives_probabilities():
    table = TwoWayTable.from_space(best_two(2), lambda t: t >= 10, lambda t: t % 2 == 0)
    assert table.total == 1
    assert table.cell("True", "True") == Fraction(1 + 3, 36)        # 10 (3 ways) and 12 (1)


def test_observed_pairs_with_a_fixed_order_and_a_label_never_seen():
    pairs = [("seat 1 starts", "seat 1 wins")] * 3 + [("seat 1 starts", "seat 2 wins")]
    table = TwoWayTable.from_pairs(pairs, ("who starts", "who wins"),
                                   rows=["seat 1 starts", "seat 2 starts"],
                                   columns=["seat 1 wins", "seat 2 wins"])
    assert table.cells == ((3, 1), (0, 0))
    frame = table.frame()
    assert frame.loc["total", "total"] == 4 and frame.loc["seat 1 starts", "seat 1 wins"] == 3
    assert table.frame(shares=True).loc["seat 1 starts", "seat 1 wins"] == "3/4"
    with pytest.raises(InvalidArgumentError, match="empty"):
        table.given("seat 1 wins", "seat 2 starts")


@pytest.mark.parametrize("call, words", [
    (lambda: TwoWayTable.from_pairs([]), "no pairs"),
    (lambda: TwoWayTable.from_pairs([("a", "b")], rows=["x"]), "not among the rows"),
    (lambda: TwoWayTable.from_pairs([("a", "b")], rows=["a", "a"]), "listed twice"),
    (lambda: TwoWayTable.from_pairs([("a", "b")]).cell("z", "b"), "no row 'z'"),
])
def test_bad_tables_and_labels_get_a_message(call, words):
    with pytest.raises(InvalidArgumentError, match=words):
        call()
