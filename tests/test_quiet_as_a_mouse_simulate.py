"""Quiet as a Mouse's simulation tables refuse bad input before any game is played."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.quiet_as_a_mouse.simulate import slide_out_table


def test_the_slide_out_table_checks_every_q_before_it_plays():
    """``[0, -0.1]`` played all the q = 0 games before refusing -0.1; ``[]`` gave an empty
    table."""
    rng = np.random.default_rng(1)
    before = rng.bit_generator.state
    with pytest.raises(InvalidArgumentError, match="^q .*but got -0.1"):
        slide_out_table([0, -0.1], 50, Fraction(7, 10), rng)
    assert rng.bit_generator.state == before                 # not one game was played
    with pytest.raises(InvalidArgumentError, match="^qs: give at least one"):
        slide_out_table([], 50, Fraction(7, 10), rng)
    with pytest.raises(InvalidArgumentError, match="^qs: give a list"):
        slide_out_table(0.1, 50, Fraction(7, 10), rng)
