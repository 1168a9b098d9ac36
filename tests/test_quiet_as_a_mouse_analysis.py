"""Quiet as a Mouse exact analysis, checked against hand derivations, brute force over the
rules engine, an independent linear-algebra solution, and simulation."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.quiet_as_a_mouse import (CHOOSE, OVER, ROLL, STRATEGIES, Game, blocked_as_castle_fills,
                                                 blocked_probability, double_probability,
                                                 exact_game_value, first_roll_blocked_counts,
                                                 load_layout, make_skills,
                                                 pair_probabilities, simulate_games,
                                                 strategy_named, win_counts)
from haba_lessons.simulation import make_rng



def tiny_layout(tmp_path: Path, colours: list[str], holes_per_colour: int, end: int):
    """A teacher-style file: ``holes_per_colour`` holes of each colour on each wall."""
    wall = [c for c in colours for _ in range(holes_per_colour)]
    text = f"""
[meta]
game = "quiet_as_a_mouse"
[colours]
provenance = "assumption"
value = {colours!r}
[die_faces]
provenance = "assumption"
value = {colours!r}
[front_wall]
provenance = "assumption"
value = {wall!r}
[back_wall]
provenance = "assumption"
value = {wall!r}
[sticks_total]
provenance = "rulebook"
value = 16
[sticks_per_player]
provenance = "rulebook"
value = {{ 2 = 8, 3 = 5, 4 = 4 }}
[sticks_to_end]
provenance = "assumption"
value = {end}
""".replace("'", '"')
    path = tmp_path / "castle.toml"
    path.write_text(text)
    return load_layout(path)


# --- the spec's facts -------------------------------------------------------------------
def test_doubles_have_probability_one_sixth():
    # 6 of the 36 equally likely ordered rolls show the same colour twice
    assert double_probability() == Fraction(6, 36) == Fraction(1, 6)


def test_red_yellow_in_either_order_has_probability_one_eighteenth():
    # (red, yellow) and (yellow, red): 2 of 36
    pairs = pair_probabilities()
    assert pairs["red + yellow"] == Fraction(2, 36) == Fraction(1, 18)
    assert pairs["red + red"] == Fraction(1, 36)
    assert len(pairs) == 21  # 6 doubles + 15 mixed pairs


def test_empty_castle_blocks_nothing_and_full_castle_blocks_everything():
    game = Game(2)
    assert game.blocked_probability() == 0
    for i in range(1, 13):
        game.castle[i] = i          # fill every hole directly (a state, not a game)
    assert game.blocked_probability() == 1


def test_hand_derived_blocked_probabilities():
    game = Game(2)
    game.castle = {1: 1, 2: 2}     # both red holes gone on both walls (holes numbered from 1)
    # blocked exactly when a die shows red: 1 - (5/6)^2
    assert game.blocked_probability() == 1 - Fraction(5, 6) ** 2 == Fraction(11, 36)
    # free: only red front holes and yellow back holes -> only red+yellow fits (2 of 36)
    game.castle = {f: b for f, b in zip(range(3, 13), [1, 2] + list(range(5, 13)))}
    assert game.free_counts()["red"] == (2, 0) and game.free_counts()["yellow"] == (0, 2)
    assert game.blocked_probability() == 1 - Fraction(2, 36)


def brute_force_blocked(game: Game) -> Fraction:
    """Count the 36 rolls for which the engine lists no legal pair."""
    faces = game.layout.die_faces
    blocked = sum(1 for a in faces for b in faces if not game.pairs_for((a, b)))
    return Fraction(blocked, len(faces) ** 2)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 12), st.integers(1, 12)), max_size=12))
def test_blocked_formula_matches_brute_force_over_the_engine(sticks):
    game = Game(2)
    for front, back in sticks:
        if front not in game.castle and back not in game.castle.values():
            game.castle[front] = back
    assert blocked_probability(game.free_counts(), game.layout) == brute_force_blocked(game)


def test_blocked_probability_grows_as_the_castle_fills():
    for strategy in STRATEGIES:
        curve = blocked_as_castle_fills(strategy)
        assert len(curve) == 12
        assert curve[0] == 0 and curve[1] == 0   # 2 holes per colour: one stick blocks nothing
        assert all(a < b for a, b in zip(curve[1:], curve[2:]))
        assert 0 < curve[-1] < 1


@pytest.mark.parametrize("strategy", ["first free pair", "random"])
def test_blocked_curve_agrees_with_engine_simulation(strategy):
    exact = blocked_as_castle_fills(strategy)
    watched = first_roll_blocked_counts(600, make_rng(11), strategy)
    for k, (blocked, games) in enumerate(watched):
        p = float(exact[k])
        tolerance = 4 * math.sqrt(p * (1 - p) / games) + 1e-9
        assert abs(blocked / games - p) <= tolerance, k


# --- the whole game -----------------------------------------------------------------------
def test_one_hole_castle_matches_the_hand_derivation(tmp_path):
    # one colour, one hole per wall, the game ends with the first stick: seat 0 wins when
    # its first success comes first. P = p0 / (1 - (1-p0)(1-p1)); E[turns] = (2 - p0) / s
    layout = tiny_layout(tmp_path, ["red"], 1, 1)
    p0, p1 = Fraction(1, 3), Fraction(3, 5)
    s = 1 - (1 - p0) * (1 - p1)
    value = exact_game_value(2, make_skills(2, p=[p0, p1]), "first free pair", layout)
    assert value.win == (p0 / s, (1 - p0) * p1 / s)
    assert value.expected_turns == (2 - p0) / s


def engine_chain_value(players, skills, strategy, layout):
    """Second method: enumerate every engine state and solve the absorbing chain exactly."""
    choose = strategy_named(strategy)
    index, queue = {}, []

    def key(game):
        return (tuple(sorted(game.castle.items())), tuple(game.hands), game.current,
                game.phase, game.roll)

    def visit(game):
        k = key(game)
        if k not in index:
            index[k] = len(index)
            queue.append(game)
        return index[k]

    visit(Game(players, skills, layout))
    transitions = {}
    while queue:
        game = queue.pop()
        i = index[key(game)]
        if game.phase == OVER:
            transitions[i] = ("over", game.winners)
            continue
        if game.phase == CHOOSE:
            twin = game.copy()
            twin.choose_pair(choose(twin, None))
            outcomes = [(twin, Fraction(1), 0)]
        else:
            outcomes = []
            for outcome, pr in game.chance_outcomes():
                twin = game.copy()
                twin.apply_chance(outcome)
                outcomes.append((twin, pr, int(game.phase == ROLL)))
        transitions[i] = ("move", [(visit(t), pr, cost) for t, pr, cost in outcomes])
    # V[i] - sum_j P(i -> j) V[j] = cost / win indicators: one sparse row per state
    rows = {}
    for i, (kind, data) in transitions.items():
        coefficients = {i: Fraction(1)}
        constant = [Fraction(0)] * (players + 1)
        if kind == "over":
            for w in data:
                constant[1 + w] = Fraction(1)
        else:
            for j, pr, cost in data:
                coefficients[j] = coefficients.get(j, Fraction(0)) - pr
                constant[0] += pr * cost
        rows[i] = (coefficients, constant)
    return gauss_jordan(rows)[0]


def gauss_jordan(rows):
    """Solve the sparse linear system exactly; returns {unknown: solution vector}."""
    solved = {}
    for pivot in sorted(rows, reverse=True):  # deepest states first: little fill-in
        coefficients, constant = rows.pop(pivot)
        scale = coefficients.pop(pivot)
        coefficients = {k: c / scale for k, c in coefficients.items()}
        constant = [c / scale for c in constant]
        for other, (co, const) in list(rows.items()) + list(solved.items()):
            factor = co.pop(pivot, None)
            if factor is None:
                continue
            for k, c in coefficients.items():
                co[k] = co.get(k, Fraction(0)) - factor * c
            for m, c in enumerate(constant):
                const[m] -= factor * c
        solved[pivot] = (coefficients, constant)
    return {i: constant for i, (_, constant) in solved.items()}


@pytest.mark.parametrize("colours, holes, end, players, strategy", [
    (["red", "blue"], 1, 2, 2, "most open"),
    (["red", "blue", "green"], 1, 3, 3, "first free pair"),
])
def test_exact_value_matches_an_engine_built_absorbing_chain(tmp_path, colours, holes, end,
                                                             players, strategy):
    layout = tiny_layout(tmp_path, colours, holes, end)
    skills = make_skills(players, p=[Fraction(1, 2), Fraction(2, 3), Fraction(1, 3),
                                     Fraction(3, 4)][:players])
    value = exact_game_value(players, skills, strategy, layout)
    chain = engine_chain_value(players, skills, strategy, layout)
    assert [value.expected_turns, *value.win] == chain


def test_exact_value_agrees_with_simulation():
    skills = make_skills(2, p=[Fraction(4, 5), Fraction(1, 2)])
    value = exact_game_value(2, skills, "most open")
    games = 800
    results = simulate_games(games, 2, skills, make_rng(2024), "most open")
    turns = [r.turns for r in results]
    mean = sum(turns) / games
    sd = math.sqrt(sum((t - mean) ** 2 for t in turns) / (games - 1))
    assert abs(mean - float(value.expected_turns)) < 4 * sd / math.sqrt(games)
    for seat, wins in enumerate(win_counts(results, 2)):
        p = float(value.win[seat])
        assert abs(wins / games - p) < 4 * math.sqrt(p * (1 - p) / games)
    assert value.win[0] > value.win[1]          # the steadier hand wins more often


def test_seat_order_alone_favours_the_first_player():
    value = exact_game_value(2, make_skills(2, p=Fraction(1, 2)))
    assert value.win[0] > value.win[1]
    # ties count for both, so the win chances add up to more than 1
    assert sum(value.win) > 1


def test_exact_analysis_refuses_what_it_cannot_compute():
    with pytest.raises(InvalidArgumentError, match="q = 0"):
        exact_game_value(2, make_skills(2, p=0.5, q=0.1))
    with pytest.raises(InvalidArgumentError, match="never ends"):
        exact_game_value(2, make_skills(2, p=0))
    with pytest.raises(InvalidArgumentError, match="unknown strategy"):
        exact_game_value(2, make_skills(2), "greedy")
    five = make_skills(4) + make_skills(2)[:1]          # make_skills itself refuses 5 players
    with pytest.raises(InvalidArgumentError, match="2, 3 or 4"):
        exact_game_value(5, five)


def test_blocked_probability_refuses_a_castle_it_cannot_read():
    """A colour the dice do not show, a colour left out, or more free holes than the castle
    has: a message saying what to give, instead of a ZeroDivisionError or a wrong chance."""
    layout = load_layout()
    empty = {c: (2, 2) for c in layout.colours}
    assert blocked_probability(empty, layout) == 0
    for bad in ({"pink": (1, 1)}, {"red": (0, 0)}, {**empty, "pink": (1, 1)}):
        with pytest.raises(InvalidArgumentError, match="each of the colours"):
            blocked_probability(bad, layout)
    for counts in [(3, 2), (-1, 2), (1.5, 1), (1,), "12"]:
        with pytest.raises(InvalidArgumentError, match="whole numbers from 0 to 2"):
            blocked_probability({**empty, "red": counts}, layout)
