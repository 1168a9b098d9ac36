"""Bots for Mouse Trap: how a player spends cheese at the crank, and whom they take cheese from.

Every bot is a function ``bot(state) -> action`` called when ``state.legal_actions()`` is not
empty. The three spending policies compared in the notebook:

* ``"never"``: never spend cheese; crank when an opponent happens to be on the Cheese Wheel.
* ``"always"``: while no opponent is on the Cheese Wheel, spend cheese on the movable
  opponent closest to it, until one lands there or the cheese runs out; then crank.
* ``"reachable"``: the same, but only spend on an opponent who can reach the Cheese Wheel
  with one roll (1 to 6 steps away).

With tied richest opponents every bot takes all the cheese from the first of them in seat
order (a sensible default; a human chooses in the widget).
"""

from __future__ import annotations

from collections.abc import Callable

from ...errors import InvalidArgumentError
from .rules import Action, Crank, EndTurn, MouseTrapState, SpendCheese

Bot = Callable[[MouseTrapState], Action]


def _steps_to_wheel(state: MouseTrapState, seat: int) -> int:
    board = state.board
    return board.steps_between(state.positions[seat], board.cheese_wheel)


def _spending_bot(only_reachable: bool) -> Bot:
    def bot(state: MouseTrapState) -> Action:
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


def never_spend(state: MouseTrapState) -> Action:
    """Crank if an opponent is on the Cheese Wheel; otherwise end the turn. Never spends."""
    actions = state.legal_actions()
    for wanted in (Crank(), EndTurn()):
        if wanted in actions:
            return wanted
    return actions[0]


STRATEGIES: dict[str, Bot] = {
    "never": never_spend,
    "always": _spending_bot(only_reachable=False),
    "reachable": _spending_bot(only_reachable=True),
}


def get_strategy(name_or_bot: str | Bot) -> Bot:
    """A bot by name (never, always, reachable), or the bot function itself."""
    if callable(name_or_bot):
        return name_or_bot
    if name_or_bot not in STRATEGIES:
        raise InvalidArgumentError(f"unknown strategy {name_or_bot!r}; "
                                   f"choose one of {', '.join(STRATEGIES)}.")
    return STRATEGIES[name_or_bot]
