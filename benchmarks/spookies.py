"""Spookies speed figures: full bot games per second, vectorized turns per second, and the
time to solve the optimal single-turn policy.

    .venv/bin/python benchmarks/spookies.py
"""

from __future__ import annotations

import math
import time

import numpy as np

from haba_lessons.games.spookies import Rules
from haba_lessons.games.spookies.analysis import _roll_terms, _solver, solve_turn
from haba_lessons.games.spookies.simulate import play_game, policy_array, simulate_turns


def games_per_second(mix: list[str], games: int) -> float:
    start = time.perf_counter()
    for seed in range(games):
        play_game(mix, seed=seed)
    return games / (time.perf_counter() - start)


def main() -> None:
    rules = Rules.standard()
    repeats = 20
    start = time.perf_counter()
    for i in range(repeats):
        _solver.cache_clear()
        _roll_terms.cache_clear()
        policy = solve_turn(rules, penalties=(i % 3, 0, 0, 0, 0, 0, 0))
        for position in range(8):               # every state: positions, chips 0-7, attic
            for chips in range(8):
                for attic in (False, True):
                    policy.value(position, chips, attic=attic)
    solve_ms = (time.perf_counter() - start) / repeats * 1000
    print(f"optimal policy, exact Fractions, all 128 states from scratch: {solve_ms:.1f} ms")

    _solver.cache_clear()
    simple = ["cautious", "greedy", "stop after 2", "random"]
    print(f"full games, 4 bots {simple}: {games_per_second(simple, 100):.0f} games/s")
    mixed = ["optimal", "greedy", "cautious", "random"]
    print(f"full games, 4 bots {mixed}: {games_per_second(mixed, 100):.0f} games/s")

    table = policy_array(solve_turn(rules))
    turns = 1_000_000
    best = math.inf
    for seed in (1, 2, 3):                          # best of three: the machine is shared
        start = time.perf_counter()
        batch = simulate_turns(table, 0, turns, np.random.default_rng(seed), rules=rules)
        best = min(best, time.perf_counter() - start)
    print(f"vectorized single turns (optimal policy from the start), best of 3 runs: "
          f"{turns / best:,.0f} turns/s ({int(batch.rolls.sum()):,} rolls per run)")

if __name__ == "__main__":
    main()
