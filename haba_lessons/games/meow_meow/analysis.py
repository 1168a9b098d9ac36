"""Exact card counting for Meow Meow: what is in a hand, and can the first child play?

Everything here is exact (``Fraction``, or sympy ``Rational`` for the formulas a notebook
shows) and counts cards of the deck the rules use, so leaving out a special type changes the
answers as it should.

The starting card needs care. It is not a card drawn at random from the 51 cards outside the
first hand: it is the *first animal card* left in the pile after dealing (special cards go
under the pile). A hand with many animal cards leaves fewer animals in the pile, which makes
each of them a little likelier to start. :func:`first_hand_fits` counts this exactly; the
simple model (:func:`first_hand_fits_simple`) treats the starting card as any other card.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb, factorial

import pandas as pd
import sympy

from ...distribution import Distribution
from ...draws import hypergeometric
from ...engine import ranked_choices
from ...errors import InvalidArgumentError
from ...i18n import _, number
from .deck import Card
from .rules import Rules, make_rules, matches


def special_cards_in_hand(rules: Rules) -> Distribution:
    """How many special cards a dealt hand holds (hypergeometric)."""
    specials = sum(card.special for card in rules.deck)
    return hypergeometric(rules.deck_size, specials, rules.settings.hand_size)


def no_special_formula(rules: Rules | None = None) -> sympy.Rational:
    """P(a dealt hand holds no special card) = C(animal cards, 5) / C(all cards, 5), in sympy."""
    rules = rules or make_rules(4)
    animals = sum(not card.special for card in rules.deck)
    hand = rules.settings.hand_size
    return sympy.binomial(animals, hand) / sympy.binomial(rules.deck_size, hand)


def cards_that_fit(rules: Rules, top: Card) -> list[Card]:
    """The other cards of the deck that may be played on ``top`` (an animal card)."""
    return [card for card in rules.deck if card != top and matches(card, top, top.colour)]


def first_hand_fits_simple(rules: Rules, top: Card | None = None) -> Distribution:
    """Cards in the first hand that fit ``top``, treating the hand as 5 of the other cards.

    A hypergeometric distribution: ``fit`` good cards among the deck's other cards.
    """
    top = top or next(card for card in rules.deck if not card.special)
    fit = len(cards_that_fit(rules, top))
    return hypergeometric(rules.deck_size - 1, fit, rules.settings.hand_size)


def first_hand_fits(rules: Rules) -> Distribution:
    """Exactly: how many cards of the first child's hand fit the starting card.

    The starting card is the first animal card left in the pile after dealing. Given the
    first hand, the other cards lie in random order, so every animal card *not in the first
    hand* is equally likely to be the first animal of the pile, whatever the other children
    hold: P(start = X | hand) = 1 / (animal cards - animal cards in the hand). So

        P(hand, start = X) = 1 / C(cards, 5) * 1 / (animals - animals in hand),

    summed over every starting animal X and every make-up of the hand (fitting or not,
    animal or special). The number of players does not matter.
    """
    deck, hand = rules.deck, rules.settings.hand_size
    animals = sum(not card.special for card in deck)
    weights: Counter[int] = Counter()
    signatures = Counter(_signature(rules, x) for x in deck if not x.special)
    for (fit_a, fit_s, other_a, other_s), starters in signatures.items():
        for i in range(min(fit_a, hand) + 1):
            for j in range(min(fit_s, hand - i) + 1):
                for k in range(min(other_a, hand - i - j) + 1):
                    ways = (comb(fit_a, i) * comb(fit_s, j) * comb(other_a, k)
                            * comb(other_s, hand - i - j - k))
                    weights[i + j] += Fraction(starters * ways, animals - i - k)
    deals = comb(len(deck), hand)
    return Distribution({fits: w / deals for fits, w in weights.items() if w})


def _signature(rules: Rules, top: Card) -> tuple[int, int, int, int]:
    """For a starting animal: (fitting animals, fitting specials, other animals, other specials)."""
    fit = cards_that_fit(rules, top)
    fit_a = sum(not c.special for c in fit)
    all_a = sum(not c.special for c in rules.deck) - 1
    all_s = sum(c.special for c in rules.deck)
    return fit_a, len(fit) - fit_a, all_a - fit_a, all_s - (len(fit) - fit_a)


def fox_chain(rules: Rules) -> Distribution:
    """How many foxes are played in a row when the first child opens with a fox.

    A model of a fresh deal: every child holds a dealt hand, child 1 holds a fox and plays
    it; each next child (clockwise, round and round) answers with a fox while they hold one.
    The child who finally has no fox draws ``fox_draw`` cards per fox in the chain.
    """
    if "fox" in rules.without:
        return Distribution.point(0)
    deck, hand, players = rules.deck, rules.settings.hand_size, rules.players
    foxes = sum(card.animal == "fox" for card in deck)
    rest = len(deck) - foxes
    dealt = hand * players
    weights: Counter[int] = Counter()
    for counts in _compositions(foxes, players, hand):
        if counts[0] == 0:
            continue
        left_f = foxes - sum(counts)
        left_r = rest - (dealt - sum(counts))
        if left_r < 0:
            continue
        ways = (_multinomial([*counts, left_f]) *
                _multinomial([*(hand - f for f in counts), left_r]))
        weights[chain_length(list(counts))] += ways
    return Distribution.from_counts(weights)


def chain_length(counts: list[int]) -> int:
    """Foxes played in a row when child 1 opens: ``counts`` = foxes held, seat by seat."""
    counts = list(counts)
    counts[0] -= 1
    length, seat = 1, 1
    while counts[seat % len(counts)]:
        counts[seat % len(counts)] -= 1
        length += 1
        seat += 1
    return length


def _compositions(total: int, parts: int, cap: int):
    """All tuples of ``parts`` counts in [0, cap] with sum at most ``total``."""
    if parts == 0:
        yield ()
        return
    for first in range(min(total, cap) + 1):
        for rest in _compositions(total - first, parts - 1, cap):
            yield (first, *rest)


def _multinomial(counts: list[int]) -> int:
    result = factorial(sum(counts))
    for count in counts:
        result //= factorial(count)
    return result


def special_type_table(players: int = 4) -> list[dict]:
    """For the full deck and each special type left out: the exact hand facts (as floats and text).

    Rows: deck size, P(no special card in a hand), cards fitting a starting animal,
    P(the first child can play at once), expected fitting cards in the first hand.
    """
    rows = []
    for label, without in [("full game", ())] + [(f"without {s}", (s,)) for s in
                                                 ("cat", "fox", "owl", "parrot")]:
        rules = make_rules(players, without=without)
        fits = first_hand_fits(rules)
        top = next(card for card in rules.deck if not card.special)
        rows.append({
            "deck": label,
            "cards": rules.deck_size,
            "P(no special)": str(special_cards_in_hand(rules)[0]),
            "cards that fit": len(cards_that_fit(rules, top)),
            "P(can play at once)": str(1 - fits[0]),
            "≈": round(float(1 - fits[0]), 4),
            "expected fitting cards": round(float(fits.mean()), 4),
        })
    return rows


__all__ = ["cards_that_fit", "chain_length", "choice_table", "first_hand_fits", "first_hand_fits_simple", "fox_chain",
           "no_special_formula", "special_cards_in_hand", "special_type_table"]


def choice_table(solution, player: int = 0, *, upper=None) -> pd.DataFrame:
    """Each choice of an exact search (:func:`haba_lessons.engine.expectimax` with the default
    win payoff) beside ``player``'s chance to win, exactly and rounded; the best first, ties
    in the order listed.

    ``upper``: the same search with a round still going at the horizon counted as won
    (``solution`` counting it as lost); the table then brackets each chance: "from" and "to"
    agree for a choice the horizon decides, and differ for one it cuts off."""
    scored = ranked_choices(solution, player, decision="play a card or draw",
                            who="child of the round")
    if upper is None:
        return pd.DataFrame([{_("choice"): c, _("chance to win"): str(v), "≈": round(float(v), 3)}
                             for c, v in scored])
    high = dict(ranked_choices(upper, player, decision="play a card or draw",
                               who="child of the round"))
    if set(high) != {c for c, _v in scored}:
        raise InvalidArgumentError(_("upper: give the same position searched again (its "
                                     "choices differ)."))
    return pd.DataFrame([{_("choice"): c, _("chance to win from"): str(v), _("to"): str(high[c]),
                          "≈": f"{number(float(v), '.3f')} – {number(float(high[c]), '.3f')}"} for c, v in scored])
