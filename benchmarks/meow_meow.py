"""Benchmark: Meow Meow rounds per second, against RLCard's UNO (same family of games).

    .venv/bin/python benchmarks/meow_meow.py [--seconds 3]

Meow Meow: full random rounds (deal, starting card, play to the last card) with the
"random card" bot in every seat, 2 and 4 children; card actions = cards played or drawn.
RLCard (optional, ``pip install rlcard``; never a dependency of the library): UNO with
random agents, both through its environment (``env.run``, what RLCard users call) and through
its bare game engine with a random legal action each step (steps = cards played or drawn).
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from haba_lessons.games.meow_meow import make_rules
from haba_lessons.games.meow_meow.simulate import play_round
from haba_lessons.simulation import make_rng


def timed(run_one, seconds: float) -> tuple[int, int, float]:
    """Run ``run_one() -> actions`` until ``seconds`` pass; (games, actions, elapsed)."""
    games = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        actions += run_one()
        games += 1
    return games, actions, elapsed


def report(label: str, games: int, actions: int, elapsed: float) -> float:
    rate = games / elapsed
    print(f"{label:<52} {rate:>10,.0f} games/s {actions / elapsed:>12,.0f} card actions/s "
          f"({games} games, {actions / games:.1f} actions per game)")
    return rate


def meow_meow(players: int, seconds: float) -> float:
    rules = make_rules(players)
    rng = make_rng(1)

    def one() -> int:
        return play_round(rules, rng).card_actions
    return report(f"Meow Meow, {players} children, random-card bots", *timed(one, seconds))


def rlcard_env(players: int, seconds: float) -> float:
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": 1, "game_num_players": players})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(players)])

    def one() -> int:
        trajectories, _ = env.run(is_training=False)
        return sum((len(t) - 1) // 2 for t in trajectories)
    return report(f"RLCard UNO env.run, {players} players, random agents", *timed(one, seconds))


def rlcard_game(players: int, seconds: float) -> float:
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)
    game.configure({"game_num_players": players})
    game.np_random.seed(1)
    chooser = random.Random(1)

    def one() -> int:
        game.init_game()
        steps = 0
        while not game.is_over():
            game.step(chooser.choice(game.get_legal_actions()))
            steps += 1
        return steps
    return report(f"RLCard UNO bare game, {players} players, random", *timed(one, seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    seconds = parser.parse_args().seconds
    print(f"Python {platform.python_version()} on {platform.machine()}")
    ours = {p: meow_meow(p, seconds) for p in (2, 4)}
    try:
        import rlcard
    except ImportError:
        print("RLCard is not installed (pip install rlcard): no comparison.")
        return
    print(f"rlcard {rlcard.__version__}")
    theirs_env = {p: rlcard_env(p, seconds) for p in (2, 4)}
    theirs_game = {p: rlcard_game(p, seconds) for p in (2, 4)}
    for p in (2, 4):
        print(f"{p} players: Meow Meow rounds/s = {ours[p] / theirs_env[p]:.1f} x RLCard UNO "
              f"env.run, {ours[p] / theirs_game[p]:.1f} x its bare game "
              f"(note: an UNO game is longer: 7-card hands, 108 cards)")


if __name__ == "__main__":
    main()
