"""App mode in a real browser: each game's Voilà app shows its widget, no code, and answers
the keyboard (Enter on the focused roll button changes the dice).

The games come from ``apps/games.toml``; a game whose factory is not filled in yet is skipped
with that reason. A demo app and a broken demo app test the harness itself.
"""

from __future__ import annotations

import nbformat
import pytest

from haba_lessons import app_mode
from browser_support import (
    GAMES_TABLE,
    SCREENSHOTS,
    full_page_screenshot,
    render_problems,
    voila_server,
    widget_problems,
)

pytestmark = pytest.mark.browser

APPS = app_mode.load_apps(GAMES_TABLE)
CODE_SELECTORS = ".jp-CodeCell .jp-InputArea, .jp-CodeMirrorEditor, .cm-editor, .CodeMirror"


def check_app(page, guard, notebook, css_class: str, home, shot: str,
              roll_attempts: int = 4) -> tuple[int, list[str]]:
    """Serve ``notebook`` with Voilà, open it; return (roll buttons, problems)."""
    server = voila_server(notebook, home).start(ready_path="/")
    problems: list[str] = []
    rolls = 0
    try:
        page.goto(server.url + "/")
        try:
            page.wait_for_selector(f".{css_class}", timeout=90_000)
        except Exception:  # noqa: BLE001 - reported below with what the page shows instead
            problems.append(f"no element .{css_class} appeared; the page shows: "
                            f"{page.inner_text('body')[:500]!r}")
        code = page.locator(CODE_SELECTORS)
        visible_code = [code.nth(i) for i in range(code.count()) if code.nth(i).is_visible()]
        if visible_code:
            problems.append(f"{len(visible_code)} code cell(s) visible in app mode")
        source = nbformat.read(notebook, as_version=4).cells[-1].source
        if source.splitlines()[0] in page.inner_text("body"):
            problems.append("the app's source code is shown on the page")
        problems += render_problems(page, "body")
        errors = page.locator('[data-mime-type="application/vnd.jupyter.stderr"]')
        problems += [f"error on the page: {errors.nth(i).inner_text()[:500]}"
                     for i in range(errors.count())]
        if "There was an error when executing cell" in page.inner_text("body"):
            problems.append("Voilà reports an error while executing the app notebook")
        rolls, roll_problems = widget_problems(page, f".{css_class}", keyboard=True,
                                               attempts=roll_attempts)
        problems += roll_problems
        if rolls == 0:
            problems.append(f"no .haba-roll button inside .{css_class}")
        problems += guard.problems()
    finally:
        full_page_screenshot(page, SCREENSHOTS / f"app-{shot}.png")
        server.stop()
    return rolls, problems


@pytest.mark.parametrize("name", list(APPS))
def test_game_app_shows_the_widget_and_answers_the_keyboard(name, guarded_page,
                                                            tmp_path):
    app = APPS[name]
    if not app.integrated:
        pytest.skip(f"{app.title}: {app_mode.status(app)}")
    assert app.notebook.exists(), f"{app.title}: {app_mode.status(app)}"
    page, guard = guarded_page
    _, problems = check_app(page, guard, app.notebook, app.css_class, tmp_path, name)
    assert not problems, f"app {name}:\n" + "\n".join(problems)


def demo_app(tmp_path, factory: str):
    notebook = tmp_path / "apps" / "demo.ipynb"
    notebook.parent.mkdir()
    nbformat.write(app_mode.app_notebook("Demo", factory), notebook)
    return notebook


def test_harness_passes_a_good_app(guarded_page, tmp_path):
    page, guard = guarded_page
    notebook = demo_app(tmp_path, "haba_demo_widget:demo_widget")
    rolls, problems = check_app(page, guard, notebook, "haba-demo", tmp_path, "demo-ok")
    assert problems == []
    assert rolls == 1


def test_harness_catches_a_dead_app(guarded_page, tmp_path):
    page, guard = guarded_page
    notebook = demo_app(tmp_path, "haba_demo_widget:broken_demo_widget")
    _, problems = check_app(page, guard, notebook, "haba-demo", tmp_path, "demo-broken",
                              roll_attempts=1)
    assert any("Enter on the focused roll button 1 did not change the dice" in p
               for p in problems), problems
