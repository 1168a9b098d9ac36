"""Quiet as a Mouse benchmark: simulated games per second, and the time of the exact analysis.

Run:  .venv/bin/python benchmarks/quiet_as_a_mouse.py
"""

from __future__ import annotations

import time
from fractions import Fraction

from haba_lessons.games.quiet_as_a_mouse import (STRATEGIES, blocked_as_castle_fills,
                                                 exact_game_value, make_skills, simulate_games)
from haba_lessons.simulation import make_rng


def main() -> None:
    print("Simulated games per second (rules engine, p = 0.7, q = 0.05, 'most open'):")
    for players in (2, 3, 4):
        games = 300
        start = time.perf_counter()
        simulate_games(games, players, make_skills(players, p=0.7, q=0.05), make_rng(1))
        seconds = time.perf_counter() - start
        print(f"  {players} players: {games / seconds:8.1f} games/s  ({games} games in {seconds:.2f} s)")

    print("Blocked-roll curve, exact, 12 castle sizes:")
    for strategy in STRATEGIES:
        start = time.perf_counter()
        blocked_as_castle_fills(strategy)
        print(f"  {strategy:16s} {time.perf_counter() - start:6.2f} s")

    print("Exact game value (expected turns, win chance by seat), p = 1/2, q = 0, 'most open';")
    print("fractions (exact=True) and the same equations in floating point (exact=False):")
    for players in (2, 3, 4):
        for exact in (True, False):
            start = time.perf_counter()
            value = exact_game_value(players, make_skills(players, p=Fraction(1, 2)), exact=exact)
            seconds = time.perf_counter() - start
            print(f"  {players} players, {'fractions' if exact else 'floats   '}: {seconds:6.2f} s, "
                  f"{value.states} (castle, hands) levels, "
                  f"E[turns] = {float(value.expected_turns):.6f}")


if __name__ == "__main__":
    main()
