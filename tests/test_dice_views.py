"""The dice lessons' views: the sample-space grid chart and the dice-roller widget."""

from __future__ import annotations

import numpy as np
import pytest

from haba_lessons.dice_views import DIE_FACES, DiceRoller, two_dice_grid
from haba_lessons.errors import InvalidArgumentError


def test_grid_has_36_squares_and_six_sevens():
    chart = two_dice_grid(highlight=7)
    rows = chart.to_dict()["data"]["values"]
    assert len(rows) == 36
    sevens = [r for r in rows if r["marked"] == "yes"]
    assert {(r["first die"], r["second die"]) for r in sevens} == {
        (1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)}
    assert all(r["label"] == "7*" for r in sevens)
    assert "6 squares with sum 7" in chart.description


def test_grid_refuses_an_impossible_highlight():
    with pytest.raises(InvalidArgumentError, match="highlight"):
        two_dice_grid(highlight=13)


def test_roller_starts_empty_and_says_what_to_do():
    roller = DiceRoller(np.random.default_rng(1))
    assert roller.rolls == 0
    assert "No roll yet" in roller.view.value
    assert "haba-roll" in roller.roll_button._dom_classes
    assert "haba-dice" in roller.view._dom_classes
    assert "haba-dice-roller" in roller.widget._dom_classes


def test_clicking_rolls_and_shows_the_dice():
    roller = DiceRoller(np.random.default_rng(7))
    roller.roll_button.click()
    assert roller.rolls == 1
    first, second = roller.last_roll
    assert 1 <= first <= 6 and 1 <= second <= 6
    assert roller.counts == {first + second: 1}
    assert f"{first} + {second} = <b>{first + second}</b>" in roller.view.value
    assert DIE_FACES[first] in roller.view.value


def test_many_rolls_per_click_follow_the_exact_chances():
    roller = DiceRoller(np.random.default_rng(3))
    roller.per_click.value = 1000
    for _ in range(10):
        roller.roll_button.click()
    assert roller.rolls == 10_000
    assert set(roller.counts) <= set(range(2, 13))
    # 7 has chance 1/6; 10,000 rolls put its share within 0.02 of it (about 5 standard errors).
    assert abs(roller.counts[7] / 10_000 - 1 / 6) < 0.02
    assert "1/6 = 0.167" in roller.view.value


def test_same_seed_same_rolls():
    one, two = DiceRoller(np.random.default_rng(5)), DiceRoller(np.random.default_rng(5))
    one.roll(50)
    two.roll(50)
    assert one.counts == two.counts and one.last_roll == two.last_roll


def test_start_again_forgets_everything():
    roller = DiceRoller(np.random.default_rng(2), dice=3)
    roller.roll(20)
    roller.reset_button.click()
    assert roller.rolls == 0 and roller.last_roll == ()
    assert "No roll yet" in roller.view.value


def test_bad_dice_count_is_refused():
    with pytest.raises(InvalidArgumentError, match="dice must be at most 4"):
        DiceRoller(np.random.default_rng(0), dice=5)
