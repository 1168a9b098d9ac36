"""Numbers typed by a person: one helper, bounded, with clear refusals; and every explorer
that takes a typed number uses it (issue 16)."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest

from haba_lessons._checks import require_probability
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.explore.board_editor import board_editor, parse_jumps, parse_spaces
from haba_lessons.explore.reward_table import RewardTableExplorer
from haba_lessons.explore.trap import TrapExplorer
from haba_lessons.typed_numbers import (MAX_CHARACTERS, parse_number, parse_probability,
                                        parse_whole_number)

#: What a careless or curious student types, and the words of the refusal.
BAD = [("²", "not a"), ("--5", "not a"), ("5" * 5000, "5,000 characters"),
       ("1e-5000", "power of ten"), ("1e-100000000", "power of ten"), ("1/0", "divides by zero"),
       ("", "nothing was typed"), ("１２", "not a"), ("−5", "not a"), ("1,5", "not a"),
       ("0x10", "not a"), ("nan", "not a"), ("inf", "not a"), ("1e", "not a"), (".", "not a")]


@pytest.mark.parametrize("text, value", [
    ("12", 12), (" -3 ", -3), ("0.75", Fraction(3, 4)), (".5", Fraction(1, 2)),
    ("3/4", Fraction(3, 4)), ("6 / 8", Fraction(3, 4)), ("2.5e-3", Fraction(1, 400)),
    ("1E2", 100), ("+7", 7), ("0.1", Fraction(1, 10)), ("1e-30", Fraction(1, 10 ** 30))])
def test_the_helper_reads_what_people_type_exactly(text, value):
    assert parse_number(text, "x") == value


@pytest.mark.parametrize("text, words", BAD)
def test_the_helper_refuses_at_once_with_a_short_message(text, words):
    started = time.perf_counter()
    with pytest.raises(InvalidArgumentError) as caught:
        parse_number(text, "the box")
    assert time.perf_counter() - started < 1          # "1e-100000000" once hung for minutes
    message = str(caught.value)
    assert words in message and message.startswith("the box") and len(message) < 200


def test_whole_numbers_and_probabilities():
    assert parse_whole_number("12.0", "n") == 12 and parse_whole_number("24/2", "n") == 12
    with pytest.raises(InvalidArgumentError, match="not a whole number"):
        parse_whole_number("12.5", "n")
    with pytest.raises(InvalidArgumentError, match="above 10; type a number up to 10"):
        parse_number("11", "n", maximum=10)
    assert parse_probability("0.25", "p") == Fraction(1, 4)
    with pytest.raises(InvalidArgumentError, match="probability between 0 and 1"):
        parse_probability("5/4", "p")
    assert len("0." + "1" * (MAX_CHARACTERS - 2)) == MAX_CHARACTERS
    assert parse_probability("0." + "1" * (MAX_CHARACTERS - 2), "p") > Fraction(1, 10)


def test_probabilities_given_as_text_anywhere_go_through_the_helper():
    assert require_probability("3/4", "r") == Fraction(3, 4)
    for text in ("1e-100000000", "²", "--5", "9" * 5000):
        with pytest.raises(InvalidArgumentError):
            require_probability(text, "r")


@pytest.mark.parametrize("text, words", BAD[:6])
def test_the_reward_table_explorer_refuses_them_and_keeps_its_answer(text, words):
    explorer = RewardTableExplorer()
    before = explorer.answer.value
    explorer.cells[2][1].value = text                       # raised ValueError before
    assert words in explorer.message.value and explorer.answer.value == before


@pytest.mark.parametrize("text, words", BAD[:6])
def test_the_trap_explorer_refuses_them_and_keeps_its_table(text, words):
    explorer = TrapExplorer()
    before = explorer.table.value
    explorer.text.value = text                    # 1e-5000 was accepted; 1e-100000000 hung
    assert words in explorer.message.value and explorer.table.value == before
    assert explorer.r == Fraction(3, 4)


@pytest.mark.parametrize("box, text", [("jumps", "²:3"), ("jumps", "3:--5"),
                                       ("jumps", "3:" + "9" * 5000), ("extra_turn", "²"),
                                       ("lost_turn", "--5"), ("lost_turn", "1e-100000000")])
def test_the_board_editor_refuses_them_and_keeps_its_board(box, text):
    editor = board_editor()
    before = editor.answer.value, editor.chart.value
    getattr(editor, box).value = text                       # raised ValueError before
    assert "could not read" in editor.message.value
    assert (editor.answer.value, editor.chart.value) == before


def test_the_board_editor_refuses_an_endless_list():
    with pytest.raises(InvalidArgumentError, match="entries"):
        parse_spaces(", ".join(["5"] * 1000), "extra_turn")
    assert parse_jumps(" 3 : 11 ") == {3: 11}
