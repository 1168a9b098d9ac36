"""Meow Meow's studies: rounds and races on the engine, and the random-card round kernel.

The kernel is checked against the engine, action by action and random number by random
number, in ``tests/test_kernels.py`` (every table option, every number of children). Here:
its cases reach the rare branches, the studies that ask for it by name give the engine's
results, and the engine's drivers refuse bad input.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.meow_meow import default_settings, make_rules
from haba_lessons.games.meow_meow.simulate import (RANDOM_ROUNDS, play_race, play_round,
                                                   random_card_round)
from haba_lessons.games.meow_meow.strategies import random_card
from haba_lessons.simulation import make_rng


def test_the_kernel_cases_reach_the_rare_branches():
    """Called-off rounds, reshuffles with the whole deck, forgotten calls and fox penalties
    all occur among the cases the kernel test plays (seeds 0-39)."""
    seen = set()
    for _, make in RANDOM_ROUNDS.cases():
        for seed in range(40):
            rules, rng, first, max_turns, trace = make(seed)
            r = random_card_round(rules, rng, first, max_turns, trace)
            seen.add((r.winner is None, r.reshuffles > 0, r.forgotten_calls > 0,
                      r.largest_fox_penalty > 0))
    for branch in range(4):
        assert any(s[branch] for s in seen), branch


def test_play_round_on_the_engine_gives_the_kernels_rounds():
    rules = make_rules(4, meow=True, forget_chance=Fraction(1, 4))
    kernel_rng, engine_rng = make_rng(3), make_rng(3)
    fast = [RANDOM_ROUNDS.run(rules, kernel_rng, i % 4) for i in range(200)]
    slow = [play_round(rules, engine_rng, [random_card] * 4, first_player=i % 4)
            for i in range(200)]
    assert fast == slow


@pytest.mark.parametrize("starter", ["rotate", "winner"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_race_with_the_kernel_is_the_race_on_the_engine(players, starter):
    settings = dataclasses.replace(default_settings(), round_starter=starter)
    for seed in range(15):
        rules = make_rules(players, settings=settings)
        fast = play_race(rules, make_rng(seed))
        slow = play_race(rules, make_rng(seed), random_card)
        assert (fast.kittens, fast.rounds, fast.winner, fast.starter) == \
            (slow.kittens, slow.rounds, slow.winner, slow.starter)


def test_the_drivers_refuse_bad_input_and_draw_nothing():
    rules = make_rules(2)
    rng = make_rng(1)
    before = rng.bit_generator.state
    for bad in (2, -1, 0.5):
        with pytest.raises(InvalidArgumentError):
            play_round(rules, rng, first_player=bad)
    with pytest.raises(InvalidArgumentError, match="make_rules"):
        play_round("2 children", rng)
    with pytest.raises(InvalidArgumentError, match="one bot per child"):
        play_round(rules, rng, [random_card] * 3)
    assert rng.bit_generator.state == before
