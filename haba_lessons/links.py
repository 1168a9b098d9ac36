"""The course's web addresses, all built from the one repository address in ``pyproject.toml``.

``[project.urls] Repository`` is the only place that names the repository. The README's
Binder links and notebook 00's pointer are generated from it by ``scripts/update_links.py``,
and a test checks they agree. A school that hosts its own fork changes that one line and
runs the script.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from urllib.parse import quote

from .errors import InvalidArgumentError

#: The owner written in ``pyproject.toml`` until the course has a public home.
PLACEHOLDER_OWNER = "OWNER"
BINDER = "https://mybinder.org/v2/gh"
BRANCH = "main"
WELCOME = "notebooks/00-welcome.ipynb"
#: Voilà options in the address: the course's projector template and the light theme.
VOILA_QUERY = "template=haba&theme=light"
_GITHUB = re.compile(r"^https://github\.com/(?P<owner>[A-Za-z0-9][A-Za-z0-9-]{0,38})/"
                     r"(?P<name>[A-Za-z0-9._-]+?)(?:\.git)?/?$")
PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


@dataclass(frozen=True)
class Repository:
    """A GitHub repository: owner and name, and the addresses made from them."""

    owner: str
    name: str

    @property
    def url(self) -> str:
        return f"https://github.com/{self.owner}/{self.name}"

    @property
    def is_placeholder(self) -> bool:
        return self.owner == PLACEHOLDER_OWNER

    def binder(self, urlpath: str) -> str:
        """A mybinder.org launch address that opens ``urlpath`` in the built environment."""
        return f"{BINDER}/{self.owner}/{self.name}/{BRANCH}?urlpath={quote(urlpath, safe='/')}"

    def course_url(self) -> str:
        """Binder: the course in JupyterLab, at notebook 00."""
        return self.binder(f"lab/tree/{WELCOME}")

    def app_url(self, game: str) -> str:
        """Binder: one game's app in Voilà (no code, the projector template)."""
        return self.binder(f"voila/render/apps/{game}.ipynb?{VOILA_QUERY}")


def parse_repository(url: str) -> Repository:
    """``https://github.com/OWNER/NAME`` as a :class:`Repository`; anything else is refused."""
    match = _GITHUB.match(url.strip())
    if not match:
        raise InvalidArgumentError(
            f"{url!r} is not a GitHub repository address like https://github.com/OWNER/NAME: "
            "Binder links need one (set [project.urls] Repository in pyproject.toml)")
    return Repository(match["owner"], match["name"])


def repository(pyproject: Path = PYPROJECT) -> Repository:
    """The repository named in ``pyproject.toml`` (from a checkout) or the installed metadata."""
    if pyproject.is_file():
        with pyproject.open("rb") as file:
            url = tomllib.load(file)["project"]["urls"]["Repository"]
    else:
        urls = metadata.metadata("haba_lessons").get_all("Project-URL") or []
        url = next((u.split(",", 1)[1] for u in urls if u.lower().startswith("repository,")),
                   "")
    return parse_repository(url)
