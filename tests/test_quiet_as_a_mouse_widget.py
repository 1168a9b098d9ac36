"""The Quiet as a Mouse widget, driven without a browser through its buttons."""

from __future__ import annotations

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.quiet_as_a_mouse import ATTEMPT, CHOOSE, OVER, SILENT
from haba_lessons.games.quiet_as_a_mouse.widget import quiet_as_a_mouse_widget


def test_root_and_main_elements_carry_the_browser_test_classes():
    widget = quiet_as_a_mouse_widget()
    assert "haba-quiet-as-a-mouse" in widget._dom_classes
    assert "haba-roll" in widget.companion.roll_button._dom_classes
    assert "haba-dice" in widget.companion.dice._dom_classes
    widget.mode.value = "simulated"
    assert "haba-roll" in widget.simulated.play_button._dom_classes
    assert "haba-roll" not in widget.companion.roll_button._dom_classes
    assert widget.companion.layout.display == "none"


def test_a_companion_turn_silent_then_alarm():
    panel = quiet_as_a_mouse_widget(seed=3).companion
    panel.roll_button.click()
    a, b = panel.game.roll
    assert panel.game.phase == CHOOSE
    assert a in panel.dice.value and b in panel.dice.value          # colours as words
    assert panel.pair_choice.value in panel.game.legal_pairs()
    assert "stroke-width='5'" in panel.castle.value                 # allowed holes ringed
    panel.choose_button.click()
    panel.silent_button.click()
    assert len(panel.game.castle) == 1 and panel.game.hands == [7, 8]
    assert "Chance the next roll is blocked: <b>0</b>" in panel.status.value
    panel.roll_button.click()
    panel.choose_button.click()
    panel.alarm_button.click()
    assert len(panel.game.castle) == 1 and panel.game.hands == [7, 8]
    assert panel.game.current == 0


def test_a_stick_slid_out_is_recorded():
    panel = quiet_as_a_mouse_widget(seed=4).companion
    for outcome_button in ("silent_button", "slid_button"):
        panel.roll_button.click()
        panel.choose_button.click()
        getattr(panel, outcome_button).click()
    assert panel.message == ""
    assert panel.game.castle == {} and panel.game.out_of_game == 1
    assert "out of the game 1" in panel.status.value


def test_clicks_out_of_turn_show_a_message_and_change_nothing():
    panel = quiet_as_a_mouse_widget().companion
    before = panel.game.snapshot()
    panel.alarm_button.click()
    assert "no attempt is in progress" in panel.note.value
    panel.choose_button.click()
    assert "roll the dice first" in panel.note.value
    assert panel.game.snapshot() == before
    panel.roll_button.click()
    panel.roll_button.click()
    assert "finish this turn first" in panel.note.value


def test_out_of_range_player_count_shows_a_message():
    widget = quiet_as_a_mouse_widget()
    panel = widget.companion
    game = panel.game
    panel.players_box.value = 7
    panel.new_button.click()
    assert "2 to 4 players" in panel.note.value and panel.game is game
    panel.players_box.value = 3
    panel.new_button.click()
    assert panel.game.hands == [5, 5, 5] and panel.game.box == 1
    widget.simulated.players_box.value = 1
    assert "2 to 4 players" in widget.simulated.note.value     # right under its controls


def test_a_whole_companion_game_until_someone_wins():
    panel = quiet_as_a_mouse_widget(seed=9).companion
    clicks = 0
    while panel.game.phase != OVER and clicks < 500:
        panel.roll_button.click()
        if panel.game.phase == CHOOSE:
            panel.choose_button.click()
            panel.silent_button.click()
        clicks += 1
    assert panel.game.phase == OVER
    assert "Game over" in panel.status.value
    assert sum(panel.game.hands) + len(panel.game.castle) == 16


def test_simulated_mode_plays_a_game_with_the_sliders():
    widget = quiet_as_a_mouse_widget(mode="simulated", players=3)
    panel = widget.simulated
    assert len(panel.sliders.children) == 3
    panel.sliders.children[0].children[0].value = 1.0      # p = 1 with q = 0.05: refused
    panel.play_button.click()
    assert "more than 1" in panel.note.value and panel.last_game is None
    panel.sliders.children[0].children[1].value = 0.0
    panel.play_button.click()
    assert panel.last_game.phase == OVER
    assert " won after " in panel.result.value
    for row in panel.sliders.children:
        row.children[0].value = 0.0
    panel.play_button.click()
    assert "never ends" in panel.note.value


def test_simulated_many_games_table():
    panel = quiet_as_a_mouse_widget(mode="simulated").simulated
    panel.many_button.click()
    assert "200 games" in panel.result.value and "Player 2" in panel.result.value
    for row in panel.sliders.children:                      # settings whose games never end
        row.children[0].value = 0.0
    panel.many_button.click()
    assert "never ends" in panel.note.value
    assert "200 games" not in panel.result.value            # no result of other settings shown


@pytest.mark.parametrize("options", [{"mode": "tournament"}, {"players": 5}])
def test_bad_factory_arguments_are_refused(options):
    with pytest.raises(InvalidArgumentError):
        quiet_as_a_mouse_widget(**options)


def test_the_engine_is_the_one_the_widget_shows():
    panel = quiet_as_a_mouse_widget(seed=1).companion
    panel.roll_button.click()
    panel.game.choose_pair(panel.game.legal_pairs()[-1])
    panel.game.apply_attempt(SILENT)
    panel._render()
    assert "castle 1" in panel.status.value


# ---- issue 18: the last turn apart, messages in sight, p and q and ties explained -------

def test_when_the_turn_passes_the_dice_are_blank_and_the_last_turn_is_shown_apart():
    panel = quiet_as_a_mouse_widget(seed=3).companion
    assert "Nothing has happened yet" in panel.last_move.value
    panel.roll_button.click()
    a, b = panel.game.roll
    assert a in panel.dice.value and "Nothing has happened yet" in panel.last_move.value
    panel.choose_button.click()
    panel.silent_button.click()                       # Player 1's turn is over
    assert panel.game.current == 1
    assert "?" in panel.dice.value and a not in panel.dice.value.replace("?", "")
    assert f"Player 1's roll: {a} + {b}." in panel.last_move.value
    assert "silent" in panel.last_move.value
    panel.roll_button.click()                         # Player 2 rolls: the box still shows
    assert "Player 1's roll" in panel.last_move.value  # the finished turn, not this one
    assert "haba-last-move" in panel.last_move._dom_classes


def test_a_message_appears_under_the_controls_not_below_the_castle():
    widget = quiet_as_a_mouse_widget()
    panel = widget.companion
    panel.players_box.value = 99
    panel.new_button.click()
    assert "not 99" in panel.note.value
    controls = panel.children[0].children[0]
    assert panel.note in controls.children and panel.castle not in controls.children
    assert "haba-qm-controls" in controls._dom_classes


def test_the_simulated_sliders_say_what_p_and_q_are():
    panel = quiet_as_a_mouse_widget(mode="simulated").simulated
    p, q = panel.sliders.children[0].children
    assert "silent" in p.description and "slides out" in q.description
    text = panel.explain.value
    assert "1 − p − q" in text and "alarm" in text and "assumption" in text


def test_win_shares_over_100_percent_are_explained_by_the_ties_counted():
    import re

    panel = quiet_as_a_mouse_widget(mode="simulated").simulated
    panel.many_button.click()
    html = panel.result.value
    wins = [int(w) for w in re.findall(r"<tr><td>Player \d</td><td>(\d+)</td>", html)]
    ties = int(re.search(r"(\d+) of the 200 games ended in a tie", html).group(1))
    # Each game has at least one winner, a tie at least two: the wins exceed 200 by at
    # least the ties, and only when there are ties.
    assert sum(wins) >= 200 + ties and (sum(wins) > 200) == (ties > 0)
    assert "more than 100%" in html


def test_one_stick_slid_out_is_said_in_the_singular():

    panel = quiet_as_a_mouse_widget(mode="simulated").simulated
    for seed in range(40):
        panel.rng = __import__("numpy").random.default_rng(seed)
        for row in panel.sliders.children:
            row.children[0].value, row.children[1].value = 0.6, 0.1
        panel.play_button.click()
        if "1 stick slid out" in panel.result.value:
            break
    assert "1 stick slid out" in panel.result.value
    assert "stick(s)" not in panel.result.value


def test_a_fault_inside_a_click_becomes_a_message_and_the_panel_shows_the_engine(monkeypatch):
    panel = quiet_as_a_mouse_widget(seed=3).companion
    panel.roll_button.click()
    panel.choose_button.click()

    def broken(outcome):
        raise RuntimeError("the bell fell off")

    monkeypatch.setattr(panel.game, "apply_attempt", broken)
    panel.silent_button.click()                          # no traceback escapes
    assert "Something went wrong inside the course" in panel.note.value
    assert "RuntimeError" in panel.last_failure
    assert panel.game.phase == ATTEMPT and not panel.silent_button.disabled
    assert "castle 0" in panel.status.value              # drawn from the engine's state
