"""``haba-lessons reset NN`` and ``reset("NN")``: the shipped notebook restored byte for byte,
the student's version kept beside it, nothing deleted; a notebook that does not exist or that
a Jupyter server has open is refused with a message and nothing changes.

The oracles come from outside ``reset``: the bytes committed to a throwaway git checkout
(the course's own notebooks), and the files ``haba-lessons student-copies`` writes (student
copies).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

from haba_lessons.errors import InvalidArgumentError
from haba_lessons.reset import reset
from haba_lessons.student_copies import make_student_copies

REPO = Path(__file__).resolve().parents[1]
LESSON = "04-quiet-as-a-mouse.ipynb"
MY_WORK = re.compile(r"^04-quiet-as-a-mouse-my-work-\d{4}-\d\d-\d\d-\d{6}(-\d+)?\.ipynb$")


@pytest.fixture(autouse=True)
def no_running_servers(tmp_path, monkeypatch):
    """Only the Jupyter servers a test starts itself are seen (reset finds running servers
    through Jupyter's runtime folder; the machine's own may hold other servers)."""
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=test", "-c", "user.email=test@example.org",
                    "-c", "init.defaultBranch=main", *args], cwd=folder, check=True,
                   capture_output=True)


@pytest.fixture
def course(tmp_path) -> Path:
    """A course folder that is a git checkout with notebooks 00 and 04 committed."""
    root = tmp_path / "course"
    (root / "notebooks").mkdir(parents=True)
    for name in ("00-welcome.ipynb", LESSON):
        shutil.copyfile(REPO / "notebooks" / name, root / "notebooks" / name)
    git(root, "init", "-q")
    git(root, "add", "notebooks")
    git(root, "commit", "-q", "-m", "the course as shipped")
    return root


def students_edit(path: Path) -> bytes:
    """What a student does: change a cell and save. Returns the saved bytes."""
    notebook = nbformat.read(path, as_version=4)
    notebook.cells[1].source = "# my own experiment\n" + notebook.cells[1].source
    notebook.cells.append(nbformat.v4.new_markdown_cell("My notes about the castle."))
    nbformat.write(notebook, path)
    return path.read_bytes()


def files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}


def test_the_course_notebook_comes_back_byte_for_byte_and_the_work_is_kept(course):
    folder = course / "notebooks"
    shipped = (REPO / "notebooks" / LESSON).read_bytes()
    work = students_edit(folder / LESSON)
    assert work != shipped

    done = reset("04", folder)

    assert (folder / LESSON).read_bytes() == shipped
    kept = [name for name in files(folder) if MY_WORK.match(name)]
    assert len(kept) == 1 and (folder / kept[0]).read_bytes() == work
    assert done.kept == folder / kept[0] and done.changed
    assert set(files(folder)) == {"00-welcome.ipynb", LESSON, kept[0]}   # nothing else
    assert "git HEAD" in str(done) and kept[0] in str(done)


def test_resetting_twice_keeps_both_versions_and_never_overwrites(course):
    folder = course / "notebooks"
    first = students_edit(folder / LESSON)
    reset("04", folder)
    students_edit(folder / LESSON)                     # a second, different session of work
    notebook = nbformat.read(folder / LESSON, as_version=4)
    notebook.cells.append(nbformat.v4.new_markdown_cell("Second try."))
    nbformat.write(notebook, folder / LESSON)
    second = (folder / LESSON).read_bytes()
    assert second != first
    reset("04", folder)
    kept = sorted(data for name, data in files(folder).items() if MY_WORK.match(name))
    assert sorted([first, second]) == kept


def test_an_unchanged_notebook_is_left_alone(course):
    folder = course / "notebooks"
    done = reset("4", folder)                  # "4" and "04" name the same lesson
    assert not done.changed and done.kept is None
    assert set(files(folder)) == {"00-welcome.ipynb", LESSON}


def test_a_student_copy_comes_back_as_student_copies_writes_it(course, tmp_path):
    students = course / "student-notebooks"
    make_student_copies(course / "notebooks", students)        # the oracle
    shipped = (students / LESSON).read_bytes()
    work = students_edit(students / LESSON)

    done = reset("04", students)

    assert (students / LESSON).read_bytes() == shipped
    assert b'"solution"' not in shipped                 # no solution comes back with it
    kept = [name for name in files(students) if MY_WORK.match(name)]
    assert [(students / name).read_bytes() for name in kept] == [work]
    assert "student copy" in done.source


def test_a_deleted_notebook_is_restored_with_nothing_to_keep(course):
    folder = course / "notebooks"
    (folder / LESSON).unlink()
    done = reset("04", folder)
    assert (folder / LESSON).read_bytes() == (REPO / "notebooks" / LESSON).read_bytes()
    assert done.kept is None and "no file to keep" in str(done)


@pytest.mark.parametrize("number", ["99", "07x", "quiet", ""])
def test_a_notebook_that_does_not_exist_is_refused_and_nothing_changes(course, number):
    folder = course / "notebooks"
    students_edit(folder / LESSON)
    before = files(folder)
    with pytest.raises(InvalidArgumentError, match="no notebook .* in the course"):
        reset(number, folder)
    assert files(folder) == before


def test_a_course_folder_that_is_not_a_git_checkout_says_so(course):
    shutil.rmtree(course / ".git")
    folder = course / "notebooks"
    work = students_edit(folder / LESSON)
    with pytest.raises(InvalidArgumentError, match="not a git checkout"):
        reset("04", folder)
    assert files(folder)[LESSON] == work and len(files(folder)) == 2


def test_in_a_notebook_the_call_resets_the_notebooks_own_folder(course, monkeypatch):
    folder = course / "notebooks"
    students_edit(folder / LESSON)
    monkeypatch.chdir(folder)               # a kernel runs in its notebook's folder
    reset("04")
    assert (folder / LESSON).read_bytes() == (REPO / "notebooks" / LESSON).read_bytes()


def test_in_a_class_server_groups_folder_the_course_is_found_through_haba_course(
        tmp_path, monkeypatch):
    from haba_lessons.class_server.groups import prepare_group_folder

    make_student_copies(REPO / "notebooks", tmp_path / "oracle")
    home = tmp_path / "groups" / "owls"
    (tmp_path / "class-data").mkdir()
    prepare_group_folder(home, REPO, tmp_path / "class-data")
    folder = home / "notebooks"        # it has notebooks/00-welcome.ipynb, like a course
    work = students_edit(folder / LESSON)
    monkeypatch.setenv("HABA_COURSE", str(REPO))         # as the class server sets it
    done = reset("04", folder)
    assert (folder / LESSON).read_bytes() == (tmp_path / "oracle" / LESSON).read_bytes()
    assert done.kept.read_bytes() == work and "student copy" in done.source


# --- a notebook open in a running Jupyter server ----------------------------------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def jupyter(course, tmp_path, monkeypatch):
    """A Jupyter server serving the course folder, found through its runtime folder as
    ``reset`` finds any running server; stopped however the test ends."""
    runtime = tmp_path / "runtime"
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(runtime))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
               JUPYTER_RUNTIME_DIR=str(runtime), IPYTHONDIR=str(tmp_path / "ipython"))
    token = "reset-test-token"
    for _attempt in range(3):  # a port chosen free may be taken before the server binds it
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "jupyter_server", "--no-browser", "--allow-root",
             "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
             "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
             f"--ServerApp.root_dir={course}"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and server.poll() is None:
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
                if list(runtime.glob("jpserver-*.json")):
                    break
            except (OSError, http.client.HTTPException):
                time.sleep(0.3)
        if server.poll() is None:
            break
    try:
        yield base, token
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=5)


def api(base: str, token: str, method: str, path: str, body: dict | None = None):
    request = urllib.request.Request(
        f"{base}{path}", method=method, data=json.dumps(body).encode() if body else None,
        headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        text = answer.read()
    return json.loads(text) if text else None


def test_an_open_notebook_is_refused_until_it_is_closed(course, jupyter):
    base, token = jupyter
    folder = course / "notebooks"
    work = students_edit(folder / LESSON)
    session = api(base, token, "POST", "/api/sessions",
                  {"path": f"notebooks/{LESSON}", "type": "notebook", "name": LESSON,
                   "kernel": {"name": "python3"}})

    with pytest.raises(InvalidArgumentError, match="is open in Jupyter .* nothing was changed"):
        reset("04", folder)
    assert files(folder) == {"00-welcome.ipynb": files(folder)["00-welcome.ipynb"],
                             LESSON: work}

    api(base, token, "DELETE", f"/api/sessions/{session['id']}")     # closed
    reset("04", folder)
    assert (folder / LESSON).read_bytes() == (REPO / "notebooks" / LESSON).read_bytes()


def test_the_command_prints_what_it_kept_and_refuses_in_one_line(course):
    folder = course / "notebooks"
    students_edit(folder / LESSON)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])]))
    done = subprocess.run([sys.executable, "-m", "haba_lessons", "reset", "04", "--folder",
                           str(folder)], cwd=course, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert re.search(r"kept as 04-quiet-as-a-mouse-my-work-[\d-]+\.ipynb", done.stdout)
    refused = subprocess.run([sys.executable, "-m", "haba_lessons", "reset", "99"], cwd=course,
                             env=env, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert refused.stderr.strip().count("\n") == 0 and "no notebook '99'" in refused.stderr
