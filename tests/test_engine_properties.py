"""Property tests of the four engines (hypothesis, derandomized so CI sees the same cases).

* The protocol under random legal and illegal actions and outcomes: a refusal changes
  nothing; every chance node lists exact probabilities above 0 adding up to 1, and an
  outcome it does not list (of probability 0 with these skills, or impossible) is refused;
  legal play never breaks the game (examples: EXAMPLES_PLAY per game).
* ``position()`` under random structured input: a position, or a HabaLessonsError whose
  one-line message is of bounded length and names the field (EXAMPLES_POSITION per game).
* The games' own samplers (a faster draw than the engine's) follow the listed
  distributions: frequencies of seeded draws against the exact probabilities.
"""

from __future__ import annotations

import inspect
import re
from fractions import Fraction

import numpy as np
import pytest
from tests.conftest import refused
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from haba_lessons.engine import play
from haba_lessons.errors import HabaLessonsError
from haba_lessons.games import meow_meow, mouse_trap, quiet_as_a_mouse, spookies
from haba_lessons.games.quiet_as_a_mouse import ALARM, SILENT, SLID_OUT

GAMES = {"spookies": spookies, "quiet_as_a_mouse": quiet_as_a_mouse,
         "meow_meow": meow_meow, "mouse_trap": mouse_trap}
EXAMPLES_PLAY = 40
EXAMPLES_POSITION = 150
HALF = Fraction(1, 2)

#: Anything a student might pass as an action or an outcome.
JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.floats(allow_nan=True),
    st.text(max_size=12), st.sampled_from(["roll", "draw", "keep", "silent", "alarm", "works",
                                           "fails", "?", "Kracko", "stop"]),
    st.tuples(st.integers(-1, 13), st.integers(-1, 13)),
    st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)),
    st.lists(st.integers(0, 12), max_size=4),
    st.builds(np.array, st.lists(st.integers(0, 9), max_size=4)),
    st.sampled_from([spookies.Action("roll", 5), spookies.Action("roll", True),
                     spookies.Action("figure", "Fido"), mouse_trap.Crank(),
                     mouse_trap.SpendCheese(9), mouse_trap.TakeCheese(((0, 9),)),
                     meow_meow.Play(meow_meow.Card("red", "cow")),
                     meow_meow.Play(meow_meow.Card("red", "parrot"), "pink"),
                     (SLID_OUT, 0), (SLID_OUT, 12), ("red", "pink"), ("red",)]),
)


def a_game(name: str, players: int, seed: int, skill: int):
    """A new game; ``skill`` picks the chance model, with probabilities of 0 among them."""
    if name == "quiet_as_a_mouse":
        p, q = [(HALF, 0), (HALF, HALF), (1, 0), (0, HALF), (Fraction(2, 3), Fraction(1, 3))][skill]
        return quiet_as_a_mouse.new_game(min(players, 4), seed=seed, p=p, q=q)
    if name == "mouse_trap":
        r = [Fraction(3, 4), 0, 1, HALF, Fraction(1, 3)][skill]
        return mouse_trap.new_game(min(players, 4), seed=seed, reliability=r)
    if name == "meow_meow":
        forget = [0, HALF, 1, 0, Fraction(1, 4)][skill]
        rules = meow_meow.make_rules(min(players, 4), meow=skill > 0, forget_chance=forget)
        return meow_meow.new_game(rules=rules, seed=seed)
    return spookies.new_game(players, seed=seed, free_choice=skill == 1)


def outcomes_that_could_happen(state) -> list:
    """Outcomes of the right kind for this chance node, listed or not (probability 0)."""
    if isinstance(state, quiet_as_a_mouse.Game) and state.phase == quiet_as_a_mouse.ATTEMPT:
        return [SILENT, ALARM] + [(SLID_OUT, f) for f in range(1, 13)]
    if isinstance(state, mouse_trap.MouseTrapState):
        return [mouse_trap.WORKS, mouse_trap.FAILS, *range(0, 8)]
    if isinstance(state, meow_meow.RoundState):
        return [meow_meow.CALLED, meow_meow.FORGOT, *state.rules.deck[:8]]
    return []


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=EXAMPLES_PLAY, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), skill=st.integers(0, 4),
       wander=st.integers(0, 400),
       steps=st.lists(st.tuples(st.booleans(), JUNK), min_size=20, max_size=120))
def test_random_legal_and_illegal_moves_keep_the_protocol(name, players, seed, skill, wander,
                                                          steps):
    """``wander`` random legal steps first (deep into the game), then the drawn steps: a
    legal move, or a junk value offered to the game."""
    state = a_game(name, players, seed, skill)
    rng = np.random.default_rng(seed)
    for _ in range(wander):
        if state.is_over:
            break
        if state.is_chance_node:
            state.sample_chance(rng)
        else:
            actions = state.legal_actions()
            state.apply(actions[int(rng.integers(len(actions)))])
    for legal, junk in steps:
        if state.is_over:
            break
        if state.is_chance_node:
            listed = state.chance_outcomes()
            assert listed and sum(p for _, p in listed) == 1
            assert all(isinstance(p, Fraction) and 0 < p <= 1 for _, p in listed)
            assert state.legal_actions() == []
            for outcome in outcomes_that_could_happen(state):
                if not any(outcome == o for o, _ in listed):      # probability 0 or impossible
                    refused(state, lambda: state.apply_chance(outcome))
                    event("an unlisted outcome of the right kind refused")
        else:
            assert state.legal_actions() and state.chance_outcomes() == []
        if legal:
            if state.is_chance_node:
                drawn = state.sample_chance(rng)
                assert any(drawn == o for o, _ in listed)
            else:
                actions = state.legal_actions()
                state.apply(actions[int(rng.integers(len(actions)))])
        else:
            verb = state.apply_chance if state.is_chance_node else state.apply
            snapshot = state.snapshot()
            try:
                verb(junk)
            except HabaLessonsError as error:
                assert state.snapshot() == snapshot            # refused: nothing changed
                assert len(str(error)) < 600 and "\n" not in str(error)
                event("junk refused")
            else:
                event("junk that happened to be legal, applied")
    event("the game over" if state.is_over else "the game still going")


# --- position() under random structured input ---------------------------------------------------

VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10, 80), st.integers(),
              st.floats(allow_nan=True), st.text(max_size=8),
              st.sampled_from(["Hanja", "red", "parrot", "assumption"]),
              st.builds(meow_meow.Card, st.sampled_from(["red", "blue", "pink"]),
                        st.sampled_from(["cow", "fox", "parrot", "dragon"])),
              st.builds(np.array, st.lists(st.integers(0, 9), max_size=3))),
    lambda inner: st.one_of(st.lists(inner, max_size=8), st.tuples(inner, inner),
                            st.dictionaries(st.sampled_from(["Hanja", "Poppy", "Fido"]), inner,
                                            max_size=3)),
    max_leaves=20)


DECK = meow_meow.make_rules(2).deck
CARDS = st.one_of(st.sampled_from(DECK), st.sampled_from(DECK),
                  st.builds(meow_meow.Card, st.sampled_from(["red", "pink"]),
                            st.sampled_from(["cow", "dragon"])))
#: For each field, values close to a real description (so that some positions are legal
#: and the refusals come from every field), mixed with anything at all.
PLAUSIBLE = {
    "figures": st.one_of(st.dictionaries(st.sampled_from(["Hanja", "Poppy", "Kracko", "Fido"]),
                                         st.integers(-1, 8), max_size=3),
                         st.lists(st.integers(-1, 8), min_size=4, max_size=6)),
    "stockpile": st.integers(-1, 80),
    "chips": st.lists(st.one_of(st.integers(-1, 40),
                                st.lists(st.sampled_from([1, 2, 3, 4, 5]), max_size=6)),
                      min_size=1, max_size=5),
    "penalties": st.lists(st.integers(-1, 9), min_size=6, max_size=8),
    "figure": st.sampled_from(["Hanja", "Poppy", 3, 9, "Fido"]),
    "current": st.integers(-1, 5),
    "castle": st.lists(st.tuples(st.integers(0, 13), st.integers(0, 13)), max_size=12),
    "hands": st.one_of(st.lists(st.integers(-1, 9), min_size=2, max_size=4),
                       st.lists(st.lists(CARDS, min_size=0, max_size=4, unique=True),
                                min_size=2, max_size=4)),
    "p": st.sampled_from([0, 0.5, 1, Fraction(2, 3), 1.5, -0.1, "1/2"]),
    "q": st.sampled_from([0, 0.1, 0.5, 1, "x"]),
    "top": CARDS, "colour": st.sampled_from([None, "red", "blue", "pink"]),
    "direction": st.sampled_from([1, -1, 0, 2, 1.0]), "pending": st.integers(-1, 8),
    "pile_bottom": st.lists(CARDS, max_size=3), "discard_below": st.lists(CARDS, max_size=3),
    "mice": st.lists(st.integers(-1, 46), min_size=2, max_size=4),
    "cheese": st.lists(st.integers(-1, 20), min_size=2, max_size=4),
    "parts": st.integers(-1, 26), "caught": st.lists(st.integers(-1, 4), max_size=3),
    "pile": st.one_of(st.none(), st.integers(-1, 60)),
    "reliability": st.sampled_from([None, 0, 0.75, "3/4", 2, "r"]),
}


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=EXAMPLES_POSITION, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_position_gives_a_position_or_a_one_line_error_naming_the_field(name, data):
    position = GAMES[name].position
    signature = inspect.signature(position).parameters
    fields = [p for p in signature if p != "players"]
    required = [p for p in fields if signature[p].default is inspect.Parameter.empty]
    chosen = required + data.draw(st.lists(st.sampled_from(fields), unique=True, max_size=4))
    kwargs = {field: data.draw(st.one_of(PLAUSIBLE.get(field, VALUES), PLAUSIBLE.get(
        field, VALUES), VALUES)) for field in chosen if field != "rules" and field != "seed"}
    if data.draw(st.integers(0, 9)) == 9:
        kwargs["sticks"] = 1                                 # now and then an unknown keyword
    players = data.draw(st.one_of(st.integers(2, 4), st.integers(2, 4), VALUES))
    try:
        state = position(players, **kwargs)
    except HabaLessonsError as error:
        message = str(error)
        assert len(message) < 500 and "\n" not in message, message
        named = [(m.start(), word) for word in fields + ["players", "option"]
                 for m in [re.search(rf"\b{word}\b", message)] if m]
        assert named, message
        event("refused, naming " + min(named)[1])
    else:
        assert state.players in (2, 3, 4, 5) and not state.is_over
        event("a legal position")


# --- the games' own samplers follow their lists ---------------------------------------------------

def frequencies_match(state, draws: int = 4000, seed: int = 7) -> None:
    """Sample the chance node ``draws`` times (each on a copy) and compare each outcome's
    share with its exact probability: within 4.5 standard errors (a false alarm about once
    in 100,000 per outcome; the seed is fixed, so it is the same every run)."""
    listed = dict(state.chance_outcomes())
    rng = np.random.default_rng(seed)
    counts: dict = {}
    for _ in range(draws):
        drawn = state.copy().sample_chance(rng)
        counts[drawn] = counts.get(drawn, 0) + 1
    assert set(counts) <= set(listed)
    for outcome, p in listed.items():
        share, p = counts.get(outcome, 0) / draws, float(p)
        assert abs(share - p) <= 4.5 * (p * (1 - p) / draws) ** 0.5 + 1e-12, (outcome, p)


def test_the_quiet_as_a_mouse_dice_drawn_face_by_face_follow_the_list():
    frequencies_match(quiet_as_a_mouse.new_game(2))


def test_the_spookies_dice_and_chips_turned_over_follow_their_lists():
    game = spookies.position(["Ana", "Ben"], figures={}, stockpile=40, figure="Hanja")
    game.roll(3)
    frequencies_match(game)
    end = spookies.position(["Ana", "Ben"], figures={}, stockpile=1, chips=[2, 0])
    end.apply_chance("Kracko")
    end.roll(4)
    end.apply_chance((6, 6, 6, 6))                          # the last chip: turned over
    assert end.phase == spookies.REVEAL
    frequencies_match(end)


def test_the_meow_meow_card_draws_and_the_dealt_run_follow_the_list():
    round_ = meow_meow.new_game(2)
    frequencies_match(round_, draws=6000)                   # the first card dealt
    dealt = {}
    for seed in range(3000):                                # the deal drawn as one run
        state = meow_meow.new_game(2)
        play(state, [None, None], seed=seed)
        dealt[state.top] = dealt.get(state.top, 0) + 1
    animals = [c for c in round_.rules.deck if not c.special]
    assert set(dealt) <= set(animals)
    for card in animals:                                    # the starting card: 1/36 each
        assert abs(dealt.get(card, 0) / 3000 - 1 / 36) < 4.5 * (1 / 36 / 3000) ** 0.5
