"""Property tests: random (often illegal) actions never break the game's invariants."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from haba_lessons.errors import HabaLessonsError
from haba_lessons.games.spookies import ANY_FIGURE, CHOOSE_DICE, new_game

FIGURES = ["Kracko", "Schnuffer", "Hanja", "Duffy", "Poppy"]
ANY_ACTION = st.one_of(
    st.tuples(st.just("roll"), st.integers(0, 6), st.integers(-1, 5)),
    st.tuples(st.just("stop"), st.just(None), st.integers(-1, 5)),
    st.tuples(st.just("figure"), st.sampled_from(FIGURES + ["Fido", 7]), st.integers(-1, 5)),
    st.tuples(st.just("chance"), st.sampled_from(FIGURES + [ANY_FIGURE]), st.just(-1)),
    st.tuples(st.just("dice"), st.lists(st.integers(0, 7), min_size=1, max_size=5),
              st.just(-1)),
)


def attempt(game, action):
    kind, value, player = action
    player = None if player < 0 else player
    if kind == "roll":
        game.roll(value, player=player)
    elif kind == "stop":
        game.stop(player=player)
    elif kind == "figure":
        game.choose_figure(value, player=player)
    elif kind == "chance":
        game.apply_chance(value)
    else:
        game.apply_chance(tuple(value))


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000),
       free_choice=st.booleans(), actions=st.lists(ANY_ACTION, min_size=1, max_size=80))
def test_random_actions_keep_every_invariant(players, seed, free_choice, actions):
    game = new_game(players, seed=seed, free_choice=free_choice)
    for action in actions:
        before = game.snapshot()
        try:
            attempt(game, action)
        except HabaLessonsError:
            assert game.snapshot() == before          # refused: nothing changed
        assert game.chip_total() == 75
        assert all(0 <= p <= 7 for p in game.positions)
        assert game.penalties[0] == []                 # nothing is ever laid on the start
        if game.phase == CHOOSE_DICE and game.successes == 0:
            assert all(a.kind == "roll" for a in game.legal_actions())


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_failure_costs_one_chip_per_space_fallen_or_all_you_have(seed):
    game = new_game(3, seed=seed)
    while not game.is_over and game.turn < 60:
        if game.is_chance_node:
            player, figure = game.current, game.figure
            held = len(game.chips[player])
            position = None if figure is None else game.positions[figure]
            game.sample_chance()
            if game.log[-1].kind == "failure":
                fallen = position - game.positions[figure]
                assert held - len(game.chips[player]) == min(fallen, held)
                assert fallen >= 1
        else:
            actions = game.legal_actions()
            game.apply(actions[seed % len(actions)])
