"""Every game widget in JupyterLab's dark and light themes: all its text readable.

In the page: each visible piece of text (HTML and SVG) against the colour actually behind it
(``document.elementsFromPoint`` at the text, the first opaque background or SVG fill, with
translucent layers blended) must reach WCAG AA, 4.5:1; disabled controls are exempt, as in
WCAG. Every character that is not plain ASCII must be drawn by a real font: an emoji code
point fails at once (many school machines have no emoji font), and any other character is
drawn on a canvas and compared with the "missing glyph" box. A control widget with
grey-on-grey text, an emoji and a character no font has proves that each check can fail.
The theme is JupyterLab's own setting, written through the server's settings API and put
back to the light theme afterwards. Meow Meow's marks that are not text, the ring on a card
that fits and the opponents' face-down cards, must stand out 3:1 (WCAG 1.4.11) from what is
behind them, by their outline, border or fill. Screenshots go to ``screenshots/``.
"""

from __future__ import annotations

import json
import sys
import urllib.request

import nbformat
import pytest
from browser_support import PANEL, SCREENSHOTS, full_page_screenshot, render_problems, run_all_cells

pytestmark = pytest.mark.browser

NOTEBOOK = "dark-mode-widgets.ipynb"
THEMES = {"dark": "JupyterLab Dark", "light": "JupyterLab Light"}
#: (label, code): each cell displays one widget; the label names it in failure messages.
WIDGETS = [
    ("Spookies", "from haba_lessons.games.spookies.widget import widget as spookies_widget\n"
                 "spookies_widget()"),
    ("Spookies dice", "import ipywidgets as widgets\n"
                      "from haba_lessons.games.spookies.widget import dice_svg\n"
                      "widgets.HTML(dice_svg([6, 5, 2, 1]))"),
    ("Quiet as a Mouse", "from haba_lessons.games.quiet_as_a_mouse.widget import "
                         "quiet_as_a_mouse_widget\nquiet_as_a_mouse_widget()"),
    ("Quiet as a Mouse (simulated)", "quiet_as_a_mouse_widget(mode='simulated')"),
    ("Meow Meow", "from haba_lessons.games.meow_meow.widget import meow_meow_widget\n"
                  "meow_meow_widget(face_up=True)"),
    ("Meow Meow (cards face down)", "meow_meow_widget()"),
    ("Mouse Trap", "from haba_lessons.games.mouse_trap.widget import mouse_trap_widget\n"
                   "mouse_trap_widget()"),
    ("dice roller", "from haba_lessons.dice_views import DiceRoller\n"
                    "DiceRoller(rng).widget"),
    ("control", "import ipywidgets as widgets\nwidgets.HTML("
                "'<span style=\"color:#777;background:#888\">grey on grey</span> "
                "<b>a cow \\N{COW}</b> <i>a private sign \\uE000</i>')"),
]

#: Colour helpers shared by the checks below: parse a CSS colour, WCAG luminance, blend a
#: translucent layer, and the colour actually behind a point (the first opaque background or
#: SVG fill under it, with translucent layers blended).
HELPERS_JS = r"""
  const parse = (c) => {
    const m = c && c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
  };
  const lum = ({r, g, b}) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const over = (top, below) => ({
    r: top.r * top.a + below.r * (1 - top.a), g: top.g * top.a + below.g * (1 - top.a),
    b: top.b * top.a + below.b * (1 - top.a), a: 1});
  const SHAPES = new Set(['rect', 'circle', 'ellipse', 'path', 'polygon', 'polyline']);
  // The paint of one element behind the text, or null if it paints nothing there.
  const paint = (el) => {
    const cs = getComputedStyle(el);
    if (el instanceof SVGElement && el.tagName.toLowerCase() !== 'svg') {
      if (!SHAPES.has(el.tagName.toLowerCase()) || cs.fill === 'none') return null;
      const c = parse(cs.fill);
      if (!c) return null;
      c.a *= Number(cs.fillOpacity) * Number(cs.opacity);
      return c.a > 0 ? c : null;
    }
    const c = parse(cs.backgroundColor);
    if (!c || c.a === 0) return null;
    c.a *= Number(cs.opacity);
    return c;
  };
  const behind = (textEl, x, y) => {
    const layers = [];
    for (const el of document.elementsFromPoint(x, y)) {
      if (el !== textEl && textEl.contains(el)) continue;   // its own children
      const c = paint(el);
      if (!c) continue;
      layers.push(c);
      if (c.a >= 1) break;
    }
    let colour = {r: 255, g: 255, b: 255, a: 1};   // the canvas under everything
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
"""

#: Returns one problem string per unreadable text or missing glyph inside ``root``.
CHECK_JS = r"""
(root) => {
""" + HELPERS_JS + r"""  // Glyph check: a character drawn like the "missing glyph" box has no font here.
  const canvas = document.createElement('canvas');
  canvas.width = 64; canvas.height = 64;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const pixels = (ch, font) => {
    ctx.clearRect(0, 0, 64, 64); ctx.font = `40px ${font}`; ctx.fillStyle = 'black';
    ctx.fillText(ch, 4, 48);
    return ctx.getImageData(0, 0, 64, 64).data.join(',');
  };
  const tofu = {};
  const missing = (ch, font) => {
    const key = ch + '|' + font;
    if (!(key in tofu)) {
      tofu[key] = pixels(ch, font) === pixels('\u{10FFFD}', font) ||
                  pixels(ch, font) === pixels('\uFFFF', font);
    }
    return tofu[key];
  };
  const problems = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || el.closest('style, script, title, desc')) continue;
    // WCAG exempts inactive controls: a disabled button may be faint.
    if (el.closest('button:disabled, [disabled], .mod-disabled')) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.display === 'none') continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rect = [...range.getClientRects()].find(r => r.width > 0 && r.height > 0);
    if (!rect) continue;
    el.scrollIntoView({block: 'center', inline: 'center'});
    const r = [...range.getClientRects()].find(r => r.width > 0 && r.height > 0);
    const fg = parse(el instanceof SVGElement ? cs.fill : cs.color);
    if (!fg) continue;
    fg.a *= Number(cs.opacity) * (el instanceof SVGElement ? Number(cs.fillOpacity) : 1);
    const bg = behind(el, r.left + r.width / 2, r.top + r.height / 2);
    const ink = over(fg, bg);
    const [hi, lo] = [lum(ink), lum(bg)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const say = JSON.stringify(text.slice(0, 40));
    if (ratio < 4.5) {
      problems.push(`contrast ${ratio.toFixed(2)}:1 for ${say} ` +
                    `(text ${cs.color}, ${el instanceof SVGElement ? 'fill ' + cs.fill : ''} ` +
                    `on rgb(${Math.round(bg.r)}, ${Math.round(bg.g)}, ${Math.round(bg.b)}))`);
    }
    for (const ch of new Set(text)) {
      if (ch.charCodeAt(0) < 128) continue;
      if (/\p{Extended_Pictographic}/u.test(ch) && /\p{Emoji_Presentation}/u.test(ch)) {
        problems.push(`emoji ${JSON.stringify(ch)} in ${say}: needs an emoji font`);
      } else if (missing(ch, cs.fontFamily)) {
        problems.push(`no font draws ${JSON.stringify(ch)} (U+${ch.codePointAt(0)
          .toString(16).toUpperCase()}) in ${say}`);
      }
    }
  }
  return problems;
}
"""


#: Non-text marks that must show (WCAG 1.4.11, 3:1 against what is behind them): Meow Meow's
#: ring on the cards that fit, and the opponents' face-down cards.
MARKS = {".haba-fits": "the ring of a card that fits", ".haba-card-back": "a face-down card"}
MARK_CONTRAST = 3.0

#: For each mark inside ``root``: its best contrast against the colour behind it, over its
#: outline, its border and (a card back) its own fill: one of them must stand out.
MARKS_JS = r"""
([root, selectors]) => {
""" + HELPERS_JS + r"""
  const ratio = (a, b) => { const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
                            return (hi + 0.05) / (lo + 0.05); };
  // What is behind the mark itself: the paint under it, the mark and its content left out.
  const under = (mark, x, y) => {
    const layers = [];
    for (const el of document.elementsFromPoint(x, y)) {
      if (mark.contains(el)) continue;
      const c = paint(el);
      if (!c) continue;
      layers.push(c);
      if (c.a >= 1) break;
    }
    let colour = {r: 255, g: 255, b: 255, a: 1};
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const found = [];
  for (const selector of selectors) {
    for (const el of root.querySelectorAll(selector)) {
      if (!el.getClientRects().length) continue;
      el.scrollIntoView({block: 'center', inline: 'center'});
      const r = el.getBoundingClientRect();
      const bg = under(el, r.left + r.width / 2, r.top + r.height / 2);
      const cs = getComputedStyle(el);
      const paints = [];
      if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) paints.push(cs.outlineColor);
      if (cs.borderTopStyle !== 'none' && parseFloat(cs.borderTopWidth) > 0) paints.push(cs.borderTopColor);
      if (selector === '.haba-card-back') paints.push(cs.backgroundColor);
      const best = Math.max(0, ...paints.map(parse).filter(Boolean)
                                         .map((c) => ratio(over(c, bg), bg)));
      found.push({selector, best: +best.toFixed(2), paints: paints.join(' / '),
                  behind: `rgb(${Math.round(bg.r)}, ${Math.round(bg.g)}, ${Math.round(bg.b)})`});
    }
  }
  return found;
}
"""


@pytest.fixture(scope="module")
def widget_notebook(lab):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("from haba_lessons.course import setup\nrng = setup()")]
    nb.cells += [nbformat.v4.new_code_cell(code) for _, code in WIDGETS]
    nbformat.write(nb, lab.cwd / NOTEBOOK)
    yield NOTEBOOK
    (lab.cwd / NOTEBOOK).unlink()


def set_theme(lab, theme: str) -> None:
    """JupyterLab's theme setting, written through the server's settings API."""
    body = json.dumps({"raw": json.dumps({"theme": theme})}).encode()
    request = urllib.request.Request(
        f"{lab.url}/lab/api/settings/@jupyterlab/apputils-extension:themes", data=body,
        method="PUT", headers={"Authorization": f"token {lab.token}",
                               "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status in (200, 204)


@pytest.fixture
def theme(request, lab):
    set_theme(lab, THEMES[request.param])
    yield request.param
    set_theme(lab, THEMES["light"])     # the other browser tests expect the default theme


def widget_outputs(page) -> list:
    """The output area of each widget cell, in the order of ``WIDGETS``."""
    cells = page.locator(f"{PANEL} .jp-CodeCell")
    return [cells.nth(i + 1).locator(".jp-OutputArea-output").element_handle()
            for i in range(len(WIDGETS))]


@pytest.mark.parametrize("theme", list(THEMES), indirect=True)
def test_every_widget_is_readable_in_the_theme(theme, lab, widget_notebook, guarded_page):
    page, guard = guarded_page
    page.goto(f"{lab.url}/lab/workspaces/test-{theme}-mode/tree/{widget_notebook}"
              f"?token={lab.token}")
    try:
        run_all_cells(page, 180)
        assert not render_problems(page, PANEL)
        is_dark = page.evaluate("() => document.body.dataset.jpThemeLight === 'false'")
        assert is_dark == (theme == "dark"), f"JupyterLab did not switch to the {theme} theme"
        for button in page.locator(f"{PANEL} .haba-roll").all():   # show dice too
            if button.is_visible() and button.is_enabled():
                button.click()
                page.wait_for_timeout(400)
        page.wait_for_timeout(1000)
        outputs = dict(zip((label for label, _ in WIDGETS), widget_outputs(page)))
        report = {label: page.evaluate(CHECK_JS, output) for label, output in outputs.items()}
        marks = [mark for label, output in outputs.items() if label.startswith("Meow Meow")
                 for mark in page.evaluate(MARKS_JS, [output, list(MARKS)])]
    finally:
        full_page_screenshot(page, SCREENSHOTS / f"lab-{theme}-mode-widgets.png",
                             scroller=f"{PANEL} .jp-WindowedPanel-outer")
    control = report.pop("control")
    assert any(p.startswith("contrast") and "grey on grey" in p for p in control), control
    assert any(p.startswith("emoji") for p in control), control
    assert any(p.startswith("no font draws") and "U+E000" in p for p in control), control
    for selector, what in MARKS.items():
        figures = [m["best"] for m in marks if m["selector"] == selector]
        seen = sorted({(m["behind"], m["paints"]) for m in marks if m["selector"] == selector})
        print(f"{theme} theme: {len(figures)} x {what}, contrast {min(figures, default=0)}"
              f"..{max(figures, default=0)}:1 (behind / paints: {seen})", file=sys.stderr)
        assert figures, f"no {what} ({selector}) found in Meow Meow in the {theme} theme"
    faint = [f"Meow Meow: {MARKS[m['selector']]} stands out only {m['best']}:1 from "
             f"{m['behind']} (its paints: {m['paints']}; at least {MARK_CONTRAST}:1)"
             for m in marks if m["best"] < MARK_CONTRAST]
    unreadable = faint + [f"{label}: {problem}" for label, problems in report.items()
                          for problem in problems]
    assert not unreadable, f"{len(unreadable)} problems in the {theme} theme:\n" + \
        "\n".join(unreadable[:80])
    assert not guard.problems()
