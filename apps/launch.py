"""App mode: one game's widget in the browser, full screen, with no code visible (Voilà).

    ./app.sh spookies                 open Spookies full screen for the projector
    ./app.sh spookies --windowed      the same in an ordinary browser window (F11: full screen)
    ./app.sh --list                   the games and whether each app is ready
    .venv/bin/python apps/launch.py --write-notebooks    regenerate apps/<game>.ipynb

The games and their widget factories are listed in ``apps/games.toml``; each app is a tiny
notebook ``apps/<game>.ipynb`` generated from that table, which imports the factory and
displays the widget. Voilà runs it and shows only the outputs. Full screen needs Chromium,
Chrome or Firefox on the PATH; otherwise the default browser opens and F11 makes it full screen.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import nbformat

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

APPS = Path(__file__).resolve().parent
TABLE = APPS / "games.toml"
#: Voilà options of app mode (the browser test starts Voilà with the same ones).
VOILA_OPTIONS = ["--template=haba", "--strip_sources=True", "--theme=light",
                 "--VoilaConfiguration.show_tracebacks=False"]
#: Where the ``haba`` Voilà template lives (found through ``JUPYTER_PATH``).
JUPYTER_PATH = APPS / "jupyter"
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


def load_apps(table: Path = TABLE) -> dict[str, App]:
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


def write_notebooks(apps: dict[str, App]) -> list[str]:
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


def voila_environment(environ: dict[str, str] | os._Environ) -> dict[str, str]:
    """``environ`` plus the folder of the ``haba`` Voilà template on ``JUPYTER_PATH``."""
    env = dict(environ)
    env["JUPYTER_PATH"] = os.pathsep.join(
        [str(JUPYTER_PATH), *filter(None, [env.get("JUPYTER_PATH")])])
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


def wait_until_serving(url: str, timeout: float = 120) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return True
        except OSError:
            time.sleep(0.5)
    return False


def serve(app: App, port: int, *, windowed: bool, open_browser: bool) -> int:
    """Run Voilà for ``app`` until Ctrl+C; open it full screen when a browser allows it."""
    url = f"http://127.0.0.1:{port}/"
    browser = fullscreen_browser(url) if open_browser and not windowed else None
    command = voila_command(app.notebook, port, open_browser=open_browser and browser is None)
    print(f"{app.title}: {url}  (Ctrl+C here to stop"
          + ("; F11 for full screen)" if browser is None else ")"), flush=True)
    server = subprocess.Popen(command, env=voila_environment(os.environ))
    try:
        if browser and wait_until_serving(url):
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
        return f"{app.notebook.name} missing: run .venv/bin/python apps/launch.py --write-notebooks"
    return "ready"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Show one game's widget full screen, no code.")
    parser.add_argument("game", nargs="?", help="the game to show (see --list)")
    parser.add_argument("--list", action="store_true", help="list the games and their status")
    parser.add_argument("--write-notebooks", action="store_true",
                        help="regenerate apps/<game>.ipynb from apps/games.toml")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--windowed", action="store_true",
                        help="open in the default browser, not full screen")
    parser.add_argument("--no-browser", action="store_true", help="only start the server")
    args = parser.parse_args(argv)
    apps = load_apps()
    if args.write_notebooks:
        print("wrote:", ", ".join(write_notebooks(apps)) or "nothing (no factory filled in)")
        return 0
    if args.list or not args.game:
        for app in apps.values():
            print(f"{app.name:18} {status(app)}")
        return 0 if args.list else 2
    if args.game not in apps:
        print(f"No game {args.game!r}. Choose one of: {', '.join(apps)}.", file=sys.stderr)
        return 2
    app = apps[args.game]
    if status(app) != "ready":
        print(f"{app.title}: {status(app)}.", file=sys.stderr)
        return 2
    return serve(app, args.port, windowed=args.windowed, open_browser=not args.no_browser)


if __name__ == "__main__":
    raise SystemExit(main())
