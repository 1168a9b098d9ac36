"""Notebook 04's helpers: intervals for simulated games and the formatting tables."""

from __future__ import annotations

import statistics
from fractions import Fraction

import numpy as np

from haba_lessons.games.quiet_as_a_mouse import analysis, load_layout, make_skills, simulate
from haba_lessons.simulation import wilson_interval


def test_mean_turns_interval_is_the_normal_interval():
    games = simulate.simulate_games(30, 2, make_skills(2, p=Fraction(1, 2)),
                                    np.random.default_rng(1))
    turns = [g.turns for g in games]
    half = 1.96 * statistics.stdev(turns) / 30 ** 0.5
    mean, low, high = simulate.mean_turns_interval(games)
    assert mean == statistics.mean(turns)
    assert abs(low - (mean - half)) < 1e-9 and abs(high - (mean + half)) < 1e-9


def test_slide_out_table_counts_games_ended_by_a_last_stick():
    table = simulate.slide_out_table([Fraction(1, 10)], 20, Fraction(7, 10),
                                     np.random.default_rng(2))
    again = simulate.simulate_games(20, 2, make_skills(2, p=Fraction(7, 10), q=Fraction(1, 10)),
                                    np.random.default_rng(2))
    ended = sum("last stick" in g.reason for g in again)
    row = table.iloc[0]
    assert row["ended by a last stick"] == round(ended / 20, 3)
    assert row["share 95% low"] == round(wilson_interval(ended, 20)[0], 3)
    assert row["mean turns"] == round(statistics.mean(g.turns for g in again), 1)


def test_tables_show_the_exact_values():
    layout = load_layout()
    curves = {"most open": analysis.blocked_as_castle_fills("most open", layout)}
    table = analysis.blocked_curve_table(curves)
    assert table.loc["most open", 0] == 0 and table.loc["most open", 11] == round(
        float(curves["most open"][11]), 3)
    check = analysis.blocked_check_table(curves["most open"], [(1, 4)] * 12)
    assert check.loc[5, "simulated"].startswith("0.250 (95% CI")


def test_skill_table_rounds_the_exact_values():
    class Value:                                   # a stand-in with hand-picked exact values
        expected_turns = Fraction(181, 2)
        win = (Fraction(2, 3), Fraction(3, 5))

    table = analysis.skill_table({Fraction(1, 2): Value()})
    assert table.iloc[0].to_dict() == {"p of player 1": "1/2", "E[turns]": 90.5,
                                       "player 1 wins": 0.6667, "player 2 wins": 0.6}
