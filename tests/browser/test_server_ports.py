"""A test server whose port is taken before it binds it starts again on another port.

The port is chosen free, but between choosing and binding another process may take it: in
a parallel run, a kernel of the other worker picks its ports the same way. The readiness
check then reaches that program, which answers in its own protocol (a kernel's ZeroMQ
greeting, not HTTP); the server, run with no port retries, exits saying the port is in use.
"""

from __future__ import annotations

import socket
import threading

import nbformat
import pytest
from browser_support import jupyterlab_server, voila_server


class NotHttpListener:
    """Holds a loopback port and greets every connection with bytes that are not HTTP."""

    GREETING = b"\xff\x00\x00\x00\x00\x00\x00\x00\x01\x7f3kernel.status"

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.port = self.sock.getsockname()[1]
        self.greeted = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _address = self.sock.accept()
            except OSError:  # closed
                return
            with connection:
                connection.sendall(self.GREETING)
                self.greeted += 1

    def close(self) -> None:
        self.sock.close()


def app_notebook(folder):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print('ready')")])
    path = folder / "app.ipynb"
    nbformat.write(notebook, path)
    return path


SERVERS = {
    "jupyterlab": (lambda tmp: jupyterlab_server(tmp, tmp), "/api/status?token={token}"),
    "voila": (lambda tmp: voila_server(app_notebook(tmp), tmp), "/"),
}


@pytest.mark.parametrize("kind", SERVERS)
def test_a_server_whose_port_is_taken_starts_on_another(kind, tmp_path):
    make, ready_path = SERVERS[kind]
    listener = NotHttpListener()
    server = make(tmp_path)
    server.port = listener.port
    try:
        server.start(ready_path=ready_path)
        assert server.port != listener.port
        assert server.process.poll() is None
        with socket.create_connection(("127.0.0.1", server.port), timeout=5):
            pass
    finally:
        server.stop()
        listener.close()
