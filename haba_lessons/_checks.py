"""Argument checks shared by the library, raising messages a student can act on."""

from __future__ import annotations

import numbers
from fractions import Fraction

from .errors import InvalidArgumentError


def require_int(value: object, name: str, *, minimum: int | None = None,
                maximum: int | None = None) -> int:
    """Return ``value`` if it is a whole number in range, else raise InvalidArgumentError
    (the value shown cut short: a message stays one readable line)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidArgumentError(
            f"{name} must be a whole number, but got {_short(value)} ({type(value).__name__})."
        )
    value = int(value)
    if minimum is not None and value < minimum:
        raise InvalidArgumentError(f"{name} must be at least {minimum:,}, but got "
                                   f"{_whole(value)}.")
    if maximum is not None and value > maximum:
        raise InvalidArgumentError(f"{name} must be at most {maximum:,}, but got "
                                   f"{_whole(value)}.")
    return value


def _whole(value: int) -> str:
    """A whole number with thousands separators, or its size if it is too long to read."""
    if abs(value) < 10 ** 30:
        return f"{value:,}"
    return f"a {'negative ' if value < 0 else ''}number of {len(str(abs(value)))} digits" \
        if abs(value).bit_length() < 14_000 else "a number of thousands of digits"


def _short(value: object, limit: int = 80) -> str:
    """``repr(value)`` on one line, cut to ``limit`` characters."""
    try:
        text = " ".join(repr(value).split())
    except Exception:
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def require_probability(value: object, name: str) -> Fraction:
    """Return ``value`` as an exact Fraction in [0, 1], else raise InvalidArgumentError.

    Floats are accepted (sliders give floats) and converted exactly from their decimal text,
    so ``0.9`` becomes ``9/10``, not the nearest binary fraction.
    """
    if isinstance(value, bool) or not isinstance(value, (numbers.Rational, float, str)):
        raise InvalidArgumentError(
            f"{name} must be a probability between 0 and 1, but got {_short(value)}."
        )
    try:
        exact = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise InvalidArgumentError(
            f"{name} must be a probability between 0 and 1, but got {_short(value)}."
        ) from None
    if not 0 <= exact <= 1:
        raise InvalidArgumentError(
            f"{name} must be a probability between 0 and 1, but got {_short(value)}."
        )
    return exact
