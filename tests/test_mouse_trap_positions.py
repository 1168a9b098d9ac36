"""Mouse Trap positions a teacher sets up from a short description: a legal one is built as
described, a description that breaks a rule is refused with an error naming the field.

Expected values come from the description itself and the rulebook's counts (52 cheese).
"""

from __future__ import annotations

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games import mouse_trap

def test_a_mouse_trap_position_is_built_as_described():
    board = mouse_trap.default_board()
    state = mouse_trap.position(["Ana", "Ben", "Cleo"], mice=[3, 5, 12], cheese=[4, 6, 0],
                                parts=board.trap_parts, caught=[2], current=1)
    assert state.positions == [3, 5, 12] and state.cheese == [4, 6, 0]
    assert state.pile == 52 - 10 and state.total_cheese() == 52
    assert state.trap_complete and state.captured == [False, False, True]
    assert state.current_player == 1 and state.phase == mouse_trap.ROLL


@pytest.mark.parametrize("changes, field", [
    ({"mice": [3]}, "mice"),
    ({"mice": [3, 999]}, "mice"),
    ({"cheese": [40, 20]}, "cheese"),
    ({"cheese": [4, 6], "pile": 40}, "pile"),
    ({"parts": 999}, "parts"),
    ({"caught": [1]}, "caught"),
    ({"current": 5}, "current"),
])
def test_a_mouse_trap_description_that_breaks_a_rule_is_refused(changes, field):
    description = {"mice": [3, 5], "cheese": [4, 6], "parts": 2}
    description.update(changes)
    with pytest.raises(InvalidArgumentError, match=field):
        mouse_trap.position(["Ana", "Ben"], **description)


def test_no_mouse_may_stand_on_a_jump_space():
    board = mouse_trap.default_board()
    jump = next(s.number for s in board.spaces if s.kind == "go_to")
    with pytest.raises(InvalidArgumentError, match="mice: .* never stops there"):
        mouse_trap.position(2, mice=[jump, 0], cheese=[0, 0])
