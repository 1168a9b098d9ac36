"""A real class records little: one group, one or two games, or none of a game. Notebook 12's
helpers then fill a missing game from the example class (saying so) or refuse with a message
that says what is missing, never a ZeroDivisionError or KeyError."""

from __future__ import annotations

import pytest

from haba_lessons.classlab import ClassDataFile, pool_folder, tables
from haba_lessons.classlab.example import FOLDER as EXAMPLE
from haba_lessons.errors import HabaLessonsError


def _write(folder, game, group, rows):
    file = ClassDataFile(folder, game, group)
    for round_, player, event, value in rows:
        file.append(round_, player, event, value)


def test_a_game_the_class_did_not_record_comes_from_the_fallback_and_the_report_says_so(tmp_path):
    _write(tmp_path, "meow_meow", "ants", [(1, "1", "first_could_play", "yes")])
    alone = pool_folder(tmp_path)
    assert alone["mouse_trap"].records.empty                       # no fallback: nothing
    pools = pool_folder(tmp_path, fallback=EXAMPLE)
    assert list(pools["meow_meow"].records["group"]) == ["ants"]   # the class's own data kept
    assert "no meow_meow records" not in pools["meow_meow"].report()
    trap = pools["mouse_trap"]
    assert set(trap.records["group"]) == {"owls", "foxes", "hares", "badgers"}
    assert f"no mouse_trap records in {tmp_path.name}" in trap.report()


def test_best_two_without_rolls_of_that_many_dice_names_what_was_rolled(tmp_path):
    _write(tmp_path, "spookies", "ants", [(1, "1", "roll", "1 5"), (2, "1", "roll", "6 6")])
    records = pool_folder(tmp_path)["spookies"].records
    assert tables.best_two_results(records, 2) == {6: 1, 12: 1}     # 1+5 and 6+6 by hand
    with pytest.raises(HabaLessonsError, match="no roll of 3 dice.*2 rolls of 2 dice"):
        tables.best_two_results(records, 3)


def test_first_dice_prefers_the_named_group_else_the_first(tmp_path):
    _write(tmp_path, "spookies", "ants", [(1, "1", "roll", "1 5 2")])
    _write(tmp_path, "spookies", "owls", [(1, "1", "roll", "6 6"), (2, "1", "roll", "3 4")])
    records = pool_folder(tmp_path)["spookies"].records
    assert tables.first_dice(records, 3, prefer="owls") == ("owls", [6, 6, 3])
    assert tables.first_dice(records, 12, prefer="bats") == ("ants", [1, 5, 2])


def test_two_seats_needs_a_group_whose_seats_1_and_2_both_made_attempts(tmp_path):
    _write(tmp_path, "quiet_as_a_mouse", "ants", [(1, "1", "attempt", "silent")])
    records = pool_folder(tmp_path)["quiet_as_a_mouse"].records
    assert list(tables.steadiness(records)["silent"]) == [1]
    with pytest.raises(HabaLessonsError, match="both seat 1 and seat 2"):
        tables.two_seats(records)
    _write(tmp_path, "quiet_as_a_mouse", "bees", [(1, "1", "attempt", "silent"),
                                                  (1, "2", "attempt", "alarm"),
                                                  (1, "3", "attempt", "silent")])
    records = pool_folder(tmp_path)["quiet_as_a_mouse"].records
    group, (first, second) = tables.two_seats(records, prefer="owls")
    assert group == "bees"                                    # ants have no seat 2
    assert (first.a, first.b, second.a, second.b) == (2, 1, 1, 2)   # Beta(1+s, 1+f) by hand


def test_no_attempts_at_all_gives_an_empty_table_with_its_columns(tmp_path):
    _write(tmp_path, "quiet_as_a_mouse", "ants", [(1, "1", "roll", "red blue")])
    table = tables.steadiness(pool_folder(tmp_path)["quiet_as_a_mouse"].records)
    assert table.empty and {"mean", "95% from", "95% to"} <= set(table.columns)


def test_no_crank_and_no_deal_are_refused_with_a_message(tmp_path):
    _write(tmp_path, "mouse_trap", "ants", [(1, "1", "die", "3"), (1, "1", "landed", "3")])
    _write(tmp_path, "meow_meow", "ants", [(1, "1", "round_won", "yes")])
    pools = pool_folder(tmp_path)
    with pytest.raises(HabaLessonsError, match="no crank"):
        tables.crank_counts(pools["mouse_trap"].records)
    with pytest.raises(HabaLessonsError, match="no Meow Meow deal"):
        tables.could_play(pools["meow_meow"].records)


def test_no_folder_where_a_folder_belongs_says_how_to_write_one():
    """``CLASS_DATA = None`` and ``spookies_recorder(folder=None)`` raised TypeError inside."""
    from haba_lessons.classlab.recorders import spookies_recorder
    with pytest.raises(HabaLessonsError, match=r'^CLASS_DATA: give a folder\'s name in quotes, '
                                               r'like "class-data", not None\.'):
        pool_folder(None)
    with pytest.raises(HabaLessonsError, match=r"^folder: give a folder's name in quotes"):
        spookies_recorder(group="owls", folder=None)


@pytest.mark.parametrize("count", [2.5, -1, 0])
def test_first_dice_needs_a_whole_count_of_at_least_one(tmp_path, count):
    """2.5 raised TypeError; -1 quietly returned all but the last die."""
    _write(tmp_path, "spookies", "ants", [(1, "1", "roll", "1 5 2")])
    records = pool_folder(tmp_path)["spookies"].records
    with pytest.raises(HabaLessonsError, match="^count must be"):
        tables.first_dice(records, count)
