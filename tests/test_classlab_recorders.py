"""The recording widgets, driven through their buttons: saved at once, restart-safe, undo."""

from __future__ import annotations

import base64
import datetime
import re

import pytest

from haba_lessons.classlab import read_class_file
from haba_lessons.classlab.recorders import (meow_meow_recorder, mouse_trap_recorder,
                                             quiet_as_a_mouse_recorder, spookies_recorder)
from haba_lessons.classlab.records import Record
from haba_lessons.classlab.transfer import PoolUploader
from haba_lessons.games.quiet_as_a_mouse import ATTEMPT, CHOOSE, ROLL


def records(recorder):
    """What an independent reader finds on disk now."""
    return read_class_file(recorder.file.path).records


def test_spookies_one_click_per_die_writes_the_roll_at_the_last_face(tmp_path):
    rec = spookies_recorder("owls", tmp_path)
    assert not (tmp_path / "spookies-owls.csv").exists()    # nothing written before a record
    rec.seat.value = "2"
    for face in (3, 5):
        rec.face_buttons[face - 1].click()
    assert not rec.file.path.exists()                        # 2 of 3 dice: not yet a roll
    rec.face_buttons[5].click()
    assert records(rec) == [Record(1, 1, "2", "roll", "3 5 6", "2")]
    assert "best two = 11" in rec.status.value               # 5 + 6
    rec.dice.value = "2"
    rec.face_buttons[0].click()
    rec.face_buttons[0].click()
    assert records(rec)[-1] == Record(2, 1, "2", "roll", "1 1", "2")


def test_changing_the_dice_count_mid_roll_clears_the_half_entered_faces(tmp_path):
    rec = spookies_recorder("owls", tmp_path)        # 3 dice by default
    rec.face_buttons[0].click()
    rec.face_buttons[1].click()                       # 2 of 3 faces entered
    rec.dice.value = "2"                              # the group meant two dice
    assert "were cleared" in rec.status.value and not rec.file.path.exists()
    rec.face_buttons[2].click()
    rec.face_buttons[3].click()
    assert records(rec) == [Record(1, 1, "1", "roll", "3 4", "1")]   # not a stuck "3 of 2 dice"


def test_undo_removes_a_half_entered_face_first_then_the_last_record(tmp_path):
    rec = spookies_recorder("owls", tmp_path)
    for face in (6, 6, 6, 2):
        rec.face_buttons[face - 1].click()
    rec.undo_button.click()
    assert rec.faces == [] and len(records(rec)) == 1
    rec.undo_button.click()
    assert records(rec) == []
    rec.undo_button.click()
    assert "nothing to undo" in rec.status.value


def test_a_kernel_restart_loses_nothing_and_the_new_widget_continues(tmp_path):
    first = spookies_recorder("owls", tmp_path)
    for face in (1, 2, 3):
        first.face_buttons[face - 1].click()
    first.next_round.click()
    for face in (4, 5, 6):
        first.face_buttons[face - 1].click()
    del first                                               # the kernel dies
    second = spookies_recorder("owls", tmp_path)            # a new kernel, same folder
    assert "Continuing spookies-owls.csv: 2 records" in second.status.value
    for face in (2, 2, 2):
        second.face_buttons[face - 1].click()
    assert [(r.record, r.round, r.value) for r in records(second)] == [
        (1, 1, "1 2 3"), (2, 2, "4 5 6"), (3, 2, "2 2 2")]


def test_changing_the_group_nickname_opens_that_groups_file(tmp_path):
    rec = spookies_recorder("owls", tmp_path)
    rec.group_box.value = "foxes"
    for face in (1, 1):
        rec.dice.value = "2"
        rec.face_buttons[face - 1].click()
    assert (tmp_path / "spookies-foxes.csv").exists()
    rec.group_box.value = "Jo Bloggs (age 12)"
    assert "never a real name" in rec.status.value


def test_a_refused_nickname_stops_recording_into_the_previous_groups_file(tmp_path):
    rec = spookies_recorder("foxes", tmp_path)
    rec.dice.value = "2"
    rec.face_buttons[0].click()
    rec.face_buttons[0].click()
    foxes = (tmp_path / "spookies-foxes.csv").read_bytes()
    rec.group_box.value = "jo@school.org"                 # refused
    for face in (2, 3):
        rec.face_buttons[face - 1].click()               # went into the foxes' file before
    rec.undo_button.click()                              # removed a foxes' record before
    assert (tmp_path / "spookies-foxes.csv").read_bytes() == foxes
    assert "recording stopped" in rec.status.value and rec.faces == []
    assert "appears after the first record" in rec.download.value
    rec.group_box.value = "owls"                         # an allowed nickname: recording again
    rec.face_buttons[3].click()
    rec.face_buttons[3].click()
    assert [r.value for r in records(rec)] == ["4 4"] and rec.file.path.name == "spookies-owls.csv"


def test_quiet_as_a_mouse_rolls_and_attempts_per_seat_through_the_companion_engine(tmp_path):
    rec = quiet_as_a_mouse_recorder("owls", tmp_path, seed=3)
    panel = rec.companion
    panel.roll_button.click()
    roll = panel.game.roll
    panel.choose_button.click()
    panel.silent_button.click()
    panel.roll_button.click()
    assert panel.game.phase == CHOOSE                      # seed 3: seat 2's roll fits
    panel.choose_button.click()
    panel.alarm_button.click()
    found = records(rec)
    assert found[:2] == [Record(1, 1, "1", "roll", f"{roll[0]} + {roll[1]}", "1"),
                         Record(2, 1, "1", "attempt", "silent", "1")]
    assert found[3] == Record(4, 1, "2", "attempt", "alarm", "1")   # seat 1 started the game
    assert panel.game.hands == [7, 8]                        # the engine counted the sticks


def test_quiet_as_a_mouse_undo_puts_the_game_back_too(tmp_path):
    rec = quiet_as_a_mouse_recorder("owls", tmp_path, seed=3)
    panel = rec.companion
    panel.roll_button.click()
    panel.choose_button.click()
    panel.silent_button.click()
    assert panel.game.hands == [7, 8] and panel.game.phase == ROLL
    rec.undo_button.click()
    assert panel.game.phase == ATTEMPT and panel.game.hands == [8, 8]
    assert [r.event for r in records(rec)] == ["roll"]
    panel.alarm_button.click()
    assert [r.value for r in records(rec)][-1] == "alarm" and panel.game.hands == [8, 8]


def test_quiet_as_a_mouse_undo_after_new_game_returns_to_the_old_game_and_round(tmp_path):
    rec = quiet_as_a_mouse_recorder("owls", tmp_path, seed=3)
    panel = rec.companion
    panel.roll_button.click()
    panel.choose_button.click()
    panel.new_button.click()                                 # game 2 starts
    panel.roll_button.click()
    assert [r.round for r in records(rec)] == [1, 2]
    rec.undo_button.click()
    rec.undo_button.click()                                  # back before game 1's roll
    assert records(rec) == [] and rec.round == 1 and panel.game.phase == ROLL
    panel.roll_button.click()
    assert [r.round for r in records(rec)] == [1]


def test_quiet_as_a_mouse_refused_action_records_nothing(tmp_path):
    rec = quiet_as_a_mouse_recorder("owls", tmp_path, seed=3)
    rec.companion.silent_button.click()                      # no stick is being placed
    assert not rec.file.path.exists()


def test_meow_meow_deals_and_winners(tmp_path):
    rec = meow_meow_recorder("owls", tmp_path)
    rec.winner_buttons[0].click()
    assert "record the deal first" in rec.status.value and not rec.file.path.exists()
    rec.could.click()
    rec.winner_buttons[2].click()
    rec.could_not.click()
    assert records(rec) == [Record(1, 1, "1", "first_could_play", "yes", "1"),
                            Record(2, 1, "3", "round_won", "yes", "1"),
                            Record(3, 2, "2", "first_could_play", "no", "2")]
    rec.undo_button.click()
    rec.could.click()                                        # deal 2 again, not deal 3
    assert records(rec)[-1] == Record(3, 2, "2", "first_could_play", "yes", "2")


def test_meow_meow_records_who_played_first_and_passes_the_start_on(tmp_path):
    rec = meow_meow_recorder("owls", tmp_path, players=3)
    assert rec.starter.value == "1"
    rec.starter.value = "3"                                  # the child who petted a cat last
    rec.could.click()
    rec.winner_buttons[1].click()                            # seat 2 won round 1
    assert rec.starter.value == "1"                          # clockwise from 3 of 3 seats: 1
    rec.could_not.click()
    rec.winner_buttons[0].click()
    assert [(r.round, r.event, r.player, r.starter) for r in records(rec)] == [
        (1, "first_could_play", "3", "3"), (1, "round_won", "2", "3"),
        (2, "first_could_play", "1", "1"), (2, "round_won", "1", "1")]
    again = meow_meow_recorder("owls", tmp_path, players=3)   # a new kernel continues
    assert again.starter.value == "2" and again.round == 2


def test_the_first_record_of_a_round_names_its_starter_for_the_whole_round(tmp_path):
    rec = spookies_recorder("owls", tmp_path)
    rec.dice.value = "2"
    for seat, faces in (("3", (1, 2)), ("4", (5, 5)), ("1", (6, 6))):
        rec.seat.value = seat
        for face in faces:
            rec.face_buttons[face - 1].click()
    rec.next_round.click()
    rec.seat.value = "4"
    rec.face_buttons[0].click()
    rec.face_buttons[0].click()
    assert [(r.round, r.player, r.starter) for r in records(rec)] == [
        (1, "3", "3"), (1, "4", "3"), (1, "1", "3"), (2, "4", "4")]


def test_pooled_records_expose_the_starter_and_whether_the_starter_won(tmp_path):
    from haba_lessons.classlab import pool_folder, tables
    rec = meow_meow_recorder("owls", tmp_path, players=2)
    rec.could.click()
    rec.winner_buttons[0].click()                            # seat 1 started and won
    rec.could.click()
    rec.winner_buttons[0].click()                            # seat 2 started, seat 1 won
    pooled = pool_folder(tmp_path)["meow_meow"].records
    assert list(pooled["starter"]) == ["1", "1", "2", "2"]
    table = tables.starter_wins(pooled)
    assert list(table["starter"]) == [1, 2] and list(table["starter won"]) == [True, False]


def test_mouse_trap_die_landing_crank_and_a_bad_space(tmp_path):
    rec = mouse_trap_recorder("owls", tmp_path)
    rec.seat.value = "3"
    rec.die_buttons[4].click()
    rec.space.value = 5
    rec.landed_button.click()
    rec.works.click()
    rec.next_round.click()
    rec.fails.click()
    assert records(rec) == [Record(1, 1, "3", "die", "5", "3"),
                            Record(2, 1, "3", "landed", "5", "3"),
                            Record(3, 1, "3", "crank", "works", "3"),
                            Record(4, 2, "3", "crank", "fails", "3")]


def test_download_link_carries_the_files_exact_bytes(tmp_path):
    rec = meow_meow_recorder("owls", tmp_path)
    assert "appears after the first record" in rec.download.value
    rec.could.click()
    name, data = re.search(r"download='([^']+)' href='data:text/csv;base64,([^']+)'",
                           rec.download.value).groups()
    assert name == "meow_meow-owls.csv"
    assert base64.b64decode(data) == rec.file.path.read_bytes()


def test_uploading_files_pools_them_and_reports(tmp_path):
    rec = meow_meow_recorder("owls", tmp_path)
    rec.could.click()
    text = rec.file.path.read_bytes()
    uploader = PoolUploader("meow_meow")
    upload = lambda name, content: {"name": name, "type": "text/csv", "size": len(content),
                                    "content": memoryview(content),
                                    "last_modified": datetime.datetime(2026, 1, 1)}
    uploader.upload.value = (upload("a.csv", text), upload("b.csv", text),
                             upload("c.csv", text.replace(b"yes", b"maybe")))
    assert len(uploader.pool.records) == 1
    assert "b.csv has the same content as a.csv" in uploader.report.value
    assert "c.csv, line 5" in uploader.report.value


def test_widgets_use_theme_colours(tmp_path):
    rec = spookies_recorder("owls", tmp_path)
    rec.face_buttons[0].click()
    rec.undo_button.click()
    rec.undo_button.click()
    assert "var(--jp-error-color1" in rec.status.value
    assert "var(--jp-ui-font-color1" in rec.roll_line.value


@pytest.mark.parametrize("make", [spookies_recorder, mouse_trap_recorder])
def test_new_game_with_a_refused_nickname_is_refused_and_changes_nothing(make, tmp_path):
    rec = make("owls", tmp_path)
    before = rec.round
    rec.group_box.value = ""                              # blanked: refused
    rec.next_round.click()                                # was an internal error, round + 1
    assert "recording stopped" in rec.status.value and "went wrong" not in rec.status.value
    assert rec.round == before
    rec.group_box.value = "owls"
    assert rec.round == before
