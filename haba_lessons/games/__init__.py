"""One rules engine per game; widgets, simulations and analyses all use these.

Every game package is reached the same way: ``new_game(players, *, seed=..., rules=...)``,
``position(...)``, ``strategies.named(name)``, and ``<game>.widget(...)``, the game's widget
on screen (``haba_lessons.games.spookies.widget()``). The widget module is imported only
when first used (it needs ipywidgets), and the module itself is what is called: its
``widget`` function does the work, so ``from ....widget import SomeClass`` keeps working.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable
from typing import Any

from ..i18n import _


class _WidgetModule(types.ModuleType):
    """A game's widget module, callable as its ``widget`` function."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.widget(*args, **kwargs)


def callable_widget_module(name: str) -> None:
    """Make the module ``name`` (a game's ``widget`` module) callable as its ``widget()``."""
    sys.modules[name].__class__ = _WidgetModule


def lazy_widget(package: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` for a game package: ``<game>.widget`` imports the widget
    module when first asked for."""
    def __getattr__(name: str) -> Any:
        if name == "widget":
            return importlib.import_module(f"{package}.widget")
        raise AttributeError(_("module {package} has no attribute {name}").format(
            package=repr(package), name=repr(name)))
    return __getattr__
