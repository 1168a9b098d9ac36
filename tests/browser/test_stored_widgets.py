"""Every course notebook opened in JupyterLab WITHOUT running it: each stored widget is drawn
from the notebook's stored state (none shows as its Python text, ``VBox(children=...``), and
each says in one line that Run All makes it playable; after a kernel restart, a live widget
says how to bring it back (and in app mode, whose kernel cannot be restarted from the page,
that reloading the page does).

The server serves a copy of ``notebooks/`` with its stored outputs, trusted exactly as
``haba-lessons open`` trusts it (``python -m haba_lessons.trust``), in a Jupyter data folder
of its own, with JupyterLab's default windowing (what a teacher gets). A copy of notebook 02
with one cell added, under a name the catalog does not list, stays untrusted: it is the
control that shows the check can fail, and the cause (an untrusted notebook shows its
widgets as text).

What the page must show comes from the stored notebook: one drawn widget per stored widget
output, and the notice on each whose top model is a ``VBox`` (every course widget).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import json

import nbformat
import pytest
from browser_support import (
    PANEL,
    REPO,
    SCREENSHOTS,
    Server,
    full_page_screenshot,
    jupyterlab_server,
    run_all_cells,
    voila_server,
    wait_for_kernel,
)

from haba_lessons.catalog import notebook_paths
from haba_lessons import vendor
from haba_lessons.widget_notice import APP_NOT_RUNNING, NOT_RUNNING, PICTURE, STYLE_CLASS
from haba_lessons.widget_state import WIDGET_STATE, WIDGET_VIEW, stored_models

pytestmark = pytest.mark.browser

NOTEBOOKS = [path.name for path in notebook_paths(REPO / "notebooks")]
CONTROL = "untrusted-copy-of-02.ipynb"
BOXES_WITH_NOTICE = {"VBoxModel"}

#: What the page shows for each widget output and around it (text read with textContent:
#: innerText is empty for a cell the browser skips drawing while it is off screen).
PAGE_STATE_JS = """(panel) => {
    const root = document.querySelector(panel);
    const before = el => getComputedStyle(el, '::before').content;
    const views = [...root.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets')];
    const outputs = [...root.querySelectorAll('.jp-OutputArea-output')];
    return {
        views: views.map(view => ({notice: before(view), live:
            !view.classList.contains('jupyter-widgets-disconnected')})),
        icons: [...root.querySelectorAll('.jupyter-widgets-disconnected')]
            .filter(el => !views.includes(el) && before(el) !== 'none').length,
        unfinished: outputs.map(o => o.textContent).filter(text =>
            /Loading widget|Error displaying widget|Error creating widget/.test(text)),
        texts: [...root.querySelectorAll('.jp-OutputArea-output[data-mime-type="text/plain"]')]
            .map(o => o.textContent.trim()),
    };
}"""


def stored_widget_outputs(path) -> list[tuple[str, str]]:
    """(top model's name, text/plain repr) of every stored widget output, top to bottom."""
    notebook = nbformat.read(path, as_version=4)
    models = stored_models(notebook)
    return [(models[output["data"][WIDGET_VIEW]["model_id"]]["model_name"],
             output["data"].get("text/plain", ""))
            for cell in notebook.cells if cell.cell_type == "code"
            for output in cell.outputs if WIDGET_VIEW in output.get("data", {})]


@pytest.fixture(scope="module")
def lab_with_outputs(browser, tmp_path_factory):
    """JupyterLab serving a trusted copy of notebooks/ with its outputs, plus the control."""
    home = tmp_path_factory.mktemp("stored-widgets")
    root = home / "notebooks"
    shutil.copytree(REPO / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    # a trust signature covers the content, not the name: the control differs by one cell
    control = nbformat.read(root / "02-best-two-of-k.ipynb", as_version=4)
    control.cells.insert(0, nbformat.v4.new_markdown_cell("A copy from elsewhere.", id="copy"))
    nbformat.write(control, root / CONTROL)
    server = jupyterlab_server(root, home)
    server.env["JUPYTER_DATA_DIR"] = str(home / "data")
    # JupyterLab's default windowing, as on a teacher's computer (browser_support turns it off)
    (home / "lab-settings" / "@jupyterlab" / "notebook-extension" /
     "tracker.jupyterlab-settings").write_text('{"windowingMode": "contentVisibility"}')
    trusted = subprocess.run([sys.executable, "-m", "haba_lessons.trust", str(root)],
                             env=server.env, capture_output=True, text=True, check=True)
    assert f"trusted {len(NOTEBOOKS)} notebooks" in trusted.stdout
    server.start(ready_path="/api/status?token={token}")
    yield server
    server.stop()


def open_without_running(page, lab, name: str) -> None:
    stem = name.removesuffix(".ipynb")
    page.goto(f"{lab.url}/lab/workspaces/stored-{stem}/tree/{name}?token={lab.token}")
    page.wait_for_selector(f"{PANEL} .jp-Notebook .jp-Cell", timeout=60_000)
    wait_for_kernel(page)        # the widget manager restores stored state once a kernel is up


def visit_every_cell(page) -> int:
    """Scroll each cell into view, top to bottom, as a teacher scrolling through would."""
    cells = page.locator(f"{PANEL} .jp-Notebook .jp-Cell")
    for index in range(cells.count()):
        cells.nth(index).scroll_into_view_if_needed()
    return cells.count()


def page_state(page, expected_views: int, timeout_s: float = 30) -> dict:
    """The page's widget outputs once ``expected_views`` are drawn (or the time is up)."""
    deadline = time.monotonic() + timeout_s
    while True:
        state = page.evaluate(PAGE_STATE_JS, PANEL)
        if (len(state["views"]) >= expected_views and not state["unfinished"]) or (
                time.monotonic() > deadline):
            return state
        time.sleep(0.25)


def stored_widget_problems(page, path, timeout_s: float = 30) -> tuple[dict, list[str]]:
    """Open-without-running checks of one notebook; returns (counts, problems)."""
    stored = stored_widget_outputs(path)
    cells = visit_every_cell(page)
    state = page_state(page, len(stored), timeout_s)
    reprs = {text[:60] for _, text in stored if text}
    as_text = [text[:100] for text in state["texts"] if text[:60] in reprs]
    problems = [f"a widget shows as Python text: {text!r}" for text in as_text]
    problems += [f"an output did not finish drawing: {text[:100]!r}"
                 for text in state["unfinished"]]
    if len(state["views"]) != len(stored):
        problems.append(f"{len(state['views'])} widgets drawn; the notebook stores "
                        f"{len(stored)} widget outputs")
    wanted = [name in BOXES_WITH_NOTICE for name, _ in stored]
    notices = [view["notice"] == f'"{NOT_RUNNING}"' for view in state["views"]]
    if notices != wanted[:len(notices)]:
        problems.append(f"the not-running notice is on widgets {notices}; expected {wanted}")
    if state["icons"]:
        problems.append(f"{state['icons']} broken-link icons inside the widgets")
    counts = {"cells": cells, "stored": len(stored), "drawn": len(state["views"]),
              "as_text": len(as_text), "notices": sum(notices)}
    return counts, problems


def widget_screenshot(page, path) -> None:
    """A screenshot of the notebook's last widget output, if it has one."""
    views = page.locator(f"{PANEL} .jp-OutputArea-output > .jupyter-widgets.widget-vbox")
    if views.count():
        path.parent.mkdir(parents=True, exist_ok=True)
        views.last.scroll_into_view_if_needed()
        page.wait_for_timeout(500)          # let JupyterLab draw the cell it scrolled to
        views.last.screenshot(path=str(path))


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_stored_widget_is_drawn_before_run_all(name, lab_with_outputs, guarded_page):
    page, guard = guarded_page
    open_without_running(page, lab_with_outputs, name)
    try:
        counts, problems = stored_widget_problems(page, REPO / "notebooks" / name)
        print(f"{name} opened without running: {counts}")
        assert not problems + guard.problems(), f"{name}:\n" + "\n".join(problems)
    finally:
        stem = name.removesuffix(".ipynb")
        full_page_screenshot(page, SCREENSHOTS / f"stored-{stem}.png",
                             scroller=f"{PANEL} .jp-WindowedPanel-outer")
        widget_screenshot(page, SCREENSHOTS / f"stored-{stem}-last-widget.png")


def test_the_check_catches_an_untrusted_notebook_showing_its_widgets_as_text(
        lab_with_outputs, guarded_page):
    page, _ = guarded_page
    open_without_running(page, lab_with_outputs, CONTROL)
    counts, problems = stored_widget_problems(page, REPO / "notebooks" / "02-best-two-of-k.ipynb",
                                              timeout_s=10)
    print(f"{CONTROL} (untrusted) opened without running: {counts}")
    assert counts["stored"] == 2 and counts["as_text"] == 2 and counts["drawn"] == 0
    assert any("shows as Python text" in p and "VBox(children=" in p for p in problems), problems


def test_a_widget_whose_kernel_restarted_says_how_to_bring_it_back(lab_with_outputs,
                                                                   guarded_page):
    page, _ = guarded_page
    name = "02-best-two-of-k.ipynb"
    stored = stored_widget_outputs(REPO / "notebooks" / name)
    open_without_running(page, lab_with_outputs, name)
    run_all_cells(page, timeout_s=180)
    live = page_state(page, len(stored))
    assert [view["live"] for view in live["views"]] == [True] * len(stored)
    assert [view["notice"] for view in live["views"]] == ["none"] * len(stored)

    page.click(".lm-MenuBar-itemLabel:text-is('Kernel')")
    page.click(".lm-Menu-itemLabel:text-is('Restart Kernel…')")
    page.click(".jp-Dialog .jp-mod-accept")
    wait_for_kernel(page)
    page.wait_for_function(
        "(panel) => [...document.querySelectorAll(panel + ' .jp-OutputArea-output > "
        ".jupyter-widgets')].every(v => v.classList.contains('jupyter-widgets-disconnected'))",
        arg=PANEL, timeout=30_000)
    gone = page_state(page, len(stored))
    assert [view["notice"] for view in gone["views"]] == [f'"{NOT_RUNNING}"'] * len(stored)
    assert gone["icons"] == 0
    widget_screenshot(page, SCREENSHOTS / "stored-after-kernel-restart.png")


def kernel_children(parent: int) -> list[int]:
    """The ids of the kernel processes whose parent is ``parent`` (read from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:                  # the process ended while we looked
            continue
        if int(fields[1]) == parent and b"ipykernel" in command:
            found.append(int(stat.parent.name))
    return found


def test_an_app_whose_kernel_died_says_to_reload_the_page(guarded_page, tmp_path):
    page, _ = guarded_page
    server = voila_server(REPO / "apps" / "spookies.ipynb", tmp_path).start(ready_path="/")
    notices = ("() => [...document.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets')]"
               ".map(view => getComputedStyle(view, '::before').content)")
    try:
        page.goto(server.url + "/")
        page.wait_for_selector(".haba-spookies", timeout=90_000)
        assert page.evaluate(notices) == ["none"]
        kernels = kernel_children(server.process.pid)
        assert kernels
        for pid in kernels:
            os.kill(pid, signal.SIGKILL)
        page.wait_for_function(f"() => ({notices})().every(c => c !== 'none')", timeout=30_000)
        assert page.evaluate(notices) == [f'"{APP_NOT_RUNNING}"']
    finally:
        full_page_screenshot(page, SCREENSHOTS / "stored-app-kernel-died.png")
        server.stop()


def kernelless_page(notebook: nbformat.NotebookNode) -> str:
    """A page laid out as the course website must lay out a notebook: the vendored scripts in
    the head (require.js, widget-paths.js, embed-amd.js, from _static/), the notebook's
    outputs (the setup cell's stylesheet, a widget-view script per widget output), then the
    notebook's widget state."""
    outputs = [output for cell in notebook.cells if cell.cell_type == "code"
               for output in cell.outputs]
    style = next(o["data"]["text/html"] for o in outputs
                 if STYLE_CLASS in o.get("data", {}).get("text/html", ""))
    views = "".join(f'<div class="cell_output"><script type="{WIDGET_VIEW}">'
                    f'{json.dumps(o["data"][WIDGET_VIEW])}</script></div>'
                    for o in outputs if WIDGET_VIEW in o.get("data", {}))
    state = json.dumps(notebook.metadata.widgets[WIDGET_STATE]).replace("</", "<\\/")
    scripts = "".join(f'<script src="../_static/{name}"></script>' for name in (
        "requirejs/require.js", "widget-paths.js", "html-manager/embed-amd.js"))
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8">{scripts}</head><body>'
            f'{style}<h1>A lesson</h1>{views}<script type="{WIDGET_STATE}">{state}</script>'
            "</body></html>")


def test_a_page_without_a_kernel_draws_the_stored_widgets_offline(guarded_page, tmp_path):
    """The website's recipe: widgets drawn, their icon font loaded, every request answered
    by the site itself, and each widget says it is a picture."""
    page, guard = guarded_page
    site = tmp_path / "site"
    shutil.copytree(vendor.HERE, site / "_static",
                    ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    (site / "lesson").mkdir()
    notebook = nbformat.read(REPO / "notebooks" / "02-best-two-of-k.ipynb", as_version=4)
    (site / "lesson" / "index.html").write_text(kernelless_page(notebook), encoding="utf-8")
    server = Server("static site", [sys.executable, "-m", "http.server", "{port}", "--bind",
                                    "127.0.0.1", "--directory", str(site)],
                    site, dict(os.environ), tmp_path / "site.log").start(ready_path="/")
    failed = []
    page.on("response", lambda response: failed.append(response.url)
            if response.status >= 400 else None)
    try:
        page.goto(f"{server.url}/lesson/", wait_until="load")
        views = page.locator(".widget-subarea > .jupyter-widgets")
        page.wait_for_function("() => document.querySelectorAll("
                               "'.widget-subarea > .jupyter-widgets').length === 2",
                               timeout=30_000)
        page.evaluate("() => document.fonts.ready")
        assert page.evaluate("() => [...document.fonts].some(font => font.status === 'loaded'"
                             " && font.family.includes('Font Awesome'))")
        assert [views.nth(i).evaluate("v => getComputedStyle(v, '::before').content")
                for i in range(2)] == [f'"{PICTURE}"'] * 2
        assert all(views.nth(i).inner_text().strip() for i in range(2))
        assert views.nth(1).locator("button").count() > 5      # the recorder's buttons
        assert failed == [] and guard.problems() == []
    finally:
        full_page_screenshot(page, SCREENSHOTS / "stored-page-without-kernel.png")
        server.stop()
