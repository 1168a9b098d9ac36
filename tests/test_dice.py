"""The dice core against published and hand-derived values, and against brute force."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from haba_lessons.dice import die, keep_highest, keep_highest_counts, sum_of_dice
from haba_lessons.errors import HabaLessonsError, InvalidArgumentError


def brute_force_keep_highest(n: int, keep: int, sides: int) -> dict[int, Fraction]:
    """Enumerate all sides**n rolls: the independent oracle for small pools."""
    counts = Counter(sum(sorted(roll)[n - keep:])
                     for roll in itertools.product(range(1, sides + 1), repeat=n))
    total = sides ** n
    return {s: Fraction(c, total) for s, c in counts.items()}


# Spookies' facts, from the rule specification (shared/rules/spookies.md).
@pytest.mark.parametrize("n, expected", [(2, Fraction(5, 6)), (3, Fraction(205, 216)),
                                         (4, Fraction(319, 324))])
def test_best_two_reaches_five(n, expected):
    assert keep_highest(n, 2).at_least(5) == expected


@pytest.mark.parametrize("n, expected", [(2, Fraction(1, 36)), (3, Fraction(2, 27)),
                                         (4, Fraction(19, 144))])
def test_best_two_is_twelve(n, expected):
    assert keep_highest(n, 2)[12] == expected


def test_public_entry_point_from_the_readme():
    assert keep_highest(4, 2)[12] == Fraction(19, 144)


def test_twelve_by_hand():
    # P(at least two sixes among 4 dice) = 1 - P(no six) - P(exactly one six)
    by_hand = 1 - Fraction(5, 6) ** 4 - 4 * Fraction(1, 6) * Fraction(5, 6) ** 3
    assert keep_highest(4, 2)[12] == by_hand


def test_mean_of_best_two_of_four():
    # Oracle: list all 6**4 = 1296 rolls; the kept totals add up to 12110, and
    # 12110/1296 = 6055/648 = 9.344...
    total = sum(sum(sorted(roll)[-2:]) for roll in itertools.product(range(1, 7), repeat=4))
    assert total == 12110
    assert keep_highest(4, 2).mean() == Fraction(total, 6 ** 4) == Fraction(6055, 648)


def test_mean_of_four_d6_drop_lowest():
    # The classic role-playing "4d6 drop the lowest": 15869/1296 = 12.2445...
    assert keep_highest(4, 3).mean() == Fraction(15869, 1296)


def test_two_dice_sum_by_hand():
    two = sum_of_dice(2)
    assert [two[s] * 36 for s in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert two.mean() == 7
    assert two.variance() == Fraction(35, 6)  # 2 * (35/12), the variance of one die twice


def test_one_die():
    assert die(6).mean() == Fraction(7, 2)
    assert die(6).variance() == Fraction(35, 12)
    assert die(2)[1] == Fraction(1, 2)


def test_keep_all_is_the_plain_sum():
    assert keep_highest(3, 3) == die(6) + die(6) + die(6)


def test_keep_one_is_the_maximum():
    # P(max of 3 dice <= m) = (m/6)^3, so P(max = m) = (m^3 - (m-1)^3) / 216
    top = keep_highest(3, 1)
    assert all(top[m] == Fraction(m ** 3 - (m - 1) ** 3, 216) for m in range(1, 7))


def test_counts_add_up_to_the_sample_space():
    assert sum(keep_highest_counts(5, 2, 6).values()) == 6 ** 5


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 5), sides=st.integers(2, 7), data=st.data())
def test_agrees_with_brute_force_on_small_pools(n, sides, data):
    keep = data.draw(st.integers(1, n))
    assert dict(keep_highest(n, keep, sides)) == brute_force_keep_highest(n, keep, sides)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 20), sides=st.integers(2, 12), data=st.data())
def test_every_distribution_sums_to_exactly_one(n, sides, data):
    keep = data.draw(st.integers(1, n))
    assert sum(keep_highest(n, keep, sides).values()) == 1


def test_twenty_dice_support():
    twenty = keep_highest(20, 2)
    assert min(twenty) == 2 and max(twenty) == 12
    # both kept dice are 1 only if all twenty dice are 1
    assert twenty[2] == Fraction(1, 6 ** 20)


@pytest.mark.parametrize("call, words", [
    (lambda: keep_highest(0, 2), "at least 1"),
    (lambda: keep_highest(2, 3), "at most 2"),
    (lambda: keep_highest(4, 2, sides=1), "sides must be at least 2"),
    (lambda: keep_highest(4.0, 2), "whole number"),
    (lambda: keep_highest(4, "2"), "whole number"),
    (lambda: keep_highest(True, 1), "whole number"),
    (lambda: keep_highest(4, 0), "at least 1"),
    (lambda: die(1), "at least 2"),
])
def test_bad_input_is_named(call, words):
    with pytest.raises(InvalidArgumentError, match=words):
        call()


def test_bad_input_is_a_course_error_and_a_value_error():
    with pytest.raises(HabaLessonsError):
        keep_highest(0, 2)
    with pytest.raises(ValueError):
        keep_highest(0, 2)
