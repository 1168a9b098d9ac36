"""The tables of notebooks 01 and 02, against hand counts and the rulebook's numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from haba_lessons.counting import best_two_counts, n
from haba_lessons.dice import keep_highest, sum_of_dice
from haba_lessons.dice_tables import (counts_by_dice, fair_odds_table, formula_table, one_in,
                                      success_table, top_pair_table, ways_table)
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.spookies import default_reward_table

BEST = {k: keep_highest(k, 2) for k in (2, 3, 4)}


def test_ways_table_counts_the_36_squares_of_each_sum():
    table = ways_table(sum_of_dice(2), 36)
    assert table.loc["ways (out of 36)"].tolist() == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert table.loc["probability", 7] == "1/6" and table.loc["probability", 2] == "1/36"


def test_counts_by_dice_rows_add_up_to_all_rolls_and_match_hand_counts():
    table = counts_by_dice(BEST)
    assert table.sum(axis=1).tolist() == [36, 216, 1296]
    assert table.loc["4 dice (of 1296)", 12] == 6**4 - 5**4 - 4 * 5**3      # 171
    assert table.loc["3 dice (of 216)", 10] == 3 * (4**2 - 3**2) + (5**3 - 4**3 - 3 * 4**2)  # 34


def test_top_pair_table_has_the_hand_counts_and_blanks_above_the_diagonal():
    table = top_pair_table(4)
    assert table.loc["a = 6", "b = 6"] == 171 and table.loc["a = 6", "b = 5"] == 4 * (5**3 - 4**3)
    assert table.loc["a = 1", "b = 2"] == ""
    assert sum(v for v in table.values.ravel() if v != "") == 1296


def test_formula_table_puts_in_the_number_of_dice():
    table = formula_table(best_two_counts(n))
    assert table.loc[12, "n = 4"] == 171 and table.loc[3, "rolls with this total, n dice"] == "n"
    assert table.loc[7, "pairs (a, b)"] == "(6, 1) (5, 2) (4, 3)"


def test_success_table_has_the_rulebook_facts():
    table = success_table(BEST)
    assert table.loc["reach ≥5"].tolist() == ["5/6", "205/216", "319/324"]
    assert table.loc["a 12 in the attic"].tolist() == ["1/36", "2/27", "19/144"]


@pytest.mark.parametrize("p, expected", [(Fraction(1, 12), 12), (Fraction(2, 5), 3), (Fraction(2, 3), 2),
                                         (Fraction(5, 6), 1), (Fraction(415, 1296), 3)])
def test_one_in_rounds_one_over_p_half_up(p, expected):
    assert one_in(p) == expected


def test_one_in_refuses_an_impossible_event():
    with pytest.raises(InvalidArgumentError, match="never happens"):
        one_in(Fraction(0))


def test_fair_odds_table_is_the_data_files_assumed_reward_table():
    assert fair_odds_table(BEST).values.tolist() == [list(r) for r in default_reward_table().rows]
