"""The haba-lessons command, run as a user runs it (``python -m haba_lessons`` in a subprocess)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
GAMES = ["spookies", "quiet-as-a-mouse", "meow-meow", "mouse-trap"]  # apps/games.toml's order


def haba(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])]))
    return subprocess.run([sys.executable, "-m", "haba_lessons", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_help_lists_every_command():
    done = haba("--help")
    assert done.returncode == 0, done.stderr
    for command in ["open", "app", "student-copies", "handouts", "pdf"]:
        assert command in done.stdout


def test_the_console_script_is_declared_for_the_same_entry_point():
    with (REPO / "pyproject.toml").open("rb") as file:
        scripts = tomllib.load(file)["project"]["scripts"]
    assert scripts == {"haba-lessons": "haba_lessons.cli:main"}


def test_app_list_names_the_four_games_ready():
    done = haba("app", "--list")
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()]
    assert [row[0] for row in rows] == GAMES
    assert all(row[1:] == ["ready"] for row in rows)


def test_unknown_game_gets_one_sentence_listing_the_games():
    done = haba("app", "snakes-and-ladders")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == ("There is no game called 'snakes-and-ladders': choose one "
                                   "of spookies, quiet-as-a-mouse, meow-meow, mouse-trap.")



def test_student_copies_blank_the_solutions(tmp_path):
    target = tmp_path / "student"
    done = haba("student-copies", "notebooks", str(target))
    assert done.returncode == 0, done.stderr
    teacher = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
    assert sorted(p.name for p in target.glob("*.ipynb")) == teacher
    for path in target.glob("*.ipynb"):
        for cell in json.loads(path.read_text())["cells"]:
            if "solution" in cell["metadata"].get("tags", []):
                assert cell.get("outputs", []) == [], path.name


def test_handouts_write_plans_worksheets_keys_the_unit_test_and_an_index(tmp_path):
    done = haba("handouts", ".", str(tmp_path / "handouts"))
    assert done.returncode == 0, done.stderr
    plans = sorted(p.stem for p in (REPO / "lesson-plans").glob("[0-9][0-9]-*.md"))
    pages = sorted(p.stem for p in (tmp_path / "handouts").glob("*.html"))
    assert set(pages) >= {*plans, "index", "unit-test", "unit-test-mark-scheme"}
    assert {f"{plan}-worksheet" for plan in plans[1:]} <= set(pages)
    assert sorted(Path(line).stem for line in done.stdout.split()) == pages


def test_handouts_from_a_missing_folder_is_one_clear_sentence(tmp_path):
    done = haba("handouts", str(tmp_path / "nope"), str(tmp_path / "out"))
    assert done.returncode == 2
    assert "is not a folder" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_pdf_hands_its_arguments_to_the_pdf_export():
    done = haba("pdf", "--help")
    if (REPO / "haba_lessons" / "pdf_export.py").exists():
        assert done.returncode == 0, done.stderr
        assert "usage" in done.stdout.lower()
    else:
        assert done.returncode == 2
        assert "haba_lessons/pdf_export.py is missing" in done.stderr
        assert "Traceback" not in done.stderr


def test_commands_outside_a_course_folder_say_where_to_run(tmp_path, monkeypatch):
    from haba_lessons import checkout
    from haba_lessons.errors import InvalidArgumentError

    monkeypatch.setattr(checkout, "__file__", str(tmp_path / "site" / "haba_lessons" / "x.py"))
    with pytest.raises(InvalidArgumentError, match="run this command inside the haba_lessons"):
        checkout.course_root(tmp_path)
    assert checkout.course_root(REPO / "notebooks") == REPO
