"""Notebooks 03 and 05, "What should this player do now?": the exact search on a set-up
position agrees with a hand derivation and with the game's own single-turn solver."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games import meow_meow, spookies
from haba_lessons.games.meow_meow import analysis as meow_analysis
from haba_lessons.games.spookies import analysis as spookies_analysis
from haba_lessons.games.meow_meow import Card
from haba_lessons.games.spookies import Action, Rules
from haba_lessons.play import expectimax

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


# --- Meow Meow -------------------------------------------------------------------------------
def owl_position():
    ana, ben = [Card("red", "cow"), Card("red", "owl")], [Card("red", "pig")]
    return meow_meow.position(2, hands=[ana, ben], top=Card("red", "hen"))


def chances(cutoff):
    best = expectimax(owl_position(), horizon=4, cutoff=lambda s: cutoff)
    return {str(a): v[0] for a, v in best.actions}


def test_owl_or_cow_by_hand():
    # By hand: the owl skips Ben, and Ana's red cow fits the red owl: her last card. The cow
    # instead lets Ben's red pig follow (same colour): his last card.
    state = owl_position()
    state.apply(meow_meow.Play(Card("red", "owl")))
    assert state.current_player == 0
    state.apply(meow_meow.Play(Card("red", "cow")))
    assert state.is_over and state.winners == (0,)
    state = owl_position()
    state.apply(meow_meow.Play(Card("red", "cow")))
    state.apply(meow_meow.Play(Card("red", "pig")))
    assert state.is_over and state.winners == (1,)


def test_the_values_quoted_in_notebook_05_are_exact():
    low, high = chances((0, 0)), chances((1, 1))   # unfinished rounds: nobody / everybody won
    for choice, value in (("play red owl", 1), ("play red cow", 0)):
        assert low[choice] == high[choice] == value   # decided within the horizon
    assert low["draw"] == 0 < high["draw"]              # drawing is not decided within 4 steps


def test_meow_meow_choice_table():
    best = expectimax(owl_position(), horizon=4, cutoff=lambda s: (0, 0))
    table = meow_analysis.choice_table(best, player=0)
    assert list(table.columns) == ["choice", "chance to win", "≈"]
    assert list(table["choice"]) == ["play red owl", "play red cow", "draw"]
    assert list(table["chance to win"]) == ["1", "0", "0"]
    with pytest.raises(InvalidArgumentError, match="child"):
        meow_analysis.choice_table(best, player=5)
