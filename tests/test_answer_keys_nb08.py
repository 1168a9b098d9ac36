"""Notebook 08's answer keys agree with the library, and check() judges them as intended."""

from __future__ import annotations

from fractions import Fraction

from haba_lessons.exercises import check
from haba_lessons.games.mouse_trap import default_board
from haba_lessons.games.mouse_trap.analysis import catch_within
from haba_lessons.markov import RollAndMoveBoard, expected_turns, landing_probabilities


def test_the_hand_derived_keys_agree_with_the_library():
    chance = landing_probabilities(default_board().to_markov())
    assert chance[6] > chance[1]
    assert check("08.1", "space 6").ok and not check("08.1", "space 1").ok
    assert check("08.2", catch_within(Fraction(1, 2), 3)).ok
    tiny = RollAndMoveBoard(5, jumps={1: 0})
    assert check("08.3", expected_turns(tiny, 4)).ok
    assert check("08.4", lambda n: chance[n]).ok
    # mean cranks: sum over k of k * r (1 - r)^(k - 1), summed far enough to pin 4/3
    r = Fraction(3, 4)
    partial = sum(k * r * (1 - r) ** (k - 1) for k in range(1, 60))
    assert abs(float(partial) - 4 / 3) < 1e-12 and check("08.5", Fraction(4, 3)).ok


def test_wrong_answers_are_wrong_and_a_decimal_is_close():
    assert not check("08.3", Fraction(49, 29)).ok
    assert check("08.5", 4 / 3).message.startswith("close")
    assert not check("08.4", lambda n: Fraction(1, 6)).ok
