"""Sentences about estimates claim a difference only where the 95% intervals separate."""

from __future__ import annotations

import pandas as pd
import pytest

from haba_lessons.claims import Measured, against, compare, leader, measured, rows
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.simulation import Estimate

A = Measured("seat 1", 0.284, 0.266, 0.302)


def test_above_below_and_inside_a_reference():
    assert "above 1/4: the whole interval lies above it" in against(A, 0.25, "1/4", "2,500 rounds")
    assert "below 1/3" in against(A, 1 / 3, "1/3", "2,500 rounds")
    inside = against(A, 0.29, "0.29", "2,500 rounds")
    assert "contains 0.29: no difference from 0.29 that we can detect with 2,500 rounds" in inside
    assert inside.startswith("seat 1: 0.284 (95% interval 0.266 to 0.302)")


def test_two_estimates_are_ordered_only_when_their_intervals_do_not_overlap():
    far = Measured("seat 2", 0.20, 0.18, 0.22)
    near = Measured("seat 3", 0.27, 0.25, 0.29)
    assert compare(far, A, "runs").startswith("seat 1, 0.284 (95% interval 0.266 to 0.302), is above seat 2")
    assert "cannot tell them apart" in compare(A, near, "800 rounds")


def test_the_leader_names_the_estimates_it_cannot_be_told_from():
    items = [Measured("optimal", 0.74, 0.66, 0.81), Measured("greedy", 0.18, 0.12, 0.25),
             Measured("cautious", 0.01, 0.0, 0.05)]
    assert leader(items, "120 games").endswith("its interval lies above every other one.")
    close = items + [Measured("lucky", 0.70, 0.62, 0.78)]
    sentence = leader(close, "120 games")
    assert "overlaps that of lucky, so 120 games cannot rank the two" in sentence
    assert sentence.endswith("it lies above that of greedy and cautious.")
    with pytest.raises(InvalidArgumentError):
        leader(items[:1], "runs")


def test_estimates_and_tables_become_measured_values():
    estimate = Estimate(30, 100)
    low, high = estimate.interval
    assert measured("x", estimate) == Measured("x", 0.3, low, high)
    frame = pd.DataFrame({"who": ["a", "b"], "rate": [0.5, 0.4], "lo": [0.4, 0.3], "hi": [0.6, 0.5]})
    assert rows(frame, "who", "rate", "lo", "hi")[1] == Measured("b", 0.4, 0.3, 0.5)


def test_an_estimate_outside_its_own_interval_is_refused():
    with pytest.raises(InvalidArgumentError, match="must lie in its interval"):
        Measured("x", 0.9, 0.1, 0.2)
