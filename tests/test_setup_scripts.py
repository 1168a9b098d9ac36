"""The setup scripts check Python before anything else, and a half-made .venv is rebuilt or,
when Python's venv module is missing, removed with a message naming the package to install.

Each case runs a script from a copy of the course's scripts in ``tmp_path`` with ``PYTHON``
pointing at a fake interpreter (a shell script), so nothing is installed anywhere.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPTS = ["course.sh", "app.sh", "run-tests.sh"]


@pytest.fixture
def course(tmp_path) -> Path:
    root = tmp_path / "course"
    (root / "scripts").mkdir(parents=True)
    for name in SCRIPTS:
        shutil.copy2(REPO / name, root / name)
    shutil.copy2(REPO / "scripts" / "setup-env.sh", root / "scripts" / "setup-env.sh")
    return root


def fake_python(folder: Path, body: str) -> Path:
    path = folder / "fake-python"
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(0o755)
    return path


def run(course: Path, script: str, python: Path | str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHON=str(python))
    return subprocess.run(["bash", str(course / script)], cwd=course, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("script", SCRIPTS)
def test_python_too_old_is_one_plain_sentence_and_nothing_is_made(course, tmp_path, script):
    python = fake_python(tmp_path, 'echo 3.9\n')
    done = run(course, script, python)
    assert done.returncode == 1
    assert done.stderr.strip() == (
        f"haba_lessons: Python 3.11 or newer is needed, but '{python}' is Python 3.9: install "
        f"Python 3.11+ and run this again (or name it: PYTHON=python3.12 {course / script}).")
    assert done.stdout == ""
    assert not (course / ".venv").exists()


def test_missing_python_is_one_plain_sentence(course, tmp_path):
    done = run(course, "course.sh", tmp_path / "no-such-python")
    assert done.returncode == 1
    assert "Python 3.11 or newer is needed" in done.stderr and "was not found" in done.stderr
    assert not (course / ".venv").exists()


def test_missing_venv_module_names_the_package_and_leaves_no_half_made_venv(course, tmp_path):
    # like Debian without python3-venv: `python3 -m venv` makes a folder, then fails
    python = fake_python(tmp_path, 'case "$*" in\n'
                                   '  *"-m venv"*) mkdir -p .venv/bin; '
                                   'echo "ensurepip is not available" >&2; exit 1;;\n'
                                   '  *) echo 3.11;;\nesac\n')
    done = run(course, "course.sh", python)
    assert done.returncode == 1
    assert "sudo apt install python3-venv" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (course / ".venv").exists()


def test_a_half_made_venv_is_detected_and_rebuilt(course, tmp_path):
    (course / ".venv" / "bin").mkdir(parents=True)  # left behind: no python, no pip
    (course / ".venv" / "leftover").write_text("from the failed attempt")
    python = fake_python(tmp_path, 'case "$*" in\n'
                                   '  *"-m venv"*) echo "ensurepip is not available" >&2; '
                                   'exit 1;;\n  *) echo 3.12;;\nesac\n')
    done = run(course, "app.sh", python)
    assert ".venv is incomplete (no python or no pip in it): rebuilding it." in done.stderr
    assert "sudo apt install python3-venv" in done.stderr
    assert done.returncode == 1
    assert not (course / ".venv").exists()
