"""Bots for Mouse Trap: how a player spends cheese at the crank, and whom they take cheese from.

Every bot is a function ``bot(state, rng) -> action`` called when ``state.legal_actions()``
is not empty; :data:`STRATEGIES` holds them by name and :func:`named` finds one. The three
spending policies compared in the notebook:

* ``"never"``: never spend cheese; crank when an opponent happens to be on the Cheese Wheel.
* ``"always"``: while no opponent is on the Cheese Wheel, spend cheese on the movable
  opponent closest to it, until one lands there or the cheese runs out; then crank.
* ``"reachable"``: the same, but only spend on an opponent who can reach the Cheese Wheel
  with one roll (1 to 6 steps away).

With tied richest opponents every bot takes all the cheese from the first of them in seat
order (a sensible default; a human chooses in the widget). None of them uses ``rng``.
"""

from __future__ import annotations

import numpy as np

from ...engine import Bot, Strategies, Strategy
from ...i18n import N_
from .rules import Action, Crank, EndTurn, MouseTrapState, SpendCheese


def _steps_to_wheel(state: MouseTrapState, seat: int) -> int:
    board = state.board
    return board.steps_between(state.positions[seat], board.cheese_wheel)


def _spending_bot(only_reachable: bool) -> Bot:
    def bot(state: MouseTrapState, rng: np.random.Generator) -> Action:
        actions = state.legal_actions()
        if Crank() in actions:
            return Crank()
        spends = [a for a in actions if isinstance(a, SpendCheese)
                  and _steps_to_wheel(state, a.seat) > 0]
        if only_reachable:
            spends = [a for a in spends
                      if _steps_to_wheel(state, a.seat) <= state.board.die_sides]
        if spends:
            return min(spends, key=lambda a: (_steps_to_wheel(state, a.seat), a.seat))
        return actions[0] if EndTurn() not in actions else EndTurn()
    return bot


def never_spend(state: MouseTrapState, rng: np.random.Generator) -> Action:
    """Crank if an opponent is on the Cheese Wheel; otherwise end the turn. Never spends."""
    actions = state.legal_actions()
    for wanted in (Crank(), EndTurn()):
        if wanted in actions:
            return wanted
    return actions[0]


STRATEGIES = Strategies(N_("Mouse Trap"), [
    Strategy("never", "never spends cheese; cranks when a mouse is on the Cheese Wheel",
             never_spend),
    Strategy("always", "spends cheese on the opponent closest to the Cheese Wheel",
             _spending_bot(only_reachable=False)),
    Strategy("reachable", "spends cheese only on an opponent one roll from the Cheese Wheel",
             _spending_bot(only_reachable=True)),
])
named = STRATEGIES.named
#: The first name of :func:`named`.
get_strategy = named
