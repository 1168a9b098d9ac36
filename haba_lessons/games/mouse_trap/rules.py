"""The Mouse Trap rules engine: one game state, its legal actions and its chance events.

A state is either waiting for chance (``is_chance_node``: the die, or whether the trap
works) and lists the outcomes with exact probabilities in ``chance_outcomes()``, or waiting
for the current player's decision and lists ``legal_actions()``. ``apply_chance`` takes a
chance outcome, ``apply`` a decision; anything else raises :class:`IllegalActionError` and
leaves the state exactly as it was. The state is a :class:`haba_lessons.engine.State`: this
module writes the rules as its hooks (phases are the constants of :class:`Phase`);
:func:`new_game` starts a game and :func:`position` sets one up.

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
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from ..._checks import require_int, require_probability
from ...engine import State
from ...engine.arguments import checked_keywords, rules_field, sequence_field
from ...engine.protocol import OVER
from ...errors import InvalidArgumentError
from ...i18n import N_, _, ngettext
from ...simulation import COURSE_SEED
from .board import Board, default_board

# --- actions ---------------------------------------------------------------------------------


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


class Phase(StrEnum):
    """The phases of a turn; ``OVER`` when one mouse is left."""

    ROLL = "roll"              # chance: the mover's die
    PUSH_ROLL = "push roll"    # chance: the die for an opponent's mouse moved with cheese
    CRANK = "crank"            # chance: does the trap work?
    SPLIT = "split"            # decision: which tied opponents give the cheese
    AT_CRANK = "at crank"      # decision: spend cheese, crank, or end the turn
    OVER = OVER


ROLL, PUSH_ROLL, CRANK, SPLIT, AT_CRANK = (Phase.ROLL, Phase.PUSH_ROLL, Phase.CRANK,
                                           Phase.SPLIT, Phase.AT_CRANK)
WORKS, FAILS = "works", "fails"



@lru_cache(maxsize=None)
def _die(sides: int) -> tuple[tuple[tuple[int, Fraction], ...], tuple[float, ...]]:
    """A fair die's outcomes with their probabilities, and the running totals in floats as
    :func:`haba_lessons.simulation.outcome_at` adds them up."""
    outcomes = tuple((face, Fraction(1, sides)) for face in range(1, sides + 1))
    running, total = [], 0.0
    for _face, p in outcomes:
        total += float(p)
        running.append(total)
    return outcomes, tuple(running)

class MouseTrapState(State):
    """Everything about one game in progress. Create with :func:`new_game`."""

    GAME = N_("Mouse Trap")
    CHANCE_PHASES = frozenset({ROLL, PUSH_ROLL, CRANK})
    _LISTS = ("positions", "cheese", "captured")
    _SHARED = ("board",)

    def __init__(self, board: Board, names: Sequence[str], reliability: Fraction,
                 seed: int | None = COURSE_SEED) -> None:
        self._start(len(names), ROLL, seed)
        self.board = board
        self.reliability = reliability
        self.names = tuple(names)
        start = next(s.number for s in board.spaces if s.kind == "start")
        self.positions = [start] * self.players
        self.cheese = [0] * self.players
        self.pile = board.cheese_pieces
        self.parts = 0
        self.captured = [False] * self.players
        self.pending: tuple = ()
        self.trap_completed_on_turn: int | None = None
        #: the mice with the most cheese when the trap was completed
        self.leaders: tuple[int, ...] = ()
        self.cranks = 0                 # how often the crank was turned
        self.catches = 0                # how many of those cranks worked
        self.last_roll: int | None = None

    # --- questions -------------------------------------------------------------------------
    @property
    def rules(self) -> Board:
        """The board and the game's numbers (the rules object of this game)."""
        return self.board

    @property
    def winner(self) -> int | None:
        """The last mouse left, once the game is over (else None)."""
        return self.winners[0] if self.winners else None

    def _future(self) -> tuple:
        return (tuple(self.positions), tuple(self.cheese), self.pile, self.parts,
                tuple(self.captured), self.pending)

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

    def total_cheese(self) -> int:
        """Pile plus every mouse's cheese: always the number of cheese pieces in the box."""
        return self.pile + sum(self.cheese)

    def facts(self) -> dict[str, Any]:
        return {"trap_completed_on_turn": self.trap_completed_on_turn, "cranks": self.cranks,
                "catches": self.catches, "leaders": self.leaders,
                "leader_won": self.winner is not None and self.winner in self.leaders}

    # --- the hooks of the engine ---------------------------------------------------------------
    def _outcomes(self) -> list[tuple[object, Fraction]]:
        if self.phase == CRANK:
            r = self.reliability
            return [(o, p) for o, p in ((WORKS, r), (FAILS, 1 - r)) if p]
        return list(_die(self.board.die_sides)[0])

    def _sample(self, rng: np.random.Generator) -> object:
        """A die roll from a table of the running totals (the same draw as the inverse CDF of
        the list, without making its fractions each roll); the crank as the engine draws it."""
        if self.phase == CRANK:
            return super()._sample(rng)
        outcomes, running = _die(self.board.die_sides)
        face = outcomes[min(bisect_right(running, rng.random()), len(outcomes) - 1)][0]
        self._happen(face)
        return face

    def _actions(self) -> list[Action]:
        if self.phase == SPLIT:
            amount, tied = self.pending
            return [TakeCheese(tuple(zip(tied, split))) for split in _splits(amount, len(tied))]
        actions: list[Action] = []
        if self.cheese[self.current] > 0:
            actions += [SpendCheese(s) for s in self.movable_opponents()]
        actions.append(Crank() if self.on_cheese_wheel() else EndTurn())
        return actions

    def _act(self, action: Action) -> None:
        me = self.current
        if isinstance(action, TakeCheese):
            for seat, pieces in action.pieces:
                self._transfer(seat, me, pieces)
            self._note("take", _("{0} takes {1}."), self.names[me], ", ".join(
                _("{n} from {name}").format(n=p, name=self.names[s])
                for s, p in action.pieces if p))
            self._end_turn()
        elif isinstance(action, SpendCheese):
            self.cheese[me] -= 1
            self.pile += 1
            self.pending = (action.seat,)
            self.phase = PUSH_ROLL
            self._note("spend", _("{0} returns 1 cheese to move {1}."), self.names[me],
                       self.names[action.seat])
        elif isinstance(action, Crank):
            self.phase = CRANK
            self._note("crank", _("{0} turns the crank!"), self.names[me])
        else:
            self._note("end", _("{0} ends the turn."), self.names[me])
            self._end_turn()

    def _happen(self, outcome: object) -> None:
        if self.phase == CRANK:
            self._crank(outcome)
            return
        self.last_roll = outcome
        if self.phase == ROLL:
            self._move_mover(outcome)
        else:
            self._push(outcome)

    # --- the rules ---------------------------------------------------------------------------
    def _move_mover(self, steps: int) -> None:
        me, board = self.current, self.board
        landing = board.land(self.positions[me], steps)
        self.positions[me] = landing
        space = board.spaces[landing]
        self._note("roll", _("{0} rolls {1} and lands on {2}: {3}."), self.names[me], steps,
                   landing, space.label)
        kind = space.kind
        if kind == "go_to":
            self.positions[me] = space.target
            self._note("go_to", _("{0} goes to {1} (no action there)."), self.names[me],
                       space.target)
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
        self._note("build", ngettext("{0} builds {1} part ({2} of {3}) and takes {4} cheese.",
                                     "{0} builds {1} parts ({2} of {3}) and takes {4} cheese.",
                                     added),
                   self.names[self.current], added, self.parts, board.trap_parts, cheese)
        if self.trap_complete:
            self.trap_completed_on_turn = self.turns + 1
            self._note_leaders()
            self._note("complete", _("The trap is complete!"))

    def _note_leaders(self) -> None:
        alive = self.alive()
        most = max(self.cheese[s] for s in alive)
        self.leaders = tuple(s for s in alive if self.cheese[s] == most)

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
            self._note("take", _("{0} takes {1} from {2}."), self.names[me], taken,
                       self.names[tied[0]])
            self._end_turn()
        else:
            self.phase, self.pending = SPLIT, (taken, tied)

    def _transfer(self, giver: int, taker: int, pieces: int) -> None:
        self.cheese[giver] -= pieces
        self.cheese[taker] += pieces

    def _offer_crank_turn(self) -> None:
        """Stay at the crank only if there is a real choice or a crank to make."""
        if self._actions() == [EndTurn()]:
            self._end_turn()

    def _push(self, steps: int) -> None:
        seat = self.pending[0]
        self.positions[seat] = self.board.land(self.positions[seat], steps)
        self._note("push", _("{0} is moved {1} to {2} (no action there)."), self.names[seat],
                   steps, self.positions[seat])
        self.pending = ()
        self.phase = AT_CRANK
        self._offer_crank_turn()

    def _crank(self, outcome: str) -> None:
        me, victims = self.current, self.on_cheese_wheel()
        self.cranks += 1
        if outcome == WORKS:
            self.catches += 1
            for seat in victims:
                self.captured[seat] = True
                self._transfer(seat, me, self.cheese[seat])
            self._note("caught", _("The trap works: {0} caught!"),
                       ", ".join(self.names[s] for s in victims))
            if len(self.alive()) == 1:
                self.pending = ()
                self.turns += 1
                self._note("won", _("{0} is the last mouse and wins!"), self.names[me])
                self._end([me])
                return
        else:
            for seat in victims:
                self.positions[seat] = self.board.safe
            self._note("safe", ngettext("The trap fails: {0} runs to Safe.",
                                        "The trap fails: {0} run to Safe.", len(victims)),
                       ", ".join(self.names[s] for s in victims))
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

    # --- messages for refused actions ----------------------------------------------------------
    def _waiting(self) -> str:
        name = self.names[self.current]
        if self.phase == CRANK:
            return _("the crank is turning (a chance event)")
        if self.phase == ROLL:
            return _("the game is waiting for {name}'s die").format(name=name)
        if self.phase == PUSH_ROLL:
            return _("the game is waiting for the die for the mouse being moved")
        if self.phase == SPLIT:
            return _("{name} chooses whom to take the cheese from").format(name=name)
        return _("{name} is on Turn Crank").format(name=name)

    def _why_impossible(self, outcome: object) -> str:
        if self.phase == CRANK:
            return _("the crank is turning: the outcome must be {works} or {fails}").format(
                works=repr(WORKS), fails=repr(FAILS))
        return _("{waiting}: the outcome must be a face from 1 to {sides}").format(
            waiting=self._waiting(), sides=self.board.die_sides)

    def _in_words(self, action: object) -> str:
        """An action as a refusal names it: "turn the crank", "return 1 cheese to move Red"."""
        if isinstance(action, Crank):
            return _("turn the crank")
        if isinstance(action, EndTurn):
            return _("end the turn")
        if (isinstance(action, SpendCheese) and type(action.seat) is int
                and 0 <= action.seat < len(self.names)):
            return _("return 1 cheese to move {name}").format(name=self.names[action.seat])
        return str(action)

    def _why_not(self, action: object) -> str:
        me, board = self.current, self.board
        if self.phase in (CRANK, PUSH_ROLL):
            return _("chance acts first ({waiting})").format(waiting=self._waiting())
        if isinstance(action, TakeCheese):
            if self.phase != SPLIT:
                return _("there is no cheese to share out now")
            amount, tied = self.pending
            return ngettext("take {n} piece in all, only from the tied opponents {names}",
                            "take {n} pieces in all, only from the tied opponents {names}",
                            amount).format(n=amount,
                                           names=", ".join(self.names[s] for s in tied))
        if self.phase == SPLIT:
            return _("first choose whom to take the cheese from (a TakeCheese action)")
        if isinstance(action, (Crank, SpendCheese, EndTurn)):
            if not self.trap_complete:
                return _("the trap is not complete yet ({built} of {parts} parts built): cheese "
                         "and the crank are used only once it is").format(
                             built=self.parts, parts=board.trap_parts)
            if self.phase != AT_CRANK:
                return _("your mouse must end its move on Turn Crank (space {space}) before "
                         "you can use the crank or spend cheese").format(
                             space=board.turn_crank)
        if isinstance(action, Crank):
            return _("no opponent is on the Cheese Wheel: move one there first, or end the "
                     "turn")
        if isinstance(action, EndTurn):
            return _("an opponent is on the Cheese Wheel: turn the crank (you may spend cheese "
                     "first)")
        if isinstance(action, SpendCheese):
            seat = action.seat
            if self.cheese[me] == 0:
                return _("you have no cheese to spend")
            if not isinstance(seat, int) or isinstance(seat, bool) \
                    or not 0 <= seat < self.players:
                return _("there is no mouse number {seat}; choose a seat from 0 to "
                         "{last}").format(seat=repr(seat), last=self.players - 1)
            if seat == me:
                return _("you can only move an opponent's mouse")
            if self.captured[seat]:
                return _("{name} has been caught and is out of the game").format(
                    name=self.names[seat])
            if self.positions[seat] == board.safe:
                return _("{name} is on Safe: a mouse on Safe cannot be moved").format(
                    name=self.names[seat])
        if self.phase == ROLL:
            return _("chance acts first ({waiting})").format(waiting=self._waiting())
        return _("it is not an action of Mouse Trap")

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


@checked_keywords
def new_game(players: int | Sequence[str] = 4, *, seed: int | None = COURSE_SEED,
             rules: Board | None = None, reliability: object | None = None) -> MouseTrapState:
    """A new game: every mouse on START, all cheese in the pile, no trap parts.

    ``players`` is a number (2-4) or the mice's names; ``rules`` the board (default: the
    data file's); ``reliability`` is ``r``, the chance that turning the crank catches the
    mice (a number from 0 to 1; default: the board file's value, an assumption); ``seed``
    the game's own generator for ``sample_chance()``.
    """
    if isinstance(players, (list, tuple)):
        names = tuple(str(n) for n in players)
        require_int(len(names), "players (the number of mice)", minimum=2, maximum=4)
    else:
        count = require_int(players, "players (the number of mice)", minimum=2, maximum=4)
        names = tuple(f"Mouse {s + 1}" for s in range(count))
    board = rules_field(rules, Board, default_board, N_("a board from load_board() or "
                                                        "default_board()"))
    r = board.trap_reliability if reliability is None else \
        require_probability(reliability, "reliability r")
    return MouseTrapState(board, names, r, seed)


@checked_keywords
def position(players: int | Sequence[str] = 4, *, mice: Sequence[int],
             cheese: Sequence[int], parts: int = 0, caught: Sequence[int] = (),
             current: int = 0, pile: int | None = None, reliability: object | None = None,
             rules: Board | None = None, seed: int | None = COURSE_SEED) -> MouseTrapState:
    """A legal position from a short description, checked field by field.

    ``mice``: each mouse's space; ``cheese``: each mouse's cheese (``pile``, if given, must
    make the box's total); ``parts``: trap parts built; ``caught``: seats already caught;
    ``current``: whose turn it is (the position waits for their roll). Ana is 2 spaces
    before Turn Crank, Ben on the Cheese Wheel, the trap complete: how likely is Ana to
    catch Ben this turn? ::

        >>> from haba_lessons.games.mouse_trap import position
        >>> from haba_lessons.engine import expectimax
        >>> state = position(["Ana", "Ben"], mice=[40, 44], cheese=[0, 0], parts=24,
        ...                  reliability="3/4")
        >>> best = expectimax(state, leaf=lambda s: s.turns > 0 and not s.is_over)
        >>> best.values[0]                                    # 1/6 (a 2) * 3/4
        Fraction(1, 8)
    """
    state = new_game(players, reliability=reliability, seed=seed, rules=rules)
    board, n = state.board, state.players
    last = len(board.spaces) - 1
    mice = sequence_field(mice, "mice", length=n, what=N_("spaces, one for each mouse"))
    cheese = sequence_field(cheese, "cheese", length=n,
                            what=N_("cheese counts, one for each mouse"))
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
        raise InvalidArgumentError(ngettext(
            "cheese: the mice hold {n} piece, but the box has only {total}.",
            "cheese: the mice hold {n} pieces, but the box has only {total}.",
            sum(held)).format(n=sum(held), total=total))
    parts = require_int(parts, f"parts (trap parts built, at most {board.trap_parts})",
                        minimum=0, maximum=board.trap_parts)
    caught = sequence_field(caught, "caught", what=N_("seats of caught mice"))
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
    if state.trap_complete:
        state._note_leaders()
    return state
