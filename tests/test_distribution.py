"""Distribution arithmetic against hand derivations."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from haba_lessons.dice import die
from haba_lessons.distribution import Distribution
from haba_lessons.draws import hypergeometric, probability_at_least_one, probability_none
from haba_lessons.errors import InvalidArgumentError

coin = Distribution({0: Fraction(1, 2), 1: Fraction(1, 2)})


def test_lookup_of_impossible_outcome_is_zero():
    assert die(6)[7] == 0
    assert 7 not in die(6)


def test_event_probability():
    assert die(6).probability(lambda face: face % 2 == 0) == Fraction(1, 2)
    assert die(6).at_least(5) == Fraction(1, 3)
    assert die(6).at_most(2) == Fraction(1, 3)


def test_sum_of_coins_is_binomial():
    three = coin + coin + coin
    assert [three[k] for k in range(4)] == [Fraction(1, 8), Fraction(3, 8), Fraction(3, 8),
                                            Fraction(1, 8)]
    assert three == coin.repeat_sum(3)
    assert three.mean() == Fraction(3, 2) and three.variance() == Fraction(3, 4)


def test_map_and_given():
    parity = die(6).map(lambda face: face % 2)
    assert parity == coin
    assert die(6).given(lambda face: face > 4) == Distribution.uniform([5, 6])


def test_constant_shift():
    assert (die(6) + 10).mean() == Fraction(27, 2)


def test_cumulative():
    assert die(4).cumulative() == {1: Fraction(1, 4), 2: Fraction(1, 2), 3: Fraction(3, 4),
                                   4: Fraction(1)}


def test_non_numeric_outcomes():
    colours = Distribution.uniform(["red", "yellow", "red"])
    assert colours["red"] == Fraction(2, 3)


@pytest.mark.parametrize("probabilities, words", [
    ({1: Fraction(1, 2)}, "add up to exactly 1"),
    ({1: 0.5, 2: 0.5}, "exact fraction"),
    ({1: Fraction(3, 2), 2: Fraction(-1, 2)}, "negative"),
])
def test_refuses_non_distributions(probabilities, words):
    with pytest.raises(InvalidArgumentError, match=words):
        Distribution(probabilities)


def test_refuses_empty_counts():
    with pytest.raises(InvalidArgumentError, match="all zero"):
        Distribution.from_counts({1: 0})


def test_hypergeometric_by_hand():
    # 5 cards from 52 of which 16 are special: no special card with probability
    # C(36,5)/C(52,5) = 376992/2598960 (counted by hand: 36*35*34*33*32/120 = 376992).
    assert probability_none(52, 16, 5) == Fraction(376992, 2598960)
    # 2 cards from an urn of 3 red and 2 blue: P(one red) = 3*2/C(5,2) = 6/10.
    urn = hypergeometric(5, 3, 2)
    assert urn[1] == Fraction(6, 10) and urn[0] == Fraction(1, 10) and urn[2] == Fraction(3, 10)
    assert probability_at_least_one(5, 3, 2) == Fraction(9, 10)


def test_hypergeometric_mean_is_n_k_over_N():
    assert hypergeometric(52, 16, 5).mean() == Fraction(5 * 16, 52)


@pytest.mark.parametrize("args", [(0, 0, 0), (10, 11, 2), (10, 2, 11), (10, -1, 2)])
def test_hypergeometric_bad_input(args):
    with pytest.raises(InvalidArgumentError):
        hypergeometric(*args)


@settings(max_examples=50, deadline=None)
@given(population=st.integers(1, 40), data=st.data())
def test_hypergeometric_sums_to_one(population, data):
    successes = data.draw(st.integers(0, population))
    draws = data.draw(st.integers(0, population))
    assert sum(hypergeometric(population, successes, draws).values()) == 1


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=1, max_size=6),
       st.lists(st.integers(1, 9), min_size=1, max_size=6))
def test_sum_mean_is_additive_and_total_one(left, right):
    x, y = Distribution.uniform(left), Distribution.uniform(right)
    total = x + y
    assert sum(total.values()) == 1
    assert total.mean() == x.mean() + y.mean()
    assert total.variance() == x.variance() + y.variance()


def test_a_threshold_that_is_not_a_number_is_refused_in_one_line():
    from haba_lessons.errors import InvalidArgumentError

    two_dice = Distribution({total: Fraction(6 - abs(total - 7), 36) for total in range(2, 13)})
    with pytest.raises(InvalidArgumentError, match="'neun' cannot be compared"):
        two_dice.at_least("neun")
    with pytest.raises(InvalidArgumentError, match="give a number"):
        two_dice.at_most(None)
    assert two_dice.at_least(12) == Fraction(1, 36)
