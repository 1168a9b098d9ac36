"""The board editor, driven through its inputs and checked against the library and by hand."""

from __future__ import annotations

import re
from fractions import Fraction as F

import pytest

from haba_lessons import Distribution
from haba_lessons.explore.board_editor import (BoardEditor, board_editor, parse_jumps,
                                               parse_spaces)
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.markov import RollAndMoveBoard, expected_turns, landing_probabilities

START_JUMPS = {3: 11, 8: 2, 13: 19, 17: 5, 22: 14}


def shown_answer(w: BoardEditor) -> F:
    return F(re.search(r"<b>(\d+(?:/\d+)?)</b>", w.answer.value).group(1))


def bar_titles(w: BoardEditor) -> dict[int, F]:
    return {int(s): F(p) for s, p in re.findall(r"<title>space (\d+): ([\d/]+)</title>",
                                                 w.chart.value)}


def test_starting_state_is_fixed_and_matches_the_library():
    w = board_editor()
    board = RollAndMoveBoard(spaces=25, jumps=START_JUMPS, finish="exact")
    assert shown_answer(w) == expected_turns(board, 24) == w.expected
    assert bar_titles(w) == landing_probabilities(board)
    assert w.message.value == "" and "haba-board-editor" in w._dom_classes
    assert board_editor().answer.value == w.answer.value  # the same every time


def test_every_change_recomputes_the_exact_answer():
    w = board_editor()
    w.finish.value = "bounce back off the end"
    w.jumps.value = "3:11, 17:5"          # remove three snakes and ladders
    w.extra_turn.value = "6"
    w.lost_turn.value = "9, 15"
    board = RollAndMoveBoard(spaces=25, jumps={3: 11, 17: 5}, finish="bounce",
                             extra_turn={6}, lost_turn={9, 15})
    assert shown_answer(w) == expected_turns(board, 24)
    assert bar_titles(w) == landing_probabilities(board)
    w.die.value = "a coin: 1 or 2"
    w.spaces.value = 12
    w.jumps.value = ""
    w.extra_turn.value = w.lost_turn.value = ""
    w.finish.value = "reach or pass the end"
    # A plain coin race to 11: E_i = 1 + (E_{i+1} + E_{i+2})/2 by hand, E_11 = 0, E_10 = 1.
    e = {11: F(0), 10: F(1)}
    for i in range(9, -1, -1):
        e[i] = 1 + (e[i + 1] + e[i + 2]) / 2
    assert shown_answer(w) == e[0]


@pytest.mark.parametrize("control, value, words", [
    ("spaces", 3, "spaces: choose a number from 4 to 40"),
    ("spaces", 100, "spaces: choose a number from 4 to 40"),
    ("jumps", "3-11", "jumps: could not read"),
    ("jumps", "3:30", "jump target 30 is not a space"),
    ("jumps", "24:3", "final square"),
    ("extra_turn", "3", "extra_turn: space 3 is also the start of a jump"),
    ("lost_turn", "x", "lost_turn: could not read"),
    ("lost_turn", "99", "lost_turn: 99 is not a space"),
])
def test_bad_values_are_refused_and_the_answer_is_unchanged(control, value, words):
    w = board_editor()
    before = (w.answer.value, w.chart.value, w.expected)
    getattr(w, control).value = value
    assert words in w.message.value.replace("&#x27;", "'")
    assert (w.answer.value, w.chart.value, w.expected) == before
    # putting a good value back clears the message
    getattr(w, control).value = {"spaces": 25, "jumps": "3:11, 8:2, 13:19, 17:5, 22:14"}.get(
        control, "")
    assert w.message.value == "" and w.answer.value == before[0]


def test_parsers():
    assert parse_jumps(" 3:11 ,8:2,") == {3: 11, 8: 2}
    assert parse_jumps("") == {} and parse_spaces("5, 9", "x") == {5, 9}
    with pytest.raises(InvalidArgumentError, match="two jumps"):
        parse_jumps("3:11, 3:5")


def test_a_refused_starting_board_is_an_error_not_a_blank_widget():
    with pytest.raises(InvalidArgumentError, match="starting board"):
        board_editor(jumps="oops")


def test_dice_offered_are_the_documented_ones():
    w = board_editor()
    w.die.value = "a spinner: 1, 2 or 3"
    board = RollAndMoveBoard(spaces=25, die=Distribution.uniform([1, 2, 3]), jumps=START_JUMPS,
                             finish="exact")
    assert shown_answer(w) == expected_turns(board, 24)
