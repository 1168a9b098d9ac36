"""Argument checks shared by the library, raising messages a student can act on."""

from __future__ import annotations

import math
import numbers
import reprlib
from fractions import Fraction
from typing import Any

from .errors import InvalidArgumentError

#: The longest a message quotes a value a person gave (a 5 MB value is not repeated back).
SHOWN_LENGTH = 80


class _Brief(reprlib.Repr):
    """``repr`` cut short: long text, long lists, deep nesting and huge numbers abbreviated,
    and a value whose own ``repr`` fails still named by its type."""

    def __init__(self) -> None:
        super().__init__()          # keyword arguments only from Python 3.12
        self.maxlevel = 3
        self.maxtuple = self.maxlist = self.maxdict = self.maxset = 4
        self.maxfrozenset = self.maxdeque = self.maxarray = 4
        self.maxstring = self.maxother = SHOWN_LENGTH - 20
        self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:          # also beyond Python's 4,300-digit str() limit
            digits = round(x.bit_length() * math.log10(2))
            return f"<a whole number of about {digits:,} digits>"
        return super().repr_int(x, level)

    def repr1(self, x: Any, level: int) -> str:
        try:
            if isinstance(x, Fraction) and (x.numerator.bit_length() > 128
                                            or x.denominator.bit_length() > 128):
                return f"Fraction({self.repr_int(x.numerator, level)}, " \
                       f"{self.repr_int(x.denominator, level)})"
            return super().repr1(x, level)
        except Exception:                 # a value's own __repr__ may fail: name its type
            return f"<a {type(x).__name__}>"


_BRIEF = _Brief()


def shown(value: object) -> str:
    """``repr(value)``, at most about :data:`SHOWN_LENGTH` characters, for a message."""
    text = _BRIEF.repr(value)
    return text if len(text) <= SHOWN_LENGTH else text[:SHOWN_LENGTH - 3] + "..."


def require_int(value: object, name: str, *, minimum: int | None = None,
                maximum: int | None = None) -> int:
    """Return ``value`` if it is a whole number in range, else raise InvalidArgumentError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidArgumentError(
            f"{name} must be a whole number, but got {shown(value)} ({type(value).__name__})."
        )
    value = int(value)
    if minimum is not None and value < minimum:
        raise InvalidArgumentError(f"{name} must be at least {minimum:,}, but got "
                                   f"{_count(value)}.")
    if maximum is not None and value > maximum:
        raise InvalidArgumentError(f"{name} must be at most {maximum:,}, but got "
                                   f"{_count(value)}.")
    return value


def _count(value: int) -> str:
    """A whole number with thousands separators, or abbreviated if it is huge."""
    return f"{value:,}" if value.bit_length() <= 128 else shown(value)


def require_probability(value: object, name: str) -> Fraction:
    """Return ``value`` as an exact Fraction in [0, 1], else raise InvalidArgumentError.

    Floats are accepted (sliders give floats) and converted exactly from their decimal text,
    so ``0.9`` becomes ``9/10``, not the nearest binary fraction. Text is read by
    :func:`haba_lessons.typed_numbers.parse_probability` ("3/4", "0.75"), like every number a
    person types.
    """
    from .typed_numbers import parse_probability    # it uses shown() from this module

    refused = f"{name} must be a probability between 0 and 1, but got {shown(value)}."
    if isinstance(value, str):
        return parse_probability(value, name)
    if isinstance(value, bool) or not isinstance(value, (numbers.Rational, float)):
        raise InvalidArgumentError(refused)
    try:
        exact = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    except (ValueError, ZeroDivisionError, TypeError):
        raise InvalidArgumentError(refused) from None
    if not 0 <= exact <= 1:
        raise InvalidArgumentError(refused)
    return exact
