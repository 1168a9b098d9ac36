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


def fake_interpreter_with_pip(folder: Path, pip_install: str) -> Path:
    """A fake PYTHON whose ``-m venv .venv`` makes a .venv whose python records every pip
    install's arguments in ``pip-args.txt`` and then runs ``pip_install`` (shell)."""
    venv_python = folder / "venv-python"
    venv_python.write_text('#!/bin/sh\ncase "$*" in\n'
                           '  *"-m pip --version"*) echo "pip 26";;\n'
                           '  *"-m pip install"*) echo "$*" >> pip-args.txt; '
                           f'{pip_install};;\n'
                           '  *) exit 0;;\nesac\n')
    venv_python.chmod(0o755)
    return fake_python(folder, 'case "$*" in\n'
                               f'  *"-m venv"*) mkdir -p .venv/bin && cp {venv_python} '
                               '.venv/bin/python;;\n'
                               '  *) echo 3.11;;\nesac\n')


def test_no_network_on_the_first_install_is_one_clear_sentence(course, tmp_path):
    python = fake_interpreter_with_pip(tmp_path, 'echo "Collecting numpy"; echo "WARNING: '
                                       'Retrying after connection broken by '
                                       'NewConnectionError: Failed to establish a new '
                                       'connection" >&2; exit 1')
    done = run(course, "course.sh", python)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == (
        "haba_lessons: the first install needs the internet once, to download the course's "
        "packages, and the package index could not be reached: connect to the internet and "
        "run this again.")
    assert "installing the course (course) into .venv" in done.stdout  # said before it starts
    assert "Collecting numpy" in done.stdout  # pip's progress is shown, not hidden
    assert not list((course / ".venv").glob(".haba-installed*"))  # a re-run tries again


def test_the_teacher_gets_the_course_and_the_test_command_the_test_tools(course, tmp_path):
    python = fake_interpreter_with_pip(tmp_path, "exit 0")
    for script in ("course.sh", "run-tests.sh"):  # both stop at the (fake) venv's commands
        run(course, script, python)
    calls = (course / "pip-args.txt").read_text().splitlines()
    assert len(calls) == 2
    course_call, test_call = (call.split() for call in calls)
    assert course_call[-2:] == ["-e", ".[course]"]
    assert "scripts/test-constraints.txt" not in course_call
    assert course_call[course_call.index("-c") + 1] == "binder/requirements.txt"
    assert test_call[-2:] == ["-e", ".[test]"]
    assert "scripts/test-constraints.txt" in test_call
    assert (course / ".venv" / ".haba-installed-test").exists()
    # once installed, a second start installs nothing
    run(course, "course.sh", python)
    assert len((course / "pip-args.txt").read_text().splitlines()) == 2


def test_binder_pins_hold_no_test_tools_and_the_test_pins_are_separate():
    binder = (REPO / "binder" / "requirements.txt").read_text().lower()
    tests = (REPO / "scripts" / "test-constraints.txt").read_text().lower()
    for tool in ("pytest", "nbval", "playwright", "hypothesis"):
        assert f"{tool}==" not in binder
        assert f"{tool}==" in tests
