"""Cat & Co. Meow Meow and Quiet as a Mouse on the projector, measured in a real browser.

Each app is opened in app mode (Voilà with the ``haba`` template, as ``haba-lessons app``
starts it) at 1920x1080 and at 1280x720, one page each, after one press of its main button
(so that a last move is shown). Measured in the page, at its top, without scrolling:

* the board, the main control and the last-move box lie wholly inside the viewport;
* the page has no horizontal overflow (also at 1024x768, where the board must wrap or
  scale, never clip);
* the board fills the width it is given (its drawn width over its container's, >= 0.9);
* at 1920x1080 no text on the board is smaller than 18 px (SVG text: its font size times the
  drawing's scale on screen).

In JupyterLab at 1366x768 with the file browser open, each widget (Meow Meow, Quiet as a
Mouse in both modes) must lie inside its output area: no part of it beyond the area's
edges (clipped or hidden behind a sideways scrollbar).

The same measurement, on a page with the text squeezed and the board made too wide, must
report both (the check can fail). One Voilà server serves both apps (``apps/``). The numbers are printed (``-s`` shows them)
and the screenshots are ``screenshots/projector-<app>-<width>x<height>.png``.
"""

from __future__ import annotations

import sys

import nbformat
import pytest
from browser_support import (PANEL, REPO, SCREENSHOTS, Server, render_problems, run_all_cells,
                             server_env)

from haba_lessons import app_mode

pytestmark = pytest.mark.browser

SIZES = [(1920, 1080), (1280, 720)]
NARROW = (1024, 768)
MIN_FONT_PX = 18
#: app -> (root class, the board, what its drawn width is measured against, last move).
APPS = {
    "meow-meow": ("haba-meow-meow", ".haba-mm-board", ".haba-meow-meow", ".haba-last-move"),
    "quiet-as-a-mouse": ("haba-quiet-as-a-mouse", "svg.haba-qm-castle",
                         ".haba-qm-picture:not([style*='none'])", ".haba-last-move"),
}

#: Measures one app; returns a dict of numbers and the problems found.
MEASURE_JS = r"""
([root, boardSel, spaceSel, lastSel, minFont]) => {
  const problems = [];
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const visible = (el) => el && el.getClientRects().length > 0 &&
    getComputedStyle(el).visibility !== 'hidden';
  const first = (sel) => [...document.querySelectorAll(sel)].find(visible);
  const inside = (name, el) => {
    if (!el) { problems.push(`no visible ${name}`); return null; }
    const r = el.getBoundingClientRect();
    const box = {left: Math.round(r.left), top: Math.round(r.top),
                 right: Math.round(r.right), bottom: Math.round(r.bottom)};
    if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) {
      problems.push(`${name} at ${JSON.stringify(box)} is not inside the ${vw}x${vh} viewport`);
    }
    return box;
  };
  const rootEl = first('.' + root);
  const board = first(`.${root} ${boardSel}`);
  // The drawn width of the board: an SVG's content (its first shape, the castle's outline)
  // as it lands on screen, else the element itself.
  let drawn = board ? board.getBoundingClientRect().width : 0;
  if (board && board.tagName.toLowerCase() === 'svg') {
    const outline = board.querySelector('rect');
    drawn = outline ? outline.getBoundingClientRect().width + 8 * board.getScreenCTM().a : drawn;
  }
  const space = board ? board.closest(spaceSel) || board.parentElement : null;
  const spaceWidth = space ? space.getBoundingClientRect().width : 1;
  // Text on the board: every text node in the board and in the root's .haba-dice.
  const fonts = [];
  const scopes = [board, first(`.${root} .haba-dice`)].filter(Boolean);
  for (const scope of new Set(scopes)) {
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!n.textContent.trim() || !el || el.closest('style, title, desc') || !visible(el)) continue;
      let px = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement) px *= el.getScreenCTM().a;
      fonts.push({px, text: n.textContent.trim().slice(0, 30)});
    }
  }
  fonts.sort((a, b) => a.px - b.px);
  return {
    viewport: `${vw}x${vh}`,
    overflow_x: document.documentElement.scrollWidth - vw,
    root: inside('the widget', rootEl),
    board: inside('the board', board),
    control: inside('the main control (.haba-roll)', first(`.${root} .haba-roll`)),
    last_move: inside('the last-move box', first(`.${root} ${lastSel}`)),
    board_fill: +(drawn / spaceWidth).toFixed(3),
    smallest_text_px: fonts.length ? +fonts[0].px.toFixed(1) : null,
    smallest_text: fonts.length ? fonts[0].text : null,
    text_pieces: fonts.length,
    problems,
  };
}
"""


@pytest.fixture(scope="module")
def apps_server(tmp_path_factory):
    """One Voilà serving the folder ``apps/`` with app mode's options."""
    home = tmp_path_factory.mktemp("voila-projector")
    command = app_mode.voila_command(REPO / "apps", 0, open_browser=False)
    command = [part.replace("--Voila.port=0", "--Voila.port={port}") for part in command]
    server = Server("Voilà apps/", command, REPO / "apps",
                    app_mode.voila_environment(server_env(home), REPO), home / "voila.log")
    server.start(ready_path="/")
    yield server
    server.stop()


def open_app(page, server, name: str, root: str) -> None:
    page.goto(f"{server.url}/voila/render/{name}.ipynb")
    page.wait_for_selector(f".{root} .haba-roll", timeout=90_000)
    page.locator(f".{root} .haba-roll").first.click()          # a move, so a last move shows
    page.wait_for_timeout(1500)


def measure(page, name: str) -> dict:
    root, board, space, last = APPS[name]
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(600)                                  # let the layout settle
    return page.evaluate(MEASURE_JS, [root, board, space, last, MIN_FONT_PX])


@pytest.mark.parametrize("name", list(APPS))
def test_the_app_fits_the_projector_at_both_sizes(name, apps_server, guarded_page):
    page, guard = guarded_page
    root = APPS[name][0]
    problems: list[str] = []
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    open_app(page, apps_server, name, root)
    problems += render_problems(page, "body")
    for width, height in [*SIZES, NARROW]:
        page.set_viewport_size({"width": width, "height": height})
        found = measure(page, name)
        page.screenshot(path=str(SCREENSHOTS / f"projector-{name}-{width}x{height}.png"))
        print(f"{name} {found}", file=sys.stderr)
        where = f"{name} at {width}x{height}"
        if found["overflow_x"] > 1:
            problems.append(f"{where}: the page is {found['overflow_x']} px too wide (clipped "
                            f"or scrolling sideways)")
        if (width, height) == NARROW:
            continue          # a laptop: only no clipping is promised, not everything at once
        problems += [f"{where}: {p}" for p in found["problems"]]
        if found["board_fill"] < 0.9:
            problems.append(f"{where}: the board fills {found['board_fill']:.0%} of its width")
        if (width, height) == SIZES[0] and (found["smallest_text_px"] or 0) < MIN_FONT_PX:
            problems.append(f"{where}: text {found['smallest_text']!r} on the board is "
                            f"{found['smallest_text_px']} px (at least {MIN_FONT_PX})")
    if name == "meow-meow":
        problems += harness_problems(page, name)
    problems += guard.problems()
    assert not problems, "\n".join(problems)


def harness_problems(page, name: str) -> list[str]:
    """The measurement can fail: with the board's text squeezed to 10 px and the board made
    wider than the screen, it must report both (checked on the page already open)."""
    root = APPS[name][0]
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.add_style_tag(content=f".{root} {{ font-size: 10px !important; }} "
                               f".{root} .haba-mm-board {{ width: 2400px; }}")
    found = measure(page, name)
    problems = []
    if not found["smallest_text_px"] < MIN_FONT_PX:
        problems.append(f"harness: 10 px text measured as {found['smallest_text_px']} px")
    if not (found["overflow_x"] > 1 or any("not inside" in p for p in found["problems"])):
        problems.append("harness: a 2400 px board was not reported as off the screen")
    return problems


NOTEBOOK = "projector-widgets-b.ipynb"
NOTEBOOK_SIZE = (1366, 768)
NOTEBOOK_WIDGETS = [
    ("Meow Meow", "haba-meow-meow", "from haba_lessons.games.meow_meow.widget import widget\n"
                                    "widget()"),
    ("Quiet as a Mouse", "haba-quiet-as-a-mouse",
     "from haba_lessons.games.quiet_as_a_mouse.widget import widget as quiet\nquiet()"),
    ("Quiet as a Mouse (simulated)", "haba-quiet-as-a-mouse", "quiet(mode='simulated')"),
]

#: Everything of the widget in ``output`` that lies beyond the output area's left or right
#: edge, as one line each.
CLIPPED_JS = r"""
([output, root]) => {
  const area = output.getBoundingClientRect();
  const widget = output.querySelector('.' + root);
  if (!widget) return [`no .${root} in the output`];
  const out = [];
  for (const el of [widget, ...widget.querySelectorAll('*')]) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).display === 'none') continue;
    if (r.left < area.left - 1 || r.right > area.right + 1) {
      out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ` +
               `${Math.round(r.left)}..${Math.round(r.right)} beyond ` +
               `${Math.round(area.left)}..${Math.round(area.right)}`);
    }
  }
  return out;
}
"""


@pytest.fixture
def widgets_notebook(lab):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("from haba_lessons.course import setup\nrng = setup()")]
    nb.cells += [nbformat.v4.new_code_cell(code) for _, _, code in NOTEBOOK_WIDGETS]
    nbformat.write(nb, lab.cwd / NOTEBOOK)
    yield NOTEBOOK
    (lab.cwd / NOTEBOOK).unlink()


def test_in_a_notebook_with_the_file_browser_open_nothing_is_clipped(lab, widgets_notebook,
                                                                     guarded_page):
    page, guard = guarded_page
    page.set_viewport_size({"width": NOTEBOOK_SIZE[0], "height": NOTEBOOK_SIZE[1]})
    page.goto(f"{lab.url}/lab/workspaces/projector-b/tree/{widgets_notebook}?token={lab.token}")
    run_all_cells(page, 180)
    page.wait_for_timeout(1500)
    assert page.locator(".jp-FileBrowser").first.is_visible(), "the file browser is not open"
    cells = page.locator(f"{PANEL} .jp-CodeCell")
    problems = render_problems(page, PANEL)
    for i, (label, root, _) in enumerate(NOTEBOOK_WIDGETS):
        output = cells.nth(i + 1).locator(".jp-OutputArea-output").element_handle()
        output.scroll_into_view_if_needed()
        clipped = page.evaluate(CLIPPED_JS, [output, root])
        print(f"notebook {NOTEBOOK_SIZE[0]}x{NOTEBOOK_SIZE[1]}, file browser open: {label}: "
              f"{len(clipped)} pieces beyond the output area", file=sys.stderr)
        problems += [f"{label}: {c}" for c in clipped[:10]]
    page.screenshot(path=str(SCREENSHOTS / "projector-notebook-widgets-b-1366x768.png"))
    # The check can fail: a board wider than the area is reported.
    page.add_style_tag(content=".haba-meow-meow .haba-mm-board { width: 3000px; }")
    output = cells.nth(1).locator(".jp-OutputArea-output").element_handle()
    if not page.evaluate(CLIPPED_JS, [output, "haba-meow-meow"]):
        problems.append("harness: a 3000 px board was not reported as beyond the output area")
    problems += guard.problems()
    assert not problems, "\n".join(problems)
