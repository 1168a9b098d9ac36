"""The Mouse Trap board file: the default board, a teacher's own board, and bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from haba_lessons.errors import DataFileError
from haba_lessons.games.mouse_trap import default_board, load_board, new_game

DEFAULT_FILE = Path(__file__).parents[1] / "haba_lessons" / "data" / "mouse_trap.toml"

# The board table of the spec (shared/rules/mouse-trap.md), typed in by hand.
SPEC_TABLE = """START|Build 2-3-4|Take 1 cheese|Build 2|Build 2-3|Dog Bone|Build 2-3-4|Lose 1 cheese|
Build 2|Move ahead to 12|Build 2-3|Take 2 cheese|Build 2-3-4|Build 2|Go back to 10|Build 2-3|
Take 1 cheese|Build 2-3-4|Lose 2 cheese|Build 2|Dog Bone|Build 2-3|
Take 3 from the rival with the most|Build 2-3-4|Build 2|Move ahead to 28|Build 2-3|
Take 2 cheese|Build 2-3-4|Lose 1 cheese|Build 2|Go back to 26|Build 2-3|Take 1 cheese|
Build 2-3-4|Build 2|Take 2 cheese|Build 2-3|Lose 2 cheese|Safe|Build 2-3-4|Take 1 cheese|
Turn Crank|Build 2-3-4|Cheese Wheel (take 2)"""


def test_default_board_is_the_spec_table():
    board = default_board()
    expected = [cell.strip() for cell in SPEC_TABLE.replace("\n", "").split("|")]
    assert [s.label for s in board.spaces] == expected
    assert (board.loop_first, board.loop_last) == (39, 44)
    assert (board.safe, board.turn_crank, board.cheese_wheel) == (39, 42, 44)
    assert board.cheese_pieces == 52 and board.trap_parts == 24 and board.die_sides == 6


def test_the_default_board_is_labelled_as_our_reconstruction():
    board = default_board()
    assert board.note == "our reconstruction (assumption)"
    assumed = {d.name for d in board.data.assumptions()}
    assert {"spaces", "loop", "trap_parts", "trap_reliability"} <= assumed
    assert board.data.datum("cheese_pieces").provenance == "rulebook"


def edited(tmp_path, old: str, new: str, count: int = 1) -> Path:
    text = DEFAULT_FILE.read_text("utf-8")
    assert old in text, old
    path = tmp_path / "my_board.toml"
    path.write_text(text.replace(old, new, count), "utf-8")
    return path


def test_a_teacher_loads_their_own_board(tmp_path):
    path = edited(tmp_path, '{ kind = "dog_bone" },                       #  5',
                  '{ kind = "take", amount = 3 },')
    path.write_text(path.read_text().replace(
        'provenance = "assumption"\nsource = "our reconstruction of the order',
        'provenance = "rulebook"\nsource = "transcribed from my board; order'), "utf-8")
    board = load_board(path)
    assert board.spaces[5].label == "Take 3 cheese"
    assert board.note.startswith("rulebook: transcribed from my board")
    state = new_game(2, rules=board)
    state.apply_chance(5)
    assert state.cheese[0] == 3


@pytest.mark.parametrize("old, new, words", [
    ('{ kind = "go_to", target = 12 },             #  9', '{ kind = "go_to", target = 57 },',
     r"entry 10 \(space 9\): target 57 does not exist"),
    ("after_last = 39", "after_last = 40", "the Loop is open: after space 44 comes 40"),
    ("last = 44,", "last = 43,", "the Loop must be the last spaces"),
    ('{ kind = "build", players = [2, 3, 4] },     #  1', '{ kind = "build", players = [5] },',
     r"entry 2 \(space 1\): players must list"),
    ('{ kind = "build", players = [2] },           #  3', '{ kind = "build", players = [] },',
     r"entry 4 \(space 3\): players must list"),
    ('{ kind = "dog_bone" },                       #  5', '{ kind = "cat" },',
     "kind 'cat' is unknown"),
    ('{ kind = "take", amount = 1 },               #  2', '{ kind = "take" },',
     "a take space needs amount"),
    ('{ kind = "safe" },', '{ kind = "dog_bone" },', "exactly one safe space"),
    ('{ kind = "build", players = [2, 3, 4] },     # 43', '{ kind = "go_to", target = 20 },',
     "leads out of the Loop"),
    ("value = 52", "value = -1", "field 'cheese_pieces' is below 1"),
    ('value = "3/4"', 'value = "5/4"', "field 'trap_reliability' must be a probability"),
    ('{ kind = "start" },', '{ kind = "dog_bone" },', "must be the START space"),
])
def test_bad_board_files_name_the_field_and_the_problem(tmp_path, old, new, words):
    with pytest.raises(DataFileError, match=words):
        load_board(edited(tmp_path, old, new))


def test_a_bad_file_leaves_the_default_board_alone(tmp_path):
    before = default_board()
    with pytest.raises(DataFileError):
        load_board(edited(tmp_path, "after_last = 39", "after_last = 41"))
    assert default_board() is before and load_board().loop_last == 44


def test_markov_board_of_the_default_board():
    chain = default_board().to_markov()
    assert chain.jumps == {9: 12, 14: 10, 25: 28, 31: 26}
    assert chain.loop_start == 39 and chain.spaces == 45
