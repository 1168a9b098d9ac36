"""The German edition in a real browser: German notebook 01 run in JupyterLab with
``HABA_LANG=de``, and the Meow Meow app in Voilà as ``haba-lessons app meow-meow --lang de``
starts it; no English the library has a German word for left on either page.

The oracle is the library's own catalog, not the code under test: every entry of
``haba_lessons/locale/de/LC_MESSAGES/haba_lessons.po`` whose German differs from its English
is looked for, as English, in the visible text of every widget and chart the page drew. A
screenshot of the whole German notebook and of the app goes to ``screenshots/`` whatever the
result.
"""

from __future__ import annotations

import re
import shutil
import time

import pytest
from babel.messages.pofile import read_po
from browser_support import (
    GAMES_TABLE,
    PANEL,
    REPO,
    SCREENSHOTS,
    cell_problems,
    chart_problems,
    full_page_screenshot,
    jupyterlab_server,
    render_problems,
    run_all_cells,
    stored_chart_count,
    strip_outputs,
    voila_server,
)

from haba_lessons import app_mode, claims
from haba_lessons.games.meow_meow.strategies import STRATEGIES as MEOW_MEOW_BOTS
from haba_lessons.i18n import using

pytestmark = pytest.mark.browser

NOTEBOOK = "de/01-dice-and-sample-spaces.ipynb"
CATALOG = REPO / "haba_lessons" / "locale" / "de" / "LC_MESSAGES" / "haba_lessons.po"
RUN_TIMEOUT_S = 60
#: What splits a message into the pieces a page shows as they are: placeholders and HTML tags.
_NOT_SHOWN_AS_IS = re.compile(r"\{[^{}]*\}|<[^<>]*>")

#: Every text a chart draws on a canvas (JupyterLab's Vega renderer draws there, so its
#: titles, axes, legends and labels are not in the DOM): recorded as it is drawn.
RECORD_CANVAS_TEXT_JS = """
window.__habaDrawnTexts = [];
const habaFillText = CanvasRenderingContext2D.prototype.fillText;
CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
    window.__habaDrawnTexts.push(String(text));
    return habaFillText.call(this, text, ...rest);
};
"""

#: What a person reads in the page's widgets and charts, one text per widget output (the
#: widget's text and the words on its controls: option texts, typed values, placeholders) and
#: one per text a chart drew (on a canvas, or in an SVG).
VISIBLE_TEXT_JS = """(panel) => {
    const root = document.querySelector(panel);
    const widgets = [];
    for (const widget of root.querySelectorAll('.jp-OutputArea-output .jupyter-widgets')) {
        if (widget.parentElement.closest('.jupyter-widgets')) continue;   // inside another
        const texts = [widget.innerText];
        for (const field of widget.querySelectorAll('input, textarea')) {
            texts.push(field.value || '', field.placeholder || '');
        }
        for (const option of widget.querySelectorAll('option')) texts.push(option.textContent);
        widgets.push(texts.filter(t => t && t.trim()).join('\\n'));
    }
    const charts = [...root.querySelectorAll('.jp-OutputArea-output svg text')]
        .map(text => text.textContent);
    charts.push(...(window.__habaDrawnTexts || []));
    return {widgets, charts: charts.filter(t => t && t.trim())};
}"""

def english_pieces() -> set[str]:
    """The English words of every library message German writes differently: each message's
    text between its placeholders and tags, leaving out pieces that German itself writes (a
    formula's "n =", a name such as "Spookies") and lone short words ("of", "so"), which
    cannot tell the two languages apart."""
    with CATALOG.open("rb") as file:
        catalog = read_po(file)
    english, german = set(), []
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        if not all(strings):
            continue
        german += strings
        for text in ids:
            if text in strings:
                continue
            english.update(piece.strip(" .,:;()") for piece in _NOT_SHOWN_AS_IS.split(text))
    german_text = "\n".join(german)
    return {piece for piece in english
            if _telling(piece) and not re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", german_text)}


def _telling(piece: str) -> bool:
    words = re.findall(r"[^\W\d_]+", piece)
    return len(words) >= 2 or any(len(word) >= 4 for word in words)


def untranslated(texts: list[str], pieces: set[str]) -> list[str]:
    """Each English piece found, as a whole word or phrase, in the visible texts."""
    found = []
    for piece in sorted(pieces):
        pattern = re.compile(rf"(?<!\w){re.escape(piece)}(?!\w)")
        for text in texts:
            if pattern.search(text):
                found.append(f"{piece!r} in {text.strip()[:120]!r}")
                break
    return found


def test_the_oracle_finds_english_and_passes_german():
    """The check can fail: a library sentence in English is caught, the same in German not."""
    pieces = english_pieces()
    rolls = claims.Measured("optimal", 4.99, 4.98, 5.01)
    with using("en"):
        english = claims.against(rolls, 4.5, "4.5", "20,000 turns")
    with using("de"):
        german = claims.against(rolls, 4.5, "4,5", "20 000 Zügen")
    assert untranslated([english], pieces), english
    assert untranslated([german], pieces) == [], german


@pytest.fixture(scope="module")
def german_lab(browser, tmp_path_factory):
    """JupyterLab on loopback with ``HABA_LANG=de`` for its kernels, serving a copy of
    notebooks/ whose German notebook 01 has its stored outputs removed."""
    home = tmp_path_factory.mktemp("jupyterlab-de")
    root = home / "notebooks"
    shutil.copytree(REPO / "notebooks", root,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    strip_outputs(root / NOTEBOOK)
    server = jupyterlab_server(root, home)
    server.env["HABA_LANG"] = "de"
    server.start(ready_path="/api/status?token={token}")
    yield server
    server.stop()


def test_german_notebook_01_shows_no_english_library_words(german_lab, guarded_page):
    page, guard = guarded_page
    page.add_init_script(RECORD_CANVAS_TEXT_JS)
    page.goto(f"{german_lab.url}/lab/workspaces/test-de-01/tree/{NOTEBOOK}"
              f"?token={german_lab.token}")
    problems: list[str] = []
    started = time.monotonic()
    try:
        run_all_cells(page, RUN_TIMEOUT_S)
        problems += cell_problems(page)
        problems += chart_problems(page, PANEL, stored_chart_count(REPO / "notebooks" / NOTEBOOK))
        problems += render_problems(page, PANEL)
        problems += guard.problems()
        shown = page.evaluate(VISIBLE_TEXT_JS, PANEL)
        assert any("Summe" in text for text in shown["charts"]), \
            "no German chart text was collected"
        checked = shown["widgets"] + shown["charts"]
        problems += [f"English left in the German page: {found}"
                     for found in untranslated(checked, english_pieces())]
    finally:
        print(f"{NOTEBOOK}: ran and checked in {time.monotonic() - started:.1f} s")
        full_page_screenshot(page, SCREENSHOTS / "lab-de-01-dice-and-sample-spaces.png",
                             scroller=f"{PANEL} .jp-WindowedPanel-outer")
    assert not problems, "German notebook 01 in JupyterLab:\n" + "\n".join(problems)


def test_german_meow_meow_app_shows_no_english_library_words(guarded_page, tmp_path):
    """The app as ``haba-lessons app meow-meow --lang de`` serves it (``HABA_LANG=de`` for
    Voilà's kernel): after two draws, every widget text is German wherever the catalog is.
    The bots keep their English names in German (the glossary), so they are left out."""
    page, guard = guarded_page
    app = app_mode.load_apps(GAMES_TABLE)["meow-meow"]
    server = voila_server(app.notebook, tmp_path)
    server.env["HABA_LANG"] = "de"
    server.start(ready_path="/")
    problems: list[str] = []
    started = time.monotonic()
    try:
        page.goto(server.url + "/")
        page.wait_for_selector(".haba-meow-meow .haba-roll", timeout=90_000)
        for _ in range(2):
            draw = page.locator(".haba-meow-meow .haba-roll")
            if draw.is_enabled():
                draw.click()
                page.wait_for_timeout(800)
        problems += render_problems(page, "body")
        problems += guard.problems()
        shown = page.evaluate(VISIBLE_TEXT_JS, "body")
        text = "\n".join(shown["widgets"])
        assert "Ablagestapel" in text and "Nachziehstapel" in text, text[:500]
        for name in MEOW_MEOW_BOTS:
            text = text.replace(f"({name})", "")
        problems += [f"English left in the German app: {found}"
                     for found in untranslated([text], english_pieces())]
    finally:
        print(f"meow-meow app (de): checked in {time.monotonic() - started:.1f} s")
        full_page_screenshot(page, SCREENSHOTS / "german-app-meow-meow.png")
        server.stop()
    assert not problems, "German Meow Meow app:\n" + "\n".join(problems)
