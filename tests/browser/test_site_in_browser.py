"""The course's website in a real browser with the network blocked: every page loads with no
request to another host and no missing file; stored widgets are drawn, every picture is
shown, every formula is typeset by the vendored MathJax; the offline search finds a lesson.
Screenshots of three pages go to screenshots/ (site-*.png)."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest
from browser_support import SCREENSHOTS, NetworkGuard

from haba_lessons.site import build_site
from haba_lessons.site.build import MARKER

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site, built once per session (tests/test_site.py builds the same folder)."""
    folder = tmp_path_factory.getbasetemp() / "course-site"
    if not (folder / MARKER).is_file():
        build_site(folder)
    return folder


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def served(site):
    """The site on a static web server on 127.0.0.1, as a school's server would serve it
    (from a sub-folder, to show that nothing needs the server's root)."""
    root = site.parent
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/{site.name}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


#: A request the browser itself cancelled, as it does with a font still loading when the test
#: moves on to the next page; a file that is missing answers 404, recorded above it.
ABORTED = "net::ERR_ABORTED"


@pytest.fixture
def page_and_guard(browser):
    guard = NetworkGuard()
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="block")
    guard.attach(context)
    page = context.new_page()
    guard.watch(page)
    failures: list[str] = []
    page.on("response", lambda r: failures.append(f"{r.status} {r.url}")
            if r.status >= 400 else None)
    page.on("requestfailed", lambda r: failures.append(f"failed {r.url}: {r.failure}")
            if r.url.startswith("http://127.0.0.1") and r.failure != ABORTED else None)
    yield page, guard, failures
    context.close()


PAGE_STATE_JS = """() => {
    const views = document.querySelectorAll(
        'script[type="application/vnd.jupyter.widget-view+json"]').length;
    const drawn = [...document.querySelectorAll('.widget-subarea')]
        .filter(area => area.children.length > 0).length;
    const maths = [...document.querySelectorAll('span.math, div.math')];
    const typeset = maths.filter(m => m.querySelector('mjx-container')).length;
    const images = [...document.images];
    const broken = images.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src);
    const text = document.body.innerText;
    return {views, drawn, maths: maths.length, typeset, images: images.length, broken,
            widgetErrors: /Error displaying widget|Error rendering/.test(text)};
}"""


def wait_until_drawn(page, timeout_ms: int = 30_000) -> dict:
    """Wait until every stored widget view is drawn and every formula typeset."""
    page.wait_for_function(
        """() => {
            const views = document.querySelectorAll(
                'script[type="application/vnd.jupyter.widget-view+json"]').length;
            const drawn = [...document.querySelectorAll('.widget-subarea')]
                .filter(area => area.children.length > 0).length;
            const maths = [...document.querySelectorAll('span.math, div.math')];
            const typeset = maths.every(m => m.querySelector('mjx-container'));
            return drawn >= views && typeset && [...document.images].every(i => i.complete);
        }""", timeout=timeout_ms, polling=250)
    return page.evaluate(PAGE_STATE_JS)


def test_every_page_loads_offline_with_widgets_pictures_and_formulas(site, served,
                                                                     page_and_guard):
    page, guard, failures = page_and_guard
    pages = sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html")
                   if "_static" not in path.parts)
    assert len(pages) > 25
    problems, totals = [], {"views": 0, "maths": 0, "images": 0}
    for name in pages:
        page.goto(f"{served}/{name}", wait_until="load")
        try:
            state = wait_until_drawn(page)
        except Exception:  # noqa: BLE001 - reported with what the page shows
            state = page.evaluate(PAGE_STATE_JS)
            problems.append(f"{name}: not everything was drawn in 30 s: {state}")
            continue
        for key in totals:
            totals[key] += state[key]
        if state["broken"] or state["widgetErrors"]:
            problems.append(f"{name}: {state}")
    assert guard.blocked == [], f"requests to other hosts: {guard.blocked}"
    assert failures == [] and problems == []
    assert totals["views"] > 40 and totals["maths"] > 20 and totals["images"] > 30, totals


def test_the_offline_search_finds_a_lesson(served, page_and_guard):
    page, guard, failures = page_and_guard
    page.goto(f"{served}/search.html?q=sample+space", wait_until="load")
    page.wait_for_selector("#search-results li a", timeout=30_000)
    hits = page.eval_on_selector_all("#search-results li a", "els => els.map(e => e.href)")
    assert any(hit.split("?")[0].endswith("notebooks/01-dice-and-sample-spaces.html")
               for hit in hits), hits
    assert guard.blocked == [] and failures == []


@pytest.mark.parametrize("name, shot, element", [
    ("index.html", "site-home.png", None),
    ("notebooks/01-dice-and-sample-spaces.html", "site-01-recorder-and-formulas.png",
     "section#how-sure-is-a-simulation-a-95-interval h2"),
    ("notebooks/04x-quiet-as-a-mouse-further.html", "site-04x-widget.png",
     ".haba-quiet-as-a-mouse"),
])
def test_screenshots_of_three_pages(served, page_and_guard, name, shot, element):
    page, guard, failures = page_and_guard
    page.goto(f"{served}/{name}", wait_until="load")
    wait_until_drawn(page)
    if element:
        page.locator(element).first.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / shot))
    assert (SCREENSHOTS / shot).stat().st_size > 10_000
    assert guard.blocked == [] and failures == []
