"""The Mouse Trap widget, driven without a browser through its buttons."""

from __future__ import annotations

import re
from html import unescape

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.mouse_trap import position
from haba_lessons.games.mouse_trap.rules import AT_CRANK, ROLL
from haba_lessons.games.mouse_trap.widget import mouse_trap_widget


def test_widget_classes_and_first_screen():
    w = mouse_trap_widget(players=3, humans=(0,), seed=1)
    assert "haba-mouse-trap" in w._dom_classes
    assert "haba-roll" in w.roll_button._dom_classes
    assert "haba-dice" in w.dice._dom_classes
    assert not w.roll_button.disabled and w.crank_button.disabled
    html = w.board_view.value
    assert "our reconstruction (assumption)" in html and "0 of 24 parts built" in html
    assert "Blue ● (you)" in w.table.value and "Orange ■" in w.table.value


def test_rolling_moves_you_and_the_bots_play_their_turns():
    w = mouse_trap_widget(players=3, humans=(0,), seed=2)
    w.roll_button.click()
    assert w.state.turns >= 3  # you and the two bots have moved
    assert w.state.current == 0 and w.state.phase == ROLL
    shown = unescape(w.dice.value)        # every die of the round, with whose it was
    assert "Blue ● (you)'s roll:" in shown and "Green ▲'s roll:" in shown
    assert all(p > 0 for p in w.state.positions)


def at_crank(w, positions, cheese):
    """The widget's game replaced by a position: mouse 1 lands from 41 on Turn Crank."""
    w.state = position(w.state.names, mice=positions, cheese=cheese, parts=24,
                       reliability=w.state.reliability)
    w.state.apply_chance(1)
    w._render()


def tied_for_cheese(w):
    """The widget's game replaced by a position where mouse 1 takes 2 cheese (space 11) from
    two tied richest opponents, the pile empty."""
    w.state = position(w.state.names, mice=[8, 0, 0], cheese=[0, 26, 26])
    w.state.apply_chance(3)
    w._render()
    return w.state


def test_spending_cheese_with_the_chooser():
    w = mouse_trap_widget(players=3, humans=(0,), seed=3)
    at_crank(w, [41, 30, 39], [3, 0, 0])
    assert w.state.phase == AT_CRANK
    assert [label for label, _ in w.move_choice.options] == ["Orange ■"]  # Green is on Safe
    w.move_choice.value = 1
    w.spend_button.click()
    # 1 cheese back to the pile; Orange rolled 1-6 from 30 (no action there); your move still.
    assert w.state.cheese[0] == 2 and w.state.pile == 50
    assert 31 <= w.state.positions[1] <= 36 and w.state.cheese[1] == 0
    assert w.state.phase == AT_CRANK and w.state.current == 0
    assert "returns 1 cheese to move Orange" in w.events.value


def test_crank_button_catches_or_sends_to_safe():
    w = mouse_trap_widget(players=2, humans=(0,), reliability=1, seed=4)
    at_crank(w, [41, 44], [0, 5])
    assert not w.crank_button.disabled and w.end_button.disabled
    w.crank_button.click()
    assert w.state.is_over and w.state.winner == 0 and w.state.cheese == [5, 0]
    assert "wins" in w.status.value and "WORKS" in w.dice.value
    assert w.roll_button.disabled


def test_split_chooser_for_tied_opponents():
    w = mouse_trap_widget(players=3, humans=(0,), seed=5)
    state = tied_for_cheese(w)
    labels = [label for label, _ in w.split_choice.options]
    assert labels[0] == "2 from Orange ■, 0 from Green ▲" and len(labels) == 3
    w.split_choice.value = w.split_choice.options[1][1]
    w.take_button.click()
    assert state.cheese[0] == 2 and state.cheese[1] <= 25 and state.total_cheese() == 52


def test_a_disabled_button_shows_a_message_and_changes_nothing():
    w = mouse_trap_widget(players=2, humans=(0,), seed=6)
    before = w.state.snapshot()
    w.crank_button.click()
    assert w.state.snapshot() == before
    assert "not complete yet" in w.problem.value
    w.spend_button.click()
    assert w.state.snapshot() == before and "no mouse you can move" in w.problem.value


def test_bad_widget_arguments():
    with pytest.raises(InvalidArgumentError, match="players"):
        mouse_trap_widget(players=5)
    with pytest.raises(InvalidArgumentError, match="human seat"):
        mouse_trap_widget(players=2, humans=(3,))
    with pytest.raises(InvalidArgumentError, match="reliability"):
        mouse_trap_widget(players=2, reliability=2)


def test_bots_only_with_a_useless_trap_stop():
    w = mouse_trap_widget(players=2, humans=(), reliability=0, seed=7)
    assert "Stopped after" in w.problem.value and not w.state.is_over
    assert w.roll_button.disabled and w.crank_button.disabled


def test_new_game_button_starts_again():
    w = mouse_trap_widget(players=2, humans=(0,), seed=8)
    w.roll_button.click()
    assert w.state.turns > 0
    w.new_button.click()
    assert w.state.turns == 0 and w.state.positions == [0, 0] and w.state.pile == 52
    assert not w.roll_button.disabled and "0 of 24 parts built" in w.board_view.value


def test_the_choosers_start_on_their_first_option():
    """A chooser filled after being empty used to stay on nothing: pressing Take cheese then
    said "there is no cheese to share out now" although three ways were listed, and a player
    clicking only the buttons was stuck on that screen."""
    w = mouse_trap_widget(players=3, humans=(0,), seed=5)
    state = tied_for_cheese(w)
    assert w.split_choice.value == w.split_choice.options[0][1]
    w.take_button.click()                                   # no choice made: the first way
    assert state.cheese == [2, 24, 26] and state.total_cheese() == 52
    spender = mouse_trap_widget(players=3, humans=(0,), seed=3)
    at_crank(spender, [41, 30, 39], [3, 0, 0])
    assert spender.move_choice.value == 1                  # Orange, the only mouse to move
    spender.spend_button.click()
    assert spender.state.cheese[0] == 2


def test_what_happened_shows_only_the_last_round_with_whose_roll_it_was():
    """The die of a bot used to stay beside *your* "Roll the die"; now every die is named
    by its mouse, and a round's dice are gone once you act again."""
    w = mouse_trap_widget(players=3, humans=(0,), seed=2)
    assert "Nothing yet" in w.dice.value
    w.roll_button.click()
    first = unescape(w.dice.value)
    rolls = [e for e in w.state.log if e.kind == "roll"]
    assert first.count("'s roll:") == len(rolls) == 3          # you, Orange, Green
    for event in rolls:
        assert f"{event.args[0]}'s roll: {event.args[1]}" in first
    w.roll_button.click()
    second = unescape(w.dice.value)
    assert second.count("'s roll:") == 3 and second != first


def test_a_fault_inside_a_callback_is_a_message_and_the_board_matches_the_engine(monkeypatch):
    from haba_lessons.games.mouse_trap.drawing import board_svg

    w = mouse_trap_widget(players=2, humans=(0,), seed=9)

    def broken(*_args, **_kwargs):
        raise KeyError("no such face")

    monkeypatch.setattr(w.state, "sample_chance", broken)
    before = w.state.snapshot()
    w.roll_button.click()                                       # no traceback escapes
    assert "Something went wrong inside the course (KeyError" in w.problem.value
    assert "KeyError" in w.last_failure
    assert w.state.snapshot() == before
    assert w.board_view.value == board_svg(w.state.board, w.state, names=w.state.names)


def test_the_board_reads_in_words_with_a_legend_and_no_codes():
    w = mouse_trap_widget(players=3, humans=(0,), seed=1)
    svg = unescape(w.board_view.value)
    for code in ("B2-3-4", "rival -", "ahead 12", "back 10", "(s)"):
        assert code not in svg, code
    for words in ("Take 2", "Lose 1", "Steal 3", "Back to", "Ahead to", "Turn", "Crank",
                  "Cheese", "Wheel", "Safe", "Bone", "Build: add a part to the trap",
                  "our reconstruction (assumption)"):
        assert words in svg, words
    # with 3 players a "Build 2" space builds nothing: it carries no label
    state = w.state
    plain = [s for s in state.board.spaces if s.kind == "build" and 3 not in s.players]
    counting = [s for s in state.board.spaces if s.kind == "build" and 3 in s.players]
    assert svg.count(">Build</text>") == len(counting) and plain
    for mark in re.findall(r'font-size="(\d+)"', svg):
        assert int(mark) >= 20, mark          # 18 px once the board is 1260 px wide


def test_plurals_in_the_log_and_on_the_screen():
    w = mouse_trap_widget(players=2, humans=(), reliability=1, seed=3)
    text = "\n".join(str(e) for e in w.state.log) + unescape(w.table.value)
    assert "(s)" not in text and "parts built of" not in text
    assert re.search(r"builds 1 part \(", text)


def test_a_new_game_shows_the_bots_first_rolls_of_the_new_game():
    w = mouse_trap_widget(players=3, humans=(2,), seed=10)      # Blue and Orange are bots
    assert unescape(w.dice.value).count("'s roll:") == 2
    for _ in range(3):
        w.roll_button.click()
    w.new_button.click()
    shown = unescape(w.dice.value)
    assert shown.count("'s roll:") == 2 and "Green ▲ (you)'s roll" not in shown


def test_what_happened_names_the_spaces_in_the_boards_words():
    w = mouse_trap_widget(players=3, humans=(0,), seed=3)
    w.roll_button.click()                     # Blue lands on a "Build 2-3-4" space
    shown = unescape(w.dice.value)
    assert [e.args[3] for e in w.state.log if e.kind == "roll"][0] == "Build 2-3-4"
    assert "Build 2-3-4" not in shown and ": Build" in shown and "Take 1" in shown
    assert "Build 2-3-4" not in unescape(w.events.value)      # the game so far, likewise


def test_a_bare_seat_number_for_humans_is_refused_with_an_example():
    """``humans=1`` once raised "TypeError: 'int' object is not iterable" from inside."""
    from haba_lessons.errors import InvalidArgumentError
    from haba_lessons.games import mouse_trap
    with pytest.raises(InvalidArgumentError, match=r"^humans: give a list of seat numbers .*"
                                                   r"humans=\[0\], not 1\."):
        mouse_trap.widget(humans=1)
