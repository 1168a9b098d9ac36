"""Exact Markov chains for one token on any roll-and-move board.

A roll-and-move board is a row of spaces numbered ``0 .. spaces - 1``. Each turn the token
moves forward by a die roll. Some spaces are *jumps* ("go back to 10", "move ahead to 12"):
a token whose move ends there is moved on to the named space at once, and does **not** act
on that second space (no chains of jumps). The end of the board is one of two kinds:

* a **final square** (``loop_start=None``): a move that reaches or passes the last space
  stops there, and the token stays there for good;
* a **loop** (``loop_start=k``): spaces ``k .. spaces - 1`` form a circle, the space after
  the last one is ``k`` again, and the token goes round for ever.

Where the token stands after each turn is then a Markov chain with exact rational transition
probabilities. This module answers, exactly (``fractions.Fraction``):

* :func:`transition_matrix` — the matrix itself, as a sympy ``Matrix``;
* :func:`landing_probabilities` — the chance that a move ever *lands* on each space
  (the space whose instruction is carried out);
* :func:`expected_turns` / :func:`first_passage` — how many turns until the token first
  reaches a space or a set of spaces (the mean, and the distribution up to ``N`` turns);
* :func:`expected_landings` — how often a move lands on each space the token passes for
  good (repeat landings after a "go back" included);
* :func:`long_run_shares` — the share of turns spent on each space in the long run (the
  stationary distribution of the closed class the token ends up in, e.g. the loop).

Nothing here knows any particular game: a game module describes its board with a
:class:`RollAndMoveBoard` and asks these questions.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import sympy

from .dice import die as fair_die
from .distribution import Distribution
from .errors import InvalidArgumentError

_ZERO = Fraction(0)
_ONE = Fraction(1)


@dataclass(frozen=True)
class RollAndMoveBoard:
    """A board for one token: number of spaces, die, jumps, and a loop or a final square."""

    spaces: int
    die: Distribution = field(default_factory=fair_die)
    jumps: Mapping[int, int] = field(default_factory=dict)
    loop_start: int | None = None
    labels: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.spaces, bool) or not isinstance(self.spaces, numbers.Integral) \
                or self.spaces < 2:
            raise InvalidArgumentError(
                f"spaces must be a whole number of at least 2, not {self.spaces!r}.")
        if not isinstance(self.die, Distribution):
            raise InvalidArgumentError(
                "die must be a Distribution of step sizes, e.g. die(6) or "
                "Distribution.uniform([1, 2]) for a coin that moves 1 or 2.")
        for steps in self.die:
            if isinstance(steps, bool) or not isinstance(steps, numbers.Integral) or steps < 1:
                raise InvalidArgumentError(
                    f"every die outcome must be a whole number of steps (at least 1), "
                    f"not {steps!r}.")
        last = self.spaces - 1
        if self.loop_start is not None:
            if isinstance(self.loop_start, bool) or not isinstance(
                    self.loop_start, numbers.Integral) or not 0 <= self.loop_start < last:
                raise InvalidArgumentError(
                    f"loop_start must be a space number from 0 to {last - 1} "
                    f"(the loop needs at least two spaces), not {self.loop_start!r}.")
        jumps = dict(self.jumps)
        for source, target in jumps.items():
            for name, value in (("jump from", source), ("jump target", target)):
                if isinstance(value, bool) or not isinstance(value, numbers.Integral) \
                        or not 0 <= value <= last:
                    raise InvalidArgumentError(
                        f"{name} {value!r} is not a space of the board (0 to {last}).")
            if source == target:
                raise InvalidArgumentError(f"space {source} jumps to itself; remove that jump.")
        if self.loop_start is None and last in jumps:
            raise InvalidArgumentError(
                f"space {last} is the final square, so it cannot be a jump.")
        if self.labels is not None and len(self.labels) != self.spaces:
            raise InvalidArgumentError(
                f"labels has {len(self.labels)} entries but the board has {self.spaces} spaces.")
        object.__setattr__(self, "jumps", dict(sorted(jumps.items())))

    # --- one move -----------------------------------------------------------------------
    def land(self, position: int, steps: int) -> int:
        """The space a move of ``steps`` from ``position`` lands on (before any jump)."""
        target = position + steps
        last = self.spaces - 1
        if target <= last:
            return target
        if self.loop_start is None:
            return last
        length = self.spaces - self.loop_start
        return self.loop_start + (target - self.loop_start) % length

    def rest(self, landing: int) -> int:
        """Where the token stays after landing on ``landing`` (the jump target, if any)."""
        return self.jumps.get(landing, landing)

    def label(self, space: int) -> str:
        return self.labels[space] if self.labels is not None else str(space)


# --- the chain ------------------------------------------------------------------------------

def transition_rows(board: RollAndMoveBoard) -> list[dict[int, Fraction]]:
    """Row ``i``: ``{j: P(the token stands on j after one turn | it stood on i)}``."""
    rows = []
    for i in range(board.spaces):
        row: dict[int, Fraction] = {}
        for steps, p in board.die.items():
            j = board.rest(board.land(i, steps))
            row[j] = row.get(j, _ZERO) + p
        rows.append(dict(sorted(row.items())))
    return rows


def transition_matrix(board: RollAndMoveBoard) -> sympy.Matrix:
    """The one-turn transition matrix with exact rational entries (rows sum to 1).

    Entry ``[i, j]`` is the chance that a token on space ``i`` stands on space ``j`` after
    one turn. A jump space is a row like any other, but its column is all zeros: nobody
    ever stays there.
    """
    rows = transition_rows(board)
    return sympy.Matrix(board.spaces, board.spaces,
                        lambda i, j: sympy.Rational(rows[i].get(j, _ZERO).numerator,
                                                    rows[i].get(j, _ZERO).denominator))


def _targets(board: RollAndMoveBoard, target: int | Iterable[int]) -> frozenset[int]:
    values = [target] if isinstance(target, numbers.Integral) else list(target)
    if not values:
        raise InvalidArgumentError("give at least one target space.")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) \
                or not 0 <= value < board.spaces:
            raise InvalidArgumentError(
                f"target {value!r} is not a space of the board (0 to {board.spaces - 1}).")
    return frozenset(int(v) for v in values)


def _start(board: RollAndMoveBoard, start: int) -> int:
    if isinstance(start, bool) or not isinstance(start, numbers.Integral) \
            or not 0 <= start < board.spaces:
        raise InvalidArgumentError(
            f"start must be a space of the board (0 to {board.spaces - 1}), not {start!r}.")
    if start in board.jumps:
        raise InvalidArgumentError(
            f"start {start} is a jump space; a token never stands there. Start elsewhere.")
    return int(start)


def _split_turn(board: RollAndMoveBoard, hit) -> tuple[dict[int, Fraction],
                                                        dict[int, dict[int, Fraction]]]:
    """For every space: P(this turn hits), and the transitions of the turns that do not."""
    hits: dict[int, Fraction] = {}
    misses: dict[int, dict[int, Fraction]] = {}
    for i in range(board.spaces):
        h, row = _ZERO, {}
        for steps, p in board.die.items():
            landing = board.land(i, steps)
            if hit(landing):
                h += p
            else:
                j = board.rest(landing)
                row[j] = row.get(j, _ZERO) + p
        hits[i], misses[i] = h, row
    return hits, misses


def _hitting_probabilities(hits: dict[int, Fraction],
                           misses: dict[int, dict[int, Fraction]]) -> dict[int, Fraction]:
    """P(ever hit) from every space: solve h = hits + misses · h on spaces that can hit."""
    can_hit = {i for i, h in hits.items() if h}
    predecessors: dict[int, set[int]] = {}
    for i, row in misses.items():
        for j in row:
            predecessors.setdefault(j, set()).add(i)
    frontier = list(can_hit)
    while frontier:
        j = frontier.pop()
        for i in predecessors.get(j, ()):
            if i not in can_hit:
                can_hit.add(i)
                frontier.append(i)
    equations = {i: {i: _ONE} for i in can_hit}
    for i in can_hit:
        for j, p in misses[i].items():
            if j in can_hit:
                equations[i][j] = equations[i].get(j, _ZERO) - p
    solution = solve_linear(equations, {i: hits[i] for i in can_hit})
    return {i: solution.get(i, _ZERO) for i in sorted(hits)}


def landing_probabilities(board: RollAndMoveBoard, start: int = 0) -> dict[int, Fraction]:
    """For each space, the chance that a move starting from ``start`` ever lands on it.

    "Lands" means the die move ends there, so the space's instruction is carried out; a
    space reached only through a jump ("move ahead to 12") does not count as a landing on
    12. The start space counts only if a later move lands on it again.
    """
    start = _start(board, start)
    result = {}
    for space in range(board.spaces):
        hits, misses = _split_turn(board, lambda landing, s=space: landing == s)
        result[space] = _hitting_probabilities(hits, misses)[start]
    return result


def reach_probability(board: RollAndMoveBoard, target: int | Iterable[int],
                      start: int = 0) -> Fraction:
    """The chance that the token ever reaches ``target`` (a space or a set of spaces).

    A turn *reaches* a target if its move lands on one, or a jump takes the token to one.
    """
    targets, start = _targets(board, target), _start(board, start)
    if start in targets:
        return _ONE
    hits, misses = _split_turn(board, lambda landing: landing in targets
                               or board.rest(landing) in targets)
    return _hitting_probabilities(hits, misses)[start]


def expected_turns(board: RollAndMoveBoard, target: int | Iterable[int],
                   start: int = 0) -> Fraction:
    """The exact expected number of turns until the token first reaches ``target``.

    Solves ``t_i = 1 + sum_j P(i -> j without reaching) t_j``. Raises InvalidArgumentError
    if the token may never get there (then the expected time is infinite).
    """
    targets, start = _targets(board, target), _start(board, start)
    if start in targets:
        return _ZERO
    hit = lambda landing: landing in targets or board.rest(landing) in targets  # noqa: E731
    hits, misses = _split_turn(board, hit)
    chance = _hitting_probabilities(hits, misses)[start]
    if chance != 1:
        raise InvalidArgumentError(
            f"from space {start} the token reaches {sorted(targets)} only with probability "
            f"{chance}, so the expected number of turns is infinite.")
    reachable = _reachable_from(misses, start)
    equations = {i: {i: _ONE} for i in reachable}
    for i in reachable:
        for j, p in misses[i].items():
            equations[i][j] = equations[i].get(j, _ZERO) - p
    return solve_linear(equations, {i: _ONE for i in reachable})[start]


def first_passage(board: RollAndMoveBoard, target: int | Iterable[int], turns: int,
                  start: int = 0) -> dict[int, Fraction]:
    """``{k: P(the token first reaches target on turn k)}`` for ``k = 1 .. turns``.

    The values add up to P(reached within ``turns`` turns); the rest of the probability is
    on later turns (or never). If ``start`` is a target the answer is ``{0: 1}``.
    """
    targets, start = _targets(board, target), _start(board, start)
    if isinstance(turns, bool) or not isinstance(turns, numbers.Integral) or turns < 1:
        raise InvalidArgumentError(f"turns must be a whole number of at least 1, not {turns!r}.")
    if start in targets:
        return {0: _ONE}
    hits, misses = _split_turn(board, lambda landing: landing in targets
                               or board.rest(landing) in targets)
    where = {start: _ONE}
    result = {}
    for k in range(1, turns + 1):
        result[k] = sum((p * hits[i] for i, p in where.items()), _ZERO)
        following: dict[int, Fraction] = {}
        for i, p in where.items():
            for j, q in misses[i].items():
                following[j] = following.get(j, _ZERO) + p * q
        where = following
    return result


def long_run_shares(board: RollAndMoveBoard, start: int = 0) -> dict[int, Fraction]:
    """The long-run share of turns the token spends on each space (0 for transient spaces).

    The token ends up in a *closed class* (the loop, or the final square) and stays there;
    the shares are that class's stationary distribution ``pi = pi P``. They are also the
    long-run averages when the class is periodic. If the token can end up in more than one
    closed class, the answer depends on luck and an InvalidArgumentError says so.
    """
    start = _start(board, start)
    rows = transition_rows(board)
    reach = [_reachable_from(rows, i) for i in range(board.spaces)]
    from_start = reach[start]
    closed = sorted({frozenset(j for j in reach[i] if i in reach[j])
                     for i in from_start if all(i in reach[j] for j in reach[i])},
                    key=min)
    if len(closed) != 1:
        described = "; ".join(str(sorted(c)) for c in closed)
        raise InvalidArgumentError(
            f"the token can end up in {len(closed)} different closed sets of spaces "
            f"({described}), so there is no single long-run share.")
    members = sorted(closed[0])
    equations: dict[int, dict[int, Fraction]] = {}
    for j in members[1:]:
        equation = {i: rows[i].get(j, _ZERO) for i in members}
        equation[j] -= 1
        equations[j] = {i: v for i, v in equation.items() if v}
    equations[members[0]] = {i: _ONE for i in members}
    rhs = {j: _ZERO for j in members[1:]}
    rhs[members[0]] = _ONE
    pi = solve_linear(equations, rhs)
    return {i: pi.get(i, _ZERO) for i in range(board.spaces)}


def expected_landings(board: RollAndMoveBoard, start: int = 0) -> dict[int, Fraction]:
    """The expected number of moves that land on each space the token passes for good.

    Spaces of the closed class the token ends up in (the loop, the final square) are left
    out: the token lands there again and again. For the others the counts are finite and
    include repeat landings after a "go back". Solves ``v = e_start + v Q`` for the expected
    number of turns begun on each passing space.
    """
    start = _start(board, start)
    rows = transition_rows(board)
    reach = [_reachable_from(rows, i) for i in range(board.spaces)]
    passing = sorted(j for j in reach[start] if any(j not in reach[k] for k in reach[j]))
    if not passing:
        return {}
    equations = {j: {j: _ONE} for j in passing}
    for i in passing:
        for j, p in rows[i].items():
            if j in equations:
                equations[j][i] = equations[j].get(i, _ZERO) - p
    visits = solve_linear(equations, {j: _ONE if j == start else _ZERO for j in passing})
    closed = reach[start] - set(passing)
    landings = {space: _ZERO for space in range(board.spaces) if space not in closed}
    for i in passing:
        for steps, p in board.die.items():
            landing = board.land(i, steps)
            if landing in landings:
                landings[landing] += visits[i] * p
    return landings


def _reachable_from(rows: Mapping[int, dict[int, Fraction]] | list[dict[int, Fraction]],
                    i: int) -> set[int]:
    """The spaces a token can reach from ``i`` along the non-zero transitions of ``rows``."""
    seen, frontier = {i}, [i]
    while frontier:
        k = frontier.pop()
        for j in rows[k]:
            if j not in seen:
                seen.add(j)
                frontier.append(j)
    return seen


# --- exact linear algebra -------------------------------------------------------------------

def solve_linear(equations: Mapping[int, Mapping[int, Fraction]],
                 rhs: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """Solve a sparse square linear system exactly.

    ``equations[e]`` is ``{unknown: coefficient}`` for equation ``e`` and ``rhs[e]`` its
    right-hand side. Gaussian elimination on dictionaries, highest-numbered unknown first:
    on a board the token mostly moves forward, so this order creates little fill-in.
    """
    rows = {e: {k: Fraction(v) for k, v in row.items() if v} for e, row in equations.items()}
    b = {e: Fraction(rhs.get(e, 0)) for e in rows}
    unknowns = sorted({k for row in rows.values() for k in row}, reverse=True)
    if len(unknowns) > len(rows):
        raise InvalidArgumentError("the linear system has more unknowns than equations.")
    remaining = set(rows)
    eliminated: list[tuple[int, dict[int, Fraction], Fraction]] = []
    for k in unknowns:
        candidates = [e for e in remaining if rows[e].get(k)]
        if not candidates:
            raise InvalidArgumentError("the linear system is singular (no unique solution).")
        pivot_row = k if k in candidates else min(candidates)
        remaining.discard(pivot_row)
        row = rows[pivot_row]
        pivot = row.pop(k)
        row = {j: v / pivot for j, v in row.items()}
        value = b[pivot_row] / pivot
        for e in candidates:
            if e == pivot_row:
                continue
            factor = rows[e].pop(k)
            target = rows[e]
            for j, v in row.items():
                updated = target.get(j, _ZERO) - factor * v
                if updated:
                    target[j] = updated
                else:
                    target.pop(j, None)
            b[e] -= factor * value
        eliminated.append((k, row, value))
    for e in remaining:
        if b[e]:
            raise InvalidArgumentError("the linear system has no solution.")
    solution: dict[int, Fraction] = {}
    for k, row, value in reversed(eliminated):
        solution[k] = value - sum((v * solution[j] for j, v in row.items()), _ZERO)
    return solution


# --- simulation (a second, independent method) ----------------------------------------------

def simulate_landed(board: RollAndMoveBoard, trials: int, turns: int,
                    rng: np.random.Generator, start: int = 0) -> np.ndarray:
    """A (trials x spaces) 0/1 array: did token ``t`` land on space ``s`` within ``turns`` turns?"""
    landed, _ = _simulate(board, trials, turns, rng, start)
    return landed


def simulate_landings(board: RollAndMoveBoard, trials: int, turns: int,
                      rng: np.random.Generator, start: int = 0) -> np.ndarray:
    """How many of ``trials`` tokens landed on each space at least once within ``turns`` turns.

    Vectorized over tokens; compare ``counts / trials`` with :func:`landing_probabilities`.
    """
    return simulate_landed(board, trials, turns, rng, start).sum(axis=0)


def simulate_reach_turns(board: RollAndMoveBoard, target: int | Iterable[int], trials: int,
                         turns: int, rng: np.random.Generator, start: int = 0) -> np.ndarray:
    """For each of ``trials`` tokens, the turn it first reached ``target`` (0 if not within ``turns``)."""
    targets = _targets(board, target)
    _, first = _simulate(board, trials, turns, rng, start, targets)
    return first


def _simulate(board: RollAndMoveBoard, trials: int, turns: int, rng: np.random.Generator,
              start: int, targets: frozenset[int] = frozenset()) -> tuple[np.ndarray, np.ndarray]:
    start = _start(board, start)
    for name, value in (("trials", trials), ("turns", turns)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
            raise InvalidArgumentError(f"{name} must be a whole number of at least 1.")
    faces = list(board.die)
    weights = np.array([float(board.die[f]) for f in faces])
    land = np.array([[board.land(i, f) for f in faces] for i in range(board.spaces)])
    rest = np.array([board.rest(i) for i in range(board.spaces)])
    in_target = np.array([i in targets for i in range(board.spaces)])
    position = np.full(trials, start)
    landed = np.zeros((trials, board.spaces), dtype=bool)
    first = np.zeros(trials, dtype=int)
    rows = np.arange(trials)
    for turn in range(1, turns + 1):
        choice = rng.choice(len(faces), size=trials, p=weights / weights.sum())
        landing = land[position, choice]
        landed[rows, landing] = True
        position = rest[landing]
        newly = (first == 0) & (in_target[landing] | in_target[position])
        first[newly] = turn
    return landed, first
