"""Mouse Trap (Hasbro, 52 cheese): the board as data, the rules engine, bots, simulation.

    from haba_lessons.games.mouse_trap import new_game, default_board
    state = new_game(3, reliability="3/4")

Modules: ``board`` (the board file, :class:`Rules`, also called ``Board``), ``rules`` (the
engine), ``strategies`` (named bots), ``analysis`` (exact answers about one mouse and the
crank), ``simulate`` (seeded games, the vectorized trap-completion kernel), ``charts``,
``drawing`` and ``widget`` (``mouse_trap.widget()``).
"""

from .. import lazy_widget
from .board import Board, Rules, Space, default_board, load_board
from .rules import (AT_CRANK, CRANK, FAILS, OVER, PUSH_ROLL, ROLL, SPLIT, WORKS, Crank, EndTurn,
                    MouseTrapState, Phase, SpendCheese, TakeCheese, new_game, position)
from .strategies import STRATEGIES, named

__getattr__ = lazy_widget(__name__)

__all__ = ["Board", "Rules", "Space", "default_board", "load_board", "MouseTrapState",
           "new_game", "position", "Phase", "SpendCheese", "Crank", "EndTurn", "TakeCheese",
           "WORKS", "FAILS", "ROLL", "PUSH_ROLL", "CRANK", "SPLIT", "AT_CRANK", "OVER",
           "STRATEGIES", "named"]
