"""Every game implements the one game protocol, in behaviour and not only in name.

For each game: ``new_game`` takes the same keywords; the state passes the runtime protocol
check; chance outcomes are exact, above 0 and add up to 1; every listed outcome and action is
accepted (on a copy, leaving the original untouched); anything else (another game's action,
an outcome that cannot happen, an action at a chance node, anything after the end) is
refused with :class:`IllegalActionError` and changes nothing; ``winners`` is empty until the
end; ``chance_outcomes()`` is empty at a decision and ``legal_actions()`` at chance.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.conftest import refused

from haba_lessons.engine import OVER, GameState, play, random_bot
from haba_lessons.errors import HabaLessonsError
from haba_lessons.games import meow_meow, mouse_trap, quiet_as_a_mouse, spookies
from haba_lessons.simulation import make_rng

GAMES = {"spookies": spookies, "quiet_as_a_mouse": quiet_as_a_mouse,
         "meow_meow": meow_meow, "mouse_trap": mouse_trap}
#: An action or outcome of each game, to offer to the others.
FOREIGN = {
    "spookies": spookies.Action("roll", 3),
    "quiet_as_a_mouse": (1, 3),
    "meow_meow": meow_meow.Play(meow_meow.Card("red", "cow")),
    "mouse_trap": mouse_trap.Crank(),
}
IMPOSSIBLE_OUTCOMES = ("no such outcome", (9, 9, 9, 9), None, 7, ("slid_out", 99))


def start(name: str, seed: int = 5) -> GameState:
    return GAMES[name].new_game(3, seed=seed, rules=None)


@pytest.mark.parametrize("name", GAMES)
def test_new_game_takes_the_same_keywords_and_satisfies_the_protocol(name):
    state = start(name)
    assert isinstance(state, GameState)
    assert state.players == 3
    assert state.winners == () and not state.is_over and state.turns == 0
    assert isinstance(state.current_player, int) and 0 <= state.current_player < 3
    module = GAMES[name]
    assert state.phase in set(module.Phase) and module.Phase.OVER == OVER == module.OVER


@pytest.mark.parametrize("name", GAMES)
def test_every_step_of_random_games_behaves_as_the_protocol_says(name):
    """Walk 3 seeded games; at every state check the protocol's promises exactly."""
    phases = set(GAMES[name].Phase)
    for seed in range(3):
        state, rng = start(name, seed), make_rng(seed)
        for _ in range(400):
            if state.is_over:
                break
            assert state.phase in phases and state.winners == ()
            if state.is_chance_node:
                outcomes = state.chance_outcomes()
                assert outcomes and all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
                assert sum(p for _, p in outcomes) == 1
                assert state.legal_actions() == []
                before = state.snapshot()
                for outcome, _ in outcomes[:8]:          # each listed outcome is accepted
                    state.copy().apply_chance(outcome)
                assert state.snapshot() == before
                drawn = state.sample_chance(rng)
                assert any(drawn == o for o, _ in outcomes)
            else:
                actions = state.legal_actions()
                assert actions and state.chance_outcomes() == []
                before = state.snapshot()
                for action in actions[:8]:
                    state.copy().apply(action)
                assert state.snapshot() == before
                state.apply(actions[int(rng.integers(len(actions)))])
        if state.is_over:
            assert state.phase == OVER
            assert isinstance(state.winners, tuple) and state.winners
            assert all(isinstance(w, int) and 0 <= w < 3 for w in state.winners)
            assert state.legal_actions() == [] and state.chance_outcomes() == []


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
    state = start(name)
    play(state, [None] * 3, seed=1)                     # chance acts until a decision
    action = FOREIGN[other]
    if any(action == a for a in state.legal_actions()):
        pytest.skip("this object happens to be legal here")
    message = refused(state, lambda: state.apply(action))
    assert "allowed" in message and "choices now" in message


@pytest.mark.parametrize("name", GAMES)
def test_an_outcome_that_cannot_happen_is_refused_and_changes_nothing(name):
    state = start(name)
    rng = make_rng(2)
    checked = 0
    for _ in range(60):
        if state.is_over:
            break
        if state.is_chance_node:
            possible = [o for o, _ in state.chance_outcomes()]
            for bad in IMPOSSIBLE_OUTCOMES:
                if not any(bad == o for o in possible):
                    refused(state, lambda: state.apply_chance(bad), "cannot happen")
                    checked += 1
            state.sample_chance(rng)
        else:
            # a decision is due: chance may not act now, whatever the outcome
            refused(state, lambda: state.apply_chance("anything"), "no chance event now")
            refused(state, lambda: state.sample_chance(rng), "no chance event now")
            state.apply(random_bot(state, rng))
    assert checked > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_decision_at_a_chance_node_is_refused_and_changes_nothing(name):
    state = start(name)
    while not state.is_chance_node:
        state.apply(random_bot(state, make_rng(3)))
    for other in FOREIGN.values():
        refused(state, lambda: state.apply(other), "cannot be played now")


@pytest.mark.parametrize("name", GAMES)
def test_nothing_is_accepted_after_the_end(name):
    state = start(name)
    play(state, [random_bot] * 3, seed=4)
    assert state.is_over and state.winners
    assert state.legal_actions() == [] and state.chance_outcomes() == []
    for other in FOREIGN.values():
        refused(state, lambda: state.apply(other), "game is over")
    refused(state, lambda: state.apply_chance(1), "game is over")
    refused(state, lambda: state.sample_chance(make_rng(1)), "game is over")


@pytest.mark.parametrize("name", GAMES)
def test_a_bot_that_returns_an_illegal_action_is_named_in_the_refusal(name):
    state = start(name)

    def cheat(state, rng):
        return "not an action of any game"
    with pytest.raises(Exception) as info:
        play(state, [cheat] * 3, seed=1)
    assert type(info.value).__name__ == "IllegalActionError"
    assert "the bot 'cheat' of player" in str(info.value) and "choices now" in str(info.value)


def _step_by_step(state: GameState, bots, rng) -> GameState:
    """The play loop written with the protocol alone: one chance node or decision at a time."""
    while not state.is_over:
        if state.is_chance_node:
            state.sample_chance(rng)
        else:
            state.apply(bots[state.current_player](state, rng))
    return state


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_play_loop_takes_the_steps_of_the_protocol_with_the_same_numbers(name, seed):
    """The loop over the engine's states runs chance nodes in one go (Meow Meow's deal with
    one call to the generator) and skips the checks it has just made: the same game."""
    bots = [GAMES[name].STRATEGIES.named(n) for n in list(GAMES[name].STRATEGIES)[:3]]
    fast = play(start(name, seed), bots, rng=make_rng(seed))
    slow = _step_by_step(start(name, seed), bots, make_rng(seed))
    assert fast.snapshot() == slow.snapshot() and fast.log == slow.log


@pytest.mark.parametrize("name", GAMES)
def test_every_game_keeps_its_bots_in_one_registry_reached_the_same_way(name):
    game = GAMES[name]
    assert game.named == game.STRATEGIES.named and len(game.STRATEGIES) >= 2
    for strategy in game.STRATEGIES:
        assert callable(game.named(strategy))
    with pytest.raises(HabaLessonsError) as info:
        game.named("no such bot")
    assert "no such bot" in str(info.value) and list(game.STRATEGIES)[0] in str(info.value)
