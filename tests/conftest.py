"""Helpers shared by the tests of the games and the engine (``from tests.conftest import
refused``: ``tests`` is a package, so this module has one name; the browser tests' own
``conftest`` in ``tests/browser/`` keeps its own).

* :func:`refused`: an attempt must raise the engine's error and leave the state exactly as
  it was (the protocol's promise for every refusal); returns the message.
* :func:`step`: apply an action at a decision or an outcome at a chance node (a scripted
  game reads as a list of what happens).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from haba_lessons.errors import HabaLessonsError, IllegalActionError


def refused(state, attempt: Callable[[], object] | object, match: str | None = None,
            error: type[HabaLessonsError] = IllegalActionError) -> str:
    """``attempt`` (a callable, or an action/outcome to apply) raises ``error`` (matching
    ``match``) and changes nothing; returns the message."""
    if not callable(attempt) or isinstance(attempt, type):
        value = attempt
        attempt = (lambda: state.apply_chance(value)) if state.is_chance_node else \
            (lambda: state.apply(value))
    before = state.snapshot()
    with pytest.raises(error, match=match) as info:
        attempt()
    assert state.snapshot() == before
    return str(info.value)


def step(state, *moves) -> None:
    """Apply each of ``moves``: an outcome at a chance node, an action at a decision."""
    for move in moves:
        if state.is_chance_node:
            state.apply_chance(move)
        else:
            state.apply(move)
