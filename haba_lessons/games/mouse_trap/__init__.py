"""Mouse Trap (Hasbro, 52 cheese): the board as data, the rules engine, bots, simulation.

    from haba_lessons.games.mouse_trap import new_game, default_board
    state = new_game(players=3, reliability="3/4")
"""

from .board import Board, Space, default_board, load_board
from .rules import (AT_CRANK, CRANK, FAILS, OVER, PUSH_ROLL, ROLL, SPLIT, WORKS, Crank, EndTurn,
                    MouseTrapState, SpendCheese, TakeCheese, new_game, position)

__all__ = ["Board", "Space", "default_board", "load_board", "MouseTrapState", "new_game",
           "SpendCheese", "Crank", "EndTurn", "TakeCheese", "WORKS", "FAILS", "CRANK", "position", "ROLL", "PUSH_ROLL", "SPLIT",
           "AT_CRANK", "OVER"]
