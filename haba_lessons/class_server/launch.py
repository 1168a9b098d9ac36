"""``haba-lessons class-server``: check everything, start JupyterHub, stop everything.

Before anything starts, each problem is one sentence and nothing is changed: a class
password that is empty or shorter than 8 characters, a class-data folder that cannot be
written, a port already in use, a missing web proxy. JupyterHub runs in its own process
group, so Ctrl+C (or SIGTERM, SIGHUP) reaches only this command, which then asks JupyterHub
once to stop (it stops every group's server, which stops its kernels) and afterwards ends
any process JupyterHub started that is still running: nothing is left behind.
"""

from __future__ import annotations

import getpass
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..app_mode import wait_until_serving as url_answers
from ..checkout import course_root
from ..errors import InvalidArgumentError

HERE = Path(__file__).resolve().parent
CONFIG = HERE / "jupyterhub_config.py"
MIN_PASSWORD = 8        # JupyterHub's shared-password login refuses shorter ones
DEFAULT_PORT = 8000
DEFAULT_CULL_AFTER_MIN = 60
PROXY = "configurable-http-proxy"
#: The folder whose package.json pins the proxy (``npm ci`` installs it there).
PROXY_FOLDER = Path("deploy") / "class-server"
STOP_TIMEOUT_S = 60


@dataclass(frozen=True)
class Settings:
    """A checked class server: what to share, where to listen, what to run."""

    class_data: Path
    ip: str
    port: int
    password: str
    state: Path
    course: Path
    proxy: Path
    cull_after_s: int


# --- checks -----------------------------------------------------------------------------------

def check_password(password: str) -> str:
    """The class password, or an error if it is empty or too short."""
    if not password.strip():
        raise InvalidArgumentError("The class password is empty: choose one of at least "
                                   f"{MIN_PASSWORD} characters and write it on the board.")
    if len(password) < MIN_PASSWORD:
        raise InvalidArgumentError(
            f"The class password has {len(password)} characters; it needs at least "
            f"{MIN_PASSWORD} (a short one is guessed quickly): choose a longer one.")
    return password


def read_password(password_file: Path | None) -> str:
    """The class password: the first line of ``password_file``, else asked for once."""
    if password_file is not None:
        try:
            text = password_file.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as error:
            raise InvalidArgumentError(f"Cannot read the password file {password_file} "
                                       f"({getattr(error, 'strerror', None) or error}).") \
                from None
        return check_password(text.splitlines()[0] if text else "")
    if not sys.stdin.isatty():
        raise InvalidArgumentError("No class password: give it in a file with "
                                   "--password-file FILE (no terminal to ask it in).")
    return check_password(getpass.getpass("Class password (at least 8 characters, groups "
                                          "type it to log in): "))


def check_class_data(folder: Path) -> Path:
    """The class's shared folder, made if missing, or an error if it cannot be written."""
    folder = folder.expanduser().absolute()
    if folder.exists() and not folder.is_dir():
        raise InvalidArgumentError(f"{folder} is a file: --class-data needs a folder.")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.NamedTemporaryFile(dir=folder, prefix=".haba-write-test-").close()
    except OSError as error:
        raise InvalidArgumentError(
            f"The class-data folder {folder} cannot be written ({error.strerror}), so the "
            "groups' recordings could not be saved: choose a folder you can write to."
        ) from None
    return folder


def check_port(ip: str, port: int) -> None:
    """An error if ``port`` on ``ip`` is already in use (or the address is not this
    machine's)."""
    if not 1 <= port <= 65535:
        raise InvalidArgumentError(f"--port {port} is not a port: use 1024 to 65535.")
    with socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((ip, port))
        except OSError as error:
            raise InvalidArgumentError(
                f"Port {port} on {ip} cannot be used ({error.strerror}): another program is "
                "serving there, or the address is not this computer's. Choose another with "
                "--port, e.g. --port 8010.") from None


def find_proxy(course: Path) -> Path:
    """The pinned web proxy (``npm ci`` in deploy/class-server) or one on the PATH."""
    pinned = course / PROXY_FOLDER / "node_modules" / ".bin" / PROXY
    if pinned.is_file():
        return pinned
    found = shutil.which(PROXY)
    if found:
        return Path(found)
    raise InvalidArgumentError(
        f"The class server needs JupyterHub's web proxy, {PROXY} (Node.js), and it is not "
        f"installed: install Node.js 20 or newer, then in the course folder run "
        f"npm ci --prefix {PROXY_FOLDER.as_posix()} (the README says how, for each system).")


def pinned_proxy_version(course: Path) -> str:
    package = json.loads((course / PROXY_FOLDER / "package.json").read_text(encoding="utf-8"))
    return package["dependencies"][PROXY]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --- running ----------------------------------------------------------------------------------

def hub_environment(settings: Settings) -> dict[str, str]:
    """This process's environment plus the settings ``hub.configure`` reads."""
    host = f"[{settings.ip}]" if ":" in settings.ip else settings.ip
    return {**os.environ,
            "HABA_CLASS_PASSWORD": settings.password,
            "HABA_CLASS_DATA": str(settings.class_data),
            "HABA_CLASS_STATE": str(settings.state),
            "HABA_COURSE": str(settings.course),
            "HABA_BIND_URL": f"http://{host}:{settings.port}",
            "HABA_HUB_PORT": str(free_port()),
            "HABA_PROXY": str(settings.proxy),
            "HABA_PROXY_API_PORT": str(free_port()),
            "HABA_CULL_AFTER": str(settings.cull_after_s)}


def addresses(settings: Settings) -> list[str]:
    """The addresses groups type, for the message on start."""
    port = settings.port
    if settings.ip in ("0.0.0.0", "::", ""):
        return [f"http://{socket.gethostname()}:{port}/ (or this computer's address on the "
                f"class network, port {port})", f"http://127.0.0.1:{port}/ on this computer"]
    host = f"[{settings.ip}]" if ":" in settings.ip else settings.ip
    return [f"http://{host}:{port}/"]


def serve(settings: Settings) -> int:
    """Run JupyterHub until Ctrl+C (or SIGTERM, SIGHUP), then stop everything."""
    settings.state.mkdir(parents=True, exist_ok=True)
    for caught in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(caught, _interrupt)
    hub = None
    try:
        hub = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)],
                               cwd=settings.state, env=hub_environment(settings),
                               start_new_session=True)
        if wait_until_serving(hub, settings):
            print("The class server is running. Groups open", " or ".join(addresses(settings)),
                  "and log in with their nickname and the class password. Every group's "
                  f"class-data/ is {settings.class_data}. Ctrl+C stops everything.", flush=True)
        return hub.wait()
    except KeyboardInterrupt:
        return 0
    finally:
        if hub is not None:
            left = stop(hub)
            print(f"The class server has stopped{f' ({left} leftover processes ended)' if left else ''}.",
                  flush=True)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def wait_until_serving(hub: subprocess.Popen, settings: Settings, timeout: float = 120) -> bool:
    """Wait until the hub answers on its address; False if it stopped first."""
    host = "127.0.0.1" if settings.ip in ("0.0.0.0", "") else settings.ip
    host = "[::1]" if host == "::" else (f"[{host}]" if ":" in host else host)
    return url_answers(f"http://{host}:{settings.port}/hub/health", hub, timeout)


def stop(hub: subprocess.Popen) -> int:
    """Stop JupyterHub and everything it started; return how many processes had to be ended
    afterwards. Further Ctrl+C presses are ignored until it is done."""
    import psutil

    for caught in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(caught, signal.SIG_IGN)
    try:
        started = psutil.Process(hub.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        started = []
    if hub.poll() is None:
        print("Stopping the class server and every group's server ...", flush=True)
        hub.send_signal(signal.SIGTERM)
        try:
            hub.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            hub.kill()
            hub.wait()
    left = [process for process in started if process.is_running()]
    for process in left:
        try:
            process.terminate()
        except psutil.NoSuchProcess:
            pass
    _, alive = psutil.wait_procs(left, timeout=10)
    for process in alive:
        try:
            process.kill()
        except psutil.NoSuchProcess:
            pass
    return len(left)


def run(args) -> int:
    """``haba-lessons class-server``: check the arguments, then serve."""
    course = course_root()
    if args.cull_after < 1:
        raise InvalidArgumentError("--cull-after must be at least 1 (minutes).")
    check_port(args.ip, args.port)
    password = read_password(args.password_file)
    proxy = find_proxy(course)
    class_data = check_class_data(args.class_data)      # the first check that may make a folder
    version = subprocess.run([str(proxy), "--version"], capture_output=True, text=True,
                             timeout=60).stdout.strip()
    if version != pinned_proxy_version(course):
        print(f"Note: {PROXY} {version or '(version unknown)'} found at {proxy}; the course "
              f"is tested with {pinned_proxy_version(course)}.", file=sys.stderr)
    state = (args.state or course / "class-server").expanduser().absolute()
    return serve(Settings(class_data, args.ip, args.port, password, state, course, proxy,
                          args.cull_after * 60))


def add_arguments(parser) -> None:
    """The command's arguments, on ``parser``."""
    parser.add_argument("--class-data", type=Path, required=True,
                        help="the class's shared folder: every group's class-data/")
    parser.add_argument("--ip", default="0.0.0.0",
                        help="the address to listen on (default 0.0.0.0: every network of "
                             "this computer; 127.0.0.1: this computer only)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"the port (default {DEFAULT_PORT})")
    parser.add_argument("--password-file", type=Path, default=None,
                        help="a file whose first line is the class password (default: ask)")
    parser.add_argument("--state", type=Path, default=None,
                        help="where the groups' folders and the server's database are kept "
                             "(default: class-server/ in the course folder)")
    parser.add_argument("--cull-after", type=int, default=DEFAULT_CULL_AFTER_MIN,
                        metavar="MINUTES",
                        help="stop a group's server after this many idle minutes "
                             f"(default {DEFAULT_CULL_AFTER_MIN})")
