"""Every declared fast path (kernel) against the general engine, on the same random numbers.

A kernel is registered with its game, the same computation through the general engine, and
the cases to check it on (:mod:`haba_lessons.engine.kernels`). For every case and several
seeds, both are given identical arguments (the same seeded generator, or the same dice) and
must return the same result and leave their random input in the same state: the same
actions, the same random numbers drawn, in the same order.
"""

from __future__ import annotations

import numpy as np
import pytest

import haba_lessons.games.meow_meow.simulate  # noqa: F401  (each registers its kernels)
import haba_lessons.games.mouse_trap.simulate  # noqa: F401
import haba_lessons.games.spookies.simulate  # noqa: F401
from haba_lessons.engine import kernels
from haba_lessons.engine.kernels import same_results

SEEDS = range(40)
KERNELS = {f"{k.game}: {k.name}": k for k in kernels()}


def test_every_game_with_a_fast_path_declares_it():
    assert {k.game for k in KERNELS.values()} == {"meow_meow", "mouse_trap", "spookies"}


def random_input(args: tuple) -> list:
    """What in ``args`` carries randomness or collects output: generators' states, lists."""
    return [a.bit_generator.state if isinstance(a, np.random.Generator) else a
            for a in args if isinstance(a, (np.random.Generator, list))]


@pytest.mark.parametrize("name", KERNELS)
def test_the_kernel_plays_the_general_engines_games(name):
    kernel = KERNELS[name]
    cases = list(kernel.cases())
    assert cases, f"{name} declares no case to check it on"
    for label, make in cases:
        for seed in SEEDS:
            fast_args, general_args = make(seed), make(seed)
            fast = kernel.run(*fast_args)
            general = kernel.general(*general_args)
            assert same_results(fast, general), (label, seed)
            assert same_results(random_input(fast_args), random_input(general_args)), \
                (label, seed, "not the same random numbers or actions")
