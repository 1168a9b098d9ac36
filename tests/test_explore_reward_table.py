"""The reward-table explorer, driven as a student would: type into a cell, read the answer."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.explore.reward_table import RewardTableExplorer, parse_reward
from haba_lessons.games.spookies import Rules, reward_table_from_rows
from haba_lessons.games.spookies.analysis import expected_fine, solve_turn, success_probability

FAIR_ODDS = [[1, 1, 1], [1, 1, 1], [2, 1, 1], [2, 1, 1], [4, 2, 1], [6, 3, 2], [12, 5, 3]]
STEEP = [[1, 1, 1], [1, 1, 1], [3, 2, 1], [4, 2, 1], [6, 3, 2], [10, 5, 3], [16, 8, 4]]


def start_value_by_recursion(rows: list[list[int]]) -> Fraction:
    """A second method: the stop-or-roll recursion written out, attic loop solved by hand.

    In the attic a success keeps the figure there, so V = max(0, q (r + V) - fine) for each
    dice count, i.e. V = max(0, (q r - fine) / (1 - q)).
    """
    rules = Rules.standard(reward_table_from_rows(rows))

    def q_and_fine(space: int, k: int) -> tuple[Fraction, Fraction]:
        return success_probability(space, k, rules), expected_fine(space, k, rules)

    @cache
    def value(space: int) -> Fraction:
        if space == 7:
            return max([Fraction(0)] + [(q * rows[6][k - 2] - f) / (1 - q)
                                        for k in (2, 3, 4) for q, f in [q_and_fine(7, k)]])
        return max([Fraction(0)] + [roll(space, k) for k in (2, 3, 4)])

    def roll(space: int, k: int) -> Fraction:
        q, f = q_and_fine(space, k)
        return q * (rows[space][k - 2] + value(space + 1)) - f

    return max(roll(0, k) for k in (2, 3, 4))


def test_starts_on_the_fair_odds_table():
    explorer = RewardTableExplorer()
    assert [[int(c.value) for c in row] for row in explorer.cells] == FAIR_ODDS
    assert explorer.start_value() == start_value_by_recursion(FAIR_ODDS)
    assert "stop" in explorer.answer.value and explorer.message.value == ""


def test_typing_the_steep_table_recomputes_the_policy():
    explorer = RewardTableExplorer()
    for r, row in enumerate(STEEP):
        for c, value in enumerate(row):
            explorer.cells[r][c].value = str(value)
    library = solve_turn(Rules.standard(reward_table_from_rows(STEEP)))
    assert explorer.start_value() == library.value(0, first_roll=True)
    assert explorer.start_value() == start_value_by_recursion(STEEP)
    for p in range(8):
        assert explorer.policy.best_action(p) == library.best_action(p)
    # on >=6 the steep table makes 3 dice the best choice (worked in notebook 03)
    assert str(explorer.policy.best_action(2)) == "roll 3 dice"
    assert f"{float(library.value(0, first_roll=True)):.3f}" in explorer.answer.value


@pytest.mark.parametrize("text, words", [("-3", "negative"), ("2.5", "not a whole number"),
                                         ("lots", "not a whole number"), ("", "nothing was typed"),
                                         ("76", "more than the 75 chips")])
def test_bad_values_are_refused_and_the_answer_stays(text, words):
    explorer = RewardTableExplorer()
    before = explorer.answer.value, explorer.start_value()
    explorer.cells[4][0].value = text
    assert words in explorer.message.value and "row ≥9, 2 dice" in explorer.message.value
    assert (explorer.answer.value, explorer.start_value()) == before
    explorer.cells[4][0].value = "4"                      # fixed: the message goes away
    assert explorer.message.value == "" and explorer.answer.value == before[0]


def test_a_good_edit_elsewhere_keeps_the_refusal_while_a_bad_cell_remains():
    explorer = RewardTableExplorer()
    before = explorer.answer.value
    explorer.cells[0][0].value = "x"
    explorer.cells[6][2].value = "9"
    assert "row ≥5, 2 dice" in explorer.message.value and explorer.answer.value == before


def test_parse_reward():
    assert parse_reward(" 12 ", "here") == 12
    with pytest.raises(InvalidArgumentError, match="here: -1 is negative"):
        parse_reward("-1", "here")
