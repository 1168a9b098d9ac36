"""Widgets never show a traceback (issue 16.4): a failure inside a callback becomes one line
in the widget, and the widget is drawn again from its state."""

from __future__ import annotations

import datetime

import pytest

from haba_lessons.classlab import writer
from haba_lessons.classlab.recorders import (meow_meow_recorder, mouse_trap_recorder,
                                             spookies_recorder)
from haba_lessons.classlab.transfer import PoolUploader
from haba_lessons.errors import IllegalActionError
from haba_lessons.explore import best_two, board_editor, intervals, reward_table, trap
from haba_lessons.widget_guard import guarded


class Toy:
    def __init__(self) -> None:
        self.shown, self.drawn, self.state = [], 0, 0

    def show_problem(self, message: str) -> None:
        self.shown.append(message)

    def redraw(self) -> None:
        self.drawn += 1

    @guarded
    def refuse(self) -> None:
        self.state += 1
        raise IllegalActionError("not now: roll first.")

    @guarded
    def crash(self) -> None:
        raise KeyError("spaces")


def test_a_refusal_shows_its_own_message_after_a_redraw():
    toy = Toy()
    assert toy.refuse() is None
    assert toy.shown == ["not now: roll first."] and toy.drawn == 1 and toy.state == 1


def test_a_fault_of_the_course_is_one_line_and_its_traceback_is_kept():
    toy = Toy()
    toy.crash()
    [message] = toy.shown
    assert message.startswith("Something went wrong inside the course (KeyError: ")
    assert "\n" not in message and "tell your teacher" in message
    assert "Traceback" in toy.last_failure and "KeyError" in toy.last_failure


def test_a_redraw_that_fails_too_is_said_in_the_same_line():
    toy = Toy()
    toy.redraw = lambda: 1 / 0
    toy.refuse()
    assert "roll first" in toy.shown[0] and "ZeroDivisionError" in toy.shown[0]


def broken(*_args, **_kwargs):
    raise RuntimeError("disk on fire")


def test_a_recorder_whose_file_write_fails_says_so_and_stays_as_it_was(tmp_path, monkeypatch):
    rec = spookies_recorder("owls", tmp_path)
    rec.dice.value = "2"
    monkeypatch.setattr(writer, "make_record", broken)
    rec.face_buttons[0].click()
    rec.face_buttons[1].click()                          # raised RuntimeError before
    assert "disk on fire" in rec.status.value and not rec.file.path.exists()
    assert "0 of 2 dice" in rec.roll_line.value          # drawn again from its state


@pytest.mark.parametrize("make", [meow_meow_recorder, mouse_trap_recorder])
def test_every_recorder_survives_a_fault(tmp_path, monkeypatch, make):
    rec = make("owls", tmp_path)
    monkeypatch.setattr(writer, "make_record", broken)
    buttons = [rec.could] if make is meow_meow_recorder else [rec.works]
    buttons[0].click()
    assert "Something went wrong" in rec.status.value and not rec.file.path.exists()


def test_a_class_folder_that_cannot_be_written_is_a_message(tmp_path):
    folder = tmp_path / "class-data"
    folder.write_text("a file where the folder should be")       # fails even for root
    rec = meow_meow_recorder("owls", folder)
    rec.could.click()
    assert "could not write" in rec.status.value and "nothing was recorded" in rec.status.value
    assert rec.round == 0                                          # the deal did not count


def test_the_pool_uploader_survives_a_fault(monkeypatch):
    uploader = PoolUploader("spookies")
    monkeypatch.setattr("haba_lessons.classlab.transfer.pool_files", broken)
    uploader.upload.value = ({"name": "a.csv", "type": "text/csv", "size": 1,
                              "content": memoryview(b"x"),
                              "last_modified": datetime.datetime(2026, 1, 1)},)
    assert "disk on fire" in uploader.report.value and uploader.pool is None


def test_the_explorers_survive_a_fault_and_keep_their_answer(monkeypatch):
    table = reward_table.RewardTableExplorer()
    before = table.answer.value
    monkeypatch.setattr(reward_table, "optimal_policy", broken)
    table.cells[0][0].value = "2"
    assert "disk on fire" in table.message.value and table.answer.value == before

    explorer = trap.TrapExplorer()
    before = explorer.table.value
    monkeypatch.setattr(trap, "require_probability", broken)
    explorer.text.value = "1/2"
    assert "disk on fire" in explorer.message.value and explorer.table.value == before

    editor = board_editor.board_editor()
    before = editor.answer.value
    monkeypatch.setattr(board_editor, "expected_turns", broken)
    editor.jumps.value = "3:11"
    assert "disk on fire" in editor.message.value and editor.answer.value == before

    dice = best_two.BestOfDiceExplorer()
    monkeypatch.setattr(best_two, "check_question", broken)
    dice.sliders["dice"].value = 6
    assert "disk on fire" in dice.message.value and dice.dice == 4
    assert dice.sliders["dice"].value == 4                        # back on the state shown

    width = intervals.IntervalWidthExplorer()
    monkeypatch.setattr(intervals.IntervalWidthExplorer, "_valid", broken)
    width.typed.value = 400
    assert "disk on fire" in width.message.value and width.trials == 100
    assert width.typed.value == 100
