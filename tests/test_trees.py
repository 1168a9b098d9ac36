"""Probability trees: the path rules against counting, and trees built two ways agreeing."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations, product

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.trees import probability_tree, tree_from_space

# Six cards, two of them special: small enough to count every ordered pair by hand.
CARDS = ["S1", "S2", "A1", "A2", "A3", "A4"]
PAIRS = set(permutations(CARDS, 2))                       # 30 ordered pairs


def kind(card: str) -> str:
    return "special" if card.startswith("S") else "animal"


def test_a_tree_from_the_space_has_the_conditional_branches():
    tree = tree_from_space(PAIRS, ("first", lambda o: kind(o[0])), ("second", lambda o: kind(o[1])))
    paths = {path.labels: (path.branches, path.probability) for path in tree.paths()}
    # First special 2/6; then 1 special of the 5 left; first animal 4/6, then 2 of 5.
    assert paths[("special", "special")] == ((Fraction(1, 3), Fraction(1, 5)), Fraction(1, 15))
    assert paths[("animal", "special")] == ((Fraction(2, 3), Fraction(2, 5)), Fraction(4, 15))
    # Multiply along = count: 2·1 of the 30 pairs are special-special, 4·2 animal-special.
    assert paths[("special", "special")][1] == Fraction(2 * 1, 30)
    assert paths[("animal", "special")][1] == Fraction(4 * 2, 30)


def test_add_across_paths_equals_counting_the_event():
    tree = tree_from_space(PAIRS, ("first", lambda o: kind(o[0])), ("second", lambda o: kind(o[1])))
    exactly_one = tree.probability(lambda labels: labels.count("special") == 1)
    counted = Fraction(sum(1 for a, b in PAIRS if (kind(a), kind(b)).count("special") == 1), 30)
    assert exactly_one == counted == Fraction(16, 30)
    assert sum(path.probability for path in tree.paths()) == 1


def test_with_replacement_every_second_stage_is_the_same():
    rolls = set(product(range(1, 7), repeat=2))
    six = lambda face: "six" if face == 6 else "not six"      # noqa: E731
    tree = tree_from_space(rolls, ("first", lambda r: six(r[0])), ("second", lambda r: six(r[1])))
    seconds = {tuple(b.probability for b in branch.children) for branch in tree.branches}
    assert seconds == {(Fraction(5, 6), Fraction(1, 6))}     # "not six" sorts first


def test_a_tree_from_its_stages():
    coin = ("toss", lambda path: [("H", Fraction(1, 2)), ("T", Fraction(1, 2))])
    tree = probability_tree(coin, coin, coin)
    assert len(tree.paths()) == 8
    assert tree.probability(lambda labels: labels.count("H") == 2) == Fraction(3, 8)
    assert tree.distribution()[("H", "H", "H")] == Fraction(1, 8)


def test_a_branch_of_probability_zero_is_left_out():
    sure = ("stage", lambda path: [("yes", Fraction(1)), ("no", Fraction(0))])
    assert [path.labels for path in probability_tree(sure).paths()] == [("yes",)]


@pytest.mark.parametrize("stage, words", [
    (lambda path: [("a", Fraction(1, 2)), ("b", Fraction(1, 3))], "add up to 5/6, not 1"),
    (lambda path: [("a", 0.5), ("b", 0.5)], "exact fraction"),
    (lambda path: [("a", Fraction(3, 2)), ("b", Fraction(-1, 2))], "between 0 and 1"),
    (lambda path: [("a", Fraction(1, 2)), ("a", Fraction(1, 2))], "same label"),
])
def test_bad_branches_are_refused_naming_the_stage(stage, words):
    with pytest.raises(InvalidArgumentError, match=words) as refused:
        probability_tree(("first die", stage))
    assert "stage 'first die' after the start" in str(refused.value)


def test_a_tree_needs_a_stage():
    with pytest.raises(InvalidArgumentError, match="at least one stage"):
        probability_tree()
