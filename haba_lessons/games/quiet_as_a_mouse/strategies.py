"""How a player picks the holes for a roll: three named bots over the rules engine.

Each is a bot ``bot(state, rng) -> (front hole, back hole)`` for a game in the "choose"
phase; :data:`STRATEGIES` holds them by name and :func:`named` finds one. They decide which
rolled colour goes to the front wall exactly as the counts model of :mod:`.counts` does (so
the exact analysis and the simulations agree), and then take the leftmost free hole of each
colour; holes of one colour on one wall are alike.
"""

from __future__ import annotations

import numpy as np

from ...engine import Strategies, Strategy
from ...errors import IllegalActionError, InvalidArgumentError
from ...i18n import N_, _
from .counts import counts_state, orientation_choices
from .rules import CHOOSE, Game, Pair


def _colour_choice(game: Game, strategy: str) -> tuple[str, str]:
    """(front colour, back colour) the counts model picks for the current roll."""
    if game.phase != CHOOSE:
        raise IllegalActionError(_("a strategy chooses holes only after a roll that fits."))
    free = game.free_counts()
    layout = game.layout
    # the counts state lists the colours sorted by (faces, free front, free back); colours
    # with equal entries are interchangeable, so any order among them will do
    order = sorted(layout.colours, key=lambda c: (layout.die_faces.count(c), *free[c]))
    state = counts_state(free, layout)
    slot_of = {colour: slot for slot, colour in enumerate(order)}
    colour_of = dict(enumerate(order))
    a, b = game.roll
    (front, back), _chance = orientation_choices(state, slot_of[a], slot_of[b], strategy)[0]
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
        raise InvalidArgumentError(_("the random strategy needs a random generator: pass "
                                     "rng=make_rng(seed)."))
    pairs = game.legal_pairs()
    if not pairs:
        raise IllegalActionError(_("a strategy chooses holes only after a roll that fits."))
    return pairs[int(rng.integers(len(pairs)))]


STRATEGIES = Strategies("Quiet as a Mouse", [
    Strategy("first free pair", "the first die's colour in front if free, else swapped",
             first_free_pair),
    Strategy("most open", "the pair after which the next roll is least likely blocked",
             most_open_pair),
    Strategy("random", "any free pair that fits, at random", random_pair),
])
#: Each habit's name as it is shown (the name in code stays English).
NAMES = {"first free pair": N_("first free pair"), "most open": N_("most open"),
         "random": N_("random")}


def strategy_name(name: str) -> str:
    """A habit's name in the language in use ("most open" -> "möglichst offen")."""
    return _(NAMES[name]) if name in NAMES else name
named = STRATEGIES.named
#: The first names of :data:`STRATEGIES` and :func:`named`.
BY_NAME = STRATEGIES
strategy_named = named
