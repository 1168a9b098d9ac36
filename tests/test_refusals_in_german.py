"""The refusals a pupil meets by typing are German in the German edition: a board of
notebook 10 set up wrongly, and Spookies' friendly verbs used at the wrong moment.

The oracle is the translators' catalog (``haba_lessons.po``, read by the helpers of
``tests/test_games_in_german.py``): each message must be its German, filled in, and no
English text of the catalog may be left in it.
"""

from __future__ import annotations

import pytest

from haba_lessons import i18n
from haba_lessons.dice import die
from haba_lessons.errors import HabaLessonsError
from haba_lessons.games.spookies import new_game
from haba_lessons.markov import RollAndMoveBoard, expected_turns, first_passage
from tests.test_games_in_german import german, translated_english

BOARD = RollAndMoveBoard(spaces=10, die=die(6), jumps={3: 8})

MISTAKES = {
    "a board of one space": (lambda: RollAndMoveBoard(spaces=1, die=die(6)),
                             "spaces must be a whole number of at least 2, not {value}.",
                             {"value": "1"}),
    "a jump to itself": (lambda: RollAndMoveBoard(spaces=10, die=die(6), jumps={4: 4}),
                         "space {space} jumps to itself; remove that jump.", {"space": "4"}),
    "a jump off the board": (lambda: RollAndMoveBoard(spaces=10, die=die(6), jumps={4: 12}),
                             "{what} {value} is not a space of the board (0 to {last}).",
                             {"what": german("jump target"), "value": "12", "last": "9"}),
    "an extra turn on a jump": (
        lambda: RollAndMoveBoard(spaces=10, die=die(6), jumps={3: 8}, extra_turn={3}),
        "{name}: space {space} is also the start of a jump ({space} -> {target}); a token "
        "never stays there. Remove one of the two.",
        {"name": "extra_turn", "space": "3", "target": "8"}),
    "no turns": (lambda: first_passage(BOARD, 9, turns=0),
                 "turns must be a whole number of at least 1, not {value}.", {"value": "0"}),
    "a start on a jump": (lambda: expected_turns(BOARD, 9, start=3),
                          "start {space} is a jump space; a token never stands there. Start "
                          "elsewhere.", {"space": "3"}),
}


def _stopped_too_soon():
    game = new_game(2, seed=1)
    game.stop()


def _roll_out_of_turn():
    game = new_game(2, seed=1)
    game.roll(3, player=1)


@pytest.mark.parametrize("mistake", MISTAKES)
def test_a_wrong_board_is_refused_in_german(mistake):
    attempt, english, fields = MISTAKES[mistake]
    with i18n.using("de"), pytest.raises(HabaLessonsError) as refusal:
        attempt()
    assert str(refusal.value) == german(english).format(**fields)
    with pytest.raises(HabaLessonsError) as in_english:
        attempt()
    assert str(in_english.value) == english.format(**{**fields, "what": "jump target"})


@pytest.mark.parametrize("attempt", [_stopped_too_soon, _roll_out_of_turn])
def test_spookies_verbs_refuse_in_german(attempt):
    with i18n.using("de"), pytest.raises(HabaLessonsError) as refusal:
        attempt()
    message = str(refusal.value)
    left = [english for english, pattern in translated_english().items()
            if pattern.search(message)]
    assert not left, f"English left in {message!r}: {left}"
    assert message.startswith(("du kannst jetzt nicht", "Spieler"))
