"""The German handouts: the documents the German edition ships (locale/editions.toml), their
texts from the catalogs translators filled, the page's own words from the library's catalog;
a document not shipped left out with one line; an unknown language refused in one line."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from haba_lessons import i18n
from haba_lessons.catalog import notebooks
from haba_lessons.editions.shipped import edition
from haba_lessons.errors import DataFileError
from haba_lessons.handouts import build_handouts, main
from haba_lessons.handouts.notebook_exercises import describe_key, read_exercises
from haba_lessons.handouts.page import markdown_to_html
from tests.test_handouts import text_of

REPO = Path(__file__).resolve().parents[1]
GERMAN = edition("de", REPO)
WORKSHEET_06 = REPO / "worksheets" / "locale" / "de" / "06.po"
LIBRARY_PO = REPO / "haba_lessons" / "locale" / "de" / "LC_MESSAGES" / "haba_lessons.po"
LESSON_06 = next(entry for entry in notebooks() if entry.number == "06")
#: A lesson whose worksheet a German edition does not ship: the test's own copy of the
#: course leaves it out of editions.toml (the real edition may well ship every worksheet).
NOT_SHIPPED = next(entry for entry in notebooks() if entry.number == "04")


def catalog(path: Path):
    with path.open("rb") as file:
        return read_po(file)


def rendered(markdown: str) -> str:
    """A catalog's text as a page shows it (markdown rendered, words only)."""
    return text_of(markdown_to_html(markdown))


@pytest.fixture(scope="module")
def german(tmp_path_factory) -> tuple[Path, str]:
    """The German handouts, built once by the command, and what it said on stderr."""
    out = tmp_path_factory.mktemp("handouts-de")
    errors = io.StringIO()                  # (capsys is per test; this fixture is per module)
    with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
        assert main([str(REPO), str(out), "--lang", "de"]) == 0
    return out, errors.getvalue()


def page_text(out: Path, name: str) -> str:
    """The words a reader sees on a page (its title and its style sheet left out)."""
    page = (out / name).read_text(encoding="utf-8")
    return text_of(re.sub(r"<(style|title)>.*?</\1>", "", page, flags=re.DOTALL))


def test_the_edition_ships_worksheet_06_and_its_notebook():
    # The premise of the tests below: locale/editions.toml ships these in German.
    assert "06.toml" in GERMAN.worksheets and LESSON_06.file in GERMAN.notebooks


@pytest.mark.parametrize("kind", ["worksheet", "answer-key"])
def test_worksheet_06_asks_every_question_in_the_catalogs_german(german, kind):
    out, _ = german
    text = page_text(out, f"{LESSON_06.stem}-{kind}.html")
    questions = [m for m in catalog(WORKSHEET_06)
                 if m.id and m.context and m.context.endswith(" text")]
    assert len(questions) == 5                          # 06.A to 06.E, as 06.toml has them
    for message in questions:
        assert message.string and rendered(message.string) in text, message.context
    topic = next(m for m in catalog(WORKSHEET_06) if m.context == "topic")
    assert rendered(topic.string) in text


def test_the_answer_key_gives_the_catalogs_answers_and_workings(german):
    out, _ = german
    text = page_text(out, f"{LESSON_06.stem}-answer-key.html")
    for message in catalog(WORKSHEET_06):
        if message.id and message.context and message.context.endswith((" answer", " working")):
            assert rendered(message.string) in text, message.context


@pytest.mark.parametrize("kind", ["worksheet", "answer-key"])
def test_no_english_of_the_worksheets_catalog_is_left(german, kind):
    out, _ = german
    text = page_text(out, f"{LESSON_06.stem}-{kind}.html")
    for message in catalog(WORKSHEET_06):
        english = rendered(message.id) if message.id else ""
        if english and message.string != message.id and len(english) > 12:
            assert english not in text, message.context


def _fixed_words() -> list[tuple[str, str]]:
    """(English, German) of every entry of the library's catalog written by the handouts'
    modules, each cut at its placeholders into the pieces a page shows."""
    found = []
    for message in catalog(LIBRARY_PO):
        if not message.id or not any("haba_lessons/handouts/" in place
                                     for place, _ in message.locations):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english, german in zip(ids, strings):
            assert german, f"untranslated: {english!r}"
            for piece in re.split(r"\{[^{}]*\}", english):
                piece = " ".join(piece.strip(" .,:;·()[]").split())
                if len(piece) > 3 and piece not in german:
                    found.append((piece, german))
    return found


def test_the_pages_own_words_are_german(german):
    out, _ = german
    fixed = _fixed_words()
    assert ("Exercises from the notebook", "Aufgaben aus dem Notebook") in fixed
    for name in (f"{LESSON_06.stem}-worksheet.html", f"{LESSON_06.stem}-answer-key.html",
                 f"{LESSON_06.stem}.html", "index.html"):
        text = page_text(out, name)
        left = [english for english, _ in fixed
                if re.search(rf"(?<![\w-]){re.escape(english)}(?![\w-])", text)]
        assert left == [], name
    worksheet = page_text(out, f"{LESSON_06.stem}-worksheet.html")
    fields = (out / f"{LESSON_06.stem}-worksheet.html").read_text("utf-8")
    assert "<span>Name</span><span>Klasse</span><span>Datum</span>" in fields
    assert "Aufgaben aus dem Notebook" in worksheet
    assert "Lizenz CC BY 4.0" in worksheet


def test_every_german_page_says_it_is_german(german):
    out, _ = german
    pages = sorted(out.glob("*.html"))
    assert len(pages) >= 5
    for page in pages:
        assert '<html lang="de">' in page.read_text(encoding="utf-8"), page.name


def test_the_exercises_are_the_german_notebooks_all_of_them(german):
    out, _ = german
    text = page_text(out, f"{LESSON_06.stem}-worksheet.html")
    english = read_exercises(REPO / "notebooks" / LESSON_06.file)     # the oracle's count
    for exercise in english:
        assert re.search(rf"Aufgabe {exercise.number} ★+ \(", text), exercise.number
    assert not re.search(r"Exercise \d", text)
    assert f"Aufgabe {len(english) + 1} " not in text


def test_the_lesson_plans_are_the_shipped_translations(german):
    out, _ = german
    for plan in GERMAN.lesson_plans:
        first = (REPO / "lesson-plans" / "de" / plan).read_text("utf-8").splitlines()[0]
        assert first.lstrip("# ").split(" · ")[0] in page_text(out, Path(plan).stem + ".html")


@pytest.fixture(scope="module")
def without_worksheet_04(tmp_path_factory) -> tuple[Path, str]:
    """German handouts of a copy of the course whose edition does not ship worksheet 04."""
    course = tmp_path_factory.mktemp("course")
    for folder in ("notebooks", "lesson-plans", "worksheets", "locale"):
        shutil.copytree(REPO / folder, course / folder)
    editions = course / "locale" / "editions.toml"
    editions.write_text(editions.read_text("utf-8").replace(
        f'    "{NOT_SHIPPED.number}.toml",\n', ""), "utf-8")
    assert f"{NOT_SHIPPED.number}.toml" not in edition("de", course).worksheets
    out, errors = course / "out", io.StringIO()
    with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
        assert main([str(course), str(out), "--lang", "de"]) == 0
    return out, errors.getvalue()


def test_a_worksheet_not_shipped_is_left_out_with_one_line(without_worksheet_04):
    out, said = without_worksheet_04
    lesson = NOT_SHIPPED
    assert not (out / f"{lesson.stem}-worksheet.html").exists()
    assert not (out / f"{lesson.stem}-answer-key.html").exists()
    lines = [line for line in said.splitlines() if line.startswith(f"{lesson.number} ·")]
    assert len(lines) == 1
    assert re.search(r": ausgelassen, noch nicht übersetzt: (Stundenentwurf, )?Arbeitsblatt, "
                     r"Lösungsblatt$", lines[0])
    assert lines[0] in page_text(out, "index.html")


def test_an_unknown_language_is_refused_in_one_line(tmp_path, capsys):
    assert main([str(REPO), str(tmp_path / "out"), "--lang", "xx"]) == 2
    error = capsys.readouterr().err.strip()
    assert "'xx'" in error and "en (English)" in error and "de (Deutsch)" in error
    assert "\n" not in error and not (tmp_path / "out").exists()


def test_the_course_command_has_the_language_too(tmp_path, capsys):
    from haba_lessons.cli import main as course

    assert course(["handouts", str(REPO), str(tmp_path / "out"), "--lang", "de"]) == 0
    assert '<html lang="de">' in (tmp_path / "out" / "index.html").read_text("utf-8")
    assert course(["handouts", str(REPO), str(tmp_path / "no"), "--lang", "klingon"]) == 2
    assert not (tmp_path / "no").exists()


def test_a_shipped_worksheet_with_an_incomplete_catalog_is_refused(tmp_path):
    course = tmp_path / "course"
    for folder in ("notebooks", "lesson-plans", "worksheets", "locale"):
        shutil.copytree(REPO / folder, course / folder)
    po = course / "worksheets" / "locale" / "de" / "06.po"
    entries = catalog(po)
    first = next(message for message in entries if message.id)
    first.string = ""                                    # one question left untranslated
    with po.open("wb") as file:
        write_po(file, entries)
    with pytest.raises(DataFileError, match=r"worksheets/locale/de/06\.po: .*not complete"):
        build_handouts(course, tmp_path / "out", language="de")
    assert not (tmp_path / "out").exists()


def test_the_answer_keys_numbers_have_decimal_commas():
    from haba_lessons.exercises import approx, exact

    with i18n.using("de"):                 # 5/18 = 0.27777...: 0,2778 to four places
        assert describe_key(exact(Fraction(5, 18))) == "genau 5/18 ≈ 0,2778."
        assert describe_key(approx(0.5, 0.01)).startswith(
            "jede Zahl, die höchstens 0,01 von 0,5 abweicht")
    assert describe_key(exact(Fraction(5, 18))) == "exactly 5/18 ≈ 0.2778."


def test_english_is_still_the_default(tmp_path, monkeypatch):
    monkeypatch.delenv(i18n.ENVIRONMENT, raising=False)
    build_handouts(REPO, tmp_path / "en")
    worksheet = (tmp_path / "en" / f"{LESSON_06.stem}-worksheet.html").read_text("utf-8")
    assert '<html lang="en">' in worksheet and "Exercises from the notebook" in worksheet
    assert "Aufgabe" not in worksheet


def test_every_shipped_worksheet_is_built_in_german(german):
    out, _ = german
    for entry in notebooks():
        if entry.kind == "lesson" and f"{entry.number}.toml" in GERMAN.worksheets \
                and entry.file in GERMAN.notebooks:
            po = catalog(REPO / "worksheets" / "locale" / "de" / f"{entry.number}.po")
            key = page_text(out, f"{entry.stem}-answer-key.html")
            for message in po:
                if message.id:
                    assert rendered(message.string) in key, (entry.number, message.context)
