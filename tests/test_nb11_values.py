"""Notebook 11's values by a second method: the castles' lost rolls counted from the colours
(not the rules engine), Bayes by hand, the Beta tail by numerical integration, the example
class's sixes read from its CSV files directly."""

from __future__ import annotations

import csv
import math
import re
from fractions import Fraction as F
from itertools import product
from pathlib import Path

from tests.stored_outputs import chart_texts, printed, tables

from haba_lessons.exercises import check

NB = "11-bayes.ipynb"
COLOURS = ["red", "yellow", "green", "blue", "orange", "purple"]
EXAMPLE = Path(__file__).resolve().parent.parent / "haba_lessons" / "data" / "example_class"


def p_lost(full: set[str]) -> F:
    """A roll is lost when one of its colours has no free hole on either wall."""
    rolls = list(product(COLOURS, repeat=2))
    return F(sum(1 for a, b in rolls if a in full or b in full), len(rolls))


LOST = {"A": p_lost({"red"}), "B": p_lost({"red", "yellow", "green"})}
HEARD = {h: LOST[h] ** 2 * (1 - LOST[h]) for h in LOST}          # lost, played, lost


def posterior_a(prior_a: F, like: dict[str, F]) -> F:
    return prior_a * like["A"] / (prior_a * like["A"] + (1 - prior_a) * like["B"])


def test_the_castles_and_the_update_roll_by_roll():
    out = printed(NB)
    assert f"P(lost | A) = {LOST['A']}   P(lost | B) = {LOST['B']}" in out
    belief = F(1, 2)
    for sound in ("lost", "played", "lost"):
        belief = posterior_a(belief, {h: LOST[h] if sound == "lost" else 1 - LOST[h] for h in LOST})
        assert f"after '{sound}': P(A) = {belief} ≈ {float(belief):.3f}" in out
    assert belief == posterior_a(F(1, 2), HEARD) == F(3025, 9586)
    assert "the library's bayes.update, all at once: True" in out


def test_the_formula_and_the_tree():
    out = printed(NB)
    p_data = (HEARD["A"] + HEARD["B"]) / 2
    assert f"P(D | A) = {HEARD['A']}   P(D | B) = {HEARD['B']}   P(D) = {p_data}" in out
    assert f"Bayes' formula: P(A | D) = {HEARD['A'] / 2 / p_data}" in out
    texts = set(chart_texts(NB))
    assert {f"= {HEARD[h] / 2}" for h in HEARD} | {f"= {(1 - HEARD[h]) / 2}" for h in HEARD} <= texts


def test_the_simulation_reports_its_interval_beside_bayes():
    out = printed(NB)
    found = re.search(r"(\d+) evenings sounded like ours;  castle A in ([\d.]+) \(95% CI", out)
    evenings = int(found.group(1))
    expected = 20_000 * float((HEARD["A"] + HEARD["B"]) / 2)     # about 2,054
    assert abs(evenings - expected) < 4 * math.sqrt(expected)    # a loose 4-sigma sanity band
    assert f"Bayes: {float(F(3025, 9586)):.3f}" in out


def test_the_prior_sensitivity_table():
    table = tables(NB)[0]

    def loaded(prior: F, sixes: int, rolls: int) -> F:
        ratio = F(2) ** sixes * F(4, 5) ** (rolls - sixes)          # (1/3 ÷ 1/6)^s (2/3 ÷ 5/6)^f
        return prior * ratio / (prior * ratio + 1 - prior)

    for prior in (F(1, 2), F(1, 10), F(1, 100)):
        row = f"{prior}  {round(float(loaded(prior, 4, 10)), 3):.3f}"
        assert re.search(rf"{prior}\s+{round(float(loaded(prior, 4, 10)), 3):.3f}\s+"
                         rf"{round(float(loaded(prior, 16, 40)), 3):.3f}", table), row


def test_the_grid_table_approaches_the_beta():
    table = tables(NB)[1]

    def on_grid(points: int) -> tuple[float, float]:
        values = [F(i, points - 1) for i in range(points)]
        weights = [v ** 13 * (1 - v) ** 7 for v in values]
        total = sum(weights)
        mean = sum(v * w for v, w in zip(values, weights)) / total
        tail = sum(w for v, w in zip(values, weights) if v > F(1, 2)) / total
        return float(mean), float(tail)

    # The Beta(14, 8) tail by Simpson's rule on its density (not the binomial identity).
    log_norm = math.lgamma(22) - math.lgamma(14) - math.lgamma(8)
    density = lambda x: math.exp(log_norm) * x ** 13 * (1 - x) ** 7   # noqa: E731
    steps = 20_000
    h = 0.5 / steps
    simpson = h / 3 * sum((1 if i in (0, steps) else 4 if i % 2 else 2) * density(0.5 + i * h)
                          for i in range(steps + 1))
    for points in (11, 101, 1001):
        mean, tail = on_grid(points)
        assert re.search(rf"\b{points}\s+{mean:.6f}\s+{tail:.6f}", table), points
    assert re.search(rf"Beta\(14, 8\)\s+{7 / 11:.6f}\s+{simpson:.6f}", table)


def test_in_class_the_example_class_sixes():
    faces = []
    for path in sorted(EXAMPLE.glob("spookies-*.csv")):
        lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
        faces += [int(f) for row in csv.DictReader(lines) if row["event"] == "roll"
                  for f in row["value"].split()]
    sixes, n = faces.count(6), len(faces)
    ratio = F(2) ** sixes * F(4, 5) ** (n - sixes)
    posterior = float(ratio / (ratio + 1))
    assert f"{sixes} sixes in {n} dice;  P(loaded | our dice) = {posterior:.3g}" in printed(NB)


def test_the_keys_accept_the_hand_answers():
    played = {h: 1 - LOST[h] for h in LOST}
    assert check("11.1", posterior_a(F(1, 2), played)).ok and posterior_a(F(1, 2), played) == F(25, 34)
    assert check("11.2", posterior_a(F(9, 10), HEARD)).ok
    six_twice = F(1, 10) * F(1, 3) ** 2 * F(2, 3) ** 3
    assert check("11.3", six_twice / (six_twice + F(9, 10) * F(1, 6) ** 2 * F(5, 6) ** 3)).ok
    weights = {i: F(i, 10) ** 3 * (1 - F(i, 10)) for i in range(11)}
    assert check("11.4", sum(w for i, w in weights.items() if i >= 5) / sum(weights.values())).ok
