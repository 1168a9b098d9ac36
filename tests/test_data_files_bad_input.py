"""Data files a teacher or a careless copy can produce: each refused with one bounded
DataFileError that names the file and the field, or read as meant (issue 16)."""

from __future__ import annotations

import time
from importlib import resources

import pytest

from haba_lessons.errors import DataFileError
from haba_lessons.games.meow_meow import load_settings
from haba_lessons.games.mouse_trap import load_board
from haba_lessons.games.quiet_as_a_mouse import load_layout
from haba_lessons.games.spookies import default_reward_table, load_reward_table
from haba_lessons.games.spookies.board import load_data

DATA = resources.files("haba_lessons.data")
LOADERS = {"spookies": load_data, "quiet_as_a_mouse": load_layout,
           "meow_meow": load_settings, "mouse_trap": load_board}
#: A message a student can read: one short paragraph.
LONGEST_MESSAGE = 600


def package_file(game: str) -> str:
    return DATA.joinpath(f"{game}.toml").read_text("utf-8")


def refused(loader, path, *words):
    with pytest.raises(DataFileError) as caught:
        loader(path)
    message = str(caught.value)
    assert len(message) <= LONGEST_MESSAGE, message[:200]
    for word in words:
        assert word in message, message
    return message


def test_an_unchanged_copy_of_the_packages_spookies_file_gives_its_reward_table(tmp_path):
    copy = tmp_path / "my-board.toml"
    copy.write_text(package_file("spookies"))                 # as the README suggests
    assert load_reward_table(copy).rows == default_reward_table().rows


def test_a_copy_whose_other_fields_are_broken_is_still_refused_naming_the_field(tmp_path):
    copy = tmp_path / "my-board.toml"
    copy.write_text(package_file("spookies").replace("value = 12", "value = 99"))
    refused(load_reward_table, copy, "field 'attic_roll'", "at most 12")


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_a_file_saved_with_a_byte_order_mark_is_read(tmp_path, game):
    path = tmp_path / "with-bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + package_file(game).encode("utf-8"))
    assert LOADERS[game](path) is not None


def test_a_latin_1_file_says_so_and_how_to_save_it(tmp_path):
    path = tmp_path / "latin.toml"
    path.write_bytes(package_file("meow_meow").replace("animals", "animals", 1)
                     .encode("utf-8") + "# Füchse\n".encode("latin-1"))
    refused(load_settings, path, "latin.toml", "not UTF-8", "save it", "again as UTF-8")


def test_an_array_nested_600_deep_is_refused(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text(package_file("spookies").replace(
        "value = [5, 6, 7, 8, 9, 10, 11]", "value = " + "[" * 600 + "]" * 600))
    refused(load_data, path, "deep.toml", "nested")


def test_a_table_nested_300_deep_is_refused_by_the_field_check(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text(package_file("spookies").replace(
        "value = [5, 6, 7, 8, 9, 10, 11]", "value = " + "[" * 300 + "]" * 300))
    refused(load_data, path, "field 'spaces'")


@pytest.mark.parametrize("path", [5, 2.5, b"my-board.toml", None, "my\0board.toml", "", "  ",
                                  ["a.toml"]])
def test_a_path_that_is_not_a_file_name_is_refused_with_a_message(path):
    message = refused(load_reward_table, path)
    assert "file name" in message


@pytest.mark.parametrize("loader", [load_layout, load_settings, load_board, load_data])
def test_other_loaders_refuse_a_bad_path_too(loader):
    refused(loader, b"x.toml", "file name")
    refused(loader, "x\0.toml", "file name")


def test_a_missing_file_and_a_folder(tmp_path):
    refused(load_board, tmp_path / "nope.toml", "no such file")
    refused(load_board, tmp_path, "is a folder")


def test_a_million_sided_die_is_refused(tmp_path):
    path = tmp_path / "board.toml"
    text = package_file("mouse_trap")
    assert "value = 6" in text
    path.write_text(text.replace("value = 6", "value = 1000000", 1))
    refused(load_board, path, "field 'die_sides'", "at most 100")


def test_a_five_megabyte_value_is_quoted_cut_short(tmp_path):
    path = tmp_path / "big.toml"
    huge = "x" * 5_000_000
    path.write_text(package_file("meow_meow").replace('round_starter]\nprovenance',
                                                      'round_starter]\nprovenance', 1)
                    .replace('value = "rotate"', f'value = "{huge}"'))
    message = refused(load_settings, path, "field 'round_starter'")
    assert "xxxx" in message


def test_a_huge_whole_number_is_refused_with_a_short_message(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text(package_file("mouse_trap").replace("value = 6", "value = " + "9" * 4000, 1))
    message = refused(load_board, path, "field 'die_sides'")
    assert "about 4,000 digits" in message
    path.write_text(package_file("mouse_trap").replace("value = 6", "value = " + "9" * 5000, 1))
    refused(load_board, path, "not valid TOML")


@pytest.mark.parametrize("typed, words", [
    ('"1e-100000000"', "power of ten"), ('"1e-5000"', "power of ten"), ('"²"', "not a number"),
    ('"--5"', "not a number"), ('"5"', "between 0 and 1"), ('"1/0"', "divides by zero"),
    ("0.5", "written as text"), (f'"{"7" * 5000}"', "at most 40")])
def test_a_probability_in_a_data_file_is_read_by_the_typed_number_helper(tmp_path, typed,
                                                                         words):
    path = tmp_path / "board.toml"
    text = package_file("mouse_trap")
    assert 'value = "3/4"' in text
    path.write_text(text.replace('value = "3/4"', f"value = {typed}"))
    started = time.perf_counter()
    refused(load_board, path, "field 'trap_reliability'", words)
    assert time.perf_counter() - started < 5          # "1e-100000000" once hung the loader


def test_a_meow_meow_chance_as_text_or_a_decimal_is_exact(tmp_path):
    path = tmp_path / "deck.toml"
    text = package_file("meow_meow")
    line = next(l for l in text.splitlines() if l.startswith("value") and "/" in l)
    path.write_text(text.replace(line, 'value = "0.1"'))
    from fractions import Fraction
    assert load_settings(path).meow_forget_chance == Fraction(1, 10)


def test_a_thousand_unknown_fields_are_counted_not_listed(tmp_path):
    path = tmp_path / "many.toml"
    extra = "".join(f"\n[field_{i}]\nvalue = 1\n" for i in range(1000))
    path.write_text(package_file("spookies") + extra)
    refused(load_data, path, "unknown fields", "and 994 more")
