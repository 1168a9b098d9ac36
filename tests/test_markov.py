"""The general roll-and-move Markov chain, checked against small boards solved by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from haba_lessons.distribution import Distribution
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.markov import (RollAndMoveBoard, expected_landings, expected_turns,
                                 first_passage,
                                 landing_probabilities, long_run_shares, reach_probability,
                                 simulate_landings, simulate_reach_turns, solve_linear,
                                 transition_matrix)
from haba_lessons.simulation import make_rng

COIN = Distribution.uniform([1, 2])  # a coin: heads moves 1 space, tails 2


def four_square_race() -> RollAndMoveBoard:
    """Spaces 0 1 2 3, space 3 is the final square (reach or pass it)."""
    return RollAndMoveBoard(spaces=4, die=COIN)


def back_to_start() -> RollAndMoveBoard:
    """Spaces 0..4, final square 4, and space 2 says "go back to 0"."""
    return RollAndMoveBoard(spaces=5, die=COIN, jumps={2: 0})


def small_loop() -> RollAndMoveBoard:
    """Space 0, then a loop 1 2 3 (after 3 comes 1), and space 3 says "go back to 1"."""
    return RollAndMoveBoard(spaces=4, die=COIN, loop_start=1, jumps={3: 1})


def test_transition_matrix_of_the_four_square_race():
    # By hand: from 0 the coin goes to 1 or 2; from 1 to 2 or 3; from 2 both faces end on 3.
    half = sympy.Rational(1, 2)
    expected = sympy.Matrix([[0, half, half, 0],
                             [0, 0, half, half],
                             [0, 0, 0, 1],
                             [0, 0, 0, 1]])
    assert transition_matrix(four_square_race()) == expected


def test_landing_probabilities_of_the_four_square_race():
    # Land on 1: first toss is heads (1/2). Land on 2: tails first (1/2) or heads-heads (1/4).
    assert landing_probabilities(four_square_race()) == {0: 0, 1: F(1, 2), 2: F(3, 4), 3: 1}


def test_first_passage_and_mean_of_the_four_square_race():
    # Paths to 3: 0-2-3 (1/2), 0-1-3 (1/4) in two turns; 0-1-2-3 (1/4) in three turns.
    board = four_square_race()
    assert first_passage(board, 3, turns=4) == {1: 0, 2: F(3, 4), 3: F(1, 4), 4: 0}
    # t2 = 1, t1 = 1 + t2/2 = 3/2, t0 = 1 + t1/2 + t2/2 = 9/4.
    assert expected_turns(board, 3) == F(9, 4)
    assert expected_turns(board, 3, start=1) == F(3, 2)
    assert long_run_shares(board) == {0: 0, 1: 0, 2: 0, 3: 1}


def test_go_back_space_by_hand():
    board = back_to_start()
    # t0 = 1 + t1/2 + t0/2 and t1 = 1 + t0/2 + t3/2 with t3 = 1: t0 = 7, t1 = 5.
    assert expected_turns(board, 4) == 7
    assert expected_turns(board, 4, start=1) == 5
    # Landing on 2 needs tails from 0 (1/2) or heads then heads (1/4); from 3 it is too late.
    # Nobody ever *lands* on 0: the go-back moves the token there without a landing.
    assert landing_probabilities(board) == {0: 0, 1: 1, 2: F(3, 4), 3: 1, 4: 1}
    # From 1: heads lands on 2 and goes back to 0; tails reaches 3, and from 3 only 4 follows.
    assert reach_probability(board, 0, start=1) == F(1, 2)


def test_long_run_shares_on_a_loop_with_a_go_back():
    # In the loop the token rests on 1 or 2 (landing on 3 sends it to 1).
    # From 1: heads -> 2, tails -> 3 -> 1. From 2: heads -> 3 -> 1, tails -> 1 (wraps).
    # pi1 = pi1/2 + pi2 and pi2 = pi1/2, so pi = (2/3, 1/3).
    assert long_run_shares(small_loop()) == {0: 0, 1: F(2, 3), 2: F(1, 3), 3: 0}


def test_a_loop_without_jumps_is_shared_equally():
    # A fair die on a circle: every column of the loop's matrix adds up to 1 too.
    board = RollAndMoveBoard(spaces=8, loop_start=2)
    shares = long_run_shares(board)
    assert [shares[i] for i in range(2, 8)] == [F(1, 6)] * 6
    # From 0 a 1 lands on space 1 (one more turn, then any roll enters); 2-6 enter at once.
    assert expected_turns(board, range(2, 8)) == 1 + F(1, 6) * 1


def test_wrap_around_of_the_loop():
    board = RollAndMoveBoard(spaces=45, loop_start=39)
    assert board.land(44, 1) == 39
    assert board.land(42, 6) == 42
    assert board.land(38, 6) == 44
    assert RollAndMoveBoard(spaces=10).land(8, 6) == 9  # a final square stops the token


@settings(max_examples=30, deadline=None)
@given(spaces=st.integers(3, 9), sides=st.integers(1, 4), data=st.data())
def test_rows_sum_to_one_and_first_passage_sums_to_one(spaces, sides, data):
    jump_from = data.draw(st.integers(1, spaces - 2))
    jump_to = data.draw(st.integers(0, spaces - 2).filter(lambda t: t != jump_from))
    board = RollAndMoveBoard(spaces=spaces, die=Distribution.uniform(range(1, sides + 1)),
                             jumps={jump_from: jump_to})
    matrix = transition_matrix(board)
    assert all(sum(matrix.row(i)) == 1 for i in range(spaces))
    target = spaces - 1
    if reach_probability(board, target) == 1:
        # The mean from first_passage's tail must approach expected_turns from below.
        passage = first_passage(board, target, turns=60)
        assert sum(passage.values()) <= 1
        assert sum(k * p for k, p in passage.items()) <= expected_turns(board, target)


def test_solve_linear_against_sympy():
    equations = {0: {0: F(2), 1: F(1)}, 1: {0: F(1), 1: F(3), 2: F(-1)}, 2: {1: F(1), 2: F(4)}}
    rhs = {0: F(1), 1: F(2), 2: F(3)}
    ours = solve_linear(equations, rhs)
    a = sympy.Matrix([[2, 1, 0], [1, 3, -1], [0, 1, 4]])
    theirs = a.LUsolve(sympy.Matrix([1, 2, 3]))
    assert [sympy.Rational(ours[i].numerator, ours[i].denominator) for i in range(3)] == list(theirs)


def test_simulation_agrees_with_the_exact_landing_chances():
    board = back_to_start()
    trials = 20_000
    counts = simulate_landings(board, trials, turns=60, rng=make_rng(1))
    exact = landing_probabilities(board)
    for space, p in exact.items():
        assert abs(counts[space] / trials - float(p)) < 0.015
    times = simulate_reach_turns(board, 4, trials, turns=200, rng=make_rng(2))
    assert (times > 0).all()
    assert abs(times.mean() - 7) < 0.15


@pytest.mark.parametrize("kwargs, words", [
    ({"spaces": 1}, "at least 2"),
    ({"spaces": 5, "jumps": {2: 7}}, "not a space"),
    ({"spaces": 5, "jumps": {2: 2}}, "itself"),
    ({"spaces": 5, "jumps": {4: 1}}, "final square"),
    ({"spaces": 5, "loop_start": 4}, "loop_start"),
    ({"spaces": 5, "die": Distribution.uniform([0, 1])}, "at least 1"),
])
def test_bad_boards_are_refused(kwargs, words):
    with pytest.raises(InvalidArgumentError, match=words):
        RollAndMoveBoard(**kwargs)


def test_bad_questions_are_refused():
    board = back_to_start()
    with pytest.raises(InvalidArgumentError, match="not a space"):
        expected_turns(board, 9)
    with pytest.raises(InvalidArgumentError, match="jump space"):
        landing_probabilities(board, start=2)
    trap = RollAndMoveBoard(spaces=6, die=COIN, loop_start=3)
    with pytest.raises(InvalidArgumentError, match="infinite"):
        expected_turns(trap, 1)  # 1 is missed with probability 1/2, then never reached
    two_ends = RollAndMoveBoard(spaces=6, die=Distribution.uniform([1, 2]), jumps={1: 5})
    assert long_run_shares(two_ends)[5] == 1


def test_expected_landings_by_hand():
    # Turns begun on 0, 1, 3: v0 = 1 + v0/2 + v1/2, v1 = v0/2, v3 = v1/2, so (4, 2, 1).
    # Landings: on 1 = v0/2 = 2; on 2 = v0/2 + v1/2 = 3; on 3 = v1/2 = 1; the final square
    # 4 is the closed class and is left out. v0 + v1 + v3 = 7 = the expected turns.
    assert expected_landings(back_to_start()) == {0: 0, 1: 2, 2: 3, 3: 1}
    assert expected_landings(four_square_race()) == {0: 0, 1: F(1, 2), 2: F(3, 4)}


def test_jumps_given_as_a_list_are_refused_with_an_example():
    """``jumps=[3, 11]`` raised "cannot convert dictionary update sequence" from inside."""
    with pytest.raises(InvalidArgumentError, match=r"^jumps must be a dictionary \{from: to\}"):
        RollAndMoveBoard(spaces=25, jumps=[3, 11])
