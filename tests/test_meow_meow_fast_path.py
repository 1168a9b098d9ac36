"""Meow Meow: the fast random-card simulation plays exactly the rounds of the general engine.

``play_round`` and ``play_race`` take a fast path when every seat has the "random card" bot.
The oracle is the general engine (``RoundState`` through ``play_out``), driven by the same bot
wrapped in a recorder (so it is not the fast path's bot and takes the general path): for
hundreds of seeds, every table option and each number of children, the fast path must give
the same result, the same actions in the same order and leave the generator in the same state.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.meow_meow import default_settings, make_rules, new_round
from haba_lessons.games.meow_meow.simulate import (RoundResult, _random_round, play_out,
                                                   play_race, play_round)
from haba_lessons.games.meow_meow.strategies import random_card
from haba_lessons.simulation import make_rng

TABLES = {
    "full game": {},
    "Meow! always called": {"meow": True},
    "Meow! forgotten half the time": {"meow": True, "forget_chance": Fraction(1, 2)},
    "Meow! always forgotten": {"meow": True, "forget_chance": 1},
    "no fox": {"without": ("fox",)},
    "no parrot, no cat": {"without": ("parrot", "cat")},
    "no specials": {"without": ("cat", "fox", "owl", "parrot")},
    "must play when a card fits": {"may_draw_instead_of_playing": False},
    "big hands, fox draws 3": {"settings": dataclasses.replace(default_settings(),
                                                              hand_size=9, fox_draw=3)},
}


def recording(actions: list):
    def bot(state, rng):
        action = random_card(state, rng)
        actions.append(action)
        return action
    return bot


def engine_round(rules, rng, first_player, max_turns, actions):
    state = play_out(new_round(rules, rng, first_player), [recording(actions)] * rules.players,
                     rng, max_turns)
    return RoundResult(state.winner, state.turns, state.card_actions, state.reshuffles,
                       state.forgotten_calls, state.largest_penalty)


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fast_path_plays_the_engines_rounds(table, players):
    rules = make_rules(players, **TABLES[table])
    seen = set()
    for seed in range(120):
        first_player, max_turns = seed % players, (20 if seed % 9 == 0 else 2000)
        engine_rng, fast_rng = make_rng(seed), make_rng(seed)
        engine_actions, fast_actions = [], []
        expected = engine_round(rules, engine_rng, first_player, max_turns, engine_actions)
        got = _random_round(rules, fast_rng, first_player, max_turns, fast_actions)
        assert got == expected, (table, players, seed)
        assert fast_actions == engine_actions, (table, players, seed)
        assert fast_rng.bit_generator.state == engine_rng.bit_generator.state
        seen.add((expected.winner is None, expected.reshuffles > 0,
                  expected.forgotten_calls > 0, expected.largest_fox_penalty > 0))
    # The seeds reach the rare branches: called-off rounds, reshuffles with the whole deck,
    # forgotten calls and fox penalties where the table has them.
    assert any(off for off, *_ in seen)
    if not rules.without:
        assert any(reshuffled for _, reshuffled, *_ in seen)
    if rules.meow and rules.forget_chance:
        assert any(forgot for *_, forgot, _ in seen)
    if "fox" not in rules.without:
        assert any(fox for *_, fox in seen)


def test_play_round_takes_the_fast_path_with_the_same_results():
    rules = make_rules(4, meow=True, forget_chance=Fraction(1, 4))
    fast_rng, engine_rng = make_rng(3), make_rng(3)
    fast = [play_round(rules, fast_rng, first_player=i % 4) for i in range(200)]
    slow = [play_round(rules, engine_rng, [recording([])] * 4, first_player=i % 4)
            for i in range(200)]
    assert fast == slow


@pytest.mark.parametrize("starter", ["rotate", "winner"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_race_takes_the_fast_path_with_the_same_races(players, starter):
    settings = dataclasses.replace(default_settings(), round_starter=starter)
    for seed in range(15):
        rules = make_rules(players, settings=settings)
        fast = play_race(rules, make_rng(seed))
        slow = play_race(rules, make_rng(seed), recording([]))
        assert (fast.kittens, fast.rounds, fast.winner, fast.starter) == \
            (slow.kittens, slow.rounds, slow.winner, slow.starter)


def test_the_fast_path_refuses_what_the_engine_refuses():
    rules = make_rules(2)
    rng = make_rng(1)
    before = rng.bit_generator.state
    for bad in (2, -1, 0.5):
        with pytest.raises(InvalidArgumentError):
            play_round(rules, rng, first_player=bad)
    with pytest.raises(InvalidArgumentError, match="make_rules"):
        play_round("2 children", rng)
    assert rng.bit_generator.state == before
