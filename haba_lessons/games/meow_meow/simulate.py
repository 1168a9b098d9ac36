"""Seeded simulations of Meow Meow with the rules engine and the named bots.

Every study plays real rounds with :mod:`.rules` (no second implementation) and reports
proportions as :class:`~haba_lessons.simulation.Estimate` (with 95% Wilson intervals).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..._checks import require_int
from ...errors import InvalidArgumentError
from ...simulation import Estimate, progress
from .analysis import chain_length
from .rules import CHANCE_PHASES, Race, Rules, RoundState, make_rules, new_round
from .strategies import BOTS, Bot, random_card

#: A round that has not ended after this many turns is called off (it can only happen when
#: every card is in a hand and nobody can play; we count such rounds, they are not hidden).
MAX_TURNS = 2000


@dataclass(frozen=True)
class RoundResult:
    """How one round went: ``winner`` is None if it was called off."""

    winner: int | None
    turns: int
    card_actions: int
    reshuffles: int
    forgotten_calls: int
    largest_fox_penalty: int


def _bots(bots: Bot | Sequence[Bot] | None, players: int) -> list[Bot]:
    if bots is None:
        return [random_card] * players
    if callable(bots):
        return [bots] * players
    bots = list(bots)
    if len(bots) != players or not all(callable(b) for b in bots):
        raise InvalidArgumentError(f"give one bot per child ({players}), e.g. "
                                   f"[BOTS['random card']] * {players}.")
    return bots


def play_out(state: RoundState, bots: Sequence[Bot], rng: np.random.Generator,
             max_turns: int = MAX_TURNS) -> RoundState:
    """Play ``state`` to the end of the round (or ``max_turns``), bots deciding, rng for chance."""
    chance = CHANCE_PHASES
    while state.phase in chance:
        state.sample_chance(rng)
    while state.phase != "over" and state.turns < max_turns:
        state._apply(bots[state.current](state, rng))   # bots only choose legal actions
        while state.phase in chance:
            state.sample_chance(rng)
    return state


def play_round(rules: Rules, rng: np.random.Generator, bots: Bot | Sequence[Bot] | None = None,
               first_player: int = 0) -> RoundResult:
    """Deal and play one round; ``bots`` is one bot for all, or one per seat."""
    bots = _bots(bots, rules.players)
    state = play_out(new_round(rules, rng, first_player), bots, rng)
    return RoundResult(state.winner, state.turns, state.card_actions, state.reshuffles,
                       state.forgotten_calls, state.largest_penalty)


def play_race(rules: Rules, rng: np.random.Generator, bots: Bot | Sequence[Bot] | None = None,
              first_player: int = 0) -> Race:
    """Play a whole kitten race (rounds until a kitten reaches the basket)."""
    bots = _bots(bots, rules.players)
    race = Race(rules, first_player)
    while race.winner is None:
        state = play_out(race.start_round(rng), bots, rng)
        if state.winner is None:          # a called-off round: deal again
            race.rounds += 1
            continue
        race.finish_round(state)
    return race


def _steps(count: int, description: str, updates: int = 20):
    """``range(count)`` with a notebook progress bar that moves about ``updates`` times.

    (A bar moved on every round would flood the notebook's message channel.)
    """
    size = -(-count // updates)
    starts = range(0, count, size)
    for start in progress(starts, len(starts), description):
        yield from range(start, min(start + size, count))


def _rounds(rules: Rules, rng: np.random.Generator, rounds: int, bots, description: str):
    rounds = require_int(rounds, "rounds", minimum=1)
    bots = _bots(bots, rules.players)
    return [play_round(rules, rng, bots) for _ in _steps(rounds, description)]


def fox_chains_on_fresh_deals(rules: Rules, rng: np.random.Generator,
                              deals: int) -> list[int]:
    """The fox-chain model of :func:`analysis.fox_chain`, sampled with dealt rounds.

    Deal with the engine; keep the deals where child 1 holds a fox; the chain goes round the
    table while the next child still holds a fox. Returns the chain lengths.
    """
    deals = require_int(deals, "deals", minimum=1)
    lengths = []
    for _ in range(deals):
        state = new_round(rules, rng)
        foxes = [sum(card.animal == "fox" for card in hand) for hand in state.hands]
        if foxes[0]:
            lengths.append(chain_length(foxes))
    return lengths


def seat_win_rates(rules: Rules, rng: np.random.Generator, rounds: int,
                   bots: Bot | Sequence[Bot] | None = None) -> pd.DataFrame:
    """Who wins a round, by seat (seat 1 starts): one row per seat with a 95% interval."""
    results = _rounds(rules, rng, rounds, bots, "seats")
    return _win_table(results, rules.players, [f"seat {i + 1}" for i in range(rules.players)])


def _win_table(results: list[RoundResult], players: int, labels: list[str]) -> pd.DataFrame:
    rows = []
    for seat in range(players):
        estimate = Estimate(sum(r.winner == seat for r in results), len(results))
        low, high = estimate.interval
        rows.append({"who": labels[seat], "wins": estimate.successes, "rounds": len(results),
                     "win rate": round(estimate.value, 3), "low": round(low, 3),
                     "high": round(high, 3)})
    return pd.DataFrame(rows)


def round_lengths(rules: Rules, rng: np.random.Generator, rounds: int,
                  bots: Bot | Sequence[Bot] | None = None) -> np.ndarray:
    """The number of turns of each of ``rounds`` rounds."""
    return np.array([r.turns for r in _rounds(rules, rng, rounds, bots, "rounds")])


def rounds_to_basket(rules: Rules, rng: np.random.Generator, races: int,
                     bots: Bot | Sequence[Bot] | None = None) -> np.ndarray:
    """How many rounds each of ``races`` kitten races took."""
    races = require_int(races, "races", minimum=1)
    return np.array([play_race(rules, rng, bots).rounds
                     for _ in _steps(races, "races")])


def _mean_row(label: str, values: np.ndarray) -> dict:
    half = 1.96 * values.std(ddof=1) / np.sqrt(len(values))
    return {"table": label, "mean turns": round(float(values.mean()), 1),
            "low": round(float(values.mean() - half), 1),
            "high": round(float(values.mean() + half), 1)}


def variant_study(rng: np.random.Generator, rounds: int, players: int = 4,
                  variants: dict[str, dict] | None = None) -> pd.DataFrame:
    """Mean round length (turns, 95% interval) and seat 1's win rate for table variants.

    ``variants`` maps a label to keyword arguments of :func:`make_rules`; by default the full
    game, the game without each special type, and face-up play (random-card bots).
    """
    if variants is None:
        variants = {"full game": {}}
        variants.update({f"without {name}": {"without": (name,)}
                         for name in ("cat", "fox", "owl", "parrot")})
        variants["without all specials"] = {"without": ("cat", "fox", "owl", "parrot")}
    rows = []
    for label, options in variants.items():
        rules = make_rules(players, **options)
        results = _rounds(rules, rng, rounds, None, label)
        row = _mean_row(label, np.array([r.turns for r in results]))
        first = Estimate(sum(r.winner == 0 for r in results), len(results))
        row["seat 1 wins"] = round(first.value, 3)
        row["seat 1 low"], row["seat 1 high"] = (round(v, 3) for v in first.interval)
        rows.append(row)
    return pd.DataFrame(rows)


def face_up_study(rng: np.random.Generator, rounds: int, players: int = 2,
                  bot: str = "colour keeper") -> pd.DataFrame:
    """Does seeing the others' cards help? ``bot`` in seat 1 against random-card bots."""
    rows = []
    for face_up in (False, True):
        rules = make_rules(players, face_up=face_up)
        bots = [BOTS[bot]] + [random_card] * (players - 1)
        results = _rounds(rules, rng, rounds, bots, "face up" if face_up else "face down")
        table = _win_table(results, players, [bot] + ["random card"] * (players - 1))
        row = table.iloc[0].to_dict()
        row["who"] = f"{bot}, cards {'face up' if face_up else 'hidden'}"
        rows.append(row)
    return pd.DataFrame(rows)


def strategy_tournament(rng: np.random.Generator, rounds: int, players: int = 2,
                        opponent: str = "random card") -> pd.DataFrame:
    """Each named bot in seat 1 against ``opponent`` bots; seats alternate who starts.

    Half the rounds start with the bot, half with an opponent, so the first-player advantage
    cancels out.
    """
    rows = []
    for name, bot in BOTS.items():
        rules = make_rules(players)
        bots = [bot] + [BOTS[opponent]] * (players - 1)
        results = [play_round(rules, rng, bots, first_player=i % players)
                   for i in _steps(rounds, name)]
        row = _win_table(results, players, [name] + [opponent] * (players - 1)).iloc[0]
        rows.append(row.to_dict())
    return pd.DataFrame(rows)


def strategy_table(rng: np.random.Generator, rounds: int,
                   names: Sequence[str] = ("specials first", "keep specials for later",
                                           "parrot last", "colour keeper")) -> pd.DataFrame:
    """Bots against each other at one table, one seat each; seats rotate every round.

    Every bot sits in every seat equally often, so the starting advantage is shared fairly.
    With no difference between them each would win 1 / (number of bots).
    """
    rounds = require_int(rounds, "rounds", minimum=1)
    names = list(names)
    unknown = [n for n in names if n not in BOTS]
    if unknown or not 2 <= len(names) <= 4:
        raise InvalidArgumentError(f"give 2 to 4 bot names from: {', '.join(BOTS)}.")
    rules = make_rules(len(names))
    wins = dict.fromkeys(names, 0)
    for i in _steps(rounds, "table"):
        seating = [names[(seat + i) % len(names)] for seat in range(len(names))]
        result = play_round(rules, rng, [BOTS[n] for n in seating])
        if result.winner is not None:
            wins[seating[result.winner]] += 1
    rows = []
    for name in names:
        estimate = Estimate(wins[name], rounds)
        low, high = estimate.interval
        rows.append({"who": name, "wins": wins[name], "rounds": rounds,
                     "win rate": round(estimate.value, 3), "low": round(low, 3),
                     "high": round(high, 3)})
    return pd.DataFrame(rows)
