"""Exact answers about Mouse Trap: where one mouse lands, how long it takes, the crank.

One mouse moving alone is a Markov chain (``haba_lessons.markov``); these functions ask it
the questions of the lesson on the board of the data file. What several mice do together
(who builds, when the trap is complete, who wins) is left to simulation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

import pandas as pd

from ..._checks import require_int, require_probability
from ...errors import InvalidArgumentError
from ...i18n import ngettext
from ...markov import expected_landings, expected_turns, first_passage, landing_probabilities
from .board import Board
from .rules import Crank, EndTurn, MouseTrapState, SpendCheese, TakeCheese

#: Rules the rulebook leaves open, and the reading the engine implements.
INTERPRETATIONS = (
    ("Cheese when the pile runs short", "take what the pile has, the rest from the richest "
     "opponent (at most all they have)"),
    ("Tied richest opponents", "the mover splits the pieces among them as they like "
     "(bots take all from the first in seat order)"),
    ("Build cheese", "only from the pile; one piece per part added (the last part on a "
     "Loop build space gives 1)"),
    ("Opponent on the Cheese Wheel", "the mover on Turn Crank must crank before the turn ends "
     "(may spend cheese first); the crank ends the turn"),
    ("A mouse moved with cheese", "does not act on the space it lands on"),
    ("The mover on the Cheese Wheel", "takes 2 cheese like anyone; may be caught by the next "
     "player's crank"),
)


def path_spaces(board: Board) -> list[int]:
    return [s.number for s in board.spaces if not board.in_loop(s.number)]


def landing_rows(board: Board) -> list[dict[str, object]]:
    """For every space of the path: what it says, P(one mouse ever lands there), expected landings."""
    chain = board.to_markov()
    chance = landing_probabilities(chain)
    counts = expected_landings(chain)
    return [{"space": n, "says": board.spaces[n].label, "P(lands)": chance[n],
             "expected landings": counts[n]} for n in path_spaces(board)]


def expected_path_builds(board: Board, players: int) -> Fraction:
    """Expected number of build landings one mouse makes on the path in a ``players`` game.

    Each such landing adds a part while the trap is incomplete, so this is how much one
    mouse contributes before The Loop, if nobody finishes the trap first.
    """
    players = require_int(players, "players", minimum=2, maximum=4)
    counts = expected_landings(board.to_markov())
    return sum((counts[s.number] for s in board.spaces
                if s.kind == "build" and players in s.players and not board.in_loop(s.number)),
               Fraction(0))


def loop_spaces(board: Board) -> range:
    return range(board.loop_first, board.loop_last + 1)


def turns_to_loop(board: Board) -> Fraction:
    """The exact expected number of turns one mouse needs to reach The Loop."""
    return expected_turns(board.to_markov(), loop_spaces(board))


def turns_to_loop_distribution(board: Board, turns: int = 30) -> dict[int, Fraction]:
    """``{k: P(a mouse first reaches The Loop on its k-th turn)}`` for k = 1..turns."""
    return first_passage(board.to_markov(), loop_spaces(board), turns)


def catch_within(reliability: object, cranks: int) -> Fraction:
    """P(a mouse is caught within ``cranks`` cranks): each crank works with chance r."""
    r = require_probability(reliability, "reliability r")
    cranks = require_int(cranks, "cranks", minimum=0)
    return 1 - (1 - r) ** cranks


def turn_ends(state: MouseTrapState) -> Callable[[MouseTrapState], bool]:
    """A ``leaf`` for :func:`haba_lessons.engine.expectimax` that stops the search when the
    turn being played in ``state`` is over (a game won during the turn is over anyway)."""
    turns = state.turns
    return lambda later: later.turns > turns and not later.is_over


def mice_caught(state: MouseTrapState) -> tuple[Fraction, ...]:
    """A ``payoff`` for :func:`haba_lessons.engine.expectimax`: for each player, how many of
    the other mice are caught. Searched within one player's turn (``turn_ends``), the
    expectimax value is the number of mice that player expects to catch this turn."""
    caught = [s for s in range(state.players) if state.captured[s]]
    return tuple(Fraction(sum(1 for s in caught if s != p)) for p in range(state.players))


def describe_action(state: MouseTrapState, action: object) -> str:
    """A decision of the player to move, in words."""
    names = state.names
    if isinstance(action, SpendCheese):
        return f"spend 1 cheese to move {names[action.seat]}"
    if isinstance(action, Crank):
        return "turn the crank now"
    if isinstance(action, EndTurn):
        return "end the turn"
    if isinstance(action, TakeCheese):
        return "take " + " and ".join(f"{p} from {names[s]}" for s, p in action.pieces)
    if action is None:
        raise InvalidArgumentError("there is no decision to describe (None): the player to move "
                                   "has no choice in this position, so the search found no best "
                                   "option. Set up a position at a decision (for a crank: the "
                                   "trap complete, the mouse on Turn Crank).")
    raise InvalidArgumentError(f"{action!r} is not a Mouse Trap decision.")


def options_table(state: MouseTrapState, columns: Mapping[str, object]) -> pd.DataFrame:
    """One row per decision open to the player to move in ``state``; one column per
    :class:`haba_lessons.engine.Solution` in ``columns`` (its heading -> the solution of an
    ``expectimax`` search from ``state``): that player's exact value after the decision."""
    actions = state.legal_actions()
    if not actions:
        raise InvalidArgumentError("nobody has a decision to make here (the game waits for "
                                   "chance or is over): set up a position at a decision.")
    player = state.current_player
    table = pd.DataFrame({"option": [describe_action(state, a) for a in actions]})
    for heading, solution in columns.items():
        values = dict(getattr(solution, "actions", ()))
        if list(values) != actions:
            raise InvalidArgumentError(f"{heading!r}: give the expectimax solution of this "
                                       f"very position (its options differ).")
        table[heading] = [_exact_and_decimal(values[a][player]) for a in actions]
    return table


def _exact_and_decimal(value: Fraction) -> str:
    return str(value) if value.denominator == 1 else f"{value} ≈ {float(value):.3f}"


def known_and_assumed(board: Board) -> list[dict[str, str]]:
    """The rows of the notebook's "What we know and what we assumed" table."""
    rows = [{"what": d.name, "value": _show(d.value), "provenance": d.provenance,
             "source": d.source} for d in board.data.data.values()]
    rows += [{"what": what, "value": choice, "provenance": "interpretation",
              "source": "rulebook silent; the engine's reading"}
             for what, choice in INTERPRETATIONS]
    return rows


def _show(value: object) -> str:
    if isinstance(value, list):
        return ngettext("{n} space (see the board table)", "{n} spaces (see the board table)",
                        len(value)).format(n=len(value))
    if isinstance(value, dict):
        return ", ".join(f"{k} = {v}" for k, v in value.items())
    return str(value)
