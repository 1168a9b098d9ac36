"""The binomial distribution against a tree of tries, the formula in sympy and its mean np."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from haba_lessons.binomial import FORMULA, binomial, binomial_probability, k, n, p
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.trees import probability_tree

FIVE_TWELFTHS = Fraction(5, 12)


def test_the_distribution_is_the_tree_of_tries_grouped_by_successes():
    try_once = ("try", lambda path: [("hit", FIVE_TWELFTHS), ("miss", 1 - FIVE_TWELFTHS)])
    tree = probability_tree(*[try_once] * 4)
    by_tree = tree.distribution().map(lambda labels: labels.count("hit"))
    assert by_tree == binomial(4, FIVE_TWELFTHS)


def test_hand_values():
    # three tries, chance 1/2: 1, 3, 3, 1 of 8
    assert [binomial(3, Fraction(1, 2))[j] for j in range(4)] == [Fraction(c, 8) for c in (1, 3, 3, 1)]
    assert binomial_probability(10, 0, FIVE_TWELFTHS) == Fraction(7, 12) ** 10
    assert binomial_probability(5, 5, 1) == 1 and binomial_probability(5, 0, 0) == 1


def test_mean_and_variance_are_np_and_npq():
    dist = binomial(10, FIVE_TWELFTHS)
    assert dist.mean() == 10 * FIVE_TWELFTHS
    assert dist.variance() == 10 * FIVE_TWELFTHS * (1 - FIVE_TWELFTHS)


def test_the_sympy_formula_agrees_and_sums_to_np():
    value = FORMULA.subs({n: 10, k: 4, p: sympy.Rational(5, 12)})
    assert Fraction(int(value.p), int(value.q)) == binomial_probability(10, 4, FIVE_TWELFTHS)
    mean = sympy.summation(k * FORMULA.subs(n, 10), (k, 0, 10))
    assert sympy.simplify(mean - 10 * p) == 0


def test_a_decimal_chance_is_read_exactly():
    assert binomial(2, 0.4)[1] == Fraction(12, 25)


@pytest.mark.parametrize("call, words", [
    (lambda: binomial_probability(10, 11, FIVE_TWELFTHS), "between 0 and n = 10, but got 11"),
    (lambda: binomial_probability(10, -1, FIVE_TWELFTHS), "between 0 and n = 10"),
    (lambda: binomial_probability(-3, 0, FIVE_TWELFTHS), "n \\(the number of tries\\) must be at least 0"),
    (lambda: binomial(2.5, FIVE_TWELFTHS), "whole number"),
    (lambda: binomial(4, Fraction(3, 2)), "between 0 and 1"),
    (lambda: binomial_probability(4, 1.0, FIVE_TWELFTHS), "whole number"),
])
def test_out_of_range_values_get_a_message_not_a_number(call, words):
    with pytest.raises(InvalidArgumentError, match=words):
        call()
