"""Notebook 06's exact values, recomputed here by counting with formulas (not the library).

The deck (rulebook): 52 cards, 16 special. Two cards in order: 52 · 51 pairs. The colour
dice (assumption): 6 colours, one face each, 36 ordered rolls. The castle of section 6 has
the red and yellow holes full on both walls, so a roll fits only if both dice show one of the
4 other colours.
"""

from __future__ import annotations

from fractions import Fraction as F

from tests.stored_outputs import chart_texts, printed

from haba_lessons.exercises import check

NB = "06-conditional-probability.ipynb"
PAIRS = 52 * 51
S, A = 16, 36                                   # special and animal cards


def test_section_1_to_3_counts():
    out = printed(NB)
    assert f"{PAIRS} ordered pairs" in out
    assert f"P(first special) = {F(S, 52)}   P(second special) = {F(S * 51, PAIRS)}" in out
    assert f"{S * 51} pairs start with a special card;  P(A | B) = {F(S * 15, S * 51)}" in out
    assert f"given: {F(15, 51)}   P(A and B) / P(B): {F(15, 51)}" in out
    assert f"{F(S, 52)} × {F(15, 51)} = {F(S * 15, PAIRS)}   counted: {F(S * 15, PAIRS)}" in out


def test_section_4_path_rules_and_the_tree():
    one = F(S * A + A * S, PAIRS)
    at_least_one = 1 - F(A * (A - 1), PAIRS)
    assert (f"exactly one special: {one}   at least one: {at_least_one}   counted: {one}"
            in printed(NB))
    products = {f"= {F(A * (A - 1), PAIRS)}", f"= {F(A * S, PAIRS)}", f"= {F(S * (S - 1), PAIRS)}"}
    branches = {str(F(S, 52)), str(F(A, 52)), str(F(S - 1, 51)), str(F(A, 51)),
                str(F(S, 51)), str(F(A - 1, 51))}
    texts = set(chart_texts(NB))
    assert products <= texts and branches <= texts
    # the prose's expected frequencies in 221 deals: 105, 96 and 20
    assert [F(A * (A - 1), PAIRS) * 221, one * 221, F(S * (S - 1), PAIRS) * 221] == [105, 96, 20]


def test_section_5_and_6_dice():
    out = printed(NB)
    assert "36 rolls;  P(second red | first red) = 1/6" in out
    fitting = 4 * 4                               # both dice among the 4 free colours
    lost = 36 - fitting
    assert f"{lost} of 36 rolls lose the turn" in out
    assert f"P(double | lost) = {F(2, lost)}   P(lost | double) = {F(2, 6)}" in out


def test_the_keys_accept_the_hand_answers():
    assert check("06.1", F(4, 52) * F(3, 51)).ok and F(4, 52) * F(3, 51) == F(1, 221)
    assert check("06.2", F(3, 51)).ok
    # 06.3: of the 36 rolls, 35 are not red + red; the doubles among them are the other 5
    assert check("06.3", F(6 - 1, 36 - 1)).ok and not check("06.3", F(6, 36)).ok
    assert not check("06.2", F(4, 52)).ok and not check("06.1", F(16, 2652)).ok
