"""Named bots for Meow Meow. Each looks only at what its child could see.

A bot is a function ``bot(state, rng) -> action`` called when ``state`` waits for its child;
:data:`STRATEGIES` holds them by name and :func:`named` finds one. It reads its own hand, the discard pile's top, the colour to follow, the pending fox penalty
and how many cards the others hold; the others' cards only when the table plays face up.

Every bot plays a card whenever one fits (children do), answers a fox with a fox, and plays a
card it has just drawn when it fits. They differ in *which* card they play and which colour
a parrot names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np

from ...engine import Strategies, Strategy
from .deck import Card
from .rules import DRAW, DRAWN, KEEP, TURN, Action, Play, RoundState

Bot = Callable[[RoundState, np.random.Generator], Action]


def _fitting(state: RoundState) -> list:
    """The cards the waiting child may play now (the legal plays, without colour choices)."""
    if state.phase == DRAWN:
        return [state.drawn]
    return state.playable_cards()       # a deck holds each card once: no duplicates


def _fallback(state: RoundState) -> Action:
    return KEEP if state.phase == DRAWN else DRAW


def _pick(options: list, rng: np.random.Generator):
    return options[int(rng.random() * len(options))]


def _commonest_colour(state: RoundState, hand: list, rng: np.random.Generator) -> str:
    counts = Counter(c.colour for c in hand if c.animal != "parrot")
    if not counts:
        return _pick(list(state.rules.colours), rng)
    best = max(counts.values())
    return _pick([c for c in state.rules.colours if counts.get(c) == best], rng)


def _with_colour(cards: list, rng: np.random.Generator,
                 name_colour: Callable[[], str]) -> Action:
    """Choose one card uniformly among ``cards``; a parrot names ``name_colour()``."""
    card = _pick(cards, rng)
    return Play(card, name_colour()) if card.animal == "parrot" else Play(card)


def random_card(state: RoundState, rng: np.random.Generator) -> Action:
    """Random legal card: any card that fits, at random; a parrot names a random colour."""
    phase = state.phase
    if phase == TURN and not state.pending:    # playable_cards(), written out: the commonest
        cards = [*filter(state.fits.__contains__, state.hands[state.current])]
        if not cards:                           # case of the bot the studies run millions of
            return DRAW
        card = cards[int(rng.random() * len(cards))]
    elif phase == DRAWN:
        rng.random()                            # the choice among the one card it may play
        card = state.drawn
    else:
        cards = state.playable_cards()
        if not cards:
            return _fallback(state)
        card = cards[int(rng.random() * len(cards))]
    rules = state.rules
    if card.animal == "parrot":
        colours = rules.colours
        return rules.plays[card, colours[int(rng.random() * len(colours))]]
    return rules.plays[card]


def _preferring(prefer: Callable[[Card], bool]) -> Bot:
    def bot(state: RoundState, rng: np.random.Generator) -> Action:
        cards = _fitting(state)
        if not cards:
            return _fallback(state)
        preferred = [c for c in cards if prefer(c)] or cards
        hand = state.hands[state.current]
        return _with_colour(preferred, rng, lambda: _commonest_colour(state, hand, rng))
    return bot


specials_first = _preferring(lambda card: card.special)
specials_first.__name__ = "specials_first"
specials_first.__doc__ = ("Specials first: play a cat, fox, owl or parrot whenever one fits "
                          "(at random among them), else a random fitting animal card; a parrot "
                          "names the colour the bot holds most of.")

specials_last = _preferring(lambda card: not card.special)
specials_last.__name__ = "specials_last"
specials_last.__doc__ = ("Keep specials for later: play an ordinary animal card when one fits; "
                         "a special card only when nothing else fits; a parrot names the "
                         "colour the bot holds most of.")

parrot_last = _preferring(lambda card: card.animal != "parrot")
parrot_last.__name__ = "parrot_last"
parrot_last.__doc__ = ("Parrot last: any fitting card but the parrot, at random; the parrot "
                       "(the one card that always fits) only when nothing else does.")


def colour_keeper(state: RoundState, rng: np.random.Generator) -> Action:
    """The smarter heuristic: keep your hand easy to play.

    Play the card of the colour you hold most of (so the next top card is a colour you can
    follow again); hold the parrot back for when nothing else fits, then name your commonest
    colour. When the next child has only one card left, a fox, owl or (with 2 children) a cat
    comes first, to slow them down. Face up, prefer cards the next child cannot follow.
    """
    cards = _fitting(state)
    if not cards:
        return _fallback(state)
    hand = state.hands[state.current]
    counts = Counter(c.colour for c in hand if c.animal != "parrot")
    nxt = state.next_player()
    others = state.hand_sizes()

    def score(card) -> tuple:
        stops = card.animal in ("fox", "owl") or (card.animal == "cat" and state.players == 2)
        urgent = others[nxt] <= 1 and stops
        blocks = 0
        if state.rules.face_up and card.animal != "parrot":
            blocks = -sum(1 for c in state.hands[nxt]
                          if c.colour == card.colour or c.animal == card.animal
                          or c.animal == "parrot")
        not_parrot = card.animal != "parrot"
        return (urgent, not_parrot, blocks, counts.get(card.colour, 0))

    best = max(score(c) for c in cards)
    chosen = _pick([c for c in cards if score(c) == best], rng)
    if chosen.animal == "parrot":
        return Play(chosen, _commonest_colour(state, [c for c in hand if c != chosen], rng))
    return Play(chosen)


#: The bots by name, for simulation studies and the widget's menus.
STRATEGIES = Strategies("Meow Meow", [
    Strategy("random card", "any card that fits, at random", random_card),
    Strategy("specials first", "a special card whenever one fits", specials_first),
    Strategy("keep specials for later", "an animal card when one fits, specials last",
             specials_last),
    Strategy("parrot last", "any fitting card but the parrot, the parrot when nothing else "
             "fits", parrot_last),
    Strategy("colour keeper", "keeps the hand easy to play; slows a child about to win",
             colour_keeper),
])
named = STRATEGIES.named
#: The first name of :data:`STRATEGIES`.
BOTS = STRATEGIES
