"""Counts read as English does: "1 record", "2 records", never "record(s)" (issue 18.4).

Each message is made for one thing and for two, and checked against the English a reader
expects; the computed form comes from ``i18n.ngettext`` (the German edition has its own).
"""

from __future__ import annotations

import pandas as pd
import pytest

from haba_lessons.classlab.pool import Pool
from haba_lessons.engine.arguments import checked_keywords
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.games.meow_meow import Card, position
from haba_lessons.games.meow_meow.rules import CHANCE_PHASES, DRAW
from haba_lessons.student_copies import StudentCopy


def pool_of(groups: list[str]) -> Pool:
    return Pool("spookies", pd.DataFrame({"group": groups}))


@pytest.mark.parametrize("groups, line", [
    (["owls"], "1 spookies record from 1 group."),
    (["owls", "owls"], "2 spookies records from 1 group."),
    (["owls", "foxes"], "2 spookies records from 2 groups."),
])
def test_the_pool_report_counts_records_and_groups(groups, line):
    assert pool_of(groups).report().splitlines()[0] == line


@pytest.mark.parametrize("blanked, words", [(1, "1 solution blanked"),
                                            (2, "2 solutions blanked")])
def test_a_student_copy_counts_its_solutions(blanked, words):
    assert str(StudentCopy("03-x.ipynb", "written", blanked)) == f"03-x.ipynb: written, {words}"


def test_too_many_values_without_a_name_is_counted():
    @checked_keywords
    def one(a=1, *, b=2):
        return a

    @checked_keywords
    def two(a=1, c=3, *, b=2):
        return a

    with pytest.raises(InvalidArgumentError, match="takes at most 1 value without a name;"):
        one(1, 2)
    with pytest.raises(InvalidArgumentError, match="takes at most 2 values without a name;"):
        two(1, 2, 3)


def test_the_meow_meow_log_says_card_or_cards():
    state = position(players=2, hands=[[Card("blue", "hen")], [Card("green", "goat")]],
                     top=Card("red", "cow"))
    state.apply(DRAW)
    while state.phase in CHANCE_PHASES and state.current == 0:
        state.sample_chance()
    lines = [str(e) for e in state.log if e.kind == "draw"]
    assert lines == ["child 1 draws 1 card."]
    fox = position(players=2, hands=[[Card("blue", "hen")], [Card("green", "goat")]],
                   top=Card("red", "fox"), pending=2)
    fox.apply(DRAW)
    while fox.phase in CHANCE_PHASES and fox.current == 0:
        fox.sample_chance()
    assert [str(e) for e in fox.log if e.kind == "draw"] == ["child 1 draws 2 cards."]
