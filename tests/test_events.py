"""The P / such_that vocabulary against hand counts, and its refusal of impossible conditions."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from haba_lessons.dice import best_two
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.events import P, given, independent, such_that

DICE = set(product(range(1, 7), repeat=2))        # 36 ordered rolls of two dice


def test_probability_by_counting():
    assert P({(1, 1), (6, 6)}, DICE) == Fraction(2, 36)
    assert P(lambda roll: sum(roll) == 7, DICE) == Fraction(6, 36)


def test_restricting_the_space_is_the_conditional_probability():
    # Given the first die shows 6, the sum is at least 10 for a second die of 4, 5, 6: 3 of 6.
    first_six = such_that(lambda roll: roll[0] == 6, DICE)
    assert len(first_six) == 6
    assert P(lambda roll: sum(roll) >= 10, first_six) == Fraction(1, 2)
    assert given(lambda roll: sum(roll) >= 10, lambda roll: roll[0] == 6, DICE) == Fraction(1, 2)


def test_the_order_of_the_condition_matters():
    # P(sum 12 | a six) = 1 of the 11 rolls with a six; P(a six | sum 12) = 1.
    six = lambda roll: 6 in roll                     # noqa: E731
    twelve = lambda roll: sum(roll) == 12            # noqa: E731
    assert given(twelve, six, DICE) == Fraction(1, 11)
    assert given(six, twelve, DICE) == 1


def test_a_weighted_space_a_distribution():
    # Best two of three dice. 12: two sixes (3 places × 5 other faces) or three: 16 rolls.
    # 11: one six (3 places) and the other two from 1-5 with at least one 5 (25 - 16): 27.
    three = best_two(3)
    assert P(lambda total: total == 12, three) == Fraction(16, 216)
    high = such_that(lambda total: total >= 11, three)
    assert P({12}, high) == Fraction(16, 16 + 27)
    assert sum(high.values()) == 1


def test_independence_two_dice():
    first_six = lambda roll: roll[0] == 6            # noqa: E731
    assert independent(first_six, lambda roll: sum(roll) == 7, DICE)      # 1/36 = 1/6 · 1/6
    assert not independent(first_six, lambda roll: sum(roll) == 8, DICE)  # 1/36 ≠ 1/6 · 5/36


@pytest.mark.parametrize("call", [
    lambda: P(lambda roll: True, such_that(lambda roll: sum(roll) == 13, DICE)),
    lambda: given(lambda roll: True, lambda roll: sum(roll) == 13, DICE),
    lambda: such_that(lambda total: total == 13, best_two(2)),
])
def test_a_condition_that_never_happens_is_refused_with_a_message(call):
    with pytest.raises(InvalidArgumentError, match="never happens"):
        call()


@pytest.mark.parametrize("call, words", [
    (lambda: P({1}, [1, 2, 3]), "set of equally likely outcomes"),
    (lambda: P(3, DICE), "an event is a set"),
    (lambda: such_that(DICE, lambda roll: True), "condition first"),
])
def test_a_mistaken_argument_gets_a_hint(call, words):
    with pytest.raises(InvalidArgumentError, match=words):
        call()
