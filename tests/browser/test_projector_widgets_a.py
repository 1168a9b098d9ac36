"""The Spookies and Mouse Trap apps on a projector, measured in a real browser.

Each app is served by Voilà once and looked at in one page at three sizes: 1920x1080 and
1280x720 (a projector), where the board, the roll button and "what happened last" must all be
inside the viewport without scrolling and the page must not scroll sideways, and 1024x768 (a
small laptop), where the board must scale down or wrap, never stick out of its game. At 1080p
no text on the board may be drawn smaller than 18 px (its font size times the SVG's scale on
screen). A screenshot of each size goes to ``screenshots/`` (git-ignored); the measurements
are printed (``pytest -s``) for the record.
"""

from __future__ import annotations

import json

import pytest

from haba_lessons import app_mode
from browser_support import GAMES_TABLE, SCREENSHOTS, voila_server

pytestmark = pytest.mark.browser

APPS = app_mode.load_apps(GAMES_TABLE)
SIZES = ((1920, 1080), (1280, 720), (1024, 768))
#: The sizes at which everything to play must be on screen without scrolling.
PROJECTOR = ((1920, 1080), (1280, 720))
SMALLEST_BOARD_TEXT_1080P = 18.0

MEASURE = """(root) => {
  const game = document.querySelector(root);
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width,
            height: r.height}; };
  const svg = game.querySelector('.haba-board svg');
  const ctm = svg ? svg.getScreenCTM() : null;
  const fonts = svg ? [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim())
    .map((t) => parseFloat(getComputedStyle(t).fontSize) * ctm.a) : [];
  const viewBox = svg ? svg.viewBox.baseVal : null;
  const sticking = [...game.querySelectorAll('*')].filter((el) => {
    const r = el.getBoundingClientRect(); const g = game.getBoundingClientRect();
    return r.width > 0 && (r.right > g.right + 1 || r.left < g.left - 1); }).length;
  const scroller = document.scrollingElement;
  return {
    viewport: {width: innerWidth, height: innerHeight},
    page: {scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth},
    game: box(game), board: box(game.querySelector('.haba-board')), svg: box(svg),
    drawn: viewBox ? {width: viewBox.width * ctm.a, height: viewBox.height * ctm.d} : null,
    roll: box(game.querySelector('.haba-roll')), last: box(game.querySelector('.haba-last')),
    turn: box(game.querySelector('.haba-turn')),
    smallest_board_text: fonts.length ? Math.min(...fonts) : null, sticking: sticking,
  };
}"""


def inside(box: dict, viewport: dict) -> bool:
    return (box is not None and box["top"] >= -1 and box["left"] >= -1
            and box["bottom"] <= viewport["height"] + 1 and box["right"] <= viewport["width"] + 1)


def layout_problems(m: dict, size: tuple[int, int]) -> list[str]:
    """What is wrong with one measured layout, in words."""
    problems, viewport = [], m["viewport"]
    if m["page"]["scrollWidth"] > m["page"]["clientWidth"] + 1:
        problems.append(f"the page scrolls sideways ({m['page']['scrollWidth']} px wide in "
                        f"{m['page']['clientWidth']})")
    if m["sticking"]:
        problems.append(f"{m['sticking']} element(s) stick out of the game's box")
    if m["drawn"] is None:
        return problems + ["no board picture"]
    if m["drawn"]["width"] > m["board"]["width"] + 1:
        problems.append("the board is drawn wider than its box (clipped)")
    if size in PROJECTOR:
        for name in ("svg", "roll", "last", "turn"):
            if not inside(m[name], viewport):
                problems.append(f"{name} is not on screen without scrolling: {m[name]}")
        height_bound = m["drawn"]["height"] >= viewport["height"] * 0.6
        if m["drawn"]["width"] < 0.9 * m["board"]["width"] and not height_bound:
            problems.append(f"the board fills {m['drawn']['width']:.0f} px of the "
                            f"{m['board']['width']:.0f} px it is given")
    if size == (1920, 1080) and m["smallest_board_text"] < SMALLEST_BOARD_TEXT_1080P:
        problems.append(f"board text as small as {m['smallest_board_text']:.1f} px at 1080p")
    return problems


def play_a_little(page, root: str, presses: int = 2) -> None:
    """Press the roll button while it can act (up to ``presses`` times), so the page is
    measured in the middle of a game: dice shown, "what happened last" filled in."""
    roll, last = page.locator(f"{root} .haba-roll"), page.locator(f"{root} .haba-last").first
    for _ in range(presses):
        if not roll.is_enabled():
            return
        before = last.inner_html() + page.locator(f"{root} .haba-dice").first.inner_html()
        roll.click()
        page.wait_for_function(
            "([r, old]) => { const g = document.querySelector(r); return "
            "g.querySelector('.haba-last').innerHTML + g.querySelector('.haba-dice').innerHTML"
            " !== old; }", arg=[root, before], timeout=15_000)


@pytest.mark.parametrize("name", ["spookies", "mouse-trap"])
def test_the_app_fits_the_projector(name, guarded_page, tmp_path):
    app = APPS[name]
    page, guard = guarded_page
    server = voila_server(app.notebook, tmp_path).start(ready_path="/")
    problems: list[str] = []
    try:
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.goto(server.url + "/")
        page.wait_for_selector(f".{app.css_class} .haba-board svg", timeout=90_000)
        play_a_little(page, f".{app.css_class}")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(400)
            measured = page.evaluate(MEASURE, f".{app.css_class}")
            print(f"\n{name} {width}x{height}: " + json.dumps(measured))
            SCREENSHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"projector-{name}-{width}x{height}.png"))
            problems += [f"{width}x{height}: {p}" for p in layout_problems(measured,
                                                                          (width, height))]
        problems += guard.problems()
    finally:
        server.stop()
    assert not problems, f"app {name}:\n" + "\n".join(problems)


def test_the_measure_catches_a_board_off_screen_and_small_text():
    """The checks themselves: a board below the fold, tiny text and a sideways scroll."""
    viewport = {"width": 1920, "height": 1080}
    box = {"left": 0, "top": 900, "right": 1000, "bottom": 1500, "width": 1000, "height": 600}
    good = {"left": 0, "top": 0, "right": 300, "bottom": 50, "width": 300, "height": 50}
    measured = {"viewport": viewport, "page": {"scrollWidth": 2100, "clientWidth": 1920},
                "game": good, "board": box, "svg": box, "drawn": {"width": 1000, "height": 600},
                "roll": good, "last": good, "turn": good, "smallest_board_text": 11.5,
                "sticking": 0}
    problems = layout_problems(measured, (1920, 1080))
    assert any("scrolls sideways" in p for p in problems)
    assert any(p.startswith("svg is not on screen") for p in problems)
    assert any("11.5 px" in p for p in problems)


NOTEBOOK_WIDGETS = {
    "haba-spookies": "from haba_lessons.games import spookies\nspookies.widget()",
    "haba-mouse-trap": "from haba_lessons.games import mouse_trap\nmouse_trap.widget()",
}
NOTEBOOK_MEASURE = """(root) => {
  const game = document.querySelector(root);
  const area = game.closest('.jp-OutputArea-output');
  const g = game.getBoundingClientRect(), a = area.getBoundingClientRect();
  const sticking = [...game.querySelectorAll('*')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && (r.right > g.right + 1 || r.left < g.left - 1); }).length;
  const browser = document.querySelector('.jp-FileBrowser');
  return {game: {left: g.left, right: g.right, width: g.width},
          output: {left: a.left, right: a.right, scrollWidth: area.scrollWidth,
                   clientWidth: area.clientWidth},
          file_browser_width: browser ? browser.getBoundingClientRect().width : 0,
          sticking: sticking};
}"""


def test_the_widgets_fit_a_notebook_at_1366_with_the_file_browser_open(lab, guarded_page):
    """In JupyterLab at 1366x768 with the file browser open, neither game is clipped: it
    stays inside its output, nothing inside it sticks out, the output does not scroll."""
    import nbformat
    from browser_support import PANEL, run_all_cells

    name = "projector-widgets-a.ipynb"
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    notebook.cells = [nbformat.v4.new_code_cell("from haba_lessons.course import setup\n"
                                                "_ = setup()")]
    notebook.cells += [nbformat.v4.new_code_cell(code) for code in NOTEBOOK_WIDGETS.values()]
    nbformat.write(notebook, lab.cwd / name)
    page, guard = guarded_page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{lab.url}/lab/workspaces/projector-a/tree/{name}?token={lab.token}")
    run_all_cells(page, 120)
    if not page.locator(".jp-FileBrowser").is_visible():
        page.click(".jp-SideBar [data-id='filebrowser']")
    page.wait_for_timeout(600)
    problems = []
    for css_class in NOTEBOOK_WIDGETS:
        root = f"{PANEL} .{css_class}"
        page.wait_for_selector(f"{root} .haba-board svg", timeout=30_000)
        m = page.evaluate(NOTEBOOK_MEASURE, root)
        print(f"\nnotebook 1366x768 {css_class}: " + json.dumps(m))
        if m["file_browser_width"] < 100:
            problems.append(f"{css_class}: the file browser is not open ({m})")
        if m["game"]["right"] > m["output"]["right"] + 1 or m["sticking"]:
            problems.append(f"{css_class}: clipped in the notebook: {m}")
        if m["output"]["scrollWidth"] > m["output"]["clientWidth"] + 1:
            problems.append(f"{css_class}: its output scrolls sideways: {m}")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "projector-notebook-1366x768.png"))
    problems += guard.problems()
    assert not problems, "\n".join(problems)
