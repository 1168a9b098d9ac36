"""The Spookies table widget, driven without a browser."""

from __future__ import annotations

import re

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games import spookies
from haba_lessons.games.spookies import CHOOSE_DICE, CHOOSE_FIGURE, FRIEND, position
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
    assert "until then the game on the table goes on" in table.message.value
    with pytest.raises(InvalidArgumentError):
        SpookiesTable(["human"])
    with pytest.raises(InvalidArgumentError):
        SpookiesTable(["human", "lucky"])


def every_text(table) -> str:
    """Everything the table shows, as one string (HTML entities decoded)."""
    from html import unescape

    parts = [table.house.value, table.dice_view.value, table.last_move.value,
             table.status.value, table.message.value, table.odds.value, table.scores.value,
             table.log.value, table.roll_button.description, table.stop_button.description]
    return unescape("\n".join(parts))


def test_no_plural_is_left_as_s_in_brackets_in_a_whole_game():
    """"chip(s)" and "space(s)" were written into the log and the prompts; English computes
    its plurals: "1 chip", "2 chips". A whole seeded game of bots, every screen read."""
    table = SpookiesTable(["greedy", "cautious", "optimal"], seed=4, teaching=True)
    seen = []
    for _ in range(400):
        text = every_text(table)
        assert "(s)" not in text, text
        seen.append(text)
        if table.game.is_over:
            break
        table.roll_button.click()
    assert table.game.is_over
    log = "\n".join(str(e) for e in table.game.log)
    assert "(s)" not in log
    for one in re.findall(r"\b1 (chips?|spaces?)\b", log):     # "1 chip", never "1 chips"
        assert one in ("chip", "space"), one
    for many in re.findall(r"\b([2-9]|\d\d+) (chips?|spaces?)\b", log):
        assert many[1] in ("chips", "spaces"), many
    assert re.search(r"takes 1 chip\b", log) and re.search(r"takes [2-9]\d* chips", log)


def test_controls_that_cannot_act_now_are_disabled():
    table = SpookiesTable(["human", "human"], seed=3)
    assert table.game.phase == FRIEND
    assert table.stop_button.disabled and table.dice_choice.disabled
    assert all(b.disabled for b in table.figure_buttons) and not table.roll_button.disabled
    table.roll_button.click()                      # the friend die
    if table.game.phase == CHOOSE_FIGURE:
        assert not any(b.disabled for b in table.figure_buttons)
        assert table.roll_button.disabled          # "Choose a figure first"
        table.figure_buttons[0].click()
    assert table.game.phase == CHOOSE_DICE and table.game.must_roll
    assert table.stop_button.disabled              # nothing to keep before the first roll
    assert not table.dice_choice.disabled and all(b.disabled for b in table.figure_buttons)
    before = table.game.snapshot()
    table.stop_button.click()                      # clicked anyway (a script, a stale page)
    assert table.game.snapshot() == before and "⚠" in table.message.value
    assert "\n" not in table.message.value


def test_a_bots_dice_are_not_left_beside_the_humans_controls():
    """After a bot's turn its dice used to stay beside the child's own choice of dice."""
    table = SpookiesTable(["optimal", "human"], seed=5)
    table.roll_button.click()                      # the bot plays its whole turn
    assert table.game.current == 1
    assert "<svg" not in table.dice_view.value     # no dice rolled yet this turn
    assert "Player 2: no dice rolled yet this turn." in table.dice_view.value
    last = unescape_html(table.last_move.value)
    assert "Bot 1 (optimal)'s turn:" in last and "Bot 1 (optimal) rolls" in last
    table.roll_button.click()                      # the child's friend die
    assert "Player 2's turn:" in unescape_html(table.last_move.value)
    assert "Bot 1" not in table.last_move.value    # the bot's turn is no longer "the last"
    if table.game.phase == CHOOSE_FIGURE:
        table.figure_buttons[0].click()
    table.roll_button.click()                      # the child's dice
    if table.game.current == 1:                    # still the child's turn: their dice shown
        assert "<svg" in table.dice_view.value and "Result" in table.dice_view.value


def unescape_html(text: str) -> str:
    from html import unescape

    return unescape(text)


def test_a_fault_inside_a_callback_is_a_message_and_the_table_matches_the_engine(monkeypatch):
    table = SpookiesTable(["human", "human"], seed=3)

    def broken(*_args, **_kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(table.game, "sample_chance", broken)
    table.roll_button.click()                      # no traceback escapes
    assert "Something went wrong inside the course (ZeroDivisionError" in table.message.value
    assert "ZeroDivisionError" in table.last_failure
    assert table.house.value == house_svg(table.game)
    assert table.roll_button.description == "Roll the friend die"


def test_teaching_mode_names_the_assumed_reward_table_in_plain_words():
    table = SpookiesTable(["human", "human"], seed=1, teaching=True)
    table.roll_button.click()
    if table.game.phase == CHOOSE_FIGURE:
        table.figure_buttons[0].click()
    assert "the reward table (an assumption)" in table.odds.value
    assert "assumption reward table" not in table.odds.value


@pytest.mark.parametrize("options, message", [
    ({"seats": "human"}, r"^seats: give a list of seats"),
    ({"seats": ["human"]}, r"give 2 to 5 seats, not 1\."),
    ({"seed": "three"}, r"^seed must be a whole number"),
    ({"teaching": "yes"}, r"^teaching: give True or False"),
    ({"free_choice": 1}, r"^free_choice: give True or False"),
    ({"rules": "standard"}, r"^rules: give the rules of Rules.standard"),
])
def test_a_pupils_wrong_option_gets_one_line_naming_it(options, message):
    """Each of these once raised TypeError, a traitlets error or an AttributeError from inside
    (a string of seats was read letter by letter: "unknown strategy 'h'")."""
    with pytest.raises(InvalidArgumentError, match=message):
        spookies.widget(**options)


def test_no_seed_is_a_fresh_game_each_time():
    first, second = (spookies.widget(seed=None).spookies_table for _ in range(2))
    assert isinstance(first.seed, int) and first.seed != second.seed
