"""Exact Markov chains for one token on any roll-and-move board, classic rules included.

A roll-and-move board is a row of spaces numbered ``0 .. spaces - 1``. Each turn the token
moves forward by a die roll. Some spaces are *jumps* ("go back to 10", "move ahead to 12"):
a token whose move ends there is moved on to the named space at once, and does **not** act
on that second space (no chains of jumps, no extra turn from a jump's target). The end of
the board is one of two kinds:

* a **final square** (``loop_start=None``): once the token is there it stays for good. How a
  roll that would pass it is treated is the ``finish`` rule:

  - ``"reach"``: the token stops on the final square (reaching or passing it finishes);
  - ``"exact"``: the token does not move at all (the final square needs the exact roll);
  - ``"bounce"``: the token counts the extra steps back from the final square
    (from 98 on a 100-square board, a 6 goes 99, 100, 99, 98, 97, 96).

* a **loop** (``loop_start=k``): spaces ``k .. spaces - 1`` form a circle, the space after
  the last one is ``k`` again, and the token goes round for ever.

Two classic kinds of space change the *turns*, not the position:

* an ``extra_turn`` space: a move that lands there is followed by another roll **within the
  same turn** (a turn is one go of the player; it may contain several rolls);
* a ``lost_turn`` space: a move that lands there makes the player **miss the next turn**; the
  missed turn still passes and is counted as a turn in which the token stays put.

A die outcome may also be a *choice*: the tuple ``(2, 5)`` means "move 2 or 5, as you like"
(two dice, use either one). The board's ``policy`` says how the player chooses: ``"fastest"``
(the choice that minimises the expected number of turns to the final square, found exactly
by policy iteration over fractions), ``"largest"`` or ``"smallest"``.

Where the token stands at the start of each turn -- and, with lost-turn spaces, whether that
turn is lost -- is a Markov chain with exact rational transition probabilities. This module
answers, exactly (``fractions.Fraction``):

* :func:`transition_matrix` -- the one-turn matrix, as a sympy ``Matrix`` (rows and columns
  in the order of :func:`turn_states`);
* :func:`landing_probabilities` -- the chance that a move ever *lands* on each space
  (the space whose instruction is carried out);
* :func:`expected_turns` / :func:`first_passage` -- how many turns until the token first
  reaches a space or a set of spaces (the mean, and the distribution up to ``N`` turns);
* :func:`expected_landings` -- how often a move lands on each space the token passes for
  good (repeat landings after a "go back" included);
* :func:`long_run_shares` -- the share of turns spent on each space in the long run (the
  stationary distribution of the closed class the token ends up in, e.g. the loop).

Nothing here knows any particular game: a game module describes its board with a
:class:`RollAndMoveBoard` and asks these questions.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from .dice import die as fair_die
from .distribution import Distribution

if TYPE_CHECKING:
    import sympy
from .errors import InvalidArgumentError
from .i18n import _, number

_ZERO = Fraction(0)
_ONE = Fraction(1)

FINISH_RULES = ("reach", "exact", "bounce")
POLICIES = ("fastest", "largest", "smallest")

# What the token does next from a state: start a turn, roll again in the same turn (an extra
# turn), or sit out a lost turn. A state is (space, mode).
ROLL, AGAIN, SKIP = 0, 1, 2
_HIT = "hit"

State = tuple[int, int]


def _is_space_number(value: object, spaces: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, numbers.Integral) \
        and 0 <= value < spaces


@dataclass(frozen=True)
class RollAndMoveBoard:
    """A board for one token: spaces, die, jumps, a loop or a final square, and the classic rules.

    ``finish`` is ``"reach"``, ``"exact"`` or ``"bounce"`` (only for a final square);
    ``extra_turn`` and ``lost_turn`` are sets of spaces; ``policy`` is how the player picks
    when a die outcome is a tuple of choices (see the module docstring).
    """

    spaces: int
    die: Distribution = field(default_factory=fair_die)
    jumps: Mapping[int, int] = field(default_factory=dict)
    loop_start: int | None = None
    labels: tuple[str, ...] | None = None
    finish: str = "reach"
    extra_turn: frozenset[int] = frozenset()
    lost_turn: frozenset[int] = frozenset()
    policy: str = "fastest"
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)  # policy, steps

    def __post_init__(self) -> None:
        if isinstance(self.spaces, bool) or not isinstance(self.spaces, numbers.Integral) \
                or self.spaces < 2:
            raise InvalidArgumentError(_("spaces must be a whole number of at least 2, not "
                                         "{value}.").format(value=repr(self.spaces)))
        self._check_die()
        last = self.spaces - 1
        if self.loop_start is not None:
            if isinstance(self.loop_start, bool) or not isinstance(
                    self.loop_start, numbers.Integral) or not 0 <= self.loop_start < last:
                raise InvalidArgumentError(_(
                    "loop_start must be a space number from 0 to {last} (the loop needs at "
                    "least two spaces), not {value}.").format(last=last - 1,
                                                              value=repr(self.loop_start)))
        if not isinstance(self.jumps, Mapping):
            raise InvalidArgumentError(_(
                "jumps must be a dictionary {{from: to}}, like {{3: 11, 8: 2}} (a ladder from 3 "
                "to 11, a snake from 8 to 2), not {value}.").format(value=repr(self.jumps)))
        jumps = dict(self.jumps)
        for source, target in jumps.items():
            for what, value in ((_("jump from"), source), (_("jump target"), target)):
                if not _is_space_number(value, self.spaces):
                    raise InvalidArgumentError(_("{what} {value} is not a space of the board (0 "
                                                 "to {last}).").format(what=what,
                                                                      value=repr(value),
                                                                      last=last))
            if source == target:
                raise InvalidArgumentError(_("space {space} jumps to itself; remove that "
                                             "jump.").format(space=source))
        if self.loop_start is None and last in jumps:
            raise InvalidArgumentError(_("space {space} is the final square, so it cannot be a "
                                         "jump.").format(space=last))
        if self.labels is not None and len(self.labels) != self.spaces:
            raise InvalidArgumentError(_("labels has {n} entries but the board has {spaces} "
                                         "spaces.").format(n=len(self.labels),
                                                           spaces=self.spaces))
        if self.finish not in FINISH_RULES:
            raise InvalidArgumentError(_("finish must be one of {options}, not {value}.").format(
                options=", ".join(map(repr, FINISH_RULES)), value=repr(self.finish)))
        if self.loop_start is not None and self.finish != "reach":
            raise InvalidArgumentError(_(
                "finish={value} needs a final square, but this board ends in a loop "
                "(loop_start={start}); leave finish as 'reach' or set loop_start=None.").format(
                value=repr(self.finish), start=self.loop_start))
        extra = self._check_special("extra_turn", self.extra_turn, jumps)
        lost = self._check_special("lost_turn", self.lost_turn, jumps)
        both = extra & lost
        if both:
            raise InvalidArgumentError(_("extra_turn and lost_turn both contain space {space}; "
                                         "a space can do only one.").format(space=min(both)))
        if self.policy not in POLICIES:
            raise InvalidArgumentError(_("policy must be one of {options}, not {value}.").format(
                options=", ".join(map(repr, POLICIES)), value=repr(self.policy)))
        if self.policy == "fastest" and self.loop_start is not None and self.has_choices:
            raise InvalidArgumentError(_(
                "policy='fastest' needs a final square to race to; on a loop choose "
                "policy='largest' or policy='smallest'."))
        object.__setattr__(self, "jumps", dict(sorted(jumps.items())))
        object.__setattr__(self, "extra_turn", extra)
        object.__setattr__(self, "lost_turn", lost)

    def _check_die(self) -> None:
        if not isinstance(self.die, Distribution):
            raise InvalidArgumentError(_(
                "die must be a Distribution of step sizes, e.g. die(6) or "
                "Distribution.uniform([1, 2]) for a coin that moves 1 or 2."))
        for outcome in self.die:
            options = outcome if isinstance(outcome, tuple) else (outcome,)
            if not options or any(isinstance(s, bool) or not isinstance(s, numbers.Integral)
                                  or s < 1 for s in options):
                raise InvalidArgumentError(_(
                    "every die outcome must be a whole number of steps (at least 1), or a "
                    "tuple of such numbers to choose from, not {value}.").format(
                    value=repr(outcome)))

    def _check_special(self, name: str, value: object,
                       jumps: dict[int, int]) -> frozenset[int]:
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            raise InvalidArgumentError(_("{name} must be a set of space numbers, not "
                                         "{value}.").format(name=name, value=repr(value)))
        spaces = frozenset(value)
        last = self.spaces - 1
        for space in sorted(spaces, key=repr):
            if not _is_space_number(space, self.spaces):
                raise InvalidArgumentError(_("{name}: {value} is not a space of the board (0 "
                                             "to {last}).").format(name=name,
                                                                  value=repr(space), last=last))
            if space in jumps:
                raise InvalidArgumentError(_(
                    "{name}: space {space} is also the start of a jump ({space} -> {target}); "
                    "a token never stays there. Remove one of the two.").format(
                    name=name, space=space, target=jumps[space]))
            if self.loop_start is None and space == last:
                raise InvalidArgumentError(_("{name}: space {space} is the final square; the "
                                             "game is over there.").format(name=name,
                                                                           space=last))
        return frozenset(int(s) for s in spaces)

    @property
    def has_choices(self) -> bool:
        """Whether some die outcome lets the player choose how far to move."""
        return any(isinstance(o, tuple) and len(set(o)) > 1 for o in self.die)

    # --- one move -----------------------------------------------------------------------
    def move(self, position: int, steps: int) -> int | None:
        """The space a move of ``steps`` from ``position`` lands on (before any jump).

        ``None`` when the token does not move: a roll past the final square under the
        ``"exact"`` finish rule. From the final square itself every move stays there.
        """
        target = position + steps
        last = self.spaces - 1
        if target <= last:
            return target
        if self.loop_start is not None:
            length = self.spaces - self.loop_start
            return self.loop_start + (target - self.loop_start) % length
        if position == last or self.finish == "reach":
            return last
        if self.finish == "exact":
            return None
        while not 0 <= target <= last:  # bounce off the end (and off 0 on a tiny board)
            target = 2 * last - target if target > last else -target
        return target

    def land(self, position: int, steps: int) -> int:
        """Where the token is after a move of ``steps`` (before any jump); it may not move."""
        landing = self.move(position, steps)
        return position if landing is None else landing

    def rest(self, landing: int) -> int:
        """Where the token stays after landing on ``landing`` (the jump target, if any)."""
        return self.jumps.get(landing, landing)

    def label(self, space: int) -> str:
        return self.labels[space] if self.labels is not None else str(space)

    def steps_chosen(self, position: int, outcome: int | tuple[int, ...]) -> int:
        """How far the player moves from ``position`` on die outcome ``outcome`` (the policy)."""
        if not isinstance(outcome, tuple):
            return outcome
        options = sorted(set(outcome))
        if len(options) == 1 or self.policy == "smallest":
            return options[0]
        if self.policy == "largest":
            return options[-1]
        if "policy" not in self._cache:
            self._cache["policy"] = _fastest_policy(self)
        return self._cache["policy"][position, outcome]


# --- the roll-level chain: every roll is one step -------------------------------------------

Step = tuple[Fraction, "int | None", State]  # probability, landing (None: no move), next state


def _roll_states(board: RollAndMoveBoard) -> list[State]:
    return ([(i, ROLL) for i in range(board.spaces)]
            + [(e, AGAIN) for e in sorted(board.extra_turn)]
            + [(s, SKIP) for s in sorted(board.lost_turn)])


def _after(board: RollAndMoveBoard, position: int, steps: int) -> tuple[int | None, State]:
    """The landing and the next state after moving ``steps`` from ``position``."""
    landing = board.move(position, steps)
    if landing is None:
        return None, (position, ROLL)
    if landing in board.extra_turn:
        return landing, (landing, AGAIN)
    if landing in board.lost_turn:
        return landing, (landing, SKIP)
    return landing, (board.rest(landing), ROLL)


def _roll_steps(board: RollAndMoveBoard,
                choose: Callable[[int, object], int] | None = None) -> dict[State, list[Step]]:
    """Every state's possible next steps, with the board's policy (or ``choose``) applied.

    Die outcomes that lead to the same landing and state are merged into one step. With the
    board's own policy the answer is computed once per board and kept.
    """
    if choose is None and "steps" in board._cache:
        return board._cache["steps"]
    pick = choose or board.steps_chosen
    steps: dict[State, list[Step]] = {}
    for state in _roll_states(board):
        position, mode = state
        if mode == SKIP:
            steps[state] = [(_ONE, None, (position, ROLL))]
            continue
        merged: dict[tuple[int | None, State], Fraction] = {}
        for outcome, p in board.die.items():
            key = _after(board, position, pick(position, outcome))
            merged[key] = merged.get(key, _ZERO) + p
        steps[state] = [(p, landing, nxt) for (landing, nxt), p in merged.items()]
    if choose is None:
        board._cache["steps"] = steps
    return steps


def _step_cost(state: State) -> int:
    """Turns used by a step from ``state``: an extra roll is part of the same turn."""
    return 0 if state[1] == AGAIN else 1


# --- the turn-level chain: extra rolls folded into their turn -------------------------------

def turn_states(board: RollAndMoveBoard) -> list[int | tuple[int, str]]:
    """The states of the one-turn chain, in the order of :func:`transition_matrix`.

    Space ``i`` means "the token is on ``i`` and the player is about to roll"; on a board
    with lost-turn spaces, ``(i, "lost")`` means "on ``i``, and this turn is lost".
    """
    return ([i for i in range(board.spaces)]
            + [(s, "lost") for s in sorted(board.lost_turn)])


def _turn_chain(board: RollAndMoveBoard, hit: Callable[[int | None, State], bool]
                ) -> tuple[dict[State, Fraction], dict[State, dict[State, Fraction]]]:
    """For every turn state: P(some roll of this turn hits), and where misses end the turn.

    ``hit(landing, next_state)`` says whether one roll hits. Extra rolls (AGAIN states) are
    eliminated exactly: a turn that reaches one continues with its distribution.
    """
    rows: dict[object, dict[object, Fraction]] = {}
    for state, options in _roll_steps(board).items():
        row: dict[object, Fraction] = {}
        for p, landing, nxt in options:
            key = _HIT if hit(landing, nxt) else nxt
            row[key] = row.get(key, _ZERO) + p
        rows[state] = row
    for again in [s for s in rows if s[1] == AGAIN]:
        row = rows.pop(again)
        loop = row.pop(again, _ZERO)
        if loop == 1:
            raise InvalidArgumentError(_(
                "extra_turn: from space {space} every roll gives another extra turn, so the "
                "turn never ends. Remove an extra-turn space.").format(space=again[0]))
        row = {k: v / (1 - loop) for k, v in row.items()}
        for other in rows.values():
            weight = other.pop(again, None)
            if weight:
                for k, v in row.items():
                    other[k] = other.get(k, _ZERO) + weight * v
    for state, row in rows.items():
        if sum(row.values()) != 1:
            raise InvalidArgumentError(_(
                "extra_turn: from space {space} a turn may never end (the extra-turn spaces "
                "send the token round among themselves). Remove an extra-turn space.").format(
                space=state[0]))
    hits = {s: row.pop(_HIT, _ZERO) for s, row in rows.items()}
    return hits, {s: dict(sorted(row.items())) for s, row in rows.items()}


def _public(state: State) -> int | tuple[int, str]:
    return state[0] if state[1] == ROLL else (state[0], "lost")


def transition_rows(board: RollAndMoveBoard) -> list[dict[int | tuple[int, str], Fraction]]:
    """Row ``k`` (state ``turn_states(board)[k]``): ``{state: P(there after one turn)}``."""
    _hits, misses = _turn_chain(board, lambda landing, nxt: False)
    return [{_public(j): p for j, p in misses[state].items()}
            for state in sorted(misses, key=lambda s: (s[1], s[0]))]


def transition_matrix(board: RollAndMoveBoard) -> sympy.Matrix:
    """The one-turn transition matrix with exact rational entries (rows sum to 1).

    Entry ``[i, j]`` is the chance that a token on space ``i`` stands on space ``j`` after
    one turn (extra rolls included). A jump space is a row like any other, but its column is
    all zeros: nobody ever stays there. With lost-turn spaces the matrix has one more row and
    column per lost-turn space ("on it, and this turn is lost"); see :func:`turn_states`.
    """
    import sympy  # only here: importing the module (and Mouse Trap's board) stays fast

    order = turn_states(board)
    rows = transition_rows(board)

    def entry(i: int, j: int) -> sympy.Rational:
        value = rows[i].get(order[j], _ZERO)
        return sympy.Rational(value.numerator, value.denominator)

    return sympy.Matrix(len(order), len(order), entry)


def _targets(board: RollAndMoveBoard, target: int | Iterable[int]) -> frozenset[int]:
    values = [target] if isinstance(target, numbers.Integral) else list(target)
    if not values:
        raise InvalidArgumentError(_("give at least one target space."))
    for value in values:
        if not _is_space_number(value, board.spaces):
            raise InvalidArgumentError(_("target {value} is not a space of the board (0 to "
                                         "{last}).").format(value=repr(value),
                                                            last=board.spaces - 1))
    return frozenset(int(v) for v in values)


def _start(board: RollAndMoveBoard, start: int) -> int:
    if not _is_space_number(start, board.spaces):
        raise InvalidArgumentError(_("start must be a space of the board (0 to {last}), not "
                                     "{value}.").format(last=board.spaces - 1,
                                                        value=repr(start)))
    if start in board.jumps:
        raise InvalidArgumentError(_("start {space} is a jump space; a token never stands "
                                     "there. Start elsewhere.").format(space=start))
    return int(start)


def _reaches(targets: frozenset[int]) -> Callable[[int | None, State], bool]:
    """A roll reaches a target if it lands on one or a jump takes the token to one."""
    return lambda landing, nxt: landing in targets or nxt[0] in targets


def _hitting_probabilities(hits: Mapping, misses: Mapping) -> dict:
    """P(ever hit) from every state: solve h = hits + misses · h on states that can hit."""
    can_hit = {i for i, h in hits.items() if h}
    predecessors: dict = {}
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
    return {i: solution.get(i, _ZERO) for i in hits}


def landing_probabilities(board: RollAndMoveBoard, start: int = 0) -> dict[int, Fraction]:
    """For each space, the chance that a move starting from ``start`` ever lands on it.

    "Lands" means the die move ends there, so the space's instruction is carried out; a
    space reached only through a jump ("move ahead to 12") does not count as a landing on
    12, and neither does a roll that leaves the token where it is (the exact finish rule).
    The start space counts only if a later move lands on it again.
    """
    start = _start(board, start)
    result = {}
    for space in range(board.spaces):
        hits, misses = _turn_chain(board, lambda landing, nxt, s=space: landing == s)
        result[space] = _hitting_probabilities(hits, misses)[start, ROLL]
    return result


def reach_probability(board: RollAndMoveBoard, target: int | Iterable[int],
                      start: int = 0) -> Fraction:
    """The chance that the token ever reaches ``target`` (a space or a set of spaces).

    A roll *reaches* a target if its move lands on one, or a jump takes the token to one.
    """
    targets, start = _targets(board, target), _start(board, start)
    if start in targets:
        return _ONE
    hits, misses = _turn_chain(board, _reaches(targets))
    return _hitting_probabilities(hits, misses)[start, ROLL]


def expected_turns(board: RollAndMoveBoard, target: int | Iterable[int],
                   start: int = 0) -> Fraction:
    """The exact expected number of turns until the token first reaches ``target``.

    A turn is one go of the player: the rolls of an extra turn belong to the turn that earned
    them, and a lost turn counts as a turn. Solves ``t_s = 1 + sum_j P(s -> j, not reached) t_j``
    over turn states. Raises InvalidArgumentError if the token may never get there (then the
    expected time is infinite).
    """
    targets, start = _targets(board, target), _start(board, start)
    if start in targets:
        return _ZERO
    hits, misses = _turn_chain(board, _reaches(targets))
    chance = _hitting_probabilities(hits, misses)[start, ROLL]
    if chance != 1:
        raise InvalidArgumentError(_(
            "from space {start} the token reaches {targets} only with probability {chance}, "
            "so the expected number of turns is infinite.").format(
            start=start, targets=sorted(targets), chance=chance))
    reachable = _reachable_from(misses, (start, ROLL))
    equations = {i: {i: _ONE} for i in reachable}
    for i in reachable:
        for j, p in misses[i].items():
            equations[i][j] = equations[i].get(j, _ZERO) - p
    return solve_linear(equations, {i: _ONE for i in reachable})[start, ROLL]


def first_passage(board: RollAndMoveBoard, target: int | Iterable[int], turns: int,
                  start: int = 0) -> dict[int, Fraction]:
    """``{k: P(the token first reaches target on turn k)}`` for ``k = 1 .. turns``.

    The values add up to P(reached within ``turns`` turns); the rest of the probability is
    on later turns (or never). If ``start`` is a target the answer is ``{0: 1}``.
    """
    targets, start = _targets(board, target), _start(board, start)
    if isinstance(turns, bool) or not isinstance(turns, numbers.Integral) or turns < 1:
        raise InvalidArgumentError(_("turns must be a whole number of at least 1, not "
                                     "{value}.").format(value=repr(turns)))
    if start in targets:
        return {0: _ONE}
    hits, misses = _turn_chain(board, _reaches(targets))
    where = {(start, ROLL): _ONE}
    result = {}
    for k in range(1, turns + 1):
        result[k] = sum((p * hits[i] for i, p in where.items()), _ZERO)
        following: dict[State, Fraction] = {}
        for i, p in where.items():
            for j, q in misses[i].items():
                following[j] = following.get(j, _ZERO) + p * q
        where = following
    return result


def _closed_class(rows: Mapping, start: State) -> tuple[set, list]:
    """The states reachable from ``start``, and the one closed class among them (or raise)."""
    reach = {i: _reachable_from(rows, i) for i in rows}
    from_start = reach[start]
    closed = sorted({frozenset(j for j in reach[i] if i in reach[j])
                     for i in from_start if all(i in reach[j] for j in reach[i])},
                    key=min)
    if len(closed) != 1:
        described = "; ".join(str(sorted({s[0] for s in c})) for c in closed)
        raise InvalidArgumentError(_(
            "the token can end up in {n} different closed sets of spaces ({sets}), so there "
            "is no single long-run share.").format(n=len(closed), sets=described))
    return from_start, sorted(closed[0])


def long_run_shares(board: RollAndMoveBoard, start: int = 0) -> dict[int, Fraction]:
    """The long-run share of turns the token spends on each space (0 for transient spaces).

    The token ends up in a *closed class* (the loop, or the final square) and stays there;
    the shares are that class's stationary distribution ``pi = pi P`` over turn states, added
    up per space (a lost turn is a turn spent on its space). They are also the long-run
    averages when the class is periodic. If the token can end up in more than one closed
    class, the answer depends on luck and an InvalidArgumentError says so.
    """
    start = _start(board, start)
    _hits, rows = _turn_chain(board, lambda landing, nxt: False)
    _reach, members = _closed_class(rows, (start, ROLL))
    equations: dict[State, dict[State, Fraction]] = {}
    for j in members[1:]:
        equation = {i: rows[i].get(j, _ZERO) for i in members}
        equation[j] -= 1
        equations[j] = {i: v for i, v in equation.items() if v}
    equations[members[0]] = {i: _ONE for i in members}
    rhs = {j: _ZERO for j in members[1:]}
    rhs[members[0]] = _ONE
    pi = solve_linear(equations, rhs)
    shares = {i: _ZERO for i in range(board.spaces)}
    for state, value in pi.items():
        shares[state[0]] += value
    return shares


def expected_landings(board: RollAndMoveBoard, start: int = 0) -> dict[int, Fraction]:
    """The expected number of moves that land on each space the token passes for good.

    Spaces of the closed class the token ends up in (the loop, the final square) are left
    out: the token lands there again and again. For the others the counts are finite and
    include repeat landings after a "go back". Solves ``v = e_start + v Q`` for the expected
    number of rolls (and lost turns) begun in each passing state.
    """
    start = _start(board, start)
    steps = _roll_steps(board)
    rows = {s: {nxt: p for p, _, nxt in options} for s, options in steps.items()}
    from_start, closed = _closed_class(rows, (start, ROLL))
    passing = sorted(from_start - set(closed))
    if not passing:
        return {}
    equations = {j: {j: _ONE} for j in passing}
    for i in passing:
        for p, _landing, j in steps[i]:
            if j in equations:
                equations[j][i] = equations[j].get(i, _ZERO) - p
    visits = solve_linear(equations, {j: _ONE if j == (start, ROLL) else _ZERO for j in passing})
    closed_spaces = {s[0] for s in closed}
    landings = {space: _ZERO for space in range(board.spaces) if space not in closed_spaces}
    for i in passing:
        for p, landing, _next in steps[i]:
            if landing in landings:
                landings[landing] += visits[i] * p
    return landings


def _reachable_from(rows: Mapping, i: object) -> set:
    """The states a token can reach from ``i`` along the non-zero transitions of ``rows``."""
    seen, frontier = {i}, [i]
    while frontier:
        k = frontier.pop()
        for j in rows[k]:
            if j not in seen:
                seen.add(j)
                frontier.append(j)
    return seen


# --- a choice of die: the fastest policy by policy iteration --------------------------------

def _turns_to_finish(board: RollAndMoveBoard,
                     steps: dict[State, list[Step]]) -> dict[State, Fraction | None]:
    """Expected turns from every roll-level state to the final square (None: maybe never)."""
    last = board.spaces - 1
    hits = {s: sum((p for p, _, nxt in options if nxt[0] == last), _ZERO)
            for s, options in steps.items()}
    misses: dict[State, dict[State, Fraction]] = {s: {} for s in steps}
    for s in steps:  # several outcomes may lead to the same state
        for p, _landing, nxt in steps[s]:
            if nxt[0] != last:
                misses[s][nxt] = misses[s].get(nxt, _ZERO) + p
    chance = _hitting_probabilities(hits, misses)
    sure = {s for s in steps if chance[s] == 1 and s[0] != last}
    equations = {s: {s: _ONE} for s in sure}
    for s in sure:
        for j, p in misses[s].items():
            equations[s][j] = equations[s].get(j, _ZERO) - p
    solution = solve_linear(equations, {s: Fraction(_step_cost(s)) for s in sure}) if sure else {}
    values: dict[State, Fraction | None] = {s: solution.get(s) for s in steps}
    for s in steps:
        if s[0] == last:
            values[s] = _ZERO
    return values


def _fastest_policy(board: RollAndMoveBoard) -> dict[tuple[int, tuple], int]:
    """The choices that minimise the expected turns to the final square (policy iteration).

    Starts from "always the largest step", then repeatedly switches any choice that a
    strictly better option beats, until none does; ties keep the current choice. Exact.
    """
    choices = [o for o in board.die if isinstance(o, tuple) and len(set(o)) > 1]
    policy = {(i, o): max(o) for i in range(board.spaces) for o in choices}

    def worth(values: dict, i: int, steps: int) -> float | Fraction:
        value = values[_after(board, i, steps)[1]]
        return float("inf") if value is None else value

    while True:
        values = _turns_to_finish(board, _roll_steps(board, lambda i, o: (
            policy[i, o] if isinstance(o, tuple) and (i, o) in policy else
            (o[0] if isinstance(o, tuple) else o))))
        changed = False
        for (i, o), current in policy.items():
            best, best_value = current, worth(values, i, current)
            for steps in sorted(set(o), reverse=True):
                value = worth(values, i, steps)
                if value < best_value:
                    best, best_value = steps, value
            if best != current:
                policy[i, o], changed = best, True
        if not changed:
            return policy


def chosen_steps(board: RollAndMoveBoard) -> dict[tuple[int, tuple], int]:
    """``{(space, outcome): steps}`` for every choice outcome, under the board's policy."""
    return {(i, o): board.steps_chosen(i, o) for i in range(board.spaces)
            for o in board.die if isinstance(o, tuple)}


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
        raise InvalidArgumentError(_("the linear system has more unknowns than equations."))
    remaining = set(rows)
    eliminated: list[tuple[int, dict[int, Fraction], Fraction]] = []
    for k in unknowns:
        candidates = [e for e in remaining if rows[e].get(k)]
        if not candidates:
            raise InvalidArgumentError(_("the linear system is singular (no unique "
                                         "solution)."))
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
            raise InvalidArgumentError(_("the linear system has no solution."))
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
    _landed, first = _simulate(board, trials, turns, rng, start, targets)
    return first


@dataclass(frozen=True)
class TurnsEstimate:
    """The mean of simulated game lengths with its 95% interval (mean ± 1.96 standard errors)."""

    mean: float
    low: float
    high: float
    trials: int

    def __str__(self) -> str:
        return _("{mean} turns (95% CI {low} to {high}, n = {trials})").format(
            mean=number(self.mean, ".3f"), low=number(self.low, ".3f"),
            high=number(self.high, ".3f"), trials=number(self.trials, ","))


def estimate_turns(board: RollAndMoveBoard, target: int | Iterable[int], trials: int,
                   rng: np.random.Generator, start: int = 0,
                   turns: int = 5_000) -> tuple[TurnsEstimate, np.ndarray]:
    """Simulate ``trials`` tokens to ``target``: the mean turns with its 95% interval, and the times.

    Every token must get there within ``turns`` turns (else an error says to allow more).
    """
    times = simulate_reach_turns(board, target, trials, turns, rng, start)
    if (times == 0).any():
        raise InvalidArgumentError(_("{n} of {trials} tokens had not arrived after {turns} "
                                     "turns; allow more turns.").format(
            n=int((times == 0).sum()), trials=trials, turns=turns))
    if trials < 2:
        raise InvalidArgumentError(_("trials must be at least 2 for an interval."))
    mean = float(times.mean())
    half = 1.959963984540054 * float(times.std(ddof=1)) / trials ** 0.5
    return TurnsEstimate(mean, mean - half, mean + half, trials), times


_MAX_ROLLS_PER_TURN = 10_000


def _simulate(board: RollAndMoveBoard, trials: int, turns: int, rng: np.random.Generator,
              start: int, targets: frozenset[int] = frozenset()) -> tuple[np.ndarray, np.ndarray]:
    start = _start(board, start)
    for name, value in (("trials", trials), ("turns", turns)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
            raise InvalidArgumentError(_("{name} must be a whole number of at least "
                                         "1.").format(name=name))
    outcomes = list(board.die)
    weights = np.array([float(board.die[o]) for o in outcomes])
    after = [[_after(board, i, board.steps_chosen(i, o)) for o in outcomes]
             for i in range(board.spaces)]
    landing_of = np.array([[-1 if a[0] is None else a[0] for a in row] for row in after])
    next_of = np.array([[a[1][0] for a in row] for row in after])
    mode_of = np.array([[a[1][1] for a in row] for row in after])
    in_target = np.array([i in targets for i in range(board.spaces)] + [False])
    position = np.full(trials, start)
    skip = np.zeros(trials, dtype=bool)
    landed = np.zeros((trials, board.spaces + 1), dtype=bool)  # last column: "did not move"
    first = np.zeros(trials, dtype=int)
    for turn in range(1, turns + 1):
        rolling = np.flatnonzero(~skip)
        skip[:] = False
        for _roll in range(_MAX_ROLLS_PER_TURN):
            if rolling.size == 0:
                break
            choice = rng.choice(len(outcomes), size=rolling.size, p=weights / weights.sum())
            landing = landing_of[position[rolling], choice]
            mode = mode_of[position[rolling], choice]
            position[rolling] = next_of[position[rolling], choice]
            landed[rolling, landing] = True
            newly = (first[rolling] == 0) & (in_target[landing] | in_target[position[rolling]])
            first[rolling[newly]] = turn
            skip[rolling] = mode == SKIP
            rolling = rolling[mode == AGAIN]
        else:
            raise InvalidArgumentError(_(
                "extra_turn: a simulated turn went on for {n} rolls; the extra-turn spaces "
                "keep the token rolling. Remove an extra-turn space.").format(
                n=_MAX_ROLLS_PER_TURN))
        if targets and (first > 0).all():
            break  # every token has arrived: later turns cannot change ``first``
    return landed[:, :-1], first
