"""The Mouse Trap rules engine: one game state, its legal actions and its chance events.

A state is either waiting for chance (``is_chance_node``: the die, or whether the trap
works) and lists the outcomes with exact probabilities in ``chance_outcomes()``, or waiting
for the current player's decision and lists ``legal_actions()``. ``apply_chance`` takes a
chance outcome, ``apply`` a decision (``apply_action`` takes either); anything else raises
:class:`IllegalActionError` and leaves the state exactly as it was. The state implements
:class:`haba_lessons.games.protocol.GameState`; :func:`position` sets one up.

Rules are the rulebook's (see ``shared/rules/mouse-trap.md``). Where the rulebook is silent
we chose, and say so here and in the notebooks (*interpretation*):

* Cheese from a Take space or the Cheese Wheel comes from the pile; what the pile cannot
  give comes from the richest opponent (all they have, at most). Build cheese comes only
  from the pile.
* With tied richest opponents the mover splits the pieces as they like (``TakeCheese``).
* A Loop build space with only one part left adds that part and 1 cheese (1 per part).
* On Turn Crank with the trap complete, a mover who has an opponent on the Cheese Wheel
  must crank before the turn ends (they may first spend cheese). The crank ends the turn.
* A mouse moved with cheese, or by a go back / move ahead space, does not act on the space
  it reaches. A mover who lands on the Cheese Wheel takes its 2 cheese like anyone else and
  may be caught by the next player's crank.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ..._checks import require_int, require_probability
from ...errors import IllegalActionError, InvalidArgumentError
from ...simulation import COURSE_SEED, make_rng, outcome_at
from ..protocol import OVER, TurnState, clone_generator
from .board import Board, default_board

# --- actions ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SpendCheese:
    """Return 1 cheese to the pile and roll the die for the mouse of ``seat``."""

    seat: int


@dataclass(frozen=True)
class Crank:
    """Turn the crank: the trap springs on every opponent on the Cheese Wheel."""


@dataclass(frozen=True)
class EndTurn:
    """Stop on Turn Crank without spending (more) cheese."""


@dataclass(frozen=True)
class TakeCheese:
    """How many pieces to take from each tied richest opponent: ``((seat, pieces), ...)``."""

    pieces: tuple[tuple[int, int], ...]


Action = SpendCheese | Crank | EndTurn | TakeCheese

# --- phases -----------------------------------------------------------------------------------
ROLL = "roll"              # chance: the mover's die
PUSH_ROLL = "push roll"    # chance: the die for an opponent's mouse moved with cheese
CRANK = "crank"            # chance: does the trap work?
SPLIT = "split"            # decision: which tied opponents give the cheese
AT_CRANK = "at crank"      # decision: spend cheese, crank, or end the turn
# OVER (the game is won) is the protocol's, shared by every game

WORKS, FAILS = "works", "fails"


@dataclass
class MouseTrapState(TurnState):
    """Everything about one game in progress. Create with :func:`new_game`."""

    board: Board
    players: int
    reliability: Fraction
    names: tuple[str, ...]
    positions: list[int]
    cheese: list[int]
    pile: int
    parts: int = 0
    captured: list[bool] = field(default_factory=list)
    current: int = 0
    phase: str = ROLL
    pending: tuple = ()
    winner: int | None = None
    turns: int = 0
    trap_completed_on_turn: int | None = None
    #: what happened, in words (filled only when the game keeps a log: ``keep_log=True``)
    log: list[str] = field(default_factory=list)
    last_roll: int | None = None
    keep_log: bool = False
    rng: np.random.Generator | None = field(default=None, compare=False, repr=False)

    # --- questions -------------------------------------------------------------------------
    @property
    def is_chance_node(self) -> bool:
        return self.phase in (ROLL, PUSH_ROLL, CRANK)

    @property
    def winners(self) -> tuple[int, ...]:
        """The last mouse left, once the game is over (else empty)."""
        return () if self.winner is None else (self.winner,)

    def search_key(self) -> tuple:
        """What decides the game's future, for an exact search to solve each state once."""
        return (self.phase, tuple(self.positions), tuple(self.cheese), self.pile, self.parts,
                tuple(self.captured), self.current, self.pending, self.winner)

    @property
    def trap_complete(self) -> bool:
        return self.parts >= self.board.trap_parts

    def alive(self) -> list[int]:
        return [s for s in range(self.players) if not self.captured[s]]

    def opponents(self) -> list[int]:
        return [s for s in self.alive() if s != self.current]

    def on_cheese_wheel(self) -> list[int]:
        wheel = self.board.cheese_wheel
        return [s for s in self.opponents() if self.positions[s] == wheel]

    def movable_opponents(self) -> list[int]:
        safe = self.board.safe
        return [s for s in self.opponents() if self.positions[s] != safe]

    def chance_outcomes(self) -> list[tuple[object, Fraction]]:
        """The outcomes of the chance event the game waits for, with exact probabilities."""
        if self.phase in (ROLL, PUSH_ROLL):
            sides = self.board.die_sides
            return [(face, Fraction(1, sides)) for face in range(1, sides + 1)]
        if self.phase == CRANK:
            r = self.reliability
            return [(o, p) for o, p in ((WORKS, r), (FAILS, 1 - r)) if p]
        return []

    def legal_actions(self) -> list[Action]:
        """The decisions open to the current player (empty at chance nodes and at the end)."""
        if self.phase == SPLIT:
            amount, tied = self.pending
            return [TakeCheese(tuple(zip(tied, split))) for split in _splits(amount, len(tied))]
        if self.phase == AT_CRANK:
            actions: list[Action] = []
            if self.cheese[self.current] > 0:
                actions += [SpendCheese(s) for s in self.movable_opponents()]
            if self.on_cheese_wheel():
                actions.append(Crank())
            else:
                actions.append(EndTurn())
            return actions
        return []

    def copy(self) -> MouseTrapState:
        """An independent copy (the board is shared: it never changes)."""
        return MouseTrapState(
            self.board, self.players, self.reliability, self.names, list(self.positions),
            list(self.cheese), self.pile, self.parts, list(self.captured), self.current,
            self.phase, self.pending, self.winner, self.turns, self.trap_completed_on_turn,
            list(self.log), self.last_roll, self.keep_log,
            None if self.rng is None else clone_generator(self.rng))

    def total_cheese(self) -> int:
        """Pile plus every mouse's cheese: always the number of cheese pieces in the box."""
        return self.pile + sum(self.cheese)

    # --- acting ------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply the current player's decision (one of :meth:`legal_actions`)."""
        if self.is_chance_node:
            raise IllegalActionError(f"{action!r} is not possible now: "
                                     + self._waiting_for_chance(action))
        self.apply_action(action)

    def apply_chance(self, outcome: object) -> None:
        """Apply a chance outcome (one of :meth:`chance_outcomes`)."""
        if self.phase != OVER and not self.is_chance_node:
            raise IllegalActionError(f"no chance event now: {self.names[self.current]} must "
                                     f"decide, not roll ({outcome!r} cannot happen).")
        self.apply_action(outcome)

    def sample_chance(self, rng: np.random.Generator | None = None) -> object:
        """Draw the pending chance outcome with ``rng`` (default: the game's own), apply it."""
        rng = self.rng if rng is None else rng
        if rng is None:
            raise InvalidArgumentError("this game has no generator of its own: pass "
                                       "rng=make_rng(seed).")
        if not self.is_chance_node:
            raise IllegalActionError("no chance event now: the current player must decide.")
        # the outcomes add up to 1 by construction: skip sample_outcome's exact check
        outcome = outcome_at(self.chance_outcomes(), rng.random())
        self.apply_action(outcome)
        return outcome

    def apply_action(self, action: object) -> None:
        """Apply a chance outcome (at a chance node) or a decision; refuse anything illegal."""
        if self.phase == OVER:
            raise IllegalActionError(f"the game is over: {self.names[self.winner]} won.")
        if self.is_chance_node:
            outcomes = [o for o, _ in self.chance_outcomes()]
            wrong_type = (isinstance(action, bool) or not isinstance(action, int)) \
                if self.phase != CRANK else not isinstance(action, str)
            if isinstance(action, (SpendCheese, Crank, EndTurn, TakeCheese)):
                raise IllegalActionError(self._why_illegal(action))
            if wrong_type or action not in outcomes:
                raise IllegalActionError(self._waiting_for_chance(action))
            if self.phase == CRANK:
                self._crank(action)
            else:
                self.last_roll = action
                if self.phase == ROLL:
                    self._move_mover(action)
                else:
                    self._push(action)
            return
        if action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))
        if isinstance(action, TakeCheese):
            for seat, pieces in action.pieces:
                self._transfer(seat, self.current, pieces)
            self._say(f"{self.names[self.current]} takes "
                      + ", ".join(f"{p} from {self.names[s]}" for s, p in action.pieces if p)
                      + ".")
            self._end_turn()
        elif isinstance(action, SpendCheese):
            self.cheese[self.current] -= 1
            self.pile += 1
            self.pending = (action.seat,)
            self.phase = PUSH_ROLL
            self._say(f"{self.names[self.current]} returns 1 cheese to move "
                      f"{self.names[action.seat]}.")
        elif isinstance(action, Crank):
            self.phase = CRANK
            self._say(f"{self.names[self.current]} turns the crank!")
        else:
            self._say(f"{self.names[self.current]} ends the turn.")
            self._end_turn()

    # --- the rules ---------------------------------------------------------------------------
    def _move_mover(self, steps: int) -> None:
        me, board = self.current, self.board
        landing = board.land(self.positions[me], steps)
        self.positions[me] = landing
        space = board.spaces[landing]
        self._say(f"{self.names[me]} rolls {steps} and lands on {landing}: {space.label}.")
        kind = space.kind
        if kind == "go_to":
            self.positions[me] = space.target
            self._say(f"{self.names[me]} goes to {space.target} (no action there).")
        elif kind == "build":
            self._build(space)
        elif kind == "take" or kind == "cheese_wheel":
            self._gain(space.amount, from_pile_first=True)
            return
        elif kind == "take_from_rival":
            self._gain(space.amount, from_pile_first=False)
            return
        elif kind == "lose":
            returned = min(space.amount, self.cheese[me])
            self.cheese[me] -= returned
            self.pile += returned
        elif kind == "turn_crank" and self.trap_complete:
            self.phase = AT_CRANK
            self._offer_crank_turn()
            return
        self._end_turn()

    def _build(self, space) -> None:
        board = self.board
        if self.players not in space.players or self.trap_complete:
            return
        wanted = board.loop_build_parts if board.in_loop(space.number) else 1
        added = min(wanted, board.trap_parts - self.parts)
        self.parts += added
        cheese = min(added, self.pile)
        self.pile -= cheese
        self.cheese[self.current] += cheese
        self._say(f"{self.names[self.current]} builds {added} part(s) "
                  f"({self.parts} of {board.trap_parts}) and takes {cheese} cheese.")
        if self.trap_complete:
            self.trap_completed_on_turn = self.turns + 1
            self._say("The trap is complete!")

    def _gain(self, amount: int, *, from_pile_first: bool) -> None:
        me = self.current
        from_pile = min(amount, self.pile) if from_pile_first else 0
        self.pile -= from_pile
        self.cheese[me] += from_pile
        rest = amount - from_pile
        rivals = self.opponents()
        most = max((self.cheese[s] for s in rivals), default=0)
        if rest == 0 or most == 0:
            self._end_turn()
            return
        tied = tuple(s for s in rivals if self.cheese[s] == most)
        taken = min(rest, most)
        if len(tied) == 1:
            self._transfer(tied[0], me, taken)
            self._say(f"{self.names[me]} takes {taken} from {self.names[tied[0]]}.")
            self._end_turn()
        else:
            self.phase, self.pending = SPLIT, (taken, tied)

    def _transfer(self, giver: int, taker: int, pieces: int) -> None:
        self.cheese[giver] -= pieces
        self.cheese[taker] += pieces

    def _offer_crank_turn(self) -> None:
        """Stay at the crank only if there is a real choice or a crank to make."""
        if self.legal_actions() == [EndTurn()]:
            self._end_turn()

    def _push(self, steps: int) -> None:
        seat = self.pending[0]
        self.positions[seat] = self.board.land(self.positions[seat], steps)
        self._say(f"{self.names[seat]} is moved {steps} to {self.positions[seat]} "
                  f"(no action there).")
        self.pending = ()
        self.phase = AT_CRANK
        self._offer_crank_turn()

    def _crank(self, outcome: str) -> None:
        me, victims = self.current, self.on_cheese_wheel()
        if outcome == WORKS:
            for seat in victims:
                self.captured[seat] = True
                self._transfer(seat, me, self.cheese[seat])
            self._say("The trap works: " + ", ".join(self.names[s] for s in victims)
                      + " caught!")
            if len(self.alive()) == 1:
                self.winner, self.phase, self.pending = me, OVER, ()
                self.turns += 1
                self._say(f"{self.names[me]} is the last mouse and wins!")
                return
        else:
            for seat in victims:
                self.positions[seat] = self.board.safe
            self._say("The trap fails: " + ", ".join(self.names[s] for s in victims)
                      + " run to Safe.")
        self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        self.pending = ()
        self.phase = ROLL
        seat = self.current
        while True:
            seat = (seat + 1) % self.players
            if not self.captured[seat]:
                break
        self.current = seat

    def _say(self, message: str) -> None:
        if self.keep_log:
            self.log.append(message)

    # --- messages for refused actions ----------------------------------------------------------
    def _waiting_for_chance(self, action: object) -> str:
        if self.phase == CRANK:
            return (f"the crank is turning: the outcome must be {WORKS!r} or {FAILS!r} "
                    f"(a chance event), not {action!r}.")
        what = "the die" if self.phase == ROLL else "the die for the mouse being moved"
        return (f"the game is waiting for {what}: the outcome must be a face from 1 to "
                f"{self.board.die_sides}, not {action!r}.")

    def _why_illegal(self, action: object) -> str:
        me, board = self.current, self.board
        crank_place = f"Turn Crank (space {board.turn_crank})"
        if self.phase in (CRANK, PUSH_ROLL):
            return self._waiting_for_chance(action)
        if isinstance(action, TakeCheese):
            if self.phase != SPLIT:
                return "there is no cheese to share out now."
            amount, tied = self.pending
            return (f"take {amount} piece(s) in all, only from the tied opponents "
                    f"{', '.join(self.names[s] for s in tied)}.")
        if self.phase == SPLIT:
            return "first choose whom to take the cheese from (a TakeCheese action)."
        if isinstance(action, (Crank, SpendCheese, EndTurn)):
            if not self.trap_complete:
                return (f"the trap is not complete yet ({self.parts} of {board.trap_parts} "
                        f"parts built): cheese and the crank are used only once it is.")
            if self.phase != AT_CRANK:
                return (f"your mouse must end its move on {crank_place} before you can use "
                        f"the crank or spend cheese.")
        if isinstance(action, Crank):
            return "no opponent is on the Cheese Wheel: move one there first, or end the turn."
        if isinstance(action, EndTurn):
            return ("an opponent is on the Cheese Wheel: turn the crank "
                    "(you may spend cheese first).")
        if isinstance(action, SpendCheese):
            seat = action.seat
            if self.cheese[me] == 0:
                return "you have no cheese to spend."
            if not isinstance(seat, int) or isinstance(seat, bool) \
                    or not 0 <= seat < self.players:
                return f"there is no mouse number {seat!r}; choose a seat from 0 to {self.players - 1}."
            if seat == me:
                return "you can only move an opponent's mouse."
            if self.captured[seat]:
                return f"{self.names[seat]} has been caught and is out of the game."
            if self.positions[seat] == board.safe:
                return f"{self.names[seat]} is on Safe: a mouse on Safe cannot be moved."
        return f"{action!r} is not an action of Mouse Trap."

    def __str__(self) -> str:
        mice = ", ".join(
            f"{self.names[s]}: {'caught' if self.captured[s] else 'space ' + str(self.positions[s])}"
            f", {self.cheese[s]} cheese" for s in range(self.players))
        return (f"Mouse Trap, {self.players} players, trap {self.parts} of "
                f"{self.board.trap_parts} parts, pile {self.pile}; {mice}; "
                f"{self.names[self.current]} to play ({self.phase}).")


def _splits(amount: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to split ``amount`` pieces among ``parts`` givers, all from one first."""
    ways = [split for split in itertools.product(range(amount + 1), repeat=parts)
            if sum(split) == amount]
    return sorted(ways, reverse=True)


def new_game(players: int | Sequence[str] = 4, reliability: object | None = None,
             board: Board | None = None, names: Sequence[str] | None = None,
             keep_log: bool = False, *, seed: int | None = COURSE_SEED,
             rules: Board | None = None) -> MouseTrapState:
    """A new game: every mouse on START, all cheese in the pile, no trap parts.

    ``players`` is a number (2-4) or the mice's names. ``reliability`` is ``r``, the chance
    that turning the crank catches the mice (a number from 0 to 1; default: the board file's
    value, an assumption). ``rules`` (or ``board``) is the board; ``seed`` the game's own
    generator for ``sample_chance()``. ``keep_log`` records a line of text for everything
    that happens (for the widget and for teaching).
    """
    if isinstance(players, (list, tuple)):
        if names is not None:
            raise InvalidArgumentError("give the names either as players or as names, not both.")
        names, players = players, len(players)
    players = require_int(players, "players (the number of mice)", minimum=2, maximum=4)
    if board is not None and rules is not None and board is not rules:
        raise InvalidArgumentError("give the board either as rules or as board, not both.")
    board = board or rules or default_board()
    r = board.trap_reliability if reliability is None else \
        require_probability(reliability, "reliability r")
    if names is None:
        names = tuple(f"Mouse {s + 1}" for s in range(players))
    names = tuple(str(n) for n in names)
    if len(names) != players:
        raise InvalidArgumentError(f"give {players} names, one per mouse, not {len(names)}.")
    start = next(s.number for s in board.spaces if s.kind == "start")
    return MouseTrapState(board=board, players=players, reliability=r, names=names,
                          positions=[start] * players, cheese=[0] * players,
                          pile=board.cheese_pieces, captured=[False] * players,
                          keep_log=bool(keep_log), rng=make_rng(seed))


def position(players: int | Sequence[str] = 4, *, mice: Sequence[int],
             cheese: Sequence[int], parts: int = 0, caught: Sequence[int] = (),
             current: int = 0, pile: int | None = None, reliability: object | None = None,
             rules: Board | None = None, keep_log: bool = False,
             seed: int | None = COURSE_SEED) -> MouseTrapState:
    """A legal position from a short description, checked field by field.

    ``mice``: each mouse's space; ``cheese``: each mouse's cheese (``pile``, if given, must
    make the box's total); ``parts``: trap parts built; ``caught``: seats already caught;
    ``current``: whose turn it is (the position waits for their roll). Ana is 2 spaces
    before Turn Crank, Ben on the Cheese Wheel, the trap complete: how likely is Ana to
    catch Ben this turn? ::

        >>> from haba_lessons.games.mouse_trap import position
        >>> from haba_lessons.play import expectimax
        >>> state = position(["Ana", "Ben"], mice=[40, 44], cheese=[0, 0], parts=24,
        ...                  reliability="3/4")
        >>> best = expectimax(state, leaf=lambda s: s.turns > 0 and not s.is_over)
        >>> best.values[0]                                    # 1/6 (a 2) * 3/4
        Fraction(1, 8)
    """
    state = new_game(players, reliability, None, None, keep_log, seed=seed, rules=rules)
    board, n = state.board, state.players
    last = len(board.spaces) - 1
    for field_name, values in (("mice", mice), ("cheese", cheese)):
        if not isinstance(values, (list, tuple)) or len(values) != n:
            raise InvalidArgumentError(f"{field_name}: give one number for each of the {n} "
                                       f"mice.")
    spaces = [require_int(m, f"mice (a space from 0 to {last})", minimum=0, maximum=last)
              for m in mice]
    for seat, space in enumerate(spaces):
        kind = board.spaces[space].kind
        if kind == "go_to":
            raise InvalidArgumentError(f"mice: {state.names[seat]} is on space {space}, a "
                                       f"'{board.spaces[space].label}' space: a mouse never "
                                       f"stops there; put it on {board.spaces[space].target}.")
    held = [require_int(c, "cheese (pieces a mouse holds)", minimum=0) for c in cheese]
    total = board.cheese_pieces
    rest = total - sum(held)
    if pile is not None and require_int(pile, "pile (cheese in the pile)", minimum=0) != rest:
        raise InvalidArgumentError(f"pile: the mice hold {sum(held)} and the pile {pile}, but "
                                   f"the cheese must add up to {total}.")
    if rest < 0:
        raise InvalidArgumentError(f"cheese: the mice hold {sum(held)} pieces, but the box has "
                                   f"only {total}.")
    parts = require_int(parts, f"parts (trap parts built, at most {board.trap_parts})",
                        minimum=0, maximum=board.trap_parts)
    caught = list(caught)
    for seat in caught:
        require_int(seat, "caught (seats of caught mice)", minimum=0, maximum=n - 1)
    if len(set(caught)) != len(caught) or n - len(caught) < 2:
        raise InvalidArgumentError("caught: each seat once, and at least two mice still "
                                   "free (with one left the game is over).")
    if caught and parts < board.trap_parts:
        raise InvalidArgumentError("caught: a mouse can only be caught by a complete trap; "
                                   f"set parts={board.trap_parts}.")
    if any(held[s] for s in caught):
        raise InvalidArgumentError("cheese: a caught mouse's cheese went to its catcher; give "
                                   "it 0.")
    current = require_int(current, "current (whose turn it is)", minimum=0, maximum=n - 1)
    if current in caught:
        raise InvalidArgumentError(f"current: {state.names[current]} has been caught.")
    state.positions, state.cheese, state.pile, state.parts = spaces, held, rest, parts
    state.captured = [s in caught for s in range(n)]
    state.current = current
    return state
