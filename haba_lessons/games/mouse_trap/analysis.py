"""Exact answers about Mouse Trap: where one mouse lands, how long it takes, the crank.

One mouse moving alone is a Markov chain (``haba_lessons.markov``); these functions ask it
the questions of the lesson on the board of the data file. What several mice do together
(who builds, when the trap is complete, who wins) is left to simulation.
"""

from __future__ import annotations

from fractions import Fraction

from ..._checks import require_int, require_probability
from ...markov import expected_landings, expected_turns, first_passage, landing_probabilities
from .board import Board

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
        return f"{len(value)} spaces (see the board table)"
    if isinstance(value, dict):
        return ", ".join(f"{k} = {v}" for k, v in value.items())
    return str(value)
