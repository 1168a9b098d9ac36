"""The vectorized trap-completion study against the rules engine, on the same dice."""

from __future__ import annotations

import numpy as np
import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.mouse_trap import new_game
from haba_lessons.games.mouse_trap.rules import ROLL
from haba_lessons.games.mouse_trap.simulate import play_games, trap_completion_turns
from haba_lessons.games.mouse_trap.strategies import get_strategy


def engine_completion_turn(players: int, dice_row: np.ndarray, strategy: str) -> int:
    """Play the engine with the bots, taking die rolls from ``dice_row`` in order, until the
    trap is complete; return the engine's own ``trap_completed_on_turn``."""
    state, bot, used = new_game(players), get_strategy(strategy), 0
    while state.trap_completed_on_turn is None:
        if state.is_chance_node:
            assert state.phase == ROLL      # no crank and no push before the trap is built
            state.apply_action(int(dice_row[used]))
            used += 1
        else:
            state.apply_action(bot(state))
    assert used == state.trap_completed_on_turn   # one roll per turn until then
    return state.trap_completed_on_turn


@pytest.mark.parametrize("players", [2, 3, 4])
def test_completion_turn_equals_the_engine_game_by_game(players):
    games = 60
    dice = np.random.default_rng(players).integers(1, 7, size=(games, 400))
    fast = trap_completion_turns(games, players, dice=dice)
    for g in range(games):
        strategy = ("never", "always", "reachable")[g % 3]   # decisions cannot matter here
        assert fast[g] == engine_completion_turn(players, dice[g], strategy)


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
    half = 1.959963984540054 * (5 / 3) ** 0.5 / 2
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
