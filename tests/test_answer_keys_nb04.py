"""Notebook 04's answer keys, against counts made here by brute force over the 36 ordered
rolls of two six-colour dice, and check()'s replies to wrong or badly typed answers."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from haba_lessons.exercises import check

COLOURS = ["red", "yellow", "green", "blue", "orange", "purple"]
ROLLS = list(product(COLOURS, repeat=2))


def share(event) -> Fraction:
    return Fraction(sum(map(event, ROLLS)), len(ROLLS))


def blocked_count(free_colours: set[str]) -> int:
    """Free holes on both walls for exactly these colours: a roll fits when both dice show one."""
    return sum(not (a in free_colours and b in free_colours) for a, b in ROLLS)


def test_the_keys_accept_the_brute_force_answers():
    assert check("04.1", share(lambda roll: "red" in roll)).ok                      # 11/36
    assert check("04.2", share(lambda roll: bool({"green", "blue", "purple"} & set(roll)))).ok  # 3/4
    assert check("04x.1", lambda k: blocked_count(set(COLOURS[:k]))).ok


def test_the_key_of_exercise_3_follows_played_games_and_the_exact_game_value():
    """Player 2 with p = 11/20 against player 1 (who starts) with p = 1/2: two methods."""
    from haba_lessons.games.quiet_as_a_mouse import exact_game_value, make_skills
    from haba_lessons.games.quiet_as_a_mouse.simulate import simulate_games
    from haba_lessons.simulation import make_rng

    skills = make_skills(2, p=[Fraction(1, 2), Fraction(11, 20)])
    # 3000 games on the rules engine: the difference of the two seats' wins per game has a
    # standard error below 0.016; 4 of them below zero is a false alarm less than 1 in 10,000.
    games = simulate_games(3000, 2, skills, make_rng(4))
    lead = [(0 in g.winners) - (1 in g.winners) for g in games]
    mean = sum(lead) / len(lead)
    spread = (sum((x - mean) ** 2 for x in lead) / (len(lead) - 1) / len(lead)) ** 0.5
    assert mean + 4 * spread < 0
    value = exact_game_value(2, skills)
    assert value.win[1] > value.win[0]
    assert check("04.3", "player 2").ok and check("04.3", "Player 2").ok
    assert not check("04.3", "player 1").ok


def test_plausible_wrong_answers_are_refused_without_the_answer():
    for key, wrong in [("04.1", Fraction(1, 36) * 10),      # forgot the double red
                       ("04.1", Fraction(2, 6)),             # 1/6 + 1/6
                       ("04.2", Fraction(1, 4)),             # the fitting share
                       ("04.2", Fraction(3, 6))]:            # one die only
        reply = check(key, wrong)
        assert not reply.ok and "11/36" not in reply.message and "3/4" not in reply.message
    assert not check("04x.1", lambda k: 6 - k).ok
    assert not check("04x.1", lambda k: (6 - k) ** 2).ok      # forgets the mixed rolls


def test_a_decimal_a_string_and_no_answer_get_their_own_replies():
    assert check("04.1", 11 / 36).message.startswith("close")
    assert "no quotes" in check("04.2", "3/4").message
    assert "not answered yet" in check("04.3", ...).message
    assert "not answered yet" in check("04x.1", ...).message
