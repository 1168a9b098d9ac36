"""Probability trees (tree diagrams, Baumdiagramme) and the two path rules.

A tree is built stage by stage. Each branch carries the probability of its label *given the
path that leads to it*, so a tree of two cards drawn without replacement has different
second-stage branches after "special" and after "animal", and a tree of two dice (with
replacement) has the same branches everywhere. Then

* **multiply along a path**: the probability of a path is the product of its branches;
* **add across paths**: the probability of an event is the sum over the paths in it.

Two ways to build one::

    probability_tree(("first die", lambda path: [("red", Fraction(1, 6)), ...]), ...)
    tree_from_space(space, ("first card", lambda o: kind(o[0])), ("second card", ...))

The second computes every branch by restricting the sample space to the path so far, so its
branches are the conditional probabilities P(label | path) of that space.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .distribution import Distribution
from .errors import InvalidArgumentError
from .events import P, Space, such_that
from .i18n import _

Labels = tuple[str, ...]
#: A stage of :func:`probability_tree`: its name and the branches after a path so far.
Stage = tuple[str, Callable[[Labels], Sequence[tuple[str, Any]]]]
#: A stage of :func:`tree_from_space`: its name and the label of an outcome at that stage.
Classifier = tuple[str, Callable[[Any], str]]


@dataclass(frozen=True)
class Branch:
    """One branch: its label, its probability given the path to it, and what follows."""

    label: str
    probability: Fraction
    children: tuple[Branch, ...] = ()


@dataclass(frozen=True)
class Path:
    """A path from the root to a leaf: its labels and the product of its branches."""

    labels: Labels
    probability: Fraction
    branches: tuple[Fraction, ...]


@dataclass(frozen=True)
class Tree:
    """A probability tree: the names of its stages and the branches of the first stage."""

    stages: tuple[str, ...]
    branches: tuple[Branch, ...]

    def paths(self) -> list[Path]:
        """Every path, top to bottom, with its probability (multiply along the path)."""
        found: list[Path] = []

        def walk(branches: tuple[Branch, ...], labels: Labels, factors: tuple) -> None:
            for branch in branches:
                here, along = labels + (branch.label,), factors + (branch.probability,)
                if branch.children:
                    walk(branch.children, here, along)
                else:
                    product = Fraction(1)
                    for factor in along:
                        product *= factor
                    found.append(Path(here, product, along))

        walk(self.branches, (), ())
        return found

    def probability(self, event: Callable[[Labels], bool]) -> Fraction:
        """P(event): add the probabilities of the paths whose labels satisfy ``event``."""
        return sum((path.probability for path in self.paths() if event(path.labels)),
                   Fraction(0))

    def distribution(self) -> Distribution:
        """The paths as outcomes (tuples of labels) with their probabilities."""
        return Distribution({path.labels: path.probability for path in self.paths()})


def _exact(value: Any, where: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, numbers.Rational):
        raise InvalidArgumentError(_("{where}: a branch probability must be an exact fraction "
                                     "(Fraction(1, 6)), not {value}.").format(
            where=where, value=repr(value)))
    value = Fraction(value)
    if not 0 <= value <= 1:
        raise InvalidArgumentError(_("{where}: a branch probability lies between 0 and 1, "
                                     "not {value}.").format(where=where, value=value))
    return value


def probability_tree(*stages: Stage) -> Tree:
    """A tree from its stages: ``(name, branches)`` where ``branches(path)`` lists the
    ``(label, probability)`` pairs after the labels of ``path``; they must add up to 1.
    Branches of probability 0 cannot happen and are left out."""
    if not stages:
        raise InvalidArgumentError(_("a tree needs at least one stage."))
    names = tuple(str(name) for name, _ in stages)

    def grow(depth: int, labels: Labels) -> tuple[Branch, ...]:
        name, branches_after = stages[depth]
        where = _("stage {name} after {path}").format(
            name=repr(name), path=" → ".join(labels) or _("the start"))
        pairs = [(str(label), _exact(p, where)) for label, p in branches_after(labels)]
        total = sum((p for _, p in pairs), Fraction(0))
        if total != 1:
            raise InvalidArgumentError(_("{where}: the branches add up to {total}, not "
                                         "1.").format(where=where, total=total))
        if len({label for label, _ in pairs}) != len(pairs):
            raise InvalidArgumentError(_("{where}: two branches have the same label.").format(
                where=where))
        last = depth == len(stages) - 1
        return tuple(Branch(label, p, () if last else grow(depth + 1, labels + (label,)))
                     for label, p in pairs if p)

    return Tree(names, grow(0, ()))


def tree_from_space(space: Space, *stages: Classifier) -> Tree:
    """The tree of ``space`` seen stage by stage: ``(name, classify)`` labels an outcome at
    that stage. Each branch is P(label | the path so far), found by restricting the space to
    the outcomes on the path; labels appear in sorted order."""
    if not stages:
        raise InvalidArgumentError(_("a tree needs at least one stage."))

    def branches_after(depth: int) -> Callable[[Labels], list[tuple[str, Fraction]]]:
        classify = stages[depth][1]

        def branches(labels: Labels) -> list[tuple[str, Fraction]]:
            on_path = space
            for (_, earlier), label in zip(stages, labels):
                on_path = such_that(lambda o, f=earlier, lab=label: f(o) == lab, on_path)
            kinds = sorted({classify(o) for o in on_path})
            return [(kind, P(lambda o, k=kind: classify(o) == k, on_path)) for kind in kinds]

        return branches

    return probability_tree(*((name, branches_after(depth))
                              for depth, (name, _) in enumerate(stages)))


__all__ = ["Branch", "Path", "Tree", "probability_tree", "tree_from_space"]
