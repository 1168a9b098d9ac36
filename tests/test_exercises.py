"""Self-checks: right, wrong, close and hints, and never the answer in what is shown."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import sympy

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.exercises import NOT_ANSWERED, approx, check, choice, exact, function, holds

ONE_SIXTH = exact(Fraction(1, 6))


@pytest.mark.parametrize("answer", [Fraction(1, 6), Fraction(2, 12), sympy.Rational(1, 6)])
def test_exact_accepts_equal_fractions_of_any_kind(answer):
    assert ONE_SIXTH(answer) == (True, "right.")


def test_exact_accepts_an_integer_and_a_numpy_integer():
    assert exact(3)(3)[0] and exact(3)(np.int64(3))[0]


def test_a_matching_decimal_is_close_but_not_right():
    ok, message = ONE_SIXTH(1 / 6)
    assert not ok and message.startswith("close") and "exact fraction" in message


def test_a_wrong_decimal_is_wrong_and_asks_for_a_fraction():
    ok, message = ONE_SIXTH(0.2)
    assert not ok and message.startswith("not right") and "Fraction" in message


@pytest.mark.parametrize("answer, hint", [(..., NOT_ANSWERED), (None, NOT_ANSWERED),
                                          ("1/6", "no quotes"), ([1, 6], "expected a number")])
def test_a_non_number_gets_a_hint_not_an_error(answer, hint):
    ok, message = ONE_SIXTH(answer)
    assert not ok and hint in message



def test_no_message_shows_the_answer():
    for answer in (Fraction(1, 5), 1 / 6, 0.2, "x", ...):
        _, message = ONE_SIXTH(answer)
        assert "1/6" not in message and "0.1666" not in message


def test_approx_uses_its_tolerance_on_both_sides():
    key = approx(3.78, 0.01)
    assert key(3.775)[0] and key(3.789)[0]
    assert not key(3.80)[0] and not key(3.76)[0]


def test_choice_ignores_case_spaces_and_hyphens():
    key = choice("four dice | 4 dice")
    assert key("Four-Dice")[0] and key("4  dice")[0]
    assert not key("three dice")[0]
    assert not key(4)[0]


@pytest.mark.parametrize("answer", ["0.5", [1, 6], {1: 6}])
def test_a_number_answered_otherwise_gets_a_hint_that_names_no_number(answer):
    ok, message = exact(Fraction(1, 6))(answer)
    assert not ok and "Fraction(a, b)" in message
    assert not any(digit in message.replace(repr(answer), "") for digit in "0123456789")


def test_a_choice_answered_with_a_number_gets_a_hint_that_names_no_accepted_answer():
    key = choice("four dice | 4 dice")
    ok, message = key(4)
    assert not ok and "quotes" in message
    assert "four dice" not in message and "4 dice" not in message


def test_function_names_the_first_wrong_input_but_not_the_right_output():
    key = function(lambda n: n * n, [(1,), (2,), (3,)])
    assert key(lambda n: n ** 2) == (True, "right on all 3 test inputs.")
    ok, message = key(lambda n: n + n)  # agrees at 2, wrong at 1 and 3
    assert not ok and "(1)" in message and "gives 2" in message and "gives 1 " not in message


def test_function_reports_a_crash_in_the_students_code():
    ok, message = function(lambda n: n, [(0,)])(lambda n: 1 / n)
    assert not ok and "ZeroDivisionError" in message


def test_holds_turns_an_exception_into_a_wrong_answer_with_the_hint():
    key = holds(lambda a: a.mean() > 0, "the mean should be positive.")
    assert key(np.array([1, 2]))[0]
    assert key("text") == (False, "not right. the mean should be positive.")


def test_check_refuses_a_malformed_or_unknown_exercise_name():
    with pytest.raises(InvalidArgumentError, match="like \"02.3\""):
        check("two", 1)
    with pytest.raises(InvalidArgumentError, match="no self-checks for notebook 99"):
        check("99.1", 1)


def test_check_reads_the_notebooks_key_module_and_shows_a_verdict(monkeypatch):
    import sys
    import types

    module = types.ModuleType("haba_lessons.answer_keys.nb98")
    module.KEYS = {"98.1": exact(Fraction(1, 6))}
    monkeypatch.setitem(sys.modules, "haba_lessons.answer_keys.nb98", module)
    right, wrong = check("98.1", Fraction(1, 6)), check("98.1", Fraction(1, 5))
    assert right.ok and str(right) == "✓ Exercise 98.1: right."
    assert not wrong.ok and "1/6" not in wrong._repr_html_()
    with pytest.raises(InvalidArgumentError, match="its exercises are 98.1"):
        check("98.2", 1)


def test_a_decimal_for_a_whole_number_asks_for_the_whole_number():
    ok, message = exact(27)(27.0)
    assert not ok and "whole number" in message and "Fraction" not in message
    assert exact(27)(26.0) == (False, "not right, and a whole number is expected.")


def test_a_function_still_holding_the_placeholder_is_not_answered_yet():
    def unfinished(n):
        ...

    def finished(n):
        return n * n

    for key in (function(lambda n: n * n, [(2,)]), holds(lambda f: f(2) == 4, "square it.")):
        assert key(unfinished) == (False, NOT_ANSWERED)
        assert key(finished)[0]


def test_check_refuses_an_exercise_name_that_is_not_text():
    with pytest.raises(InvalidArgumentError, match="in quotes"):
        check(3, 1)


# --- issue 16: no answer a student can give makes check() raise ---------------------------

@pytest.mark.parametrize("answer", [10 ** 400, Fraction(10 ** 400, 3), -10 ** 400,
                                    sympy.Integer(10) ** 400, Fraction(1, 10 ** 400),
                                    1e308, float("inf"), float("nan"), np.float64("nan")])
def test_huge_tiny_and_odd_numbers_get_a_verdict_not_an_overflow(answer):
    for key in (exact(Fraction(1, 6)), exact(27), approx(3.78, 0.01)):
        ok, message = key(answer)                       # OverflowError before
        assert not ok and "not right" in message


def test_a_huge_right_answer_is_still_right():
    assert exact(10 ** 400)(10 ** 400)[0] and exact(Fraction(10 ** 400, 3))(Fraction(10 ** 400, 3))[0]
    assert approx(0.5, 0.01)(Fraction(1, 2))[0]


@pytest.mark.parametrize("returned, words", [
    (lambda n: np.array([n * n, 0]), "a numpy array"),
    (lambda n: __import__("pandas").Series([n * n]), "a pandas Series"),
    (lambda n: [n * n], "a list")])
def test_a_function_returning_several_values_gets_a_hint(returned, words):
    ok, message = function(lambda n: n * n, [(2,)])(returned)   # ValueError before
    assert not ok and words in message and "one value" in message


@pytest.mark.parametrize("answer, words", [(np.array([1, 6]), "a numpy array of values"),
                                           (__import__("pandas").Series([1]), "pandas Series")])
def test_an_array_or_a_series_as_the_answer_gets_a_hint(answer, words):
    ok, message = exact(Fraction(1, 6))(answer)
    assert not ok and words in message


def test_an_answer_whose_comparison_raises_is_a_wrong_answer():
    class Awkward:
        def __eq__(self, other):
            raise RuntimeError("no")
        __hash__ = None

    ok, message = function(lambda n: n, [(1,)])(lambda n: Awkward())
    assert not ok and "not right" in message
    from haba_lessons.answer_keys import nb01
    for exercise in nb01.KEYS:
        assert not check(exercise, Awkward()).ok


def test_a_choice_accepts_the_words_of_the_language_in_use_and_always_the_english():
    from haba_lessons import i18n
    from haba_lessons.answer_keys.nb05 import KEYS as NB05
    from haba_lessons.answer_keys.nb10 import KEYS as NB10

    with i18n.using("de"):
        assert NB05["05.3"]("weniger")[0] and NB05["05.3"]("Seltener")[0]
        assert NB05["05.3"]("less")[0]                      # the notebook's code is English
        assert NB10["10.2"]("gleich lang")[0] and NB10["10.2"]("the same")[0]
        assert not NB05["05.3"]("öfter")[0] and not NB05["05.3"]("|")[0]
    with i18n.using("en"):
        assert not NB05["05.3"]("weniger")[0] and NB05["05.3"]("fewer times")[0]


def test_a_decimal_comma_gets_a_hint_instead_of_a_type_error():
    verdict = check("02.2", 2, 5)                 # a pupil writing 2,5 for 2.5
    assert not verdict.ok and "2.5, not 2,5" in str(verdict)


def test_a_function_giving_the_right_decimal_is_told_a_fraction_is_expected():
    """A pupil's right function that returns floats was told only "which is not right"."""
    key = function(lambda n: Fraction(n, 3), [(1,), (2,)])
    right, message = key(lambda n: n / 3)
    assert not right and "close, but an exact fraction is expected" in message
    right, message = key(lambda n: n / 3 + 0.01)          # a wrong decimal: no "close"
    assert not right and "close" not in message and "which is not right" in message
    assert key(lambda n: Fraction(n, 3))[0]


def test_a_number_where_exercise_12_3_asks_for_a_function_is_told_so():
    """The statistic of one table given instead of the function was told "not right. for
    each outcome ..." (lower case, and no word about the function)."""
    assert check("12.3", 3.5).message.startswith("give the function itself")
    message = check("12.3", lambda counts, chances: 1.0).message
    assert message.startswith("not right. For each face")
