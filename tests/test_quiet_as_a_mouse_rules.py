"""Quiet as a Mouse rules engine: setup, turns, end conditions, refusals and stick conservation.

Oracles are the rulebook (HABA 4644): 16 sticks, 8/5/4 each with one back in the box for 3
players; a lost turn when no hole pair is free; alarm = stick back; a stick sliding out
leaves the game and ends the turn; the end at the 12th stick (fewest wins, ties) or when a
player places their last stick (that player wins).
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from haba_lessons.errors import HabaLessonsError, IllegalActionError, InvalidArgumentError
from haba_lessons.games.quiet_as_a_mouse import (ALARM, CHOOSE, OVER, ROLL, SILENT,
                                                 SLID_OUT, Game, Skill, make_skills,
                                                 play_game, position)
from haba_lessons.simulation import make_rng, sample_outcome

def fitting_roll(game: Game) -> tuple[str, str]:
    """A roll that fits: the colours of the leftmost free front hole and back hole."""
    front = next(i for i in range(1, 13) if i not in game.castle)
    back = next(i for i in range(1, 13) if i not in game.castle.values())
    return game.layout.front_wall[front - 1], game.layout.back_wall[back - 1]


def place(game: Game, outcome: object = SILENT) -> None:
    """One full turn: a fitting roll, the first legal pair, then ``outcome``."""
    game.apply_roll(fitting_roll(game))
    game.choose_pair(game.legal_pairs()[0])
    game.apply_attempt(outcome)


@pytest.mark.parametrize("players, each, box", [(2, 8, 0), (3, 5, 1), (4, 4, 0)])
def test_setup_deals_the_sticks_as_the_rulebook_says(players, each, box):
    game = Game(players)
    assert game.hands == [each] * players
    assert game.box == box
    assert not game.castle and game.out_of_game == 0
    assert game.phase == ROLL and game.current == 0


@pytest.mark.parametrize("players", [0, 1, 5, 2.5, "3", True])
def test_player_count_outside_2_to_4_is_refused(players):
    with pytest.raises(InvalidArgumentError):
        Game(players)


@pytest.mark.parametrize("p, q", [(1.5, 0), (-0.1, 0), (0.5, 2), (0.5, -1), ("lots", 0),
                                  (None, 0)])
def test_skill_outside_0_to_1_is_refused(p, q):
    with pytest.raises(InvalidArgumentError, match="between 0 and 1"):
        Skill(p, q)


def test_float_skill_is_converted_exactly():
    assert Skill(0.9, 0.05) == Skill(Fraction(9, 10), Fraction(1, 20))


def test_one_skill_per_player_is_required():
    with pytest.raises(InvalidArgumentError, match="one value per player"):
        make_skills(3, p=[0.5, 0.5])
    with pytest.raises(InvalidArgumentError, match="one Skill per player"):
        Game(3, make_skills(2))


def test_the_roll_node_is_two_fair_six_colour_dice():
    outcomes = dict(Game(2).chance_outcomes())
    assert len(outcomes) == 36
    assert set(outcomes.values()) == {Fraction(1, 36)}
    assert sum(outcomes.values()) == 1


def test_legal_pairs_take_one_hole_of_each_rolled_colour_in_either_order():
    game = Game(2)
    game.apply_roll(("red", "yellow"))
    # default castle: red holes 1, 2 and yellow holes 3, 4 on both walls (numbered from 1)
    expected = {(f, b) for f in (1, 2) for b in (3, 4)} | {(f, b) for f in (3, 4) for b in (1, 2)}
    assert set(game.legal_pairs()) == expected


def test_a_double_needs_that_colour_on_both_walls():
    game = Game(2)
    game.apply_roll(("blue", "blue"))
    assert set(game.legal_pairs()) == {(7, 7), (7, 8), (8, 7), (8, 8)}


def test_silent_attempt_leaves_the_stick_in_the_castle():
    game = Game(2)
    game.apply_roll(("red", "yellow"))
    game.choose_pair((1, 3))
    game.apply_attempt(SILENT)
    assert game.castle == {1: 3}
    assert game.hands == [7, 8]
    assert game.current == 1 and game.phase == ROLL


def test_alarm_gives_the_stick_back_and_passes_the_turn():
    game = Game(3)
    game.apply_roll(("red", "yellow"))
    game.choose_pair((1, 3))
    game.apply_attempt(ALARM)
    assert game.castle == {} and game.hands == [5, 5, 5]
    assert game.current == 1 and game.phase == ROLL


def test_a_stick_that_slides_out_leaves_the_game_and_ends_the_turn():
    game = Game(2, make_skills(2, q=Fraction(1, 10)))
    place(game)                               # player 1 places a stick
    front = next(iter(game.castle))
    game.apply_roll(fitting_roll(game))       # player 2 tries
    game.choose_pair(game.legal_pairs()[0])
    game.apply_attempt((SLID_OUT, front))
    assert game.castle == {}
    assert game.out_of_game == 1
    assert game.hands == [7, 8]               # player 2's own stick went back to them
    assert game.current == 0 and game.phase == ROLL


def test_no_free_pair_means_the_turn_is_lost():
    game = Game(2)
    # take both red holes on both walls: red + red pairs (front 1, 2 with back 1, 2)
    for pair in ((1, 1), (2, 2)):
        game.apply_roll(("red", "red"))
        game.choose_pair(pair)
        game.apply_attempt(SILENT)
    before = game.current
    game.apply_roll(("red", "green"))
    assert game.phase == ROLL and game.current == (before + 1) % 2
    assert game.turns == 3
    assert "turn is lost" in str(game.log[-1])


def test_the_12th_stick_ends_the_game_and_ties_give_several_winners():
    game = Game(2)
    for _ in range(11):
        place(game)
        assert game.phase != OVER
    place(game)
    assert len(game.castle) == 12
    assert game.phase == OVER
    assert game.hands == [2, 2]
    assert game.winners == (0, 1)


def test_the_12th_stick_fewest_sticks_wins_alone():
    game = Game(2)
    script = [SILENT] * 10 + [ALARM, SILENT, ALARM, SILENT]
    for outcome in script:
        place(game, outcome)
    assert len(game.castle) == 12 and game.phase == OVER
    assert game.hands == [3, 1]
    assert game.winners == (1,)


def test_the_12th_stick_with_three_players_can_tie_all_three():
    game = Game(3)
    for _ in range(12):
        place(game, SILENT)
    assert game.phase == OVER and game.hands == [1, 1, 1]
    assert game.winners == (0, 1, 2)


def test_placing_your_last_stick_wins_at_once():
    game = Game(4)
    for _ in range(3):
        place(game, SILENT)          # seat 0
        for _ in range(3):
            place(game, ALARM)       # seats 1-3 fail
    place(game, SILENT)
    assert game.hands == [0, 4, 4, 4]
    assert len(game.castle) == 4
    assert game.phase == OVER and game.winners == (0,)


def test_attempt_outcomes_follow_the_skill_model():
    game = Game(2, make_skills(2, p=Fraction(3, 4), q=Fraction(1, 10)))
    # empty castle: nothing can slide out
    assert dict(game.attempt_outcomes()) == {SILENT: Fraction(3, 4), ALARM: Fraction(1, 4)}
    place(game)
    place(game)
    outcomes = dict(game.attempt_outcomes())
    slides = {o: pr for o, pr in outcomes.items() if isinstance(o, tuple)}
    assert set(slides) == {(SLID_OUT, f) for f in game.castle}
    # The spec's model: p = 3/4 that the attempt is silent, q = 1/10 that some other stick
    # slides out, shared by the 2 sticks in the castle (1/20 each); the rest is an alarm.
    assert set(slides.values()) == {Fraction(1, 20)}
    assert outcomes[SILENT] == Fraction(3, 4)
    assert outcomes[ALARM] == 1 - Fraction(3, 4) - Fraction(1, 10) == Fraction(3, 20)


# --- refusals change nothing ----------------------------------------------------------
def refused(game: Game, action, error=HabaLessonsError) -> str:
    before = game.snapshot()
    with pytest.raises(error) as info:
        action()
    assert game.snapshot() == before
    return str(info.value)


def test_actions_out_of_order_are_refused_and_change_nothing():
    game = Game(2)
    assert "no attempt is in progress" in refused(game, lambda: game.apply_attempt(ALARM),
                                                  IllegalActionError)
    refused(game, lambda: game.choose_pair((1, 3)), IllegalActionError)
    game.apply_roll(("red", "yellow"))
    refused(game, lambda: game.apply_roll(("red", "red")), IllegalActionError)
    assert "no attempt" in refused(game, lambda: game.apply_attempt(SILENT), IllegalActionError)


def test_wrong_colour_and_taken_holes_are_refused_and_change_nothing():
    game = Game(2)
    place(game)  # a stick in front 1 / back 1 (red, red)
    game.apply_roll(("red", "yellow"))
    assert "dice ask for one red hole and one yellow hole" in refused(
        game, lambda: game.choose_pair((5, 3)), IllegalActionError)
    assert "taken" in refused(game, lambda: game.choose_pair((1, 3)), IllegalActionError)
    for bad in ((1, 99), (0, 3), (13, 3)):
        assert "numbered from 1 to 12" in refused(game, lambda: game.choose_pair(bad),
                                                  IllegalActionError)
    refused(game, lambda: game.choose_pair("red"), IllegalActionError)


def test_bad_rolls_and_outcomes_are_refused_and_change_nothing():
    game = Game(2)
    refused(game, lambda: game.apply_roll(("red", "pink")), IllegalActionError)
    refused(game, lambda: game.apply_roll("red"), IllegalActionError)
    refused(game, lambda: game.apply_roll("re"), IllegalActionError)
    game.apply_roll(("red", "yellow"))
    game.choose_pair((1, 3))
    refused(game, lambda: game.apply_attempt("maybe"), IllegalActionError)
    slippery = Game(2, make_skills(2, q=Fraction(1, 10)))
    place(slippery)
    slippery.apply_roll(fitting_roll(slippery))
    slippery.choose_pair(slippery.legal_pairs()[0])
    assert "no stick sits" in refused(slippery, lambda: slippery.apply_attempt((SLID_OUT, 5)),
                                      IllegalActionError)


@pytest.mark.parametrize("p, q, outcome, words", [
    (Fraction(1, 2), 0, "slid out", "with q = 0 for Player 2 no stick slides out"),
    (Fraction(9, 10), Fraction(1, 10), ALARM, "with p \\+ q = 1 for Player 2 the bell never"),
    (0, Fraction(1, 2), SILENT, "with p = 0 for Player 2 no attempt is silent"),
])
def test_an_attempt_outcome_of_probability_zero_is_refused(p, q, outcome, words):
    """The protocol lists only outcomes that can happen; one of probability 0 (a slide-out
    with q = 0, an alarm with p + q = 1, a silent attempt with p = 0) is refused like any
    impossible outcome, and changes nothing."""
    game = position(2, castle=[(1, 1)], hands=[7, 8], current=1, p=p, q=q)
    game.apply_roll(("yellow", "yellow"))
    game.choose_pair((3, 3))
    assert all(probability > 0 for _, probability in game.chance_outcomes())
    bad = (SLID_OUT, 1) if outcome == "slid out" else outcome
    assert bad not in [o for o, _ in game.chance_outcomes()]
    assert re.search(words, refused(game, lambda: game.apply_attempt(bad), IllegalActionError))


def test_nothing_is_allowed_after_the_game_is_over():
    game = Game(2)
    while game.phase != OVER:
        place(game)
    for action in (lambda: game.apply_roll(("red", "red")), lambda: game.choose_pair((1, 1)),
                   lambda: game.apply_attempt(SILENT)):
        assert "game is over" in refused(game, action, IllegalActionError)


# --- conservation over many seeded games ----------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("strategy", ["first free pair", "most open", "random"])
def test_sticks_are_conserved_at_every_step(players, strategy):
    from haba_lessons.games.quiet_as_a_mouse import named

    rng = make_rng(100 + players)
    choose = named(strategy)
    skills = make_skills(players, p=[0.85, 0.6, 0.4, 0.7][:players], q=0.15)
    for _ in range(12):
        game = Game(players, skills)
        while game.phase != OVER:
            if game.phase == CHOOSE:
                game.choose_pair(choose(game, rng))
            else:
                game.apply_chance(sample_outcome(game.chance_outcomes(), rng))
            total = sum(game.hands) + len(game.castle) + game.out_of_game + game.box
            assert total == 16
            assert len(set(game.castle.values())) == len(game.castle)  # one stick per hole
            assert all(h >= 0 for h in game.hands)
        assert game.winners
        if 0 in game.hands:
            assert game.winners == (game.hands.index(0),)
        else:
            assert len(game.castle) == 12
            assert all(game.hands[w] == min(game.hands) for w in game.winners)


def test_play_game_is_reproducible_from_a_seed():
    skills = make_skills(3, p=0.7, q=0.1)
    first = [play_game(3, skills, make_rng(5)) for _ in range(3)]
    second = [play_game(3, skills, make_rng(5)) for _ in range(3)]
    assert first == second


def test_a_game_nobody_can_win_is_refused():
    with pytest.raises(InvalidArgumentError, match="never ends"):
        play_game(2, make_skills(2, p=0), make_rng(1))


@pytest.mark.parametrize("players, words", [(10**9, "at most 4"), (0, "at least 2"),
                                            (2.5, "whole number"), ("drei", "whole number")])
def test_make_skills_refuses_a_player_count_the_game_does_not_have(players, words):
    # a pupil changing the 2 of make_skills(2, ...) gets one line at once (10**9 players
    # once filled the memory building a billion skills)
    with pytest.raises(InvalidArgumentError, match=words):
        make_skills(players)
