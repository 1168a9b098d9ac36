"""The interval-width explorer and the interval helpers of notebook 01, against hand formulas."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product
from math import comb

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.explore.intervals import (IntervalWidthExplorer, coverage_chart, miss_chance,
                                            normal_interval, width_at)
from haba_lessons.simulation import wilson_interval

SIXTH = Fraction(1, 6)


def hand_width(n: int) -> float:
    """2 · 1.96 · √(p(1 − p)/n) for p = 1/6, written out."""
    return 2 * 1.96 * math.sqrt((1 / 6) * (5 / 6) / n)


def test_normal_interval_is_the_estimate_plus_minus_196_standard_errors():
    low, high = normal_interval(30, 100)
    half = 1.96 * math.sqrt(0.3 * 0.7 / 100)
    assert low == pytest.approx(0.3 - half) and high == pytest.approx(0.3 + half)


def test_miss_chance_agrees_with_listing_every_sequence_of_four_rolls():
    # Second method: list all 6**4 sequences of one die rolled 4 times; the event is a six.
    missed = 0
    for rolls in product(range(1, 7), repeat=4):
        low, high = normal_interval(rolls.count(6), 4)
        missed += not low <= SIXTH <= high
    assert miss_chance(SIXTH, 4) == Fraction(missed, 6**4)


def test_the_explorer_starts_at_100_trials_with_the_hand_width():
    explorer = IntervalWidthExplorer()
    assert explorer.trials == 100 and explorer.typed.value == 100
    assert f"{hand_width(100):.4f}" in explorer.answer.value and explorer.message.value == ""


@pytest.mark.parametrize("n", [10, 1_000, 21_343, 100_000])
def test_moving_the_slider_shows_the_exact_width_and_a_constant_width_times_root_n(n):
    explorer = IntervalWidthExplorer()
    explorer.slider.value = n
    assert explorer.trials == n and explorer.typed.value == n
    assert explorer.width == pytest.approx(hand_width(n), rel=1e-12)
    assert f"width = <b>{hand_width(n):.4f}</b>" in explorer.answer.value
    assert f"width·√n = <b>{2 * 1.96 * math.sqrt(5 / 36):.3f}</b>" in explorer.answer.value


def test_a_log_slider_position_between_whole_numbers_shows_the_nearest_whole_n():
    explorer = IntervalWidthExplorer()
    explorer.slider.value = 10 ** 1.1          # 12.589...
    assert explorer.trials == 13 and explorer.typed.value == 13


def test_typing_n_moves_the_slider():
    explorer = IntervalWidthExplorer()
    explorer.typed.value = 400
    assert explorer.trials == 400 and round(explorer.slider.value) == 400
    assert explorer.width == pytest.approx(hand_width(100) / 2)


@pytest.mark.parametrize("typed, says", [(5, "at least 10"), (100_001, "at most 100,000"), (-3, "at least 10")])
def test_an_out_of_range_n_is_refused_and_the_answer_stays(typed, says):
    explorer = IntervalWidthExplorer()
    explorer.slider.value = 1_000
    shown = explorer.answer.value
    explorer.typed.value = typed
    assert says in explorer.message.value and "still showing n = 1,000" in explorer.message.value
    assert explorer.answer.value == shown and explorer.trials == 1_000 and explorer.typed.value == 1_000
    explorer.typed.value = 2_000                      # a good value clears the message
    assert explorer.message.value == "" and explorer.trials == 2_000


def test_width_at_refuses_a_probability_outside_0_to_1():
    with pytest.raises(InvalidArgumentError, match="between 0 and 1"):
        width_at(Fraction(3, 2), 100)


def test_the_coverage_chart_colours_exactly_the_intervals_that_miss():
    intervals = [(0.10, 0.20), (0.17, 0.25), (0.05, 0.16), (0.16, 0.18)]   # 2nd and 3rd miss 1/6
    spec = coverage_chart(intervals, SIXTH, title="t").to_dict()
    rows = spec["layer"][0]["data"]["values"]
    assert [row["verdict"] for row in rows] == ["contains the exact value", "misses", "misses",
                                                "contains the exact value"]
    assert "2 miss" in spec["description"]


def test_an_interval_reaching_below_0_says_the_recipe_is_crude_there():
    explorer = IntervalWidthExplorer()
    explorer.typed.value = 10        # 1/6 − 0.231 < 0 by the hand formula: the note appears
    assert 1 / 6 - hand_width(10) / 2 < 0 and "where no chance can be" in explorer.answer.value
    explorer.typed.value = 100       # 1/6 − 0.073 > 0: no note
    assert 1 / 6 - hand_width(100) / 2 > 0 and "where no chance can be" not in explorer.answer.value


@pytest.mark.parametrize("interval", [normal_interval, wilson_interval])
def test_miss_chance_agrees_with_adding_every_missing_binomial_term(interval):
    # Second method: the binomial chance of every count whose interval leaves 1/6 out, added up
    n = 300
    direct = sum((comb(n, k) * SIXTH**k * (1 - SIXTH)**(n - k) for k in range(n + 1)
                  if not interval(k, n)[0] <= SIXTH <= interval(k, n)[1]), Fraction(0))
    assert miss_chance(SIXTH, n, interval) == direct
