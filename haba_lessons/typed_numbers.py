"""Numbers typed by a person (in a widget's box, a data file, a spreadsheet), read by one helper.

Every place where someone types a number reads it here, so every place refuses the same
things with the same clear message and none can be made to hang: only the ASCII digits count
("²" and "٣" are not numbers here), one sign at most ("--5" is refused), at most
:data:`MAX_CHARACTERS` characters (a 5,000-digit number is refused before it is read) and a
power of ten of at most :data:`MAX_EXPONENT` ("1e-5000" and "1e-100000000" are refused at
once: Python's own ``Fraction("1e-100000000")`` would compute 10**100000000 first).

Accepted: whole numbers (``12``, ``-3``), decimals (``0.75``, ``.5``), powers of ten
(``2.5e-3``) and fractions (``3/4``), with spaces around them. The value is exact (a
``Fraction`` or an ``int``): ``0.1`` is 1/10, not the nearest binary fraction.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .shown import shown
from .errors import InvalidArgumentError
from .i18n import N_, _, number

#: The longest number a person types: 40 characters (a probability with 38 decimals).
MAX_CHARACTERS = 40
#: The largest power of ten in a typed number (1e-30 is a tiny chance, 1e30 a huge count).
MAX_EXPONENT = 30

_DECIMAL = re.compile(r"(?P<sign>[-+]?)(?P<whole>\d*)(?:\.(?P<part>\d*))?"
                      r"(?:[eE](?P<exponent>[-+]?\d+))?", re.ASCII)
_FRACTION = re.compile(r"(?P<top>[-+]?\d+)\s*/\s*(?P<bottom>[-+]?\d+)", re.ASCII)
#: What a box needs, said when it gets something else; and the kind alone (whole or not).
_HOW = {False: N_("a number: type digits 0-9, like 12, 0.75 or 3/4"),
        True: N_("a whole number: type digits 0-9, like 12")}
_KIND = {False: N_("a number"), True: N_("a whole number")}


def parse_number(text: object, name: str, *, minimum: Fraction | int | None = None,
                 maximum: Fraction | int | None = None, whole: bool = False) -> Fraction:
    """``text`` as an exact number in [minimum, maximum] (``whole``: a whole number), else
    InvalidArgumentError naming ``name`` and saying what to type instead."""
    how = _(_HOW[whole])
    if not isinstance(text, str):
        raise InvalidArgumentError(_("{name}: expected {kind} typed as text, not {value}.").format(
            name=name, kind=_(_KIND[whole]), value=shown(text)))
    cleaned = text.strip()
    if not cleaned:
        raise InvalidArgumentError(_("{name}: nothing was typed; it needs {how}.").format(
            name=name, how=how))
    if len(cleaned) > MAX_CHARACTERS:
        raise InvalidArgumentError(_("{name}: {value} is {length} characters long; a number "
                                     "here has at most {most}.").format(
            name=name, value=shown(cleaned), length=number(len(cleaned), ","), most=MAX_CHARACTERS))
    value = _exact(cleaned, name, how)
    if whole and value.denominator != 1:
        raise InvalidArgumentError(_("{name}: {value} is not a whole number; it needs "
                                     "{how}.").format(name=name, value=cleaned, how=how))
    if minimum is not None and value < minimum:
        low = _plain(minimum)
        raise InvalidArgumentError(
            (_("{name}: {value} is below {low}; type a number from {low} to {high}.")
             if maximum is not None else
             _("{name}: {value} is below {low}; type a number from {low}.")).format(
                name=name, value=cleaned, low=low,
                high=_plain(maximum) if maximum is not None else ""))
    if maximum is not None and value > maximum:
        raise InvalidArgumentError(_("{name}: {value} is above {high}; type a number up to "
                                     "{high}.").format(name=name, value=cleaned,
                                                       high=_plain(maximum)))
    return value


def parse_whole_number(text: object, name: str, *, minimum: int | None = None,
                       maximum: int | None = None) -> int:
    """``text`` as a whole number in [minimum, maximum] (``12``; ``12.0`` and ``24/2`` are 12
    too, ``12.5`` is refused), else InvalidArgumentError."""
    return int(parse_number(text, name, minimum=minimum, maximum=maximum, whole=True))


def parse_probability(text: object, name: str) -> Fraction:
    """``text`` as an exact probability from 0 to 1 (``3/4``, ``0.75``, ``1e-3``)."""
    try:
        value = parse_number(text, name)
    except InvalidArgumentError as error:
        raise InvalidArgumentError(_("{error} It is a probability between 0 and 1.").format(
            error=error)) from None
    if not 0 <= value <= 1:
        raise InvalidArgumentError(_("{name} must be a probability between 0 and 1, but got "
                                     "{value}.").format(name=name, value=text.strip()))
    return value


def _exact(text: str, name: str, how: str) -> Fraction:
    fraction = _FRACTION.fullmatch(text)
    if fraction:
        bottom = int(fraction["bottom"])
        if bottom == 0:
            raise InvalidArgumentError(_("{name}: {value} divides by zero; the number below "
                                         "the / must not be 0.").format(name=name, value=text))
        return Fraction(int(fraction["top"]), bottom)
    decimal = _DECIMAL.fullmatch(text)
    if not decimal or not (decimal["whole"] or decimal["part"]):
        raise InvalidArgumentError(_("{name}: {value} is not {how}.").format(
            name=name, value=shown(text), how=how))
    exponent = int(decimal["exponent"] or 0)
    if abs(exponent) > MAX_EXPONENT:
        raise InvalidArgumentError(_("{name}: {value} has a power of ten beyond ±{most}; type "
                                     "a number between 1e-{most} and 1e{most} (or 0).").format(
            name=name, value=text, most=MAX_EXPONENT))
    part = decimal["part"] or ""
    value = Fraction(int((decimal["whole"] or "0") + part), 10 ** len(part))
    value *= Fraction(10) ** exponent
    return -value if decimal["sign"] == "-" else value


def _plain(value: Fraction | int) -> str:
    """A bound as a person reads it: a whole number with grouped thousands, else a fraction."""
    return number(value, ",") if isinstance(value, int) else str(value)
