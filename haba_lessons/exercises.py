"""Self-checks for the exercises: right, wrong or a hint, never the answer.

A notebook's exercise ends with ``check("02.3", answer_3)``. The key for exercise 3 of
notebook 02 lives in ``haba_lessons.answer_keys.nb02`` as ``KEYS = {"02.3": exact(...)}``.
``check`` shows a one-line verdict and returns it, so a test can read ``verdict.ok``.

Kinds of keys:

* ``exact(value)`` — an exact number (int, ``Fraction``, sympy ``Rational``). A decimal that
  agrees to 9 significant figures is "close — an exact fraction is expected".
* ``approx(value, tolerance)`` — a number within ``tolerance`` (an estimate, a rounded value).
* ``choice(*accepted)`` — a word or short phrase, compared without case or spaces.
* ``function(reference, inputs)`` — the student's function must give the reference's answer
  on every input; a wrong input is named, the right output is not.
* ``holds(test, hint)`` — any other property: ``test(answer)`` returns True when right.

The answer keys are readable Python; they are a teacher's key, not a secret. ``check`` never
prints a key's value, so a student who only runs cells never sees an answer.
"""

from __future__ import annotations

import html
import importlib
import math
import numbers
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Sequence

from .i18n import N_, _, ngettext
from ._checks import shown
from .errors import InvalidArgumentError


@dataclass(frozen=True)
class Verdict:
    """The outcome of one check: whether it is right and what to tell the student."""

    exercise: str
    ok: bool
    message: str

    def __str__(self) -> str:
        mark = "✓" if self.ok else "✗"
        return _("{mark} Exercise {exercise}: {message}").format(
            mark=mark, exercise=self.exercise, message=_(self.message))

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        colour = "var(--jp-success-color1, #1a7f37)" if self.ok else "var(--jp-warn-color1, #9a6700)"
        return (f"<div style='border-left:4px solid {colour};padding:2px 8px;"
                f"color:var(--jp-ui-font-color1, inherit)'>{html.escape(str(self))}</div>")


# A key takes the student's answer and returns (ok, message).
Key = Callable[[Any], "tuple[bool, str]"]

NOT_ANSWERED = N_("not answered yet: replace the ... with your answer and run the cell again.")


def _module(value: Any) -> str:
    """The module a value's type comes from ('' if it does not say)."""
    return str(getattr(type(value), "__module__", "") or "")


def _is_scalar_array(value: Any) -> bool:
    """A numpy scalar or 0-dimensional array (one number), not an array of several."""
    return _module(value).startswith("numpy") and getattr(value, "shape", None) == ()


def _as_exact(value: Any) -> Fraction | None:
    """``value`` as a Fraction if it is an exact number (int, Fraction, sympy Rational)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if _module(value).startswith("sympy") and getattr(value, "is_Rational", False) is True:
        return Fraction(int(value.p), int(value.q))
    if _is_scalar_array(value) and value.dtype.kind in "iu":
        return Fraction(int(value))
    return None


def _as_float(value: Any) -> float | None:
    """``value`` as a float if it is a real number (never raises: too large is infinite)."""
    if isinstance(value, bool):
        return None
    try:
        if isinstance(value, numbers.Real) or _is_scalar_array(value) or (
                _module(value).startswith("sympy") and getattr(value, "is_real", False) is True):
            return float(value)
    except OverflowError:                 # an exact number beyond a float's range
        return math.inf if value > 0 else -math.inf
    except (TypeError, ValueError):
        return None
    return None


def _several(answer: Any) -> str | None:
    """What kind of collection ``answer`` is, when it holds several values (else None)."""
    module = _module(answer)
    if module.startswith("pandas"):
        return _("a pandas {kind}").format(kind=type(answer).__name__)
    if module.startswith("numpy") and getattr(answer, "shape", ()) != ():
        return _("a numpy array")
    if isinstance(answer, (list, tuple, set, frozenset, dict)):
        return _("a {kind}").format(kind=type(answer).__name__)
    return None


def _not_a_number(answer: Any) -> str | None:
    """A hint when ``answer`` is not a number at all, else None."""
    if answer is Ellipsis or answer is None:
        return NOT_ANSWERED
    if isinstance(answer, str):
        return _("you gave the text {text}; give a number instead, with no quotes: a whole "
                 "number, or Fraction(a, b) with whole numbers a and b.").format(text=shown(answer))
    several = _several(answer)
    if several:
        return _("expected a number, got {several} of values: give one number, a whole "
                 "number or Fraction(a, b) with whole numbers a and b.").format(several=several)
    if _as_exact(answer) is None and _as_float(answer) is None:
        return _("expected a number, got {kind}: a whole number, or Fraction(a, b) with "
                 "whole numbers a and b.").format(kind=type(answer).__name__)
    return None


def _close(decimal: float, target: Fraction) -> bool:
    """Does ``decimal`` agree with ``target`` to 9 significant figures (exactly compared, so
    a huge or tiny value never overflows)?"""
    if not math.isfinite(decimal):
        return False
    difference = abs(Fraction(decimal) - target)
    return difference <= max(Fraction(1, 10 ** 9) * max(abs(Fraction(decimal)), abs(target)),
                             Fraction(1, 10 ** 12))


def exact(value: int | Fraction) -> Key:
    """Key for an exact number."""
    target = Fraction(value)

    def key(answer: Any) -> tuple[bool, str]:
        hint = _not_a_number(answer)
        if hint:
            return False, hint
        given = _as_exact(answer)
        if given is not None:
            return (True, N_("right.")) if given == target else (False, N_("not right; try again."))
        decimal = _as_float(answer)
        if target.denominator == 1:
            if math.isfinite(decimal) and Fraction(decimal) == target:
                return False, N_("close — this is a whole number: write it without a decimal "
                                 "point.")
            return False, N_("not right, and a whole number is expected.")
        if _close(decimal, target):
            return False, N_("close — your decimal matches, but an exact fraction is expected: "
                             "write it with Fraction(a, b).")
        return False, N_("not right, and an exact fraction is expected: write it with "
                         "Fraction(a, b).")

    return key


def approx(value: float, tolerance: float) -> Key:
    """Key for a number that counts as right within ``tolerance``."""

    def key(answer: Any) -> tuple[bool, str]:
        hint = _not_a_number(answer)
        if hint:
            return False, hint
        given = _as_exact(answer)
        if given is None:
            decimal = _as_float(answer)
            given = Fraction(decimal) if math.isfinite(decimal) else None
        if given is not None and abs(given - Fraction(value)) <= Fraction(tolerance):
            return True, N_("right.")
        return False, N_("not right; try again.")

    return key


#: How the accepted answers of a :func:`choice` are separated.
ALTERNATIVES = "|"


def normal_words(text: str) -> str:
    """``text`` as a word answer is compared: case, spaces and hyphens left out."""
    return "".join(text.lower().replace("-", " ").split())


def choice(accepted: str) -> Key:
    """Key for a word or short phrase; case, spaces and hyphens do not matter.

    ``accepted`` lists the right answers separated by ``|`` (``"less | fewer"``), marked for
    translation where the key is written (``choice(N_("less | fewer"))``): a pupil working in
    another language may answer with the words of that language's translation, and the
    English ones are always right too (the notebooks' code is English).
    """

    def words() -> list[str]:
        """The right answers as written: the language in use's first, then the English."""
        found = f"{_(accepted)}{ALTERNATIVES}{accepted}".split(ALTERNATIVES)
        return list(dict.fromkeys(word.strip() for word in found if word.strip()))

    def key(answer: Any) -> tuple[bool, str]:
        if answer is Ellipsis or answer is None:
            return False, NOT_ANSWERED
        if not isinstance(answer, str):
            return False, N_("give your answer as text in quotes, like \"your words\".")
        return (True, N_("right.")) if normal_words(answer) in map(normal_words, words()) \
            else (False, N_("not right; try again."))

    return key


def function(reference: Callable[..., Any], inputs: Sequence[tuple]) -> Key:
    """Key for a function: it must agree with ``reference`` on every tuple of arguments."""

    def key(answer: Any) -> tuple[bool, str]:
        if answer is Ellipsis or answer is None or _unfinished(answer):
            return False, NOT_ANSWERED
        if not callable(answer):
            return False, N_("give the function itself (its name, without brackets).")
        for args in inputs:
            where = ", ".join(map(repr, args))
            try:
                given = answer(*args)
            except Exception as error:  # the student's code: report, never raise
                return False, _("your function raised {error}: {message} for ({where}).")\
                    .format(error=type(error).__name__, message=shown(str(error))[1:-1],
                            where=where)
            several = _several(given)
            if several and not _several(reference(*args)):
                return False, _("your function returns {several} for ({where}); return one "
                                "value (for a total, add them up with sum(...)).")\
                    .format(several=several, where=where)
            expected = reference(*args)
            if not _same(given, expected):
                decimal = _as_float(given) if isinstance(expected, Fraction) else None
                if decimal is not None and _as_exact(given) is None and _close(decimal, expected):
                    return False, _("your function gives {value} for ({where}): close, but an "
                                    "exact fraction is expected (work with Fraction, not "
                                    "decimals).").format(value=shown(given), where=where)
                return False, _("your function gives {value} for ({where}), which is not "
                                "right.").format(value=shown(given), where=where)
        return True, ngettext("right on the {n} test input.", "right on all {n} test inputs.",
                              len(inputs)).format(n=len(inputs))

    return key


def _same(given: Any, expected: Any) -> bool:
    """``given == expected`` as one True or False, whatever the student's value is (an
    object whose == raises or gives an array counts as not the same)."""
    try:
        result = given == expected
        return _several(result) is None and bool(result)
    except Exception:
        return False


def _placeholder(*args: Any) -> Any:
    ...


def _unfinished(answer: Any) -> bool:
    """Is ``answer`` a function whose body is still only ``...`` (or ``return ...``)?"""
    code = getattr(answer, "__code__", None)
    if code is None:
        return False
    body_is_dots = code.co_code == _placeholder.__code__.co_code
    returns_dots = code.co_consts[-1:] == (Ellipsis,) and len(code.co_code) <= 8
    return body_is_dots or returns_dots


def holds(test: Callable[[Any], bool], hint: str) -> Key:
    """Key for any property: ``test(answer)`` is True when the answer is right."""

    def key(answer: Any) -> tuple[bool, str]:
        if answer is Ellipsis or answer is None or _unfinished(answer):
            return False, NOT_ANSWERED
        try:
            ok = bool(test(answer))
        except Exception:  # a malformed answer is a wrong answer, with the hint
            ok = False
        return (True, N_("right.")) if ok else (False, _("not right. {hint}").format(hint=_(hint)))

    return key


def _key_for(exercise: str) -> Key:
    if not isinstance(exercise, str):
        raise InvalidArgumentError(_("{exercise} is not an exercise name: write it in quotes, "
                                     "like \"02.3\".").format(exercise=shown(exercise)))
    notebook = exercise.partition(".")[0]
    if not re.fullmatch(r"[0-9][0-9]x?", notebook):  # "03.2", or "03x.2" in an extension
        raise InvalidArgumentError(_("{exercise} is not an exercise name: write it like "
                                     "\"02.3\" (notebook 02, exercise 3).")
                                   .format(exercise=shown(exercise)))
    try:
        module = importlib.import_module(f"haba_lessons.answer_keys.nb{notebook}")
    except ModuleNotFoundError:
        raise InvalidArgumentError(_("there are no self-checks for notebook {notebook}.")
                                   .format(notebook=notebook)) from None
    try:
        return module.KEYS[exercise]
    except KeyError:
        raise InvalidArgumentError(
            _("notebook {notebook} has no exercise {exercise} to check; its exercises are "
              "{exercises}.").format(notebook=notebook, exercise=shown(exercise),
                                     exercises=", ".join(sorted(module.KEYS)))) from None


def check(exercise: str, answer: Any = ..., *more: Any) -> Verdict:
    """Check ``answer`` to ``exercise`` (like "02.3") and show right, wrong or a hint.

    Whatever ``answer`` is (a huge number, an array, an object whose comparison raises),
    the student gets a verdict, never a traceback; ``more`` is there for the decimal comma
    (``check("02.2", 2,5)``), which gets a hint instead of Python's TypeError."""
    key = _key_for(exercise)
    if more:
        return Verdict(exercise, False, N_("give one answer after the exercise's name. Python "
                                           "writes a decimal with a point (2.5, not 2,5) and "
                                           "a list in brackets ([2, 5])."))
    try:
        ok, message = key(answer)
    except Exception:      # an answer no key foresaw: a wrong answer, with what to give
        ok, message = False, _("this answer ({kind}) cannot be checked: give a number, a "
                               "word in quotes or a function, as the exercise asks.")\
            .format(kind=type(answer).__name__)
    return Verdict(exercise, ok, message)
