"""The castle as counts: what the dice see of a castle, and how a stick changes it.

For the dice, the only thing about the castle that matters is how many holes of each colour
are still free on each wall. Colours that are equally likely on the dice are interchangeable,
so a castle is summarised by the sorted tuple of ``(faces of a die showing the colour, free
front holes, free back holes)``, one entry per colour: a :data:`Counts` state. With the
default castle there are at most 3003 such states. The rules engine uses it for the chance
that the next roll is blocked, the hole strategies for their choice, and :mod:`.analysis`
for the exact game.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache

from ...errors import InvalidArgumentError
from ...i18n import _
from .layout import Layout, load_layout

#: One entry per colour: (faces of a die showing it, free front holes, free back holes), sorted.
#: Whole numbers only, so that states hash fast; a die has sum(faces) faces.
Counts = tuple[tuple[int, int, int], ...]
#: The hole strategies the counts model knows (the named bots of :mod:`.strategies`).
STRATEGIES = ("first free pair", "most open", "random")


def counts_state(free: Mapping[str, tuple[int, int]], layout: Layout) -> Counts:
    """The canonical counts state of ``colour -> (free front, free back)``."""
    return tuple(sorted((layout.die_faces.count(c), f, b) for c, (f, b) in free.items()))


def full_counts(layout: Layout) -> Counts:
    """The counts state of the empty castle."""
    return counts_state({c: (len(layout.holes("front", c)), len(layout.holes("back", c)))
                         for c in layout.colours}, layout)


def fits(state: Counts, i: int, j: int) -> bool:
    """Can a stick go through colour ``i`` in front and colour ``j`` at the back?"""
    return state[i][1] > 0 and state[j][2] > 0


def blocked_probability(free: Mapping[str, tuple[int, int]] | Counts,
                        layout: Layout | None = None) -> Fraction:
    """The exact chance that a roll fits no free pair of holes.

    ``free`` is ``colour -> (free front, free back)`` (see ``Game.free_counts``) or a counts
    state.
    """
    if isinstance(free, tuple):
        return _blocked(free)
    layout = layout or load_layout()
    _check_free(free, layout)
    return _blocked(counts_state(free, layout))


def _check_free(free: Mapping[str, tuple[int, int]], layout: Layout) -> None:
    """Refuse a castle description that names other colours or more holes than the castle has."""
    if not isinstance(free, Mapping) or set(free) != set(layout.colours):
        given = sorted(free) if isinstance(free, Mapping) else free
        raise InvalidArgumentError(
            f"free: give (free front holes, free back holes) for each of the colours "
            f"{', '.join(layout.colours)} — no other colours, none left out; got {given!r}.")
    for colour, counts in free.items():
        holes = (len(layout.holes("front", colour)), len(layout.holes("back", colour)))
        if (not isinstance(counts, tuple) or len(counts) != 2
                or not all(isinstance(n, int) and 0 <= n <= most
                           for n, most in zip(counts, holes))):
            raise InvalidArgumentError(
                f"free[{colour!r}] = {counts!r}: give (free front holes, free back holes), whole "
                f"numbers from 0 to {holes[0]} and 0 to {holes[1]} ({colour} has {holes[0]} front "
                f"and {holes[1]} back holes).")


@lru_cache(maxsize=None)
def _blocked(state: Counts) -> Fraction:
    ways = 0
    for i, (wi, _, _) in enumerate(state):
        for j, (wj, _, _) in enumerate(state):
            if not (fits(state, i, j) or fits(state, j, i)):
                ways += wi * wj
    return Fraction(ways, _faces(state) ** 2)


def _faces(state: Counts) -> int:
    """How many faces each die has."""
    return sum(entry[0] for entry in state)


def place(state: Counts, front: int, back: int) -> Counts:
    """The counts state after a stick goes through colour ``front`` / colour ``back``."""
    entries = [list(e) for e in state]
    entries[front][1] -= 1
    entries[back][2] -= 1
    return tuple(sorted(tuple(e) for e in entries))


def orientation_choices(state: Counts, i: int, j: int,
                        strategy: str) -> list[tuple[tuple[int, int], Fraction]]:
    """How a strategy places a stick for the ordered roll (colour i, colour j).

    Returns ``[((front colour, back colour), probability)]``; empty when the roll is blocked.

    * ``"first free pair"``: the first die's colour in front if that pair is free, else swapped.
    * ``"most open"``: the orientation after which the next roll is least likely to be
      blocked (ties: the first die's colour in front).
    * ``"random"``: every free hole pair equally likely.
    """
    options = [(x, y) for x, y in ((i, j), (j, i)) if fits(state, x, y)]
    if i == j:
        options = options[:1]
    if not options:
        return []
    if strategy == "first free pair":
        return [(options[0], Fraction(1))]
    if strategy == "most open":
        best = min(options, key=lambda o: _blocked(place(state, *o)))
        return [(best, Fraction(1))]
    if strategy == "random":
        ways = {o: state[o[0]][1] * state[o[1]][2] for o in options}
        total = sum(ways.values())
        return [(o, Fraction(w, total)) for o, w in ways.items()]
    raise InvalidArgumentError(_("unknown strategy {name}; choose one of {names}.").format(
        name=repr(strategy), names=", ".join(STRATEGIES)))


@lru_cache(maxsize=None)
def placement_outcomes(state: Counts, strategy: str) -> tuple[tuple[Counts, Fraction], ...]:
    """Where the castle goes after one roll and placement attempt that succeeds.

    Returns ``[(next counts, probability)]`` over every ordered roll, including the
    blocked rolls, which leave ``state`` unchanged.
    """
    result: dict[Counts, Fraction] = {}
    rolls = _faces(state) ** 2
    for i, (wi, _, _) in enumerate(state):
        for j, (wj, _, _) in enumerate(state):
            chance = Fraction(wi * wj, rolls)
            choices = orientation_choices(state, i, j, strategy)
            if not choices:
                result[state] = result.get(state, Fraction(0)) + chance
            for (front, back), r in choices:
                nxt = place(state, front, back)
                result[nxt] = result.get(nxt, Fraction(0)) + chance * r
    return tuple(result.items())
