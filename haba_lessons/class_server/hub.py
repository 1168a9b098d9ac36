"""JupyterHub's configuration for the class server, read in JupyterHub's own process
(``jupyterhub_config.py`` beside this file calls :func:`configure`).

The settings come from the environment that ``haba-lessons class-server`` starts JupyterHub
with (:data:`SETTINGS`); the class password is taken out of the environment at once, so the
groups' servers and kernels never see it.

* **Login**: JupyterHub's shared-password login. The user name is the group's nickname,
  refused unless the recorders would accept it (:func:`haba_lessons.classlab.records.
  check_name`); the login page says what a nickname may be.
* **Each group's server**: JupyterLab as the teacher's own account (no system accounts are
  made: see the README on what that means), in ``<state>/groups/<nickname>``, opening at
  notebook 00; its folder is prepared by :func:`.groups.prepare_group_folder` before it starts.
* **Idle servers are stopped** by jupyterhub-idle-culler after ``HABA_CULL_AFTER`` seconds
  without activity (JupyterLab saves open notebooks every two minutes; a group logging in
  again gets its server back with its files).
"""

from __future__ import annotations

import os
import sys
import unicodedata
from pathlib import Path
from typing import Any

from jupyterhub.authenticators.shared import SharedPasswordAuthenticator
from jupyterhub.spawner import SimpleLocalProcessSpawner

from ..classlab.records import NAME_RULE, check_name
from ..errors import DataFileError
from ..lab import SETTINGS as LAB_SETTINGS
from ..lab import settings_installed
from ..reset import COURSE_ENV
from ..trust import trust_course
from .groups import prepare_group_folder

#: The environment variables ``haba-lessons class-server`` sets for JupyterHub.
SETTINGS = ("HABA_CLASS_PASSWORD", "HABA_CLASS_DATA", "HABA_CLASS_STATE", "HABA_COURSE",
            "HABA_BIND_URL", "HABA_HUB_PORT", "HABA_PROXY", "HABA_PROXY_API_PORT",
            "HABA_CULL_AFTER")
TEMPLATES = Path(__file__).resolve().parent / "templates"
WELCOME = "/lab/tree/notebooks/00-welcome.ipynb"


class GroupAuthenticator(SharedPasswordAuthenticator):
    """The class password; a user name is a group nickname the recorders accept."""

    def normalize_username(self, username: str) -> str:
        """The nickname as the recorders keep it (NFC, no outer spaces), then JupyterHub's
        lower case, so "Owls" and "owls" are one group."""
        return super().normalize_username(unicodedata.normalize("NFC", username.strip()))

    def validate_username(self, username: str) -> bool:
        try:
            check_name(username, "group nickname")
        except DataFileError as refused:
            self.log.warning("login refused: %s", refused)
            return False
        return super().validate_username(username)


def prepare_group(spawner: Any) -> None:
    """JupyterHub's pre-spawn hook: the group's folder, before its server starts."""
    home = Path(spawner.home_dir)
    for line in prepare_group_folder(home, Path(os.environ["HABA_COURSE"]),
                                     Path(os.environ["HABA_CLASS_DATA"])):
        spawner.log.info("group %s: %s", spawner.user.name, line)
    # The group's copies trusted, so their stored widgets draw before Run All (see
    # haba_lessons.trust), in the one signature database every group's server reads.
    trust_course(home / "notebooks", db_file=signatures(Path(os.environ["HABA_CLASS_STATE"])))


def signatures(state: Path) -> Path:
    """The class server's notebook signature database (each group's server runs with its own
    home folder, so the user's default database would differ from group to group)."""
    return state / "nbsignatures.db"


def configure(c: Any) -> None:
    """Set JupyterHub's configuration ``c`` from the class server's settings."""
    settings = {name: os.environ[name] for name in SETTINGS}
    del os.environ["HABA_CLASS_PASSWORD"]
    state = Path(settings["HABA_CLASS_STATE"])

    c.JupyterHub.bind_url = settings["HABA_BIND_URL"]
    c.JupyterHub.hub_ip = "127.0.0.1"
    c.JupyterHub.hub_port = int(settings["HABA_HUB_PORT"])
    c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
    c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
    c.ConfigurableHTTPProxy.command = [settings["HABA_PROXY"]]
    c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{settings['HABA_PROXY_API_PORT']}"
    c.ConfigurableHTTPProxy.pid_file = str(state / "proxy.pid")
    c.JupyterHub.cleanup_servers = True          # stopping the hub stops every group's server
    c.JupyterHub.cleanup_proxy = True

    c.JupyterHub.authenticator_class = GroupAuthenticator
    c.GroupAuthenticator.user_password = settings["HABA_CLASS_PASSWORD"]
    c.Authenticator.allow_all = True              # any nickname the recorders accept
    c.JupyterHub.template_paths = [str(TEMPLATES)]
    c.JupyterHub.template_vars = {"haba_nickname_rule": NAME_RULE}

    c.JupyterHub.spawner_class = SimpleLocalProcessSpawner
    c.SimpleLocalProcessSpawner.home_dir_template = str(state / "groups" / "{username}")
    c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
    c.Spawner.default_url = WELCOME
    c.Spawner.environment = {COURSE_ENV: settings["HABA_COURSE"]}     # for haba-lessons reset
    c.Spawner.args = ["--ServerApp.terminals_enabled=False",
                      f"--NotebookNotary.db_file={signatures(state)}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        c.Spawner.args.append("--allow-root")   # a school machine's service may run as root
    if not settings_installed():
        c.Spawner.args.append(f"--LabApp.app_settings_dir={LAB_SETTINGS}")
    c.Spawner.pre_spawn_hook = prepare_group
    c.Spawner.start_timeout = 120
    c.Spawner.http_timeout = 120

    c.JupyterHub.services = [{
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                    f"--timeout={settings['HABA_CULL_AFTER']}"],
    }]
    c.JupyterHub.load_roles = [{
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }]
