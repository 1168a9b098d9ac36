"""Simulation: whole games, the tournament, and the vectorized turns against the engine."""

from __future__ import annotations

import numpy as np
import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.spookies import Rules, new_game, reward_table_from_rows
from haba_lessons.games.spookies.analysis import solve_turn
from haba_lessons.games.spookies.simulate import (engine_turns, play_game, policy_array,
                                                  simulate_turns, stop_after_array,
                                                  tournament)
from haba_lessons.games.spookies.strategies import STRATEGIES, named

RULES = Rules.standard()


def test_the_engine_twin_of_the_kernel_plays_the_policys_turns():
    """The kernel's engine side, checked by hand on two turns: from the start with 4 dice,
    6 6 1 1 reaches >=5 (1 chip), then "stop after 1" stops; from >=9 with 2 chips held,
    3 1 1 1 falls to the start: 5 spaces, all 2 chips paid."""
    policy = stop_after_array(1)
    dice = np.ones((2, 200, 4), dtype=int)
    dice[0, 0] = (6, 6, 1, 1)
    dice[1, 0] = (3, 1, 1, 1)
    batch = engine_turns(policy, np.array([0, 5]), 2, chips=np.array([0, 2]), dice=dice)
    assert list(batch.net) == [1, -2] and list(batch.positions) == [1, 0]
    assert list(batch.rolls) == [1, 1]
    fast = simulate_turns(policy, np.array([0, 5]), 2, chips=np.array([0, 2]), dice=dice)
    assert list(fast.net) == [1, -2]


def test_vectorized_mean_converges_to_the_exact_value():
    policy = solve_turn(RULES)
    batch = simulate_turns(policy_array(policy), 0, 100_000, np.random.default_rng(5))
    mean, low, high = batch.mean_interval()
    assert low < float(policy.value(0, first_roll=True)) < high


def test_vectorized_bad_input():
    good = stop_after_array(2)
    rng = np.random.default_rng(1)
    with pytest.raises(InvalidArgumentError, match="first roll"):
        simulate_turns(np.zeros((8, 2), dtype=int), 0, 10, rng)
    with pytest.raises(InvalidArgumentError, match="8 rows"):
        simulate_turns(good[:3], 0, 10, rng)
    with pytest.raises(InvalidArgumentError, match="0 .start. to 7"):
        simulate_turns(good, 9, 10, rng)
    with pytest.raises(InvalidArgumentError, match="only 1 roll per turn"):
        simulate_turns(good, 0, 4, dice=np.full((4, 1, 4), 6))


def test_games_are_seeded_and_end_with_an_empty_stockpile():
    mix = ["optimal", "greedy", "cautious", "random", "stop after 2"]
    first = play_game(mix, seed=3)
    assert first == play_game(mix, seed=3)
    assert first != play_game(mix, seed=4)
    total = sum(first.chips)
    assert total <= 75 and set(first.winners) <= set(range(5))
    assert max(first.points) == first.points[first.winners[0]]


def test_every_strategy_plays_only_legal_actions():
    for name in STRATEGIES:
        for seed in range(3):
            game = new_game(3, seed=seed, free_choice=seed == 2)
            bot = named(name)
            rng = np.random.default_rng(seed)
            while not game.is_over:
                if game.is_chance_node:
                    game.sample_chance()
                else:
                    action = bot(game, rng)
                    assert action in game.legal_actions()
                    game.apply(action)
            assert game.chip_total() == 75


def test_tournament_table():
    table = tournament(["optimal", "cautious"], 12, seed=1, free_choice=True)
    assert list(table["strategy"]) == ["optimal", "cautious"]
    assert table["wins"].sum() >= 12
    assert ((table["95% CI low"] <= table["win rate"])
            & (table["win rate"] <= table["95% CI high"])).all()


def test_unknown_strategy_and_endless_game():
    with pytest.raises(InvalidArgumentError, match="unknown strategy"):
        named("lucky")
    assert named("stop after 5").name == "stop after 5"
    zero = Rules.standard(reward_table_from_rows([[0, 0, 0]] * 7))
    with pytest.raises(InvalidArgumentError, match="did not end"):
        play_game(["cautious", "cautious"], rules=zero)


def test_tournament_mean_points_interval_is_the_normal_interval_of_the_games():
    from haba_lessons.games.spookies.simulate import play_game
    import statistics
    table = tournament(["optimal", "cautious"], 6, seed=5).set_index("strategy")
    optimal = []                                  # replay the same games: seats rotate
    for g in range(6):
        order = ["optimal", "cautious"] if g % 2 == 0 else ["cautious", "optimal"]
        optimal.append(play_game(order, seed=5 + g).points[order.index("optimal")])
    mean = statistics.mean(optimal)
    half = 1.96 * statistics.stdev(optimal) / 6 ** 0.5
    assert table.loc["optimal", "mean points"] == round(mean, 1)
    assert table.loc["optimal", "points 95% low"] == round(mean - half, 1)
    assert table.loc["optimal", "points 95% high"] == round(mean + half, 1)


def test_one_game_is_refused_where_mean_points_need_an_interval():
    """Notebook 03x with 120 games changed to 1: the points interval was nan to nan, and a
    later cell said "the estimate 33.0 must lie in its interval nan to nan"."""
    from haba_lessons.errors import InvalidArgumentError
    from haba_lessons.simulation import mean_interval
    with pytest.raises(InvalidArgumentError, match=r"^games: give at least 2, not 1: the mean "
                                                   r"points comes with an interval"):
        tournament(["optimal", "greedy"], 1, seed=1)
    with pytest.raises(InvalidArgumentError, match=r"at least 2 values, not 1: run at least 2"):
        mean_interval([3.0])
    two = tournament(["optimal", "greedy"], 2, seed=1)
    assert not two[["points 95% low", "points 95% high"]].isna().any().any()


@pytest.mark.parametrize("start", ["three", 2.5, True, [0, 1]])
def test_a_start_that_is_not_a_position_is_refused_by_name(start):
    """``start="three"`` raised numpy's ValueError; 2.5 was taken as 2."""
    from haba_lessons.errors import InvalidArgumentError
    with pytest.raises(InvalidArgumentError, match=r"^start: give a position from 0"):
        simulate_turns(stop_after_array(1), start, 5, np.random.default_rng(1))
