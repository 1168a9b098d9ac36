"""The data-file mechanism: provenance on every value, errors that name the field."""

from __future__ import annotations

import pytest

from haba_lessons.data import (integer, list_of, load_game_data, matrix, parse_game_data,
                               record, register_schema, text)
from haba_lessons.errors import DataFileError

SCHEMA = {
    "table": matrix(2, 3),
    "steps": integer(minimum=1),
    "colours": list_of(text(), min_length=1, unique=True),
    "deck": record({"animals": integer(), "specials": integer()}),
}

GOOD = """
[meta]
game = "demo"
title = "A demo game"

[table]
provenance = "assumption"
source = "made up for the test"
value = [[1, 2, 3], [4, 5, 6]]

[steps]
provenance = "rulebook"
value = 4

[colours]
provenance = "rulebook"
value = ["red", "blue"]

[deck]
provenance = "interpretation"
value = { animals = 36, specials = 16 }
"""


def parse(text_: str):
    return parse_game_data(text_, "demo", SCHEMA, "demo.toml")


def test_good_file_keeps_values_and_provenance():
    data = parse(GOOD)
    assert data["table"] == [[1, 2, 3], [4, 5, 6]]
    assert data["deck"] == {"animals": 36, "specials": 16}
    assert data.datum("table").provenance == "assumption"
    assert data.datum("table").source == "made up for the test"
    assert [d.name for d in data.assumptions()] == ["table"]
    assert data.provenance_rows()[1] == {"field": "steps", "provenance": "rulebook", "source": ""}
    assert data.title == "A demo game"


@pytest.mark.parametrize("old, new, words", [
    ("value = [[1, 2, 3], [4, 5, 6]]", "value = [[1, 2, 3]]", "has 1 rows; it must have 2"),
    ("value = [[1, 2, 3], [4, 5, 6]]", "value = [[1, 2, 3], [4, 5]]",
     "field 'table' row 2 has 2 numbers; it must have 3"),
    ("value = [[1, 2, 3], [4, 5, 6]]", "value = [[1, 2, 3], [4, -5, 6]]",
     "field 'table' row 2 column 2 is negative"),
    ("value = [[1, 2, 3], [4, 5, 6]]", "value = [[1, 2, 3], [4, 5.5, 6]]", "whole number"),
    ("value = 4", "value = 0", "field 'steps' is below 1"),
    ('value = ["red", "blue"]', 'value = ["red", "red"]', "appears twice"),
    ('value = ["red", "blue"]', 'value = []', "at least 1"),
    ("animals = 36, specials = 16", "animals = 36", "missing specials"),
    ('provenance = "rulebook"\nvalue = 4', 'provenance = "folklore"\nvalue = 4',
     "provenance must be one of rulebook, interpretation, assumption"),
    ('game = "demo"', 'game = "spookies"', "a 'demo' file was expected"),
    ("[steps]", "[stepz]", "unknown field"),
    ("value = [[1, 2, 3], [4, 5, 6]]", "value = [[1, 2, 3], [4, 5, 6]\n", "not valid TOML"),
])
def test_bad_files_name_the_field_and_problem(old, new, words):
    assert old in GOOD
    with pytest.raises(DataFileError, match=words):
        parse(GOOD.replace(old, new, 1))


def test_missing_field():
    without_steps = GOOD.replace('[steps]\nprovenance = "rulebook"\nvalue = 4\n', "")
    with pytest.raises(DataFileError, match="field 'steps' is missing"):
        parse(without_steps)


def test_missing_meta():
    with pytest.raises(DataFileError, match=r"\[meta\] table is missing"):
        parse(GOOD.replace("[meta]", "[other]"))


def test_teacher_file_from_disk(tmp_path):
    register_schema("demo", SCHEMA)
    path = tmp_path / "my-board.toml"
    path.write_text(GOOD.replace("value = 4", "value = 6"), "utf-8")
    data = load_game_data("demo", path)
    assert data["steps"] == 6 and data.origin == str(path)


def test_missing_teacher_file(tmp_path):
    register_schema("demo", SCHEMA)
    with pytest.raises(DataFileError, match="no such file"):
        load_game_data("demo", tmp_path / "nope.toml")


def test_unknown_game():
    with pytest.raises(DataFileError, match="no data schema"):
        load_game_data("chess")
