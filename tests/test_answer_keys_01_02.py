"""Answer keys of notebooks 01 and 02: the teacher's answer is right, a near miss is not."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from haba_lessons.exercises import check


def p_sum(total, dice):
    rolls = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(sum(r) == total for r in rolls), len(rolls))


def count_best_two(total, dice):
    return sum(sum(sorted(r)[-2:]) == total for r in product(range(1, 7), repeat=dice))


@pytest.mark.parametrize("exercise, right, wrong", [
    ("01.1", Fraction(6, 36), Fraction(1, 36)),
    ("01.2", Fraction(6, 36), Fraction(3, 36)),
    ("01.3", p_sum, lambda total, dice: p_sum(total, 2)),
    ("01x.1", Fraction(27, 216), Fraction(25, 216)),
    ("01x.2", 0.1317, 0.1360),                   # 19/144 = 0.13194; tolerance 0.0036
    ("01x.3", 21_343, 21_342),
    ("02.1", 27, 36),
    ("02.2", Fraction(5, 2), Fraction(2, 1)),
    ("02x.1", Fraction(144, 19), Fraction(144, 1)),
    ("02.4", count_best_two, lambda total, dice: count_best_two(total, dice) + 1),
    ("02x.2", 37, 32),
    ("02x.3", 8.46, 8.50),                       # 203/24 = 8.4583; tolerance 0.0235
])
def test_right_and_wrong(exercise, right, wrong):
    assert check(exercise, right).ok
    assert not check(exercise, wrong).ok


def test_a_wrong_function_is_told_which_input_fails_without_the_answer():
    verdict = check("01.3", lambda total, dice: Fraction(1, 11))
    assert not verdict.ok and "(7, 2)" in verdict.message and "1/6" not in verdict.message


def test_the_width_exercise_gives_a_hint_for_a_decimal():
    verdict = check("01x.3", 21342.2)
    assert not verdict.ok and "round up" in verdict.message
