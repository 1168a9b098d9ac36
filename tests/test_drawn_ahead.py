"""A generator whose numbers are drawn ahead gives exactly a plain generator's numbers.

The oracle is numpy itself: a plain ``Generator`` seeded alike, asked the same things one
call at a time. Every answer must be equal, and the shared bit generator must end in the
plain one's state, whatever mix of calls came first and however the block ended.
"""

from __future__ import annotations

import contextlib
import copy
import pickle
import random

import numpy as np
import pytest

from haba_lessons.engine import DrawnAhead, play, tournament
from haba_lessons.engine.ahead import BLOCK, drawing_ahead
from haba_lessons.errors import IllegalActionError, InvalidArgumentError
from haba_lessons.games.meow_meow import make_rules, new_game
from haba_lessons.games.meow_meow import simulate as meow
from haba_lessons.games.meow_meow.rules import RoundState
from haba_lessons.games.meow_meow.strategies import STRATEGIES, random_card
from haba_lessons.games.spookies import new_game as spookies_game
from haba_lessons.games.spookies.strategies import STRATEGIES as SPOOKIES

BIT_GENERATORS = [np.random.PCG64, np.random.PCG64DXSM, np.random.MT19937, np.random.Philox,
                  np.random.SFC64]

#: Calls a study or a bot may make, each with a plain generator's answer to compare.
CALLS = {
    "random()": lambda g: g.random(),
    "random(5)": lambda g: g.random(5),
    "random(0)": lambda g: g.random(0),
    "random(300)": lambda g: g.random(300),
    "random((2, 3))": lambda g: g.random((2, 3)),
    "random(float32)": lambda g: g.random(dtype=np.float32),
    "random(size=None)": lambda g: g.random(size=None),
    "integers(6)": lambda g: g.integers(6),
    "integers(uint32)": lambda g: g.integers(10, dtype=np.uint32),
    "choice": lambda g: g.choice(["a", "b", "c"]),
    "normal": lambda g: g.normal(size=2),
    "permutation": lambda g: g.permutation(7),
    "raw": lambda g: g.bit_generator.random_raw(),
}


def _states_equal(a: dict, b: dict) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_states_equal(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray):
        return np.array_equal(a, b)
    return a == b


def _same(x: object, y: object) -> bool:
    return (type(x) is type(y) and np.array_equal(x, y)
            and getattr(x, "dtype", None) == getattr(y, "dtype", None)
            and np.shape(x) == np.shape(y))


def _counting_blocks(monkeypatch) -> list[None]:
    """Count the blocks every DrawnAhead draws from now on."""
    blocks: list[None] = []
    draw = DrawnAhead._draw_block

    def counted(self):
        blocks.append(None)
        draw(self)
    monkeypatch.setattr(DrawnAhead, "_draw_block", counted)
    return blocks


def _script(seed: int, length: int, mostly: str = "random()") -> list[str]:
    """A mix of calls, ``mostly`` the commonest, chosen by Python's own generator."""
    chooser = random.Random(seed)
    names = list(CALLS)
    return [mostly if chooser.random() < 0.8 else chooser.choice(names) for _ in range(length)]


@pytest.mark.parametrize("bits", BIT_GENERATORS, ids=lambda b: b.__name__)
@pytest.mark.parametrize("seed", range(4))
def test_every_call_answers_as_one_call_at_a_time(bits, seed):
    plain, shared = np.random.Generator(bits(seed)), np.random.Generator(bits(seed))
    ahead = DrawnAhead(shared)
    for name in _script(seed, 3 * BLOCK):
        assert _same(CALLS[name](ahead), CALLS[name](plain)), name
    ahead.close()
    assert _states_equal(shared.bit_generator.state, plain.bit_generator.state)


@pytest.mark.parametrize("bits", BIT_GENERATORS, ids=lambda b: b.__name__)
def test_only_random_calls_cross_blocks_exactly(bits):
    plain, shared = np.random.Generator(bits(7)), np.random.Generator(bits(7))
    with drawing_ahead(shared) as ahead:
        for _ in range(2 * BLOCK + 3):
            assert ahead.random() == plain.random()
        assert _same(ahead.random(BLOCK), plain.random(BLOCK))   # across a block's end
    assert _states_equal(shared.bit_generator.state, plain.bit_generator.state)


def test_a_buffered_32_bit_number_survives_the_block():
    """``integers`` of 32 bits keeps half a draw for later; drawing ahead must not lose it."""
    plain, shared = np.random.default_rng(3), np.random.default_rng(3)
    for g in (plain, shared):
        g.integers(5, dtype=np.uint32)
    with drawing_ahead(shared) as ahead:
        for _ in range(10):
            assert ahead.random() == plain.random()
    assert shared.integers(5, dtype=np.uint32) == plain.integers(5, dtype=np.uint32)
    assert _states_equal(shared.bit_generator.state, plain.bit_generator.state)


def test_the_caller_sees_the_stream_after_the_block_however_it_ends():
    plain, shared = np.random.default_rng(4), np.random.default_rng(4)
    with pytest.raises(ZeroDivisionError):
        with drawing_ahead(shared) as ahead:
            for _ in range(5):
                assert ahead.random() == plain.random()
            1 / 0
    assert shared.random() == plain.random()
    assert ahead.random() == plain.random()          # a kept reference: no block drawn now
    assert shared.random() == plain.random()
    idle = DrawnAhead(shared)
    idle.close()                                     # closed before it drew anything
    assert idle.random() == plain.random()
    assert shared.random() == plain.random()


def test_copies_and_pickles_continue_the_stream():
    plain, shared = np.random.default_rng(5), np.random.default_rng(5)
    ahead = DrawnAhead(shared)
    for _ in range(3):
        assert ahead.random() == plain.random()
    for clone in (copy.deepcopy(ahead), pickle.loads(pickle.dumps(ahead))):
        assert _same(clone.random(4), copy.deepcopy(plain).random(4))
    assert ahead.random() == plain.random()


def test_nested_blocks_share_one_stream():
    plain, shared = np.random.default_rng(6), np.random.default_rng(6)
    with drawing_ahead(shared) as outer:
        assert outer.random() == plain.random()
        with drawing_ahead(outer) as same:
            assert same is outer
        inner = DrawnAhead(outer)                    # another holder: outer catches up first
        assert inner.random() == plain.random()
        inner.close()
        assert outer.random() == plain.random()
    assert _states_equal(shared.bit_generator.state, plain.bit_generator.state)


def test_not_a_generator_is_refused():
    with pytest.raises(InvalidArgumentError, match="make_rng"):
        DrawnAhead(42)


@pytest.mark.parametrize("bits", BIT_GENERATORS, ids=lambda b: b.__name__)
def test_other_calls_between_long_runs_cross_blocks_exactly(bits):
    """Runs of random() across block ends, each ended by another call, in fresh holders."""
    plain, shared = np.random.Generator(bits(12)), np.random.Generator(bits(12))
    chooser = random.Random(12)
    for _ in range(6):
        ahead = DrawnAhead(shared)
        for _ in range(chooser.randrange(1, 3 * BLOCK)):
            assert ahead.random() == plain.random()
        name = chooser.choice([n for n in CALLS if n != "random()"])
        assert _same(CALLS[name](ahead), CALLS[name](plain)), name
        for _ in range(chooser.randrange(BLOCK)):
            assert ahead.random() == plain.random()
        ahead.close()
        assert _states_equal(shared.bit_generator.state, plain.bit_generator.state)


def test_a_call_at_a_block_end_keeps_drawing_ahead(monkeypatch):
    blocks = _counting_blocks(monkeypatch)
    plain, shared = np.random.default_rng(13), np.random.default_rng(13)
    with drawing_ahead(shared) as ahead:
        for _ in range(BLOCK):
            assert ahead.random() == plain.random()
        assert ahead.integers(9) == plain.integers(9)      # nothing was drawn ahead for it
        for _ in range(BLOCK + 1):
            assert ahead.random() == plain.random()
    assert len(blocks) == 3
    assert _states_equal(shared.bit_generator.state, plain.bit_generator.state)


@pytest.mark.parametrize("form", [
    dict(size=np.int64(3)), dict(size=(2, 2)), dict(dtype="float64"), dict(dtype=np.dtype("f8")),
    dict(dtype=np.float32, size=3), dict(size=-1), dict(size=True), dict(size=2.5),
    dict(out=np.empty(4)), dict(dtype="int64")], ids=repr)
def test_every_form_of_random_answers_as_numpy_does(form):
    plain, shared = np.random.default_rng(14), np.random.default_rng(14)
    ahead = DrawnAhead(shared)
    for _ in range(3):
        assert ahead.random() == plain.random()
    answers = []
    for generator in (ahead, plain):
        try:
            answers.append(generator.random(**form))
        except Exception as error:            # numpy's refusal, the same for both
            answers.append((type(error), str(error)))
    if isinstance(answers[1], tuple):
        assert answers[0] == answers[1]
    else:
        assert _same(answers[0], answers[1])
    assert ahead.random() == plain.random()
    ahead.close()
    assert _states_equal(shared.bit_generator.state, plain.bit_generator.state)


def test_spawned_generators_are_numpy_s_own():
    plain, shared = np.random.default_rng(15), np.random.default_rng(15)
    ahead = DrawnAhead(shared)
    assert ahead.random() == plain.random()
    children, expected = ahead.spawn(2), plain.spawn(2)
    assert [type(c) for c in children] == [np.random.Generator] * 2
    assert [c.random() for c in children] == [c.random() for c in expected]
    assert ahead.random() == plain.random()
    ahead.close()
    assert shared.spawn(1)[0].random() == plain.spawn(1)[0].random()


def test_its_state_set_and_its_bit_generator_are_the_stream_s():
    plain, shared = np.random.default_rng(16), np.random.default_rng(16)
    ahead = DrawnAhead(shared)
    for _ in range(4):
        assert ahead.random() == plain.random()
    saved, fifth = plain.bit_generator.state, plain.random()
    assert ahead._bit_generator is shared.bit_generator
    assert _states_equal(shared.bit_generator.state, saved)      # caught up: four numbers in
    assert ahead.random() == fifth
    ahead.__setstate__(saved)                 # numpy's old pickle form: four numbers in again
    assert ahead.random() == fifth


def test_drawing_from_the_generator_itself_meanwhile_is_refused():
    """Those numbers would come again after catching up: a clear error, not a quiet reuse."""
    shared = np.random.default_rng(17)
    with pytest.raises(InvalidArgumentError, match=r"bot\(state, rng\)"):
        with drawing_ahead(shared) as ahead:
            ahead.random()
            shared.random()                               # the generator itself, not ahead


# ---- the studies: the same games as one plain generator gives --------------------------------

def _winners_played_plainly(rules, rng, bots, rounds):
    return [play(new_game(rules=rules), bots, rng=rng, max_turns=meow.MAX_TURNS,
                 stop_at_limit=True).winners for _ in range(rounds)]


@pytest.mark.parametrize("players", [2, 4])
def test_a_meow_meow_study_plays_the_rounds_plain_numbers_give(players):
    rules = make_rules(players)
    bots = [STRATEGIES.named("colour keeper"), random_card] * (players // 2)
    plain, shared = np.random.default_rng(8), np.random.default_rng(8)
    expected = _winners_played_plainly(rules, plain, bots, 60)
    results = meow._rounds(rules, shared, 60, bots, "rounds")
    assert [r.winners for r in results] == [tuple(w) for w in expected]
    assert _states_equal(shared.bit_generator.state, plain.bit_generator.state)


def test_a_tournament_draws_ahead_for_meow_meow_and_gives_the_plain_games():
    rules = make_rules(2)
    bots = [random_card, STRATEGIES.named("parrot last")]
    plain, shared = np.random.default_rng(9), np.random.default_rng(9)
    wins = [0, 0]
    for g in range(40):
        order = [g % 2, (g + 1) % 2]
        state = play(new_game(rules=rules), [bots[i] for i in order], rng=plain,
                     max_turns=meow.MAX_TURNS, stop_at_limit=True)
        for seat in state.winners:
            wins[order[seat]] += 1
    table = tournament(lambda seed: new_game(rules=rules), bots, 40, rng=shared,
                       max_turns=meow.MAX_TURNS)
    assert list(table["wins"]) == wins
    assert _states_equal(shared.bit_generator.state, plain.bit_generator.state)


def test_a_bot_that_mixes_calls_still_gets_the_plain_numbers():
    rules = make_rules(2)

    def mixing(state, rng):                         # asks for integers now and then
        rng.integers(3)
        return random_card(state, rng)
    plain, shared = np.random.default_rng(10), np.random.default_rng(10)
    expected = _winners_played_plainly(rules, plain, [mixing, random_card], 20)
    results = meow._rounds(rules, shared, 20, [mixing, random_card], "rounds")
    assert [r.winners for r in results] == [tuple(w) for w in expected]
    assert _states_equal(shared.bit_generator.state, plain.bit_generator.state)


def _giving_up_after(moves: int):
    """A bot that plays ``moves - 1`` good moves, then one the rules refuse."""
    calls = []

    def gives_up(state, rng):
        calls.append(rng.random())
        return random_card(state, rng) if len(calls) < moves else "fly away"
    return gives_up


def test_a_refused_bot_leaves_the_generator_where_its_numbers_left_it():
    rules = make_rules(2)
    plain, shared = np.random.default_rng(11), np.random.default_rng(11)
    with pytest.raises(IllegalActionError, match="gives_up"):
        meow._rounds(rules, shared, 5, _giving_up_after(30), "rounds")
    bot = _giving_up_after(30)
    with pytest.raises(IllegalActionError, match="gives_up"):
        _winners_played_plainly(rules, plain, [bot, bot], 5)
    assert _states_equal(shared.bit_generator.state, plain.bit_generator.state)


def test_a_game_that_mixes_calls_is_not_drawn_ahead():
    """Spookies rolls with ``integers``: its tournament passes the generator on as it is."""
    seen = []

    def watching(state, rng):
        seen.append(type(rng))
        return SPOOKIES.named("random")(state, rng)
    tournament(lambda seed: spookies_game(2, seed=seed), [watching, watching], 2,
               rng=np.random.default_rng(1))
    assert set(seen) == {np.random.Generator}


def _plainly(monkeypatch):
    """Drawing ahead switched off: every study then asks numpy one number at a time."""
    @contextlib.contextmanager
    def as_it_is(rng):
        yield rng
    monkeypatch.setattr(meow, "drawing_ahead", as_it_is)
    monkeypatch.setattr(RoundState, "DRAWS_AHEAD", False)


STUDIES = {
    "seats, kernel": lambda rng: [r.winners for r in meow._rounds(make_rules(3), rng, 40, None,
                                                                   "rounds")],
    "seats, bots": lambda rng: meow.seat_win_rates(make_rules(2), rng, 40,
                                                   bots=random_card).to_dict(),
    "races, kernel": lambda rng: list(meow.rounds_to_basket(make_rules(2), rng, 6)),
    "races, bots": lambda rng: list(meow.rounds_to_basket(
        make_rules(3), rng, 4, bots=STRATEGIES.named("colour keeper"))),
    "one race": lambda rng: meow.play_race(make_rules(2), rng, random_card).kittens,
    "strategy table": lambda rng: meow.strategy_table(rng, 30).to_dict(),
    "face up": lambda rng: meow.face_up_study(rng, 30).to_dict(),
}


@pytest.mark.parametrize("study", STUDIES)
def test_every_meow_meow_study_gives_what_plain_numbers_give(study, monkeypatch):
    shared = np.random.default_rng(18)
    drawn_ahead = STUDIES[study](shared)
    with monkeypatch.context() as plainly:
        _plainly(plainly)
        plain = np.random.default_rng(18)
        assert STUDIES[study](plain) == drawn_ahead
    assert _states_equal(shared.bit_generator.state, plain.bit_generator.state)


def test_a_study_draws_ahead_and_a_mixing_bot_costs_one_block(monkeypatch):
    blocks = _counting_blocks(monkeypatch)
    meow._rounds(make_rules(2), np.random.default_rng(19), 50, random_card, "rounds")
    assert len(blocks) >= 50 * 30 // BLOCK          # some 45 numbers a round, by the block

    def mixing(state, rng):
        rng.integers(3)
        return random_card(state, rng)
    blocks.clear()
    meow._rounds(make_rules(2), np.random.default_rng(19), 50, mixing, "rounds")
    assert len(blocks) == 1
