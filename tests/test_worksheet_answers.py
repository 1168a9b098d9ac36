"""Every answer in worksheets/*.toml, recomputed here by a second method.

The worksheets' answers were worked by hand; each oracle below gets the same value another
way: by listing every equally likely outcome (dice, colour dice, ordered pairs of cards), by
the library's exact tools where they exist (a second implementation, not the worksheet's
arithmetic), or by a formula. A question without an oracle fails the first test, so a new
question cannot go unchecked.
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from itertools import permutations, product
from pathlib import Path

import pytest

from haba_lessons import Distribution
from haba_lessons.handouts.leaks import numbers_in
from haba_lessons.handouts.sources import load_unit_test, load_worksheet
from haba_lessons.markov import RollAndMoveBoard, expected_turns

REPO = Path(__file__).resolve().parents[1]
WORKSHEETS = REPO / "worksheets"
DIE = range(1, 7)
TWO_DICE = list(product(DIE, repeat=2))
COLOURS = ("red", "yellow", "green", "blue", "orange", "purple")
COLOUR_ROLLS = list(product(COLOURS, repeat=2))
# Meow Meow (rulebook): 4 colours x 13 kinds; the 9 ordinary animals are an assumption, their
# names do not matter here.
KINDS = [f"animal {i}" for i in range(1, 10)] + ["cat", "fox", "owl", "parrot"]
DECK = [(colour, kind) for colour in ("red", "yellow", "green", "blue") for kind in KINDS]
PAIRS = list(permutations(DECK, 2))          # two cards off the top, in order
COIN = Distribution.uniform([1, 2])                 # heads 1 step, tails 2


def share(outcomes, event, given=lambda o: True) -> Fraction:
    """P(event | given) by counting equally likely outcomes."""
    space = [o for o in outcomes if given(o)]
    return Fraction(sum(1 for o in space if event(o)), len(space))


def best_two(roll) -> int:
    return sum(sorted(roll)[-2:])


# --- Spookies by the rulebook: a figure falls to the space of its result, 1 chip a space ----

def space_index(number: int) -> int:
    """0 for the start area, 1 for ≥5, ..., 7 for the attic ≥11."""
    return max(0, min(number, 11) - 4)


def roll_value(space: int, dice: int, reward: int, chips: int | None = None) -> Fraction:
    """Expected chips of one roll from space ``space`` (its number): reward on reaching the
    next space, the fall's fine (capped at ``chips``) below the space's number."""
    total = Fraction(0)
    rolls = list(product(DIE, repeat=dice))
    for roll in rolls:
        result = best_two(roll)
        if result >= space + 1:
            total += reward
        elif result < space:
            fine = space_index(space) - space_index(result)
            total -= fine if chips is None else min(fine, chips)
    return total / len(rolls)


def expected_fine(space: int, dice: int) -> Fraction:
    return -roll_value(space, dice, reward=0)


def success(space: int, dice: int) -> Fraction:
    return share(list(product(DIE, repeat=dice)), lambda r: best_two(r) >= space + 1)


def binomial_pmf(n: int, p: Fraction) -> dict[int, Fraction]:
    """P(X = k) by adding the paths of the tree: every sequence of n successes/failures."""
    pmf = dict.fromkeys(range(n + 1), Fraction(0))
    for path in product((True, False), repeat=n):
        chance = Fraction(1)
        for hit in path:
            chance *= p if hit else 1 - p
        pmf[sum(path)] += chance
    return pmf


def posterior(priors: list[Fraction], likelihoods: list[Fraction], index: int) -> Fraction:
    joint = [prior * likelihood for prior, likelihood in zip(priors, likelihoods)]
    return joint[index] / sum(joint)


def wald(successes: int, n: int) -> tuple[float, float]:
    p = successes / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return p - half, p + half


def blocked(full: set[str]) -> Fraction:
    return share(COLOUR_ROLLS, lambda roll: roll[0] in full or roll[1] in full)


def six_chance(loaded: bool) -> Fraction:
    return Fraction(1, 2) if loaded else Fraction(1, 6)


ORACLES = {
    # 01 · sample spaces
    "01.A": lambda: share(TWO_DICE, lambda r: r[0] > r[1]),
    "01.B": lambda: share(TWO_DICE, lambda r: r[0] * r[1] % 2 == 1),
    "01.C": lambda: 600 * share(TWO_DICE, lambda r: sum(r) == 7),
    "01.D": lambda: 91 / 600,
    # 02 · best two of k
    "02.A": lambda: success(4, 2),            # from the start area: need 5, i.e. "space 4" + 1
    "02.B": lambda: sum(1 for r in product(DIE, repeat=3) if best_two(r) == 12),
    "02.C": lambda: share(TWO_DICE, lambda r: best_two(r) >= 10),
    "02.D": lambda: share(list(product(DIE, repeat=3)), lambda r: best_two(r) <= 3),
    # 03 · expected value in Spookies
    "03.A": lambda: roll_value(10, 2, reward=12),
    "03.B": lambda: expected_fine(9, 2) / success(9, 2),
    "03.C": lambda: roll_value(10, 2, reward=12, chips=2),
    # 04 · Quiet as a Mouse
    "04.A": lambda: share(COLOUR_ROLLS, lambda r: r[0] != r[1]),
    "04.B": lambda: share(COLOUR_ROLLS, lambda r: set(r) <= {"red", "yellow"}),
    "04.C": lambda: share(list(product(COLOUR_ROLLS, repeat=3)),
                          lambda rolls: any(a == b for a, b in rolls)),
    # 05 · Meow Meow, without replacement
    "05.A": lambda: share(PAIRS, lambda p: all(kind == "owl" for _, kind in p)),
    "05.B": lambda: share(PAIRS, lambda p: any(kind == "parrot" for _, kind in p)),
    "05.C": lambda: share([c for c in DECK if c not in {("red", "animal 1"),
                                                        ("yellow", "animal 2")}],
                          lambda c: c[0] == "red" or c[1] in ("animal 1", "parrot")),
    # 06 · conditional probability and trees
    "06.A": lambda: share(COLOUR_ROLLS, lambda r: "red" in r, given=lambda r: r[0] != r[1]),
    "06.B": lambda: share(PAIRS, lambda p: [kind for _, kind in p].count("fox") == 1),
    "06.C": lambda: share(PAIRS, lambda p: p[1][0] == "red", given=lambda p: p[0][0] == "red"),
    "06.D": lambda: share(TWO_DICE, lambda r: sum(r) >= 10, given=lambda r: 6 in r),
    "06.E": lambda: share(TWO_DICE, lambda r: 6 in r, given=lambda r: sum(r) >= 10),
    # 07 · two-way tables and independence
    "07.A": lambda: "yes" if (share(COLOUR_ROLLS, lambda r: r == ("red", "red"))
                              == share(COLOUR_ROLLS, lambda r: r[0] == "red")
                              * share(COLOUR_ROLLS, lambda r: r[0] == r[1])) else "no",
    "07.B": lambda: "yes" if (share(TWO_DICE, lambda r: sum(r) == 8 and r[0] == 6)
                              == share(TWO_DICE, lambda r: sum(r) == 8)
                              * share(TWO_DICE, lambda r: r[0] == 6)) else "no",
    "07.C": lambda: Fraction(38, 38 + (60 - 38)),
    "07.D": lambda: share(DECK, lambda c: c[0] == "red" or c[1] == "fox"),
    # 08 · Mouse Trap: P(ever land on n) = sum over the last roll of P(ever on n - k) / 6
    "08.A": lambda: _landing(2),
    "08.B": lambda: sum(math.prod(Fraction(3, 4) if w else Fraction(1, 4) for w in seq)
                        for seq in product((True, False), repeat=2) if not any(seq)),
    "08.C": lambda: Fraction(1, 4) ** 2 * Fraction(3, 4),
    # 09 · binomial
    "09.A": lambda: binomial_pmf(4, Fraction(5, 6))[3],
    "09.B": lambda: share(list(product(TWO_DICE, repeat=2)),
                          lambda rolls: any(sum(r) == 12 for r in rolls)),
    "09.C": lambda: _mean_and_variance(binomial_pmf_formula(30, Fraction(1, 6))),
    # 10 · Markov chains, with the library's exact chains as the second method
    "10.A": lambda: expected_turns(RollAndMoveBoard(spaces=4, die=COIN), 3),
    "10.B": lambda: expected_turns(RollAndMoveBoard(spaces=4, die=COIN, jumps={1: 0}), 3),
    "10.C": lambda: share(list(product((1, 2), repeat=2)),
                          lambda tosses: tosses[0] == 2 or sum(tosses) >= 3),
    # 11 · Bayes, prior x likelihood normalised
    "11.A": lambda: posterior([Fraction(1, 5)] + [Fraction(1, 5)] * 4,
                              [six_chance(True)] + [six_chance(False)] * 4, 0),
    "11.B": lambda: posterior([Fraction(1, 5)] + [Fraction(1, 5)] * 4,
                              [six_chance(True) ** 2] + [six_chance(False) ** 2] * 4, 0),
    "11.C": lambda: posterior([Fraction(1, 2)] * 2,
                              [blocked({"red"}), blocked({"red", "yellow", "green"})], 1),
    # 12 · class data
    "12.A": lambda: 150 * share(COLOUR_ROLLS, lambda r: r[0] == r[1]),
    "12.B": lambda: wald(30, 40),
    "12.C": lambda: (float(Fraction(5, 6) ** 12),
                     "no" if Fraction(5, 6) ** 12 > Fraction(1, 20) else "yes"),
    # the unit test
    "1a": lambda: len(COLOUR_ROLLS),
    "1b": lambda: share(COLOUR_ROLLS, lambda r: set(r) == {"red", "yellow"}),
    "1c": lambda: blocked({"blue"}),
    "2a": lambda: share(TWO_DICE, lambda r: sum(r) == 9),
    "2b": lambda: share(list(product(DIE, repeat=3)), lambda r: best_two(r) >= 11),
    "2c": lambda: 12 / 50,
    "3a": lambda: success(9, 2),
    "3b": lambda: expected_fine(9, 2),
    "3c": lambda: (roll_value(9, 2, reward=6), "stop" if roll_value(9, 2, 6) < 0 else "roll"),
    "4a": lambda: share(PAIRS, lambda p: all(kind == "parrot" for _, kind in p)),
    "4b": lambda: (math.prod(Fraction(48 - i, 52 - i) for i in range(5)),),
    "4c": lambda: sum(k * Fraction(math.comb(4, k) * math.comb(48, 5 - k), math.comb(52, 5))
                      for k in range(5)),
    "5a": lambda: share(PAIRS, lambda p: p[1][0] == "red", given=lambda p: p[0][0] != "red"),
    "5b": lambda: share(PAIRS, lambda p: [c for c, _ in p].count("red") == 1),
    "5c": lambda: share(COLOUR_ROLLS, lambda r: r == ("red", "red"), given=lambda r: "red" in r),
    "6a": lambda: 80 - 46,
    "6b": lambda: Fraction(46, 80),
    "6c": lambda: "yes" if Fraction(46, 80) == Fraction(80, 160) else "no",
    "6d": lambda: "yes" if (share(COLOUR_ROLLS, lambda r: r == ("red", "red"))
                            == share(COLOUR_ROLLS, lambda r: r[0] == "red")
                            * share(COLOUR_ROLLS, lambda r: r[0] == r[1])) else "no",
    "7a": lambda: binomial_pmf(3, success(4, 2))[2],
    "7b": lambda: 1 - binomial_pmf(3, success(4, 2))[3],
    "7c": lambda: sum(k * p for k, p in binomial_pmf(12, success(4, 2)).items()),
    "8a": lambda: Fraction(1, 4) * six_chance(True) + Fraction(3, 4) * six_chance(False),
    "8b": lambda: posterior([Fraction(1, 4), Fraction(3, 4)],
                            [six_chance(True), six_chance(False)], 0),
    "8c": lambda: posterior([Fraction(1, 4), Fraction(3, 4)],
                            [six_chance(True) ** 2, six_chance(False) ** 2], 0),
    "9a": lambda: 30 / 48,
    "9b": lambda: wald(30, 48),
    "9c": lambda: "no" if wald(30, 48)[0] <= 0.75 <= wald(30, 48)[1] else "yes",
}


def _landing(n: int) -> Fraction:
    ever = {0: Fraction(1)}
    for space in range(1, n + 1):
        ever[space] = sum(ever.get(space - k, Fraction(0)) for k in DIE) / 6
    return ever[n]


def binomial_pmf_formula(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def _mean_and_variance(pmf: dict[int, Fraction]) -> tuple[Fraction, Fraction]:
    mean = sum(k * p for k, p in pmf.items())
    return mean, sum((k - mean) ** 2 * p for k, p in pmf.items())


def all_questions():
    for path in sorted(WORKSHEETS.glob("[0-9][0-9].toml")):
        for question in load_worksheet(path).questions:
            yield question
    for question in load_unit_test(WORKSHEETS / "unit-test.toml").questions:
        yield from question.parts


QUESTIONS = {question.id: question for question in all_questions()}


def test_every_question_has_an_oracle_and_every_oracle_a_question():
    assert sorted(QUESTIONS) == sorted(ORACLES)


def _decimal(value) -> Decimal:
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(repr(value))


def _rounds_to(value, written: Decimal) -> bool:
    places = Decimal(1).scaleb(written.as_tuple().exponent)
    return _decimal(value).quantize(places, rounding=ROUND_HALF_UP) == written


def disagreements(answer: str, expected) -> list[str]:
    """What in ``answer`` disagrees with the oracle's value(s); [] when it all agrees.

    The answer's numbers (signs read from a '-' before them) must be the oracle's values in
    order, a decimal agreeing to its last digit; a decimal after '≈' must agree with the
    value before it; each word the oracle gives must be in the answer.
    """
    expected = expected if isinstance(expected, tuple) else (expected,)
    words = [item for item in expected if isinstance(item, str)]
    values = [item for item in expected if not isinstance(item, str)]
    stated, approximations = [], []
    for number in numbers_in(answer):
        before = answer[:number.start].rstrip()
        value = -number.value if before.endswith(("-", "−")) else number.value
        if before.endswith("≈"):
            approximations.append((len(stated) - 1, value))
        else:
            stated.append(value)
    problems = []
    if len(stated) != len(values):
        return [f"states {len(stated)} value(s), the oracle gives {len(values)}"]
    for written, value in zip(stated, values):
        if isinstance(written, Decimal):
            if not _rounds_to(value, written):
                problems.append(f"{written} is not {value} rounded")
        elif isinstance(value, float) or Fraction(written) != Fraction(value):
            problems.append(f"{written} is not {value}")
    for index, written in approximations:
        if index < 0 or not _rounds_to(values[index], written):
            problems.append(f"≈ {written} does not round {values[max(index, 0)]}")
    problems += [f"does not say {word!r}" for word in words
                 if not re.search(rf"\b{word}\b", answer.lower())]
    return problems


@pytest.mark.parametrize("question_id", sorted(QUESTIONS))
def test_the_stated_answer_is_the_second_methods(question_id):
    question = QUESTIONS[question_id]
    assert disagreements(question.answer, ORACLES[question_id]()) == [], question.answer


def test_the_comparison_catches_a_wrong_answer():
    assert disagreements("5/12", Fraction(5, 12)) == []
    assert disagreements("5/13", Fraction(5, 12)) != []
    assert disagreements("-7/6: stop", (Fraction(-7, 6), "stop")) == []
    assert disagreements("7/6: stop", (Fraction(-7, 6), "stop")) != []      # the sign
    assert disagreements("-7/6: roll", (Fraction(-7, 6), "stop")) != []
    assert disagreements("35673/54145 ≈ 0.659", (Fraction(35673, 54145),)) == []
    assert disagreements("35673/54145 ≈ 0.660", (Fraction(35673, 54145),)) != []
    assert disagreements("0.616 to 0.884", wald(30, 40)) == []
    assert disagreements("0.616 to 0.885", wald(30, 40)) != []
    assert disagreements("0.151", 91 / 600) != []                  # 0.15167 rounds to 0.152
    assert disagreements("yes", "no") != []


def test_the_unit_test_takes_about_45_minutes_and_marks_every_objective():
    test = load_unit_test(WORKSHEETS / "unit-test.toml")
    assert test.minutes == 45
    assert 40 <= test.marks <= 60, "about a mark a minute"
    games = " ".join(q.game for q in test.questions)
    for game in ("Spookies", "Quiet as a Mouse", "Meow Meow", "Mouse Trap"):
        assert game in games
    for name in test.objectives:
        assert any(name in q.objectives for q in test.questions), name
