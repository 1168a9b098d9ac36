"""Positions a teacher sets up from a short description: legal ones are built as described,
and a description that breaks a rule is refused with an error naming the field.

Expected values come from the description itself and the rulebooks' counts (75 chips,
16 sticks, 52 cards, 52 cheese); the "what should this player do?" answers are checked
against the games' own exact analyses.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games import meow_meow, mouse_trap, quiet_as_a_mouse, spookies
from haba_lessons.games.meow_meow import Card as C
from haba_lessons.play import expectimax

# --- Spookies ------------------------------------------------------------------------------


def test_a_spookies_position_is_built_as_described():
    game = spookies.position(["Ana", "Ben", "Cleo"], figures={"Hanja": 5, "Poppy": 7},
                             stockpile=30, chips=[4, 0, 9], penalties=[0, 2, 0, 0, 1, 0, 3],
                             current=2)
    assert game.positions == [0, 0, 5, 0, 7]
    assert len(game.stockpile) == 30 and game.chip_counts() == [4, 0, 9]
    assert game.penalty_counts() == (0, 2, 0, 0, 1, 0, 3)
    assert game.chip_total() == 75
    assert Counter(game.stockpile + game.out_of_play + sum(game.chips, [])
                   + sum(game.penalties, [])) == Counter({1: 30, 2: 20, 3: 15, 5: 10})
    assert game.current_player == 2 and game.phase == spookies.FRIEND


def test_what_should_ana_do_in_spookies():
    """Hanja on >=9, Ana holds 10 chips: the exact search and the optimal-turn analysis
    name the same choice and value."""
    from haba_lessons.games.spookies.analysis import solve_turn

    game = spookies.position(["Ana", "Ben"], figures={"Hanja": 5}, stockpile=40,
                             chips=[10, 10], figure="Hanja")
    assert game.phase == spookies.CHOOSE_DICE
    found = expectimax(game, payoff=lambda s: tuple(Fraction(len(c)) for c in s.chips),
                       leaf=lambda s: s.current != 0, horizon=8,
                       key=lambda s: (s.phase, tuple(s.positions), s.dice,
                                      tuple(map(len, s.chips)), s.current))
    policy = solve_turn(game.rules)
    assert found.action == policy.best_action(5, first_roll=True)
    assert found.values[0] - 10 == policy.value(5, first_roll=True)


@pytest.mark.parametrize("changes, field", [
    ({"figures": {"Fido": 3}}, "figures"),
    ({"figures": [1, 2, 3]}, "figures"),
    ({"figures": {"Hanja": 8}}, "figures"),
    ({"stockpile": 0}, "stockpile"),
    ({"stockpile": 70, "chips": [5, 5]}, "box has only 75"),
    ({"chips": [1, 2, 3]}, "chips"),
    ({"chips": [-1, 0]}, "chips"),
    ({"penalties": [1, 1]}, "penalties"),
    ({"current": 2}, "current"),
    ({"figure": "Fido"}, "figure"),
])
def test_a_spookies_description_that_breaks_a_rule_is_refused(changes, field):
    description = {"figures": {"Hanja": 3}, "stockpile": 30, "chips": [2, 2]}
    description.update(changes)
    with pytest.raises(InvalidArgumentError, match=field):
        spookies.position(["Ana", "Ben"], **description)


# --- Quiet as a Mouse ----------------------------------------------------------------------------


def test_a_quiet_as_a_mouse_position_is_built_as_described():
    game = quiet_as_a_mouse.position(3, castle=[(1, 3), [4, 2]], hands=[2, 4, 5], current=1)
    assert game.castle == {1: 3, 4: 2} and game.hands == [2, 4, 5]
    assert game.out_of_game == 15 - 11 - 2 and game.sticks_accounted() == 16
    assert game.current_player == 1 and game.phase == quiet_as_a_mouse.ROLL


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


@pytest.mark.parametrize("changes, field", [
    ({"castle": [(1, 1), (1, 2)]}, "castle"),
    ({"castle": [(0, 1)]}, "castle"),
    ({"castle": [(1, 13)]}, "castle"),
    ({"castle": ["red"]}, "castle"),
    ({"castle": [(i, i) for i in range(1, 13)]}, "castle"),
    ({"hands": [0, 8]}, "hands"),
    ({"hands": [9, 1]}, "hands"),
    ({"hands": [8]}, "hands"),
    ({"hands": [8, 8], "castle": [(1, 1)]}, "dealt"),
    ({"current": 3}, "current"),
    ({"p": 0.9, "q": 0.2}, "p \\+ q"),
])
def test_a_quiet_as_a_mouse_description_that_breaks_a_rule_is_refused(changes, field):
    description = {"castle": [(1, 1)], "hands": [4, 5]}
    description.update(changes)
    with pytest.raises(InvalidArgumentError, match=field):
        quiet_as_a_mouse.position(2, **description)


# --- Meow Meow --------------------------------------------------------------------------------------

ANA = [C("red", "cow"), C("blue", "fox"), C("green", "pig")]
BEN = [C("yellow", "cat"), C("yellow", "hen")]


def test_a_meow_meow_position_is_built_as_described():
    state = meow_meow.position(2, hands=[ANA, BEN], top=C("red", "fox"), pending=2,
                               direction=-1, current=0)
    assert state.hands == [ANA, BEN] and state.top == C("red", "fox")
    assert state.pending == 2 and state.direction == -1 and state.colour == "red"
    assert state.card_count() == 52
    assert Counter(c for h in state.hands for c in h) + Counter(state.pile) \
        + Counter(state.discard) == Counter(state.rules.deck)
    # a fox is pending: answer with a fox or draw the penalty
    assert [str(a) for a in state.legal_actions()] == ["play blue fox", "draw"]


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


@pytest.mark.parametrize("changes, field", [
    ({"hands": [ANA]}, "hands"),
    ({"hands": [ANA, []]}, "hands"),
    ({"hands": [ANA, ["red cow"]]}, "hands"),
    ({"hands": [ANA, [C("red", "cow")]]}, "used at most once"),
    ({"hands": [ANA, [C("purple", "cow")]]}, "not in the deck"),
    ({"top": "red fox"}, "top"),
    ({"direction": 2}, "direction"),
    ({"pending": 3}, "pending"),
    ({"pending": 2, "top": C("red", "pig")}, "pending"),
    ({"top": C("red", "parrot")}, "colour"),
    ({"colour": "blue"}, "colour"),
    ({"current": 2}, "current"),
])
def test_a_meow_meow_description_that_breaks_a_rule_is_refused(changes, field):
    description = {"hands": [ANA, BEN], "top": C("red", "fox")}
    description.update(changes)
    with pytest.raises(InvalidArgumentError, match=field):
        meow_meow.position(2, **description)


# --- Mouse Trap -----------------------------------------------------------------------------------


def test_a_mouse_trap_position_is_built_as_described():
    board = mouse_trap.default_board()
    state = mouse_trap.position(["Ana", "Ben", "Cleo"], mice=[3, 5, 12], cheese=[4, 6, 0],
                                parts=board.trap_parts, caught=[2], current=1)
    assert state.positions == [3, 5, 12] and state.cheese == [4, 6, 0]
    assert state.pile == 52 - 10 and state.total_cheese() == 52
    assert state.trap_complete and state.captured == [False, False, True]
    assert state.current_player == 1 and state.phase == mouse_trap.ROLL


def test_what_should_ana_do_at_the_crank():
    """Ana's mouse stands two spaces before Turn Crank with the trap complete, Ben is on the
    Cheese Wheel: the chance that Ana catches Ben this turn is P(roll 2) * r."""
    board = mouse_trap.default_board()
    crank, wheel = board.turn_crank, board.cheese_wheel
    before = next(s for s in range(len(board.spaces)) if board.land(s, 2) == crank
                  and board.spaces[s].kind not in ("go_to",) and s != crank)
    state = mouse_trap.position(["Ana", "Ben"], mice=[before, wheel], cheese=[0, 0],
                                parts=board.trap_parts, reliability=Fraction(3, 4))
    found = expectimax(state, leaf=lambda s: s.turns > 0 and not s.is_over)
    faces = sum(board.land(before, k) == crank for k in range(1, board.die_sides + 1))
    assert faces >= 1
    assert found.values[0] == Fraction(faces, board.die_sides) * Fraction(3, 4)


@pytest.mark.parametrize("changes, field", [
    ({"mice": [3]}, "mice"),
    ({"mice": [3, 999]}, "mice"),
    ({"cheese": [40, 20]}, "cheese"),
    ({"cheese": [4, 6], "pile": 40}, "pile"),
    ({"parts": 999}, "parts"),
    ({"caught": [1]}, "caught"),
    ({"current": 5}, "current"),
])
def test_a_mouse_trap_description_that_breaks_a_rule_is_refused(changes, field):
    description = {"mice": [3, 5], "cheese": [4, 6], "parts": 2}
    description.update(changes)
    with pytest.raises(InvalidArgumentError, match=field):
        mouse_trap.position(["Ana", "Ben"], **description)


def test_no_mouse_may_stand_on_a_jump_space():
    board = mouse_trap.default_board()
    jump = next(s.number for s in board.spaces if s.kind == "go_to")
    with pytest.raises(InvalidArgumentError, match="mice: .* never stops there"):
        mouse_trap.position(2, mice=[jump, 0], cheese=[0, 0])
