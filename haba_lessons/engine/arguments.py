"""Checks for what a teacher types into ``new_game`` and ``position``, shared by every game.

Each refusal is an :class:`~haba_lessons.errors.InvalidArgumentError` that names the field
(or the unknown keyword and the allowed ones) in one line, so the same mistake gets the same
kind of message in every game.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from ..errors import InvalidArgumentError
from ..i18n import N_, _, ngettext
from .state import show

F = TypeVar("F", bound=Callable[..., Any])


def checked_keywords(function: F) -> F:
    """``function`` with its arguments checked against its signature first: an unknown
    keyword, a missing one or too many positional arguments is an InvalidArgumentError
    naming it and the allowed ones (instead of Python's TypeError from inside the library)."""
    signature = inspect.signature(function)
    parameters = signature.parameters.values()
    allowed = [p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    known = frozenset(allowed)
    positional = sum(p.kind == p.POSITIONAL_OR_KEYWORD for p in parameters)
    required = frozenset(p.name for p in parameters
                         if p.kind == p.KEYWORD_ONLY and p.default is p.empty)

    @functools.wraps(function)
    def checked(*args: Any, **kwargs: Any) -> Any:
        if len(args) > positional or not known.issuperset(kwargs) \
                or not required.issubset(kwargs):
            unknown = [k for k in kwargs if k not in known]
            missing = sorted(required - set(kwargs))
            what = (_("has no option {name}").format(name=repr(unknown[0])) if unknown else
                    _("needs {name}=...").format(name=missing[0]) if missing else
                    ngettext("takes at most {n} value without a name",
                             "takes at most {n} values without a name",
                             positional).format(n=positional))
            raise InvalidArgumentError(_("{function}() {what}; its options are "
                                         "{options}.").format(function=function.__name__,
                                                              what=what,
                                                              options=", ".join(allowed)))
        return function(*args, **kwargs)

    return checked  # type: ignore[return-value]


def sequence_field(value: object, field: str, *, length: int | None = None,
                   what: str = N_("values")) -> list:
    """``value`` as a list, if it is a list, a tuple, a range or a 1-D numpy array (of
    ``length`` items, when given); else a refusal naming ``field``."""
    if isinstance(value, np.ndarray) and value.ndim == 1:
        value = value.tolist()
    if not isinstance(value, (list, tuple, range)):
        raise InvalidArgumentError(_("{field}: give a list of {what}, not {value}.").format(
            field=field, what=_(what), value=show(value)))
    items = list(value)
    if length is not None and len(items) != length:
        raise InvalidArgumentError(_("{field}: give {length} {what}, not {given}.").format(
            field=field, length=length, what=_(what), given=len(items)))
    return items


def rules_field(value: object, kind: type, default: Callable[[], Any], how: str) -> Any:
    """``value`` if it is a rules object of ``kind``, ``default()`` for None, else a refusal
    naming the field and how to make one (``how``)."""
    if value is None:
        return default()
    if not isinstance(value, kind):
        raise InvalidArgumentError(_("rules: give {how}, not {value}.").format(
            how=_(how), value=show(value)))
    return value
