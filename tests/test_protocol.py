"""Every game implements the one game protocol, in behaviour and not only in name.

For each game: ``new_game`` takes the same keywords; the state passes the runtime protocol
check; chance outcomes are exact and add up to 1; every listed outcome and action is
accepted (on a copy, leaving the original untouched); anything else is refused with
:class:`IllegalActionError` and changes nothing; ``winners`` is an empty tuple until the end.
"""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from haba_lessons.errors import IllegalActionError
from haba_lessons.games import meow_meow, mouse_trap, quiet_as_a_mouse, spookies
from haba_lessons.games.protocol import OVER, GameState
from haba_lessons.play import play, random_bot
from haba_lessons.simulation import make_rng

GAMES = {
    "spookies": (spookies, ("FRIEND", "CHOOSE_FIGURE", "CHOOSE_DICE", "DICE", "OVER"),
                 lambda s: copy.deepcopy(s.snapshot())),
    "quiet_as_a_mouse": (quiet_as_a_mouse, ("ROLL", "CHOOSE", "ATTEMPT", "OVER"),
                         lambda s: s.snapshot()),
    "meow_meow": (meow_meow, ("DEAL", "START", "TURN", "DRAWING", "DRAWN", "MEOW", "OVER"),
                  lambda s: s.snapshot()),
    "mouse_trap": (mouse_trap, ("ROLL", "PUSH_ROLL", "CRANK", "SPLIT", "AT_CRANK", "OVER"),
                   lambda s: (copy.deepcopy(s), str(s.rng.bit_generator.state))),
}
#: An action or outcome of each game, to offer to the others.
FOREIGN = {
    "spookies": spookies.Action("roll", 3),
    "quiet_as_a_mouse": (1, 3),
    "meow_meow": meow_meow.Play(meow_meow.Card("red", "cow")),
    "mouse_trap": mouse_trap.Crank(),
}
IMPOSSIBLE_OUTCOMES = ("no such outcome", (9, 9, 9, 9), None, 7, ("slid_out", 99))


def start(name: str, seed: int = 5) -> GameState:
    module = GAMES[name][0]
    return module.new_game(players=3, seed=seed, rules=None)


def refused(state: GameState, snap, action) -> str:
    before = snap(state)
    with pytest.raises(IllegalActionError) as info:
        action()
    assert snap(state) == before
    return str(info.value)


@pytest.mark.parametrize("name", GAMES)
def test_new_game_takes_the_same_keywords_and_satisfies_the_protocol(name):
    state = start(name)
    assert isinstance(state, GameState)
    assert state.players == 3
    assert state.winners == () and not state.is_over
    assert isinstance(state.current_player, int) and 0 <= state.current_player < 3
    module, phases, _ = GAMES[name]
    assert state.phase in [getattr(module, p) for p in phases]
    assert module.OVER == OVER


@pytest.mark.parametrize("name", GAMES)
def test_every_step_of_random_games_behaves_as_the_protocol_says(name):
    """Walk 3 seeded games; at every state check the protocol's promises exactly."""
    module, phases, snap = GAMES[name]
    exported = {getattr(module, p) for p in phases}
    for seed in range(3):
        state, rng = start(name, seed), make_rng(seed)
        for _ in range(400):
            if state.is_over:
                break
            assert state.phase in exported and state.winners == ()
            if state.is_chance_node:
                outcomes = state.chance_outcomes()
                assert outcomes and all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
                assert sum(p for _, p in outcomes) == 1
                assert state.legal_actions() == []
                before = snap(state)
                for outcome, _ in outcomes[:8]:          # each listed outcome is accepted
                    state.copy().apply_chance(outcome)
                assert snap(state) == before
                drawn = state.sample_chance(rng)
                assert any(drawn == o for o, _ in outcomes)
            else:
                actions = state.legal_actions()
                assert actions
                before = snap(state)
                for action in actions[:8]:
                    state.copy().apply(action)
                assert snap(state) == before
                state.apply(actions[int(rng.integers(len(actions)))])
        if state.is_over:
            assert state.phase == OVER
            assert isinstance(state.winners, tuple) and state.winners
            assert all(isinstance(w, int) and 0 <= w < 3 for w in state.winners)
            assert state.legal_actions() == []


@pytest.mark.parametrize("name", GAMES)
def test_copy_is_independent_and_has_the_same_future(name):
    state = start(name)
    twin = state.copy()
    play(twin, [random_bot] * 3, seed=11)
    assert twin.is_over and not state.is_over           # playing the copy left state alone
    again = state.copy()
    play(again, [random_bot] * 3, seed=11)
    assert again.winners == twin.winners and len(again.log) == len(twin.log)
    assert [str(e) for e in again.log] == [str(e) for e in twin.log]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("other", FOREIGN)
def test_another_games_action_is_refused_and_changes_nothing(name, other):
    state, snap = start(name), GAMES[name][2]
    while state.is_chance_node:
        state.sample_chance(make_rng(1))
    action = FOREIGN[other]
    if any(action == a for a in state.legal_actions()):
        pytest.skip("this object happens to be legal here")
    message = refused(state, snap, lambda: state.apply(action))
    assert message


@pytest.mark.parametrize("name", GAMES)
def test_an_outcome_that_cannot_happen_is_refused_and_changes_nothing(name):
    state, snap = start(name), GAMES[name][2]
    rng = make_rng(2)
    checked = 0
    for _ in range(60):
        if state.is_over:
            break
        if state.is_chance_node:
            possible = [o for o, _ in state.chance_outcomes()]
            for bad in IMPOSSIBLE_OUTCOMES:
                if not any(bad == o for o in possible):
                    refused(state, snap, lambda: state.apply_chance(bad))
                    checked += 1
            state.sample_chance(rng)
        else:
            # a decision is due: chance may not act now, whatever the outcome
            refused(state, snap, lambda: state.apply_chance("anything"))
            refused(state, snap, lambda: state.sample_chance(rng))
            state.apply(random_bot(state, rng))
    assert checked > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_decision_at_a_chance_node_is_refused_and_changes_nothing(name):
    state, snap = start(name), GAMES[name][2]
    while not state.is_chance_node:
        state.apply(random_bot(state, make_rng(3)))
    for other in FOREIGN.values():
        refused(state, snap, lambda: state.apply(other))


@pytest.mark.parametrize("name", GAMES)
def test_nothing_is_accepted_after_the_end(name):
    state, snap = start(name), GAMES[name][2]
    play(state, [random_bot] * 3, seed=4)
    assert state.is_over and state.winners
    assert state.legal_actions() == []
    for other in FOREIGN.values():
        refused(state, snap, lambda: state.apply(other))
    refused(state, snap, lambda: state.apply_chance(1))
