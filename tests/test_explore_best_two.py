"""The best-m-of-n explorer of notebook 02, driven like a student would, against brute force."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

import pytest

from haba_lessons.charts import OKABE_ITO
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.explore.best_two import BestOfDiceExplorer, check_question


def brute_force(dice: int, keep: int, target: int) -> Fraction:
    """P(sum of the best ``keep`` of ``dice`` dice ≥ target), by listing every roll."""
    rolls = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(sum(sorted(r)[-keep:]) >= target for r in rolls), len(rolls))


def move(explorer: BestOfDiceExplorer, dice: int, keep: int, target: int) -> None:
    """Set the sliders in an order that is valid at every step from the start (4, 2, 10)."""
    explorer.sliders["dice"].value = max(dice, explorer.dice)
    explorer.sliders["target"].value = max(explorer.keep, min(target, 6 * explorer.keep))
    explorer.sliders["keep"].value = keep
    explorer.sliders["target"].value = target
    explorer.sliders["dice"].value = dice


def test_it_starts_at_four_dice_best_two_at_least_ten():
    explorer = BestOfDiceExplorer()
    assert (explorer.dice, explorer.keep, explorer.target) == (4, 2, 10)
    assert explorer.probability == brute_force(4, 2, 10) == Fraction(169, 324)   # notebook 02's table
    assert "169/324" in explorer.answer.value and explorer.message.value == ""


@pytest.mark.parametrize("dice, keep, target", [(2, 2, 7), (3, 1, 5), (5, 3, 12), (5, 5, 20), (6, 2, 12)])
def test_every_change_shows_the_brute_force_answer(dice, keep, target):
    explorer = BestOfDiceExplorer()
    move(explorer, dice, keep, target)
    assert (explorer.dice, explorer.keep, explorer.target) == (dice, keep, target)
    assert explorer.probability == brute_force(dice, keep, target)
    assert str(explorer.probability) in explorer.answer.value


def test_twenty_dice_agree_with_the_complement_count():
    explorer = BestOfDiceExplorer()
    move(explorer, 20, 2, 12)
    # A 12 needs two sixes: 1 − P(no six) − P(exactly one six).
    expected = 1 - Fraction(5, 6)**20 - 20 * Fraction(1, 6) * Fraction(5, 6)**19
    assert explorer.probability == expected


def test_a_tiny_chance_is_not_shown_as_zero():
    explorer = BestOfDiceExplorer()
    move(explorer, 20, 20, 120)                       # every die a six: 1/6^20 ≈ 2.7e-16
    assert explorer.probability == Fraction(1, 6**20)
    assert "≈ 2.7e-16" in explorer.answer.value and "0.0000" not in explorer.answer.value


def test_the_chart_shows_the_exact_distribution_with_the_successes_marked():
    explorer = BestOfDiceExplorer()
    bars = re.findall(r"<rect data-result='(\d+)' data-exact='([\d/]+)'[^>]*fill='(#\w+)'", explorer.chart.value)
    assert [int(result) for result, _, _ in bars] == list(range(2, 13))
    assert sum(Fraction(exact) for _, exact, _ in bars) == 1
    blue = [Fraction(exact) for result, exact, colour in bars if colour == OKABE_ITO[0]]
    assert sum(blue) == brute_force(4, 2, 10) and len(blue) == 3        # results 10, 11, 12


def sums_seen(dice: int, keep: int) -> set[int]:
    """Every sum of the best ``keep`` of ``dice`` dice that some roll gives, by listing them."""
    return {sum(sorted(r)[-keep:]) for r in product(range(1, 7), repeat=dice)}


def test_the_target_slider_runs_over_the_possible_results_only():
    explorer = BestOfDiceExplorer()
    target = explorer.sliders["target"]
    for keep in (2, 1, 3, 4, 2):                      # down, up and back: the track follows m
        explorer.sliders["keep"].value = keep
        assert set(range(target.min, target.max + 1)) == sums_seen(4, keep)
        assert explorer.keep == keep and target.min <= explorer.target <= target.max
    explorer.sliders["dice"].value = 20
    explorer.sliders["keep"].value = 20               # 20 ones to 20 sixes
    assert (target.min, target.max) == (20, 120)
    explorer.sliders["keep"].value = 1
    assert (target.min, target.max, target.value) == (1, 6, 6)


def test_the_target_slider_cannot_leave_the_possible_results():
    explorer = BestOfDiceExplorer()                   # best 2 of 4: 2..12
    explorer.sliders["target"].value = 13             # the slider stops at its end
    assert explorer.target == 12 and explorer.message.value == ""
    assert explorer.probability == brute_force(4, 2, 12)


@pytest.mark.parametrize("change, says", [({"keep": 5}, "keep m at most n"),
                                          ({"target": 13}, "not a possible result"),
                                          ({"target": 1}, "not a possible result")])
def test_a_question_that_makes_no_sense_is_refused_and_nothing_changes(change, says):
    explorer = BestOfDiceExplorer()
    shown, chart = explorer.answer.value, explorer.chart.value
    if "keep" in change:
        explorer.sliders["keep"].value = change["keep"]
    else:                                             # typed, not slid: the slider cannot go there
        explorer.ask(4, 2, change["target"])
    assert says in explorer.message.value and "Still showing n = 4, m = 2, t = 10" in explorer.message.value
    assert explorer.answer.value == shown and explorer.chart.value == chart
    assert {n: s.value for n, s in explorer.sliders.items()} == {"dice": 4, "keep": 2, "target": 10}
    explorer.sliders["target"].value = 11                        # a good value clears the message
    assert explorer.message.value == "" and explorer.probability == brute_force(4, 2, 11)


def test_lowering_n_below_m_is_refused_too():
    explorer = BestOfDiceExplorer()
    move(explorer, 5, 4, 20)
    explorer.sliders["dice"].value = 3
    assert "keep m at most n" in explorer.message.value and explorer.dice == 5
    assert explorer.probability == brute_force(5, 4, 20)


@pytest.mark.parametrize("args", [(1, 1, 3), (21, 2, 10), (4, 0, 3), (4, 2, 2.5)])
def test_check_question_refuses_values_outside_the_sliders(args):
    with pytest.raises(InvalidArgumentError):
        check_question(*args)


def test_moving_m_takes_an_impossible_target_along_and_says_so():
    explorer = BestOfDiceExplorer()                   # 4 dice, best 2, t = 10
    explorer.sliders["keep"].value = 1                # best 1 die runs 1..6: t follows to 6
    assert (explorer.keep, explorer.target) == (1, 6) and "t moved from 10 to 6" in explorer.message.value
    assert explorer.probability == brute_force(4, 1, 6) == 1 - Fraction(5, 6)**4   # at least one six
    explorer.sliders["dice"].value = 20
    explorer.sliders["keep"].value = 20               # all 20 dice run 20..120: t follows to 20
    assert (explorer.keep, explorer.target, explorer.sliders["target"].value) == (20, 20, 20)
    assert explorer.probability == 1                  # 20 dice always add up to at least 20
    explorer.sliders["keep"].value = 4                # t = 20 is possible for 4 dice (4..24): it stays
    assert explorer.target == 20 and explorer.message.value == ""


def test_keeping_one_die_is_worded_in_the_singular():
    from haba_lessons.explore.best_two import BestOfDiceExplorer

    explorer = BestOfDiceExplorer(dice=4, keep=2, target=10)
    explorer.sliders["keep"].value = 1  # t = 10 is impossible with one die: it follows to 6
    assert "with 1 die kept the result runs from 1 to 6" in explorer.message.value
    explorer.ask(4, 1, 7)
    assert "with 1 die kept" in explorer.message.value and "1 dice" not in explorer.message.value
    explorer.sliders["keep"].value = 3
    explorer.ask(4, 3, 2)  # below 3 with three dice kept: the plural again
    assert "with 3 dice kept the result runs from 3 to 18" in explorer.message.value
