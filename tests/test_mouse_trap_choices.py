"""The "what should this player do now?" position of notebook 08: the exact search's value of
each option agrees with a derivation by hand, and the helpers that show it refuse misuse."""

from __future__ import annotations

from fractions import Fraction

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.exercises import check
from haba_lessons.games import mouse_trap
from haba_lessons.games.mouse_trap import Crank, EndTurn, SpendCheese, TakeCheese, position
from haba_lessons.games.mouse_trap.analysis import (describe_action, mice_caught,
                                                    options_table, turn_ends)
from haba_lessons.engine import expectimax

R = Fraction(3, 4)
SIXTH = Fraction(1, 6)
# A mouse in The Loop (not on Safe) moved 1..6 steps visits each Loop space once: it reaches
# the Cheese Wheel with 1/6, Safe (where it cannot be moved again) with 1/6, another space
# (from which one more roll can bring it to the wheel) with 4/6.
AGAIN = Fraction(4, 6)


def ana_at_the_crank(cheese: int):
    """Ana rolled a 2 from space 40 onto Turn Crank; Ben on the Cheese Wheel, Cara on 41."""
    state = position(["Ana", "Ben", "Cara"], mice=[40, 44, 41], cheese=[cheese, 0, 0],
                     parts=24, reliability="3/4")
    state.apply_chance(2)
    return state


def values(solution):
    return {action: value[0] for action, value in solution.actions}


def test_the_chance_to_win_this_turn_of_each_option_matches_the_hand_derivation():
    state = ana_at_the_crank(2)
    found = values(expectimax(state, leaf=turn_ends(state)))
    # Cara must reach the wheel (Ben is on it): 1/6 at once, or a second roll after 4/6
    cara = (SIXTH + AGAIN * SIXTH) * R
    # moving Ben: he must come back round with a 6, then Cara with the last cheese
    ben = SIXTH * SIXTH * R
    assert found == {SpendCheese(2): cara, SpendCheese(1): ben, Crank(): 0}
    assert cara == Fraction(5, 24) and ben == Fraction(1, 48)


def test_the_expected_catches_of_each_option_match_the_hand_derivation():
    state = ana_at_the_crank(2)
    found = values(expectimax(state, leaf=turn_ends(state), payoff=mice_caught))
    crank = R                                                  # Ben, 3 times in 4
    cara = R * (1 + SIXTH + AGAIN * SIXTH)                     # Ben, and Cara if she arrives
    # Ben stays on the wheel only with a 6 (then Cara is worth a try: R * 7/6); otherwise
    # the last cheese brings one mouse to the wheel with 1/6
    ben = SIXTH * R * (1 + SIXTH) + (1 - SIXTH) * SIXTH * R
    assert found == {Crank(): crank, SpendCheese(2): cara, SpendCheese(1): ben}
    assert (cara, ben) == (Fraction(23, 24), Fraction(1, 4))


def test_the_docstring_position_and_the_searched_state_unchanged():
    state = position(["Ana", "Ben"], mice=[40, 44], cheese=[0, 0], parts=24, reliability="3/4")
    before = state.search_key()
    assert expectimax(state, leaf=turn_ends(state)).values[0] == SIXTH * R   # a 2, then the crank
    assert state.search_key() == before


def test_the_exercise_key_accepts_the_search_and_refuses_ignoring_safe():
    state = ana_at_the_crank(3)
    best = expectimax(state, leaf=turn_ends(state))
    assert best.action == SpendCheese(2)
    assert check("08x.3", best.values[0]).ok
    assert not check("08x.3", (1 - Fraction(5, 6) ** 3) * R).ok   # as if Safe did not stop her


def test_the_options_table_names_each_option_with_its_exact_value():
    state = ana_at_the_crank(2)
    table = options_table(state, {"win": expectimax(state, leaf=turn_ends(state))})
    assert table["option"].tolist() == ["spend 1 cheese to move Ben",
                                        "spend 1 cheese to move Cara", "turn the crank now"]
    assert table["win"].tolist() == ["1/48 ≈ 0.021", "5/24 ≈ 0.208", "0"]


def test_misuse_is_refused_with_a_message():
    state = ana_at_the_crank(2)
    other = ana_at_the_crank(0)
    with pytest.raises(InvalidArgumentError, match="this very position"):
        options_table(state, {"win": expectimax(other, leaf=turn_ends(other))})
    rolling = position(["Ana", "Ben"], mice=[40, 44], cheese=[0, 0], parts=24)
    with pytest.raises(InvalidArgumentError, match="decision"):
        options_table(rolling, {})
    with pytest.raises(InvalidArgumentError, match="not a Mouse Trap decision"):
        describe_action(state, "jump")
    assert describe_action(state, EndTurn()) == "end the turn"
    assert describe_action(state, TakeCheese(((1, 2), (2, 1)))) == "take 2 from Ben and 1 from Cara"


def test_mice_caught_counts_the_other_mice_only():
    state = position(["Ana", "Ben", "Cara"], mice=[40, 44, 41], cheese=[0, 0, 0], parts=24,
                     caught=[1])
    assert mice_caught(state) == (1, 0, 1)


def test_an_unfinished_trap_leaves_no_decision_and_says_so():
    """Section 7 with parts=10 (a student's change): Ana lands on Turn Crank but cannot crank,
    so the search returns no action; describing it used to say "None is not a decision"."""
    state = position(["Ana", "Ben", "Cara"], mice=[40, 44, 41], cheese=[2, 0, 0], parts=10,
                     reliability="3/4")
    state.apply_chance(2)
    wins = expectimax(state, leaf=turn_ends(state))
    assert wins.action is None
    with pytest.raises(InvalidArgumentError, match="no choice in this position"):
        describe_action(state, wins.action)
    with pytest.raises(InvalidArgumentError, match="nobody has a decision"):
        options_table(state, {"win": wins})


def test_what_should_ana_do_at_the_crank():
    """Ana's mouse stands two spaces before Turn Crank with the trap complete, Ben is on the
    Cheese Wheel: the chance that Ana catches Ben this turn is P(roll 2) * r."""
    board = mouse_trap.default_board()
    crank, wheel = board.turn_crank, board.cheese_wheel
    before = next(s for s in range(len(board.spaces)) if board.land(s, 2) == crank
                  and board.spaces[s].kind not in ("go_to",) and s != crank)
    state = mouse_trap.position(["Ana", "Ben"], mice=[before, wheel], cheese=[0, 0],
                                parts=board.trap_parts, reliability=Fraction(3, 4))
    found = expectimax(state, leaf=lambda s: s.turns > 0 and not s.is_over)
    faces = sum(board.land(before, k) == crank for k in range(1, board.die_sides + 1))
    assert faces >= 1
    assert found.values[0] == Fraction(faces, board.die_sides) * Fraction(3, 4)
