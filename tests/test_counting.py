"""The counting-argument derivation of the best two of n dice, against outside oracles.

Oracles: the Spookies spec's facts, brute-force listing of every roll (written here, not
taken from the library), and formulas derived by hand from the complement rule.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from haba_lessons.counting import (
    best_two_by_counting,
    best_two_by_enumeration,
    best_two_counts,
    best_two_probability_formula,
    n,
    top_two_count,
    top_two_pairs,
)
from haba_lessons.errors import InvalidArgumentError


def listed_top_two(dice: int, sides: int) -> Counter:
    """(highest, second-highest) of every ordered roll, counted by listing them all."""
    return Counter(tuple(sorted(roll, reverse=True)[:2])
                   for roll in itertools.product(range(1, sides + 1), repeat=dice))


@pytest.mark.parametrize("dice, at_least_5, exactly_12", [
    (2, Fraction(5, 6), Fraction(1, 36)),
    (3, Fraction(205, 216), Fraction(2, 27)),
    (4, Fraction(319, 324), Fraction(19, 144)),
])
def test_spookies_spec_facts(dice, at_least_5, exactly_12):
    distribution = best_two_by_counting(dice)
    assert distribution.at_least(5) == at_least_5
    assert distribution[12] == exactly_12


def test_mean_of_best_two_of_four_is_the_known_value():
    # Oracle: the (highest, second) pairs of all 1296 listed rolls; their totals add up to
    # 12110, so the mean is 12110/1296 = 6055/648 (the same figure as tests/test_dice.py).
    listed = listed_top_two(4, 6)
    total = sum((high + low) * count for (high, low), count in listed.items())
    assert sum(listed.values()) == 6 ** 4 and total == 12110
    assert best_two_by_counting(4).mean() == Fraction(total, 6 ** 4) == Fraction(6055, 648)


def test_hand_counts_for_two_dice():
    # Two dice: highest 6 and second 5 happens as (6, 5) or (5, 6); a double once.
    assert top_two_count(6, 5, 2) == 2
    assert top_two_count(4, 4, 2) == 1
    # Three dice, top two (6, 5): the 6 is one of 3 dice, the other two are <= 5 with a 5:
    # 25 - 16 = 9 rolls each, 27 in all.
    assert top_two_count(6, 5, 3) == 27


@settings(max_examples=40, deadline=None)
@given(dice=st.integers(2, 4), sides=st.integers(2, 7))
def test_every_pair_count_matches_listing_every_roll(dice, sides):
    listed = listed_top_two(dice, sides)
    for high in range(1, sides + 1):
        for low in range(1, high + 1):
            assert top_two_count(high, low, dice, sides) == listed[(high, low)]


@settings(max_examples=30, deadline=None)
@given(dice=st.integers(2, 5), sides=st.integers(2, 6))
def test_counting_agrees_with_enumeration(dice, sides):
    assert best_two_by_counting(dice, sides) == best_two_by_enumeration(dice, sides)


@pytest.mark.parametrize("dice", range(2, 9))
def test_symbolic_counts_cover_every_roll(dice):
    counts = best_two_counts(n)
    assert sum(int(c.subs(n, dice)) for c in counts.values()) == 6 ** dice


def test_formula_for_twelve_matches_the_complement_rule():
    # Hand derivation: a 12 needs at least two sixes, so
    # P = 1 - P(no six) - P(exactly one six) = 1 - (5/6)^n - n (1/6) (5/6)^(n-1).
    by_hand = 1 - sympy.Rational(5, 6) ** n - n * sympy.Rational(1, 6) * sympy.Rational(5, 6) ** (n - 1)
    formula = best_two_probability_formula(12)
    for dice in range(2, 15):
        assert formula.subs(n, dice) == by_hand.subs(n, dice)
    assert sympy.limit(formula, n, sympy.oo) == 1


def test_formula_for_two_is_all_ones():
    assert best_two_probability_formula(2).subs(n, 5) == sympy.Rational(1, 6 ** 5)


def test_pairs_for_a_total():
    assert top_two_pairs(7) == [(6, 1), (5, 2), (4, 3)]
    assert top_two_pairs(12) == [(6, 6)]
    assert top_two_pairs(4) == [(3, 1), (2, 2)]


@pytest.mark.parametrize("call", [
    lambda: best_two_by_counting(1),
    lambda: best_two_by_counting(2.5),
    lambda: top_two_count(2, 3, 4),
    lambda: top_two_count(7, 1, 4),
    lambda: best_two_by_enumeration(8),
    lambda: top_two_pairs(13),
    lambda: best_two_probability_formula(1),
])
def test_bad_input_is_refused_with_a_clear_error(call):
    with pytest.raises(InvalidArgumentError, match="must be"):
        call()
