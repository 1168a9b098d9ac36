"""The exact single-turn analysis against hand derivations and an independent brute force."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from haba_lessons.engine import play
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.spookies import Action, Rules, analysis, position
from haba_lessons.games.spookies.analysis import (expected_fine, one_more_roll_table,
                                                  one_roll_value, policy_table, solve_turn,
                                                  success_probability, turn_value)
from haba_lessons.games.spookies.strategies import OPTIMAL

RULES = Rules.standard()
TABLE = [(1, 1, 1), (1, 1, 1), (2, 1, 1), (2, 1, 1), (4, 2, 1), (6, 3, 2), (12, 5, 3)]


def brute_force(penalties, attic_rule=True, sweeps=80):
    """Value iteration in floats, dice enumerated as ordered rolls, rules written afresh.

    State (position, chips for fines up to 7, attic penalties still there). Returns the
    mid-turn values and the first-roll values.
    """
    results = {k: Counter(sum(sorted(roll)[-2:])
                          for roll in itertools.product(range(1, 7), repeat=k))
               for k in (2, 3, 4)}
    probability = {k: {r: n / 6 ** k for r, n in c.items()} for k, c in results.items()}
    states = [(p, c, a) for p in range(8) for c in range(8) for a in (False, True)]
    value = dict.fromkeys(states, 0.0)

    def q(state, k):
        p, c, a = state
        total = 0.0
        for r, pr in probability[k].items():
            number = 4 + p                     # the space number; the start is "4"
            if (p < 7 and r >= number + 1) or (p == 7 and r == 12):
                target = min(p + 1, 7)
                gain = TABLE[target - 1][k - 2]
                a2 = a
                if k == 2 and target < 7:
                    gain += penalties[target - 1]
                elif k == 2 and a and (p < 7 or attic_rule):
                    gain += penalties[6]
                    a2 = False
                total += pr * (gain + value[(target, min(7, c + gain), a2)])
            elif p > 0 and r < number:
                landing = r - 4 if r >= 5 else 0
                total -= pr * min(p - landing, c)
        return total

    for _ in range(sweeps):
        value = {s: max(0.0, *(q(s, k) for k in (2, 3, 4))) for s in states}
    first = {s: max(q(s, k) for k in (2, 3, 4)) for s in states}
    return value, first


@pytest.mark.parametrize("penalties", [(0,) * 7, (2, 0, 3, 0, 1, 4, 5)])
def test_optimal_values_agree_with_brute_force_value_iteration(penalties):
    policy = solve_turn(RULES, penalties=penalties)
    value, first = brute_force(penalties)
    for (p, c, a), v in value.items():
        if penalties[6] == 0 and a:
            continue
        assert float(policy.value(p, c, attic=a)) == pytest.approx(v, abs=1e-9)
        assert float(policy.value(p, c, attic=a, first_roll=True)) == pytest.approx(
            first[(p, c, a)], abs=1e-9)


def test_attic_rule_switch_agrees_with_brute_force():
    rules = Rules.standard(attic_two_dice_collects_penalties=False)
    penalties = (0, 0, 0, 0, 0, 0, 30)
    policy = solve_turn(rules, penalties=penalties)
    value, first = brute_force(penalties, attic_rule=False)
    for c in range(8):
        assert float(policy.value(7, c, attic=True, first_roll=True)) == pytest.approx(
            first[(7, c, True)], abs=1e-9)


def test_hand_derived_one_roll_values():
    assert one_roll_value(0, 2, RULES) == Fraction(5, 6)           # 1 chip with P 5/6
    # >=9 with 2 dice: success needs 10+ (6/36) and pays 6; a failure falls from >=9:
    # 2,3,4 -> start (5 spaces), 5 -> 4, 6 -> 3, 7 -> 2, 8 -> 1 space:
    fine = Fraction(1 * 5 + 2 * 5 + 3 * 5 + 4 * 4 + 5 * 3 + 6 * 2 + 5 * 1, 36)
    assert success_probability(5, 2, RULES) == Fraction(1, 6)
    assert expected_fine(5, 2, RULES) == fine == Fraction(13, 6)
    assert one_roll_value(5, 2, RULES) == Fraction(1, 6) * 6 - fine
    # with only 1 chip to pay, the fine is just P(failure) = 1 - P(9) - P(10+)
    assert expected_fine(5, 2, RULES, chips=1) == 1 - Fraction(4, 36) - Fraction(6, 36)


def test_attic_values_by_hand():
    # In the attic after a success nothing pays (every roll loses chips on average), so the
    # compulsory roll is worth the best of "roll k once, then stop".
    policy = solve_turn(RULES)
    assert policy.value(7) == 0
    assert policy.best_action(7) == Action("stop")
    assert policy.value(7, first_roll=True) == max(one_roll_value(7, k, RULES) for k in (2, 3, 4))


def test_first_roll_is_never_stop_and_table_shape():
    policy = solve_turn(RULES)
    table = policy_table(policy)
    assert list(table["space"]) == ["start", "≥5", "≥6", "≥7", "≥8", "≥9", "≥10", "≥11"]
    assert not (table["first roll"] == "stop").any()
    assert len(one_more_roll_table(RULES)) == 8 * 3          # 8 places x 2, 3 or 4 dice


def test_one_more_roll_table_against_listing_every_roll():
    # Success from place p (0 = start, whose number is 4; p = 1..7 is the space >=4+p) needs
    # a best two of at least 4 + p + 1, in the attic (p = 7) exactly 12. Counted over all
    # ordered rolls, and the reward read from the spec's table typed in above.
    places = ["start", "≥5", "≥6", "≥7", "≥8", "≥9", "≥10", "≥11"]
    for row in one_more_roll_table(RULES).to_dict("records"):
        p, k = places.index(row["figure on"]), row["dice"]
        wins = sum(1 for roll in itertools.product(range(1, 7), repeat=k)
                   if (sum(sorted(roll)[-2:]) == 12 if p == 7
                       else sum(sorted(roll)[-2:]) >= 4 + p + 1))
        assert Fraction(row["P(success)"]) == Fraction(wins, 6 ** k), (p, k)
        assert row["reward"] == TABLE[min(p + 1, 7) - 1][k - 2], (p, k)


def test_a_player_with_no_chips_risks_nothing_on_the_first_roll():
    policy = solve_turn(RULES, held=0)
    assert policy.value(7, first_roll=True) > 0 > solve_turn(RULES).value(7, first_roll=True)


def test_turn_value_averages_the_friend_die():
    policy = solve_turn(RULES)
    start = policy.value(0, first_roll=True)
    assert turn_value([0] * 5, policy) == start
    positions = [0, 0, 0, 0, 7]
    attic = policy.value(7, first_roll=True)
    # The friend die: 5 figure faces and "?" (free choice), each 1/6. Four figures are on
    # the start, one in the attic; "?" picks the better figure, the start (the attic's
    # compulsory roll loses chips on average: test_a_player_with_no_chips_... below).
    assert attic < 0 < start
    assert turn_value(positions, policy) == (4 * start + attic + start) / 6


def test_optimal_bot_in_the_engine_earns_the_exact_value():
    """Play 2000 single turns from >=6 with the optimal bot through the rules engine."""
    policy = solve_turn(RULES)
    exact = float(policy.value(2, first_roll=True))
    rng = np.random.default_rng(11)
    nets = []
    for seed in range(2000):
        game = position(2, figures={"Kracko": 2}, stockpile=40, chips=[10, 0], seed=seed)
        game.apply_chance("Kracko")
        play(game, [OPTIMAL, None], rng=rng, until=lambda g: g.current != 0)
        nets.append(len(game.chips[0]) - 10)
    nets = np.array(nets)
    half = 3 * nets.std() / np.sqrt(nets.size)          # a 3-sigma band
    assert abs(nets.mean() - exact) < half


def test_bad_arguments():
    with pytest.raises(InvalidArgumentError, match="7 spaces"):
        solve_turn(RULES, penalties=(0, 0))
    with pytest.raises(InvalidArgumentError, match="at least 0"):
        solve_turn(RULES, held=-1)
    with pytest.raises(InvalidArgumentError, match="position"):
        solve_turn(RULES).value(9)


@pytest.mark.parametrize("position, dice, named", [(4, 5, "dice"), (8, 2, "position"),
                                                   (2.5, 2, "position"), ("three", 2, "position"),
                                                   (-1, 2, "position"), (4, 1, "dice")])
def test_a_roll_off_the_board_or_with_the_wrong_dice_is_refused_by_name(position, dice, named):
    """Notebook 03 invites a pupil to try value(space, dice): 5 dice or space 8 once raised
    IndexError from inside the board, -1 gave a number."""
    for function in (analysis.one_roll_value, analysis.success_probability,
                     analysis.expected_fine):
        with pytest.raises(InvalidArgumentError, match=f"^{named}"):
            function(position, dice, RULES)
