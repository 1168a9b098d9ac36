"""Simulation: whole games, the tournament, and the vectorized turns against the engine."""

from __future__ import annotations

import numpy as np
import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.spookies import Rules, new_game, reward_table_from_rows
from haba_lessons.games.spookies.analysis import solve_turn
from haba_lessons.games.spookies.simulate import (greedy_array, play_game, policy_array,
                                                  simulate_turns, stop_after_array,
                                                  tournament)
from haba_lessons.games.spookies.strategies import STRATEGIES, get_strategy

RULES = Rules.standard()


def engine_turn(policy, start, held, dice_rows):
    """One turn through the rules engine, the dice taken from ``dice_rows`` in order."""
    game = new_game(2, seed=0)
    game.positions[2] = start
    game.chips[0] = [game.stockpile.pop() for _ in range(held)]
    game.apply_chance("Hanja")
    step = 0
    while game.current == 0:
        k = int(policy[game.positions[2], min(game.successes, policy.shape[1] - 1)])
        if k == 0:
            game.stop()
            break
        game.roll(k)
        game.apply_chance(tuple(int(f) for f in dice_rows[step, :k]))
        step += 1
    return len(game.chips[0]) - held, game.positions[2], step


@pytest.mark.parametrize("name", ["optimal", "optimal poor", "stop after 3", "greedy"])
def test_vectorized_turns_equal_the_engine_with_the_same_dice(name):
    rng = np.random.default_rng(7)
    turns = 300
    policy = {"optimal": policy_array(solve_turn(RULES)),
              "optimal poor": policy_array(solve_turn(RULES, held=1), chips=1),
              "stop after 3": stop_after_array(3, dice=3),
              "greedy": greedy_array(RULES)}[name]
    start = rng.integers(0, 8, size=turns)
    held = rng.integers(0, 9, size=turns)
    dice = rng.integers(1, 7, size=(turns, 200, 4))
    batch = simulate_turns(policy, start, turns, rules=RULES, chips=held, dice=dice)
    for t in range(turns):
        net, position, rolls = engine_turn(policy, int(start[t]), int(held[t]), dice[t])
        assert (batch.net[t], batch.positions[t], batch.rolls[t]) == (net, position, rolls)


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
    with pytest.raises(InvalidArgumentError, match="only 1 rolls"):
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
            bot = get_strategy(name)
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
        get_strategy("lucky")
    assert get_strategy("stop after 5").name == "stop after 5"
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
