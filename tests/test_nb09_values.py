"""Notebook 09's exact values by a second method: roll counts listed here and the binomial
formula written out (math.comb), never the library's binomial module."""

from __future__ import annotations

import re
from fractions import Fraction as F
from itertools import product
from math import comb

from tests.stored_outputs import chart_texts, printed

from haba_lessons.exercises import check

NB = "09-binomial.ipynb"
ROLLS = list(product(range(1, 7), repeat=2))
P = F(sum(1 for a, b in ROLLS if a + b >= 8), 36)          # a figure on ≥7 climbs with 8+
Q = 1 - P


def pmf(n: int, k: int) -> F:
    return comb(n, k) * P ** k * Q ** (n - k)


def test_one_try():
    assert P == F(5, 12)
    assert f"results that climb: [8, 9, 10, 11, 12]   P(success) = {P}" in printed(NB)


def test_the_tree_of_three_tries():
    out = printed(NB)
    for hits, paths in enumerate((1, 3, 3, 1)):
        each = P ** hits * Q ** (3 - hits)
        assert f"k = {hits}: {paths} × {each} = {paths * each}" in out
    leaves = {t for t in chart_texts(NB) if t.startswith("= ")}
    assert leaves == {f"= {P ** h * Q ** (3 - h)}" for h in range(4)}


def test_the_formula_the_mean_and_the_mode():
    out = printed(NB)
    assert f"P(4 successes in 10) = {pmf(10, 4)} ≈ {float(pmf(10, 4)):.4f}" in out
    mean = sum(j * pmf(10, j) for j in range(11))
    assert mean == F(25, 6)
    mode = max(range(11), key=lambda j: pmf(10, j))
    assert f"with p = 5/12: {mean}   most likely: {mode} successes" in out and mode == 4
    assert abs(float(pmf(10, 4)) - 0.25) < 0.005               # the prose's "about 0.25"
    variance = sum((j - mean) ** 2 * pmf(10, j) for j in range(11))
    assert variance == 10 * P * Q == F(175, 72)
    assert (f"the same as 10 p (1 - p): True   with p = 5/12: {variance}   standard deviation "
            f"≈ {float(variance) ** 0.5:.2f}") in out


def test_the_simulation_is_printed_beside_the_exact_values():
    out = printed(NB)
    assert f"exact {float(pmf(10, 4)):.4f}" in out and "exact 25/6 = 4.167" in out
    low, high = (float(x) for x in re.search(
        r"mean successes per series: [\d.]+ \(95% CI ([\d.]+) to ([\d.]+)\)", out).groups())
    assert high - low < 0.1                                     # 10,000 series: about ±0.03


def test_the_keys_accept_the_hand_answers():
    assert check("09.1", Q ** 3).ok and Q ** 3 == F(343, 1728)
    assert check("09.2", lambda n, k, p: comb(n, k) * p ** k * (1 - p) ** (n - k)).ok
    three = F(sum(1 for r in product(range(1, 7), repeat=3) if sum(sorted(r)[-2:]) >= 8), 216)
    assert check("09.3", 12 * three).ok and 12 * three == F(49, 6)
    n = next(n for n in range(1, 100) if 1 - F(35, 36) ** n >= F(1, 2))
    assert check("09.4", n).ok and n == 25 and not check("09.4", 18).ok
