"""The refusals a pupil meets by typing are German in the German edition: a board of
notebook 10 set up wrongly, a distribution, tree, table or prior of notebooks 06-11 that
cannot be, skills of Quiet as a Mouse that cannot be (notebook 04), and Spookies' friendly
verbs used at the wrong moment.

The oracle is the translators' catalog (``haba_lessons.po``, read by the helpers of
``tests/test_games_in_german.py``): each message must be its German, filled in, and no
English text of the catalog may be left in it.
"""

from __future__ import annotations

import pytest

from fractions import Fraction

from haba_lessons import i18n
from haba_lessons.bayes import bernoulli_likelihood, uniform_prior
from haba_lessons.dice import die
from haba_lessons.dice_tables import one_in
from haba_lessons.distribution import Distribution
from haba_lessons.errors import HabaLessonsError
from haba_lessons.games.spookies import new_game
from haba_lessons.games.quiet_as_a_mouse.rules import Skill, make_skills
from haba_lessons.markov import RollAndMoveBoard, expected_turns, first_passage
from haba_lessons.trees import probability_tree
from haba_lessons.two_way import TwoWayTable
from tests.test_games_in_german import german, translated_english

BOARD = RollAndMoveBoard(spaces=10, die=die(6), jumps={3: 8})

MISTAKES = {
    "a board of one space": (lambda: RollAndMoveBoard(spaces=1, die=die(6)),
                             "spaces must be a whole number of at least 2, not {value}.",
                             {"value": "1"}),
    "a jump to itself": (lambda: RollAndMoveBoard(spaces=10, die=die(6), jumps={4: 4}),
                         "space {space} jumps to itself; remove that jump.", {"space": "4"}),
    "a jump off the board": (lambda: RollAndMoveBoard(spaces=10, die=die(6), jumps={4: 12}),
                             "{what} {value} is not a space of the board (0 to {last}).",
                             {"what": german("jump target"), "value": "12", "last": "9"},
                             {"what": "jump target"}),
    "an extra turn on a jump": (
        lambda: RollAndMoveBoard(spaces=10, die=die(6), jumps={3: 8}, extra_turn={3}),
        "{name}: space {space} is also the start of a jump ({space} -> {target}); a token "
        "never stays there. Remove one of the two.",
        {"name": "extra_turn", "space": "3", "target": "8"}),
    "no turns": (lambda: first_passage(BOARD, 9, turns=0),
                 "turns must be a whole number of at least 1, not {value}.", {"value": "0"}),
    "a start on a jump": (lambda: expected_turns(BOARD, 9, start=3),
                          "start {space} is a jump space; a token never stands there. Start "
                          "elsewhere.", {"space": "3"}),
    "a float chance": (lambda: Distribution({"hit": 0.5, "miss": Fraction(1, 2)}),
                       "probability of {outcome} must be an exact fraction or integer, not "
                       "{value}; write Fraction(1, 6) instead of 1/6.",
                       {"outcome": "'hit'", "value": "0.5"}),
    "chances not adding up": (lambda: Distribution({1: Fraction(1, 2), 2: Fraction(1, 3)}),
                              "probabilities must add up to exactly 1, but they add up to "
                              "{total}.", {"total": "5/6"}),
    "a tree's branches not adding up": (
        lambda: probability_tree(("die", lambda path: [("six", Fraction(1, 6)),
                                                       ("not six", Fraction(4, 6))])),
        "{where}: the branches add up to {total}, not 1.",
        {"where": german("stage {name} after {path}").format(name="'die'",
                                                             path=german("the start")),
         "total": "5/6"}, {"where": "stage 'die' after the start"}),
    "an empty row": (lambda: TwoWayTable.from_pairs([("a", "x")], rows=["a", "b"]).given("x", "b"),
                     "the row {label} is empty, so nothing can be given it: P(· | {row}) is "
                     "not defined.", {"label": "'b'", "row": "b"}),
    "a prior listing a hypothesis twice": (lambda: uniform_prior([1, 1]),
                                           "a hypothesis is listed twice.", {}),
    "a chance above 1": (lambda: bernoulli_likelihood(2, 1)(Fraction(3, 2)),
                         "p is a chance between 0 and 1, not {p}.", {"p": "3/2"}),
    "one in never": (lambda: one_in(Fraction(0)),
                     "an event of chance {p} never happens: it is not 1 in any number of "
                     "tries.", {"p": "0"}),
    "a skill above certainty": (lambda: Skill(Fraction(9, 10), Fraction(1, 5)),
                                "p + q = {p} + {q} is more than 1: p (silent) and q (another "
                                "stick slides out) are chances of two different outcomes of one "
                                "attempt, so together they can be at most 1. Lower p or q.",
                                {"p": "0,90", "q": "0,20"}, {"p": "0.90", "q": "0.20"}),
    "one skill for two players": (lambda: make_skills(2, p=[Fraction(1, 2)]),
                                  "{name} has {n} values, but there are {players} players: "
                                  "give one value per player.",
                                  {"name": "p", "n": "1", "players": "2"}),
}

def _stopped_too_soon():
    game = new_game(2, seed=1)
    game.stop()


def _roll_out_of_turn():
    game = new_game(2, seed=1)
    game.roll(3, player=1)


@pytest.mark.parametrize("mistake", MISTAKES)
def test_a_pupils_mistake_is_refused_in_german(mistake):
    attempt, english, fields, *english_fields = MISTAKES[mistake]   # + fields English differs in
    with i18n.using("de"), pytest.raises(HabaLessonsError) as refusal:
        attempt()
    assert str(refusal.value) == german(english).format(**fields)
    with pytest.raises(HabaLessonsError) as in_english:
        attempt()
    assert str(in_english.value) == english.format(**{**fields, **dict(*english_fields)})


@pytest.mark.parametrize("attempt", [_stopped_too_soon, _roll_out_of_turn])
def test_spookies_verbs_refuse_in_german(attempt):
    with i18n.using("de"), pytest.raises(HabaLessonsError) as refusal:
        attempt()
    message = str(refusal.value)
    left = [english for english, pattern in translated_english().items()
            if pattern.search(message)]
    assert not left, f"English left in {message!r}: {left}"
    assert message.startswith(("du kannst jetzt nicht", "Spieler"))
