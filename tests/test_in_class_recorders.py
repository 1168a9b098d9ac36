"""The "In class" recorder cells of notebooks 01-08: one widget cell each, which writes into
the real class-data/ folder but nothing when it is displayed, starts in the same state every
time, and records into the files notebook 12 reads (Spookies rolls; Quiet as a Mouse
attempts; Meow Meow deals; Mouse Trap landings)."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest

from haba_lessons.classlab import pool_folder, tables

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CASES = {"01-dice-and-sample-spaces.ipynb": "spookies", "02-best-two-of-k.ipynb": "spookies",
         "03-push-your-luck.ipynb": "spookies", "04-quiet-as-a-mouse.ipynb": "quiet_as_a_mouse",
         "05-meow-meow.ipynb": "meow_meow", "08-mouse-trap.ipynb": "mouse_trap"}


def recorder_cell(name: str) -> str:
    cells = [c.source for c in nbformat.read(NOTEBOOKS / name, as_version=4).cells
             if c.cell_type == "code" and "classlab.recorders" in c.source]
    assert len(cells) == 1, f"{name}: one recorder cell expected, found {len(cells)}"
    return cells[0]


def show(source: str):
    """Run a cell as the notebook does and return the value its last line displays."""
    *body, last = source.strip().splitlines()
    scope: dict = {}
    exec("\n".join(body), scope)
    return eval(last.split("#")[0], scope)


@pytest.mark.parametrize("name", sorted(CASES))
def test_displaying_the_recorder_writes_no_file_and_starts_fresh(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    widget = show(recorder_cell(name))
    assert os.listdir(tmp_path) == []
    assert widget.game == CASES[name]
    assert widget.folder == Path("class-data")        # the real folder notebook 12 pools
    assert "nothing recorded yet" in widget.status.value
    again = show(recorder_cell(name))
    assert again.status.value == widget.status.value


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_recorder_writes_into_class_data_under_the_groups_nickname(name, tmp_path,
                                                                      monkeypatch):
    monkeypatch.chdir(tmp_path)
    widget = show(recorder_cell(name))
    assert widget.file.path.parent == Path("class-data")
    widget.group_box.value = "owls"
    assert widget.file.path == Path("class-data") / f"{CASES[name]}-owls.csv"
    assert os.listdir(tmp_path) == []


def test_the_two_dice_of_notebook_01_reach_notebook_08s_die_count(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    widget = show(recorder_cell("01-dice-and-sample-spaces.ipynb"))
    assert widget.dice.value == "2"
    for face in (3, 4, 6, 6):
        widget.add_face(face)
    records = pool_folder(widget.file.path.parent)["spookies"].records
    assert tables.die_faces(records) == {1: 0, 2: 0, 3: 1, 4: 1, 5: 0, 6: 2}


def test_a_roll_of_three_dice_in_notebook_02_counts_as_its_best_two(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    widget = show(recorder_cell("02-best-two-of-k.ipynb"))
    for face in (3, 1, 5):
        widget.add_face(face)
    records = pool_folder(widget.file.path.parent)["spookies"].records
    assert tables.best_two_results(records, dice=3) == {8: 1}


def test_a_landing_recorded_in_notebook_06_reaches_notebook_08s_landing_table(tmp_path, monkeypatch):
    from haba_lessons.games.mouse_trap import default_board
    monkeypatch.chdir(tmp_path)
    widget = show(recorder_cell("08-mouse-trap.ipynb"))
    widget.die_buttons[2].click()                      # "Rolled 3"
    widget.space.value = 3
    widget.landed_button.click()
    table = tables.landing_table(pool_folder(widget.file.path.parent)["mouse_trap"].records,
                                 default_board()).set_index("space")
    assert table.loc[3, "landed"] == 1 and table.loc[3, "mice"] == 1
    assert table.loc[1, "landed"] == 0


def test_a_spookies_roll_recorded_in_notebook_03_reaches_notebook_08s_best_two_table(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    widget = show(recorder_cell("03-push-your-luck.ipynb"))
    widget.dice.value = "4"
    for face in (6, 2, 1, 1):                  # Ana's roll of section 2: best two 6 + 2 = 8
        widget.add_face(face)
    records = pool_folder(widget.file.path.parent)["spookies"].records
    assert tables.best_two_results(records, dice=4) == {8: 1}
    assert tables.die_faces(records) == {1: 2, 2: 1, 3: 0, 4: 0, 5: 0, 6: 1}


def test_deals_recorded_in_notebook_05_reach_notebook_08s_could_play_count(tmp_path,
                                                                            monkeypatch):
    monkeypatch.chdir(tmp_path)
    widget = show(recorder_cell("05-meow-meow.ipynb"))
    assert len(widget.winner_buttons) == 4
    widget.could.click()
    widget.winner_buttons[2].click()               # seat 3 won the first round
    widget.could_not.click()
    widget.could.click()
    records = pool_folder(widget.file.path.parent)["meow_meow"].records
    assert tables.could_play(records) == (2, 3)


def test_the_quiet_as_a_mouse_recorder_of_notebook_04_shows_its_dice_yet_writes_nothing(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    widget = show(recorder_cell("04-quiet-as-a-mouse.ipynb"))
    widget._repr_mimebundle_()                         # displayed, as in the notebook
    widget.companion._render()                         # the companion draws its dice and castle
    assert not any(tmp_path.rglob("*"))


def test_an_attempt_recorded_in_notebook_04_reaches_notebook_08s_steadiness_table(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    widget = show(recorder_cell("04-quiet-as-a-mouse.ipynb"))
    widget.group_box.value = "owls"                    # the nickname the group types
    companion = widget.companion
    companion.roll_button.click()
    companion.choose_button.click()                    # the first hole pair the roll allows
    companion.silent_button.click()
    companion.roll_button.click()                      # player 2
    companion.choose_button.click()
    companion.alarm_button.click()
    assert (tmp_path / "class-data" / "quiet_as_a_mouse-owls.csv").is_file()
    table = tables.steadiness(pool_folder(tmp_path / "class-data")["quiet_as_a_mouse"].records)
    assert list(table["group"]) == ["owls", "owls"]
    assert list(table["silent"]) == [1, 0] and list(table["alarm"]) == [0, 1]
