"""Every course notebook, opened in JupyterLab in a real browser and run top to bottom.

In the page itself: no cell shows an error or stderr output, every cell ran, every chart
drew an SVG or canvas with the network cut off at the machine, and every game widget answers
a click on its roll button with new dice. A screenshot of each whole notebook goes to
``screenshots/`` whatever the result, so a failing run can be looked at.
"""

from __future__ import annotations

import time

import pytest
from browser_support import (
    PANEL,
    REPO,
    SCREENSHOTS,
    cell_problems,
    chart_problems,
    full_page_screenshot,
    render_problems,
    run_all_cells,
    stored_chart_count,
    widget_problems,
)

from haba_lessons.catalog import notebook_paths

pytestmark = pytest.mark.browser

NOTEBOOKS = [path.name for path in notebook_paths(REPO / "notebooks")]   # lessons and extensions
RUN_TIMEOUT_S = 120


def open_run_and_check(page, guard, lab, name: str, expected_charts: int | None,
                       roll_attempts: int = 4):
    """Open ``name`` in its own workspace, run all cells, return (roll buttons, problems)."""
    stem = name.removesuffix(".ipynb")
    page.goto(f"{lab.url}/lab/workspaces/test-{stem}/tree/{name}?token={lab.token}")
    problems: list[str] = []
    rolls = 0
    started = time.monotonic()
    try:
        try:
            run_all_cells(page, RUN_TIMEOUT_S)
        except Exception as error:  # noqa: BLE001 - report it with everything else we see
            problems.append(f"the notebook did not finish running: {str(error)[:300]}")
        problems += cell_problems(page)
        problems += chart_problems(page, PANEL, expected_charts)
        problems += render_problems(page, PANEL)
        rolls, roll_problems = widget_problems(page, PANEL, attempts=roll_attempts)
        problems += roll_problems
        problems += guard.problems()
    finally:
        print(f"{name}: ran and checked in {time.monotonic() - started:.1f} s")
        full_page_screenshot(page, SCREENSHOTS / f"lab-{stem}.png",
                             scroller=f"{PANEL} .jp-WindowedPanel-outer")
    return rolls, problems


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_clean_in_jupyterlab(name, lab, guarded_page):
    page, guard = guarded_page
    expected = stored_chart_count(REPO / "notebooks" / name)
    _, problems = open_run_and_check(page, guard, lab, name, expected)
    assert not problems, f"{name} in JupyterLab:\n" + "\n".join(problems)


def test_harness_passes_a_good_notebook(lab, guarded_page):
    """The demo notebook (chart + widget) passes every check, and its widget was pressed."""
    page, guard = guarded_page
    rolls, problems = open_run_and_check(page, guard, lab, "demo-ok.ipynb", expected_charts=1)
    assert problems == []
    assert rolls == 1


def test_harness_catches_a_broken_notebook(lab, guarded_page):
    """A chart that cannot draw, one that needs the internet, a dead button and an error:
    each is reported (proof that the checks can fail)."""
    page, guard = guarded_page
    _, problems = open_run_and_check(page, guard, lab, "demo-broken.ipynb", expected_charts=None,
                                      roll_attempts=1)
    report = "\n".join(problems)
    assert any(p.startswith("error in the page") and "ValueError" in p for p in problems)
    assert any("Javascript Error" in p for p in problems), report
    assert any("did not change the dice" in p for p in problems), report
    assert any("blocked" in p and "example.org" in p for p in problems), report
    assert any("Loading failed" in p and "missing.json" in p for p in problems), report
