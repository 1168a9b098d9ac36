"""Notebook 10's answer keys: right answers (derived by hand here) pass, near misses fail."""

from __future__ import annotations

from fractions import Fraction as F

from haba_lessons.exercises import check


def test_by_hand_answers():
    # 10.1: E3 = 1, E1 = 1 + E0/2 + 1/2, E0 = 1 + E1/2 + E0/2  =>  E0 = 7.
    assert check("10.1", 7).ok and not check("10.1", 5).ok
    assert "whole number" in check("10.1", 7.0).message
    # 10.3: E2 = 1, E1 = 3/2, L = 5/2, E0 = 1 + L/2 + E2/2 = 11/4.
    assert check("10.3", F(11, 4)).ok and not check("10.3", F(5, 2)).ok
    assert check("10.2", "The same").ok and not check("10.2", "longer").ok


def test_the_code_exercise_checks_the_function():
    def coin_race(n):  # the notebook's solution: E_i = 1 + E_{i+1}/2 + E_{i+2}/2 from the back
        e = {n - 1: F(0), n - 2: F(1)}
        for i in range(n - 3, -1, -1):
            e[i] = 1 + e[i + 1] / 2 + e[i + 2] / 2
        return e[0]

    assert check("10x.1", coin_race).ok
    assert not check("10x.1", lambda n: F(n - 1, 2)).ok  # "spaces / average step" is wrong
    assert "raised" in check("10x.1", lambda n: 1 / 0).message


def test_the_space_answers():
    assert check("10x.2", 23).ok and not check("10x.2", 22).ok
    assert check("10x.3", 3).ok and not check("10x.3", 6).ok
