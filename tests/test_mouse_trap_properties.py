"""Invariants over many seeded games, bots, and the Markov chain against simulation."""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import step

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.mouse_trap import SpendCheese, default_board, new_game, position
from haba_lessons.games.mouse_trap.analysis import (catch_within, expected_path_builds,
                                                    known_and_assumed, landing_rows,
                                                    turns_to_loop_distribution)
from haba_lessons.games.mouse_trap.analysis import turns_to_loop as turns_to_loop_exact
from haba_lessons.games.mouse_trap.rules import ROLL
from haba_lessons.games.mouse_trap.simulate import play_games, win_rates
from haba_lessons.games.mouse_trap.strategies import STRATEGIES
from haba_lessons.markov import (landing_probabilities, reach_probability,
                                 simulate_landings)
from haba_lessons.simulation import make_rng, sample_outcome


def random_game(seed: int, players: int, r, steps: int = 1500):
    """Play with random legal choices; yield (state before, action, state after) checks."""
    rng = make_rng(seed)
    state = new_game(players, reliability=r)
    board = state.board
    for _ in range(steps):
        if state.is_over:
            break
        before_parts, before_phase, mover = state.parts, state.phase, state.current
        position = state.positions[mover]
        if state.is_chance_node:
            action = sample_outcome(state.chance_outcomes(), rng)
        else:
            actions = state.legal_actions()
            action = actions[rng.integers(len(actions))]
        step(state, action)
        assert state.pile + sum(state.cheese) == 52
        assert state.pile >= 0 and min(state.cheese) >= 0
        assert before_parts <= state.parts <= 24
        assert all(c == 0 for c, caught in zip(state.cheese, state.captured) if caught)
        if state.parts > before_parts:
            assert before_phase == ROLL
            space = board.spaces[board.land(position, action)]
            assert space.kind == "build" and players in space.players
            if players == 4:
                assert space.players == (2, 3, 4) or board.in_loop(space.number)
            added = state.parts - before_parts
            assert added == 1 or (board.in_loop(space.number) and added == 2)
    return state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4),
       r=st.sampled_from([F(0), F(1, 3), F(1)]))
def test_cheese_is_conserved_and_parts_only_grow(seed, players, r):
    random_game(seed, players, r)


def test_many_seeded_four_player_games_build_only_where_allowed():
    finished = 0
    for seed in range(12):
        state = random_game(seed, 4, F(1, 2), steps=6000)
        finished += state.is_over
    assert finished > 0


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_bot_games_end_with_one_mouse_left(name):
    records = play_games(40, 3, make_rng(5), reliability=1, strategies=name)
    assert all(r.winner is not None and r.catches >= 1 for r in records)
    assert all(r.trap_completed_on_turn <= r.turns for r in records)
    rates = win_rates(records)
    assert sum(e.successes for e in rates.values()) == 40


def test_a_trap_that_never_works_never_ends_the_game():
    """The engine with r = 0, one game at a time (play_games refuses r = 0 outright)."""
    from haba_lessons.games.mouse_trap.simulate import play_game

    rng, bots = make_rng(6), [STRATEGIES["reachable"]] * 2
    records = [play_game(new_game(2, reliability=0), bots, rng, max_turns=400)
               for _ in range(3)]
    assert all(r.winner is None and r.turns == 400 and r.catches == 0 for r in records)
    assert all(r.cranks > 0 for r in records)          # the crank was turned, and never worked


def test_reachable_spends_only_on_a_mouse_within_one_roll():
    def at_crank(third):
        state = position(3, mice=[41, 30, third], parts=24, cheese=[2, 0, 0], reliability=1)
        state.apply_chance(1)  # mouse 1 lands on Turn Crank
        return state

    rng = make_rng(0)
    assert STRATEGIES["reachable"](at_crank(40), rng) == SpendCheese(2)  # 4 from the wheel
    safe = at_crank(39)                                       # Safe: cannot be moved
    assert STRATEGIES["reachable"](safe, rng).__class__.__name__ == "EndTurn"
    assert STRATEGIES["always"](safe, rng) == SpendCheese(1)  # far away, but always spends
    assert STRATEGIES["never"](safe, rng).__class__.__name__ == "EndTurn"


def test_unknown_strategy_and_wrong_count():
    with pytest.raises(InvalidArgumentError, match="unknown strategy"):
        play_games(1, 2, make_rng(0), strategies="greedy")
    with pytest.raises(InvalidArgumentError, match="one strategy per seat"):
        play_games(1, 2, make_rng(0), strategies=["never"])


# --- the Markov chain of one mouse against simulation -----------------------------------------

def test_one_mouse_reaches_the_loop_for_sure():
    chain = default_board().to_markov()
    assert reach_probability(chain, range(39, 45)) == 1
    assert all(landing_probabilities(chain)[s] == 1 for s in range(39, 45))


def test_exact_landing_chances_agree_with_a_vectorized_simulation():
    chain = default_board().to_markov()
    exact = landing_probabilities(chain)
    trials = 20_000
    counts = simulate_landings(chain, trials, turns=40, rng=make_rng(11))
    for space in range(39):
        assert abs(counts[space] / trials - float(exact[space])) < 0.015, space


def test_exact_landing_chances_agree_with_the_rules_engine():
    """Mouse 1's own moves in real games (no cheese is ever spent) are the one-mouse chain."""
    board = default_board()
    exact = landing_probabilities(board.to_markov())
    rng = make_rng(12)
    games, landed = 1500, np.zeros(45)
    turns_to_loop, build_landings = [], []
    builds_for_two = {s.number for s in board.spaces if s.kind == "build" and 2 in s.players
                      and not board.in_loop(s.number)}
    for _ in range(games):
        state = new_game(2, reliability=1)
        seen, turn, builds = set(), 0, 0
        while not board.in_loop(state.positions[0]):
            if state.phase == ROLL and state.current == 0:
                face = sample_outcome(state.chance_outcomes(), rng)
                landing = board.land(state.positions[0], face)
                seen.add(landing)
                builds += landing in builds_for_two
                turn += 1
                state.apply_chance(face)
            elif state.is_chance_node:
                state.sample_chance(rng)
            else:
                state.apply(STRATEGIES["never"](state, rng))
        turns_to_loop.append(turn)
        build_landings.append(builds)
        landed[list(seen)] += 1
    for space in range(39):
        assert abs(landed[space] / games - float(exact[space])) < 0.04, space
    for values, exact_mean in ((turns_to_loop, turns_to_loop_exact(board)),
                               (build_landings, expected_path_builds(board, 2))):
        assert abs(np.mean(values) - float(exact_mean)) < 3 * np.std(values) / np.sqrt(games)


def test_analysis_helpers():
    board = default_board()
    # Both cranks fail with chance (1/4)^2, so a catch within 2 has 1 - 1/16 = 15/16.
    assert catch_within("3/4", 2) == F(15, 16) and catch_within(1, 0) == 0
    with pytest.raises(InvalidArgumentError, match="reliability"):
        catch_within(1.5, 2)
    rows = landing_rows(board)
    assert [r["space"] for r in rows] == list(range(39))
    # By hand: space 2 is reached by a 2 from START (1/6) or 1 then 1 via space 1, a build
    # space with no jump (1/36): 7/36. Nothing sends a mouse back below 2, so it lands there
    # at most once and the expected number of landings is the same 7/36.
    assert board.spaces[1].kind == "build"
    assert rows[2]["P(lands)"] == F(7, 36) and rows[2]["expected landings"] == F(7, 36)
    passage = turns_to_loop_distribution(board, turns=60)
    assert passage[1] == 0 and 1 - sum(passage.values()) < F(1, 10**6)
    # More players, fewer build spaces that work for you: 2 > 3 > 4.
    builds = [expected_path_builds(board, n) for n in (2, 3, 4)]
    assert builds[0] > builds[1] > builds[2] > 0
    table = known_and_assumed(board)
    provenance = {row["what"]: row["provenance"] for row in table}
    assert provenance["spaces"] == "assumption" and provenance["cheese_pieces"] == "rulebook"
    assert sum(row["provenance"] == "interpretation" for row in table) >= 5


def test_cheese_leaders_are_recorded_when_the_trap_is_complete():
    records = play_games(30, 4, make_rng(8), reliability=F(1, 2))
    for r in records:
        assert r.leaders and all(0 <= s < 4 for s in r.leaders)
        assert r.leader_won == (r.winner in r.leaders)
