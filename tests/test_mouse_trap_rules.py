"""Every Mouse Trap rule in a scripted scenario (oracle: the rulebook, read by hand).

Each test sets up a position on the default board (spaces as listed in the spec), applies
a die face chosen by the test, and checks what the rulebook says must happen.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from tests.conftest import refused

from haba_lessons.errors import IllegalActionError, InvalidArgumentError
from haba_lessons.games.mouse_trap import (FAILS, WORKS, Crank, EndTurn, SpendCheese,
                                           TakeCheese, new_game, position)
from haba_lessons.games.mouse_trap.rules import AT_CRANK, CRANK, PUSH_ROLL, ROLL, SPLIT

SAFE, BUILD_40, TAKE_41, CRANK_SPACE, BUILD_43, WHEEL = 39, 40, 41, 42, 43, 44


def game(players=2, r="3/4", *, positions=None, cheese=None, parts=0):
    """A position: the mice on ``positions``, their ``cheese`` (the rest in the pile)."""
    return position(players, mice=positions or [0] * players,
                    cheese=cheese or [0] * players, parts=parts, reliability=r)


def roll(state, face):
    assert state.phase in (ROLL, PUSH_ROLL)
    state.apply_chance(face)
    assert state.total_cheese() == 52


# --- build spaces ----------------------------------------------------------------------------

@pytest.mark.parametrize("players, space, builds", [
    (2, 3, True), (2, 4, True), (2, 1, True),      # 2 players: 2, 2-3 and 2-3-4
    (3, 3, False), (3, 4, True), (3, 1, True),     # 3 players: 2-3 and 2-3-4
    (4, 3, False), (4, 4, False), (4, 1, True),    # 4 players: only 2-3-4
])
def test_build_spaces_by_player_count(players, space, builds):
    state = game(players)
    roll(state, space)
    assert state.positions[0] == space
    assert state.parts == (1 if builds else 0)
    assert state.cheese[0] == (1 if builds else 0)
    assert state.pile == (51 if builds else 52)
    assert state.current == 1 and state.phase == ROLL


def test_loop_build_space_adds_two_parts_and_two_cheese():
    state = game(4, positions=[SAFE, 0, 0, 0], parts=5)
    roll(state, 1)
    assert (state.parts, state.cheese[0], state.pile) == (7, 2, 50)


def test_last_part_on_a_loop_build_space():
    state = game(2, positions=[SAFE, 0], parts=23)
    roll(state, 1)
    assert state.parts == 24 and state.cheese[0] == 1  # interpretation: 1 cheese per part
    assert state.trap_completed_on_turn == 1


def test_nothing_happens_on_build_spaces_once_the_trap_is_complete():
    state = game(2, parts=24)
    roll(state, 1)
    assert state.parts == 24 and state.cheese[0] == 0


def test_build_cheese_only_from_the_pile():
    state = game(2, cheese=[0, 52])
    roll(state, 1)
    assert state.parts == 1 and state.cheese == [0, 52]


# --- go back / move ahead ---------------------------------------------------------------------

def test_move_ahead_does_not_act_on_the_new_space():
    state = game(2, positions=[8, 0])
    roll(state, 1)  # 9: move ahead to 12 (a 2-3-4 build space)
    assert state.positions[0] == 12
    assert state.parts == 0 and state.cheese[0] == 0 and state.current == 1


def test_go_back():
    state = game(2, positions=[10, 0])
    roll(state, 4)  # 14: go back to 10 (a 2-3 build space): no part, no cheese
    assert state.positions[0] == 10 and state.parts == 0 and state.cheese[0] == 0
    state = game(2, positions=[30, 0])
    roll(state, 1)  # 31: go back to 26
    assert state.positions[0] == 26 and state.parts == 0


# --- cheese -----------------------------------------------------------------------------------

def test_take_cheese_from_the_pile():
    state = game(3, positions=[8, 0, 0])
    roll(state, 3)  # 11: take 2
    assert state.cheese[0] == 2 and state.pile == 50


def test_take_cheese_from_the_richest_opponent_when_the_pile_is_empty():
    state = game(3, positions=[8, 0, 0], cheese=[0, 30, 22])
    roll(state, 3)
    assert state.cheese == [2, 28, 22] and state.pile == 0


def test_take_cheese_when_the_pile_has_too_few():
    state = game(3, positions=[8, 0, 0], cheese=[0, 30, 21])
    assert state.pile == 1
    roll(state, 3)  # 1 from the pile, the other from the richest (interpretation)
    assert state.cheese == [2, 29, 21] and state.pile == 0


def test_tied_richest_opponents_the_mover_chooses():
    state = game(3, positions=[8, 0, 0], cheese=[0, 26, 26])
    roll(state, 3)
    assert state.phase == SPLIT and state.current == 0
    options = state.legal_actions()
    # Take all from one, or split: (2, 0), (1, 1), (0, 2).
    assert {a.pieces for a in options} == {((1, 2), (2, 0)), ((1, 1), (2, 1)),
                                           ((1, 0), (2, 2))}
    state.apply(TakeCheese(((1, 1), (2, 1))))
    assert state.cheese == [2, 25, 25] and state.current == 1 and state.phase == ROLL
    refused(state, lambda: state.apply(TakeCheese(((1, 1), (2, 1)))), "no cheese to share")


def test_a_split_must_add_up():
    state = game(3, positions=[8, 0, 0], cheese=[0, 26, 26])
    roll(state, 3)
    refused(state, TakeCheese(((1, 2), (2, 2))), "take 2 piece")
    refused(state, Crank(), "choose whom to take")


def test_take_three_from_the_rival_with_the_most_even_if_the_pile_has_cheese():
    state = game(3, positions=[21, 0, 0], cheese=[1, 5, 4])
    roll(state, 1)  # 22
    assert state.cheese == [4, 2, 4] and state.pile == 42


def test_take_three_when_the_rival_has_fewer():
    state = game(3, positions=[21, 0, 0], cheese=[1, 2, 0])
    roll(state, 1)
    assert state.cheese == [3, 0, 0]


def test_take_three_from_tied_rivals():
    state = game(4, positions=[21, 0, 0, 0], cheese=[0, 2, 2, 1])
    roll(state, 1)
    assert state.phase == SPLIT
    # The most one rival can give is 2 (interpretation): shared between seats 1 and 2.
    assert {a.pieces for a in state.legal_actions()} == {((1, 2), (2, 0)), ((1, 1), (2, 1)),
                                                         ((1, 0), (2, 2))}
    state.apply(TakeCheese(((1, 0), (2, 2))))
    assert state.cheese == [2, 2, 0, 1]


def test_lose_cheese():
    state = game(2, positions=[17, 0], cheese=[5, 0])
    roll(state, 1)  # 18: lose 2
    assert state.cheese[0] == 3 and state.pile == 49


def test_lose_more_than_you_have():
    state = game(2, positions=[17, 0], cheese=[1, 0])
    roll(state, 1)
    assert state.cheese[0] == 0 and state.pile == 52


def test_dog_bone_does_nothing():
    state = game(2, positions=[3, 0], cheese=[2, 1])
    roll(state, 2)  # 5: dog bone (the rulebook: nothing happens, no missed turn)
    assert state.positions[0] == 5 and state.cheese == [2, 1] and state.current == 1
    roll(state, 1)
    assert state.current == 0  # mouse 1 plays again next: no turn is missed


# --- the Loop ---------------------------------------------------------------------------------

def test_the_loop_wraps_from_the_cheese_wheel_to_safe():
    state = game(2, positions=[WHEEL, 0])
    roll(state, 1)
    assert state.positions[0] == SAFE
    state = game(2, positions=[BUILD_43, 0], parts=24)
    roll(state, 4)  # 43 -> 44 -> 39 -> 40 -> 41: take 1
    assert state.positions[0] == TAKE_41 and state.cheese[0] == 1


def test_cheese_wheel_gives_two_every_time():
    state = game(2, positions=[BUILD_43, SAFE], parts=24)     # no more building on 43
    roll(state, 1)
    assert state.cheese == [2, 0]
    roll(state, 6)  # mouse 2: 39 + 6 -> 45 wraps to 39 ... (39..44 is 6 spaces) stays on 39
    assert state.positions[1] == SAFE
    roll(state, 5)  # mouse 1: 44 -> 39 -> ... -> 43
    roll(state, 6)
    roll(state, 1)  # mouse 1 lands on the Cheese Wheel again
    assert state.positions[0] == WHEEL and state.cheese == [4, 0]


def test_cheese_wheel_with_an_empty_pile_takes_from_the_richest():
    state = game(2, positions=[BUILD_43, 0], cheese=[0, 52])
    roll(state, 1)
    assert state.cheese == [2, 50]


def test_turn_crank_does_nothing_before_the_trap_is_complete():
    state = game(2, positions=[TAKE_41, WHEEL], parts=20, cheese=[3, 0])
    roll(state, 1)
    assert state.positions[0] == CRANK_SPACE and state.phase == ROLL and state.current == 1


def crank_ready(players=2, r="3/4", **setup):
    """Mouse 1 one step before Turn Crank, trap complete."""
    positions = setup.pop("positions", [TAKE_41] + [0] * (players - 1))
    state = game(players, r, positions=positions, parts=24, **setup)
    roll(state, 1)
    return state


def test_crank_works_catches_the_mouse_and_takes_its_cheese():
    state = crank_ready(cheese=[1, 7], positions=[TAKE_41, WHEEL])
    assert state.phase == AT_CRANK
    assert Crank() in state.legal_actions() and EndTurn() not in state.legal_actions()
    state.apply(Crank())
    assert state.phase == CRANK
    assert state.chance_outcomes() == [(WORKS, F(3, 4)), (FAILS, F(1, 4))]
    state.apply_chance(WORKS)
    assert state.captured == [False, True] and state.cheese == [8, 0]
    assert state.is_over and state.winner == 0
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_chance(1)


def test_crank_fails_the_mice_run_to_safe():
    state = crank_ready(3, positions=[TAKE_41, WHEEL, WHEEL], cheese=[0, 1, 1])
    state.apply(Crank())
    state.apply_chance(FAILS)
    assert state.positions[1:] == [SAFE, SAFE] and not any(state.captured)
    assert state.current == 1 and state.phase == ROLL


def test_crank_catches_every_mouse_on_the_wheel_together():
    state = crank_ready(3, positions=[TAKE_41, WHEEL, WHEEL], cheese=[0, 4, 5])
    state.apply(Crank())
    state.apply_chance(WORKS)
    assert state.captured == [False, True, True] and state.cheese == [9, 0, 0]
    assert state.winner == 0


def test_reliability_one_and_zero_have_a_single_outcome():
    state = crank_ready(r=1, positions=[TAKE_41, WHEEL])
    state.apply(Crank())
    assert state.chance_outcomes() == [(WORKS, 1)]
    refused(state, FAILS, "works")
    state = crank_ready(r=0, positions=[TAKE_41, WHEEL])
    state.apply(Crank())
    assert state.chance_outcomes() == [(FAILS, 1)]


def test_spending_cheese_moves_an_opponent_without_acting():
    state = crank_ready(3, positions=[TAKE_41, 38, SAFE], cheese=[3, 0, 0])
    assert state.legal_actions() == [SpendCheese(1), EndTurn()]  # mouse 3 is on Safe
    state.apply(SpendCheese(1))
    assert state.cheese[0] == 2 and state.pile == 50 and state.phase == PUSH_ROLL
    roll(state, 3)  # mouse 2: 38 -> 41 (take 1) without acting
    assert state.positions[1] == TAKE_41 and state.cheese[1] == 0
    assert state.phase == AT_CRANK and state.current == 0
    state.apply(SpendCheese(1))
    roll(state, 3)  # 41 -> 44: the Cheese Wheel, no cheese for being pushed there
    assert state.positions[1] == WHEEL and state.cheese[1] == 0
    assert Crank() in state.legal_actions() and EndTurn() not in state.legal_actions()
    state.apply(SpendCheese(1))  # may spend more before cranking (no one else movable)
    roll(state, 1)  # pushed off: 44 -> 39
    assert state.positions[1] == SAFE and state.cheese[0] == 0
    assert state.current == 1 and state.phase == ROLL  # no cheese, no one on the wheel


def test_a_player_with_cheese_and_nobody_movable_ends_the_turn_at_once():
    state = crank_ready(2, positions=[TAKE_41, SAFE], cheese=[5, 0])
    assert state.current == 1 and state.phase == ROLL


def test_turn_order_skips_caught_mice():
    state = crank_ready(3, positions=[TAKE_41, WHEEL, 0], cheese=[0, 0, 0])
    state.apply(Crank())
    state.apply_chance(WORKS)
    assert not state.is_over and state.current == 2
    roll(state, 1)
    assert state.current == 0


def test_the_mover_on_the_wheel_is_not_caught_by_their_own_crank():
    state = crank_ready(3, positions=[TAKE_41, WHEEL, 5])
    assert state.on_cheese_wheel() == [1]
    state = game(3, positions=[WHEEL, CRANK_SPACE, 5], parts=24)
    roll(state, 5)                       # mouse 1 goes round the Loop back to 43
    assert 0 not in state.on_cheese_wheel() and 1 in state.alive()


# --- refused actions and bad arguments ----------------------------------------------------------

def test_crank_and_cheese_refused_when_the_trap_is_incomplete():
    state = game(2, positions=[CRANK_SPACE, WHEEL], parts=10, cheese=[4, 0])
    refused(state, lambda: state.apply(Crank()), "not complete yet .10 of 24")
    refused(state, lambda: state.apply(SpendCheese(1)), "not complete")


def test_crank_refused_from_the_wrong_space():
    state = game(2, positions=[SAFE, WHEEL], parts=24, cheese=[4, 0])
    refused(state, lambda: state.apply(Crank()), "must end its move on Turn Crank")
    refused(state, 7, "face from 1 to 6")
    refused(state, "3", "face from 1 to 6")
    refused(state, True, "face from 1 to 6")
    refused(state, 2.0, "face from 1 to 6")


def test_spending_refused():
    state = crank_ready(3, positions=[TAKE_41, SAFE, 30], cheese=[1, 0, 0])
    refused(state, SpendCheese(1), "on Safe")
    refused(state, SpendCheese(0), "opponent")
    refused(state, SpendCheese(5), "no mouse number 5")
    refused(state, Crank(), "no opponent is on the Cheese Wheel")
    state.apply(SpendCheese(2))
    roll(state, 1)
    assert state.phase == ROLL  # no cheese left: the turn is over
    poor = crank_ready(3, positions=[TAKE_41, 30, WHEEL], cheese=[0, 0, 0])
    refused(poor, SpendCheese(1), "no cheese to spend")
    refused(poor, EndTurn(), "turn the crank")


@pytest.mark.parametrize("players", [1, 5, 0, 2.5, "3"])
def test_player_counts_outside_two_to_four(players):
    with pytest.raises(InvalidArgumentError, match="players"):
        new_game(players)


@pytest.mark.parametrize("r", [-0.1, 1.5, "x", None.__class__])
def test_reliability_outside_zero_one(r):
    with pytest.raises(InvalidArgumentError, match="reliability"):
        new_game(2, reliability=r)


def test_reliability_from_a_slider_is_exact():
    assert new_game(2, reliability=0.9).reliability == F(9, 10)
    assert new_game(2).reliability == F(3, 4)  # the data file's default (an assumption)
