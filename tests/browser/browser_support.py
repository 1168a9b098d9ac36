"""Helpers for the real-browser tests: servers on loopback, a network guard, page checks.

The checks look at what a person would see in the page (rendered outputs, a chart's SVG or
canvas, a widget answering a click), not at the notebook file.
"""

from __future__ import annotations

import atexit
import http.client
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import nbformat

from haba_lessons import app_mode

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CHROMIUM = Path(os.environ.get("HABA_CHROMIUM", "/usr/bin/chromium"))
#: Flags that let Debian's Chromium run headless as root on a machine with no network.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SCREENSHOTS = REPO / "screenshots"
GAMES_TABLE = app_mode.games_table(REPO)
LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
VEGA_MIME_PREFIXES = ("application/vnd.vegalite.", "application/vnd.vega.")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(home: Path) -> dict[str, str]:
    """Environment for a Jupyter server under test: this checkout's code, no user config.

    ``PYTHONPATH`` puts this checkout first, so a kernel imports the code being tested even
    when the venv's editable install points at another work tree.
    """
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(REPO), str(HERE)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])
    )
    for name, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                      ("IPYTHONDIR", "ipython")]:
        env[name] = str(home / sub)
        (home / sub).mkdir(parents=True, exist_ok=True)
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    return env


#: A watchdog process per server: when a pytest process that owns the server is gone
#: (interrupted, killed by a time-out, even by SIGKILL, which no handler sees), it stops the
#: server's whole process group (the server and its kernels), then exits. It also exits when
#: the server stopped normally. Its first argument is the owners' ids, comma-separated
#: (``watchdog_owners()``), its second the server's process group.
WATCHDOG = """
import os, signal, sys, time
owners, group = [int(pid) for pid in sys.argv[1].split(",")], int(sys.argv[2])
def alive(kill, target):
    try:
        kill(target, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
while alive(os.killpg, group):
    if not all(alive(os.kill, owner) for owner in owners):
        os.killpg(group, signal.SIGTERM)
        deadline = time.monotonic() + 10
        while alive(os.killpg, group) and time.monotonic() < deadline:
            time.sleep(0.2)
        if alive(os.killpg, group):
            os.killpg(group, signal.SIGKILL)
        break
    time.sleep(0.5)
"""

def watchdog_owners() -> str:
    """The processes whose end stops a server, for ``WATCHDOG``: this pytest process and, in
    a parallel run, the pytest-xdist controller that started this worker (a worker left behind
    by a killed controller lingers for seconds; its servers should not)."""
    owners = [os.getpid()]
    if os.environ.get("PYTEST_XDIST_WORKER"):
        owners.append(os.getppid())
    return ",".join(map(str, owners))


#: Servers started by this process and not yet stopped (stopped at exit and on SIGTERM).
_RUNNING: list["Server"] = []


def stop_all_servers() -> None:
    for server in list(_RUNNING):
        server.stop()


def _stop_servers_then_default(signum, frame) -> None:
    """SIGTERM/SIGHUP: stop the servers, then die of the signal as the default would."""
    stop_all_servers()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


atexit.register(stop_all_servers)
for _signal in (signal.SIGTERM, signal.SIGHUP):
    if signal.getsignal(_signal) in (signal.SIG_DFL, None):
        signal.signal(_signal, _stop_servers_then_default)


class PortTaken(Exception):
    """The server exited because another process took its port first."""


@dataclass
class Server:
    """A server process on loopback; ``url`` is its base URL, ``token`` its access token."""

    name: str
    command: list[str]
    cwd: Path
    env: dict[str, str]
    log: Path
    port: int = field(default_factory=free_port)
    token: str = field(default_factory=lambda: secrets.token_hex(16))
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, ready_path: str, timeout: float = 90, attempts: int = 3) -> "Server":
        """Start the server and wait until ``ready_path`` answers 200.

        The port is free when chosen but may be taken before the server binds it (a kernel of
        a parallel test picks its ports the same way); the server, run with no port retries,
        then exits saying so, and it is started again on another port.
        """
        for attempt in range(attempts):
            try:
                return self._start_once(ready_path, timeout)
            except PortTaken:
                self.port = free_port()
        raise RuntimeError(f"{self.name}: its port was taken {attempts} times:\n{self.log_tail()}")

    def _start_once(self, ready_path: str, timeout: float) -> "Server":
        command = [part.format(port=self.port, token=self.token) for part in self.command]
        self._log_file = self.log.open("w")
        self.process = subprocess.Popen(command, cwd=self.cwd, env=self.env,
                                        stdout=self._log_file, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        _RUNNING.append(self)
        self.watchdog = subprocess.Popen(
            [sys.executable, "-c", WATCHDOG, watchdog_owners(), str(self.process.pid)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.stop()
                if f"port {self.port} is already in use" in self.log.read_text(errors="replace"):
                    raise PortTaken(self.port)
                raise RuntimeError(f"{self.name} exited at start:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + ready_path.format(token=self.token),
                                            timeout=5) as response:
                    if response.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError,
                    http.client.HTTPException):  # not up yet, or another program's port
                pass
            time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"{self.name} did not answer within {timeout} s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        """Stop the server and the kernels it started (its whole process group)."""
        if self in _RUNNING:
            _RUNNING.remove(self)
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
        except ProcessLookupError:  # the group is gone already
            self.process.wait(timeout=5)
        self._log_file.close()
        self.watchdog.wait(timeout=5)  # it sees the group gone within half a second


def jupyterlab_server(root: Path, home: Path) -> Server:
    """JupyterLab serving ``root``, with settings that make every cell visible in the DOM."""
    settings = home / "lab-settings"
    _write_lab_settings(settings)
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
        "--ServerApp.ip=127.0.0.1", "--ServerApp.port={port}", "--ServerApp.port_retries=0",
        "--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
        f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={home / 'workspaces'}",
        "--LabApp.extension_manager=readonly",
    ]
    return Server("JupyterLab", command, root, server_env(home), home / "jupyterlab.log")


def voila_server(notebook: Path, home: Path) -> Server:
    """Voilà serving one app notebook, started exactly as ``haba-lessons app`` starts it."""
    command = app_mode.voila_command(notebook, 0, open_browser=False)
    command = [part.replace("--Voila.port=0", "--Voila.port={port}") for part in command]
    return Server(f"Voilà {notebook.name}", command, notebook.parent,
                  app_mode.voila_environment(server_env(home), REPO),
                  home / f"voila-{notebook.stem}.log")


def _write_lab_settings(folder: Path) -> None:
    """No virtual scrolling (every cell in the DOM), no news pop-up, no update check."""
    notebook = folder / "@jupyterlab" / "notebook-extension"
    notebook.mkdir(parents=True, exist_ok=True)
    (notebook / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    apputils = folder / "@jupyterlab" / "apputils-extension"
    apputils.mkdir(parents=True, exist_ok=True)
    (apputils / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false}')


#: Vega's console messages for a chart that drew without its data (a failed load, no values).
VEGA_TROUBLE = ("WARN Loading failed", "ERROR", "WARN Infinite extent")


class NetworkGuard:
    """Abort every request that leaves the machine, and remember it; also remember Vega's
    console messages about charts that drew without their data."""

    def __init__(self) -> None:
        self.blocked: list[str] = []
        self.chart_trouble: list[str] = []

    def attach(self, context) -> None:
        context.route("**/*", self._route)

    def watch(self, page) -> None:
        page.on("console", self._console)

    def _console(self, message) -> None:
        if message.text.startswith(VEGA_TROUBLE):
            self.chart_trouble.append(message.text.splitlines()[0][:300])

    def problems(self) -> list[str]:
        return ([f"request off the machine (blocked): {url}" for url in self.blocked]
                + [f"chart trouble in the browser console: {text}"
                   for text in dict.fromkeys(self.chart_trouble)])

    def _route(self, route) -> None:
        url = route.request.url
        scheme, host = urlsplit(url).scheme, urlsplit(url).hostname
        if scheme in ("data", "blob") or host in LOOPBACK_HOSTS:
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort("internetdisconnected")


def stored_chart_count(notebook: Path) -> int:
    """How many Vega / Vega-Lite outputs the stored notebook has (what the page must show)."""
    nb = nbformat.read(notebook, as_version=4)
    return sum(1 for cell in nb.cells if cell.cell_type == "code"
               for output in cell.get("outputs", [])
               if any(mime.startswith(VEGA_MIME_PREFIXES) for mime in output.get("data", {})))


def strip_outputs(notebook: Path) -> int:
    """Remove every stored output in place, so the page shows only what this run produced."""
    nb = nbformat.read(notebook, as_version=4)
    code_cells = 0
    for cell in nb.cells:
        if cell.cell_type == "code":
            code_cells += 1
            cell.outputs = []
            cell.execution_count = None
    nbformat.write(nb, notebook)
    return code_cells


# --- checks in the page ----------------------------------------------------------------------

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"


def run_all_cells(page, timeout_s: float) -> None:
    """Run > Run All Cells from the menu, then wait until every cell has run or one failed."""
    page.wait_for_selector(f"{PANEL} .jp-Notebook .jp-Cell", timeout=60_000)
    wait_for_kernel(page)
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
    page.wait_for_function(
        """(panel) => {
            const root = document.querySelector(panel);
            const prompts = [...root.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                .map(p => p.textContent.trim());
            const idle = root.querySelector('.jp-Notebook-ExecutionIndicator')
                ?.dataset.status === 'idle';
            const done = prompts.every(p => /^\\[\\d+\\]:$/.test(p));
            const stopped = !prompts.some(p => p.includes('*')) && root.querySelector(
                '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]');
            return idle && (done || stopped);
        }""",
        arg=PANEL, timeout=timeout_s * 1000, polling=250,
    )


def wait_for_kernel(page, timeout_s: float = 60) -> None:
    """Wait until the notebook's Python kernel is idle.

    JupyterLab asks "Select Kernel" when a notebook opens before it has listed the kernels
    (right after the server starts); the dialog proposes Python 3, which is accepted.
    """
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        dialog = page.locator(".jp-Dialog:has-text('Select Kernel') .jp-mod-accept")
        if dialog.count():
            dialog.first.click()
        ready = page.evaluate(
            """(panel) => {
                const root = document.querySelector(panel);
                const name = root?.querySelector('.jp-KernelName')?.textContent || '';
                const status = root?.querySelector('.jp-Notebook-ExecutionIndicator')
                    ?.dataset.status;
                return name.includes('Python') && status === 'idle';
            }""", PANEL)
        if ready:
            return
        time.sleep(0.25)
    raise TimeoutError(f"no idle Python kernel within {timeout_s} s")


def cell_problems(page) -> list[str]:
    """Cells that never ran and every stderr output (tracebacks, warnings)."""
    prompts = page.eval_on_selector_all(
        f"{PANEL} .jp-CodeCell .jp-InputPrompt", "els => els.map(e => e.textContent.trim())")
    problems = [f"code cell {i + 1} did not run (prompt {p!r})"
                for i, p in enumerate(prompts) if not p.strip("[]:").isdigit()]
    stderr = page.eval_on_selector_all(
        f'{PANEL} .jp-OutputArea-child [data-mime-type="application/vnd.jupyter.stderr"]',
        "els => els.map(e => e.innerText)")
    for text in stderr:
        kind = "error" if "Traceback" in text or "Error" in text else "stderr output"
        if "Javascript Error" in text:
            continue  # an output the page could not render: reported by render_problems
        problems.append(f"{kind} in the page: {text.strip()[:1500]}")
    return problems


CHART_STATE_JS = """(selector) => [...document.querySelectorAll(selector)].map(out => ({
    rendered: !!out.querySelector('svg.marks, canvas.marks, .vega-embed svg, .vega-embed canvas'),
    text: out.innerText.slice(0, 300),
}))"""

CHART_OUTPUTS = ".jp-RenderedVegaCommon5, .jp-RenderedVegaLite, .jp-RenderedVega"


def chart_problems(page, scope: str, expected: int | None, timeout_s: float = 30) -> list[str]:
    """Every Vega output in ``scope`` must hold an SVG or canvas; ``expected`` of them if given."""
    selector = ", ".join(f"{scope} {part.strip()}" for part in CHART_OUTPUTS.split(","))
    deadline = time.monotonic() + timeout_s
    while True:
        charts = page.evaluate(CHART_STATE_JS, selector)
        complete = all(c["rendered"] for c in charts) and (
            expected is None or len(charts) >= expected)
        if complete or time.monotonic() > deadline:
            break
        time.sleep(0.25)
    problems = [f"chart {i + 1} of {len(charts)} did not render (no SVG or canvas); it shows: "
                f"{c['text']!r}" for i, c in enumerate(charts) if not c["rendered"]]
    if expected is not None and len(charts) != expected:
        problems.append(f"the page shows {len(charts)} chart(s); the stored notebook has "
                        f"{expected} (a chart that is not a Vega-Lite output will not work "
                        f"offline)")
    return problems


def widget_problems(page, scope: str, *, keyboard: bool = False,
                    attempts: int = 4) -> tuple[int, list[str]]:
    """Press every enabled ``.haba-roll``: the ``.haba-dice`` beside it must change.

    The dice element is the one inside the nearest ancestor holding both. A roll may repeat
    the shown dice, so the button is pressed up to ``attempts`` times. With ``keyboard`` the
    button is focused and activated with Enter, as a keyboard user would.
    Returns (number of roll buttons, problems).
    """
    rolls = page.locator(f"{scope} .haba-roll")
    count = rolls.count()
    problems = []
    for i in range(count):
        button = rolls.nth(i)
        if not button.is_visible() or not button.is_enabled():
            continue
        dice = button.locator("xpath=ancestor::*[.//*[contains(concat(' ', normalize-space("
                              "@class), ' '), ' haba-dice ')]][1]").locator(".haba-dice").first
        if dice.count() == 0:
            problems.append(f"roll button {i + 1} has no .haba-dice element beside it")
            continue
        before = dice.inner_html()
        changed = None  # None: not pressed yet (the first press may wait for a busy kernel)
        for _ in range(attempts):
            if not button.is_enabled():
                break
            if keyboard:
                button.focus()
                page.keyboard.press("Enter")
            else:
                button.click()
            try:
                page.wait_for_function("([el, old]) => el.innerHTML !== old",
                                       arg=[dice.element_handle(), before],
                                       timeout=10_000 if changed is None else 3_000)
                changed = True
                break
            except Exception:  # noqa: BLE001 - a timeout means this press changed nothing
                changed = False
        if not changed:
            how = "Enter on the focused" if keyboard else "a click on the"
            problems.append(f"{how} roll button {i + 1} did not change the dice shown")
    return count, problems


def full_page_screenshot(page, path: Path, scroller: str | None = None) -> None:
    """Screenshot the whole scrolled content: grow the viewport to the content's height."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        height = 900
        if scroller:
            height = page.evaluate(
                "(sel) => { const el = document.querySelector(sel); return el ? "
                "el.scrollHeight + 200 : 900; }", scroller)
        size = page.viewport_size or {"width": 1280, "height": 900}
        page.set_viewport_size({"width": size["width"], "height": int(min(max(height, 900),
                                                                           16_000))})
        if scroller:  # let JupyterLab lay the taller panel out, from the top, before the shot
            page.evaluate("(sel) => { const el = document.querySelector(sel); "
                          "if (el) { el.scrollTop = 0; } }", scroller)
            page.wait_for_timeout(1500)
        page.screenshot(path=str(path), full_page=True)
        page.set_viewport_size(size)
    except Exception as error:  # noqa: BLE001 - a screenshot must never hide the real failure
        print(f"screenshot {path} failed: {error}", file=sys.stderr)


RENDER_FAILURES = ("Javascript Error", "Error displaying widget", "Loading widget")


def render_problems(page, scope: str, timeout_s: float = 20) -> list[str]:
    """Outputs the page could not render: a renderer's "Javascript Error" (e.g. a chart
    spec Vega rejects), "Error displaying widget", a widget stuck on "Loading widget"."""
    texts_js = """(sel) => [...document.querySelectorAll(sel)].map(e => e.innerText)"""
    outputs = f"{scope} .jp-OutputArea-child"
    deadline = time.monotonic() + timeout_s
    while any("Loading widget" in t for t in page.evaluate(texts_js, outputs)):
        if time.monotonic() > deadline:
            break
        time.sleep(0.25)
    return [f"an output did not render: {text.strip()[:300]!r}"
            for text in page.evaluate(texts_js, outputs)
            if any(sign in text for sign in RENDER_FAILURES)]
