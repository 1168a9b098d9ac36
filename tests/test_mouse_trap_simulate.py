"""The vectorized trap-completion study against the rules engine, on the same dice."""

from __future__ import annotations

import numpy as np
import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.mouse_trap import new_game
from haba_lessons.games.mouse_trap.rules import ROLL
from haba_lessons.games.mouse_trap.simulate import (engine_completion_turns, play_games,
                                                    trap_completion_turns)
from haba_lessons.games.mouse_trap.strategies import named


@pytest.mark.parametrize("strategy", ["never", "always"])
def test_the_engine_study_uses_one_roll_per_turn_whatever_the_bots_decide(strategy):
    """The kernel's engine side (checked against the kernel in test_kernels.py) with other
    bots: decisions cannot change when the trap is complete, and until then every turn is
    one roll of the mover's die."""
    dice = np.random.default_rng(4).integers(1, 7, size=(30, 400))
    assert (engine_completion_turns(30, 3, dice=dice, strategy=strategy)
            == engine_completion_turns(30, 3, dice=dice)).all()
    state, used = new_game(3), 0
    while state.trap_completed_on_turn is None:
        assert state.phase == ROLL or not state.is_chance_node   # no crank, no push yet
        if state.is_chance_node:
            state.apply_chance(int(dice[0, used]))
            used += 1
        else:
            state.apply(named(strategy)(state, np.random.default_rng(0)))
    assert used == state.trap_completed_on_turn


def test_seeded_and_close_to_the_engine_games_in_distribution():
    # Same seed, same turns; and the mean over 4000 vectorized games lies within 4 standard
    # errors of the mean of 300 engine games (false alarm < 1 in 10,000 for normal means).
    first = trap_completion_turns(4000, 3, np.random.default_rng(11))
    assert (first == trap_completion_turns(4000, 3, np.random.default_rng(11))).all()
    engine = np.array([r.trap_completed_on_turn for r in
                       play_games(300, 3, np.random.default_rng(12))], dtype=float)
    error = np.sqrt(first.var(ddof=1) / first.size + engine.var(ddof=1) / engine.size)
    assert abs(first.mean() - engine.mean()) < 4 * error


def test_bad_input():
    with pytest.raises(InvalidArgumentError, match="seeded rng"):
        trap_completion_turns(5, 3)
    with pytest.raises(InvalidArgumentError, match="players"):
        trap_completion_turns(5, 5, np.random.default_rng(1))
    with pytest.raises(InvalidArgumentError, match="only 3 turns"):
        trap_completion_turns(2, 2, dice=np.ones((2, 3), dtype=int))


def test_mean_estimate_by_hand():
    from haba_lessons.games.mouse_trap.simulate import mean_estimate
    # values 1, 2, 3, 4: mean 2.5, sample sd sqrt(5/3), half-width 1.96 * sqrt(5/3) / 2
    e = mean_estimate([1, 2, 3, 4])
    half = 1.96 * (5 / 3) ** 0.5 / 2
    assert (e.mean, e.n) == (2.5, 4)
    assert abs(e.low - (2.5 - half)) < 1e-12 and abs(e.high - (2.5 + half)) < 1e-12
    assert str(e) == "2.5 (95% CI 1.2 to 3.8, n = 4)"
    with pytest.raises(InvalidArgumentError, match="at least 2"):
        mean_estimate([3])


def test_a_trap_that_never_works_is_refused_before_any_game_is_played():
    """r = 0: nobody is ever caught, so a game cannot end; it used to run every game to the
    3000-turn cap (seconds per game) and report their length as 3000."""
    rng = np.random.default_rng(1)
    before = rng.bit_generator.state
    for r in ("0", 0, "0/4"):
        with pytest.raises(InvalidArgumentError, match="r = 0"):
            play_games(5, 3, rng, reliability=r)
    assert rng.bit_generator.state == before


def test_mean_length_refuses_games_stopped_at_the_cap():
    from haba_lessons.games.mouse_trap.simulate import mean_estimate, mean_length

    rng = np.random.default_rng(2)
    finished = play_games(4, 2, rng, reliability="1")
    assert str(mean_length(finished)) == str(mean_estimate([g.turns for g in finished]))
    stopped = play_games(3, 3, rng, reliability="1/100", max_turns=20)
    assert all(g.winner is None and g.turns == 20 for g in stopped)
    with pytest.raises(InvalidArgumentError, match="3 of 5 games were stopped unfinished"):
        mean_length(finished[:2] + stopped)
