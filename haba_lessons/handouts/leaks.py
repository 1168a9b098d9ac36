"""Does a text give an exercise's answer away? The check behind "no worksheet or student copy
contains an answer".

What counts as stating the answer, by the kind of the exercise's key:

* an exact number (``exact``, or a ``holds`` key that a number satisfies): the number written
  in the text in any form — ``5/18``, ``\\frac{5}{18}``, ``Fraction(5, 18)``, ``10/36`` (the
  same value), a decimal with at least two significant digits that agrees to its last digit
  (``0.278``), a whole number of 10 or more; a whole number below 10 only when it is asserted
  (``= 7``, ``is 7``): small numbers name dice, spaces and sections everywhere;
* a choice of words (``choice``): a sentence, not a question, naming the right choice together
  with a wrong one (``space 6 ... more often than space 1``); the exercise's own statement,
  which offers the choices, is not searched;
* a simulated estimate (``approx``) or a function to write (``function``): nothing to state —
  the exercise is to run the simulation or write the code, and comparing with the exact value
  the lesson derived is part of the exercise;
* an answer in words (no self-check): a machine cannot read an explanation; its giveaways are
  found by reading, and a test keeps each one found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable

from .notebook_exercises import Exercise, key_facts, key_kind

_NUMBER = re.compile(r"""
    \\[dt]?frac\s*(?:\{\s*(?P<fn>\d+)\s*\}|(?P<fn1>\d))\s*(?:\{\s*(?P<fd>\d+)\s*\}|(?P<fd1>\d))
  | Fraction\(\s*(?P<cn>\d+)\s*,\s*(?P<cd>\d+)\s*\)
  | (?<![\w.,/])(?P<sn>\d{1,3}(?:,\d{3})+|\d+)\s*/\s*(?P<sd>\d+)(?![\w.]*\d)
  | (?<![\w.,/])(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\d+)(?![\w/]|\.\d|,\d{3})
""", re.VERBOSE)
_ASSERTED = re.compile(r"(?:=|≈|\bis|\bare|\bequals|\bgives)\s*\**\s*$")


@dataclass(frozen=True)
class Number:
    """A number written in a text: its value, how it was written and where."""

    value: Fraction | Decimal | int
    written: str
    start: int


def numbers_in(text: str) -> list[Number]:
    """Every number written in ``text``: fractions (plain, LaTeX, ``Fraction(a, b)``),
    decimals and whole numbers (``21,343`` is one number)."""
    found = []
    for match in _NUMBER.finditer(text):
        group = match.groupdict()
        pairs = [(group["fn"] or group["fn1"], group["fd"] or group["fd1"]),
                 (group["cn"], group["cd"]), (group["sn"], group["sd"])]
        value: Fraction | Decimal | int | None = None
        for top, bottom in pairs:
            if top and bottom and int(bottom.replace(",", "")):
                value = Fraction(int(top.replace(",", "")), int(bottom.replace(",", "")))
        if value is None and group["num"]:
            digits = group["num"].replace(",", "")
            value = Decimal(digits) if "." in digits else int(digits)
        if value is not None:
            found.append(Number(value, match.group(0), match.start()))
    return found


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences (at ``.``, ``!`` or ``?`` before white space)."""
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n\s*\n", text) if s.strip()]


def _states(number: Number, target: Fraction, text: str) -> bool:
    if isinstance(number.value, Fraction):
        return abs(number.value) == abs(target)
    if isinstance(number.value, Decimal):
        places = -number.value.as_tuple().exponent
        significant = len(str(number.value).replace(".", "").lstrip("0"))
        exact = Decimal(abs(target.numerator)) / Decimal(target.denominator)
        return significant >= 2 and round(exact, places) == number.value
    if target.denominator != 1 or number.value != abs(target):
        return False
    return number.value >= 10 or bool(_ASSERTED.search(text[:number.start]))


def states_number(target: Fraction | int, text: str) -> list[str]:
    """The sentences of ``text`` that write the number ``target`` (rules in the module's doc)."""
    target = Fraction(target)
    return [sentence for sentence in sentences(text)
            if any(_states(number, target, sentence) for number in numbers_in(sentence))]


def _accepted_by(key: Callable, number: Number) -> bool:
    if isinstance(number.value, Decimal):
        return False
    candidates = [number.value, int(number.value)] if number.value == int(number.value) \
        else [number.value]
    return any(key(candidate)[0] for candidate in candidates)


def _words(text: str) -> str:
    return " " + " ".join(re.sub(r"[^\w≥≤]+", " ", text.lower()).split()) + " "


def compares_choices(right: list[str], wrong: list[str], text: str) -> list[str]:
    """The statements (not questions) of ``text`` that name a right choice and a wrong one."""
    def names(sentence: str, choice: str) -> bool:
        return _words(choice) in _words(sentence)

    return [sentence for sentence in sentences(text) if not sentence.endswith("?")
            and any(names(sentence, c) for c in right) and any(names(sentence, c) for c in wrong)]


def giveaways(key: Callable[[Any], tuple[bool, str]] | None, text: str,
              options: tuple[str, ...] = ()) -> list[str]:
    """The sentences of ``text`` that state the answer ``key`` accepts (see the module's doc).

    ``options`` are the choices an exercise offers (for a ``choice`` key).
    """
    if key is None:
        return []
    kind = key_kind(key)
    if kind == "exact":
        return states_number(key_facts(key)["target"], text)
    if kind == "holds":
        return [sentence for sentence in sentences(text)
                if any(_accepted_by(key, number) for number in numbers_in(sentence))]
    if kind == "choice":
        right = [option for option in options if key(option)[0]]
        wrong = [option for option in options if not key(option)[0]]
        return compares_choices(right, wrong, text) if right and wrong else []
    return []


def exercise_giveaways(exercise: Exercise, before: str) -> list[str]:
    """The sentences of ``before`` (the text a student reads before the exercise) and of the
    exercise's own statement that state its answer; a choice's statement offers the choices
    and is not searched."""
    text = before if exercise.key and key_kind(exercise.key) == "choice" \
        else f"{before}\n\n{exercise.statement}"
    return giveaways(exercise.key, text, exercise.options)
