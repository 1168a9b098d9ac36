"""Spookies positions a teacher sets up from a short description: a legal one is built as
described, a description that breaks a rule is refused with an error naming the field.

Expected values come from the description itself and the rulebook's counts (75 chips).
"""

from __future__ import annotations

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games import spookies

def test_a_spookies_position_is_built_as_described():
    game = spookies.position(["Ana", "Ben", "Cleo"], figures={"Hanja": 5, "Poppy": 7},
                             stockpile=30, chips=[4, 0, 9], penalties=[0, 2, 0, 0, 1, 0, 3],
                             current=2)
    assert game.positions == [0, 0, 5, 0, 7]
    assert game.stockpile == 30 and game.chip_counts() == [4, 0, 9]
    assert game.penalty_counts() == (0, 2, 0, 0, 1, 0, 3)
    assert game.chip_total() == 75
    assert game.unseen == (30, 20, 15, 10)          # every chip face down: nobody has seen one
    assert game.current_player == 2 and game.phase == spookies.FRIEND


def test_a_spookies_position_with_chips_of_known_values():
    game = spookies.position(["Ana", "Ben"], figures={}, stockpile=30, chips=[[5, 5, 1], 2])
    assert game.chips == [[5, 5, 1], [spookies.FACE_DOWN] * 2]
    assert game.unseen == (29, 20, 15, 8) and game.chip_total() == 75


@pytest.mark.parametrize("changes, field", [
    ({"figures": {"Fido": 3}}, "figures"),
    ({"figures": [1, 2, 3]}, "figures"),
    ({"figures": {"Hanja": 8}}, "figures"),
    ({"stockpile": 0}, "stockpile"),
    ({"stockpile": 70, "chips": [5, 5]}, "box has only 75"),
    ({"chips": [1, 2, 3]}, "chips"),
    ({"chips": [-1, 0]}, "chips"),
    ({"penalties": [1, 1]}, "penalties"),
    ({"current": 2}, "current"),
    ({"figure": "Fido"}, "figure"),
])
def test_a_spookies_description_that_breaks_a_rule_is_refused(changes, field):
    description = {"figures": {"Hanja": 3}, "stockpile": 30, "chips": [2, 2]}
    description.update(changes)
    with pytest.raises(InvalidArgumentError, match=field):
        spookies.position(["Ana", "Ben"], **description)
