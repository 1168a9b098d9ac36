"""``haba-lessons class-server`` as a class uses it: started on 127.0.0.1, two groups log in
through the login form in a real browser, each records with a recorder in its own server,
and both groups' records are pooled from the one shared folder; then Ctrl+C stops everything
and no process it started is left.

Needs JupyterHub's web proxy (``npm ci --prefix deploy/class-server``): without it the test
is skipped with the reason, except in CI, where it fails.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import psutil
import pytest
from browser_support import (HERE, REPO, SCREENSHOTS, WATCHDOG, NetworkGuard, free_port,
                             full_page_screenshot, run_all_cells, watchdog_owners)

from haba_lessons.class_server.launch import find_proxy
from haba_lessons.classlab import pool_folder
from haba_lessons.errors import InvalidArgumentError

pytestmark = pytest.mark.browser
PASSWORD = "dice-and-castles"
GROUPS = {"owls": 2, "foxes": 3}       # group -> how many records it enters


def proxy_or_skip() -> None:
    try:
        find_proxy(REPO)
    except InvalidArgumentError as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but the class server cannot run: {missing}", pytrace=False)
        pytest.skip(str(missing))


@dataclass
class ClassServer:
    """``haba-lessons class-server`` running in its own process group, as in a terminal."""

    process: subprocess.Popen
    log: Path
    url: str
    state: Path
    class_data: Path
    watchdog: subprocess.Popen
    ports: list[int] = field(default_factory=list)

    def press_ctrl_c(self, timeout: float = 120) -> int:
        """What a terminal does on Ctrl+C: SIGINT to the command's process group."""
        os.killpg(self.process.pid, signal.SIGINT)
        return self.process.wait(timeout=timeout)

    def started_processes(self) -> list[psutil.Process]:
        return psutil.Process(self.process.pid).children(recursive=True)


def start_class_server(tmp_path: Path) -> ClassServer:
    """The command started on a free port; started again on another (three times at most)
    if a port it binds was taken first (a parallel test's kernel picks ports the same way)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPO), str(HERE), *filter(None, [os.environ.get("PYTHONPATH")])]))
    log = tmp_path / "class-server.log"
    for _attempt in range(3):
        port = free_port()
        with log.open("w") as output:
            process = subprocess.Popen(
                [sys.executable, "-m", "haba_lessons", "class-server",
                 "--class-data", str(tmp_path / "class-data"), "--ip", "127.0.0.1",
                 "--port", str(port), "--password-file", str(tmp_path / "password.txt"),
                 "--state", str(tmp_path / "state")],
                cwd=REPO, env=env, stdout=output, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True)
        # If this pytest is killed, the watchdog sends SIGTERM to the command's group, and
        # the command stops JupyterHub and everything it started.
        watchdog = subprocess.Popen([sys.executable, "-c", WATCHDOG, watchdog_owners(),
                                     str(process.pid)], stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL, start_new_session=True)
        server = ClassServer(process, log, f"http://127.0.0.1:{port}", tmp_path / "state",
                             tmp_path / "class-data", watchdog, [port])
        deadline = time.monotonic() + 120
        while "The class server is running" not in log.read_text():
            if process.poll() is not None:
                break
            if time.monotonic() > deadline:
                server.press_ctrl_c()
                raise AssertionError(f"not running after 120 s:\n{log.read_text()[-4000:]}")
            time.sleep(0.3)
        else:
            return server
        watchdog.wait(timeout=10)
        text = log.read_text()
        assert "already in use" in text or "EADDRINUSE" in text, text[-4000:]
    raise AssertionError(f"its ports were taken three times:\n{log.read_text()[-4000:]}")


@pytest.fixture
def class_server(tmp_path):
    proxy_or_skip()
    (tmp_path / "password.txt").write_text(PASSWORD + "\n")
    server = start_class_server(tmp_path)
    process, watchdog = server.process, server.watchdog
    started: list[psutil.Process] = []
    try:
        yield server
    finally:
        if process.poll() is None:                   # the test failed before stopping it
            started = server.started_processes()
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=90)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
        for leftover in started:
            if leftover.is_running():
                leftover.kill()
        watchdog.wait(timeout=10)


def log_in(page, url: str, nickname: str, password: str) -> None:
    """Through the login form, as a group types it."""
    page.goto(f"{url}/hub/login")
    page.fill("#username_input", nickname)
    page.fill("#password_input", password)
    page.click("#login_submit")


def recorder_notebook(path: Path, group: str) -> None:
    """A notebook with the Meow Meow recorder, writing to ``class-data/`` beside it."""
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    notebook.cells = [nbformat.v4.new_code_cell(
        "from haba_lessons.course import setup\n"
        "from haba_lessons.classlab.recorders import meow_meow_recorder\n\n"
        f"_ = setup()\nmeow_meow_recorder(group={group!r})")]
    nbformat.write(notebook, path)


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) != 0


def test_two_groups_record_into_the_one_class_folder_and_ctrl_c_leaves_nothing(
        browser, class_server):
    guard = NetworkGuard()
    pages = {}
    for group in GROUPS:                              # each group on its own device
        context = browser.new_context(viewport={"width": 1280, "height": 900},
                                      service_workers="block")
        guard.attach(context)
        pages[group] = context.new_page()

    # A nickname the recorders refuse, and a wrong password, do not get in.
    page = pages["owls"]
    log_in(page, class_server.url, "ana@example.org", PASSWORD)
    page.wait_for_selector(".login_error", timeout=30_000)
    log_in(page, class_server.url, "owls", "not-the-password")
    page.wait_for_selector(".login_error", timeout=30_000)
    assert not (class_server.state / "groups").exists()

    for group, records in GROUPS.items():
        page = pages[group]
        log_in(page, class_server.url, group, PASSWORD)
        page.wait_for_url(f"**/user/{group}/lab/tree/notebooks/00-welcome.ipynb*",
                          timeout=180_000)
        folder = class_server.state / "groups" / group / "notebooks"
        assert (folder / "class-data").resolve() == class_server.class_data.resolve()
        assert b'"solution"' not in (folder / "04-quiet-as-a-mouse.ipynb").read_bytes()
        recorder_notebook(folder / "record.ipynb", group)
        page.goto(f"{class_server.url}/user/{group}/lab/tree/notebooks/record.ipynb")
        run_all_cells(page, timeout_s=180)
        button = page.locator("button", has_text="First child could play")
        for number in range(1, records + 1):
            button.click()
            page.get_by_text(f"Saved record {number}").wait_for(timeout=30_000)
        full_page_screenshot(page, SCREENSHOTS / f"class-server-{group}.png")

    pooled = pool_folder(class_server.class_data)["meow_meow"]
    counts = pooled.records.groupby("group").size().to_dict()
    assert counts == GROUPS
    assert set(pooled.records["event"]) == {"first_could_play"}
    assert pooled.problems == [] and pooled.duplicates == []
    assert guard.blocked == []

    started = class_server.started_processes()
    commands = " ".join(" ".join(p.cmdline()) for p in started)
    assert commands.count("jupyterhub.singleuser") == 2 and "ipykernel" in commands
    assert "configurable-http-proxy" in commands and "jupyterhub_idle_culler" in commands
    for page in pages.values():
        page.context.close()

    assert class_server.press_ctrl_c() == 0
    time.sleep(1)
    left = [f"{p.pid} {' '.join(p.cmdline())}" for p in started
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    assert left == [], f"still running after Ctrl+C: {left}"
    assert port_is_free(int(class_server.url.rsplit(":", 1)[1]))
    # JupyterHub stops the groups' servers itself; under load a kernel may outlive it, and the
    # class server then ends it (the message counts them). Either way nothing is left.
    assert "The class server has stopped" in class_server.log.read_text()
