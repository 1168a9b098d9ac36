"""The state protocol, under its first address: it lives in :mod:`haba_lessons.engine`
(below the games); this module re-exports it."""

from ..engine.protocol import OVER, Bot, GameState

__all__ = ["OVER", "Bot", "GameState"]
