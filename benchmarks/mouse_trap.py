"""Mouse Trap benchmarks: full games per second (engine), games up to the completed trap per
second (vectorized), and the time to solve the one-mouse chain.

    .venv/bin/python benchmarks/mouse_trap.py
"""

from __future__ import annotations

import time

from haba_lessons.games.mouse_trap import default_board
from haba_lessons.games.mouse_trap.analysis import loop_spaces
from haba_lessons.games.mouse_trap.simulate import play_games, trap_completion_turns
from haba_lessons.markov import (expected_landings, expected_turns, first_passage,
                                 landing_probabilities, long_run_shares, transition_matrix)
from haba_lessons.simulation import make_rng


def games_per_second(players: int, games: int = 600) -> float:
    rng = make_rng(1)
    start = time.perf_counter()
    play_games(games, players, rng)
    return games / (time.perf_counter() - start)


def timed(label: str, work) -> None:
    start = time.perf_counter()
    work()
    print(f"  {label:<48} {1000 * (time.perf_counter() - start):8.1f} ms")


def main() -> None:
    print("Full games (engine + 'reachable' bots, r = 3/4):")
    for players in (2, 3, 4):
        print(f"  {players} players: {games_per_second(players):8.0f} games per second")
    print("Games up to the completed trap, vectorized (10,000 games at once):")
    for players in (2, 3, 4):
        start = time.perf_counter()
        trap_completion_turns(10_000, players, make_rng(1))
        print(f"  {players} players: {10_000 / (time.perf_counter() - start):8.0f} games per second")
    from haba_lessons.explore.trap import TrapExplorer
    explorer = TrapExplorer(cranks=12)
    start = time.perf_counter()
    for step in range(100):
        explorer.slider.value = step % 21 / 20
    print(f"Trap explorer: {10 * (time.perf_counter() - start):.2f} ms per move of the r slider "
          f"(12 exact catch chances)")
    chain = default_board().to_markov()
    loop = loop_spaces(default_board())
    print("Exact one-mouse chain on the default board (45 spaces, Fractions):")
    timed("transition matrix (sympy, 45 x 45)", lambda: transition_matrix(chain))
    timed("landing chance of every space (45 solves)", lambda: landing_probabilities(chain))
    timed("expected landings (fundamental matrix)", lambda: expected_landings(chain))
    timed("expected turns to The Loop", lambda: expected_turns(chain, loop))
    timed("first-passage distribution, 50 turns", lambda: first_passage(chain, loop, 50))
    timed("long-run shares of the Loop spaces", lambda: long_run_shares(chain))

    def everything() -> None:
        landing_probabilities(chain)
        expected_landings(chain)
        expected_turns(chain, loop)
        first_passage(chain, loop, 50)
        long_run_shares(chain)
    timed("all of the above except the sympy matrix", everything)


if __name__ == "__main__":
    main()
