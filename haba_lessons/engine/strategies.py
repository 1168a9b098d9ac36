"""Named bots, and each game's registry of them, reached the same way in every game.

Every game's ``strategies`` module has ``STRATEGIES`` (a mapping from name to
:class:`Strategy`) and ``named(name)``::

    from haba_lessons.games.spookies import strategies
    greedy = strategies.named("greedy")       # a bot: greedy(state, rng) -> action
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import InvalidArgumentError
from ..i18n import _
from .protocol import Bot, GameState
from .state import show


@dataclass(frozen=True)
class Strategy:
    """A named bot: ``strategy(state, rng) -> action``, with a one-line description."""

    name: str
    description: str
    choose: Bot

    def __call__(self, state: GameState, rng: np.random.Generator) -> Any:
        return self.choose(state, rng)


class Strategies(Mapping[str, Strategy]):
    """A game's named bots. ``family(name)`` may make one from a name of a pattern the
    listed names do not cover (e.g. Spookies' "stop after 5"), ``family_hint`` says which."""

    def __init__(self, game: str, strategies: Iterable[Strategy],
                 family: Callable[[str], Strategy | None] | None = None,
                 family_hint: str = "") -> None:
        self.game = game
        self._by_name = {s.name: s for s in strategies}
        self._family, self._family_hint = family, family_hint

    def __getitem__(self, name: str) -> Strategy:
        return self._by_name[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)

    def named(self, name: str | Bot) -> Bot:
        """The bot called ``name``; a bot given instead of a name is returned as it is."""
        if callable(name) and not isinstance(name, str):
            return name
        if isinstance(name, str):
            if name in self._by_name:
                return self._by_name[name]
            made = self._family(name) if self._family is not None else None
            if made is not None:
                return made
        hint = " " + _("(or {hint})").format(hint=_(self._family_hint)) \
            if self._family_hint else ""
        raise InvalidArgumentError(_("unknown strategy {name} for {game}: choose one of "
                                     "{names}{hint}.").format(name=show(name),
                                                              game=_(self.game),
                                                              names=", ".join(self._by_name),
                                                              hint=hint))
