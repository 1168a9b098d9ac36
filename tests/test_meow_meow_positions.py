"""Meow Meow positions a teacher sets up from a short description: a legal one is built as
described, a description that breaks a rule is refused with an error naming the field.

Expected values come from the description itself and the rulebook's counts (52 cards).
"""

from __future__ import annotations

from collections import Counter

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games import meow_meow
from haba_lessons.games.meow_meow import Card as C

ANA = [C("red", "cow"), C("blue", "fox"), C("green", "pig")]


BEN = [C("yellow", "cat"), C("yellow", "hen")]


def test_a_meow_meow_position_is_built_as_described():
    state = meow_meow.position(2, hands=[ANA, BEN], top=C("red", "fox"), pending=2,
                               direction=-1, current=0)
    assert state.hands == [ANA, BEN] and state.top == C("red", "fox")
    assert state.pending == 2 and state.direction == -1 and state.colour == "red"
    assert state.card_count() == 52
    assert Counter(c for h in state.hands for c in h) + Counter(state.pile) \
        + Counter(state.discard) == Counter(state.rules.deck)
    # a fox is pending: answer with a fox or draw the penalty
    assert [str(a) for a in state.legal_actions()] == ["play blue fox", "draw"]


@pytest.mark.parametrize("changes, field", [
    ({"hands": [ANA]}, "hands"),
    ({"hands": [ANA, []]}, "hands"),
    ({"hands": [ANA, ["red cow"]]}, "hands"),
    ({"hands": [ANA, [C("red", "cow")]]}, "used at most once"),
    ({"hands": [ANA, [C("purple", "cow")]]}, "not in the deck"),
    ({"top": "red fox"}, "top"),
    ({"direction": 2}, "direction"),
    ({"pending": 3}, "pending"),
    ({"pending": 2, "top": C("red", "pig")}, "pending"),
    ({"top": C("red", "parrot")}, "colour"),
    ({"colour": "blue"}, "colour"),
    ({"current": 2}, "current"),
])
def test_a_meow_meow_description_that_breaks_a_rule_is_refused(changes, field):
    description = {"hands": [ANA, BEN], "top": C("red", "fox")}
    description.update(changes)
    with pytest.raises(InvalidArgumentError, match=field):
        meow_meow.position(2, **description)
