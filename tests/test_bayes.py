"""Bayes' rule on hypotheses and on a grid, against hand derivations and the Beta limit."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from haba_lessons.bayes import (bernoulli_likelihood, evidence, grid, uniform_prior, update)
from haba_lessons.errors import InvalidArgumentError

HALF = Fraction(1, 2)


def test_two_hypotheses_by_hand():
    # Fair die or one that shows a six 1/3 of the time; one roll, a six. Prior 1/2 each:
    # P(six) = 1/2·1/6 + 1/2·1/3 = 1/4, P(loaded | six) = (1/2·1/3) / (1/4) = 2/3.
    prior = {"fair": HALF, "loaded": HALF}
    likelihood = {"fair": Fraction(1, 6), "loaded": Fraction(1, 3)}
    assert evidence(prior, likelihood) == Fraction(1, 4)
    assert update(prior, likelihood)["loaded"] == Fraction(2, 3)


def test_updating_twice_is_updating_once_with_both_data():
    prior = {"fair": Fraction(9, 10), "loaded": Fraction(1, 10)}
    six = {"fair": Fraction(1, 6), "loaded": Fraction(1, 3)}
    no_six = {h: 1 - p for h, p in six.items()}
    step = update(update(prior, six), no_six)
    both = update(prior, {h: six[h] * no_six[h] for h in prior})
    assert step == both
    # by hand: 1/10 · 1/3 · 2/3 = 2/90 against 9/10 · 1/6 · 5/6 = 45/360 = 1/8
    assert both["loaded"] == Fraction(2, 90) / (Fraction(2, 90) + Fraction(1, 8))


def test_a_likelihood_can_be_a_function():
    assert update(uniform_prior([Fraction(1, 4), Fraction(3, 4)]),
                  lambda p: p)[Fraction(3, 4)] == Fraction(3, 4)


def test_grid_values():
    assert grid(5) == [0, Fraction(1, 4), HALF, Fraction(3, 4), 1]


@pytest.mark.parametrize("successes, failures", [(13, 7), (3, 0), (0, 4)])
def test_the_grid_posterior_mean_approaches_the_beta_mean(successes, failures):
    # Uniform prior and s successes in s + f tries: the Beta(1 + s, 1 + f) posterior has
    # mean (s + 1) / (s + f + 2), Laplace's rule of succession. (The gap shrinks like the
    # grid spacing where the likelihood is not 0 at an end of the grid, faster otherwise.)
    laplace = Fraction(successes + 1, successes + failures + 2)
    gaps = [abs(update(uniform_prior(grid(points)),
                       bernoulli_likelihood(successes, failures)).mean() - laplace)
            for points in (101, 1001)]
    assert gaps[1] < gaps[0] / 5 and gaps[1] < Fraction(1, 1000)


def test_the_grid_tail_approaches_the_beta_tail_a_binomial_sum():
    # For whole a, b: P(Beta(a, b) > x) = P(Binomial(a + b - 1, x) <= a - 1). With 13
    # successes and 7 failures, a = 14, b = 8: P(p > 1/2) = Σ_{j<=13} C(21, j) / 2^21.
    beta_tail = Fraction(sum(comb(21, j) for j in range(14)), 2 ** 21)
    gaps = []
    for points in (101, 1001, 10001):
        posterior = update(uniform_prior(grid(points)), bernoulli_likelihood(13, 7))
        gaps.append(abs(posterior.probability(lambda p: p > HALF) - beta_tail))
    assert gaps[0] > gaps[1] > gaps[2] and gaps[2] < Fraction(1, 1000)


@pytest.mark.parametrize("prior, words", [
    ({"fair": Fraction(1, 2), "loaded": Fraction(1, 4)}, "add up to 3/4, not 1"),
    ({"fair": Fraction(3, 2), "loaded": Fraction(-1, 2)}, "cannot be negative"),
    ({"fair": 0.5, "loaded": 0.5}, "exact fraction"),
    ({}, "gives each hypothesis a weight"),
])
def test_a_bad_prior_is_refused_with_a_message(prior, words):
    with pytest.raises(InvalidArgumentError, match=words):
        update(prior, {"fair": Fraction(1, 6), "loaded": Fraction(1, 3)})


@pytest.mark.parametrize("likelihood, words", [
    ({"fair": Fraction(1, 6)}, "no value for 'loaded'"),
    ({"fair": Fraction(7, 6), "loaded": Fraction(1, 3)}, "between 0 and 1"),
    ({"fair": 0, "loaded": 0}, "impossible under every hypothesis"),
])
def test_a_bad_likelihood_is_refused_with_a_message(likelihood, words):
    with pytest.raises(InvalidArgumentError, match=words):
        update({"fair": HALF, "loaded": HALF}, likelihood)


def test_bad_grids_and_counts():
    with pytest.raises(InvalidArgumentError, match="at least 2"):
        grid(1)
    with pytest.raises(InvalidArgumentError, match="at least 0"):
        bernoulli_likelihood(-1, 3)
    with pytest.raises(InvalidArgumentError, match="listed twice"):
        uniform_prior(["A", "A"])
