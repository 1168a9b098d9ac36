"""The many-profile game value against the exact fraction solver, profile by profile."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.quiet_as_a_mouse import exact_game_value, make_skills
from haba_lessons.games.quiet_as_a_mouse.sweep import win_chances_many

PROFILES_2 = [(Fraction(1, 2), Fraction(1, 2)), (Fraction(3, 4), Fraction(7, 10)),
              (Fraction(1, 10), Fraction(1)), (Fraction(1), Fraction(0))]


@pytest.mark.parametrize("strategy", ["most open", "first free pair", "random"])
def test_two_players_agree_with_the_exact_solver_for_every_profile(strategy):
    columns = np.array([[float(p) for p in profile] for profile in PROFILES_2]).T
    swept = win_chances_many(columns, strategy=strategy)
    for k, profile in enumerate(PROFILES_2):
        exact = exact_game_value(2, make_skills(2, p=list(profile)), strategy=strategy).win
        assert swept[:, k] == pytest.approx([float(w) for w in exact], abs=1e-12)


def test_three_players_agree_with_the_exact_solver():
    profile = [Fraction(3, 4), Fraction(7, 10), Fraction(3, 5)]
    exact = exact_game_value(3, make_skills(3, p=profile)).win
    swept = win_chances_many([[float(p)] for p in profile])
    assert swept[:, 0] == pytest.approx([float(w) for w in exact], abs=1e-12)


@pytest.mark.parametrize("bad, message", [
    ([[0.5, 0.5]], "one row per player"),
    ([[0.5], [1.5]], "from 0 to 1"),
    ([[0.0], [0.0]], "never ends"),
])
def test_bad_profiles_are_refused(bad, message):
    with pytest.raises(InvalidArgumentError, match=message):
        win_chances_many(bad)


def test_an_unknown_strategy_is_refused():
    with pytest.raises(InvalidArgumentError, match="unknown strategy"):
        win_chances_many([[0.5], [0.5]], strategy="cleverest")
