"""Notebook 05, "What should this child play?": the exact search on a set-up round agrees
with a derivation by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from haba_lessons.engine import expectimax
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games import meow_meow
from haba_lessons.games.meow_meow import Card
from haba_lessons.games.meow_meow import Card as C
from haba_lessons.games.meow_meow import analysis as meow_analysis


def owl_position():
    ana, ben = [Card("red", "cow"), Card("red", "owl")], [Card("red", "pig")]
    return meow_meow.position(2, hands=[ana, ben], top=Card("red", "hen"))


def chances(cutoff):
    best = expectimax(owl_position(), horizon=4, cutoff=lambda s: cutoff)
    return {str(a): v[0] for a, v in best.actions}


def test_owl_or_cow_by_hand():
    # By hand: the owl skips Ben, and Ana's red cow fits the red owl: her last card. The cow
    # instead lets Ben's red pig follow (same colour): his last card.
    state = owl_position()
    state.apply(meow_meow.Play(Card("red", "owl")))
    assert state.current_player == 0
    state.apply(meow_meow.Play(Card("red", "cow")))
    assert state.is_over and state.winners == (0,)
    state = owl_position()
    state.apply(meow_meow.Play(Card("red", "cow")))
    state.apply(meow_meow.Play(Card("red", "pig")))
    assert state.is_over and state.winners == (1,)


def test_the_values_quoted_in_notebook_05_are_exact():
    low, high = chances((0, 0)), chances((1, 1))   # unfinished rounds: nobody / everybody won
    for choice, value in (("play red owl", 1), ("play red cow", 0)):
        assert low[choice] == high[choice] == value   # decided within the horizon
    assert low["draw"] == 0 < high["draw"]              # drawing is not decided within 4 steps


def test_meow_meow_choice_table():
    best = expectimax(owl_position(), horizon=4, cutoff=lambda s: (0, 0))
    table = meow_analysis.choice_table(best, player=0)
    assert list(table.columns) == ["choice", "chance to win", "≈"]
    assert list(table["choice"]) == ["play red owl", "play red cow", "draw"]
    assert list(table["chance to win"]) == ["1", "0", "0"]
    with pytest.raises(InvalidArgumentError, match="child"):
        meow_analysis.choice_table(best, player=5)


def test_the_bracketed_choice_table_shows_what_the_horizon_cuts_off():
    """Notebook 05x: a round still going after 4 steps counts once as lost, once as won."""
    lost = expectimax(owl_position(), horizon=4, cutoff=lambda s: (0, 0))
    won = expectimax(owl_position(), horizon=4, cutoff=lambda s: (1, 1))
    table = meow_analysis.choice_table(lost, player=0, upper=won).set_index("choice")
    assert list(table.columns) == ["chance to win from", "to", "≈"]
    low, high = chances((0, 0)), chances((1, 1))
    for choice in ("play red owl", "play red cow", "draw"):
        assert table.loc[choice, "chance to win from"] == str(low[choice])
        assert table.loc[choice, "to"] == str(high[choice])
    assert table.loc["play red owl", "to"] == "1" and table.loc["play red cow", "to"] == "0"
    assert table.loc["draw", "≈"] == f"0.000 – {float(high['draw']):.3f}"
    other = expectimax(meow_meow.position(2, hands=[[C("red", "cow")], [C("red", "pig")]],
                                          top=C("red", "hen")), horizon=2,
                       cutoff=lambda s: (0, 0))
    with pytest.raises(InvalidArgumentError, match="upper: give the same position"):
        meow_analysis.choice_table(lost, player=0, upper=other)


def test_what_should_ana_play_in_meow_meow():
    """Ana holds a red cow and a red owl on a red hen; Ben has one red card left. The cow
    lets Ben go out with his pig; the owl makes Ben miss his turn (2 players), and then her
    cow wins (rulebook). So: the owl, and Ana wins for sure."""
    ana = [C("red", "cow"), C("red", "owl")]
    state = meow_meow.position(2, hands=[ana, [C("red", "pig")]], top=C("red", "hen"))
    found = expectimax(state, horizon=4, cutoff=lambda s: (Fraction(0), Fraction(0)))
    assert found.action == meow_meow.Play(C("red", "owl"))
    assert found.values == (1, 0)
    assert dict(found.actions)[meow_meow.Play(C("red", "cow"))] == (0, 1)
