"""The Spookies rules engine against the rulebook: scripted scenarios with chosen dice."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest
from tests.conftest import refused as refused_and_unchanged

from haba_lessons.dice import best_two
from haba_lessons.engine import play, random_bot
from haba_lessons.errors import HabaLessonsError, IllegalActionError
from haba_lessons.games.spookies import (ANY_FIGURE, CHOOSE_DICE, CHOOSE_FIGURE, DICE,
                                         FACE_DOWN, FINE, FRIEND, REVEAL, Action, Rules,
                                         new_game, position, reward_table_from_rows)

KRACKO, SCHNUFFER, HANJA, DUFFY, POPPY = "Kracko", "Schnuffer", "Hanja", "Duffy", "Poppy"
#: A reward table whose cells are all different, so a test can tell which cell was paid:
#: space i (1..7), dice d (2..4) pays 3 * (i - 1) + (d - 1).
DISTINCT = reward_table_from_rows([[3 * i + 1, 3 * i + 2, 3 * i + 3] for i in range(7)])


def arrange(players=4, *, positions=None, chips=None, penalties=None, rules=None, seed=1):
    """A position: figures placed, players holding face-down chips, penalty chips on spaces,
    the rest of the chips in play in the stockpile (75 chips in the box in all)."""
    rules = rules or Rules.standard()
    chips = list(chips or []) + [0] * (players - len(chips or []))
    lying = [(penalties or {}).get(space, 0) for space in range(1, 8)]
    pile = rules.chips_in_play[players - 2] - sum(chips) - sum(lying)
    return position(players, figures=positions or {}, stockpile=pile, chips=chips,
                    penalties=lying, rules=rules, seed=seed)


def turn(game, figure, *rolls):
    """Friend die names ``figure``; then each roll is (dice count, faces) or "stop"."""
    game.apply_chance(figure)
    for roll in rolls:
        if roll == "stop":
            game.stop()
        else:
            dice, faces = roll
            game.roll(dice)
            game.apply_chance(faces)


def refused(game, action, error=IllegalActionError):
    """``action(game)`` raises ``error`` and leaves the state unchanged; returns the message."""
    return refused_and_unchanged(game, lambda: action(game), error=error)


# --- the rulebook's own examples -------------------------------------------------------------

def test_rulebook_example_two_dice_from_start_three_and_four():
    game = arrange()
    turn(game, SCHNUFFER, (2, (3, 4)))
    assert game.positions[1] == 1                       # the garden, >=5
    assert len(game.chips[0]) == 1                       # the table shows 1 for >=5, 2 dice
    assert game.phase == CHOOSE_DICE and game.current == 0   # may roll again or stop


def test_rulebook_example_four_dice_from_nine_rolling_3111():
    game = arrange(positions={HANJA: 5}, chips=[8])
    turn(game, HANJA, (4, (3, 1, 1, 1)))
    assert game.positions[2] == 0                        # back to the start area
    assert len(game.penalties[5]) == 5                   # 5 penalty chips on >=9
    assert len(game.chips[0]) == 3
    assert game.current == 1 and game.phase == FRIEND  # the turn is over


# --- success ----------------------------------------------------------------------------------

@pytest.mark.parametrize("dice", [2, 3, 4])
def test_success_moves_one_space_however_high_and_pays_the_table_cell(dice):
    rules = Rules.standard(DISTINCT)
    game = arrange(rules=rules, positions={DUFFY: 2})
    turn(game, DUFFY, (dice, (6,) * dice))               # 12 from >=6: one space only
    assert game.positions[3] == 3
    assert len(game.chips[0]) == 3 * 2 + (dice - 1)       # row >=7, column of the dice


def test_success_needs_at_least_the_next_space_number():
    game = arrange(positions={POPPY: 3})                   # on >=7: needs 8
    turn(game, POPPY, (2, (4, 4)), (2, (5, 4)))
    assert game.positions[4] == 5
    game = arrange(positions={POPPY: 3})
    turn(game, POPPY, (2, (4, 3)))                         # 7 = the space: equal
    assert game.positions[4] == 3 and game.current == 1


def test_penalty_chips_are_collected_only_with_exactly_two_dice():
    game = arrange(positions={KRACKO: 1}, penalties={2: 3, 3: 2})
    turn(game, KRACKO, (3, (6, 5, 1)))                     # to >=6 with 3 dice
    assert len(game.penalties[2]) == 3 and len(game.chips[0]) == 1
    game.roll(2)
    game.apply_chance((6, 6))                              # to >=7 with 2 dice
    assert len(game.penalties[3]) == 0
    assert len(game.chips[0]) == 1 + 2 + 2                 # table 2 for >=7 plus 2 penalties


def test_penalty_chips_stay_with_four_dice():
    game = arrange(positions={KRACKO: 4}, penalties={5: 4})
    turn(game, KRACKO, (4, (6, 6, 1, 1)))
    assert len(game.penalties[5]) == 4 and len(game.chips[0]) == 1


def test_stop_after_a_success_keeps_the_chips_and_passes_the_turn():
    game = arrange()
    turn(game, HANJA, (4, (6, 5, 2, 1)), (4, (3, 3, 1, 1)), "stop")
    assert len(game.chips[0]) == 2 and game.positions[2] == 2
    assert game.current == 1 and game.phase == FRIEND


def test_the_same_figure_all_turn_and_dice_chosen_anew():
    game = arrange(rules=Rules.standard(DISTINCT))
    turn(game, POPPY, (4, (6, 6, 1, 1)), (2, (6, 6)), (3, (6, 6, 6)))
    assert game.positions[4] == 3
    assert len(game.chips[0]) == 3 + 4 + 8


# --- equal, failure, start --------------------------------------------------------------------

def test_equal_keeps_the_figure_costs_nothing_and_ends_the_turn():
    game = arrange(positions={DUFFY: 4}, chips=[5])
    turn(game, DUFFY, (3, (5, 3, 1)))                       # 8 on >=8
    assert game.positions[3] == 4 and len(game.chips[0]) == 5
    assert game.current == 1 and not any(game.penalties)


def test_failure_falls_to_the_space_of_the_result_and_pays_one_chip_per_space():
    game = arrange(positions={DUFFY: 4}, chips=[5])
    turn(game, DUFFY, (2, (4, 2)))                          # 6 on >=8: to >=6, 2 spaces
    assert game.positions[3] == 2
    assert len(game.chips[0]) == 3 and len(game.penalties[4]) == 2
    assert game.current == 1


def test_failure_pays_only_the_chips_you_have():
    game = arrange(positions={DUFFY: 6}, chips=[2])
    turn(game, DUFFY, (2, (1, 1)))                           # 2 on >=10: start, 6 spaces
    assert game.positions[3] == 0 and game.chips[0] == [] and len(game.penalties[6]) == 2
    game = arrange(positions={DUFFY: 6})
    turn(game, DUFFY, (2, (1, 1)))
    assert game.positions[3] == 0 and game.penalties[6] == []


def test_a_fine_of_face_down_chips_needs_no_chance_node():
    """Chips lie face down and nobody has seen them: which of them pay a fine changes
    nothing anybody can tell, so the fine is paid at once, with face-down chips."""
    game = arrange(positions={DUFFY: 2}, chips=[10])
    turn(game, DUFFY, (2, (2, 2)))                            # 4 on >=6: start, 2 spaces
    assert game.penalties[2] == [FACE_DOWN, FACE_DOWN] and len(game.chips[0]) == 8
    assert game.phase == FRIEND and game.current == 1


def test_a_fine_from_chips_of_known_values_is_a_chance_node_picking_them_at_random():
    """By hand: Ana holds a 1, a 5 and a 2; falling 2 spaces she pays 2 of her 3 chips, each
    pair equally likely: {5, 2}, {5, 1}, {2, 1}, 1/3 each."""
    game = position(["Ana", "Ben"], figures={"Duffy": 2}, stockpile=40,
                    chips=[[1, 5, 2], 0])
    turn(game, DUFFY, (2, (2, 2)))
    assert game.phase == FINE and game.is_chance_node
    assert dict(game.chance_outcomes()) == {(5, 2): Fraction(1, 3), (5, 1): Fraction(1, 3),
                                            (2, 1): Fraction(1, 3)}
    game.apply_chance((1, 5))                                 # in any order
    assert game.chips[0] == [2] and sorted(game.penalties[2]) == [1, 5]
    assert game.phase == FRIEND and game.current == 1


def test_a_fine_mixing_known_and_face_down_chips():
    """Ana holds a 5 and two face-down chips taken since; she pays 1 chip: the 5 with 1/3,
    a face-down chip with 2/3."""
    game = position(["Ana", "Ben"], figures={"Duffy": 3}, stockpile=40, chips=[[5], 0])
    turn(game, DUFFY, (2, (4, 4)))                            # 8 from >=7: >=8, 2 chips
    turn_over = game.chips[0]
    assert turn_over == [5, FACE_DOWN, FACE_DOWN]
    game.roll(2)
    game.apply_chance((4, 3))                                 # 7 on >=8: to >=7, 1 space
    assert dict(game.chance_outcomes()) == {(5,): Fraction(1, 3), (FACE_DOWN,): Fraction(2, 3)}


def test_a_fall_from_the_garden_below_five_goes_to_the_start_for_one_chip():
    game = arrange(positions={KRACKO: 1}, chips=[3])
    turn(game, KRACKO, (3, (2, 1, 1)))
    assert game.positions[0] == 0 and len(game.penalties[1]) == 1 and len(game.chips[0]) == 2


def test_below_five_from_the_start_nothing_happens_and_the_turn_ends():
    game = arrange(chips=[3])
    before = (list(game.positions), [list(c) for c in game.chips], game.stockpile)
    turn(game, KRACKO, (2, (2, 2)))
    assert (game.positions, game.chips, game.stockpile) == before
    assert game.current == 1


# --- the attic --------------------------------------------------------------------------------

def test_attic_twelve_pays_the_top_row_figure_stays_and_may_continue():
    game = arrange(rules=Rules.standard(DISTINCT), positions={HANJA: 7})
    turn(game, HANJA, (3, (6, 6, 2)))
    assert game.positions[2] == 7 and len(game.chips[0]) == 20   # row >=11, 3 dice
    assert game.phase == CHOOSE_DICE and Action("stop") in game.legal_actions()
    game.roll(4)
    game.apply_chance((6, 6, 6, 6))
    assert len(game.chips[0]) == 20 + 21


def test_attic_eleven_is_equal_and_below_is_a_failure():
    game = arrange(positions={HANJA: 7}, chips=[9])
    turn(game, HANJA, (2, (6, 5)))
    assert game.positions[2] == 7 and len(game.chips[0]) == 9 and game.current == 1
    game = arrange(positions={HANJA: 7}, chips=[9])
    turn(game, HANJA, (4, (5, 5, 5, 1)))                     # 10: to >=10, 1 space
    assert game.positions[2] == 6 and len(game.penalties[7]) == 1


@pytest.mark.parametrize("collect", [True, False])
def test_two_dice_twelve_in_the_attic_collects_attic_penalties_if_configured(collect):
    rules = Rules.standard(attic_two_dice_collects_penalties=collect)
    game = arrange(rules=rules, positions={HANJA: 7}, penalties={7: 4})
    turn(game, HANJA, (2, (6, 6)))
    assert len(game.chips[0]) == 12 + (4 if collect else 0)
    assert len(game.penalties[7]) == (0 if collect else 4)


def test_reaching_the_attic_with_two_dice_always_collects_its_penalties():
    rules = Rules.standard(attic_two_dice_collects_penalties=False)
    game = arrange(rules=rules, positions={HANJA: 6}, penalties={7: 4})
    turn(game, HANJA, (2, (6, 5)))
    assert game.positions[2] == 7 and len(game.chips[0]) == 12 + 4


# --- compulsory roll, friend die, free choice ---------------------------------------------------

def test_stopping_before_the_first_roll_is_refused():
    game = arrange()
    game.apply_chance(POPPY)
    message = refused(game, lambda g: g.stop())
    assert "roll at least once" in message
    assert Action("stop") not in game.legal_actions()


def test_a_figure_in_the_attic_must_roll_at_least_once():
    game = arrange(positions={POPPY: 7})
    game.apply_chance(POPPY)
    refused(game, lambda g: g.stop())
    assert game.legal_actions() == [Action("roll", 2), Action("roll", 3), Action("roll", 4)]


def test_friend_die_has_six_equally_likely_faces_and_question_mark_is_free_choice():
    game = arrange()
    outcomes = game.chance_outcomes()
    assert [o for o, _ in outcomes] == [KRACKO, SCHNUFFER, HANJA, DUFFY, POPPY, ANY_FIGURE]
    assert all(p == Fraction(1, 6) for _, p in outcomes)
    game.apply_chance(ANY_FIGURE)
    assert game.phase == CHOOSE_FIGURE and not game.is_chance_node
    game.choose_figure(DUFFY)
    assert game.figure == 3 and game.phase == CHOOSE_DICE


def test_free_choice_variant_has_no_friend_die():
    game = new_game(3, free_choice=True, seed=4)
    assert game.phase == CHOOSE_FIGURE
    assert game.chance_outcomes() == []                        # a decision, no chance now
    refused(game, lambda g: g.sample_chance())
    game.choose_figure(KRACKO)
    game.roll(2)
    game.apply_chance((1, 1))
    assert game.current == 1 and game.phase == CHOOSE_FIGURE


# --- chance outcomes ----------------------------------------------------------------------------

@pytest.mark.parametrize("dice", [2, 3, 4])
def test_dice_outcomes_are_multisets_with_exact_probabilities(dice):
    game = arrange()
    game.apply_chance(KRACKO)
    game.roll(dice)
    outcomes = game.chance_outcomes()
    assert len(outcomes) == comb(dice + 5, 5)                 # multisets of size k from 6
    assert sum(p for _, p in outcomes) == 1
    result = {}
    for faces, p in outcomes:
        result[sum(faces[:2])] = result.get(sum(faces[:2]), 0) + p
    assert result == dict(best_two(dice))


def test_dice_facts_of_the_spec():
    game = arrange()
    game.apply_chance(KRACKO)
    facts = {2: (Fraction(5, 6), Fraction(1, 36)), 3: (Fraction(205, 216), Fraction(2, 27)),
             4: (Fraction(319, 324), Fraction(19, 144))}
    for dice, (at_least_5, twelve) in facts.items():
        game.roll(dice)
        outcomes = game.chance_outcomes()
        assert sum(p for f, p in outcomes if f[0] + f[1] >= 5) == at_least_5
        assert sum(p for f, p in outcomes if f[0] + f[1] == 12) == twelve
        game = arrange()
        game.apply_chance(KRACKO)                             # back to the choice


def test_sampled_dice_follow_the_chance_outcomes():
    game = arrange()
    game.apply_chance(KRACKO)
    rng = np.random.default_rng(3)
    counts = {}
    for _ in range(3000):
        probe = game.copy()
        probe.roll(4)
        probe.sample_chance(rng)
        counts[sum(probe.last_roll[:2])] = counts.get(sum(probe.last_roll[:2]), 0) + 1
    # 12 with 4 dice: 19/144 = 0.132; 3000 draws give a standard error of 0.006
    assert abs(counts[12] / 3000 - 19 / 144) < 0.03


# --- chips, end of game, scoring ------------------------------------------------------------------

@pytest.mark.parametrize("players, in_play", [(2, 50), (3, 60), (4, 75), (5, 75)])
def test_chips_in_play_by_player_count(players, in_play):
    game = new_game(players, seed=players)
    assert game.stockpile == in_play and game.chip_total() == 75
    assert game.unseen == (30, 20, 15, 10)                   # nobody has seen any chip yet
    assert game.out_of_play == 75                           # the stockpile and the rest


def test_a_reward_larger_than_the_stockpile_takes_the_rest_and_ends_the_game():
    game = position(["Ana", "Ben"], figures={KRACKO: 6}, stockpile=5, chips=[30, 26],
                    rules=Rules.standard(DISTINCT))
    turn(game, KRACKO, (2, (6, 6)))                          # the attic pays 19 > 5
    assert game.stockpile == 0 and len(game.chips[0]) == 35
    assert game.phase == REVEAL and game.current == 0      # the chips are turned over
    play(game, [random_bot] * 2, seed=1)
    assert game.is_over and all(FACE_DOWN not in c for c in game.chips)
    for action in (lambda g: g.roll(2), lambda g: g.stop(), lambda g: g.choose_figure(HANJA),
                   lambda g: g.apply_chance(HANJA)):
        refused(game, action)
    assert game.legal_actions() == [] and game.chance_outcomes() == []
    assert game.chip_total() == 75


def test_the_chips_turned_over_at_the_end_are_drawn_from_the_unseen_chips():
    """By hand: Ana and Ben hold 73 and 1 face-down chips, 1 is left in the stockpile; Ana
    takes it. Nobody has seen a chip, so Ana's 74 chips are 74 of the box's 75, the one left
    out equally likely any of them: it is a 1 with 30/75, a 2 with 20/75, a 3 with 15/75, a
    5 with 10/75. Ben's one chip is then the one left out (the others are Ana's)."""
    game = position(["Ana", "Ben"], figures={}, stockpile=1, chips=[73, 1])
    turn(game, KRACKO, (4, (6, 6, 1, 1)))                    # the last chip: the end
    assert game.phase == REVEAL and game.current == 0
    box = {1: 30, 2: 20, 3: 15, 5: 10}
    left_out = {}
    for values, p in game.chance_outcomes():
        assert len(values) == 74
        missing = [v for v, n in box.items() if values.count(v) == n - 1]
        assert len(missing) == 1
        left_out[missing[0]] = p
        after = game.copy()
        after.apply_chance(values)
        assert after.phase == REVEAL and after.current == 1
        assert after.chance_outcomes() == [((missing[0],), Fraction(1))]
    assert left_out == {v: Fraction(n, 75) for v, n in box.items()}


def test_the_game_ends_when_the_last_chip_is_taken():
    game = arrange(chips=[74])
    turn(game, KRACKO, (4, (6, 6, 1, 1)))
    assert game.stockpile == 0
    play(game, [random_bot] * 4, seed=1)
    assert game.is_over and game.winners == (0,)


@pytest.mark.parametrize("last, points, winners", [
    ((1,), [7, 6, 2], (0,)),            # Ana's last chip a 1: 7 points, she wins alone
    ((3,), [9, 6, 2], (0,)),
])
def test_the_most_points_win(last, points, winners):
    game = position(["Ana", "Ben", "Cleo"], figures={}, stockpile=1,
                    chips=[[5, 1], [3, 3], [2]])
    turn(game, KRACKO, (4, (6, 6, 1, 1)))                    # Ana takes the last chip
    game.apply_chance(last)                                  # and turns it over
    assert game.is_over and game.points() == points and game.winners == winners


def test_ties_share_the_win():
    game = position(["Ana", "Ben", "Cleo"], figures={}, stockpile=1,
                    chips=[[5, 1], [3, 3], [2]], current=2)
    turn(game, KRACKO, (4, (6, 6, 1, 1)))                    # Cleo takes the last chip
    game.apply_chance((5,))                                  # a 5: Cleo has 7, Ana 6, Ben 6
    assert game.points() == [6, 6, 7] and game.winners == (2,)
    game = position(["Ana", "Ben", "Cleo"], figures={}, stockpile=1,
                    chips=[[5, 1], [3, 2], [2]], current=1)
    turn(game, KRACKO, (4, (6, 6, 1, 1)))                    # Ben takes it: a 1
    game.apply_chance((1,))
    assert game.points() == [6, 6, 2] and game.winners == (0, 1)


def test_there_are_no_winners_before_the_end():
    game = arrange()
    assert game.winners == ()


# --- conservation over many random games ----------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_all_75_chips_are_accounted_for_at_every_step(players):
    for seed in range(6):
        game = new_game(players, seed=seed, free_choice=seed % 3 == 0)
        rng = np.random.default_rng(seed)
        steps = 0
        while not game.is_over:
            if game.is_chance_node:
                game.sample_chance()
            else:
                actions = game.legal_actions()
                game.apply(actions[int(rng.integers(len(actions)))])
            assert game.chip_total() == game.rules.total_chips == 75
            assert all(p >= 0 for p in game.positions)
            steps += 1
        assert game.stockpile == 0 and steps > 10


# --- illegal actions and bad input ----------------------------------------------------------------

def test_every_illegal_action_in_every_phase_is_refused_unchanged():
    game = arrange()
    # waiting for the friend die
    for action in (lambda g: g.roll(3), lambda g: g.stop(), lambda g: g.choose_figure(KRACKO),
                   lambda g: g.apply_chance((3, 3)), lambda g: g.apply_chance("Fido")):
        refused(game, action)
    game.apply_chance(KRACKO)
    # choosing dice before the first roll
    for action in (lambda g: g.stop(), lambda g: g.choose_figure(HANJA),
                   lambda g: g.apply_chance((3, 3)), lambda g: g.sample_chance(),
                   lambda g: g.roll(3, player=2)):
        refused(game, action)
    for bad in (1, 5, 0, "3", 2.5, True):
        refused(game, lambda g: g.roll(bad), IllegalActionError)
    game.roll(3)
    # waiting for the dice
    for action in (lambda g: g.roll(3), lambda g: g.stop(), lambda g: g.choose_figure(HANJA),
                   lambda g: g.apply_chance((3, 3)), lambda g: g.apply_chance((7, 1, 1)),
                   lambda g: g.apply_chance((0, 1, 1)), lambda g: g.apply_chance(KRACKO),
                   lambda g: g.apply_chance((3, 3, 3, 3))):
        refused(game, action)
    game.apply_chance((2, 1, 1))                               # 3: nothing, next player
    game.apply_chance(ANY_FIGURE)
    # choosing a figure after "?"
    for action in (lambda g: g.choose_figure("Fido"), lambda g: g.choose_figure(5),
                   lambda g: g.choose_figure(KRACKO, player=0), lambda g: g.roll(2),
                   lambda g: g.stop()):
        refused(game, action)
    refused(game, lambda g: g.apply("stop"), IllegalActionError)
    refused(game, lambda g: g.apply(Action("jump")), IllegalActionError)


def test_acting_out_of_turn_is_refused():
    game = arrange(3)
    game.apply_chance(KRACKO)
    message = refused(game, lambda g: g.roll(2, player=1))
    assert "Player 2" in message and "Player 1" in message
    game.roll(2, player=0)
    assert game.phase == DICE


@pytest.mark.parametrize("players", [0, 1, 6, 7, -2, "four", 2.0, ["Ann"], ["a"] * 6])
def test_player_counts_outside_two_to_five_are_refused(players):
    with pytest.raises(HabaLessonsError, match="2|5|whole"):
        new_game(players)


def test_names_are_used_in_messages():
    game = new_game(["Ann", "Ben"], seed=1)
    game.apply_chance(ANY_FIGURE)
    message = refused(game, lambda g: g.choose_figure(POPPY, player=1))
    assert "Ben" in message and "Ann" in message


def test_one_name_is_refused_in_the_singular():
    from haba_lessons.errors import InvalidArgumentError
    from haba_lessons.games.spookies import new_game
    with pytest.raises(InvalidArgumentError, match=r"but 1 name was given\.$"):
        new_game(["Ana"])
