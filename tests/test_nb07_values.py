"""Notebook 07's exact values recounted by hand, and its simulated table checked for
consistency with the rules it states (every round has a starter and one winner)."""

from __future__ import annotations

import csv
import re
from fractions import Fraction as F
from pathlib import Path

from tests.stored_outputs import chart_texts, printed, tables

from haba_lessons.exercises import check

NB = "07-independence.ipynb"
EXAMPLE = Path(__file__).resolve().parent.parent / "haba_lessons" / "data" / "example_class"


def test_the_dice_table_venn_and_addition_rule():
    # first die red: 6 rolls; doubles: 6; red-red: 1; neither: 36 - 6 - 6 + 1 = 25
    table = tables(NB)[0].split()
    assert table[-4:] == ["total", "6", "30", "36"] and "25" in table
    out = printed(NB)
    assert f"P(A and B) = {F(1, 36)}   P(A) = {F(6, 36)}   P(B | A) = {F(1, 6)}" in out
    assert f"P(A) + P(B) - P(A and B) = {F(11, 36)}   counted: {F(11, 36)}" in out
    assert f"P(A) P(B) = {F(1, 6) * F(1, 6)}   independent: True" in out
    assert {"5", "1", "neither: 25", "all: 36"} <= set(chart_texts(NB))


def test_the_card_table_is_dependent():
    out = printed(NB)
    # 52 · 51 pairs; special-special 16 · 15, special-animal 16 · 36, animal-animal 36 · 35
    for count in (16 * 15, 16 * 36, 36 * 35, 16 * 51, 36 * 51, 52 * 51):
        assert str(count) in out
    assert (f"P(both) = {F(16 * 15, 52 * 51)}   P(A) P(B) = {F(16, 52) ** 2}   "
            f"independent: False") in out


def test_the_simulated_rounds_add_up_and_the_conclusion_follows_from_the_interval():
    rows: dict[str, list[int]] = {}
    for line in tables(NB)[1].splitlines():              # pandas wraps wide tables: join
        if line.startswith("seat"):
            rows.setdefault(line[:13], []).extend(int(x) for x in line[13:].split())
    assert sorted(rows) == [f"seat {s} starts" for s in range(1, 5)]
    for seat, counts in rows.items():
        assert sum(counts[:4]) == counts[4] == 1000            # the starter goes round
    diagonal = sum(rows[f"seat {s} starts"][s - 1] for s in range(1, 5))
    out = printed(NB)
    assert f"the starter wins: {diagonal / 4000:.3f}" in out
    low = float(re.search(r"the starter wins: [\d.]+ \(95% CI ([\d.]+) to", out).group(1))
    assert ("going first helps" in out) == (low > 0.25)


def test_the_class_section_counts_the_rounds_that_say_who_started():
    won = started = 0
    for path in sorted(EXAMPLE.glob("meow_meow-*.csv")):
        lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
        for row in csv.DictReader(lines):
            if row["event"] == "round_won":
                won += 1
                started += bool(row.get("starter"))
    assert f"{started} of the {won} recorded rounds say who started" in printed(NB)


def test_the_keys_accept_the_hand_answers():
    assert check("07.1", 48).ok
    assert check("07.2", F(1, 36) - F(5, 36) * F(1, 6)).ok and F(1, 36) - F(5, 216) == F(1, 216)
    assert check("07.3", F(16, 36)).ok
    assert not check("07.3", F(17, 36)).ok            # the overlap counted twice
