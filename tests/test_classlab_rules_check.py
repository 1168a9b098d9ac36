"""The recorders check what they record against the games' rules, through the engines
(issue 16): an impossible record is refused with a message and nothing is written."""

from __future__ import annotations

import pytest

from haba_lessons.classlab import read_class_file
from haba_lessons.classlab.recorders import (meow_meow_recorder, mouse_trap_recorder,
                                             quiet_as_a_mouse_recorder, spookies_recorder)
from haba_lessons.classlab.rules_check import SpookiesRolls
from haba_lessons.errors import HabaLessonsError, IllegalActionError


def on_disk(recorder):
    path = recorder.file.path
    return [(r.player, r.event, r.value) for r in read_class_file(path).records] \
        if path.exists() else []


@pytest.mark.parametrize("make, players", [(spookies_recorder, 6), (spookies_recorder, 1),
                                           (meow_meow_recorder, 5), (mouse_trap_recorder, 1),
                                           (quiet_as_a_mouse_recorder, 5)])
def test_a_seat_count_the_game_is_not_played_with_is_refused(tmp_path, make, players):
    with pytest.raises(HabaLessonsError):
        make("owls", tmp_path, players=players)
    assert not any(tmp_path.iterdir())


def test_spookies_offers_the_engines_rolls_and_refuses_any_other():
    rolls = SpookiesRolls(4)
    assert rolls.dice_counts == [2, 3, 4]                 # rulebook: 2, 3 or 4 dice
    assert len(rolls.outcomes[3]) == 56                   # multisets of 3 faces: C(8, 3)
    rolls.check([6, 1, 1])
    with pytest.raises(IllegalActionError, match="2, 3, 4 dice, not 5"):
        rolls.check([1, 2, 3, 4, 5])
    with pytest.raises(IllegalActionError, match="not a roll of 2 dice"):
        rolls.check([7, 1])


def test_the_spookies_recorder_offers_exactly_those_dice_counts(tmp_path):
    assert spookies_recorder("owls", tmp_path).dice.options == ("2", "3", "4")


def test_mouse_trap_a_landing_must_follow_the_die_from_where_the_mouse_stands(tmp_path):
    rec = mouse_trap_recorder("owls", tmp_path, players=2)
    rec.seat.value = "1"
    rec.space.value = 4
    rec.landed_button.click()                             # no die yet
    assert "record the die" in rec.status.value and on_disk(rec) == []
    rec.die_buttons[2].click()                            # rolled 3, from START (space 0)
    rec.space.value = 4
    rec.landed_button.click()
    assert "a 3 lands on 3, not 4" in rec.status.value
    rec.space.value = 3
    rec.landed_button.click()
    rec.die_buttons[5].click()                            # 6 from 3: lands on 9, "go to 12"
    rec.space.value = 9
    rec.landed_button.click()
    rec.die_buttons[0].click()                            # 1 from 12 (the board file's jump)
    rec.space.value = 10
    rec.landed_button.click()
    assert "stands on space 12: a 1 lands on 13, not 10" in rec.status.value
    rec.space.value = 13
    rec.landed_button.click()
    assert on_disk(rec) == [("1", "die", "3"), ("1", "landed", "3"), ("1", "die", "6"),
                            ("1", "landed", "9"), ("1", "die", "1"), ("1", "landed", "13")]


def test_mouse_trap_mice_are_tracked_per_seat_and_from_the_file(tmp_path):
    rec = mouse_trap_recorder("owls", tmp_path, players=2)
    for seat, face in (("1", 2), ("2", 5)):
        rec.seat.value = seat
        rec.die_buttons[face - 1].click()
        rec.space.value = face
        rec.landed_button.click()
    again = mouse_trap_recorder("owls", tmp_path, players=2)      # a new kernel
    again.seat.value = "2"
    again.die_buttons[0].click()
    again.space.value = 6                                         # 5 + 1
    again.landed_button.click()
    assert on_disk(again)[-1] == ("2", "landed", "6")
    again.undo_button.click()
    again.undo_button.click()                                     # the die too
    again.die_buttons[1].click()
    again.space.value = 7
    again.landed_button.click()
    assert on_disk(again)[-1] == ("2", "landed", "7")


def test_a_meow_meow_round_has_one_winner(tmp_path):
    rec = meow_meow_recorder("owls", tmp_path)
    rec.could.click()
    rec.winner_buttons[1].click()
    rec.winner_buttons[2].click()                         # a second winner of round 1
    assert "already has its winner (seat 2)" in rec.status.value
    assert [e for _, e, _ in on_disk(rec)] == ["first_could_play", "round_won"]
