"""The one way to play every game: the state protocol all four engines implement.

Every game module has ``new_game(players=..., seed=..., rules=...)`` (``players`` a number
or a list of names, ``seed`` for the game's own random generator, ``rules`` the game's
rules/data object) and ``position(...)``, which builds a legal position a teacher describes
in a few fields. Both return a state with this interface (OpenSpiel's, made small)::

    state.players              int: how many players
    state.current_player       int: whose turn it is (also while chance acts for them)
    state.is_chance_node       bool: chance acts next (dice, a card drawn, a bell ...)
    state.chance_outcomes()    [(outcome, Fraction)]: what chance can do now, adding up to 1
    state.apply_chance(o)      apply one of those outcomes
    state.sample_chance(rng)   draw an outcome with ``rng`` (None: the state's own), apply it,
                               return it
    state.legal_actions()      the current player's choices (empty at chance and at the end)
    state.apply(action)        apply one of those choices
    state.is_over              bool
    state.winners              tuple of player indices, empty until the game is over (ties:
                               several winners)
    state.copy()               an independent copy (the same future for the same outcomes)
    state.log                  list of what happened; ``str(entry)`` reads as a sentence
    state.phase                one of the game's exported phase constants (``OVER`` at the end)
    state.search_key()         a hashable summary of what decides the future (for searches)

Errors are the same in every game: an action or outcome that is not allowed now (another
game's action, a chance outcome that cannot happen, a move out of turn) raises
:class:`~haba_lessons.errors.IllegalActionError`; a position description that breaks a rule
raises :class:`~haba_lessons.errors.InvalidArgumentError` naming the field. Either way the
state is left exactly as it was. Tools written once against this protocol live in
:mod:`haba_lessons.play`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

import numpy as np

#: The phase of a finished game, the same string in every game.
OVER = "over"


class TurnState:
    """What every engine derives the same way from its ``current`` seat and its ``phase``;
    the engines inherit it."""

    current: int
    phase: str

    @property
    def current_player(self) -> int:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase == OVER


@runtime_checkable
class GameState(Protocol):
    """A game in progress, as every engine exposes it (see the module docstring)."""

    phase: str

    @property
    def players(self) -> int: ...

    @property
    def current_player(self) -> int: ...

    @property
    def is_chance_node(self) -> bool: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def log(self) -> Sequence[Any]: ...

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]: ...

    def apply_chance(self, outcome: Any) -> None: ...

    def sample_chance(self, rng: np.random.Generator | None = None) -> Any: ...

    def legal_actions(self) -> list[Any]: ...

    def apply(self, action: Any) -> None: ...

    def copy(self) -> GameState: ...

    def search_key(self) -> Hashable: ...


def clone_generator(rng: np.random.Generator) -> np.random.Generator:
    """An independent generator in the same state as ``rng`` (the same future draws), for
    ``copy()``: several times faster than ``copy.deepcopy``, which an exact search would
    pay on every branch."""
    bit_generator = type(rng.bit_generator)(_CLONE_SEED)
    bit_generator.state = rng.bit_generator.state
    return np.random.Generator(bit_generator)


def restore_generator(state: dict) -> np.random.Generator:
    """A generator in the ``bit_generator.state`` it was saved in (a copy made lazily)."""
    bit_generator = getattr(np.random, state["bit_generator"])(_CLONE_SEED)
    bit_generator.state = state
    return np.random.Generator(bit_generator)


_CLONE_SEED = np.random.SeedSequence(0)
