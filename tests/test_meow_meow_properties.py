"""Meow Meow: properties over many seeded random rounds (hypothesis), bots, data files."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest
from tests.conftest import refused
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from haba_lessons.errors import DataFileError
from haba_lessons.games.meow_meow import (BOTS, DRAW, KEEP, Play, RoundState, SPECIALS,
                                          load_settings, make_rules, new_round)
from haba_lessons.games.meow_meow.simulate import play_out, play_race, play_round
from haba_lessons.simulation import make_rng

tables = st.fixed_dictionaries({
    "players": st.integers(2, 4),
    "without": st.lists(st.sampled_from(SPECIALS), unique=True, max_size=4).map(tuple),
    "face_up": st.booleans(),
    "meow": st.booleans(),
    "forget_chance": st.sampled_from([0, Fraction(1, 4), Fraction(1, 2)]),
    "may_draw_instead_of_playing": st.booleans(),
})


def check_invariants(state: RoundState) -> None:
    rules = state.rules
    assert state.card_count() == rules.deck_size
    everything = Counter(c for h in state.hands for c in h) + Counter(state.pile) \
        + Counter(state.discard)
    assert everything == Counter(rules.deck)              # the very same cards, once each
    if state.is_chance_node:
        outcomes = state.chance_outcomes()
        assert outcomes and sum(p for _, p in outcomes) == 1
        assert all(p > 0 for _, p in outcomes)
    elif not state.is_over:
        assert state.legal_actions()
        assert state.top is not None and state.colour in state.rules.colours


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables, seed=st.integers(0, 2**32 - 1), bot=st.sampled_from(sorted(BOTS)))
def test_cards_are_conserved_at_every_step(table, seed, bot):
    rules = make_rules(**table)
    rng = make_rng(seed)
    state = RoundState(rules, first_player=seed % rules.players)
    steps = 0
    while not state.is_over and state.turns < 400:
        check_invariants(state)
        if state.is_chance_node:
            state.sample_chance(rng)
        else:
            action = BOTS[bot](state, rng)
            assert action in state.legal_actions()        # bots only choose legal actions
            state.apply(action)
        steps += 1
    check_invariants(state)
    assert steps > 0


@settings(max_examples=60, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32 - 1), data=st.data())
def test_illegal_actions_change_nothing(table, seed, data):
    rules = make_rules(**table)
    rng = make_rng(seed)
    state = new_round(rules, rng)
    for _ in range(data.draw(st.integers(0, 25))):     # wander into some position
        if state.is_over:
            break
        play_out_one(state, rng)
    while state.is_chance_node:                      # settle chance: a child must decide
        state.sample_chance(rng)
    assume(not state.is_over)                        # (was a silent return for ~1/3 of cases)
    legal = state.legal_actions()
    candidates = [Play(c, colour) for c in rules.deck for colour in (None, "red", "pink")]
    candidates += [DRAW, KEEP]
    illegal = [a for a in candidates if a not in legal]
    action = data.draw(st.sampled_from(illegal))
    refused(state, action)


def play_out_one(state: RoundState, rng) -> None:
    if state.is_chance_node:
        state.sample_chance(rng)
    else:
        state.apply(BOTS["random card"](state, rng))


def test_a_waiting_child_always_has_a_legal_action_and_chance_is_never_stuck():
    rng = make_rng(7)
    for players in (2, 3, 4):
        for _ in range(150):
            result = play_round(make_rules(players, meow=True), rng)
            assert result.winner in range(players)


def test_many_seeded_rounds_conserve_cards_with_every_bot():
    rng = make_rng(11)
    for name, bot in BOTS.items():
        for players in (2, 4):
            rules = make_rules(players, without=("owl",) if players == 2 else ())
            for _ in range(40):
                state = play_out(new_round(rules, rng), [bot] * players, rng)
                assert state.card_count() == rules.deck_size
                assert state.winner is not None and not state.hands[state.winner]


def test_the_same_seed_gives_the_same_race():
    rules = make_rules(3)
    first = play_race(rules, make_rng(5))
    second = play_race(rules, make_rng(5))
    assert (first.kittens, first.rounds, first.winner) == (second.kittens, second.rounds,
                                                           second.winner)
    assert max(first.kittens) == 4 and first.kittens[first.winner] == 4
    assert sum(first.kittens) <= first.rounds


def test_sampled_starting_cards_follow_the_chance_outcomes():
    # Every animal card is equally likely to start (symmetry of a shuffled deck); a sampled
    # starting card is never special. 3600 rounds: each of 36 animals about 100 times.
    rng = make_rng(3)
    rules = make_rules(2)
    tops = Counter(new_round(rules, rng).top for _ in range(3600))
    assert not any(card.special for card in tops)
    assert len(tops) == 36
    assert all(55 <= n <= 150 for n in tops.values())


# ---- the data file ------------------------------------------------------------------------

def own_file(tmp_path: Path, old: str, new: str) -> Path:
    text = resources.files("haba_lessons.data").joinpath("meow_meow.toml").read_text()
    assert old in text
    path = tmp_path / "my-meow.toml"
    path.write_text(text.replace(old, new))
    return path


@pytest.mark.parametrize("old, new, words", [
    ("value = 36", "value = 35", "make 36 animal cards"),
    ("value = 16", "value = 12", "make 16 special cards"),
    ('"rabbit", "donkey"]', '"rabbit"]', "make 32 animal cards"),
    ('"rabbit", "donkey"]', '"rabbit", "rabbit"]', "appears twice"),
    ('"rabbit", "donkey"]', '"rabbit", "fox"]', "special animal"),
    ('value = ["cat", "fox", "owl", "parrot"]', 'value = ["cat", "fox", "owl"]',
     "four special animals"),
    ('value = "1/4"', 'value = "5/4"', "between 0 and 1"),
    ('value = "1/4"', 'value = "often"', "probability"),
    ("value = 5\n", "value = 9\n", "no animal"),
    ('value = "rotate"', 'value = "loser"', "must be one of"),
    ("value = true", 'value = "yes"', "true or false"),
])
def test_a_deck_file_with_wrong_counts_gets_a_clear_error(tmp_path, old, new, words):
    with pytest.raises(DataFileError, match=words):
        load_settings(own_file(tmp_path, old, new))


def test_a_teachers_own_file_is_used(tmp_path):
    path = own_file(tmp_path, "[steps_to_basket]\nprovenance = \"assumption\"",
                    "[steps_to_basket]\nprovenance = \"rulebook\"")
    path.write_text(path.read_text().replace("value = 4\n", "value = 6\n"))
    settings_ = load_settings(path)
    assert settings_.steps_to_basket == 6
    rules = make_rules(2, settings=settings_)
    assert play_race(rules, make_rng(1)).kittens.count(6) == 1


def test_strategy_table_shares_seats_fairly_and_checks_names():
    from haba_lessons.errors import InvalidArgumentError
    from haba_lessons.games.meow_meow.simulate import strategy_table
    table = strategy_table(make_rng(4), 40, ["random card", "parrot last"])
    assert list(table["who"]) == ["random card", "parrot last"]
    assert table["wins"].sum() == 40 and set(table["rounds"]) == {40}
    with pytest.raises(InvalidArgumentError, match="bot names"):
        strategy_table(make_rng(4), 10, ["random card", "cheater"])


@given(count=st.integers(1, 5000), updates=st.integers(1, 40))
def test_progress_steps_cover_every_round_once(count, updates):
    from haba_lessons.games.meow_meow.simulate import _steps
    assert list(_steps(count, "rounds", updates)) == list(range(count))
