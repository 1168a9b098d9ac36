"""Notebook 10's numbers, recomputed without haba_lessons.markov.

Each board is written out here as its own float transition system (numpy) from the rules as
the notebook states them, and solved by a linear solve or value iteration. None of the
library's code is used, so these are an outside check of the prose (notebook 10's section 3;
extension 10x's section 1, exercise 2's key and the loop shares of section 2).
"""

from __future__ import annotations

from fractions import Fraction as F
from itertools import product

import numpy as np
import pytest

from haba_lessons.exercises import check

LAST = 24
JUMPS = {3: 11, 13: 19, 8: 2, 17: 5, 22: 14}


def _move(i: int, steps: int, finish: str, jumps: dict[int, int]) -> int:
    """Where a token on ``i`` rests after ``steps`` (a jump is taken; no chains)."""
    t = i + steps
    if t > LAST:
        if finish == "reach":
            t = LAST
        elif finish == "exact":
            return i
        else:  # bounce
            t = 2 * LAST - t
    return jumps.get(t, t)


def _mean_turns(finish: str, jumps: dict[int, int], extra=frozenset(), lost=frozenset()) -> float:
    """Expected turns from 0 to 24 with one die; extra rolls cost 0, a lost turn costs 1."""
    states = [(i, "roll") for i in range(LAST + 1)] + [(e, "again") for e in extra] \
        + [(s, "skip") for s in lost]
    index = {s: k for k, s in enumerate(states)}
    a, b = np.eye(len(states)), np.zeros(len(states))
    for (i, mode), k in index.items():
        if i == LAST:
            continue
        b[k] = 0 if mode == "again" else 1
        if mode == "skip":
            a[k, index[i, "roll"]] -= 1
            continue
        for steps in range(1, 7):
            t = i + steps
            if t > LAST and finish == "exact":
                nxt = (i, "roll")
            elif t in extra:
                nxt = (t, "again")
            elif t in lost:
                nxt = (t, "skip")
            else:
                nxt = (_move(i, steps, finish, jumps), "roll")
            a[k, index[nxt]] -= 1 / 6
    return float(np.linalg.solve(a, b)[0])


def _two_dice(policy: str, finish: str = "exact") -> np.ndarray:
    """Expected turns from every space with two dice, by value iteration (Bellman for 'fastest')."""
    values = np.zeros(LAST + 1)
    for _ in range(100_000):
        new = np.zeros(LAST + 1)
        for i in range(LAST):
            total = 0.0
            for a, b in product(range(1, 7), repeat=2):
                if policy == "largest":
                    total += values[_move(i, max(a, b), finish, JUMPS)]
                elif policy == "smallest":
                    total += values[_move(i, min(a, b), finish, JUMPS)]
                else:
                    total += min(values[_move(i, s, finish, JUMPS)] for s in (a, b))
            new[i] = 1 + total / 36
        if np.max(np.abs(new - values)) < 1e-12:
            return new
        values = new
    raise AssertionError("value iteration did not converge")


def test_section_3_the_three_finish_rules_and_the_extra_and_lost_turns():
    assert round(_mean_turns("exact", JUMPS), 3) == 13.494
    assert round(_mean_turns("reach", JUMPS), 3) == 8.947
    assert round(_mean_turns("bounce", JUMPS), 3) == 15.858
    assert round(_mean_turns("exact", JUMPS, extra={6, 15}, lost={10, 20}), 3) == 13.455


def test_10x_section_1_policies_and_why_largest_is_slow():
    fastest, largest, smallest = (_two_dice(p) for p in ("fastest", "largest", "smallest"))
    assert (round(fastest[0], 3), round(largest[0], 3), round(smallest[0], 3)) \
        == (7.115, 23.575, 16.197)
    # from 23 only a 1 finishes: P(larger die = 1) = 1/36, P(some die = 1) = 11/36
    assert largest[23] == pytest.approx(36) and fastest[23] == pytest.approx(36 / 11)
    assert smallest[23] == pytest.approx(36 / 11)
    assert round(_two_dice("largest", "reach")[0], 3) == 6.856
    # the smaller of two dice averages sum P(min >= k) = (36 + 25 + 16 + 9 + 4 + 1) / 36
    assert F(sum(min(a, b) for a, b in product(range(1, 7), repeat=2)), 36) == F(91, 36)


def test_10x_exercise_2_the_worst_single_snake_is_on_23():
    means = {s: _mean_turns("exact", {s: 0}) for s in range(1, 24)}
    worst = max(means, key=means.get)
    assert worst == 23 and round(means[23], 1) == 17.8
    assert check("10x.2", worst).ok and not check("10x.2", 22).ok


def test_10x_section_2_loop_shares_by_hand_against_the_library():
    from haba_lessons.markov import RollAndMoveBoard, long_run_shares

    # Loop 2..7 has six spaces, so from any loop space a die lands on each loop space once:
    # the landings are uniform, whatever the position. Jump 6 -> 3 doubles space 3.
    landing = {s: F(1, 6) for s in range(2, 8)}
    shares = {s: landing[s] for s in (2, 4, 5, 7)} | {3: landing[3] + landing[6]}
    library = long_run_shares(RollAndMoveBoard(spaces=8, loop_start=2, jumps={6: 3}))
    assert {s: v for s, v in library.items() if v} == shares
    assert shares[3] == F(1, 3)
    # Lost turn on 5: a = share of "on 5, turn lost" = (1 - a) / 6 (only rolling turns land),
    # so a = 1/7, and the turn after it is spent on 5 too.
    a = F(1, 7)
    assert a == (1 - a) / 6
    library = long_run_shares(RollAndMoveBoard(spaces=8, loop_start=2, lost_turn={5}))
    assert library[5] == 2 * a == F(2, 7) and all(library[s] == a for s in (2, 3, 4, 6, 7))
