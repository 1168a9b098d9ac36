"""Seeded simulations of Meow Meow with the rules engine and the named bots.

Every study plays real rounds with :mod:`.rules` and reports proportions as
:class:`~haba_lessons.simulation.Estimate` (with 95% Wilson intervals). Rounds with the
"random card" bot in every seat (the common case) take a fast path, :func:`_random_round`: the
same rules written as one loop, checked against the engine action by action and random number
by random number (``tests/test_meow_meow_fast_path.py``); every other bot drives the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..._checks import require_int
from ...errors import InvalidArgumentError
from ...simulation import Estimate, progress
from .analysis import chain_length
from .deck import Card
from .rules import (CHANCE_PHASES, DRAW, Play, Race, Rules, RoundState, make_rules, matches,
                    new_round)
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
    if not isinstance(rules, Rules):
        raise InvalidArgumentError("rules must come from make_rules(...).")
    bots = _bots(bots, rules.players)
    if all(bot is random_card for bot in bots):
        first_player = require_int(first_player, "first_player", minimum=0,
                                   maximum=rules.players - 1)
        return _random_round(rules, rng, first_player)
    state = play_out(new_round(rules, rng, first_player), bots, rng)
    return RoundResult(state.winner, state.turns, state.card_actions, state.reshuffles,
                       state.forgotten_calls, state.largest_penalty)


def play_race(rules: Rules, rng: np.random.Generator, bots: Bot | Sequence[Bot] | None = None,
              first_player: int = 0) -> Race:
    """Play a whole kitten race (rounds until a kitten reaches the basket)."""
    bots = _bots(bots, rules.players)
    race = Race(rules, first_player)
    fast = all(bot is random_card for bot in bots)
    while race.winner is None:
        if fast:
            winner = _random_round(rules, rng, race.starter).winner
            if winner is None:
                race.rounds += 1
            else:
                race.count_winner(winner)
            continue
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


# ---- the fast path: a whole round with the "random card" bot in every seat -------------------
#
# Studies play tens of thousands of rounds with random-card bots. The general engine above
# builds a Play per action and walks the protocol's phases; this plays the same round in one
# loop over small integers (card = its index in the deck) with precomputed "what fits" rows.
# It draws the same random numbers in the same order as the engine driven by ``random_card``
# (``tests/test_meow_meow_fast_path.py`` checks winners, counts, every action and the
# generator's state after the round against the engine, for hundreds of seeds).

_TABLES: dict = {}


def _tables(rules: Rules) -> tuple:
    """Per-deck tables: each card's kind, the cards that fit on each top card, and so on."""
    colours, deck = rules.colours, rules.deck
    key = (deck, colours)
    tables = _TABLES.get(key)
    if tables is None:
        kind = tuple(_KINDS.get(card.animal, _ANIMAL) for card in deck)
        special = tuple(card.special for card in deck)
        # fits_on[t]: may card c go on top card t (its own colour to follow)? A parrot on top
        # has a row per named colour instead (fits_after_parrot).
        fits_on = tuple(tuple(matches(c, top, top.colour) for c in deck) for top in deck)
        fits_after_parrot = tuple(tuple(matches(c, Card(colour, "parrot"), colour)
                                        for c in deck) for colour in colours)
        fox = tuple(card.animal == "fox" for card in deck)
        tables = (kind, special, fits_on, fits_after_parrot, fox)
        _TABLES[key] = tables
    return tables


_ANIMAL, _CAT, _OWL, _FOX, _PARROT = range(5)
_KINDS = {"cat": _CAT, "owl": _OWL, "fox": _FOX, "parrot": _PARROT}


def _take(pile: list[int], bottom: int, random: Callable[[], float]) -> tuple[int, int]:
    """One card from the pile as the engine takes it: uniformly from the hidden cards (swap
    with the last, pop), or, when none is hidden, the top one of the known cards put under
    the pile. Returns the card and the new number of known cards at the bottom."""
    hidden = len(pile) - bottom
    if hidden:
        index = bottom + int(random() * hidden)
        pile[index], pile[-1] = pile[-1], pile[index]
        return pile.pop(), bottom
    return pile.pop(bottom - 1), bottom - 1


def _draw(count: int, hand: list[int], pile: list[int], discard: list[int], bottom: int,
          random: Callable[[], float]) -> tuple[list[int], list[int], int, int | None, int, int]:
    """Draw ``count`` cards into ``hand`` as the engine does: when the pile is empty, the
    discard pile but its top card becomes the pile (hidden); with nothing to reshuffle the
    drawing stops. Returns the pile, the discard pile, the known cards at the bottom, the last
    card drawn (None if none), how many were drawn and how many reshuffles happened."""
    drawn, cards, reshuffles = None, 0, 0
    while cards < count:
        if not pile:
            if len(discard) <= 1:
                break                   # nothing to reshuffle: no card is drawn
            pile, discard, bottom = discard[:-1], discard[-1:], 0
            reshuffles += 1
        drawn, bottom = _take(pile, bottom, random)
        hand.append(drawn)
        cards += 1
    return pile, discard, bottom, drawn, cards, reshuffles


def _random_round(rules: Rules, rng: np.random.Generator, first_player: int = 0,
                  max_turns: int = MAX_TURNS, trace: list | None = None) -> RoundResult:
    """``play_round(rules, rng, random_card, first_player)``, fast: the same round, the same
    random numbers. ``trace`` (a list, for tests) receives every action the bots take."""
    kind, special, fits_on, fits_after_parrot, fox = _tables(rules)
    players, settings = rules.players, rules.settings
    fox_draw, meow, forget = settings.fox_draw, rules.meow, rules.forget_chance
    deck, colours = rules.deck, rules.colours
    n_colours = len(colours)
    step_after_cat = 2 if players == 2 else 1
    random = rng.random
    # The deal: one call to the generator, each card taken uniformly from the hidden pile
    # (swap-remove, as the engine does).
    pile = list(range(len(deck)))
    hands: list[list[int]] = [[] for _ in range(players)]
    left = settings.hand_size * players
    for u in random(left).tolist():
        index = int(u * len(pile))
        pile[index], pile[-1] = pile[-1], pile[index]
        left -= 1
        hands[(first_player + left) % players].append(pile.pop())
    # The starting card: specials go under the pile (known place) until an animal turns up.
    bottom = 0
    while True:
        card, bottom = _take(pile, bottom, random)
        if not special[card]:
            break
        pile.insert(0, card)
        bottom += 1
    discard = [card]
    row = fits_on[card]        # what fits now (when no fox penalty waits)
    current, direction, pending = first_player, 1, 0
    turns = card_actions = reshuffles = forgotten = largest = 0
    winner = None
    while turns < max_turns:
        hand = hands[current]
        if pending:
            playable = [c for c in hand if fox[c]]
        else:
            playable = [c for c in hand if row[c]]
        if playable:
            card = playable[int(random() * len(playable))]
        else:
            # Draw: the whole fox penalty (then a normal turn), or one card.
            if trace is not None:
                trace.append(DRAW)
            pile, discard, bottom, drawn, cards, shuffled = _draw(
                pending or 1, hand, pile, discard, bottom, random)
            card_actions += cards
            reshuffles += shuffled
            if pending:
                pending = 0
                continue            # the same child's normal turn
            if drawn is None or not row[drawn]:
                current = (current + direction) % players
                turns += 1
                continue
            random()                # the bot "chooses" among the one card it may play
            card = drawn
        # Play ``card``.
        hand.remove(card)
        discard.append(card)
        card_actions += 1
        what = kind[card]
        if what == _PARROT:
            colour = int(random() * n_colours)
            row = fits_after_parrot[colour]
            if trace is not None:
                trace.append(Play(deck[card], colours[colour]))
        else:
            row = fits_on[card]
            if trace is not None:
                trace.append(Play(deck[card]))
            if what == _FOX:
                pending += fox_draw
                if pending > largest:
                    largest = pending
        if meow and len(hand) <= 1:
            last = not hand
            if forget == 0 or not random() < forget:      # "Meow!" called
                if last:
                    winner = current
                    turns += 1
                    break
            else:                                          # forgotten: draw one card
                forgotten += 1
                pile, discard, bottom, _, cards, shuffled = _draw(
                    1, hand, pile, discard, bottom, random)
                card_actions += cards
                reshuffles += shuffled
        elif not hand:
            winner = current
            turns += 1
            break
        # The card's effect, and the next child.
        if what == _CAT:
            direction = -direction
            current = (current + direction * step_after_cat) % players
        elif what == _OWL:
            current = (current + 2 * direction) % players
        else:
            current = (current + direction) % players
        turns += 1
    return RoundResult(winner, turns, card_actions, reshuffles, forgotten, largest)
