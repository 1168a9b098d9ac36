"""Argument checks shared by the library, raising messages a student can act on."""

from __future__ import annotations

import numbers
from fractions import Fraction

from .errors import InvalidArgumentError
from .i18n import _, number
from .shown import SHOWN_LENGTH, shown  # noqa: F401  (the checks' messages quote with it)
from .typed_numbers import parse_probability

def require_int(value: object, name: str, *, minimum: int | None = None,
                maximum: int | None = None) -> int:
    """Return ``value`` if it is a whole number in range, else raise InvalidArgumentError."""
    if type(value) is int and (minimum is None or value >= minimum) and (
            maximum is None or value <= maximum):
        return value                    # the commonest case, without the abstract check
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidArgumentError(_("{name} must be a whole number, but got {value} "
                                     "({kind}).").format(name=_(name), value=shown(value),
                                                         kind=type(value).__name__))
    value = int(value)
    if minimum is not None and value < minimum:
        raise InvalidArgumentError(_("{name} must be at least {low}, but got {value}.").format(
            name=_(name), low=number(minimum, ","), value=_count(value)))
    if maximum is not None and value > maximum:
        raise InvalidArgumentError(_("{name} must be at most {high}, but got {value}.").format(
            name=_(name), high=number(maximum, ","), value=_count(value)))
    return value


def require_bool(value: object, name: str) -> bool:
    """Return ``value`` if it is True or False (not 1, not "yes"), else raise
    InvalidArgumentError naming ``name``."""
    if not isinstance(value, bool):
        raise InvalidArgumentError(_("{field}: give True or False, not {value}.").format(
            field=name, value=shown(value)))
    return value


def _count(value: int) -> str:
    """A whole number with thousands separators, or abbreviated if it is huge."""
    return number(value, ",") if value.bit_length() <= 128 else shown(value)


def require_probability(value: object, name: str) -> Fraction:
    """Return ``value`` as an exact Fraction in [0, 1], else raise InvalidArgumentError.

    Floats are accepted (sliders give floats) and converted exactly from their decimal text,
    so ``0.9`` becomes ``9/10``, not the nearest binary fraction. Text is read by
    :func:`haba_lessons.typed_numbers.parse_probability` ("3/4", "0.75"), like every number a
    person types.
    """
    refused = _("{name} must be a probability between 0 and 1, but got {value}.").format(
        name=name, value=shown(value))
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
