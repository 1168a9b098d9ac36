"""The exact search every game shares: expectimax over the protocol, in fractions.

Chance nodes average their children with the exact probabilities of ``chance_outcomes()``;
decision nodes take the current player's best action. The search walks the tree with an
explicit stack (no recursion), so a deep search is limited only by ``limit``, the number of
states it may visit, and a game that can come back to a position it is still solving (an
alarm or a blocked roll passes the turn) is refused with a message instead of running on.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .._checks import require_int
from ..errors import IllegalActionError, InvalidArgumentError
from ..i18n import N_, _, grouped
from .protocol import GameState

#: A value per player, e.g. (1, 0) when player 0 wins.
Values = tuple[Fraction, ...]


def win_payoff(state: GameState) -> Values:
    """1 for each winner, 0 for everyone else: expectimax values are then win chances."""
    return tuple(Fraction(int(p in state.winners)) for p in range(state.players))


@dataclass(frozen=True)
class Solution:
    """What :func:`expectimax` found: each player's value, the best action at the root
    (``None`` at a chance node or a leaf) and each root action's values."""

    values: Values
    action: Any
    actions: tuple[tuple[Any, Values], ...]


def expectimax(state: GameState, *, payoff: Callable[[GameState], Values] = win_payoff,
               leaf: Callable[[GameState], bool] | None = None, horizon: int | None = None,
               cutoff: Callable[[GameState], Values] | None = None,
               key: Callable[[GameState], Hashable] | None = None,
               limit: int = 200_000) -> Solution:
    """The exact value of ``state`` when every player maximizes their own value.

    Chance nodes average over ``chance_outcomes()`` with their exact probabilities; decision
    nodes take the current player's best action (ties: the first listed). A state is a leaf
    when the game is over or ``leaf(state)`` says so; it is worth ``payoff(state)`` (default:
    1 for each winner). ``horizon`` caps the number of steps (decisions and chance events)
    along a path: a state reached after that many is worth ``cutoff(state)`` (default
    ``payoff``), which bounds a game with loops from below or above; without a horizon, a
    game that comes back to a position the search is still solving is refused.
    ``key(state)`` names states that have the same future (each is then solved once;
    default: the state's ``search_key``). ``limit`` caps the number of states visited, so a
    position too big to search (a whole game) is refused instead of running for hours. The
    state itself is never changed: every branch is played on a copy.
    """
    if horizon is not None:
        horizon = require_int(horizon, "horizon", minimum=1)
    limit = require_int(limit, "limit", minimum=1)
    cutoff = payoff if cutoff is None else cutoff
    if key is None:
        key = getattr(type(state), "search_key", None)
    memo: dict = {}
    solving: set = set()
    stack: list[list] = []
    visited = 0

    def enter(node: GameState, left: int | None) -> Values | None:
        """The value of ``node`` if it is known at once; else push its frame, return None."""
        nonlocal visited
        if node.is_over or (leaf is not None and leaf(node)):
            return tuple(payoff(node))
        if left == 0:
            return tuple(cutoff(node))
        name = None
        if key is not None:
            name = (key(node), left)
            if name in memo:
                return memo[name]
            if name in solving:
                raise InvalidArgumentError(_(
                    "the search came back to a position it is still solving (in this game "
                    "a turn can pass without anything changing): give a horizon, the "
                    "number of steps to look ahead, and a cutoff value for what is left."))
        visited += 1
        if visited > limit:
            raise InvalidArgumentError(_("the position is too big for an exact search (more "
                                         "than {limit} states): set up a smaller one, give a "
                                         "horizon, or raise the limit.").format(
                limit=grouped(limit)))
        if node.is_chance_node:
            branches, chance = node.chance_outcomes(), True
        else:
            branches, chance = node.legal_actions(), False
            if not branches:
                raise IllegalActionError(_("a decision node with no legal action: the "
                                           "position is not a legal one."))
        if name is not None:
            solving.add(name)
        # frame: node, steps left, name, chance?, branches, next branch, value so far, scored
        stack.append([node, left, name, chance, branches, 0, None, []])
        return None

    root = enter(state, horizon)
    if root is not None:
        return Solution(root, None, ())
    bottom = stack[0]
    returned: Values | None = None
    while stack:
        frame = stack[-1]
        node, left, name, chance, branches, i, value, scored = frame
        if returned is not None:
            branch = branches[i - 1]
            if chance:
                p = branch[1]
                value = [p * v for v in returned] if value is None else \
                    [a + p * v for a, v in zip(value, returned)]
            else:
                scored.append((branch, returned))
                if value is None or returned[node.current_player] > value[node.current_player]:
                    value = returned
            frame[6], returned = value, None
        if i < len(branches):
            frame[5] = i + 1
            child = node.copy()
            if chance:
                child.apply_chance(branches[i][0])
            else:
                child.apply(branches[i])
            returned = enter(child, None if left is None else left - 1)
            continue
        value = tuple(value)
        if name is not None:
            memo[name] = value
            solving.discard(name)
        stack.pop()
        returned = value
    if bottom[3]:
        return Solution(returned, None, ())
    scored = bottom[7]
    best = max(scored, key=lambda pair: pair[1][state.current_player])
    return Solution(returned, best[0], tuple(scored))


def ranked_choices(solution: Solution, player: int = 0, *, minus: Any = 0,
                   decision: str = N_("a choice"), who: str = N_("player of the game")
                   ) -> list[tuple[str, Any]]:
    """Each choice at the root of ``solution`` (from :func:`expectimax`) as text beside
    ``player``'s value minus ``minus``, the best first (ties in the order listed).
    ``decision`` says what a choice is in the game and ``who`` what a player is called, for
    the messages."""
    try:
        scored = [(str(action), values[player] - minus) for action, values in solution.actions]
    except (AttributeError, TypeError, IndexError):
        raise InvalidArgumentError(_("give the result of expectimax at a decision (its "
                                     ".actions lists each choice) and a {who}.").format(
            who=_(who))) from None
    if not scored:
        raise InvalidArgumentError(_("this search has no choices: solve a position where the "
                                     "{who} must decide ({decision}).").format(
            who=_(who).split()[0], decision=_(decision)))
    return sorted(scored, key=lambda pair: -pair[1])
