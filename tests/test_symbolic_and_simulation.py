"""The sympy bridge, seeded simulation and chart builders."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
import sympy

from haba_lessons import charts, symbolic
from haba_lessons.dice import die, keep_highest, sum_of_dice
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.simulation import (Estimate, convergence_points, keep_highest_sums, make_rng,
                                     roll_dice, running_mean, sample, sample_outcome,
                                     wilson_interval)


def test_generating_function_of_two_dice_gives_the_sum():
    expanded = sympy.expand(symbolic.dice_generating_function(2))
    assert expanded.coeff(symbolic.x, 7) == sympy.Rational(1, 6)
    assert symbolic.coefficients(expanded) == sum_of_dice(2)


def test_generating_function_round_trip():
    best = keep_highest(3, 2)
    assert symbolic.coefficients(symbolic.generating_function(best)) == best
    assert symbolic.from_sympy(symbolic.to_sympy(best)) == best
    assert symbolic.rational(Fraction(2, 27)) == sympy.Rational(2, 27)


def test_same_seed_same_numbers():
    a = roll_dice(make_rng(7), 100, 4)
    b = roll_dice(make_rng(7), 100, 4)
    assert np.array_equal(a, b)
    assert not np.array_equal(a, roll_dice(make_rng(8), 100, 4))
    assert a.min() >= 1 and a.max() <= 6


def test_keep_highest_sums_by_hand():
    rolls = np.array([[3, 1, 1, 1], [6, 2, 6, 1], [4, 5, 2, 3]])
    assert keep_highest_sums(rolls, 2).tolist() == [4, 12, 9]


def test_simulation_converges_to_the_exact_value():
    rng = make_rng(1)
    hits = keep_highest_sums(roll_dice(rng, 200_000, 4), 2) == 12
    estimate = Estimate(int(hits.sum()), hits.size)
    low, high = estimate.interval
    assert low < 19 / 144 < high


def test_sample_follows_the_distribution():
    draws = sample(die(6), 60_000, make_rng(3))
    assert set(np.unique(draws)) == {1, 2, 3, 4, 5, 6}
    assert abs(draws.mean() - 3.5) < 0.05


def test_sample_outcome_is_deterministic_and_checks_total():
    outcomes = [("a", Fraction(1, 3)), ("b", Fraction(2, 3))]
    picks = [sample_outcome(outcomes, make_rng(5)) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    with pytest.raises(InvalidArgumentError, match="add up to 1"):
        sample_outcome([("a", Fraction(1, 3))], make_rng(5))


def test_sample_outcome_follows_the_exact_probabilities():
    # The driver of every chance node: over 30,000 draws from one generator each outcome's
    # share must lie within 4 standard errors of its exact probability.
    outcomes = [("a", Fraction(1, 3)), ("never", Fraction(0)), ("b", Fraction(1, 2)),
                ("c", Fraction(1, 6))]
    rng = make_rng(9)
    trials = 30_000
    picks = Counter(sample_outcome(outcomes, rng) for _ in range(trials))
    assert picks["never"] == 0
    for outcome, p in outcomes:
        p = float(p)
        assert abs(picks[outcome] / trials - p) <= 4 * (p * (1 - p) / trials) ** 0.5, outcome


def test_wilson_interval_known_value():
    # Wilson 95% interval for 5 successes in 10 trials: 0.2366 to 0.7634 (Newcombe 1998).
    low, high = wilson_interval(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634


def test_running_mean_and_convergence_points():
    assert running_mean([1, 0, 1, 0]).tolist() == [1.0, 0.5, 2 / 3, 0.5]
    points = convergence_points(np.array([1, 0, 0, 1] * 25), points=10)
    assert points[0] == {"trials": 1, "estimate": 1.0}
    assert points[-1] == {"trials": 100, "estimate": 0.5}


def test_bad_seed():
    with pytest.raises(InvalidArgumentError, match="seed"):
        make_rng(-1)
    with pytest.raises(InvalidArgumentError, match="seed"):
        make_rng(1.5)


def test_charts_carry_descriptions_and_exact_tooltips():
    bars = charts.distribution_bars(keep_highest(4, 2), title="Best two of four dice",
                                    x_title="sum").to_dict()
    assert bars["description"].startswith("Bar chart: Best two of four dice")
    values = bars["data"]["values"]
    assert {"outcome": 12, "probability": 19 / 144, "exact": "19/144",
            "series": "Best two of four dice"} in values
    both = charts.compare_distributions({"2 dice": keep_highest(2, 2),
                                         "4 dice": keep_highest(4, 2)}, title="t").to_dict()
    assert both["encoding"]["color"]["scale"]["range"] == charts.OKABE_ITO[:2]
    line = charts.convergence([{"trials": 1, "estimate": 0.0}], Fraction(1, 6),
                              title="t").to_dict()
    assert "1/6" in line["description"]


def test_brute_force_pairs_match_two_dice_chart_rows():
    counts = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        counts[a + b] = counts.get(a + b, 0) + 1
    chart = charts.histogram_vs_exact(counts, sum_of_dice(2), title="t").to_dict()
    bar_rows = chart["layer"][0]["data"]["values"]
    assert {"outcome": 7, "frequency": 6 / 36} in bar_rows


def test_long_category_names_are_slanted_so_they_do_not_overlap():
    from haba_lessons.distribution import Distribution

    sums = charts.distribution_bars(keep_highest(2, 2), title="t").to_dict()
    assert sums["encoding"]["x"]["axis"]["labelAngle"] == 0
    pairs = Distribution.uniform(["red + yellow", "blue + blue"])
    named = charts.distribution_bars(pairs, title="t").to_dict()
    assert named["encoding"]["x"]["axis"]["labelAngle"] == -40


def test_a_histogram_of_no_outcomes_says_to_simulate_some():
    """``roll_dice(rng, 0, 2)`` then the chart: ZeroDivisionError from inside the library."""
    with pytest.raises(InvalidArgumentError, match="^no simulated outcomes to show"):
        charts.histogram_vs_exact({}, sum_of_dice(2), title="no rolls")


def test_a_billion_rolls_are_refused_before_any_memory_is_taken():
    """``roll_dice(rng, 10**9, 2)`` took 26 s and 16 GB; the lessons' own 10**7 rolls pass."""
    from haba_lessons.simulation import MAX_FACES, make_rng, roll_dice
    with pytest.raises(InvalidArgumentError, match="1,000,000,000 rolls of 2 dice are "
                                                   "2,000,000,000 faces"):
        roll_dice(make_rng(1), 10**9, 2)
    with pytest.raises(InvalidArgumentError, match="roll at most 50,000,000 faces"):
        roll_dice(make_rng(1), MAX_FACES // 2 + 1, 2)
    assert roll_dice(make_rng(1), 10**6, 2).shape == (10**6, 2)
