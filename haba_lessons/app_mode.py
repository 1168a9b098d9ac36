"""App mode: one game's widget in the browser, full screen, with no code visible (Voilà).

The games and their widget factories are listed in ``apps/games.toml``; each app is a tiny
notebook ``apps/<game>.ipynb`` generated from that table, which imports the factory and
displays the widget. Voilà runs it with the ``haba`` template (large projector fonts), which a
regular install puts under ``<prefix>/share/jupyter/voila/templates/haba``.
Full screen needs Chromium, Chrome or Firefox on the PATH; otherwise the default browser
opens and F11 makes it full screen.
"""

from __future__ import annotations

import http.client
import os
import shutil
import subprocess
import sys
import time
import tomllib
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import nbformat

from .errors import InvalidArgumentError

#: Voilà options of app mode (the browser test starts Voilà with the same ones).
VOILA_OPTIONS = ["--template=haba", "--strip_sources=True", "--theme=light",
                 "--VoilaConfiguration.show_tracebacks=False"]
DEFAULT_PORT = 8866


@dataclass(frozen=True)
class App:
    """One game's app: its name, title, widget factory ("module:function") and CSS class."""

    name: str
    title: str
    factory: str
    css_class: str
    notebook: Path

    @property
    def integrated(self) -> bool:
        return bool(self.factory)


def games_table(root: Path) -> Path:
    return root / "apps" / "games.toml"


def template_folder(root: Path) -> Path:
    """The ``jupyter`` data folder of the checkout that holds the ``haba`` Voilà template."""
    return root / "apps" / "jupyter"


def load_apps(table: Path) -> dict[str, App]:
    """Read the games table; refuse an entry with a missing field or a malformed factory."""
    with table.open("rb") as file:
        data = tomllib.load(file)
    apps = {}
    for name, entry in data.items():
        missing = {"title", "factory", "css_class"} - set(entry)
        if missing:
            raise ValueError(f"{table}: [{name}] lacks {', '.join(sorted(missing))}")
        factory = entry["factory"].strip()
        if factory and factory.count(":") != 1:
            raise ValueError(f'{table}: [{name}] factory must look like "package.module:function",'
                             f" not {factory!r}")
        apps[name] = App(name, entry["title"], factory, entry["css_class"],
                         table.parent / f"{name}.ipynb")
    return apps


def find_app(apps: Mapping[str, App], name: str) -> App:
    """The app called ``name``; an unknown name gets one sentence listing the games."""
    if name not in apps:
        raise InvalidArgumentError(f"There is no game called {name!r}: choose one of "
                                   f"{', '.join(apps)}.")
    return apps[name]


def app_notebook(title: str, factory: str) -> nbformat.NotebookNode:
    """The app notebook: a heading, then the widget made by ``factory`` ("module:function")."""
    module, function = factory.split(":")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [
        nbformat.v4.new_markdown_cell(f"# {title}"),
        nbformat.v4.new_code_cell(
            "from haba_lessons.course import setup\n"
            f"from {module} import {function}\n\n"
            "_ = setup()\n"
            f"{function}()"
        ),
    ]
    for cell in nb.cells:  # stable files: no random cell ids in the diff on each rewrite
        cell.id = f"app-{nb.cells.index(cell)}"
    return nb


def write_notebooks(apps: Mapping[str, App]) -> list[str]:
    """(Re)write ``apps/<game>.ipynb`` for every integrated game; return their names."""
    written = []
    for app in apps.values():
        if app.integrated:
            nbformat.write(app_notebook(app.title, app.factory), app.notebook)
            written.append(app.name)
    return written


def voila_command(notebook: Path, port: int, *, open_browser: bool) -> list[str]:
    """The Voilà command line of app mode, on loopback (the browser test uses it too)."""
    command = [sys.executable, "-m", "voila", str(notebook), *VOILA_OPTIONS,
               "--Voila.ip=127.0.0.1", f"--Voila.port={port}", "--Voila.port_retries=0"]
    return command if open_browser else [*command, "--no-browser"]


def voila_environment(environ: Mapping[str, str], root: Path) -> dict[str, str]:
    """``environ`` with the checkout's template folder first on ``JUPYTER_PATH``.

    A regular install (Binder) has the template in ``<prefix>/share/jupyter`` already; an
    editable install (``./course.sh``) copies no data files, so Voilà needs the checkout's.
    """
    env = dict(environ)
    env["JUPYTER_PATH"] = os.pathsep.join(
        [str(template_folder(root)), *filter(None, [env.get("JUPYTER_PATH")])])
    return env


def fullscreen_browser(url: str) -> list[str] | None:
    """A command that shows ``url`` full screen, or None if no suitable browser is installed."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            sandbox = ["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
            return [path, *sandbox, "--start-fullscreen", f"--app={url}"]
    firefox = shutil.which("firefox")
    return [firefox, "--kiosk", url] if firefox else None


def wait_until_serving(url: str, server: subprocess.Popen, timeout: float = 120) -> bool:
    """True once ``url`` answers; False if ``server`` exits first or ``timeout`` s pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return True
        except (OSError, http.client.HTTPException):  # not up yet, or another program's port
            time.sleep(0.5)
    return False


def serve(app: App, root: Path, port: int, *, windowed: bool, open_browser: bool) -> int:
    """Run Voilà for ``app`` until Ctrl+C; open it full screen when a browser allows it."""
    url = f"http://127.0.0.1:{port}/"
    browser = fullscreen_browser(url) if open_browser and not windowed else None
    command = voila_command(app.notebook, port, open_browser=open_browser and browser is None)
    print(f"{app.title}: {url}  (Ctrl+C here to stop"
          + ("; F11 for full screen)" if browser is None else ")"), flush=True)
    server = subprocess.Popen(command, env=voila_environment(os.environ, root))
    try:
        if browser and wait_until_serving(url, server):
            subprocess.Popen(browser, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return server.wait()
    except KeyboardInterrupt:
        server.terminate()
        server.wait()
        return 0


def status(app: App) -> str:
    if not app.integrated:
        return "not integrated yet (no factory in apps/games.toml)"
    if not app.notebook.exists():
        return f"{app.notebook.name} missing: run haba-lessons app --write-notebooks"
    return "ready"
