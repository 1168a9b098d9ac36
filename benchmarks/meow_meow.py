"""Benchmark: Meow Meow rounds per second, against RLCard's UNO (same family of games).

    .venv/bin/python benchmarks/meow_meow.py [--seconds 4]

Meow Meow: full random rounds (deal, starting card, play to the last card) with the
"random card" bot in every seat, 2 and 4 children; card actions = cards played or drawn.
"general engine" plays them through the engine's public play loop (every action checked by
the rules, every card a chance node), as any other bot is played; the kernel "random-card
round" plays the same rounds with the same random numbers in one loop (see
tests/test_kernels.py), for comparison. Both draw their numbers as the course's studies do:
one generator for all the rounds, its numbers drawn ahead (``engine.ahead``: the same
numbers); "plain generator" is the general engine asking numpy one number at a time.
RLCard (optional, ``pip install rlcard``; never a dependency of the library): UNO with
random agents, both through its environment (``env.run``, what RLCard users call) and through
its bare game engine with a random legal action each step (steps = cards played or drawn).
An UNO game is a little longer (7-card hands), so card actions per second is the fairer
figure. The contenders run in turn, in short bursts, and each one's best burst is reported.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from haba_lessons.engine import DrawnAhead, play
from haba_lessons.games.meow_meow import make_rules, new_game
from haba_lessons.games.meow_meow.simulate import MAX_TURNS, RANDOM_ROUNDS
from haba_lessons.games.meow_meow.strategies import random_card
from haba_lessons.simulation import make_rng


def measure(runs: dict, seconds: float, bursts: int = 5) -> dict:
    """Rates of each ``run_one() -> actions`` in ``runs``: interleaved bursts, best burst kept.

    The machine may be shared: running the contenders in turn, several times, and keeping
    each one's best burst compares them under the same conditions; time is this process's
    CPU time (``time.process_time``), which other programs on the machine do not inflate.
    """
    best: dict = {}
    for _ in range(bursts):
        for label, run_one in runs.items():
            games = actions = 0
            start = time.process_time()
            while (elapsed := time.process_time() - start) < seconds / bursts:
                actions += run_one()
                games += 1
            rate = (games / elapsed, actions / elapsed, actions / games)
            if label not in best or rate[0] > best[label][0]:
                best[label] = rate
    for label, (games, actions, per_game) in best.items():
        print(f"{label:<52} {games:>10,.0f} games/s {actions:>12,.0f} card actions/s "
              f"({per_game:.1f} actions per game)")
    return best


def meow_meow(players: int):
    rules = make_rules(players)
    rng = DrawnAhead(make_rng(1))

    def one() -> int:
        return RANDOM_ROUNDS.run(rules, rng).card_actions
    return one


def meow_meow_engine(players: int, ahead: bool = True):
    rules = make_rules(players)
    rng = DrawnAhead(make_rng(1)) if ahead else make_rng(1)
    bots = [random_card] * players

    def one() -> int:
        state = play(new_game(rules=rules), bots, rng=rng, max_turns=MAX_TURNS,
                     stop_at_limit=True)
        return state.card_actions
    return one


def rlcard_env(players: int):
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": 1, "game_num_players": players})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(players)])

    def one() -> int:
        trajectories, _ = env.run(is_training=False)
        return sum((len(t) - 1) // 2 for t in trajectories)
    return one


def rlcard_game(players: int):
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)
    game.configure({"game_num_players": players})
    game.np_random.seed(1)
    chooser = random.Random(1)

    def one() -> int:
        game.init_game()
        steps = 0
        while not game.is_over():   # RLCard: a method (our protocol: a property)
            game.step(chooser.choice(game.get_legal_actions()))
            steps += 1
        return steps
    return one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="time per contender")
    seconds = parser.parse_args().seconds
    print(f"Python {platform.python_version()} on {platform.machine()}")
    runs = {f"Meow Meow, {p} children, random-card bots": meow_meow(p) for p in (2, 4)}
    runs.update({f"Meow Meow general engine, {p} children": meow_meow_engine(p)
                 for p in (2, 4)})
    runs.update({f"Meow Meow general engine, {p} children, plain generator":
                 meow_meow_engine(p, ahead=False) for p in (2, 4)})
    try:
        import rlcard
    except ImportError:
        print("RLCard is not installed (pip install rlcard): no comparison.")
        measure(runs, seconds)
        return
    print(f"rlcard {rlcard.__version__}")
    for p in (2, 4):
        runs[f"RLCard UNO env.run, {p} players, random agents"] = rlcard_env(p)
        runs[f"RLCard UNO bare game, {p} players, random"] = rlcard_game(p)
    best = measure(runs, seconds)
    for p in (2, 4):
        ours = best[f"Meow Meow, {p} children, random-card bots"]
        env = best[f"RLCard UNO env.run, {p} players, random agents"]
        bare = best[f"RLCard UNO bare game, {p} players, random"]
        engine = best[f"Meow Meow general engine, {p} children"]
        plain = best[f"Meow Meow general engine, {p} children, plain generator"]
        print(f"{p} players: Meow Meow does {ours[0] / env[0]:.1f}x the games/s of RLCard UNO "
              f"env.run and {ours[0] / bare[0]:.1f}x its bare game; card actions/s "
              f"{ours[1] / env[1]:.1f}x and {ours[1] / bare[1]:.1f}x (general engine: "
              f"{engine[1] / bare[1]:.2f}x the bare game's card actions/s; with a plain "
              f"generator {plain[1] / bare[1]:.2f}x)")


if __name__ == "__main__":
    main()
