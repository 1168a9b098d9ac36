"""``haba-lessons site OUT --lang de``: the German edition of the offline website.

One German site is built for the module (about 20 s). The oracles are outside the site
builder: the translators' catalogs read with Babel (``lessons.po``, each notebook's ``.po``),
the German notebooks and lesson plans as shipped, what ``haba-lessons handouts . OUT --lang
de`` writes on its own, and the data files read with ``tomllib``.
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import nbformat
import pytest
from babel.messages.pofile import read_po

from haba_lessons.catalog import notebooks
from haba_lessons.site import build_site
from haba_lessons.site.build import MARKER
from tests.test_site import elements, site_holds_the_handouts

REPO = Path(__file__).resolve().parents[1]
GERMAN = REPO / "notebooks" / "de"
LOCALE = REPO / "notebooks" / "locale" / "de"


def translations(path: Path) -> dict[tuple[str, str | None], str]:
    with path.open("rb") as file:
        return {(m.id, m.context): m.string for m in read_po(file) if m.id and m.string}


def text_of(page: Path) -> str:
    """What a reader sees on ``page``: its text without tags, scripts and styles."""
    source = re.sub(r"<(script|style)\b.*?</\1>", "", page.read_text(encoding="utf-8"),
                    flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", source)).split())


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site-de") / "site"
    build_site(folder, language="de")
    assert (folder / MARKER).is_file()
    return folder


def test_the_home_page_lists_the_lessons_with_their_german_titles_and_questions(site):
    lessons = translations(LOCALE / "lessons.po")
    home = text_of(site / "index.html")
    assert 'lang="de"' in (site / "index.html").read_text(encoding="utf-8")
    for entry in notebooks():
        for field in ("title", "question"):
            english = getattr(entry, field)
            german = lessons[(english, field)].replace("*", "")    # Markdown emphasis
            assert german in home, (entry.number, field)
            if german != english and len(english) > 12:
                assert english not in home, (entry.number, field, english)
    for words in ("Die Stunden", "Für Lehrkräfte", "Stundenentwurf", "Handouts zum Ausdrucken"):
        assert words in home
    for english in ("The lessons", "For teachers", "lesson plan", "Printable handouts",
                    "course content"):
        assert english not in home


def test_each_notebook_page_is_the_german_notebook_with_its_german_downloads(site):
    for entry in notebooks():
        page = site / "notebooks" / f"{entry.stem}.html"
        assert (site / "notebooks" / entry.file).read_bytes() == (GERMAN / entry.file)\
            .read_bytes()
        anchors = [attrs for tag, attrs in elements(page) if tag == "a"]
        assert any(f"lab/tree/notebooks/de/{entry.file}" in (a.get("href") or "")
                   for a in anchors), entry.file
        words = text_of(page)
        assert "Dieses Notebook herunterladen" in words and "die Schülerfassung" in words
        first = nbformat.read(GERMAN / entry.file, as_version=4).cells[0].source
        heading = re.search(r"^# (.+)$", first, re.M).group(1)
        assert heading.replace("*", "") in words, entry.file
        english = nbformat.read(REPO / "notebooks" / entry.file, as_version=4).cells[0].source
        english_heading = re.search(r"^# .+$", english, re.M).group(0)
        assert translations(LOCALE / f"{entry.stem}.po")[(english_heading, None)] == \
            f"# {heading}", entry.file


def test_every_german_lesson_plan_and_handout_is_on_the_site(site, tmp_path):
    for entry in notebooks():
        plan = REPO / "lesson-plans" / "de" / f"{entry.stem}.md"
        if plan.is_file():
            first = re.search(r"^# (.+)$", plan.read_text(encoding="utf-8"), re.M).group(1)
            assert first.split("·")[0].strip() in text_of(
                site / "lesson-plans" / f"{entry.stem}.html")
    site_holds_the_handouts(site, [str(REPO), "--lang", "de"], tmp_path)


def test_the_assumptions_page_is_german_and_shows_every_value(site):
    page = text_of(site / "assumptions.html")
    assert "Was wir wissen und was wir angenommen haben" in page
    assert "Annahme" in page and "Spielanleitung" in page and "Mucksmäuschenstill" in page
    for name in ("spookies", "quiet_as_a_mouse", "meow_meow", "mouse_trap"):
        data = tomllib.loads((REPO / "haba_lessons" / "data" / f"{name}.toml").read_text())
        for field, entry in data.items():
            if isinstance(entry, dict) and "provenance" in entry:
                assert field in page, field
    link = [attrs["href"] for tag, attrs in elements(site / "assumptions.html")
            if tag == "a" and "00-welcome" in attrs.get("href", "")]
    assert any(h.lower().endswith("#was-wir-wissen-und-was-wir-angenommen-haben") for h in link)


def test_an_unknown_edition_is_refused_naming_the_languages(tmp_path):
    done = subprocess.run([sys.executable, "-m", "haba_lessons", "site", str(tmp_path / "s"),
                           "--lang", "xx"], capture_output=True, text=True, cwd=REPO,
                          timeout=120)
    assert done.returncode != 0
    assert "No website texts for the language 'xx'" in done.stderr + done.stdout
    assert "de, en" in done.stderr + done.stdout
    assert not (tmp_path / "s").exists()
