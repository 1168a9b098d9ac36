"""Quiet as a Mouse castle files: the default is labelled, a teacher's bad file is refused."""

from __future__ import annotations

import pytest

from haba_lessons.errors import DataFileError
from haba_lessons.games.quiet_as_a_mouse import Game, load_layout

GOOD = (__import__("importlib.resources", fromlist=["files"]).files("haba_lessons.data")
        .joinpath("quiet_as_a_mouse.toml").read_text("utf-8"))


def test_default_layout_is_the_spec_assumption():
    layout = load_layout()
    assert layout.colours == ("red", "yellow", "green", "blue", "orange", "purple")
    for wall in ("front", "back"):
        assert all(len(layout.holes(wall, c)) == 2 for c in layout.colours)
    assert layout.sticks_total == 16 and layout.sticks_to_end == 12
    assert layout.sticks_per_player == {2: 8, 3: 5, 4: 4}
    provenance = {row["field"]: row["provenance"] for row in layout.data.provenance_rows()}
    assert provenance["front_wall"] == provenance["die_faces"] == "assumption"
    assert provenance["sticks_per_player"] == provenance["sticks_to_end"] == "rulebook"


def write(tmp_path, text):
    path = tmp_path / "castle.toml"
    path.write_text(text)
    return path


def test_a_teacher_file_with_real_holes_is_used(tmp_path):
    text = GOOD.replace('"orange", "orange", "purple", "purple"]',
                        '"purple", "orange", "orange", "purple"]', 1)
    layout = load_layout(write(tmp_path, text))
    assert layout.front_wall[-4:] == ("purple", "orange", "orange", "purple")
    game = Game(2, layout=layout)
    game.apply_roll(("orange", "orange"))
    assert (10, 9) in game.legal_pairs()     # holes numbered from 1


@pytest.mark.parametrize("old, new, message", [
    ('"purple", "purple"]\n\n[back_wall]', '"purple", "pink"]\n\n[back_wall]',
     "not in 'colours'"),
    ('value = ["red", "yellow", "green", "blue", "orange", "purple"]\n\n[front_wall]',
     'value = ["red", "yellow", "green", "blue", "orange", "orange"]\n\n[front_wall]',
     "do not match the dice colours"),
    ('"orange", "orange", "purple", "purple"]\n\n[sticks_total]',
     '"orange", "orange", "orange", "orange"]\n\n[sticks_total]',
     "do not match the dice colours: no hole for the dice colour"),
    ('"purple", "purple"]\n\n[sticks_total]', '"purple"]\n\n[sticks_total]',
     "must match"),
    ("value = 12", "value = 13", "holds only 12"),
    ("value = 16", "value = 10", "only 10 sticks"),
    ("{ 2 = 8, 3 = 5, 4 = 4 }", "{ 2 = 8, 3 = 5 }", "missing 4"),
])
def test_bad_castle_files_are_refused_with_a_clear_message(tmp_path, old, new, message):
    assert old in GOOD
    with pytest.raises(DataFileError, match=message):
        load_layout(write(tmp_path, GOOD.replace(old, new, 1)))


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(DataFileError, match="no such file"):
        load_layout(tmp_path / "nope.toml")
