"""Notebook 04, section 5: the value of each hole pair, against a hand derivation."""

from __future__ import annotations

from fractions import Fraction

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.engine import expectimax
from haba_lessons.games import quiet_as_a_mouse
from haba_lessons.games.quiet_as_a_mouse import analysis, position

# free: front red 2, yellow 3 and 4, purple 12; back red 1 and 2, yellow 4, orange 10
CASTLE = [(1, 3), (5, 5), (6, 6), (7, 7), (8, 8), (9, 9), (10, 11), (11, 12)]


def fitting_rolls(front: list[str], back: list[str]) -> Fraction:
    """Ordered rolls of two six-colour dice that fit a free front/back pair, counted by hand."""
    colours = ["red", "yellow", "green", "blue", "orange", "purple"]
    fits = sum((a in front and b in back) or (b in front and a in back)
               for a in colours for b in colours)
    return Fraction(fits, 36)


def race(f: Fraction) -> Fraction:
    """One stick each, the opponent rolls first, every fitting roll wins (p = 1):
    (1-f)f + (1-f)^3 f + ... = (1-f)/(2-f)."""
    return (1 - f) / (2 - f)


def ana_rolled_red_yellow():
    game = position(2, castle=CASTLE, hands=[2, 1], p=1)
    game.apply_roll(("red", "yellow"))
    return game


def test_hand_counts_of_the_two_castles():
    # red in front, yellow at the back: front yellow, yellow, purple; back red, red, orange
    assert fitting_rolls(["yellow", "purple"], ["red", "orange"]) == Fraction(2, 9)
    # yellow in front, red at the back: front red, yellow, purple; back red, yellow, orange
    assert fitting_rolls(["red", "yellow", "purple"], ["red", "yellow", "orange"]) \
        == Fraction(7, 18)


def test_choice_table_brackets_the_hand_derived_win_chances():
    game = ana_rolled_red_yellow()
    before = game.snapshot()
    table = analysis.choice_table(game, horizon=60)
    assert game.snapshot() == before
    expected = {(2, 4): race(Fraction(2, 9))}                        # 7/16
    expected.update({pair: race(Fraction(7, 18)) for pair in [(3, 1), (3, 2), (4, 1), (4, 2)]})
    assert race(Fraction(2, 9)) == Fraction(7, 16) and race(Fraction(7, 18)) == Fraction(11, 29)
    assert len(table) == 5
    for _, row in table.iterrows():
        exact = float(expected[(row["front hole"], row["back hole"])])
        low, high = row["P(player 1 wins) from"], row["to"]
        assert low <= round(exact, 4) <= high and high - low <= 1e-4
    fits = dict(zip(zip(table["front hole"], table["back hole"]), table["next roll fits"]))
    assert fits[(2, 4)] == "2/9" and fits[(4, 1)] == "7/18"


def test_the_short_search_still_brackets():
    """A shallow search is less precise but its two bounds still hold the exact value."""
    table = analysis.choice_table(ana_rolled_red_yellow(), horizon=12)
    row = table.iloc[0]
    assert row["P(player 1 wins) from"] <= 0.4375 <= row["to"]
    assert row["to"] - row["P(player 1 wins) from"] > 0.01


def test_choice_table_needs_a_rolled_position():
    game = position(2, castle=CASTLE, hands=[2, 1], p=1)
    before = game.snapshot()
    with pytest.raises(InvalidArgumentError, match="apply a roll first"):
        analysis.choice_table(game)
    assert game.snapshot() == before


@pytest.mark.parametrize("horizon", [0, -3])
def test_a_horizon_below_one_is_refused_with_a_message(horizon):
    """horizon=0 used to recurse until Python gave up (a bare RecursionError)."""
    game = ana_rolled_red_yellow()
    before = game.snapshot()
    with pytest.raises(InvalidArgumentError, match="at least 1"):
        analysis.choice_table(game, horizon=horizon)
    assert game.snapshot() == before


def test_a_one_step_horizon_brackets_everything():
    """One step: Ana's attempt is searched, nothing after it; the bounds are 0 and 1."""
    table = analysis.choice_table(ana_rolled_red_yellow(), horizon=1)
    assert list(table["P(player 1 wins) from"]) == [0.0] * 5
    assert list(table["to"]) == [1.0] * 5


def test_floating_point_game_value_agrees_with_the_fractions():
    from haba_lessons.games.quiet_as_a_mouse import make_skills

    skills = make_skills(2, p=[Fraction(3, 10), Fraction(4, 5)])
    exact = analysis.exact_game_value(2, skills)
    fast = analysis.exact_game_value(2, skills, exact=False)
    assert isinstance(fast.expected_turns, float) and fast.states == exact.states
    assert abs(fast.expected_turns - float(exact.expected_turns)) < 1e-9
    assert all(abs(a - float(b)) < 1e-12 for a, b in zip(fast.win, exact.win))


def test_what_are_anas_chances_in_quiet_as_a_mouse():
    """Steady hands (p = 1), one stick each, only the purple holes free: whoever first rolls
    purple + purple places their last stick and wins. By hand: each roll fits with 1/36, so
    P(Ana, who rolls first) = (1/36) / (1 - (35/36)^2) = 36/71. The search stops after 300
    steps and counts an unfinished game as lost, so it is just below."""
    castle = [(f, f) for f in range(1, 11)]          # red..orange taken on both walls
    game = quiet_as_a_mouse.position(2, castle=castle, hands=[1, 1], p=1)
    found = expectimax(game, horizon=300, cutoff=lambda s: (Fraction(0), Fraction(0)),
                       key=lambda s: (s.phase, s.current, tuple(s.hands), s.roll, s.pair,
                                      frozenset(s.castle.items())))
    ana = Fraction(36, 71)
    assert Fraction(1, 36) / (1 - Fraction(35, 36) ** 2) == ana
    assert ana - Fraction(1, 1000) < found.values[0] <= ana
