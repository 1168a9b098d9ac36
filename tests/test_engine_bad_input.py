"""Bad input to the four engines gets one clear error, the same in every game (issue 16).

Each test here failed before the engines shared their checks: a numpy array as an action
raised "truth value ... ambiguous", ``position()`` given a number or None where a list
belongs raised TypeError (11 places), a wrong ``rules`` raised AttributeError, an unknown
keyword a plain TypeError, ``meow_meow.position(direction=1.0)`` was accepted, a whole game
of Quiet as a Mouse sent expectimax into Python's recursion limit.
"""

from __future__ import annotations

import numpy as np
import pytest
from tests.conftest import refused

from haba_lessons.engine import expectimax
from haba_lessons.errors import IllegalActionError, InvalidArgumentError
from haba_lessons.games import meow_meow, mouse_trap, quiet_as_a_mouse, spookies

GAMES = {"spookies": spookies, "quiet_as_a_mouse": quiet_as_a_mouse,
         "meow_meow": meow_meow, "mouse_trap": mouse_trap}
C = meow_meow.Card


def positions():
    """A legal position of each game (its description as keywords)."""
    return {
        "spookies": {"figures": {"Hanja": 3}, "stockpile": 30, "chips": [2, 2],
                     "penalties": [0] * 7},
        "quiet_as_a_mouse": {"castle": [(1, 1)], "hands": [4, 5]},
        "meow_meow": {"hands": [[C("red", "cow")], [C("blue", "hen")]], "top": C("red", "pig"),
                      "pile_bottom": [], "discard_below": []},
        "mouse_trap": {"mice": [3, 5], "cheese": [4, 6], "caught": []},
    }


LIST_FIELDS = [(game, name) for game, description in positions().items()
               for name, value in description.items() if isinstance(value, (list, dict))]
#: Fields whose default is None (left out: the default), so None is not a mistake there.
NONE_IS_THE_DEFAULT = {("spookies", "chips"), ("spookies", "penalties"),
                       ("quiet_as_a_mouse", "hands")}


def test_there_are_eleven_fields_where_a_list_belongs():
    assert len(LIST_FIELDS) == 11


@pytest.mark.parametrize("game, field", LIST_FIELDS)
@pytest.mark.parametrize("wrong", [5, None, "red", 2.5])
def test_a_number_or_none_where_a_list_belongs_names_the_field(game, field, wrong):
    if wrong is None and (game, field) in NONE_IS_THE_DEFAULT:
        pytest.skip("None is this field's default")
    description = positions()[game]
    description[field] = wrong
    with pytest.raises(InvalidArgumentError) as info:
        GAMES[game].position(2, **description)
    assert str(info.value).startswith(f"{field}:"), str(info.value)
    assert len(str(info.value)) < 300 and "\n" not in str(info.value)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("wrong", ["standard", 3, object(), {"players": 2}])
def test_anything_but_a_rules_object_as_rules_names_the_field(game, wrong):
    for make in (lambda: GAMES[game].new_game(2, rules=wrong),
                 lambda: GAMES[game].position(2, rules=wrong, **positions()[game])):
        with pytest.raises(InvalidArgumentError, match=r"^rules: give"):
            make()


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_keyword_is_named_with_the_allowed_ones(game):
    with pytest.raises(InvalidArgumentError) as info:
        GAMES[game].new_game(2, sed=3)
    message = str(info.value)
    assert "new_game() has no option 'sed'" in message and "seed" in message
    with pytest.raises(InvalidArgumentError, match=r"position\(\) has no option 'figure_s'"):
        GAMES[game].position(2, figure_s=1, **positions()[game])
    if game != "quiet_as_a_mouse":                  # (its fields all have defaults)
        with pytest.raises(InvalidArgumentError, match=r"position\(\) needs"):
            GAMES[game].position(2)                 # a required field left out


@pytest.mark.parametrize("direction", [1.0, -1.0, True, 2, "1", np.float64(1)])
def test_a_meow_meow_direction_that_is_not_plus_or_minus_one_as_a_whole_number(direction):
    """direction=1.0 used to be accepted (1.0 in (1, -1)) and then broke legal_actions()."""
    description = positions()["meow_meow"]
    with pytest.raises(InvalidArgumentError, match="^direction:"):
        meow_meow.position(2, direction=direction, **description)
    assert meow_meow.position(2, direction=-1, **description).direction == -1


def decision_of(game: str):
    state = GAMES[game].position(2, **positions()[game])
    while state.is_chance_node:
        state.sample_chance(np.random.default_rng(1))
    return state


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("array", [np.array([1, 3]), np.array(["roll", 3], dtype=object),
                                   np.array([]), np.zeros((2, 2))])
def test_a_numpy_array_as_an_action_or_outcome_is_refused_clearly(game, array):
    state = decision_of(game)
    message = refused(state, lambda: state.apply(array))
    assert "not an action" in message and "ambiguous" not in message
    state = GAMES[game].new_game(2)
    assert state.is_chance_node
    message = refused(state, lambda: state.apply_chance(array))
    assert "not an outcome" in message and "ambiguous" not in message


@pytest.mark.parametrize("game", GAMES)
def test_a_list_inside_an_action_is_refused_too(game):
    state = decision_of(game)
    refused(state, lambda: state.apply((np.array([1]), 3)))
    refused(state, lambda: state.apply([1, 3]))


def test_expectimax_on_a_whole_game_of_quiet_as_a_mouse_refuses_instead_of_recursing():
    game = quiet_as_a_mouse.new_game(2)
    with pytest.raises(InvalidArgumentError, match="came back to a position"):
        expectimax(game)                            # alarms pass the turn: the game loops
    with pytest.raises(InvalidArgumentError, match="too big for an exact search"):
        expectimax(game, horizon=400, limit=20_000)
    assert game.turns == 0 and game.log == []      # searched on copies only


def test_a_deep_search_is_limited_by_the_states_it_visits_not_by_python():
    """A horizon of 1,200 steps used to hit Python's recursion limit; the search walks
    with its own stack. Steady hands, one free pair left: the game ends only when someone rolls
    purple + purple, so every path is long."""
    game = quiet_as_a_mouse.position(2, castle=[(f, f) for f in range(1, 11)], hands=[1, 1],
                                     p=1)
    found = expectimax(game, horizon=1200, cutoff=lambda s: (0, 0))
    assert 0.5 < found.values[0] < 0.51                   # 36/71 = 0.507..., from below


@pytest.mark.parametrize("game", GAMES)
def test_the_message_names_what_was_given_and_what_is_allowed(game):
    state = decision_of(game)
    message = refused(state, lambda: state.apply("jump"))
    assert "'jump'" in message and "choices now:" in message
    assert len(message) < 600 and "\n" not in message


@pytest.mark.parametrize("game", GAMES)
def test_a_huge_value_is_shown_cut_short(game):
    state = decision_of(game)
    message = refused(state, lambda: state.apply("x" * 5_000_000))
    assert len(message) < 600


def test_an_action_at_a_chance_node_is_refused_the_same_way_in_every_game():
    for module in GAMES.values():
        state = module.new_game(2)
        assert state.is_chance_node
        with pytest.raises(IllegalActionError, match="cannot be played now"):
            state.apply("anything")


def meow_meow_states_at_each_decision():
    """A Meow Meow turn and a just-drawn card that fits, from seeded random rounds."""
    from haba_lessons.engine import play, random_bot
    from haba_lessons.games.meow_meow.rules import DRAWN, TURN
    found = {}
    for seed in range(50):
        state = meow_meow.new_game(2, seed=seed)
        play(state, [random_bot] * 2, seed=seed, until=lambda s: s.phase == DRAWN,
             stop_at_limit=True)
        if state.phase == DRAWN:
            found[DRAWN] = state
            break
    found[TURN] = decision_of("meow_meow")
    return found


@pytest.mark.parametrize("make_card", [lambda card: C(np.array([card.colour]), card.animal),
                                       lambda card: C([card.colour], card.animal),
                                       lambda card: np.array(card)],
                         ids=["a card of arrays", "a card of lists", "an array"])
def test_a_meow_meow_card_made_of_arrays_or_lists_is_refused_at_every_decision(make_card):
    """The engine once hashed every action before looking at it; Meow Meow's own quick check
    now says no to such a card itself, on a turn and after a draw (where a card of one-item
    arrays compares equal to the card drawn)."""
    from haba_lessons.engine import play
    for phase, state in meow_meow_states_at_each_decision().items():
        card = state.drawn if state.drawn is not None else state.hands[state.current][0]
        action = meow_meow.Play(make_card(card))
        message = refused(state, lambda: state.apply(action))
        assert "ambiguous" not in message, (phase, message)
        def wrong(state, rng):
            return action
        message = refused(state, lambda: play(state, [wrong] * 2))
        assert message.startswith("the bot 'wrong' of player"), message


def test_a_spookies_action_of_an_unknown_kind_is_named_as_given():
    """Action("fly", 4) was refused as "'stop' is not allowed: ...", its str() "stop"."""
    state = decision_of("spookies")
    message = refused(state, lambda: state.apply(spookies.Action("fly", 4)))
    assert message.startswith("\"Action('fly', 4)\" is not allowed"), message
