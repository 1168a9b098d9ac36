"""App mode without a browser: the games table, the generated app notebooks, the launcher
(``haba_lessons.app_mode`` and ``haba-lessons app``)."""

from __future__ import annotations

import importlib

import nbformat
import pytest
from browser_support import GAMES_TABLE, REPO

from haba_lessons import app_mode as LAUNCH
from haba_lessons.cli import main

APPS = LAUNCH.load_apps(GAMES_TABLE)


def dom_classes(widget) -> set[str]:
    """Every CSS class on ``widget`` and its descendants."""
    classes = set(getattr(widget, "_dom_classes", ()))
    for child in getattr(widget, "children", ()):
        classes |= dom_classes(child)
    return classes


def test_table_lists_the_four_games_with_their_css_classes():
    assert set(APPS) == {"spookies", "quiet-as-a-mouse", "meow-meow", "mouse-trap"}
    for name, app in APPS.items():
        assert app.css_class == f"haba-{name}"
        assert app.notebook.name == f"{name}.ipynb"


@pytest.mark.parametrize("name", list(APPS))
def test_integrated_game_has_an_up_to_date_app_notebook_and_a_working_factory(name):
    app = APPS[name]
    if not app.integrated:
        pytest.skip(f"{app.title}: {LAUNCH.status(app)}")
    assert app.notebook.exists(), LAUNCH.status(app)
    stored = nbformat.read(app.notebook, as_version=4)
    expected = LAUNCH.app_notebook(app.title, app.factory)
    assert [c.source for c in stored.cells] == [c.source for c in expected.cells], (
        "apps/games.toml changed: run haba-lessons app --write-notebooks")
    module, function = app.factory.split(":")
    widget = getattr(importlib.import_module(module), function)()
    classes = dom_classes(widget)
    assert {app.css_class, "haba-roll", "haba-dice"} <= classes


def test_app_notebook_imports_the_factory_and_shows_no_output_of_its_own():
    nb = LAUNCH.app_notebook("Demo", "some.module:make_widget")
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert len(code) == 1
    assert "from some.module import make_widget" in code[0].source
    assert code[0].source.rstrip().endswith("make_widget()")
    assert nb.cells[0].source == "# Demo"


def test_table_errors_name_the_game_and_the_problem(tmp_path):
    table = tmp_path / "games.toml"
    table.write_text('[spookies]\ntitle = "Spookies"\nfactory = "no_colon"\n'
                     'css_class = "haba-spookies"\n')
    with pytest.raises(ValueError, match=r"\[spookies\] factory must look like"):
        LAUNCH.load_apps(table)
    table.write_text('[spookies]\ntitle = "Spookies"\n')
    with pytest.raises(ValueError, match=r"\[spookies\] lacks css_class, factory"):
        LAUNCH.load_apps(table)


def test_launcher_refuses_unknown_and_unready_games(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    assert main(["app", "no-such-game"]) == 2
    assert "choose one of spookies, quiet-as-a-mouse" in capsys.readouterr().err
    assert main(["app", "--list"]) == 0
    listing = capsys.readouterr().out
    assert all(name in listing for name in APPS)
    for app in APPS.values():
        if LAUNCH.status(app) != "ready":
            assert main(["app", app.name]) == 2
            assert app.title in capsys.readouterr().err


def test_voila_command_is_loopback_only_and_hides_code(tmp_path):
    command = LAUNCH.voila_command(tmp_path / "x.ipynb", 9999, open_browser=False)
    assert "--Voila.ip=127.0.0.1" in command
    assert "--strip_sources=True" in command
    assert "--template=haba" in command
    assert command[-1] == "--no-browser"
    env = LAUNCH.voila_environment({"JUPYTER_PATH": "/elsewhere"}, REPO)
    folder = LAUNCH.template_folder(REPO)
    assert env["JUPYTER_PATH"].split(":") == [str(folder), "/elsewhere"]
    assert (folder / "voila" / "templates" / "haba" / "index.html.j2").exists()


def test_full_screen_uses_an_installed_chromium_or_firefox(monkeypatch):
    url = "http://127.0.0.1:8866/"
    monkeypatch.setattr(LAUNCH.shutil, "which",
                        lambda name: "/usr/bin/chromium" if name == "chromium" else None)
    command = LAUNCH.fullscreen_browser(url)
    assert command[0] == "/usr/bin/chromium"
    assert "--start-fullscreen" in command and f"--app={url}" in command
    monkeypatch.setattr(LAUNCH.shutil, "which",
                        lambda name: "/usr/bin/firefox" if name == "firefox" else None)
    assert LAUNCH.fullscreen_browser(url) == ["/usr/bin/firefox", "--kiosk", url]
    monkeypatch.setattr(LAUNCH.shutil, "which", lambda name: None)
    assert LAUNCH.fullscreen_browser(url) is None
