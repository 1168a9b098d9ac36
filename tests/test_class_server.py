"""The class server's checks and set-up, without starting it: every refusal is one sentence
and changes nothing; logins are the nicknames the recorders accept; a group's folder holds
its student copies and a link to the class's folder, and nothing a group made is ever lost.
(tests/browser/test_class_server_in_browser.py starts the real server and logs two groups
in.)"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from traitlets.config import Config

from haba_lessons.class_server import hub
from haba_lessons.class_server.groups import prepare_group_folder
from haba_lessons.class_server.launch import (check_class_data, check_password, check_port,
                                              read_password)
from haba_lessons.errors import InvalidArgumentError
from haba_lessons.student_copies import make_student_copies

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("password, message", [
    ("", "The class password is empty"),
    ("        ", "The class password is empty"),
    ("dice", "has 4 characters; it needs at least 8"),
    ("1234567", "has 7 characters"),
])
def test_an_empty_or_short_class_password_is_refused(password, message):
    with pytest.raises(InvalidArgumentError, match=message):
        check_password(password)


def test_the_password_file_gives_its_first_line(tmp_path):
    file = tmp_path / "password.txt"
    file.write_bytes("\ufeffcastle-dice-42\nsecond line\n".encode())     # a BOM from Notepad
    assert read_password(file) == "castle-dice-42"
    with pytest.raises(InvalidArgumentError, match="Cannot read the password file"):
        read_password(tmp_path / "missing.txt")


def unwritable_folder(tmp_path: Path) -> Path:
    """A folder this process cannot write into (root writes everywhere but into /sys)."""
    if os.geteuid() == 0:
        return Path("/sys/kernel")
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    return folder


def test_a_class_folder_that_cannot_be_written_is_refused(tmp_path):
    with pytest.raises(InvalidArgumentError, match="cannot be written .* choose a folder"):
        check_class_data(unwritable_folder(tmp_path))
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(InvalidArgumentError, match="is a file"):
        check_class_data(tmp_path / "a-file")
    with pytest.raises(InvalidArgumentError, match="cannot be written"):
        check_class_data(tmp_path / "a-file" / "inside")
    made = check_class_data(tmp_path / "new" / "class-data")
    assert made.is_dir() and list(made.iterdir()) == []          # made, probe file gone


def test_a_port_in_use_is_refused():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(InvalidArgumentError, match=f"Port {port} on 127.0.0.1 cannot be "
                                                       "used .* --port"):
            check_port("127.0.0.1", port)
    with pytest.raises(InvalidArgumentError, match="is not a port"):
        check_port("127.0.0.1", 70000)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_the_command_refuses_in_one_line_and_starts_nothing(tmp_path):
    (tmp_path / "short.txt").write_text("dice\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])]))
    done = subprocess.run(
        [sys.executable, "-m", "haba_lessons", "class-server", "--class-data",
         str(tmp_path / "class-data"), "--ip", "127.0.0.1", "--port", str(free_port()),
         "--password-file", str(tmp_path / "short.txt"), "--state", str(tmp_path / "state")],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0, done.stderr
    assert "The class password has 4 characters; it needs at least 8" in done.stderr
    assert not (tmp_path / "class-data").exists() and not (tmp_path / "state").exists()


@pytest.mark.parametrize("nickname, accepted", [
    ("owls", True), ("Füchse", True), ("group 1", True), ("Группа 1", True),
    ("ana@example.org", False), ("a/b", False), ("_owls", False), ("", False),
    ("x" * 21, False), ("a.b", False),
])
def test_a_login_is_a_nickname_the_recorders_accept(nickname, accepted):
    from haba_lessons.classlab.records import check_name
    from haba_lessons.errors import DataFileError

    try:                                             # the oracle: the recorders' own check
        check_name(nickname, "group nickname")
        recorders_accept = True
    except DataFileError:
        recorders_accept = False
    assert recorders_accept is accepted
    assert hub.GroupAuthenticator().validate_username(nickname) is accepted


def test_nicknames_typed_differently_are_one_group():
    login = hub.GroupAuthenticator()
    assert login.normalize_username(" Owls ") == login.normalize_username("owls") == "owls"
    assert login.normalize_username("Fu\u0308chse") == "füchse"     # "ü" typed as u + ¨


def test_a_group_folder_gets_student_copies_and_the_class_folder(tmp_path):
    make_student_copies(REPO / "notebooks", tmp_path / "oracle")
    home, class_data = tmp_path / "groups" / "owls", tmp_path / "class-data"
    class_data.mkdir()
    done = prepare_group_folder(home, REPO, class_data)
    folder = home / "notebooks"
    for copy in (tmp_path / "oracle").glob("*.ipynb"):
        assert (folder / copy.name).read_bytes() == copy.read_bytes(), copy.name
    assert (folder / "class-data").is_symlink()
    assert (folder / "class-data").resolve() == class_data.resolve()
    assert any("linked class-data/" in line for line in done)


def test_a_group_keeps_its_work_and_its_earlier_recordings(tmp_path):
    home, class_data = tmp_path / "groups" / "owls", tmp_path / "class-data"
    class_data.mkdir()
    folder = home / "notebooks"
    (folder / "class-data").mkdir(parents=True)
    (folder / "class-data" / "spookies-owls.csv").write_text("recorded before")
    (folder / "04-quiet-as-a-mouse.ipynb").write_text("the group's own work")
    prepare_group_folder(home, REPO, class_data)
    assert (folder / "04-quiet-as-a-mouse.ipynb").read_text() == "the group's own work"
    kept = [p for p in folder.iterdir() if p.name.startswith("class-data-before-")]
    assert [(p / "spookies-owls.csv").read_text() for p in kept] == ["recorded before"]
    assert prepare_group_folder(home, REPO, class_data) == []       # nothing more to do


def test_jupyterhub_is_configured_with_the_class_settings(monkeypatch, tmp_path):
    settings = {"HABA_CLASS_PASSWORD": "castle-dice-42", "HABA_CLASS_DATA": str(tmp_path),
                "HABA_CLASS_STATE": str(tmp_path / "state"), "HABA_COURSE": str(REPO),
                "HABA_BIND_URL": "http://127.0.0.1:8000", "HABA_HUB_PORT": "8081",
                "HABA_PROXY": "/usr/bin/configurable-http-proxy",
                "HABA_PROXY_API_PORT": "8001", "HABA_CULL_AFTER": "3600"}
    for name, value in settings.items():
        monkeypatch.setenv(name, value)
    c = Config()
    hub.configure(c)
    assert "HABA_CLASS_PASSWORD" not in os.environ     # groups' servers never see it
    assert c.GroupAuthenticator.user_password == "castle-dice-42"
    assert c.JupyterHub.authenticator_class is hub.GroupAuthenticator
    assert c.Spawner.default_url == "/lab/tree/notebooks/00-welcome.ipynb"
    assert c.SimpleLocalProcessSpawner.home_dir_template == f"{tmp_path}/state/groups/{{username}}"
    assert "--ServerApp.terminals_enabled=False" in c.Spawner.args
    assert c.Spawner.environment == {"HABA_COURSE": str(REPO)}      # where reset finds it
    assert c.JupyterHub.services[0]["command"][-2:] == ["jupyterhub_idle_culler",
                                                        "--timeout=3600"]
    assert set(c.JupyterHub.load_roles[0]["scopes"]) >= {"list:users", "delete:servers"}


def test_a_groups_copies_are_trusted_in_the_database_its_server_reads(monkeypatch, tmp_path):
    from types import SimpleNamespace

    import nbformat
    from nbformat.sign import NotebookNotary

    state, class_data = tmp_path / "state", tmp_path / "class-data"
    class_data.mkdir()
    monkeypatch.setenv("HABA_COURSE", str(REPO))
    monkeypatch.setenv("HABA_CLASS_DATA", str(class_data))
    monkeypatch.setenv("HABA_CLASS_STATE", str(state))
    home = state / "groups" / "owls"
    log = SimpleNamespace(info=lambda *args: None)
    hub.prepare_group(SimpleNamespace(home_dir=str(home), user=SimpleNamespace(name="owls"),
                                      log=log))
    db = state / "nbsignatures.db"
    with NotebookNotary(db_file=str(db)) as notary:    # what the group's server checks
        notebook = nbformat.read(home / "notebooks" / "02-best-two-of-k.ipynb", as_version=4)
        assert notary.check_signature(notebook)
    c = Config()
    for name, value in {"HABA_CLASS_PASSWORD": "castle-dice-42", "HABA_BIND_URL": "http://x",
                        "HABA_HUB_PORT": "8081", "HABA_PROXY": "proxy",
                        "HABA_PROXY_API_PORT": "8001", "HABA_CULL_AFTER": "3600"}.items():
        monkeypatch.setenv(name, value)
    hub.configure(c)
    assert f"--NotebookNotary.db_file={db}" in c.Spawner.args
