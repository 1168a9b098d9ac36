"""Notebook 03's helpers: the exact value of a policy array, the strategy table, the reward frame."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.spookies import Rules
from haba_lessons.games.spookies.analysis import (one_roll_value, policy_array_value,
                                                  reward_table_frame, solve_turn)
from haba_lessons.games.spookies.simulate import (policy_array, stop_after_array,
                                                  strategy_table)

RULES = Rules.standard()


def test_cautious_by_hand():
    # 4 dice from the start: a success needs 5 or more with the best two. Failures (top two
    # summing to 4 or less): 1111, 1112 (4 orders), 1113 (4), 1122 (6), 1222 (4), 2222 (1)
    # = 20 of 1296. Reward 1; from the start nothing can fall, so no fine.
    assert policy_array_value(stop_after_array(1), 0, RULES) == Fraction(1296 - 20, 1296)


def test_optimal_array_is_worth_the_optimal_value():
    policy = solve_turn(RULES)
    for start in range(8):
        assert policy_array_value(policy_array(policy), start, RULES) == \
            policy.value(start, first_roll=True)


def test_attic_loop_solves_the_stationary_equation():
    # always 2 dice in the attic: W = q (12 + W) - fine with q = 1/36 and fine = 47/12
    always_two = np.full((8, 1), 2)
    q = Fraction(1, 36)
    fine = q * 12 - one_roll_value(7, 2, RULES)
    assert fine == Fraction(47, 12)                # notebook 03's one-more-roll table
    assert policy_array_value(always_two, 7, RULES) == (q * 12 - fine) / (1 - q)
    with pytest.raises(InvalidArgumentError, match="first roll"):
        policy_array_value(np.zeros((8, 1)), 0, RULES)


def test_strategy_table_puts_the_exact_value_beside_the_simulation():
    table = strategy_table({"cautious": stop_after_array(1)}, 2000, np.random.default_rng(3))
    row = table.iloc[0]
    assert row["exact"] == round(319 / 324, 4) and row["95% low"] <= row["simulated"] <= row["95% high"]


def test_reward_table_frame():
    frame = reward_table_frame(RULES)
    assert list(frame.columns) == ["2 dice", "3 dice", "4 dice"]
    assert frame.loc["≥11"].tolist() == [12, 5, 3] and frame.index.name == "reaching (assumption)"
