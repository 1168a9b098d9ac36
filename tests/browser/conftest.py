"""Fixtures of the real-browser tests: Debian's Chromium through Playwright, JupyterLab on
loopback serving a throwaway copy of the notebooks, and a page whose network stops at the
machine.

Without ``/usr/bin/chromium`` (or Playwright) the browser tests skip with the reason; in CI
(``CI=true``) they fail instead, so CI can never pass without having looked.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nbformat
import pytest
from browser_support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    REPO,
    NetworkGuard,
    jupyterlab_server,
    strip_outputs,
)


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true but the browser tests cannot run: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole session."""
    if not CHROMIUM.exists():
        _unavailable(f"{CHROMIUM} not found: install Debian's chromium package "
                     "(apt-get install chromium) to run the browser tests")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright for Python is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def guarded_page(browser):
    """A fresh page whose requests off the machine are aborted and recorded."""
    guard = NetworkGuard()
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="block")
    guard.attach(context)
    page = context.new_page()
    guard.watch(page)
    yield page, guard
    context.close()


DEMO_SETUP = "from haba_lessons.course import setup\n\nrng = setup()"


def demo_notebooks() -> dict[str, list[str]]:
    """Notebooks that test the harness itself: one that must pass, one that must fail."""
    return {
        "demo-ok.ipynb": [
            DEMO_SETUP,
            "from haba_lessons import charts, dice\n\n"
            "charts.distribution_bars(dice.sum_of_dice(2, 6), title='Two dice')",
            "from haba_demo_widget import demo_widget\n\ndemo_widget()",
        ],
        "demo-broken.ipynb": [
            DEMO_SETUP,
            # a chart Vega cannot draw
            "from IPython.display import display\n\n"
            "display({'application/vnd.vegalite.v5+json': {'mark': 'no-such-mark', "
            "'data': {'values': [{'a': 1}]}, 'encoding': {'x': {'field': 'a', "
            "'type': 'quantitative'}}}}, raw=True)",
            # a chart that fetches its data from the internet
            "import altair as alt\n\n"
            "alt.Chart(alt.UrlData('https://example.org/dice.json')).mark_bar().encode(x='a:Q')",
            # a chart whose data file is missing: it draws empty axes
            "alt.Chart(alt.UrlData('missing.json')).mark_bar().encode(x='a:Q')",
            "from haba_demo_widget import broken_demo_widget\n\nbroken_demo_widget()",
            "raise ValueError('a mistake in the last cell')",
        ],
    }


def write_notebook(path: Path, sources: list[str]) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    nbformat.write(nb, path)


@pytest.fixture(scope="session")
def lab(browser, tmp_path_factory):
    """JupyterLab on 127.0.0.1 (free port, token, no browser) serving a copy of notebooks/.

    The copy has its stored outputs removed, so everything the page shows was produced by
    this run; nothing in the repository is touched.
    """
    home = tmp_path_factory.mktemp("jupyterlab")
    root = home / "notebooks"
    shutil.copytree(REPO / "notebooks", root,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    for notebook in root.glob("*.ipynb"):
        strip_outputs(notebook)
    for name, sources in demo_notebooks().items():
        write_notebook(root / name, sources)
    server = jupyterlab_server(root, home).start(ready_path="/api/status?token={token}")
    yield server
    server.stop()
