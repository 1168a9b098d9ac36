"""How a message quotes a value a person gave: its ``repr``, cut short, on one line.

A 5 MB string or a number of thousands of digits is not repeated back in an error message;
a value whose own ``repr`` fails is still named by its type.
"""

from __future__ import annotations

import math
import reprlib
from fractions import Fraction
from typing import Any

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
