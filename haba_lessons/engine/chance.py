"""The chance sampler every game shares, and copies of generators for copies of games.

A chance node lists its outcomes with exact probabilities (``[(outcome, Fraction)]``); a
driver draws one with a seeded ``numpy`` generator by the inverse-CDF step of
:func:`haba_lessons.simulation.outcome_at`: one number ``u = rng.random()`` and the outcome
whose slice of [0, 1) holds it, so the result depends only on the seed and the order of the
outcomes. A copy of a game gets a copy of its generator, so it has the same future.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

import numpy as np

from ..simulation import outcome_at

T = TypeVar("T")


def draw(outcomes: Sequence[tuple[T, Fraction]], rng: np.random.Generator) -> T:
    """One outcome of a chance node's list, with one number from ``rng``."""
    return outcome_at(outcomes, rng.random())


def clone_generator(rng: np.random.Generator) -> np.random.Generator:
    """An independent generator in the same state as ``rng`` (the same future draws).

    Several times faster than ``copy.deepcopy``, which an exact search would pay on every
    branch.
    """
    bit_generator = type(rng.bit_generator)(_CLONE_SEED)
    bit_generator.state = rng.bit_generator.state
    return np.random.Generator(bit_generator)


def restore_generator(state: dict) -> np.random.Generator:
    """A generator in the ``bit_generator.state`` it was saved in (a copy made lazily)."""
    bit_generator = getattr(np.random, state["bit_generator"])(_CLONE_SEED)
    bit_generator.state = state
    return np.random.Generator(bit_generator)


_CLONE_SEED = np.random.SeedSequence(0)
