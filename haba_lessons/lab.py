"""JupyterLab as the course starts it: at notebook 00, without the news question, without a
warning a teacher cannot act on.

    python -m haba_lessons.lab [JupyterLab options]      (what ``haba-lessons open`` runs)

* **No news question.** JupyterLab asks on its first start whether to fetch Jupyter's news; a
  classroom has no one to answer it, and the answer would need the internet. The course ships
  a settings override, ``jupyter/lab/settings/overrides.d/haba-lessons.json`` in this package.
  A regular install (Binder's) copies it to ``<prefix>/share/jupyter/lab/settings/overrides.d``,
  where JupyterLab reads it by itself; an editable install (``./course.sh``) copies nothing,
  so :func:`lab_command` then points JupyterLab's application settings at the package's copy.
* **JupyterLab's own words in the course's language.** ``haba-lessons open --lang de`` points
  JupyterLab at ``jupyter/lab/settings-de``, whose override also selects ``de_DE`` (the menus
  then come from the pinned ``jupyterlab-language-pack-de-DE``); in English the course's
  override selects nothing, so JupyterLab speaks English (or what a user chose).
* **The printed address opens notebook 00** (``LabApp.default_url``), not the Launcher.
* **No deprecation warning on every start** ("ServerApp.token config is deprecated", and
  traitlets' warnings about jupyter_lsp's traits). Nothing in the course sets those options:
  ``notebook_shim`` reads every attribute of the server when it starts, which triggers the
  token warning. Python hides deprecation warnings from a library by default; Voilà's
  ``__init__`` turns traitlets' back on (``filterwarnings("default", DeprecationWarning,
  module="traitlets")``), and JupyterLab imports Voilà as a server extension. :func:`main`
  restores Python's default for traitlets after importing Voilà, in JupyterLab's own process
  only (kernels are separate processes and keep their own warnings).
"""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path

#: The settings folder shipped in the package (its overrides.d holds the course's file).
SETTINGS = Path(__file__).resolve().parent / "jupyter" / "lab" / "settings"
#: Each other language's settings folder: the same override, plus JupyterLab's locale.
LANGUAGE_SETTINGS = {"de": SETTINGS.with_name("settings-de")}
OVERRIDE_FILE = Path("overrides.d") / "haba-lessons.json"


def settings_installed() -> bool:
    """Whether the environment's own JupyterLab settings already hold the course's override
    (a regular install); if not, JupyterLab is pointed at the package's copy."""
    from jupyterlab.commands import get_app_dir

    return (Path(get_app_dir()) / "settings" / OVERRIDE_FILE).is_file()


def lab_command(root: Path, notebook: str, *, port: int | None = None,
                open_browser: bool = True, language: str = "en") -> list[str]:
    """The command that serves ``root`` and opens ``notebook`` (a path inside ``root``, with
    ``/`` separators) in JupyterLab, its menus in ``language``."""
    command = [sys.executable, "-m", "haba_lessons.lab", f"--ServerApp.root_dir={root}",
               f"--LabApp.default_url=/lab/tree/{notebook}"]
    if language in LANGUAGE_SETTINGS:
        command.append(f"--LabApp.app_settings_dir={LANGUAGE_SETTINGS[language]}")
    elif not settings_installed():
        command.append(f"--LabApp.app_settings_dir={SETTINGS}")
    if port is not None:
        command.append(f"--ServerApp.port={port}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        # Containers and classroom images often run as root, which JupyterLab refuses by default.
        command.append("--allow-root")
    if not open_browser:
        command.append("--no-browser")
    return command


def main() -> None:
    """Start JupyterLab with the arguments of this process, with traitlets' deprecation
    warnings hidden as Python hides them by default (see the module docstring)."""
    try:
        import voila  # noqa: F401  (its import turns the warnings on: it must come first)
    except ImportError:
        pass
    warnings.filterwarnings("ignore", category=DeprecationWarning, module="traitlets")
    from jupyterlab.labapp import main as jupyterlab_main

    jupyterlab_main()


if __name__ == "__main__":
    main()
