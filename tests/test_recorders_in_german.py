"""The class-data recorders and the teacher's upload box speak German: every text they show,
driven through their buttons (records saved, a refused click, undo), is German wherever the
library's catalog has German, and the files they write keep the English words.

The oracle is the translators' catalog (``haba_lessons.po``), as in
``tests/test_games_in_german.py``: an English text of the catalog that has a German
translation must not be visible in the German run; the English run shows the English.
"""

from __future__ import annotations

import datetime

import pytest

from haba_lessons import i18n
from haba_lessons.classlab import read_class_file
from haba_lessons.classlab.recorders import (meow_meow_recorder, mouse_trap_recorder,
                                             quiet_as_a_mouse_recorder, spookies_recorder)
from haba_lessons.classlab.transfer import PoolUploader
from haba_lessons.games.quiet_as_a_mouse import ATTEMPT, CHOOSE, ROLL
from tests.test_games_in_german import german, translated_english, visible


def drive_spookies(folder) -> list[str]:
    """A roll of three dice saved, a dice count changed mid-roll, undo, a new game."""
    rec = spookies_recorder("owls", folder)
    seen = visible(rec)
    rec.seat.value = "2"
    for face in (3, 5, 6):
        rec.face_buttons[face - 1].click()
        seen += visible(rec)
    rec.face_buttons[0].click()
    rec.dice.value = "2"                       # clears the half-entered face
    seen += visible(rec)
    rec.undo_button.click()
    seen += visible(rec)
    rec.next_round.click()
    seen += visible(rec)
    return seen


def drive_meow_meow(folder) -> list[str]:
    """A winner before any deal (refused), a deal each way, a winner, a second winner
    (refused)."""
    rec = meow_meow_recorder("owls", folder)
    seen = visible(rec)
    rec.winner_buttons[0].click()              # refused: record the deal first
    seen += visible(rec)
    rec.could.click()
    rec.could_not.click()
    seen += visible(rec)
    rec.winner_buttons[1].click()
    seen += visible(rec)
    rec.winner_buttons[0].click()              # refused: the round has its winner
    seen += visible(rec)
    return seen


def drive_mouse_trap(folder) -> list[str]:
    """A landing before its die (refused), a die and its landing, a wrong landing (refused),
    both crank outcomes, a new game."""
    rec = mouse_trap_recorder("owls", folder)
    seen = visible(rec)
    rec.landed_button.click()                  # refused: no die yet
    seen += visible(rec)
    rec.die_buttons[2].click()
    rec.space.value = 3
    rec.landed_button.click()
    seen += visible(rec)
    rec.die_buttons[0].click()
    rec.space.value = 9                        # a 1 from space 3 does not land on 9
    rec.landed_button.click()
    seen += visible(rec)
    rec.works.click()
    rec.fails.click()
    rec.next_round.click()
    seen += visible(rec)
    return seen


def recorders_own(rec) -> list[str]:
    """The texts of a Quiet as a Mouse recorder's own parts (title, nickname, undo, status,
    download), without the companion panel it shows: the game's widget, translated with the
    game."""
    return [text for child in rec.children if child is not rec.companion
            for text in visible(child)]


def drive_quiet_as_a_mouse(folder) -> list[str]:
    """The companion's seeded rolls and attempts, each saved, then undo."""
    rec = quiet_as_a_mouse_recorder("owls", folder)
    seen = recorders_own(rec)
    for _ in range(6):
        game = rec.companion.game
        if game.phase == ROLL:
            rec.companion.roll_button.click()
        elif game.phase == CHOOSE:
            rec.companion.choose_button.click()
        elif game.phase == ATTEMPT:
            rec.companion.silent_button.click()
        else:
            break
        seen += recorders_own(rec)
    rec.undo_button.click()
    seen += recorders_own(rec)
    return seen


def upload(name: str, content: bytes) -> dict:
    """One file as the FileUpload widget holds it."""
    return {"name": name, "type": "text/csv", "size": len(content),
            "content": memoryview(content), "last_modified": datetime.datetime(2026, 1, 1)}


def drive_uploader(folder) -> list[str]:
    """The teacher's upload box before and after three files: a good one, a copy of it, and
    one with a bad line."""
    rec = spookies_recorder("owls", folder)
    for face in (1, 2, 3):
        rec.face_buttons[face - 1].click()
    content = rec.file.data()
    uploader = PoolUploader("spookies")
    seen = visible(uploader)
    uploader.upload.value = (upload("a.csv", content), upload("b.csv", content),
                             upload("c.csv", content.replace(b"1 2 3", b"1 2 9")))
    return seen + visible(uploader)


RECORDERS = {"spookies": drive_spookies, "meow meow": drive_meow_meow,
             "mouse trap": drive_mouse_trap, "quiet as a mouse": drive_quiet_as_a_mouse,
             "upload": drive_uploader}


def file_words_left_out(text: str) -> str:
    """``text`` without the event of the uploaded bad line, which the report names as the
    file writes it ("roll": the files keep the English words); the sentence must be there."""
    with i18n.using("de"):
        rule = german("the faces of 2, 3 or 4 dice, each 1-6, separated by spaces")
        bad = german("{event} value {value} is not valid: it must be {rule}.")
        shown = bad.format(event="roll", value="'1 2 9'", rule=rule)
    assert shown in text
    return text.replace(shown, bad.format(event="", value="'1 2 9'", rule=rule))


@pytest.mark.parametrize("recorder", RECORDERS)
def test_no_english_of_the_catalog_is_left_in_the_german_recorder(recorder, tmp_path):
    with i18n.using("de"):
        seen = RECORDERS[recorder](tmp_path)
    text = "\n".join(seen)
    if recorder == "upload":
        text = file_words_left_out(text)
    left = sorted(english for english, pattern in translated_english().items()
                  if pattern.search(text))
    assert not left, f"English left in the German {recorder} recorder: {left}"


def test_the_german_recorders_show_the_catalogs_german_and_write_english(tmp_path):
    with i18n.using("de"):
        spookies = "\n".join(drive_spookies(tmp_path / "s"))
        meow = "\n".join(drive_meow_meow(tmp_path / "m"))
        trap = "\n".join(drive_mouse_trap(tmp_path / "t"))
    assert german("Group nickname:") in spookies and german("Undo last entry") in spookies
    assert german("Saved record {n}: {record}.").format(n=1, record="").rstrip(".") in spookies
    assert german("record the deal first: could the first child play?") in meow
    assert german("Crank: trap worked") in trap and german("Mouse Trap") in trap
    # the files keep the English words the reader and the pooling compare
    events = {(r.event, r.value) for r in read_class_file(tmp_path / "t" /
                                                          "mouse_trap-owls.csv").records}
    assert {("die", "3"), ("landed", "3"), ("crank", "works"), ("crank", "fails")} <= events
    assert {r.value for r in read_class_file(tmp_path / "m" / "meow_meow-owls.csv").records
            if r.event == "first_could_play"} == {"yes", "no"}


def test_the_english_recorders_show_the_english(tmp_path):
    spookies = "\n".join(drive_spookies(tmp_path / "s"))
    meow = "\n".join(drive_meow_meow(tmp_path / "m"))
    for english in ("Group nickname:", "Undo last entry", "Spookies — recording real play",
                    "Saved record 1: round 1, player 2, roll 3 5 6 → best two = 11.",
                    "Game 1 · this roll"):
        assert english in spookies
    for english in ("record the deal first: could the first child play?",
                    "round 2 already has its winner (seat 2): record the next deal first.",
                    "Seat 1 won"):
        assert english in meow
    assert i18n.language() == "en"
