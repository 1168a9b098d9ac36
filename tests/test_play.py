"""The generic tools of :mod:`haba_lessons.play` over all four games.

* Random playouts (thousands of seeded games per game): chips, sticks, cards and cheese are
  conserved at every step, only listed actions are taken, every game ends with winners.
* The tournament counts wins as a hand-written loop does and uses Wilson intervals.
* The expectimax, an independent oracle, agrees exactly with each game's own exact analysis:
  Spookies' single-turn values (the optimal-policy dynamic programme) and the win chances of
  a small Quiet as a Mouse castle (the counts recursion).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games import meow_meow, mouse_trap, quiet_as_a_mouse, spookies
from haba_lessons.games.quiet_as_a_mouse import Layout, exact_game_value, make_skills
from haba_lessons.games.spookies.analysis import solve_turn
from haba_lessons.play import expectimax, play, random_bot, tournament
from haba_lessons.simulation import make_rng, wilson_interval


def spookies_conserved(state) -> None:
    assert state.chip_total() == 75
    assert all(0 <= p <= spookies.ATTIC for p in state.positions)


def quiet_conserved(state) -> None:
    assert state.sticks_accounted() == 16
    assert len(set(state.castle.values())) == len(state.castle)
    assert all(h >= 0 for h in state.hands)


def meow_conserved(state) -> None:
    assert state.card_count() == 52
    if state.is_over:                 # the multiset too (once a game: it is slow to count)
        cards = [c for h in state.hands for c in h] + state.pile + state.discard
        assert Counter(cards) == Counter(state.rules.deck)


def trap_conserved(state) -> None:
    assert state.total_cheese() == 52 and min(state.cheese) >= 0 and state.pile >= 0
    assert 0 <= state.parts <= state.board.trap_parts
    assert sum(not c for c in state.captured) >= 1


PLAYOUTS = {
    # name: (make a game from a seed, conservation check, games)
    "spookies": (lambda seed: spookies.new_game(players=2 + seed % 4, seed=seed),
                 spookies_conserved, 3000),
    "quiet_as_a_mouse": (lambda seed: quiet_as_a_mouse.new_game(
        players=2 + seed % 3, seed=seed, p=Fraction(3, 5), q=Fraction(1, 10)),
        quiet_conserved, 3000),
    "meow_meow": (lambda seed: meow_meow.new_game(players=2 + seed % 3, seed=seed),
                  meow_conserved, 2000),
    "mouse_trap": (lambda seed: mouse_trap.new_game(players=2 + seed % 3, seed=seed),
                   trap_conserved, 2000),
}


@pytest.mark.parametrize("name", PLAYOUTS)
def test_random_playouts_conserve_everything_take_only_legal_actions_and_end(name):
    make, conserved, games = PLAYOUTS[name]
    for seed in range(games):
        state, rng = make(seed), make_rng(seed)
        conserved(state)
        for _ in range(20_000):
            if state.is_over:
                break
            if state.is_chance_node:
                state.sample_chance(rng)
            else:
                actions = state.legal_actions()       # every listed action must be accepted
                state.apply(actions[int(rng.integers(len(actions)))])
            conserved(state)
        assert state.is_over, f"seed {seed}: the game did not end"
        assert state.winners and set(state.winners) <= set(range(state.players))


def test_play_lets_any_mix_of_bots_finish_a_game():
    from haba_lessons.games.spookies.strategies import get_strategy

    game = spookies.new_game(3, seed=8)
    play(game, [random_bot, get_strategy("optimal"), get_strategy("cautious")], seed=8)
    assert game.is_over and game.winners
    with pytest.raises(InvalidArgumentError, match="one bot per player"):
        play(spookies.new_game(3, seed=8), [random_bot], seed=8)


def test_play_refuses_a_game_that_does_not_end():
    never = quiet_as_a_mouse.new_game(2, p=0, seed=1)          # no stick ever stays in
    with pytest.raises(InvalidArgumentError, match="did not end"):
        play(never, [random_bot] * 2, max_steps=500)


def test_tournament_counts_wins_like_a_hand_written_loop_with_wilson_intervals():
    def cautious(state, rng):                 # stops as soon as it may
        actions = state.legal_actions()
        return spookies.Action("stop") if spookies.Action("stop") in actions else actions[0]

    bots = [random_bot, cautious]
    table = tournament(lambda seed: spookies.new_game(2, seed=seed), bots, 60, seed=3,
                       names=["random", "cautious"])
    wins = [0, 0]
    for g in range(60):                       # the same games, written out
        order = [g % 2, (g + 1) % 2]           # seat -> bot
        game = spookies.new_game(2, seed=3 + g)
        play(game, [bots[i] for i in order], seed=3 + g)
        for seat in game.winners:
            wins[order[seat]] += 1
    assert list(table["wins"]) == wins
    low, high = wilson_interval(wins[0], 60)
    assert table.loc[0, "95% CI low"] == round(low, 3)
    assert table.loc[0, "95% CI high"] == round(high, 3)


# --- the expectimax as an independent oracle ---------------------------------------------------

def chips_held(state) -> tuple[Fraction, ...]:
    return tuple(Fraction(len(c)) for c in state.chips)


def spookies_key(state):
    return (state.phase, tuple(state.positions), state.figure, state.dice,
            tuple(map(len, state.chips)), state.stockpile, state.successes > 0,
            state.current)


@pytest.mark.parametrize("held, spaces", [(None, range(spookies.ATTIC + 1)), (2, range(4, 8))])
def test_expectimax_agrees_with_the_spookies_optimal_turn_exactly(held, spaces):
    """The dynamic programme's value of a turn (first roll compulsory) for each space of the
    figure, against a search over the engine itself: roll after roll, every dice outcome,
    until the turn ends. The search may roll at most ``9 - space`` times (two steps each:
    the choice and the dice): enough to climb to
    the attic and try once more, so it equals the programme exactly when the optimal policy
    never rolls on in the attic (a search value below it would show otherwise). ``held=2``:
    a poor player, who pays at most 2 chips for a fall."""
    rules = spookies.Rules.standard()
    policy = solve_turn(rules, held=held)
    chips = 10 if held is None else held
    for space in spaces:
        game = spookies.position(["Ana", "Ben"], figures={"Hanja": space}, stockpile=60,
                                 chips=[chips, 0], figure="Hanja")
        found = expectimax(game, payoff=chips_held, leaf=lambda s: s.current != 0,
                           horizon=2 * (9 - space), key=spookies_key)
        assert found.values[0] - chips == policy.value(space, first_roll=True)
        assert found.action == policy.best_action(space, first_roll=True)


def small_castle() -> Layout:
    """Two colours, 3 holes of each on each wall; the game ends at the 3rd stick. Before
    that every roll fits (each colour keeps a free hole on each wall), so which holes a
    player picks cannot matter and maximizing equals any hole strategy."""
    wall = ("red",) * 3 + ("yellow",) * 3
    return Layout(colours=("red", "yellow"), die_faces=("red", "yellow"), front_wall=wall,
                  back_wall=wall, sticks_total=6, sticks_per_player={2: 3, 3: 2},
                  sticks_to_end=3)


def quiet_key(state):
    colours = (tuple(state.layout.front_wall[f - 1] for f in state.pair)
               if state.pair else None)
    return (state.phase, state.current, tuple(state.hands), state.roll, colours,
            tuple(sorted(state.free_counts().items())))


@pytest.mark.parametrize("players, p", [(2, [Fraction(1, 2), Fraction(3, 4)]),
                                        (3, [Fraction(2, 3), Fraction(1, 3), Fraction(1, 2)])])
def test_expectimax_brackets_the_exact_quiet_as_a_mouse_win_chances(players, p):
    """Alarms make the game loop, so the search stops after 72 steps (24 turns of roll,
    choice and attempt) and scores what is
    left as lost (a lower bound) or won (an upper bound): the exact value must lie between,
    and the bounds are less than 1/1000 apart."""
    layout = small_castle()
    exact = exact_game_value(players, make_skills(players, p), "most open", layout)
    game = quiet_as_a_mouse.new_game(players, p=p, rules=layout)
    bounds = []
    for score in (Fraction(0), Fraction(1)):
        found = expectimax(game, horizon=72, key=quiet_key,
                           cutoff=lambda s, score=score: (score,) * players)
        bounds.append(found.values)
    for i in range(players):
        assert bounds[0][i] <= exact.win[i] <= bounds[1][i]
        assert bounds[1][i] - bounds[0][i] < Fraction(1, 1000)


def test_expectimax_refuses_a_position_too_big_to_search():
    with pytest.raises(InvalidArgumentError, match="too big"):
        expectimax(meow_meow.new_game(2, seed=1), limit=500)


@pytest.mark.parametrize("horizon", [0, -3])
def test_a_horizon_below_one_step_is_refused_before_searching(horizon):
    # Ana must choose how many dice to roll: a search of no steps cannot score her choices.
    game = spookies.position(["Ana", "Ben"], figures={"Hanja": 5}, stockpile=40,
                             chips=[10, 10], figure="Hanja")
    with pytest.raises(InvalidArgumentError, match="horizon must be at least 1"):
        expectimax(game, horizon=horizon)
