"""``haba-lessons open`` as ``./course.sh`` runs it: the printed address opens notebook 00 (not
the Launcher), JupyterLab does not ask about news (the course's settings override is in
force), and no deprecation warning is printed on start."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
ADDRESS = re.compile(r"http://(?:localhost|127\.0\.0\.1):(\d+)(/\S*)\?token=(\w+)")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def opened_course(tmp_path):
    """``haba-lessons open --no-browser`` with no user settings; stopped however the test ends."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])]))
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR",
                 "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR"):
        env[name] = str(tmp_path / name.lower())
    log = tmp_path / "open.log"
    port = free_port()
    with log.open("w") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "haba_lessons", "open", "--no-browser", "--port", str(port)],
            cwd=REPO, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and process.poll() is None:
            if ADDRESS.search(log.read_text()) and "Use Control-C" in log.read_text():
                break
            time.sleep(0.3)
        yield process, log
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=20)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


def test_the_printed_address_opens_notebook_00_without_news_or_warnings(opened_course):
    process, log = opened_course
    text = log.read_text()
    match = ADDRESS.search(text)
    assert match, f"no address printed:\n{text[-3000:]}"
    port, path, token = match.groups()
    assert path == "/lab/tree/notebooks/00-welcome.ipynb"       # notebook 00, not /lab

    base = f"http://127.0.0.1:{port}"
    with urllib.request.urlopen(f"{base}{path}?token={token}", timeout=30) as page:
        assert page.status == 200 and b"JupyterLab" in page.read()
    plugin = "@jupyterlab/apputils-extension:notification"
    with urllib.request.urlopen(f"{base}/lab/api/settings/{plugin}?token={token}",
                                timeout=30) as answer:
        setting = json.load(answer)
    # An override changes the defaults in the schema JupyterLab receives; the user has set
    # nothing (a fresh settings folder), so the default is what JupyterLab uses.
    assert setting["settings"] == {}
    defaults = {name: spec["default"] for name, spec in setting["schema"]["properties"].items()}
    assert defaults["fetchNews"] == "false"         # "none" would make JupyterLab ask
    assert defaults["checkForUpdates"] is False

    assert "DeprecationWarning" not in text and "deprecated" not in text.lower(), text
    assert process.poll() is None                   # still serving until the fixture stops it
