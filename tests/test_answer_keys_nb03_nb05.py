"""Notebooks 03 and 05: each answer key against an independent derivation (dice enumerated
from the rules text; cards counted with math.comb), and check() refusing plausible wrong
answers without giving the right one away."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations, product
from math import comb

from haba_lessons.exercises import check

# --- notebook 03: Spookies, the fair-odds table of /work/shared/rules (rows ≥5 .. ≥11) -----------
FAIR_ODDS = [[1, 1, 1], [1, 1, 1], [2, 1, 1], [2, 1, 1], [4, 2, 1], [6, 3, 2], [12, 5, 3]]
STEEP = [[1, 1, 1], [1, 1, 1], [3, 2, 1], [4, 2, 1], [6, 3, 2], [10, 5, 3], [16, 8, 4]]
LABELS = ["start", "≥5", "≥6", "≥7", "≥8", "≥9", "≥10", "≥11"]


@cache
def best_two(k: int) -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=k):
        total = sum(sorted(faces)[-2:])
        counts[total] = counts.get(total, 0) + 1
    return {total: Fraction(n, 6 ** k) for total, n in counts.items()}


def success_and_fine(pos: int, k: int) -> tuple[Fraction, Fraction]:
    """Position 0 = start, 1..7 = ≥5..≥11 (space number pos + 4). Attic: a 12 succeeds."""
    p = fine = Fraction(0)
    for result, chance in best_two(k).items():
        if pos == 7:
            p += chance * (result == 12)
            if result < 11:
                fine += chance * (7 - max(result - 4, 0))
        elif result >= pos + 5:
            p += chance
        elif pos > 0 and result < pos + 4:
            fine += chance * (pos - (result - 4 if result >= 5 else 0))
    return p, fine


def stops_after_a_success(table) -> list[bool]:
    """Backward induction; in the attic the fixed point V = max(0, (pR - F)/(1 - p))."""
    value = {7: max([Fraction(0)] + [(p * table[6][k - 2] - f) / (1 - p)
                                     for k in (2, 3, 4) for p, f in [success_and_fine(7, k)]])}
    for pos in range(6, -1, -1):
        value[pos] = max([Fraction(0)] + [p * (table[pos][k - 2] + value[pos + 1]) - f
                                          for k in (2, 3, 4)
                                          for p, f in [success_and_fine(pos, k)]])
    return [value[pos] == 0 for pos in range(8)]


def stop_after(n: int, pos: int = 0) -> Fraction:
    if n == 0:
        return Fraction(0)
    p, fine = success_and_fine(pos, 4)
    up = min(pos + 1, 7)
    return p * (FAIR_ODDS[up - 1][2] + stop_after(n - 1, up)) - fine


def test_exercise_03_1_and_2_from_the_dice():
    p, fine = success_and_fine(5, 3)                   # ≥9, 3 dice: need 10 or more
    assert (p, fine) == (Fraction(77, 216), Fraction(31, 27))   # the numbers the task gives
    assert check("03.1", p * 3 - fine).ok
    assert check("03.2", fine / p).ok
    assert not check("03.1", p * 3).ok                 # the fine forgotten
    assert not check("03.2", p / fine).ok              # upside down
    assert check("03.1", float(p * 3 - fine)).message.startswith("close")


def test_exercise_03_4_the_space_where_only_the_steep_player_rolls_on():
    fair, steep = stops_after_a_success(FAIR_ODDS), stops_after_a_success(STEEP)
    differ = [LABELS[pos] for pos in range(8) if fair[pos] and not steep[pos]]
    assert differ == ["≥10"]
    assert check("03.4", differ[0]).ok and check("03.4", ">=10").ok
    assert not check("03.4", "≥9").ok and not check("03.4", "≥11").ok


def test_exercise_03_5_the_stop_after_n_bot():
    assert stop_after(1) == Fraction(319, 324)         # a single success with 4 dice pays 1
    assert check("03x.1", stop_after).ok
    assert not check("03x.1", lambda n, pos=0: Fraction(319, 324) ** n * n).ok   # fines ignored


# --- notebook 05: Meow Meow, 9 animals x 4 colours + 16 specials -----------------------------------
def test_exercise_05_1_all_four_parrots():
    assert check("05.1", Fraction(comb(4, 4) * comb(48, 1), comb(52, 5))).ok
    assert not check("05.1", Fraction(comb(4, 4), comb(52, 5))).ok   # the fifth card forgotten
    assert "54145" not in check("05.1", Fraction(1, 13)).message     # never gives it away


def test_exercise_05_2_the_simulated_share_of_hands_with_a_fox():
    # count the hands of a small deck by brute force, then the formula for the real one
    small = ["fox"] * 4 + ["other"] * 8
    hands = list(combinations(range(12), 5))
    with_fox = sum(any(small[i] == "fox" for i in hand) for hand in hands)
    assert Fraction(with_fox, len(hands)) == 1 - Fraction(comb(8, 5), comb(12, 5))
    exact = 1 - Fraction(comb(48, 5), comb(52, 5))
    assert check("05.2", float(exact) + 0.02).ok
    assert not check("05.2", float(exact) + 0.03).ok
    assert not check("05.2", 4 * 5 / 52).ok             # 5 x 4/52 = 0.385: counted with overlaps


def test_exercise_05_3_without_the_parrot_fewer_cards_fit():
    # a red cow on top: full deck 12 red + 3 cows + 3 parrots = 18 of 51; no parrots: 11 + 3 = 14 of 47
    full = 1 - Fraction(comb(33, 5), comb(51, 5))
    without = 1 - Fraction(comb(33, 5), comb(47, 5))
    assert without < full
    assert check("05.3", "less").ok and not check("05.3", "more").ok


def test_exercise_05_5_the_hypergeometric_function():
    def p_cannot_play(fit, other, hand):
        return Fraction(comb(other, hand), comb(fit + other, hand))
    assert 1 - p_cannot_play(18, 33, 5) == Fraction(175977, 195755)     # section 2's answer
    assert check("05x.1", p_cannot_play).ok
    assert not check("05x.1", lambda fit, other, hand: (Fraction(other, fit + other)) ** hand).ok
