"""Notebook 08's answer keys agree with the library, and check() judges them as intended."""

from __future__ import annotations

from fractions import Fraction

from haba_lessons.exercises import check
from haba_lessons.games.mouse_trap import default_board
from haba_lessons.games.mouse_trap.analysis import catch_within
from haba_lessons.markov import RollAndMoveBoard, expected_turns, landing_probabilities


def expected_path_spaces_by_iteration() -> float:
    """A second method for exercise 1: for each path space s, P(a mouse ever lands on s) by
    iterating f(p) = sum over the six faces of 1/6 * [lands on s, or f(where it then stands)]
    to its fixed point in floats; the library solves the same chains exactly."""
    board = default_board()
    jumps = {space.number: space.target for space in board.spaces if space.kind == "go_to"}
    loop = board.loop_first
    total = 0.0
    for s in range(1, loop):
        f = [0.0] * loop
        for _ in range(400):
            f = [sum(1.0 if p + d == s else (0.0 if p + d >= loop else f[jumps.get(p + d, p + d)])
                     for d in range(1, 7)) / 6 for p in range(loop)]
        total += f[0]
    return total


def test_the_hand_derived_keys_agree_with_the_library():
    chance = landing_probabilities(default_board().to_markov())
    expected = expected_path_spaces_by_iteration()
    assert abs(expected - float(sum(chance[s] for s in range(1, 39)))) < 1e-9
    assert check("08.1", round(expected, 1)).ok and check("08.1", sum(chance[s] for s in range(1, 39))).ok
    assert not check("08.1", 19).ok and not check("08.1", round(expected) + 1).ok
    assert check("08.2", catch_within(Fraction(1, 2), 3)).ok
    tiny = RollAndMoveBoard(5, jumps={1: 0})
    assert check("08.3", expected_turns(tiny, 4)).ok
    assert check("08.4", lambda n: chance[n]).ok
    # mean cranks: sum over k of k * r (1 - r)^(k - 1), summed far enough to pin 4/3
    r = Fraction(3, 4)
    partial = sum(k * r * (1 - r) ** (k - 1) for k in range(1, 60))
    assert abs(float(partial) - 4 / 3) < 1e-12 and check("08x.1", Fraction(4, 3)).ok


def test_wrong_answers_are_wrong_and_a_decimal_is_close():
    assert not check("08.3", Fraction(49, 29)).ok
    assert check("08x.1", 4 / 3).message.startswith("close")
    assert not check("08.4", lambda n: Fraction(1, 6)).ok
