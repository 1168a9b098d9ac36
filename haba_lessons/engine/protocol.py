"""The one way to play every game: the state protocol all four engines implement.

Every game module has ``new_game(players, *, seed=..., rules=...)`` (``players`` a number or
a list of names, ``seed`` for the state's own generator, ``rules`` the game's rules object,
further options keyword-only) and ``position(...)``, which builds a legal position a teacher
describes in a few fields. Both return a state with this interface (OpenSpiel's, made
small)::

    state.players              int: how many players
    state.current_player       int: whose turn it is (also while chance acts for them)
    state.phase                one of the game's phase constants (``OVER`` at the end)
    state.is_chance_node       bool: chance acts next (dice, a card drawn, a bell ...)
    state.chance_outcomes()    [(outcome, Fraction)]: what chance can do now, adding up to 1,
                               every probability above 0 (empty at a decision and at the end)
    state.apply_chance(o)      apply one of those outcomes
    state.sample_chance(rng)   draw an outcome with ``rng`` (None: the state's own), apply it,
                               return it
    state.legal_actions()      the current player's choices (empty at chance and at the end)
    state.apply(action)        apply one of those choices
    state.is_over              bool
    state.turns                how many turns have been played (the game's own count)
    state.winners              tuple of player indices, empty until the game is over (ties:
                               several winners)
    state.copy()               an independent copy (the same future for the same outcomes)
    state.log                  what happened, always kept; ``str(entry)`` reads as a sentence
    state.search_key()         a hashable summary of what decides the future (for searches)

Errors are the same in every game: an action or outcome that is not allowed now (another
game's action, a chance outcome that cannot happen, an action at a chance node, a move after
the end) raises :class:`~haba_lessons.errors.IllegalActionError` naming what was given and
what is allowed; a position description that breaks a rule raises
:class:`~haba_lessons.errors.InvalidArgumentError` naming the field. Either way the state is
left exactly as it was.

A *bot* is a function ``bot(state, rng) -> action`` returning one of
``state.legal_actions()``; every game's bots have this one signature.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

import numpy as np

#: The phase of a finished game, the same value in every game.
OVER = "over"


@runtime_checkable
class GameState(Protocol):
    """A game in progress, as every engine exposes it (see the module docstring)."""

    phase: str
    turns: int

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


#: A bot: given a state waiting for its player's decision and a generator, one legal action.
Bot = Callable[[GameState, np.random.Generator], Any]
