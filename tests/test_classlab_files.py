"""Class data files: written at once, read back identically, every bad input reported."""

from __future__ import annotations

import pytest

from haba_lessons.classlab import ClassDataFile, pool_files, pool_folder, read_class_file
from haba_lessons.classlab.records import Record
from haba_lessons.errors import DataFileError, HabaLessonsError

HEADER = "# game: spookies\n# group: owls\n# format: 2\nrecord,round,player,event,value,starter\n"
#: A file written before the starter column: still read, with an empty starter.
HEADER_V1 = "# game: spookies\n# group: owls\n# format: 1\nrecord,round,player,event,value\n"


def test_each_record_is_on_disk_the_moment_it_is_appended(tmp_path):
    file = ClassDataFile(tmp_path, "spookies", "owls")
    file.append(1, "1", "roll", "3 5 6")
    # read by a second, independent reader while the first writer is still open
    assert (tmp_path / "spookies-owls.csv").read_text() == HEADER + "1,1,1,roll,3 5 6,1\n"
    file.append(1, "2", "roll", "1 2")
    assert read_class_file(file.path).records == [Record(1, 1, "1", "roll", "3 5 6", "1"),
                                                  Record(2, 1, "2", "roll", "1 2", "1")]


def test_reopening_continues_the_file(tmp_path):
    ClassDataFile(tmp_path, "spookies", "owls").append(1, "1", "roll", "3 5 6")
    again = ClassDataFile(tmp_path, "spookies", "owls")
    again.append(2, "2", "roll", "4 4")
    assert again.text() == HEADER + "1,1,1,roll,3 5 6,1\n2,2,2,roll,4 4,2\n"


def test_undo_removes_exactly_the_last_record_and_leaves_no_temporary_file(tmp_path):
    file = ClassDataFile(tmp_path, "spookies", "owls")
    file.append(1, "1", "roll", "3 5 6")
    file.append(1, "2", "roll", "1 2")
    assert file.undo() == Record(2, 1, "2", "roll", "1 2", "1")
    assert file.text() == HEADER + "1,1,1,roll,3 5 6,1\n"
    # the file and its lock (locking.py) only: no temporary file left behind
    assert sorted(p.name for p in tmp_path.iterdir()) == [".spookies-owls.csv.lock",
                                                         "spookies-owls.csv"]
    file.undo()
    with pytest.raises(DataFileError, match="nothing to undo"):
        file.undo()


@pytest.mark.parametrize("event, value", [("roll", "3 7 1"), ("roll", "0 2"), ("roll", "6"),
                                          ("roll", "1 2 3 4 5"), ("jump", "3 3")])
def test_a_bad_record_is_refused_and_nothing_is_written(tmp_path, event, value):
    file = ClassDataFile(tmp_path, "spookies", "owls")
    file.append(1, "1", "roll", "2 2")
    before = file.text()
    with pytest.raises(HabaLessonsError):
        file.append(1, "1", event, value)
    assert file.text() == before and len(file.records) == 1


@pytest.mark.parametrize("name", ["", "Anna Smith-Jones the Third", "a@b.com", "x,y", "../up",
                                  "_hidden", "a.b"])
def test_player_and_group_labels_are_seats_or_short_nicknames(tmp_path, name):
    with pytest.raises(DataFileError, match="seat number or a nickname"):
        ClassDataFile(tmp_path, "spookies", name)
    file = ClassDataFile(tmp_path, "spookies", "owls")
    with pytest.raises(DataFileError, match="seat number or a nickname"):
        file.append(1, name, "roll", "2 2")


@pytest.mark.parametrize("name", ["Gruppe ä", "Élèves 3", "Группа 1", "くま"])
def test_nicknames_may_use_any_alphabet(tmp_path, name):
    file = ClassDataFile(tmp_path, "spookies", name)
    file.append(1, "1", "roll", "2 2")
    assert [r.value for r in read_class_file(file.path).records] == ["2 2"]


def test_a_letter_typed_with_a_combining_mark_is_the_same_nickname(tmp_path):
    composed, combining = "Gruppe \u00e4", "Gruppe a\u0308"       # ä, and a + two dots
    assert ClassDataFile(tmp_path, "spookies", combining).path == \
        ClassDataFile(tmp_path, "spookies", composed).path


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_face_outside_one_to_six_names_file_line_and_problem_and_keeps_the_rest(tmp_path):
    path = _write(tmp_path, "a.csv", HEADER_V1 + "1,1,1,roll,3 5 6\n2,1,2,roll,3 7\n3,1,3,roll,2 2\n")
    found = read_class_file(path)
    assert [r.record for r in found.records] == [1, 3]
    [problem] = found.problems
    assert (problem.file, problem.line) == ("a.csv", 6)
    assert "'3 7' is not valid" in str(problem) and str(problem).startswith("a.csv, line 6:")


def test_a_line_cut_in_half_is_reported_and_skipped(tmp_path):
    path = _write(tmp_path, "a.csv", HEADER_V1 + "1,1,1,roll,3 5 6\n2,1,2,ro")
    found = read_class_file(path)
    assert [r.record for r in found.records] == [1]
    assert found.problems[0].line == 6 and "cut short" in found.problems[0].message


@pytest.mark.parametrize("text, message", [
    ("", "is empty"),
    ("\n\n", "is empty"),
    (HEADER_V1.replace("format: 1", "format: 3") + "1,1,1,roll,3 5 6\n", "format version '3'"),
    (HEADER_V1.replace("spookies", "mouse_trap") + "1,1,1,die,3\n", "is a mouse_trap file"),
    ("record,round,player,event,value\n1,1,1,roll,3 5 6\n", "no '# game:' line"),
    (HEADER_V1.replace("record,round", "round,record"), "column names"),
])
def test_unusable_files_say_why_and_give_no_records(tmp_path, text, message):
    found = read_class_file(_write(tmp_path, "bad.csv", text), game="spookies")
    assert found.records == []
    assert len(found.problems) == 1 and message in str(found.problems[0])
    assert str(found.problems[0]).startswith("bad.csv")


def test_a_repeated_record_number_inside_a_file_is_reported(tmp_path):
    found = read_class_file(_write(tmp_path, "a.csv", HEADER_V1 + "1,1,1,roll,2 2\n1,1,1,roll,2 2\n"))
    assert len(found.records) == 1 and "appears twice" in found.problems[0].message


def test_pooling_with_a_duplicate_a_malformed_line_another_game_and_a_nickname_clash(tmp_path):
    owls = _write(tmp_path, "spookies-owls.csv", HEADER_V1 + "1,1,1,roll,3 5 6\n2,1,2,roll,1 2\n")
    owls_copy = _write(tmp_path, "owls (1).csv", owls.read_text())
    owls_later = _write(tmp_path, "owls-later.csv",
                        owls.read_text() + "3,1,3,roll,6 6 6\n4,1,4,roll,9 9\n")
    other_owls = _write(tmp_path, "other-owls.csv", HEADER_V1 + "1,1,1,roll,4 4\n")
    trap = _write(tmp_path, "trap.csv", HEADER_V1.replace("spookies", "mouse_trap") + "1,1,1,die,3\n")
    foxes = _write(tmp_path, "foxes.csv", HEADER_V1.replace("owls", "foxes") + "1,1,1,roll,2 3\n")
    pool = pool_files([owls, owls_copy, owls_later, other_owls, trap, foxes], "spookies")
    table = pool.records
    # owls: records 1, 2 once each, 3 from the later copy; 4 is malformed
    assert list(table[table.group == "owls"].value) == ["3 5 6", "1 2", "6 6 6"]
    assert list(table[table.group == "owls (2)"].value) == ["4 4"]
    assert list(table[table.group == "foxes"].value) == ["2 3"]
    assert len(table) == 5
    messages = pool.report()
    assert "owls (1).csv has the same content as spookies-owls.csv" in messages
    assert "owls-later.csv: 2 records of group 'owls' were already loaded" in messages
    assert "owls-later.csv, line 8: roll value '9 9'" in messages
    assert "other-owls.csv: says group 'owls'" in messages and "two groups chose" in messages
    assert "trap.csv: is a mouse_trap file" in messages
    assert set(table.file) == {"spookies-owls.csv", "owls-later.csv", "other-owls.csv",
                               "foxes.csv"}


def test_pooling_uploaded_bytes_and_a_file_that_is_not_text():
    pool = pool_files([("a.csv", (HEADER_V1 + "1,1,1,roll,2 2\n").encode()),
                       ("b.csv", b"\xff\xfe\x00")], "spookies")
    assert len(pool.records) == 1
    assert "b.csv, line 1: is not UTF-8 text" in pool.report()


def test_pooling_a_folder_that_does_not_exist_says_so(tmp_path):
    with pytest.raises(HabaLessonsError, match="there is no folder .*CLASS_DATA"):
        pool_folder(tmp_path / "class-dta")     # a typo in the folder name


def test_a_version_1_file_is_read_with_no_starter_and_continued_in_version_1(tmp_path):
    path = _write(tmp_path, "spookies-owls.csv", HEADER_V1 + "1,1,1,roll,3 5 6\n")
    assert read_class_file(path).records == [Record(1, 1, "1", "roll", "3 5 6", "")]
    ClassDataFile(tmp_path, "spookies", "owls").append(1, "2", "roll", "4 4")
    assert path.read_text() == HEADER_V1 + "1,1,1,roll,3 5 6\n2,1,2,roll,4 4\n"


@pytest.mark.parametrize("starter", ["", "0", "x", "²", "1 2"])
def test_a_version_2_record_without_a_seat_as_its_starter_is_reported(tmp_path, starter):
    path = _write(tmp_path, "a.csv", HEADER + f"1,1,1,roll,3 5 6,{starter}\n2,1,2,roll,4 4,1\n")
    found = read_class_file(path)
    assert [r.record for r in found.records] == [2]
    assert found.problems[0].line == 5 and "starter must be the seat number" in str(
        found.problems[0])
