"""Meow Meow rules engine: every rule of the spec in a scripted scenario.

Oracles: the rulebook text (quoted in the test names/comments) and hand-written scenarios;
no expected value is taken from the engine's own output.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from tests.conftest import refused

from haba_lessons.errors import HabaLessonsError, IllegalActionError, InvalidArgumentError
from haba_lessons.games.meow_meow import (CALLED, DRAW, DRAWN, FORGOT, KEEP, START, TURN, Card,
                                          Play, Race, RoundState, make_rules, position)

C = Card


def draw(state: RoundState, *cards: Card) -> None:
    """Resolve the waiting chance nodes with the given cards, in order."""
    for card in cards:
        assert state.is_chance_node
        state.apply_chance(card)


# ---- the deck -------------------------------------------------------------------------

def test_deck_composition_matches_the_rulebook():
    rules = make_rules(4)
    deck = rules.deck
    assert len(deck) == 52 == len(set(deck))
    assert sum(c.special for c in deck) == 16            # "16 special cards in 4 colors"
    assert sum(not c.special for c in deck) == 36         # "36 animal cards in 4 colors"
    assert set(Counter(c.colour for c in deck).values()) == {13}
    animals = Counter(c.animal for c in deck)
    assert len(animals) == 13 and set(animals.values()) == {4}
    assert {"cat", "fox", "owl", "parrot"} <= set(animals)
    assert rules.colours == ("red", "yellow", "green", "blue")
    datum = rules.settings.data.datum("animals")
    assert datum.provenance == "assumption"
    assert rules.settings.data.datum("steps_to_basket").provenance == "assumption"
    assert rules.settings.steps_to_basket == 4


def test_leaving_out_special_types_shrinks_the_deck():
    assert make_rules(3, without=("fox",)).deck_size == 48
    rules = make_rules(2, without=("cat", "fox", "owl", "parrot"))
    assert rules.deck_size == 36 and not any(c.special for c in rules.deck)


@pytest.mark.parametrize("players", [0, 1, 5, 2.5, "3", True])
def test_player_count_outside_2_to_4_is_refused(players):
    with pytest.raises(InvalidArgumentError, match="players"):
        make_rules(players)


@pytest.mark.parametrize("options, words", [
    ({"without": ("dog",)}, "not a special card type"),
    ({"without": ("fox", "fox")}, "each special type once"),
    ({"forget_chance": 1.5}, "between 0 and 1"),
    ({"face_up": "yes"}, "True or False"),
])
def test_bad_table_options_are_refused(options, words):
    with pytest.raises(InvalidArgumentError, match=words):
        make_rules(3, **options)


# ---- a turn: matching -------------------------------------------------------------------

def test_same_colour_or_same_animal_fits_and_anything_else_is_refused():
    hands = [[C("red", "pig"), C("blue", "cow"), C("green", "pig"), C("green", "fox")],
             [C("yellow", "hen"), C("blue", "hen")]]
    state = position(rules=make_rules(2), hands=hands, top=C("red", "cow"))
    plays = {a.card for a in state.legal_actions() if isinstance(a, Play)}
    assert plays == {C("red", "pig"), C("blue", "cow")}     # same colour / same animal
    message = refused(state, Play(C("green", "pig")))
    assert "does not match" in message and "red" in message
    assert "not in the hand" in refused(state, Play(C("yellow", "hen")))
    assert "not in the hand" in refused(state, Play(C("red", "cow")))
    state.apply(Play(C("blue", "cow")))
    assert state.top == C("blue", "cow") and state.colour == "blue"
    assert state.current == 1 and state.hand_sizes() == [3, 2]


def test_bad_actions_are_explained_and_change_nothing():
    hands = [[C("red", "pig"), C("red", "parrot")], [C("blue", "hen")]]
    state = position(rules=make_rules(2), hands=hands, top=C("red", "cow"))
    assert "Name a colour" in refused(state, Play(C("red", "parrot")))
    assert "not a colour of this game" in refused(state, Play(C("red", "parrot"), "purple"))
    assert "Only a parrot names a colour" in refused(state, Play(C("red", "pig"), "blue"))
    assert "keep a card you have just drawn" in refused(state, KEEP)
    assert "not an action" in refused(state, "jump")
    assert "not an action" in refused(state, Play("red pig"))
    with pytest.raises(IllegalActionError, match="no chance event"):
        state.apply_chance(C("green", "cow"))


# ---- drawing ------------------------------------------------------------------------------

def test_a_drawn_card_that_fits_may_be_played_at_once_but_only_that_card():
    hands = [[C("blue", "hen"), C("yellow", "duck")], [C("green", "goat")]]
    state = position(rules=make_rules(2), hands=hands, top=C("red", "cow"))
    state.apply(DRAW)
    draw(state, C("red", "sheep"))
    assert state.phase == DRAWN and state.current == 0
    assert set(state.legal_actions()) == {Play(C("red", "sheep")), KEEP}
    assert "already drawn" in refused(state, DRAW)
    state.apply(Play(C("red", "sheep")))
    assert state.top == C("red", "sheep") and state.current == 1


def test_a_drawn_card_that_fits_may_be_kept():
    hands = [[C("blue", "hen"), C("yellow", "duck")], [C("green", "goat")]]
    state = position(rules=make_rules(2), hands=hands, top=C("red", "cow"))
    state.apply(DRAW)
    draw(state, C("green", "cow"))
    assert "only that card" in refused(state, Play(C("blue", "hen")))
    state.apply(KEEP)
    assert state.current == 1 and C("green", "cow") in state.hands[0]


def test_a_drawn_card_that_does_not_fit_is_kept_and_the_turn_passes():
    hands = [[C("blue", "hen"), C("yellow", "duck")], [C("green", "goat")], [C("green", "hen")]]
    state = position(rules=make_rules(3), hands=hands, top=C("red", "cow"))
    state.apply(DRAW)
    draw(state, C("blue", "pig"))
    assert state.phase == TURN and state.current == 1
    assert state.hands[0] == [C("blue", "hen"), C("yellow", "duck"), C("blue", "pig")]


def test_choosing_to_draw_with_a_playable_card_is_an_option_of_the_data_file():
    hands = [[C("red", "pig"), C("blue", "hen")], [C("green", "goat")]]
    free = position(rules=make_rules(2), hands=hands, top=C("red", "cow"))
    assert DRAW in free.legal_actions()                # interpretation: allowed by default
    strict = position(rules=make_rules(2, may_draw_instead_of_playing=False), hands=hands, top=C("red", "cow"))
    assert DRAW not in strict.legal_actions()
    assert "must play it" in refused(strict, DRAW)
    strict.apply(Play(C("red", "pig")))          # the other child holds nothing red
    assert strict.legal_actions() == [DRAW]


def test_the_draw_is_a_chance_node_uniform_over_the_hidden_cards():
    hands = [[C("blue", "hen")], [C("green", "goat")]]
    state = position(rules=make_rules(2), hands=hands, top=C("red", "cow"), pile_bottom=[C("red", "owl")])
    state.apply(DRAW)
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 52 - 3 - 1                  # the known bottom card is not next
    assert set(outcomes.values()) == {Fraction(1, 48)}
    assert C("red", "owl") not in outcomes
    with pytest.raises(IllegalActionError, match="not hidden"):
        state.apply_chance(C("red", "owl"))


def test_empty_draw_pile_reshuffles_the_discard_pile_except_its_top():
    rules = make_rules(2)
    top = C("red", "cow")
    below = [C("yellow", "cow"), C("yellow", "pig")]
    everything = Counter(rules.deck)
    hand0 = [C("blue", "hen")]
    hand1 = list((everything - Counter(hand0 + below + [top])).elements())
    state = position(rules=rules, hands=[hand0, hand1], top=top, discard_below=below)
    assert state.pile == [] and state.card_count() == 52
    state.apply(DRAW)
    assert state.reshuffles == 1 and state.discard == [top]
    assert sorted(state.pile) == sorted(below)
    assert dict(state.chance_outcomes()) == {c: Fraction(1, 2) for c in below}
    draw(state, C("yellow", "pig"))
    assert state.current == 1 and state.card_count() == 52


def test_nothing_to_reshuffle_means_no_card_is_drawn():
    rules = make_rules(2)
    top = C("red", "cow")
    hand0 = [C("blue", "hen")]
    hand1 = list((Counter(rules.deck) - Counter(hand0 + [top])).elements())
    state = position(rules=rules, hands=[hand0, hand1], top=top)
    state.apply(DRAW)
    assert not state.is_chance_node and state.current == 1
    assert state.hand_sizes() == [1, 50] and state.card_count() == 52


# ---- the starting card ------------------------------------------------------------------

def test_special_starting_cards_go_under_the_pile_until_an_animal_shows():
    rules = make_rules(2)
    state = RoundState(rules)
    deal = [c for c in rules.deck if not c.special][:10]
    draw(state, *deal)
    assert state.phase == START and state.hand_sizes() == [5, 5]
    draw(state, C("red", "fox"), C("blue", "parrot"))
    assert state.top is None and state.pile[:2] == [C("blue", "parrot"), C("red", "fox")]
    assert state.bottom == 2
    draw(state, C("green", "duck"))
    assert state.top == C("green", "duck") and state.colour == "green"
    assert state.phase == TURN and state.current == 0
    assert state.card_count() == 52
    # The specials come out last, the first one turned first: it lies above the second.
    state.hands[1].append(state.pile.pop())            # rig: hide nothing but the two
    while len(state.pile) > 2:
        state.hands[1].append(state.pile.pop())
    state.apply(DRAW)
    assert state.chance_outcomes() == [(C("red", "fox"), Fraction(1))]


# ---- special cards ------------------------------------------------------------------------

def fox_table():
    hands = [[C("red", "fox"), C("red", "pig")],
             [C("blue", "fox"), C("blue", "hen"), C("green", "hen")],
             [C("yellow", "hen"), C("yellow", "duck")],
             [C("green", "cow"), C("green", "goat")]]
    return position(rules=make_rules(4), hands=hands, top=C("red", "cow"))


def test_a_fox_makes_the_next_child_draw_two_then_play_normally():
    state = fox_table()
    state.apply(Play(C("red", "fox")))
    assert state.current == 1 and state.pending == 2
    assert set(state.legal_actions()) == {Play(C("blue", "fox")), DRAW}
    assert "draw 2 cards, or answer with a fox" in refused(state, Play(C("blue", "hen")))
    state.apply(DRAW)
    draw(state, C("red", "sheep"), C("yellow", "goat"))
    assert state.current == 1 and state.phase == TURN and state.pending == 0
    assert len(state.hands[1]) == 5
    state.apply(Play(C("blue", "fox")))          # a fox on a fox: a new penalty of 2
    assert state.current == 2 and state.pending == 2


def test_a_fox_answered_by_a_fox_makes_the_next_child_draw_four():
    state = fox_table()
    state.apply(Play(C("red", "fox")))
    state.apply(Play(C("blue", "fox")))
    assert state.current == 2 and state.pending == 4
    assert state.legal_actions() == [DRAW]              # child 3 has no fox
    state.apply(DRAW)
    draw(state, *[c for c in state.pile if not c.special][:4])
    assert len(state.hands[2]) == 6 and state.pending == 0
    assert state.current == 2 and state.phase == TURN  # then a normal turn


def test_fox_chains_grow_by_two_per_fox():
    hands = [[C("red", "fox"), C("red", "pig")], [C("blue", "fox"), C("blue", "hen")],
             [C("green", "fox"), C("green", "hen")], [C("green", "cow")]]
    state = position(rules=make_rules(4), hands=hands, top=C("red", "cow"))
    for card, pending in ((C("red", "fox"), 2), (C("blue", "fox"), 4), (C("green", "fox"), 6)):
        state.apply(Play(card))
        assert state.pending == pending
    assert state.current == 3 and state.largest_penalty == 6


def test_a_fox_penalty_beyond_the_cards_left_is_forgiven():
    rules = make_rules(2)
    top = C("red", "fox")
    hand0 = [C("blue", "hen")]
    hand1 = list((Counter(rules.deck) - Counter(hand0 + [top, C("red", "cow")])).elements())
    state = position(rules=rules, hands=[hand0, hand1], top=top, current=0)
    state.pending = 2
    state.apply(DRAW)
    draw(state, C("red", "cow"))                        # the last card; nothing to reshuffle
    assert state.phase == TURN and state.current == 0 and state.pending == 0
    assert state.hand_sizes() == [2, 49]


def test_a_parrot_goes_on_anything_but_a_parrot_and_names_a_colour():
    hands = [[C("red", "parrot"), C("blue", "pig")],
             [C("green", "parrot"), C("yellow", "pig"), C("blue", "hen")],
             [C("blue", "duck")]]
    state = position(rules=make_rules(3), hands=hands, top=C("yellow", "cow"))
    state.apply(Play(C("red", "parrot"), "blue"))
    assert state.colour == "blue" and state.current == 1
    message = refused(state, Play(C("green", "parrot"), "green"))
    assert "never go on another parrot" in message
    assert "asked for blue" in refused(state, Play(C("yellow", "pig")))
    assert set(state.legal_actions()) == {Play(C("blue", "hen")), DRAW}


def test_a_parrot_may_name_the_colour_already_showing():
    hands = [[C("red", "parrot"), C("blue", "pig")], [C("red", "hen")]]
    state = position(rules=make_rules(2), hands=hands, top=C("red", "cow"))
    assert Play(C("red", "parrot"), "red") in state.legal_actions()
    state.apply(Play(C("red", "parrot"), "red"))
    assert state.colour == "red"


def test_a_cat_reverses_the_direction_of_play():
    hands = [[C("red", "cat"), C("red", "pig")], [C("blue", "hen")], [C("green", "hen")],
             [C("yellow", "hen")]]
    state = position(rules=make_rules(4), hands=hands, top=C("red", "cow"))
    state.apply(Play(C("red", "cat")))
    assert state.direction == -1 and state.current == 3   # back the other way
    state.apply(DRAW)
    draw(state, C("blue", "goat"))
    assert state.current == 2


def test_with_two_children_a_cat_makes_the_other_miss_a_turn():
    hands = [[C("red", "cat"), C("red", "pig"), C("blue", "duck")], [C("blue", "hen")]]
    state = position(rules=make_rules(2), hands=hands, top=C("red", "cow"))
    state.apply(Play(C("red", "cat")))
    assert state.current == 0                           # child 2 was skipped
    state.apply(Play(C("red", "pig")))
    assert state.current == 1


def test_an_owl_skips_the_next_child():
    hands = [[C("red", "owl"), C("red", "pig")], [C("red", "hen")], [C("green", "hen")]]
    state = position(rules=make_rules(3), hands=hands, top=C("red", "cow"))
    state.apply(Play(C("red", "owl")))
    assert state.current == 2
    state.apply(DRAW)
    draw(state, C("blue", "goat"))
    assert state.current == 0


def test_specials_also_match_by_colour_or_animal():
    hands = [[C("blue", "owl"), C("yellow", "pig")], [C("green", "owl")]]
    state = position(rules=make_rules(2), hands=hands, top=C("blue", "cow"))
    state.apply(Play(C("blue", "owl")))          # by colour; skips child 2
    assert state.current == 0
    hands = [[C("green", "owl"), C("yellow", "pig")], [C("blue", "hen")]]
    state = position(rules=make_rules(2), hands=hands, top=C("blue", "owl"))
    assert Play(C("green", "owl")) in state.legal_actions()  # by animal


# ---- end of round and the race ------------------------------------------------------------

def test_the_round_ends_when_a_child_plays_their_last_card():
    hands = [[C("red", "pig")], [C("blue", "hen")]]
    state = position(rules=make_rules(2), hands=hands, top=C("red", "cow"))
    state.apply(Play(C("red", "pig")))
    assert state.is_over and state.winner == 0 and state.legal_actions() == []
    assert "game is over" in refused(state, DRAW)


def test_the_first_kitten_to_reach_the_basket_wins_the_race():
    rules = make_rules(2)
    race = Race(rules)
    for expected_starter, winner in ((0, 1), (1, 1), (0, 0), (1, 1)):
        assert race.starter == expected_starter            # interpretation: start rotates
        state = position(rules=rules, hands=[[C("red", "pig")], [C("red", "hen")]], top=C("red", "cow"), current=winner)
        state.apply(Play(state.hands[winner][0]))
        race.finish_round(state)
    assert race.kittens == [1, 3] and race.winner is None
    state = position(rules=rules, hands=[[C("red", "pig")], [C("red", "hen")]], top=C("red", "cow"), current=1)
    state.apply(Play(C("red", "hen")))
    race.finish_round(state)
    assert race.kittens == [1, 4] and race.winner == 1 and race.rounds == 5
    with pytest.raises(IllegalActionError, match="race is over"):
        race.start_round(None)


def test_a_race_refuses_an_unfinished_round():
    rules = make_rules(2)
    race = Race(rules)
    state = position(rules=rules, hands=[[C("red", "pig")], [C("red", "hen")]], top=C("red", "cow"))
    with pytest.raises(IllegalActionError, match="not over"):
        race.finish_round(state)
    assert race.kittens == [0, 0] and race.rounds == 0


# ---- the "Meow!" variant ----------------------------------------------------------------

def test_meow_calls_are_chance_nodes_and_forgetting_costs_a_card():
    rules = make_rules(2, meow=True, forget_chance="1/3")
    hands = [[C("red", "pig"), C("red", "hen")], [C("blue", "hen"), C("blue", "duck")]]
    state = position(rules=rules, hands=hands, top=C("red", "cow"))
    state.apply(Play(C("red", "pig")))           # one card left: "Meow!"
    assert dict(state.chance_outcomes()) == {CALLED: Fraction(2, 3), FORGOT: Fraction(1, 3)}
    state.apply_chance(FORGOT)
    draw(state, C("green", "goat"))
    assert state.hand_sizes() == [2, 2] and state.current == 1 and state.forgotten_calls == 1


def test_forgetting_meow_meow_on_the_last_card_means_the_round_goes_on():
    rules = make_rules(2, meow=True, forget_chance=1)
    state = position(rules=rules, hands=[[C("red", "pig")], [C("blue", "hen")]], top=C("red", "cow"))
    state.apply(Play(C("red", "pig")))
    assert state.chance_outcomes() == [(FORGOT, Fraction(1))]
    state.apply_chance(FORGOT)
    draw(state, C("green", "goat"))
    assert not state.is_over and state.hand_sizes() == [1, 1] and state.current == 1


def test_remembered_meow_meow_ends_the_round():
    rules = make_rules(2, meow=True, forget_chance=Fraction(1, 2))
    state = position(rules=rules, hands=[[C("red", "pig")], [C("blue", "hen")]], top=C("red", "cow"))
    state.apply(Play(C("red", "pig")))
    with pytest.raises(IllegalActionError, match="cannot happen"):
        state.apply_chance("maybe")
    with pytest.raises(IllegalActionError, match="not an outcome"):
        state.apply_chance(["called"])
    state.apply_chance(CALLED)
    assert state.is_over and state.winner == 0


# ---- scripted set-ups are checked too ---------------------------------------------------

def test_set_up_tables_must_use_real_cards_once():
    rules = make_rules(2)
    with pytest.raises(InvalidArgumentError, match="used twice"):
        position(rules=rules, hands=[[C("red", "cow")], [C("red", "hen")]], top=C("red", "cow"))
    with pytest.raises(InvalidArgumentError, match="used twice"):
        position(rules=rules, hands=[[C("pink", "cow")], [C("red", "hen")]], top=C("red", "cow"))
    with pytest.raises(HabaLessonsError, match="give 2 hands"):
        position(rules=rules, hands=[[C("red", "hen")]], top=C("red", "cow"))
