"""The known defects of issue 12 point 4, each pinned by a test that failed before its fix.

They used only names that existed before the fix, so they could be run against the old
engines to see them fail (they did: see the commit that added them); positions are now set
up with ``position()``.
"""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from haba_lessons.errors import IllegalActionError, InvalidArgumentError
from haba_lessons.games.meow_meow import Card, Race, make_rules, position
from haba_lessons.games.quiet_as_a_mouse import ALARM, SILENT, SLID_OUT, Game, Skill, make_skills
from haba_lessons.games.spookies import new_game as new_spookies


def won_round(rules, winner: int):
    """A round that ``winner`` has just won: they play their last card, a red cow."""
    hands = [[Card("blue", "hen")] for _ in range(rules.players)]
    hands[winner] = [Card("red", "cow")]
    state = position(rules=rules, hands=hands, top=Card("red", "pig"), current=winner)
    state.apply(state.legal_actions()[0])
    assert state.winner == winner
    return state


# --- Meow Meow: a finished round counts once; a won race takes no more steps -------------------

def test_a_finished_round_moves_the_kitten_once():
    rules = make_rules(2)
    race = Race(rules)
    state = won_round(rules, 1)
    race.finish_round(state)
    before = (list(race.kittens), race.rounds, race.winner, race.starter)
    with pytest.raises(IllegalActionError, match="already been counted"):
        race.finish_round(state)
    assert (race.kittens, race.rounds, race.winner, race.starter) == before
    assert race.kittens == [0, 1]


def test_a_won_race_refuses_further_rounds_and_steps():
    rules = make_rules(2)
    race = Race(rules)
    for _ in range(race.steps):
        race.finish_round(won_round(rules, 0))
    assert race.winner == 0 and race.kittens == [race.steps, 0]
    with pytest.raises(IllegalActionError, match="race is over"):
        race.finish_round(won_round(rules, 1))
    assert race.kittens == [race.steps, 0] and race.rounds == race.steps


# --- Quiet as a Mouse: p is the chance that an attempt is silent, whatever q is -----------------

def test_p_is_the_chance_of_a_silent_attempt_also_when_q_is_not_zero():
    """The spec: "a chance p that an attempt stays silent, and a chance q per attempt that
    another stick slides out". So P(silent) = p and P(slide-out) = q; the bell rings
    otherwise, 1 - p - q."""
    game = Game(2, make_skills(2, p=Fraction(7, 10), q=Fraction(1, 10)))
    game.castle = {1: 1}                     # one stick in, so a stick can slide out
    game.apply_roll(("yellow", "yellow"))
    game.choose_pair(game.legal_pairs()[0])
    outcomes = dict(game.chance_outcomes())
    assert outcomes[SILENT] == Fraction(7, 10)
    assert outcomes[(SLID_OUT, 1)] == Fraction(1, 10)
    assert outcomes[ALARM] == Fraction(2, 10)


def test_p_plus_q_above_one_is_refused_with_a_message_naming_both():
    with pytest.raises(InvalidArgumentError, match=r"p \+ q"):
        Skill(Fraction(95, 100), Fraction(1, 10))
    assert Skill(Fraction(9, 10), Fraction(1, 10)).p == Fraction(9, 10)   # exactly 1: fine


# --- one convention, one error class -------------------------------------------------------------

def test_spookies_rolling_five_dice_is_an_illegal_action_like_the_others():
    game = new_spookies(2, seed=1)
    game.apply_chance("Kracko")
    before = copy.deepcopy(game.snapshot())
    for bad in (5, 1, "3"):
        with pytest.raises(IllegalActionError):
            game.roll(bad)
    assert game.snapshot() == before


def test_quiet_as_a_mouse_takes_a_roll_and_a_hole_pair_as_any_sequence():
    game = Game(2)
    game.apply_roll(["red", "yellow"])
    assert game.roll == ("red", "yellow")
    game.choose_pair([1, 3])
    game.apply_attempt(SILENT)
    assert game.castle == {1: 3}


def test_quiet_as_a_mouse_holes_are_numbered_1_to_12_in_the_api_and_the_log():
    game = Game(2)
    game.apply_roll(("red", "red"))
    # the default castle: red holes are the first two of each wall, so holes 1 and 2
    assert set(game.legal_pairs()) == {(1, 1), (1, 2), (2, 1), (2, 2)}
    game.choose_pair((2, 1))
    game.apply_attempt(SILENT)
    assert game.castle == {2: 1}
    assert "front red hole 2, back red hole 1" in str(game.log[-1])
    game.apply_roll(("yellow", "red"))
    with pytest.raises(IllegalActionError, match="numbered from 1 to 12"):
        game.choose_pair((0, 3))
    with pytest.raises(IllegalActionError, match="hole 3 is yellow"):
        game.choose_pair((3, 4))
