"""The statistics of notebook 12 against independent computations written here."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from haba_lessons.classlab import tables
from haba_lessons.classlab.favourite import (favourite_frame, favourite_table,
                                             posterior_win_draws, win_chances)
from haba_lessons.classlab.inference import (BetaPosterior, beta_posterior, binomial_p_value,
                                             exact_null, exact_p_value,
                                             exact_probability_steadier, probability_steadier,
                                             simulated_fit_test)
from haba_lessons.dice import best_two, die
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.quiet_as_a_mouse.sweep import win_chances_many
from haba_lessons.simulation import make_rng


def tvd_by_hand(counts, n):
    return sum(abs(Fraction(c, n) - Fraction(1, 6)) for c in counts) / 2


def test_exact_p_value_equals_listing_every_sequence_of_five_rolls():
    observed = {1: 3, 2: 0, 3: 1, 4: 0, 5: 1, 6: 0}
    value = tvd_by_hand(observed.values(), 5)
    at_least = 0
    for rolls in itertools.product(range(1, 7), repeat=5):         # all 7776 sequences
        counts = [rolls.count(f) for f in range(1, 7)]
        at_least += tvd_by_hand(counts, 5) >= value
    assert exact_p_value(observed, die()) == Fraction(at_least, 6 ** 5)


def test_exact_null_is_a_distribution_and_refuses_large_samples():
    null = exact_null(8, die(), "chi-square")
    assert sum(null.values()) == 1
    with pytest.raises(InvalidArgumentError, match="too many to list"):
        exact_null(60, best_two(3))


def test_simulated_p_value_agrees_with_the_exact_one():
    observed = {1: 4, 2: 1, 3: 0, 4: 3, 5: 2, 6: 0}
    exact = float(exact_p_value(observed, die()))
    test = simulated_fit_test(observed, die(), make_rng(7), repetitions=20_000)
    # sd of the estimate <= 0.0036; 0.02 is > 5 sd: false alarm below 1 in a million
    assert abs(test.p_value - exact) < 0.02


def test_a_simulated_p_value_is_shown_with_its_95_percent_interval():
    observed = {1: 4, 2: 1, 3: 0, 4: 3, 5: 2, 6: 0}
    test = simulated_fit_test(observed, die(), make_rng(7), repetitions=1_000)
    hits = int((test.null >= test.observed - 1e-12).sum())
    # the Wilson interval of hits out of 1,000, by its formula written out here
    z, n, phat = 1.959963984540054, 1_000, hits / 1_000
    centre = (phat + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert test.interval == pytest.approx((centre - half, centre + half))
    assert f"95% CI {centre - half:.3f} to {centre + half:.3f}" in str(test)


def test_p_values_under_the_model_are_uniform_ish_and_false_alarm_one_time_in_twenty():
    rng = make_rng(11)
    model = best_two(3)
    outcomes, chances = model.support(), [float(p) for p in model.values()]
    p_values = []
    for _ in range(300):
        sample = rng.choice(outcomes, size=40, p=chances)
        counts = {o: int((sample == o).sum()) for o in outcomes}
        p_values.append(simulated_fit_test(counts, model, rng, repetitions=400).p_value)
    p_values = np.array(p_values)
    # with a true model P(p <= 0.05) is about 0.05: 15 of 300 expected (sd 3.8); the bounds
    # 4..29 hold with probability above 0.999 (binomial tails)
    assert 4 <= (p_values <= 0.05).sum() <= 29
    assert 0.40 <= p_values.mean() <= 0.60        # mean of a uniform: 0.5, sd 0.017 here


def test_a_loaded_die_is_detected():
    counts = {1: 10, 2: 10, 3: 10, 4: 10, 5: 10, 6: 40}
    assert simulated_fit_test(counts, die(), make_rng(1), 2000).p_value < 0.001


def test_impossible_outcomes_and_empty_data_are_refused():
    with pytest.raises(InvalidArgumentError, match="impossible"):
        simulated_fit_test({13: 1}, best_two(3), make_rng(1))
    with pytest.raises(InvalidArgumentError, match="no observations"):
        simulated_fit_test({}, die(), make_rng(1))


@pytest.mark.parametrize("silent, other", [(0, 0), (7, 3), (13, 4), (2, 19)])
def test_beta_posterior_matches_likelihood_times_prior_integrated_numerically(silent, other):
    post = beta_posterior(silent, other)
    assert (post.a, post.b) == (1 + silent, 1 + other)
    grid = np.linspace(0, 1, 200_001)
    unnormalised = grid ** silent * (1 - grid) ** other         # binomial likelihood x uniform
    norm = np.trapezoid(unnormalised, grid)
    mean = np.trapezoid(grid * unnormalised, grid) / norm
    var = np.trapezoid((grid - mean) ** 2 * unnormalised, grid) / norm
    assert float(post.mean) == pytest.approx(mean, abs=1e-8)
    assert float(post.variance) == pytest.approx(var, abs=1e-8)
    # conjugate formula: a / (a + b) and ab / ((a + b)^2 (a + b + 1))
    a, b = 1 + silent, 1 + other
    assert post.mean == Fraction(a, a + b)
    assert post.variance == Fraction(a * b, (a + b) ** 2 * (a + b + 1))
    assert np.allclose(post.density(grid[1:-1]), unnormalised[1:-1] / norm, rtol=1e-6)
    low, high = post.interval()
    cdf = np.cumsum(unnormalised) / unnormalised.sum()
    assert np.interp(low, grid, cdf) == pytest.approx(0.025, abs=1e-3)
    assert np.interp(high, grid, cdf) == pytest.approx(0.975, abs=1e-3)


def test_probability_steadier_for_equal_posteriors_is_one_half():
    same = BetaPosterior(5, 3)
    # 100,000 draws: sd 0.0016; 0.01 is over 6 sd (false alarm below 1 in a million)
    assert probability_steadier(same, same, make_rng(3)) == pytest.approx(0.5, abs=0.01)


def test_binomial_p_value_by_hand():
    assert binomial_p_value(0, 4, Fraction(1, 2)) == Fraction(2, 16)      # 0 or 4 heads
    assert binomial_p_value(2, 4, Fraction(1, 2)) == 1
    assert binomial_p_value(3, 3, Fraction(9, 10)) == 1                   # the likeliest count


def test_win_chance_grows_with_own_steadiness_and_falls_with_the_others():
    base = win_chances([Fraction(1, 2), Fraction(1, 2)])
    steadier = win_chances([Fraction(7, 10), Fraction(1, 2)])
    rival = win_chances([Fraction(1, 2), Fraction(7, 10)])
    assert steadier[0] > base[0] and rival[0] < base[0]
    assert steadier[1] < base[1] and rival[1] > base[1]


def test_favourite_table_summarises_the_posterior_of_the_win_chance():
    posteriors = [BetaPosterior(14, 5), BetaPosterior(9, 9)]
    wins = posterior_win_draws(posteriors, make_rng(1), draws=4000)
    rows = favourite_table(wins)
    for row in rows:
        assert 0 <= row.low <= row.win <= row.high <= 1
    assert sum(row.favourite for row in rows) == pytest.approx(1)   # ties have chance 0
    # A second way to average over the posteriors: Gauss-Legendre quadrature (24 x 24 nodes)
    # of the win chance against the two Beta densities. The 4000 draws' mean has a standard
    # error below 0.005 (win chances spread less than 0.3); 0.02 is over 4 of them.
    nodes, weights = np.polynomial.legendre.leggauss(24)
    x, w = (nodes + 1) / 2, weights / 2
    grid = np.array(np.meshgrid(x, x, indexing="ij")).reshape(2, -1)
    mass = np.outer(w * posteriors[0].density(x), w * posteriors[1].density(x)).ravel()
    on_grid = win_chances_many(grid)
    for seat, row in enumerate(rows):
        assert row.win == pytest.approx(float(on_grid[seat] @ mass / mass.sum()), abs=0.02)
    frame = favourite_frame(wins)                                   # the same, shown
    assert frame["seat"].tolist() == [1, 2]
    assert frame["P(win), posterior mean"].tolist() == [round(row.win, 3) for row in rows]
    assert frame["P(the favourite)"].tolist() == [round(row.favourite, 3) for row in rows]


def test_a_certain_steady_child_against_a_certain_shaky_one_is_the_favourite_for_sure():
    rows = favourite_table(posterior_win_draws([BetaPosterior(5000, 1), BetaPosterior(1, 5000)],
                                               make_rng(2), draws=200))
    assert rows[0].favourite == 1 and rows[0].low > 0.99 and rows[1].high < 0.01


def test_favourite_refuses_four_seats_too_few_draws_and_a_flat_list():
    with pytest.raises(InvalidArgumentError, match="2 or 3 players"):
        posterior_win_draws([BetaPosterior(2, 2)] * 4, make_rng(1))
    with pytest.raises(InvalidArgumentError, match="draws"):
        posterior_win_draws([BetaPosterior(2, 2)] * 2, make_rng(1), draws=10)
    with pytest.raises(InvalidArgumentError, match="one row per seat"):
        favourite_table([0.5, 0.4])


def test_tables_from_records():
    frame = pd.DataFrame([{"group": g, "player": "1", "event": "roll", "value": v}
                          for g, v in [("a", "6 1 6"), ("a", "2 3"), ("b", "1 2 4")]])
    assert tables.die_faces(frame) == {1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: 2}
    assert tables.best_two_results(frame, 3) == {6: 1, 12: 1}
    quiet = pd.DataFrame([
        {"group": "a", "player": p, "event": "attempt", "value": v}
        for p, v in [("1", "silent"), ("1", "alarm"), ("1", "silent"), ("2", "slid_out")]])
    table = tables.steadiness(quiet)
    assert list(table["posterior"]) == ["Beta(3, 2)", "Beta(1, 2)"]   # slid out = not silent
    assert [(p.a, p.b) for p in tables.posteriors(quiet, "a")] == [(3, 2), (1, 2)]


def test_mouse_trap_landing_shares_and_meow_and_crank_counts_by_hand():
    from haba_lessons.games.mouse_trap import default_board
    from haba_lessons.markov import landing_probabilities

    rows = [("a", 1, "1", "landed", "3"), ("a", 1, "1", "landed", "7"),
            ("a", 1, "2", "landed", "3"), ("b", 1, "1", "landed", "5"),
            ("a", 1, "1", "crank", "works"), ("a", 2, "1", "crank", "fails"),
            ("a", 1, "1", "first_could_play", "yes"), ("a", 2, "1", "first_could_play", "no"),
            ("a", 3, "1", "first_could_play", "yes")]
    frame = pd.DataFrame([{"group": g, "round": r, "player": p, "event": e, "value": v}
                          for g, r, p, e, v in rows])
    board = default_board()
    table = tables.landing_table(frame, board).set_index("space")
    assert (table.loc[3, "landed"], table.loc[3, "mice"]) == (2, 3)    # 2 of 3 mice on 3
    assert table.loc[5, "landed"] == 1 and table.loc[4, "landed"] == 0
    assert table.loc[3, "exact P(lands)"] == landing_probabilities(board.to_markov())[3]
    shown = tables.landing_intervals(frame, board).set_index("space")
    assert 0 not in shown.index and shown.loc[3, "exact"] == float(table.loc[3, "exact P(lands)"])
    # 2 of 3 mice: the Wilson interval by its formula, written out here
    z, n, phat = 1.959963984540054, 3, 2 / 3
    centre = (phat + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert (shown.loc[3, "95% from"], shown.loc[3, "95% to"]) == pytest.approx((centre - half,
                                                                               centre + half))
    assert tables.crank_counts(frame) == (1, 2)
    assert tables.could_play(frame) == (2, 3)


def test_exact_probability_steadier_by_hand_and_against_many_draws():
    uniform, two_one = BetaPosterior(1, 1), BetaPosterior(2, 1)
    assert exact_probability_steadier(uniform, uniform) == Fraction(1, 2)
    # X with density 2x against a uniform Y: the integral of 2x · x over [0, 1] is 2/3
    assert exact_probability_steadier(two_one, uniform) == Fraction(2, 3)
    first, second = BetaPosterior(14, 5), BetaPosterior(11, 5)
    exact = exact_probability_steadier(first, second)
    assert exact + exact_probability_steadier(second, first) == 1     # ties have chance 0
    # a second method: a million seeded draws, sd 0.0005, so 0.003 is 6 sd
    draws = probability_steadier(first, second, make_rng(5), 1_000_000)
    assert float(exact) == pytest.approx(draws, abs=0.003)
