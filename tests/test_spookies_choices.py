"""Notebook 03, "What should this player do now?": the exact search on a set-up position
agrees with a hand derivation and with the game's own single-turn solver; the search sees
the fines."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from haba_lessons.engine import expectimax
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games import spookies
from haba_lessons.games.spookies import Action, Rules
from haba_lessons.games.spookies import analysis as spookies_analysis

RULES = Rules.standard()
BARE = (0,) * 7
FOUR_ON_9 = (0, 0, 0, 0, 4, 0, 0)         # 4 penalty chips on >=9 (space 5)


def ana_on_8(penalties=BARE):
    """Notebook 03's position: Hanja climbed from >=7 to >=8 with 4 dice (6 2 1 1)."""
    game = spookies.position(["Ana", "Ben"], figures={"Hanja": 3}, stockpile=40,
                             chips=[10, 10], penalties=list(penalties), figure="Hanja")
    game.apply(Action("roll", 4))
    game.apply_chance((6, 2, 1, 1))
    return game


def search(game, horizon=8):
    return expectimax(game, payoff=lambda s: tuple(s.chip_counts()),
                      leaf=lambda s: s.current != 0, horizon=horizon)


def gains(game, horizon=8):
    before = game.chip_counts()[0]
    return {str(a): v[0] - before for a, v in search(game, horizon).actions}


def test_the_position_is_the_one_the_notebook_describes():
    game = ana_on_8()
    assert game.positions[RULES.figures.index("Hanja")] == 4        # >=8
    assert game.chip_counts() == [11, 10]                           # reward of >=8, 4 dice: 1
    assert {str(a) for a in game.legal_actions()} == {"roll 2 dice", "roll 3 dice",
                                                      "roll 4 dice", "stop"}


@pytest.mark.parametrize("penalties", [BARE, FOUR_ON_9])
def test_search_on_the_engine_agrees_with_the_single_turn_solver(penalties):
    # The solver is a separate dynamic programme over probabilities (no game engine);
    # Ana holds 11 chips, more than any fall, as the solver's default assumes.
    policy = spookies_analysis.solve_turn(RULES, penalties=penalties)
    found = gains(ana_on_8(penalties))
    assert found["stop"] == 0
    for dice in (2, 3, 4):
        assert found[f"roll {dice} dice"] == policy.roll_value(4, dice)


def test_the_values_quoted_in_notebook_03():
    bare, four = gains(ana_on_8()), gains(ana_on_8(FOUR_ON_9))
    assert bare["roll 4 dice"] == Fraction(15523, 23328)            # ≈ 0.665
    assert round(float(bare["roll 2 dice"]), 3) == -0.217
    assert max(bare, key=bare.get) == "roll 4 dice"
    assert max(four, key=four.get) == "roll 2 dice"
    assert round(float(four["roll 2 dice"]), 3) == 0.894


def test_penalty_chips_add_p_success_times_four_to_two_dice_only():
    # By hand: from >=8 a 2-dice success needs best two >= 9; with two dice that is the sum.
    p = Fraction(sum(a + b >= 9 for a, b in itertools.product(range(1, 7), repeat=2)), 36)
    assert p == Fraction(10, 36)
    bare, four = gains(ana_on_8()), gains(ana_on_8(FOUR_ON_9))
    assert four["roll 2 dice"] - bare["roll 2 dice"] == p * 4 == Fraction(10, 9)
    assert four["roll 3 dice"] == bare["roll 3 dice"] and four["roll 4 dice"] == bare["roll 4 dice"]


def test_a_longer_horizon_changes_nothing():
    assert gains(ana_on_8(FOUR_ON_9), horizon=8) == gains(ana_on_8(FOUR_ON_9), horizon=11)


def test_docstring_example_is_the_solver_first_roll_value_on_9():
    game = spookies.position(["Ana", "Ben"], figures={"Hanja": 5}, stockpile=40,
                             chips=[10, 10], figure="Hanja")
    best = search(game)
    assert str(best.action) == "roll 4 dice"
    assert best.values[0] - 10 == spookies_analysis.solve_turn(RULES).value(5, first_roll=True)


def test_spookies_choice_table():
    table = spookies_analysis.choice_table(search(ana_on_8()), before=11)
    assert list(table.columns) == ["choice", "expected chips gained", "≈"]
    assert list(table["choice"]) == ["roll 4 dice", "roll 3 dice", "stop", "roll 2 dice"]
    assert table["expected chips gained"][0] == "15523/23328"
    assert table["≈"][0] == 0.665


def test_spookies_choice_table_refuses_what_is_not_a_decision():
    with pytest.raises(InvalidArgumentError, match="expectimax"):
        spookies_analysis.choice_table("roll 4 dice")
    game = spookies.position(["Ana", "Ben"], figures={"Hanja": 5}, stockpile=40)  # friend die
    with pytest.raises(InvalidArgumentError, match="no choices"):
        spookies_analysis.choice_table(search(game))


def test_what_should_ana_do_in_spookies():
    """Hanja on >=9, Ana holds 10 chips: the exact search and the optimal-turn analysis
    name the same choice and value."""
    game = spookies.position(["Ana", "Ben"], figures={"Hanja": 5}, stockpile=40,
                             chips=[10, 10], figure="Hanja")
    assert game.phase == spookies.CHOOSE_DICE
    found = expectimax(game, payoff=lambda s: tuple(Fraction(len(c)) for c in s.chips),
                       leaf=lambda s: s.current != 0, horizon=8,
                       key=lambda s: (s.phase, tuple(s.positions), s.dice,
                                      tuple(map(len, s.chips)), s.current))
    policy = spookies_analysis.solve_turn(game.rules)
    assert found.action == policy.best_action(5, first_roll=True)
    assert found.values[0] - 10 == policy.value(5, first_roll=True)


# --- the search sees the fines ------------------------------------------------------------------

def known_points(state):
    """Each player's points of the chips whose values are known (face-down chips left out)."""
    return tuple(Fraction(sum(v for v in c if v is not None)) for c in state.chips)


def ana_holds_a_one_and_a_five(space=3):
    return spookies.position(["Ana", "Ben"], figures={"Hanja": space}, stockpile=40,
                             chips=[[1, 5], 0], figure="Hanja")


def test_a_fine_is_a_chance_node_the_search_averages_over():
    """By hand: from >=7, 4 2 1 1 gives 6: Hanja falls one space and Ana pays one of her two
    chips, picked at random: she keeps the 5 or the 1, 1/2 each, so 3 points on average and
    a chance of 1/2 to keep 5 points. (An engine drawing the fine from its own generator
    would give 1 or 5, whichever the generator picked.)"""
    game = ana_holds_a_one_and_a_five()
    game.apply(Action("roll", 4))
    game.apply_chance((4, 2, 1, 1))
    assert game.is_chance_node and dict(game.chance_outcomes()) == {(5,): Fraction(1, 2),
                                                                    (1,): Fraction(1, 2)}
    turn_over = lambda s: s.current != 0                       # noqa: E731
    assert expectimax(game, payoff=known_points, leaf=turn_over).values[0] == 3
    keeps_five = expectimax(game, leaf=turn_over,
                            payoff=lambda s: (Fraction(sum(s.chips[0]) >= 5), Fraction(0)))
    assert keeps_five.values[0] == Fraction(1, 2)


def test_the_value_of_a_roll_counts_every_fine_with_its_chance():
    """By hand, from >=7 with 4 dice (every one of the 1296 rolls counted): a result of 8 or
    more is a success (her chips stay; the reward is face down), 7 is equal, 6 falls one
    space (she keeps 5 or 1: 3 on average), 5 or less falls 2 or more spaces (she pays both
    chips). The search over the engine gives the same expected known points."""
    ways = {"keep": 0, "one": 0, "both": 0}
    for roll in itertools.product(range(1, 7), repeat=4):
        result = sum(sorted(roll)[-2:])
        ways["keep" if result >= 7 else "one" if result == 6 else "both"] += 1
    by_hand = (Fraction(ways["keep"], 1296) * 6 + Fraction(ways["one"], 1296) * 3)
    game = ana_holds_a_one_and_a_five()
    game.apply(Action("roll", 4))
    found = expectimax(game, payoff=known_points,
                       leaf=lambda s: s.current != 0 or s.successes > 0)
    assert found.values[0] == by_hand
