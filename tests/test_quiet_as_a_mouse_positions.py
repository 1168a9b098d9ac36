"""Quiet as a Mouse positions a teacher sets up from a short description: a legal one is built as
described, a description that breaks a rule is refused with an error naming the field.

Expected values come from the description itself and the rulebook's counts (16 sticks).
"""

from __future__ import annotations

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games import quiet_as_a_mouse

def test_a_quiet_as_a_mouse_position_is_built_as_described():
    game = quiet_as_a_mouse.position(3, castle=[(1, 3), [4, 2]], hands=[2, 4, 5], current=1)
    assert game.castle == {1: 3, 4: 2} and game.hands == [2, 4, 5]
    assert game.out_of_game == 15 - 11 - 2 and game.sticks_accounted() == 16
    assert game.current_player == 1 and game.phase == quiet_as_a_mouse.ROLL


@pytest.mark.parametrize("changes, field", [
    ({"castle": [(1, 1), (1, 2)]}, "castle"),
    ({"castle": [(0, 1)]}, "castle"),
    ({"castle": [(1, 13)]}, "castle"),
    ({"castle": ["red"]}, "castle"),
    ({"castle": [(i, i) for i in range(1, 13)]}, "castle"),
    ({"hands": [0, 8]}, "hands"),
    ({"hands": [9, 1]}, "hands"),
    ({"hands": [8]}, "hands"),
    ({"hands": [8, 8], "castle": [(1, 1)]}, "dealt"),
    ({"current": 3}, "current"),
    ({"p": 0.9, "q": 0.2}, "p \\+ q"),
])
def test_a_quiet_as_a_mouse_description_that_breaks_a_rule_is_refused(changes, field):
    description = {"castle": [(1, 1)], "hands": [4, 5]}
    description.update(changes)
    with pytest.raises(InvalidArgumentError, match=field):
        quiet_as_a_mouse.position(2, **description)
