"""What a real classroom does to the class's files, each costing at most its own file or line,
never a record of anyone else (issue 16): spreadsheets, editors, copies cut short, two tabs
of one group, nicknames in every alphabet."""

from __future__ import annotations

from importlib import resources

import pytest

from haba_lessons.classlab import ClassDataFile, pool_files, read_class_file
from haba_lessons.classlab.recorders import QuietAsAMouseRecorder, spookies_recorder
from haba_lessons.classlab.records import file_name
from haba_lessons.errors import DataFileError
from haba_lessons.games.quiet_as_a_mouse import load_layout
from haba_lessons.games.quiet_as_a_mouse.rules import CHOOSE

HEADER = "# game: spookies\n# group: owls\n# format: 2\nrecord,round,player,event,value,starter\n"
GOOD = ["1,1,1,roll,3 5 6,1", "2,1,2,roll,1 2,1", "3,1,3,roll,4 4 4 4,1"]


def file_of(*lines: str, header: str = HEADER) -> bytes:
    return (header + "".join(line + "\n" for line in lines)).encode("utf-8")


def values(found) -> list[str]:
    return [r.value for r in found.records]


def test_a_field_over_128_kb_costs_its_line_only():
    found = read_class_file("a.csv", file_of(GOOD[0], "2,1,2,roll," + "6" * 200_000 + ",1",
                                             GOOD[2]))
    assert values(found) == ["3 5 6", "4 4 4 4"]                   # raised csv.Error before
    assert found.problems[0].line == 6 and "characters long" in found.problems[0].message


def test_a_record_number_written_with_a_superscript_costs_its_line_only():
    found = read_class_file("a.csv", file_of(GOOD[0], "²,1,2,roll,1 2,1", GOOD[2]))
    assert values(found) == ["3 5 6", "4 4 4 4"]                   # raised ValueError before
    assert found.problems[0].line == 6 and "'²' is not a whole number" in str(found.problems[0])


def test_a_stray_quote_costs_its_line_not_every_line_after_it():
    found = read_class_file("a.csv", file_of(GOOD[0], '2,1,2,roll,"1 2,1', GOOD[2],
                                             "4,1,4,roll,2 2,1"))
    assert values(found) == ["3 5 6", "4 4 4 4", "2 2"]
    [problem] = found.problems
    assert problem.line == 6 and "unmatched quote" in problem.message


def test_a_quoted_value_over_two_lines_is_one_problem_and_later_lines_keep_their_numbers():
    found = read_class_file("a.csv", file_of(GOOD[0], '2,1,2,roll,"1', '2",1',
                                             "3,1,3,roll,9 9,1", GOOD[2].replace("3,", "4,", 1)))
    assert values(found) == ["3 5 6", "4 4 4 4"]
    first, bad_faces = found.problems
    assert str(first).startswith("a.csv, lines 6-7: ") and "runs over two lines" in str(first)
    assert bad_faces.line == 8 and "'9 9' is not valid" in bad_faces.message   # not line 7


def test_a_utf8_byte_order_mark_is_dropped():
    found = read_class_file("a.csv", b"\xef\xbb\xbf" + file_of(*GOOD))
    assert found.problems == [] and values(found) == ["3 5 6", "1 2", "4 4 4 4"]


def test_a_file_saved_back_by_a_spreadsheet_as_csv_utf8_reads_as_before():
    text = HEADER.replace("\n", ",,,,\n").replace("starter,,,,", "starter") + \
        "".join(line + ",,\n" for line in GOOD)
    excel = b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8")
    found = read_class_file("spookies-owls.csv", excel)
    assert found.problems == [] and found.group == "owls"
    assert values(found) == ["3 5 6", "1 2", "4 4 4 4"]


def test_a_record_cut_short_is_reported_not_read_as_another_valid_record():
    cut = file_of(*GOOD)[:-len(b"4 4,1\n")]                         # "... 4 4" from "4 4 4 4,1"
    found = read_class_file("a.csv", cut)
    assert values(found) == ["3 5 6", "1 2"]
    assert found.problems[0].line == 7 and "cut short" in found.problems[0].message


def test_a_latin_1_file_is_refused_with_a_clear_message_and_is_no_duplicate():
    latin = file_of(*GOOD).replace(b"owls", "Füchse".encode("latin-1"))
    other = file_of(*GOOD).replace(b"owls", "Fächse".encode("latin-1"))
    pool = pool_files([("a.csv", latin), ("b.csv", other)], "spookies")
    report = pool.report()
    assert "a.csv, line 2: is not UTF-8 text" in report and "Latin-1" in report
    assert "b.csv, line 2: is not UTF-8 text" in report and "same content" not in report


def test_a_bad_byte_inside_a_record_costs_that_record_only():
    data = file_of(*GOOD).replace(b"1 2", b"1 \xe9")
    found = read_class_file("a.csv", data)
    assert values(found) == ["3 5 6", "4 4 4 4"] and found.problems[0].line == 6


def test_one_unreadable_file_costs_only_itself_in_a_pool(tmp_path):
    good = tmp_path / "spookies-owls.csv"
    good.write_bytes(file_of(*GOOD))
    folder = tmp_path / "spookies-hares.csv"
    folder.mkdir()                                                  # not even a file
    pool = pool_files([folder, ("x.csv", b"\x00\xff" * 50), good], "spookies")
    assert list(pool.records["value"]) == ["3 5 6", "1 2", "4 4 4 4"]
    assert len(pool.problems) == 2


def test_a_stripped_last_line_end_is_repaired_before_the_next_record(tmp_path):
    path = tmp_path / "spookies-owls.csv"
    path.write_bytes(file_of(*GOOD)[:-1])                            # an editor stripped it
    recorder = spookies_recorder("owls", tmp_path)
    recorder.dice.value = "2"
    recorder.face_buttons[5].click()
    recorder.face_buttons[4].click()
    assert "Saved record 4" in recorder.status.value
    found = read_class_file(path)                  # held 2 of 4 and could not be reopened
    assert found.problems == [] and values(found) == ["3 5 6", "1 2", "4 4 4 4", "6 5"]
    assert spookies_recorder("owls", tmp_path).file.records == found.records


def test_two_recorders_of_one_group_never_share_a_record_number(tmp_path):
    tab_1 = ClassDataFile(tmp_path, "spookies", "owls")
    tab_2 = ClassDataFile(tmp_path, "spookies", "owls")
    for i in range(3):
        tab_1.append(1, "1", "roll", f"{i + 1} 1")
        tab_2.append(1, "2", "roll", f"{i + 1} 2")
    found = read_class_file(tab_1.path)
    assert found.problems == [] and [r.record for r in found.records] == [1, 2, 3, 4, 5, 6]
    assert pool_files([tab_1.path], "spookies").records.shape[0] == 6   # kept about half


def test_undo_removes_only_its_own_last_record_and_keeps_the_others(tmp_path):
    tab_1 = ClassDataFile(tmp_path, "spookies", "owls")
    tab_2 = ClassDataFile(tmp_path, "spookies", "owls")
    tab_1.append(1, "1", "roll", "1 1")
    tab_2.append(1, "2", "roll", "2 2")
    tab_1.append(1, "1", "roll", "3 3")
    tab_2.append(1, "2", "roll", "4 4")
    assert tab_1.undo().value == "3 3"          # deleted tab 2's records before
    assert tab_1.undo().value == "1 1"
    with pytest.raises(DataFileError, match="nothing to undo"):
        tab_1.undo()
    assert values(read_class_file(tab_1.path)) == ["2 2", "4 4"]
    assert tab_2.undo().value == "4 4"
    assert values(read_class_file(tab_1.path)) == ["2 2"]


def test_undo_keeps_every_other_byte_of_the_file(tmp_path):
    path = tmp_path / "spookies-owls.csv"
    path.write_bytes(file_of(GOOD[0]).replace(b"format: 2\n", b"format: 2\n# note: kept\n")
                     .replace(b"\n", b"\r\n"))              # a note and Windows line ends
    tab = ClassDataFile(tmp_path, "spookies", "owls")
    before = path.read_bytes()
    tab.append(1, "2", "roll", "2 2")
    tab.undo()
    assert path.read_bytes() == before


@pytest.mark.parametrize("first, second", [("лисы", "совы"), ("狐狸", "猫头鹰"),
                                           ("Füchse", "Fächse"), ("group 1", "group-1"),
                                           ("group_1", "group 1"), ("भालू", "बाघ"),
                                           ("ลิง", "แมว")])
def test_two_different_nicknames_never_share_a_file(tmp_path, first, second):
    assert file_name("spookies", first) != file_name("spookies", second)
    a, b = ClassDataFile(tmp_path, "spookies", first), ClassDataFile(tmp_path, "spookies", second)
    a.append(1, "1", "roll", "1 1")
    b.append(1, "1", "roll", "2 2")
    assert values(read_class_file(a.path)) == ["1 1"] and values(read_class_file(b.path)) == ["2 2"]


def test_latin_names_stay_readable_and_capitals_make_no_other_group(tmp_path):
    assert file_name("spookies", "owls") == "spookies-owls.csv"
    assert file_name("meow_meow", "Group 3") == "meow_meow-group 3.csv"
    ClassDataFile(tmp_path, "spookies", "Owls").append(1, "1", "roll", "1 1")
    continued = ClassDataFile(tmp_path, "spookies", "owls")        # the same group
    assert [r.value for r in continued.records] == ["1 1"]


def test_the_quiet_as_a_mouse_recorder_takes_the_colour_names_a_castle_file_may_have(tmp_path):
    text = resources.files("haba_lessons.data").joinpath("quiet_as_a_mouse.toml").read_text()
    castle = tmp_path / "castle.toml"
    castle.write_text(text.replace('"red"', '"dark red"').replace('"blue"', '"light blue"'))
    layout = load_layout(castle)
    assert "dark red" in layout.colours
    recorder = QuietAsAMouseRecorder("owls", tmp_path / "data", seed=1, layout=layout)
    for _ in range(12):
        recorder.companion.roll_button.click()
        if recorder.companion.game.phase == CHOOSE:
            recorder.companion.choose_button.click()
            recorder.companion.silent_button.click()
    rolls = [r.value for r in read_class_file(recorder.file.path).records if r.event == "roll"]
    assert len(rolls) == 12 and any("dark red" in r or "light blue" in r for r in rolls)
    assert all(len(r.split(" + ")) == 2 for r in rolls)           # refused "dark red" before
