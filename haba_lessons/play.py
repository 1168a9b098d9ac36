"""Tools written once for every game: a play loop, a seeded tournament, an exact expectimax.

They use only the game protocol (:mod:`haba_lessons.games.protocol`), so they work the same
for Spookies, Quiet as a Mouse, Meow Meow and Mouse Trap::

    from haba_lessons.games.spookies import new_game
    from haba_lessons.play import play, random_bot
    game = play(new_game(3, seed=1), [random_bot] * 3, seed=1)
    game.winners

A *bot* is a function ``bot(state, rng) -> action`` returning one of
``state.legal_actions()``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from ._checks import require_int
from .errors import IllegalActionError, InvalidArgumentError
from .games.protocol import GameState
from .simulation import COURSE_SEED, make_rng, progress, wilson_interval

Bot = Callable[[GameState, np.random.Generator], Any]
#: A value per player, e.g. (1, 0) when player 0 wins.
Values = tuple[Fraction, ...]

MAX_STEPS = 100_000


def random_bot(state: GameState, rng: np.random.Generator) -> Any:
    """Any legal action, all equally likely."""
    actions = state.legal_actions()
    return actions[int(rng.integers(len(actions)))]


def play(state: GameState, bots: Sequence[Bot], *, seed: int | None = COURSE_SEED,
         rng: np.random.Generator | None = None, max_steps: int = MAX_STEPS) -> GameState:
    """Play ``state`` to the end (changing it): ``bots[i]`` decides for player ``i``, chance
    is drawn with ``rng`` (default: a generator made from ``seed``). Returns the state."""
    rng = make_rng(seed) if rng is None else rng
    max_steps = require_int(max_steps, "max_steps", minimum=1)
    for _ in range(max_steps):
        if state.is_over:
            return state
        if state.is_chance_node:
            state.sample_chance(rng)
            continue
        player = state.current_player
        if not 0 <= player < len(bots):
            raise InvalidArgumentError(f"give one bot per player: player {player} has none "
                                       f"({len(bots)} bots given).")
        state.apply(bots[player](state, rng))
    raise InvalidArgumentError(f"the game did not end within {max_steps} steps: do the bots "
                               f"or the settings let it end?")


def tournament(make_game: Callable[[int], GameState], bots: Sequence[Bot], games: int, *,
               seed: int = COURSE_SEED, names: Sequence[str] | None = None,
               description: str = "games") -> pd.DataFrame:
    """Win rates of ``bots`` with 95% Wilson intervals over ``games`` seeded games.

    ``make_game(seed)`` sets up one game with one seat per bot; game ``g`` uses seed
    ``seed + g`` and rotates the seats by ``g`` so that nobody always starts. A game counts
    as a win for every winner (ties share), so win rates can add up to more than 1.
    """
    games = require_int(games, "games", minimum=1)
    seed = require_int(seed, "seed", minimum=0)
    seats = len(bots)
    names = [getattr(b, "name", getattr(b, "__name__", f"bot {i + 1}"))
             for i, b in enumerate(bots)] if names is None else list(names)
    if len(names) != seats:
        raise InvalidArgumentError(f"give one name per bot ({seats}), not {len(names)}.")
    wins = [0] * seats
    for g in progress(range(games), games, description):
        shift = g % seats
        order = [(i + shift) % seats for i in range(seats)]       # seat -> bot index
        state = play(make_game(seed + g), [bots[i] for i in order], seed=seed + g)
        for seat in state.winners:
            wins[order[seat]] += 1
    rows = []
    for i in range(seats):
        low, high = wilson_interval(wins[i], games)
        rows.append({"bot": names[i], "games": games, "wins": wins[i],
                     "win rate": round(wins[i] / games, 3), "95% CI low": round(low, 3),
                     "95% CI high": round(high, 3)})
    return pd.DataFrame(rows)


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
    ``payoff``), which bounds a game with loops from below or above; without a horizon a
    game that can loop recurses until Python refuses. ``key(state)`` names states that
    have the same future (then each is solved once; default: the state's ``search_key``). ``limit`` caps the number of states visited, so a
    position that is too big is refused instead of running for hours. The state itself is
    never changed: every branch is played on a copy.
    """
    if horizon is not None:
        horizon = require_int(horizon, "horizon", minimum=1)
    cutoff = payoff if cutoff is None else cutoff
    if key is None:
        key = getattr(type(state), "search_key", None)
    memo: dict = {}
    visited = 0

    def solve(node: GameState, left: int | None) -> Values:
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
        visited += 1
        if visited > limit:
            raise InvalidArgumentError(f"the position is too big for an exact search (more "
                                       f"than {limit} states): set up a smaller one, give a "
                                       f"horizon, or raise the limit.")
        if node.is_chance_node:
            total: list[Fraction] | None = None
            for outcome, probability in node.chance_outcomes():
                child = node.copy()
                child.apply_chance(outcome)
                value = solve(child, None if left is None else left - 1)
                total = [probability * v for v in value] if total is None else \
                    [t + probability * v for t, v in zip(total, value)]
            result = tuple(total)
        else:
            result = best(node, left)[0]
        if name is not None:
            memo[name] = result
        return result

    def best(node: GameState, left: int | None) -> tuple[Values, Any, list]:
        actions = node.legal_actions()
        if not actions:
            raise IllegalActionError("a decision node with no legal action: the position "
                                     "is not a legal one.")
        player = node.current_player
        scored = []
        for action in actions:
            child = node.copy()
            child.apply(action)
            scored.append((action, solve(child, None if left is None else left - 1)))
        top = max(scored, key=lambda pair: pair[1][player])
        return top[1], top[0], scored

    if state.is_over or (leaf is not None and leaf(state)) or state.is_chance_node:
        return Solution(solve(state, horizon), None, ())
    values, action, scored = best(state, horizon)
    return Solution(values, action, tuple(scored))


def ranked_choices(solution: Solution, player: int = 0, *, minus: Any = 0,
                   decision: str = "a choice", who: str = "player of the game"
                   ) -> list[tuple[str, Any]]:
    """Each choice at the root of ``solution`` (from :func:`expectimax`) as text beside
    ``player``'s value minus ``minus``, the best first (ties in the order listed).
    ``decision`` says what a choice is in the game and ``who`` what a player is called, for
    the messages."""
    try:
        scored = [(str(action), values[player] - minus) for action, values in solution.actions]
    except (AttributeError, TypeError, IndexError):
        raise InvalidArgumentError("give the result of expectimax at a decision (its .actions "
                                   f"lists each choice) and a {who}.") from None
    if not scored:
        raise InvalidArgumentError(f"this search has no choices: solve a position where the "
                                   f"{who.split()[0]} must decide ({decision}).")
    return sorted(scored, key=lambda pair: -pair[1])

