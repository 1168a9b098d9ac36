"""The test servers do not outlive pytest: when the pytest run that started JupyterLab is
killed (SIGKILL, as a hard time-out does) or terminated (SIGTERM, as `timeout` does), the
server and its process group are gone within seconds and the port is free again; also in a
parallel run (pytest-xdist, as ./run-tests.sh runs) when its controller is killed."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import time

import psutil
import pytest
from browser_support import HERE, REPO

INNER_TEST = textwrap.dedent('''
    import os
    import time
    from pathlib import Path
    from browser_support import jupyterlab_server

    def test_serve_until_killed(tmp_path):
        root = tmp_path / "notebooks"
        root.mkdir()
        server = jupyterlab_server(root, tmp_path).start(ready_path="/api/status?token={{token}}")
        Path({report!r}).write_text(f"{{server.port}} {{server.process.pid}} {{os.getpid()}}")
        time.sleep(600)
''')


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) != 0


def group_is_gone(group: int) -> bool:
    """No process of ``group`` runs any more (a zombie whose parent has not yet collected it,
    as a parallel run's lingering worker leaves its stopped server, runs nothing)."""
    for process in psutil.process_iter(["status"]):
        try:
            if process.info["status"] != psutil.STATUS_ZOMBIE and os.getpgid(process.pid) == group:
                return False
        except (ProcessLookupError, psutil.NoSuchProcess):
            continue
    return True


def ignore_sigint() -> None:
    """As in a run started in the background by a script (``./run-tests.sh &``): without
    SIGINT, a worker whose controller is gone is not interrupted, and lingers for ~20 s."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_is_gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.parametrize("how, workers", [(signal.SIGKILL, []), (signal.SIGTERM, []),
                                          (signal.SIGKILL, ["-n", "1"])],
                         ids=["SIGKILL", "SIGTERM", "SIGKILL-parallel-run"])
def test_jupyterlab_stops_when_pytest_is_killed(tmp_path, how, workers):
    report = tmp_path / "server.txt"
    (tmp_path / "test_inner.py").write_text(INNER_TEST.format(report=str(report)))
    env = {name: value for name, value in os.environ.items()  # not a worker of this run's
           if not name.startswith("PYTEST_XDIST")}                # controller, if it has one
    env["PYTHONPATH"] = os.pathsep.join(
        [str(REPO), str(HERE), *filter(None, [os.environ.get("PYTHONPATH")])])
    inner = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                              "--rootdir", str(tmp_path), *workers,
                              str(tmp_path / "test_inner.py")],
                             cwd=tmp_path, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL,
                             preexec_fn=ignore_sigint if workers else None)
    port = group = runner = None
    try:
        deadline = time.monotonic() + 120
        while not report.exists() and inner.poll() is None and time.monotonic() < deadline:
            time.sleep(0.3)
        assert report.exists(), "the inner pytest did not start JupyterLab"
        port, group, runner = map(int, report.read_text().split())
        assert not port_is_free(port) and not group_is_gone(group)  # the server is serving

        inner.send_signal(how)
        inner.wait(timeout=30)
        # a parallel run's worker may outlive its controller (ignore_sigint); its servers not
        deadline = time.monotonic() + (8 if workers else 15)
        while not (port_is_free(port) and group_is_gone(group)) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert port_is_free(port), f"port {port} still held after pytest got {how.name}"
        assert group_is_gone(group), f"server group {group} still running after {how.name}"
    finally:
        if inner.poll() is None:
            inner.kill()
            inner.wait()
        if group is not None and not group_is_gone(group):
            os.killpg(group, signal.SIGKILL)  # do not leave it running if the test failed
        if runner not in (None, inner.pid) and not process_is_gone(runner):
            os.kill(runner, signal.SIGKILL)  # the parallel run's worker, left by its controller
