"""Meow Meow exact analysis against hand derivations, brute force and the engine."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import sympy

from haba_lessons.games.meow_meow import Card, make_rules, new_round
from haba_lessons.games.meow_meow.analysis import (cards_that_fit, first_hand_fits,
                                                   first_hand_fits_simple, fox_chain,
                                                   no_special_formula, special_cards_in_hand,
                                                   special_type_table)
from haba_lessons.simulation import make_rng


def test_the_spec_value_of_a_hand_without_special_cards():
    assert no_special_formula() == sympy.Rational(376992, 2598960)
    assert special_cards_in_hand(make_rules(4))[0] == Fraction(376992, 2598960)
    assert comb(36, 5) == 376992 and comb(52, 5) == 2598960


def test_eighteen_cards_fit_a_starting_animal():
    # By hand: 12 other cards of its colour (8 animals + cat, fox, owl, parrot),
    # 3 of its animal in other colours, 3 parrots of other colours.
    fit = cards_that_fit(make_rules(4), Card("red", "cow"))
    assert len(fit) == 18
    assert Counter(c.animal for c in fit)["parrot"] == 4
    assert len(cards_that_fit(make_rules(4, without=("parrot",)), Card("red", "cow"))) == 14


def test_the_simple_model_is_the_hypergeometric_of_hand_derivation():
    simple = first_hand_fits_simple(make_rules(4))
    assert 1 - simple[0] == 1 - Fraction(comb(33, 5), comb(51, 5))
    assert simple.mean() == Fraction(5 * 18, 51)


def test_first_hand_fits_with_the_starting_card_rule_by_hand():
    # Derivation: the starting animal X is uniform among the 36 - a animals outside the
    # first hand (a = animals in it). The hand cannot play when it holds none of the 18
    # fitting cards: k of the 24 other animals and 5 - k of the 9 other specials.
    cannot = sum(Fraction(36 * comb(24, k) * comb(9, 5 - k), comb(52, 5) * (36 - k))
                 for k in range(6))
    for players in (2, 3, 4):
        assert first_hand_fits(make_rules(players))[0] == cannot
    assert cannot != first_hand_fits_simple(make_rules(4))[0]


def test_without_specials_the_starting_card_is_just_another_card():
    rules = make_rules(3, without=("cat", "fox", "owl", "parrot"))
    exact = first_hand_fits(rules)
    assert exact == first_hand_fits_simple(rules)
    assert 1 - exact[0] == 1 - Fraction(comb(24, 5), comb(35, 5))


def test_the_engine_deals_first_hands_that_fit_as_often_as_computed():
    # A second method: deal real rounds with the engine (specials go under the pile).
    rng = make_rng(2024)
    rules = make_rules(3)
    rounds, hits, total = 20000, 0, 0
    for _ in range(rounds):
        count = len(new_round(rules, rng).playable_cards(0))
        hits += count > 0
        total += count
    exact = first_hand_fits(rules)
    p = float(1 - exact[0])
    assert abs(hits / rounds - p) < 4 * (p * (1 - p) / rounds) ** 0.5
    assert abs(total / rounds - float(exact.mean())) < 0.04


def brute_force_chain(players: int, hand: int, deck: list[str]) -> Counter:
    """Enumerate every deal of a tiny deck; chain length when child 1 opens with a fox."""
    counts: Counter = Counter()
    for order in itertools.permutations(range(len(deck)), hand * players):
        hands = [[deck[i] for i in order[p * hand:(p + 1) * hand]] for p in range(players)]
        if "F" not in hands[0]:
            continue
        foxes = [h.count("F") for h in hands]
        foxes[0] -= 1
        length, seat = 1, 1
        while foxes[seat % players]:
            foxes[seat % players] -= 1
            length += 1
            seat += 1
        counts[length] += 1
    return counts


def test_fox_chains_against_brute_force_on_a_small_deck(tmp_path):
    from importlib import resources
    from haba_lessons.games.meow_meow import load_settings
    text = resources.files("haba_lessons.data").joinpath("meow_meow.toml").read_text()
    text = text.replace('["red", "yellow", "green", "blue"]', '["red", "blue"]')
    text = text.replace('value = ["cow", "pig", "sheep", "horse", "goat", "hen", "duck", '
                        '"rabbit", "donkey"]', 'value = ["cow", "pig", "hen"]')
    text = text.replace("value = 36", "value = 6").replace("value = 16", "value = 8")
    text = text.replace("value = 5\n", "value = 1\n")
    path = tmp_path / "tiny.toml"
    path.write_text(text)
    rules = make_rules(3, settings=load_settings(path))      # 14 cards, 2 foxes, hands of 1
    assert rules.deck_size == 14
    deck = ["F" if c.animal == "fox" else "x" for c in rules.deck]
    counts = brute_force_chain(3, 1, deck)
    total = sum(counts.values())
    assert dict(fox_chain(rules)) == {k: Fraction(n, total) for k, n in counts.items()}
    assert set(counts) == {1, 2}


def test_fox_chain_on_a_full_deal_by_hand_for_two_children():
    # Child 1 holds a fox. The chain has length 1 exactly when child 2 holds no fox.
    # P(child 2 no fox and child 1 some fox) / P(child 1 some fox), counting deals.
    both_none = Fraction(comb(48, 5) * comb(43, 5), comb(52, 5) * comb(47, 5))
    child2_none = Fraction(comb(48, 5), comb(52, 5))
    child1_some = 1 - Fraction(comb(48, 5), comb(52, 5))
    assert fox_chain(make_rules(2))[1] == (child2_none - both_none) / child1_some
    assert dict(fox_chain(make_rules(2, without=("fox",)))) == {0: 1}


def test_removing_a_special_type_changes_the_table_as_derived():
    rows = {row["deck"]: row for row in special_type_table(4)}
    assert rows["full game"]["P(no special)"] == str(Fraction(comb(36, 5), comb(52, 5)))
    assert rows["without fox"]["P(no special)"] == str(Fraction(comb(36, 5), comb(48, 5)))
    assert rows["without fox"]["cards that fit"] == 17
    assert rows["without parrot"]["cards that fit"] == 14
    assert rows["without parrot"]["≈"] < rows["full game"]["≈"] < rows["without owl"]["≈"]
    # The hand derivation of test_first_hand_fits_with_the_starting_card_rule_by_hand, for
    # each deck: the hand misses the starting animal X and everything that fits it, i.e. holds
    # k of the 24 animals that do not fit and 5 - k of the specials that do not fit.
    # Specials that fit X: those of X's colour plus the other colours' parrots.
    #   full game: 16 specials, 4 + 3 fit, 9 do not;  without cat/fox/owl: 12, 3 + 3, 6;
    #   without parrot: 12 specials, 3 fit (all of X's colour), 9 do not.
    def can_play(cards, specials_not_fitting):
        return 1 - sum(Fraction(36 * comb(24, k) * comb(specials_not_fitting, 5 - k),
                                comb(cards, 5) * (36 - k)) for k in range(6))
    expected = {"full game": can_play(52, 9), "without cat": can_play(48, 6),
                "without fox": can_play(48, 6), "without owl": can_play(48, 6),
                "without parrot": can_play(48, 9)}
    assert {deck: Fraction(row["P(can play at once)"]) for deck, row in rows.items()} == expected


def test_sampled_fox_chains_agree_with_the_exact_model():
    from haba_lessons.games.meow_meow.simulate import fox_chains_on_fresh_deals
    rules = make_rules(4)
    lengths = fox_chains_on_fresh_deals(rules, make_rng(8), 6000)
    exact = fox_chain(rules)
    share = sum(n == 1 for n in lengths) / len(lengths)
    p = float(exact[1])
    assert abs(share - p) < 4 * (p * (1 - p) / len(lengths)) ** 0.5
    assert set(lengths) <= set(exact)
