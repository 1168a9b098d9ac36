"""Notebook 12's computed sentences and the simulated classes' true values: each sentence
follows the numbers it is given, and bad input gets a message naming what is wrong."""

from __future__ import annotations

from fractions import Fraction

import pytest

from haba_lessons.classlab import interpret
from haba_lessons.classlab.example import FOLDER as EXAMPLE_CLASS, STEADINESS
from haba_lessons.classlab.favourite import FavouriteRow
from haba_lessons.classlab.simulated import (ClassTruth, example_truth, make_simulated_class,
                                             truth_of)
from haba_lessons.errors import DataFileError, InvalidArgumentError

NULL, ALTERNATIVE = "the die is fair", "it is not"


@pytest.mark.parametrize("p, interval, words", [
    (0.03, (0.028, 0.034), "we reject the null hypothesis (the die is fair) in favour of the alternative (it is not)"),
    (0.40, (0.39, 0.41), "We do not reject the null hypothesis (the die is fair)"),
    (0.05, (0.046, 0.054), "cannot decide yet"),
    (Fraction(1, 100), None, "p = 0.010 (exact): below 0.05. At the 5% level we reject"),
    (Fraction(1, 20), None, "not below 0.05"),
    (Fraction(1, 10_000), None, "p < 0.001 (exact): below 0.05"),      # not "p = 0.000"
    (Fraction(1, 1000), None, "p = 0.001 (exact)"),
])
def test_the_decision_follows_the_p_value_and_its_interval(p, interval, words):
    assert words in interpret.decision_sentence(interpret.decide(p, interval), NULL, ALTERNATIVE)


@pytest.mark.parametrize("rejected_p, null_is_true, words", [
    (0.01, True, "false alarm (a type I error)"), (0.01, False, "rejecting it was right"),
    (0.5, True, "not rejecting it was right"), (0.5, False, "a miss (a type II error)"),
    (0.5, None, "Real data: nobody knows"),
])
def test_the_truth_says_whether_the_decision_was_right(rejected_p, null_is_true, words):
    decision = interpret.decide(Fraction(rejected_p))
    assert words in interpret.truth_sentence(decision, null_is_true, "a fair die")


def test_a_loaded_die_is_described_face_by_face():
    loaded = {6: Fraction(1, 3), **{f: Fraction(2, 15) for f in range(1, 6)}}
    assert interpret.die_text(loaded) == "a loaded die (faces 1, 2, 3, 4, 5: 2/15 each; face 6: 1/3)"
    assert interpret.die_text(example_truth().die) == "a fair die"


def favourite(first: float, second: float) -> list[FavouriteRow]:
    return [FavouriteRow(1, 0.7, 0.4, 0.9, first), FavouriteRow(2, 0.5, 0.2, 0.8, second)]


def test_the_favourite_sentences_follow_the_draws():
    lines = interpret.favourite_sentences(favourite(0.712, 0.288), 0.627, draws=2000)
    assert "In 71.2% of the 2,000 draws seat 1 has the better chance" in lines[1]
    assert "give or take about 0.02" in lines[1]
    assert "more often than it is the steadier child (0.712 against 0.627)" in lines[2]
    assert lines[3].startswith("The honest answer: seat 1, probably (about 7 chances in 10)")
    apart = [FavouriteRow(1, 0.99, 0.95, 1.0, 1.0), FavouriteRow(2, 0.01, 0.0, 0.05, 0.0)]
    lines = interpret.favourite_sentences(apart, 0.999, draws=2000)
    assert "about as often as" in lines[2] and "clear favourite" in lines[3]
    assert "give or take" not in lines[1]


def test_the_example_class_truth_is_its_own_steadiness_and_a_fair_die():
    truth = truth_of(EXAMPLE_CLASS)
    assert truth.die_is_fair and truth.steadiness == STEADINESS
    assert truth.trap_reliability == Fraction(3, 4)


def test_a_simulated_class_keeps_its_truth_and_a_real_folder_has_none(tmp_path):
    truth = ClassTruth(steadiness={"Füchse 2": (Fraction(1, 2), Fraction(9, 10))},
                       trap_reliability=Fraction(1, 3), note='a "quoted" note')
    make_simulated_class(tmp_path / "b", truth, seed=1)
    assert truth_of(tmp_path / "b") == truth
    assert truth_of(tmp_path) is None
    with pytest.raises(InvalidArgumentError, match="already holds class files"):
        make_simulated_class(tmp_path / "b", truth, seed=2)


def test_a_broken_truth_file_is_named(tmp_path):
    (tmp_path / "truth.toml").write_text("die = 3\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="truth.toml: not a truth file"):
        truth_of(tmp_path)


@pytest.mark.parametrize("kwargs, message", [
    ({"die": {1: Fraction(1, 2), 2: Fraction(1, 2)}}, "a chance for each face 1-6"),
    ({"steadiness": {"a": (Fraction(3, 2), Fraction(1, 2))}}, "two chances from 0 to 1"),
    ({"trap_reliability": Fraction(-1, 2)}, "from 0 to 1"),
])
def test_impossible_true_values_are_refused(kwargs, message):
    with pytest.raises(InvalidArgumentError, match=message):
        ClassTruth(**kwargs)


def test_the_most_rolled_number_of_dice_and_a_class_without_rolls():
    import pandas as pd

    records = pd.DataFrame({"event": ["roll"] * 3, "value": ["1 2", "1 2 3", "4 5 6"]})
    assert interpret.most_rolled_dice(records) == 3
    with pytest.raises(InvalidArgumentError, match="no Spookies rolls"):
        interpret.most_rolled_dice(records.iloc[0:0])
