"""The Spookies table widget, driven without a browser."""

from __future__ import annotations

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games import spookies
from haba_lessons.games.spookies import CHOOSE_DICE, CHOOSE_FIGURE, position
from haba_lessons.games.spookies.widget import SpookiesTable, dice_svg, house_svg


def test_classes_for_the_browser_test():
    table = SpookiesTable()
    assert "haba-spookies" in table.widget._dom_classes
    assert "haba-roll" in table.roll_button._dom_classes
    assert "haba-dice" in table.dice_view._dom_classes
    root = spookies.widget(["human", "human"])
    assert "haba-spookies" in root._dom_classes and root.spookies_table.game.players == 2


def test_a_human_turn_friend_die_then_dice():
    table = SpookiesTable(["human", "human"], seed=3)
    game = table.game
    assert table.roll_button.description == "Roll the friend die"
    before = table.dice_view.value
    table.roll_button.click()
    assert table.dice_view.value != before and "friend die:" in table.dice_view.value
    assert table.game.friend_face in table.dice_view.value
    if game.phase == CHOOSE_FIGURE:                    # the friend die showed "?"
        table.figure_buttons[4].click()
    assert game.phase == CHOOSE_DICE
    table.dice_choice.value = 2
    assert table.roll_button.description == "Roll 2 dice"
    table.roll_button.click()
    assert len(game.last_roll) == 2
    assert "Result:" in table.dice_view.value and "<svg" in table.dice_view.value


def test_illegal_clicks_show_a_message_and_change_nothing():
    table = SpookiesTable(["human", "human"], seed=3)
    before = table.game.snapshot()
    table.stop_button.click()
    assert "⚠" in table.message.value and "friend die" in table.message.value
    table.figure_buttons[0].click()
    assert "⚠" in table.message.value
    assert table.game.snapshot() == before
    table.roll_button.click()                             # a legal click clears the message
    if table.game.phase == CHOOSE_DICE:
        table.stop_button.click()
        assert "roll at least once" in table.message.value


def test_bots_play_their_whole_turn_and_humans_cannot_act_for_them():
    table = SpookiesTable(["optimal", "human"], seed=5)
    assert table.roll_button.description.startswith("Play Bot 1")
    table.stop_button.click()
    assert "Bot 1" in table.message.value
    before = table.dice_view.value
    table.roll_button.click()
    assert table.game.current == 1 and table.game.turn == 2
    assert table.dice_view.value != before                # the browser test relies on this


def test_scores_are_hidden_until_the_end_then_shown_with_the_winner():
    table = SpookiesTable(["greedy", "cautious", "optimal"], seed=2)
    assert "hidden" in table.scores.value
    for _ in range(400):
        if table.game.is_over:
            break
        table.roll_button.click()
    assert table.game.is_over and "hidden" not in table.scores.value
    assert "winner" in table.scores.value
    table.roll_button.click()
    assert "over" in table.message.value


def test_teaching_mode_shows_exact_chances_beside_each_dice_choice():
    table = SpookiesTable(["human", "human"], seed=1)
    table.teaching.value = True
    assert "Teaching mode" in table.odds.value
    table.roll_button.click()
    if table.game.phase == CHOOSE_FIGURE:
        table.figure_buttons[0].click()
    # every figure is on the start: 2 dice succeed with 5/6, 3 with 205/216, 4 with 319/324
    for text in ("5/6", "205/216", "319/324", "★ best"):
        assert text in table.odds.value
    table.teaching.value = False
    assert table.odds.value == ""


def test_house_shows_figures_by_name_and_penalty_chips():
    table = SpookiesTable(["human", "human"])
    game = position(table.game.names, figures={}, stockpile=40,
                    penalties=[0, 0, 0, 0, 3, 0, 0])
    svg = house_svg(game)
    for name in game.rules.figures:
        assert name in svg
    assert "≥9" in svg and ">3</text>" in svg and "penalty" in svg and "(assumed)" in svg
    assert "✓" in dice_svg((3, 1, 1, 1)) and "= <b>4</b>" in dice_svg((3, 1, 1, 1))


def test_new_game_with_the_seat_pickers_and_bad_seats():
    table = SpookiesTable(["human", "human"])
    first = table.game
    table.seat_pickers[2].value = "random"
    table.new_game_button.click()
    assert table.game is not first and table.game.players == 3
    assert table.game.stockpile == 60                         # a new game with 3 players
    for picker in table.seat_pickers:
        picker.value = "(empty seat)"
    table.new_game_button.click()
    assert "at least 2" in table.message.value and table.game.players == 3
    with pytest.raises(InvalidArgumentError):
        SpookiesTable(["human"])
    with pytest.raises(InvalidArgumentError):
        SpookiesTable(["human", "lucky"])
