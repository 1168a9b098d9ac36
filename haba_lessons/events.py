"""Events and conditional probability: the course's small vocabulary, after Norvig's pytudes.

A *space* is the set of the equally likely outcomes of a random experiment (a ``set`` or
``frozenset``), or a :class:`~haba_lessons.distribution.Distribution` when the outcomes are
not equally likely. An *event* is a set of outcomes or a predicate (``outcome -> bool``)::

    P(event, space)                 favourable outcomes / all outcomes
    such_that(predicate, space)     the part of the space where the predicate is true
    P(A, such_that(B, space))       P(A | B): the space restricted to B
    given(A, B, space)              the same, as P(A and B) / P(B)
    independent(A, B, space)        P(A and B) == P(A) P(B)

A condition that never happens (P(B) = 0) leaves nothing to restrict to: every function
here refuses it with a message instead of dividing by zero.
"""

from __future__ import annotations

from collections.abc import Callable, Set
from fractions import Fraction
from typing import Any, Union

from .distribution import Distribution
from .errors import InvalidArgumentError
from .i18n import N_, _

Predicate = Callable[[Any], bool]
Event = Union[Set, Predicate]
Space = Union[Set, Distribution]

IMPOSSIBLE_CONDITION = N_("the condition never happens (its probability is 0), so there is "
                        "nothing to restrict the space to: P(A | B) is not defined when "
                        "P(B) = 0. Choose a condition that can happen.")


def as_predicate(event: Event) -> Predicate:
    """An event as a function outcome -> True/False (a set becomes its membership test)."""
    if callable(event):
        return event
    if isinstance(event, Set):
        return event.__contains__
    raise InvalidArgumentError(_("an event is a set of outcomes or a function outcome -> "
                                 "True/False, not {kind}.").format(kind=type(event).__name__))


def _check_space(space: Space) -> Space:
    if isinstance(space, (Set, Distribution)):
        return space
    raise InvalidArgumentError(
        _("a sample space is a set of equally likely outcomes (write set(...)) or a "
          "Distribution, not {kind}.").format(kind=type(space).__name__))


def P(event: Event, space: Space) -> Fraction:
    """The probability of ``event`` in ``space``: favourable / all outcomes (or the total
    probability of the favourable outcomes of a Distribution)."""
    space, holds = _check_space(space), as_predicate(event)
    if isinstance(space, Distribution):
        return space.probability(holds)
    if not space:
        raise InvalidArgumentError(_("the space has no outcomes. If it came from such_that, "
                                     "{why}").format(why=_(IMPOSSIBLE_CONDITION)))
    return Fraction(sum(1 for outcome in space if holds(outcome)), len(space))


def such_that(predicate: Predicate, space: Space) -> Space:
    """The outcomes of ``space`` for which ``predicate`` is true: a set, or for a
    Distribution the distribution given the condition (its probabilities rescaled)."""
    if not callable(predicate):
        raise InvalidArgumentError(_("such_that takes the condition first, a function like "
                                     "lambda outcome: ..., then the space."))
    space = _check_space(space)
    if isinstance(space, Distribution):
        if not space.probability(predicate):
            raise InvalidArgumentError(_(IMPOSSIBLE_CONDITION))
        return space.given(predicate)
    return {outcome for outcome in space if predicate(outcome)}


def given(event: Event, condition: Event, space: Space) -> Fraction:
    """P(event | condition) = P(event and condition) / P(condition), refusing P(condition) = 0."""
    holds, condition_holds = as_predicate(event), as_predicate(condition)
    p_condition = P(condition_holds, space)
    if not p_condition:
        raise InvalidArgumentError(_(IMPOSSIBLE_CONDITION))
    return P(lambda outcome: holds(outcome) and condition_holds(outcome), space) / p_condition


def independent(a: Event, b: Event, space: Space) -> bool:
    """Are ``a`` and ``b`` independent in ``space``: P(a and b) == P(a) P(b)?"""
    holds_a, holds_b = as_predicate(a), as_predicate(b)
    both = P(lambda outcome: holds_a(outcome) and holds_b(outcome), space)
    return both == P(holds_a, space) * P(holds_b, space)


__all__ = ["P", "such_that", "given", "independent", "as_predicate", "IMPOSSIBLE_CONDITION"]
