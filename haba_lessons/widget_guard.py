"""One way for every widget to survive a failure inside a callback: a short message in the
widget instead of a traceback, and the widget drawn again from its state.

A callback (a button's ``on_click``, an ``observe`` handler) that raises shows a traceback
in the cell's output or in JupyterLab's log, and may leave the widget half-updated. Decorate
the widget's callback methods instead::

    class MyWidget(widgets.VBox):
        def show_problem(self, message: str) -> None:   # required: show one line of text
            self.message.value = escape(message)

        def redraw(self) -> None:                        # optional: draw from the state
            self.answer.value = ...

        @guarded
        def _clicked(self, _button) -> None:
            ...

A :class:`~haba_lessons.errors.HabaLessonsError` (a move the rules refuse, a value out of
range) shows its own message. Anything else is a fault of the course, shown as one line that
names it; its traceback is kept in the widget's ``last_failure`` for whoever looks into it.
Either way ``redraw()`` runs first, if the widget has it, so what the widget shows matches
its state, then ``show_problem`` puts the message in the widget. The callback returns None.
"""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

from ._checks import shown
from .errors import HabaLessonsError

Callback = TypeVar("Callback", bound=Callable[..., Any])


def fault_message(error: BaseException) -> str:
    """The one line shown for a fault of the course (not a mistake of the student's)."""
    return (f"Something went wrong inside the course ({type(error).__name__}: "
            f"{shown(str(error))[1:-1]}). The widget shows where things stand now; please "
            f"tell your teacher.")


def guarded(callback: Callback) -> Callback:
    """Decorate a widget method used as a callback: see the module docstring."""
    @functools.wraps(callback)
    def run(widget: Any, *args: Any, **kwargs: Any) -> None:
        try:
            callback(widget, *args, **kwargs)
        except HabaLessonsError as error:
            _tell(widget, str(error))
        except Exception as error:   # a fault of the course: a message, never a traceback
            widget.last_failure = traceback.format_exc()
            _tell(widget, fault_message(error))
    return run  # type: ignore[return-value]


def _tell(widget: Any, message: str) -> None:
    redraw = getattr(widget, "redraw", None)
    if redraw is not None:
        try:
            redraw()
        except Exception as error:   # the drawing failed too: say so, in the same one line
            widget.last_failure = traceback.format_exc()
            message = f"{message} ({fault_message(error)})"
    widget.show_problem(message)
