"""Seeded simulations of Meow Meow: the studies of notebook 05, on the engine's tools.

Every study plays real rounds through :func:`haba_lessons.engine.play` with the named bots
and reports proportions as :class:`~haba_lessons.simulation.Estimate` (with 95% Wilson
intervals); a round's record is the engine's :class:`~haba_lessons.engine.Result` (winners,
turns and the facts ``card_actions``, ``reshuffles``, ``forgotten_calls``,
``largest_fox_penalty``). A study whose seats are all "random card" bots (``bots=None``)
asks for the kernel :data:`RANDOM_ROUNDS` by name: the same rounds written as one loop over
small integers, several times faster, registered with the engine and checked against it
action by action and random number by random number (``tests/test_kernels.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pandas as pd

from ..._checks import require_int
from ...engine import Bot, Kernel, Result, play, register, result, tournament
from ...engine.ahead import drawing_ahead
from ...errors import InvalidArgumentError
from ...simulation import Estimate, mean_interval, progress
from .analysis import chain_length
from .deck import Card, default_settings
from .rules import DRAW, Play, Race, Rules, RoundState, make_rules, matches, new_game, new_round
from .strategies import STRATEGIES, random_card

#: A round that has not ended after this many turns is called off (it can only happen when
#: every card is in a hand and nobody can play; we count such rounds, they are not hidden).
MAX_TURNS = 2000

#: The first name of the engine's :class:`~haba_lessons.engine.Result` for this game.
RoundResult = Result


def _bots(bots: Bot | Sequence[Bot], players: int) -> list[Bot]:
    if callable(bots):
        return [bots] * players
    bots = list(bots)
    if len(bots) != players or not all(callable(b) for b in bots):
        raise InvalidArgumentError(f"give one bot per child ({players}), e.g. "
                                   f"[STRATEGIES['random card']] * {players}.")
    return bots


def play_out(state: RoundState, bots: Sequence[Bot], rng: np.random.Generator,
             max_turns: int = MAX_TURNS) -> RoundState:
    """Play ``state`` to the end of the round (or ``max_turns``, then it is called off):
    the engine's play loop, bots deciding, ``rng`` for chance."""
    return play(state, bots, rng=rng, max_turns=max_turns, stop_at_limit=True)


def play_round(rules: Rules, rng: np.random.Generator, bots: Bot | Sequence[Bot] | None = None,
               first_player: int = 0) -> Result:
    """Deal and play one round on the engine; ``bots`` is one bot for all, or one per seat
    (default: "random card" everywhere)."""
    if not isinstance(rules, Rules):
        raise InvalidArgumentError("rules must come from make_rules(...).")
    bots = _bots(random_card if bots is None else bots, rules.players)
    state = play_out(new_game(rules=rules, first_player=first_player), bots, rng)
    return result(state)


def play_race(rules: Rules, rng: np.random.Generator, bots: Bot | Sequence[Bot] | None = None,
              first_player: int = 0) -> Race:
    """Play a whole kitten race (rounds until a kitten reaches the basket); ``bots=None``
    plays every round with the kernel :data:`RANDOM_ROUNDS`."""
    race = Race(rules, first_player)
    bots = None if bots is None else _bots(bots, rules.players)
    with drawing_ahead(rng) as rng:
        while race.winner is None:
            if bots is None:
                _count(race, RANDOM_ROUNDS.run(rules, rng, race.starter).winner)
                continue
            state = play_out(race.start_round(rng), bots, rng)
            if state.winner is None:
                _count(race, None)
            else:
                race.finish_round(state)
    return race


def _count(race: Race, winner: int | None) -> None:
    """Count a round's ``winner``; a called-off round (None) counts for nobody."""
    if winner is None:                    # the round is dealt again
        race.rounds += 1
    else:
        race.count_winner(winner)


def _steps(count: int, description: str, updates: int = 20):
    """``range(count)`` with a notebook progress bar that moves about ``updates`` times.

    (A bar moved on every round would flood the notebook's message channel.)
    """
    size = -(-count // updates)
    starts = range(0, count, size)
    for start in progress(starts, len(starts), description):
        yield from range(start, min(start + size, count))


def _rounds(rules: Rules, rng: np.random.Generator, rounds: int, bots, description: str):
    """``rounds`` rounds: with the kernel :data:`RANDOM_ROUNDS` for ``bots=None``, else on
    the engine."""
    rounds = require_int(rounds, "rounds", minimum=1)
    bots = None if bots is None else _bots(bots, rules.players)
    with drawing_ahead(rng) as rng:
        if bots is None:
            return [RANDOM_ROUNDS.run(rules, rng) for _ in _steps(rounds, description)]
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


def _win_table(results: list[Result], players: int, labels: list[str]) -> pd.DataFrame:
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
    with drawing_ahead(rng) as rng:
        return np.array([play_race(rules, rng, bots).rounds for _ in _steps(races, "races")])


def _mean_row(label: str, values: np.ndarray) -> dict:
    mean, low, high = mean_interval(values)
    return {"table": label, "mean turns": round(mean, 1), "low": round(low, 1),
            "high": round(high, 1)}


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
        bots = [STRATEGIES.named(bot)] + [random_card] * (players - 1)
        results = _rounds(rules, rng, rounds, bots, "face up" if face_up else "face down")
        table = _win_table(results, players, [bot] + ["random card"] * (players - 1))
        row = table.iloc[0].to_dict()
        row["who"] = f"{bot}, cards {'face up' if face_up else 'hidden'}"
        rows.append(row)
    return pd.DataFrame(rows)


def strategy_table(rng: np.random.Generator, rounds: int,
                   names: Sequence[str] = ("specials first", "keep specials for later",
                                           "parrot last", "colour keeper")) -> pd.DataFrame:
    """Bots against each other at one table, one seat each; seats rotate every round (the
    engine's tournament, every round drawing from ``rng``).

    Every bot sits in every seat equally often, so the starting advantage is shared fairly.
    With no difference between them each would win 1 / (number of bots).
    """
    rounds = require_int(rounds, "rounds", minimum=1)
    names = list(names)
    unknown = [n for n in names if n not in STRATEGIES]
    if unknown or not 2 <= len(names) <= 4:
        raise InvalidArgumentError(f"give 2 to 4 bot names from: {', '.join(STRATEGIES)}.")
    rules = make_rules(len(names))
    table = tournament(lambda seed: new_game(rules=rules), [STRATEGIES[n] for n in names],
                       rounds, rng=rng, names=names, description="table",
                       max_turns=MAX_TURNS)
    return pd.DataFrame({"who": table["strategy"], "wins": table["wins"],
                         "rounds": table["games"], "win rate": table["win rate"],
                         "low": table["95% CI low"], "high": table["95% CI high"]})


# ---- the kernel: a whole round with the "random card" bot in every seat ----------------------
#
# Studies play tens of thousands of rounds with random-card bots. The general engine builds
# a Play per action and walks the protocol's phases; this plays the same round in one loop
# over small integers (card = its index in the deck) with precomputed "what fits" rows. It
# draws the same random numbers in the same order as the engine driven by ``random_card``
# (``tests/test_kernels.py`` checks winners, counts, every action and the generator's state
# after the round against the engine, for every table option and number of children).

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


def random_card_round(rules: Rules, rng: np.random.Generator, first_player: int = 0,
                      max_turns: int = MAX_TURNS, trace: list | None = None) -> Result:
    """``play_round(rules, rng, random_card, first_player)``, fast: the same round, the same
    random numbers. ``trace`` (a list, for the kernel test) receives every action the bots
    take."""
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
    return Result(players, () if winner is None else (winner,), turns, winner is not None, (),
                  {"card_actions": card_actions, "reshuffles": reshuffles,
                   "forgotten_calls": forgotten, "largest_fox_penalty": largest})


def engine_random_card_round(rules: Rules, rng: np.random.Generator, first_player: int = 0,
                             max_turns: int = MAX_TURNS, trace: list | None = None) -> Result:
    """:func:`random_card_round` on the general engine: a round played by "random card"
    bots through the play loop (``trace`` receives every action they take)."""
    def bot(state: RoundState, rng: np.random.Generator):
        action = random_card(state, rng)
        if trace is not None:
            trace.append(action)
        return action
    state = play_out(new_game(rules=rules, first_player=first_player), [bot] * rules.players,
                     rng, max_turns)
    return result(state)


def _round_cases():
    """Every table option and number of children; rounds called off after 20 turns too."""
    tables = {"full game": {}, "Meow! always called": {"meow": True},
              "Meow! forgotten half the time": {"meow": True, "forget_chance": Fraction(1, 2)},
              "Meow! always forgotten": {"meow": True, "forget_chance": 1},
              "no fox": {"without": ("fox",)}, "no parrot, no cat": {"without": ("parrot", "cat")},
              "no specials": {"without": ("cat", "fox", "owl", "parrot")},
              "must play when a card fits": {"may_draw_instead_of_playing": False},
              "big hands, fox draws 3": {"settings": replace(default_settings(), hand_size=9,
                                                             fox_draw=3)}}
    for label, options in tables.items():
        for players in (2, 3, 4):
            rules = make_rules(players, **options)
            yield f"{label}, {players} children", lambda seed, rules=rules: (
                rules, np.random.default_rng(seed), seed % rules.players,
                20 if seed % 9 == 0 else MAX_TURNS, [])


RANDOM_ROUNDS = register(Kernel(
    "meow_meow", "random-card round",
    "a whole round with the 'random card' bot in every seat, in one loop over small integers",
    run=random_card_round, general=engine_random_card_round, cases=_round_cases))
