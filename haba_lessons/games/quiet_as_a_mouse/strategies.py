"""How a player picks the holes for a roll: three named strategies over the rules engine.

Each strategy is a function ``(game, rng) -> (front hole, back hole)`` for a game in the
"choose" phase. They decide which rolled colour goes to the front wall exactly as the counts
model of :mod:`.analysis` does (so the exact analysis and the simulations agree), and then
take the leftmost free hole of each colour; holes of one colour on one wall are alike.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...errors import IllegalActionError, InvalidArgumentError
from .analysis import STRATEGIES, counts_state, orientation_choices
from .rules import Game, Pair

Strategy = Callable[[Game, np.random.Generator | None], Pair]


def _colour_choice(game: Game, strategy: str) -> tuple[str, str]:
    """(front colour, back colour) the counts model picks for the current roll."""
    if game.phase != "choose":
        raise IllegalActionError("a strategy chooses holes only after a roll that fits.")
    free = game.free_counts()
    layout = game.layout
    # the counts state lists the colours sorted by (faces, free front, free back); colours
    # with equal entries are interchangeable, so any order among them will do
    order = sorted(layout.colours, key=lambda c: (layout.die_faces.count(c), *free[c]))
    state = counts_state(free, layout)
    slot_of = {colour: slot for slot, colour in enumerate(order)}
    colour_of = dict(enumerate(order))
    a, b = game.roll
    (front, back), _ = orientation_choices(state, slot_of[a], slot_of[b], strategy)[0]
    return colour_of[front], colour_of[back]


def first_free_pair(game: Game, rng: np.random.Generator | None = None) -> Pair:
    """The first die's colour in front and the second's at the back if free, else swapped."""
    front, back = _colour_choice(game, "first free pair")
    return game.free_holes("front", front)[0], game.free_holes("back", back)[0]


def most_open_pair(game: Game, rng: np.random.Generator | None = None) -> Pair:
    """The pair after which the next roll is least likely to be blocked."""
    front, back = _colour_choice(game, "most open")
    return game.free_holes("front", front)[0], game.free_holes("back", back)[0]


def random_pair(game: Game, rng: np.random.Generator | None = None) -> Pair:
    """Any free pair that fits the roll, all equally likely (needs ``rng``)."""
    if rng is None:
        raise InvalidArgumentError("the random strategy needs a random generator: "
                                   "pass rng=make_rng(seed).")
    pairs = game.legal_pairs()
    if not pairs:
        raise IllegalActionError("a strategy chooses holes only after a roll that fits.")
    return pairs[int(rng.integers(len(pairs)))]


BY_NAME: dict[str, Strategy] = dict(zip(STRATEGIES, (first_free_pair, most_open_pair,
                                                     random_pair)))


def strategy_named(name: str) -> Strategy:
    """The strategy function for one of the names in ``STRATEGIES``."""
    if name not in BY_NAME:
        raise InvalidArgumentError(f"unknown strategy {name!r}; choose one of "
                                   f"{', '.join(STRATEGIES)}.")
    return BY_NAME[name]
