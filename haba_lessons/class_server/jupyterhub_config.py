"""JupyterHub's configuration file for ``haba-lessons class-server`` (see hub.py)."""

from haba_lessons.class_server.hub import configure

configure(get_config())  # noqa: F821 - JupyterHub defines get_config for its config files
