"""The state protocol, under its first address: it lives in :mod:`haba_lessons.engine`
(below the games); this module re-exports it."""

from ..engine.chance import clone_generator, restore_generator
from ..engine.protocol import OVER, Bot, GameState


class TurnState:
    """(Transitional: the games not yet on :class:`haba_lessons.engine.State`.)"""

    current: int
    phase: str

    @property
    def current_player(self) -> int:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase == OVER


__all__ = ["OVER", "Bot", "GameState", "clone_generator", "restore_generator"]
