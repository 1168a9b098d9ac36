"""The Spookies data file and a teacher's own reward table."""

from __future__ import annotations

from fractions import Fraction

import pytest

from haba_lessons.dice import best_two
from haba_lessons.errors import DataFileError
from haba_lessons.games.spookies import (RewardTable, Rules, default_reward_table, load_data,
                                         load_reward_table, reward_table_from_rows)

#: The fair-odds table as printed in the rules specification (typed by hand).
SPEC_TABLE = ((1, 1, 1), (1, 1, 1), (2, 1, 1), (2, 1, 1), (4, 2, 1), (6, 3, 2), (12, 5, 3))


def test_default_table_is_the_spec_table_and_labelled_an_assumption():
    table = default_reward_table()
    assert table.rows == SPEC_TABLE
    assert table.provenance == "assumption"
    assert [d.name for d in load_data().assumptions()] == ["reward_table"]


def test_default_table_is_the_fair_odds_rounding_of_one_over_the_chance():
    for row, space in zip(SPEC_TABLE, range(5, 12)):
        for cell, dice in zip(row, (2, 3, 4)):
            inverse = 1 / best_two(dice).at_least(space)       # the chance to reach it
            assert cell == int(inverse + Fraction(1, 2))          # round half up


def test_rulebook_values_of_the_data_file():
    data = load_data()
    assert data["spaces"] == [5, 6, 7, 8, 9, 10, 11] and data["attic_roll"] == 12
    assert data["chips_in_play"] == [50, 60, 75, 75]
    assert sum(v * c for v, c in data["chips"]) == 165
    assert data.datum("attic_two_dice_collects_penalties").provenance == "interpretation"


def test_known_cell_from_the_rulebook_example():
    assert default_reward_table().reward(1, 2) == 1


def write(tmp_path, body):
    path = tmp_path / "my_board.toml"
    path.write_text('[meta]\ngame = "spookies"\n\n[reward_table]\nprovenance = "rulebook"\n'
                    f'source = "my board"\nvalue = {body}\n', encoding="utf-8")
    return path


def test_a_teacher_loads_the_table_of_their_board(tmp_path):
    rows = [[i, i + 1, 16 - i] for i in range(7)]
    table = load_reward_table(write(tmp_path, rows))
    assert table.rows == tuple(map(tuple, rows)) and table.provenance == "rulebook"
    assert Rules.standard(table).reward_table.reward(7, 4) == 10


@pytest.mark.parametrize("body, words", [
    ([[1, 1, 1]] * 6, "6 rows"),
    ([[1, 1, 1]] * 8, "8 rows"),
    ([[1, 1, 1]] * 6 + [[1, 1]], "row 7 has 2"),
    ([[1, 1, 1]] * 3 + [[1, -2, 1]] + [[1, 1, 1]] * 3, "row 4 column 2 is negative"),
    ([[1, 1, 1]] * 6 + [[1, 1, 1.5]], "row 7 column 3 must be a whole number"),
    ([[1, 1, 1]] * 6 + [[1, 1, "two"]], "row 7 column 3"),
])
def test_bad_tables_name_the_row_and_column(tmp_path, body, words):
    text = str(body).replace("'", '"')
    with pytest.raises(DataFileError, match=words):
        load_reward_table(write(tmp_path, text))
    with pytest.raises(DataFileError, match=words):
        reward_table_from_rows(body)


def test_missing_file_and_wrong_game(tmp_path):
    with pytest.raises(DataFileError, match="no such file"):
        load_reward_table(tmp_path / "nope.toml")
    path = tmp_path / "other.toml"
    path.write_text('[meta]\ngame = "mouse-trap"\n', encoding="utf-8")
    with pytest.raises(DataFileError, match="spookies"):
        load_reward_table(path)


def test_a_table_made_directly_is_checked_too():
    with pytest.raises(DataFileError, match="row 2 column 1 is negative"):
        RewardTable(((1, 1, 1), (-1, 1, 1)) + ((1, 1, 1),) * 5)
    with pytest.raises(DataFileError, match="provenance"):
        reward_table_from_rows([[1, 1, 1]] * 7, provenance="my guess")
