"""``haba-lessons app`` waits for Voilà before opening the full-screen browser: it gives up
when Voilà exits (its port taken, say) instead of waiting two minutes, and a port answered
by another program in its own protocol is "not serving", not a traceback."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

from haba_lessons.app_mode import wait_until_serving


def not_http_listener() -> tuple[socket.socket, int]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()

    def greet() -> None:
        while True:
            try:
                connection, _address = sock.accept()
            except OSError:
                return
            with connection:
                connection.sendall(b"\xff\x00\x00\x00\x01\x7fkernel.status")

    threading.Thread(target=greet, daemon=True).start()
    return sock, sock.getsockname()[1]


def test_a_server_that_exits_ends_the_wait_even_when_its_port_answers_in_another_protocol():
    sock, port = not_http_listener()
    server = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(1)"])
    try:
        started = time.monotonic()
        assert wait_until_serving(f"http://127.0.0.1:{port}/", server, timeout=60) is False
        assert time.monotonic() - started < 30
    finally:
        server.wait()
        sock.close()


class Ok(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args) -> None:
        pass


def test_a_server_that_answers_http_is_serving():
    http = HTTPServer(("127.0.0.1", 0), Ok)
    threading.Thread(target=http.serve_forever, daemon=True).start()
    server = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert wait_until_serving(f"http://127.0.0.1:{http.server_port}/", server) is True
    finally:
        server.kill()
        server.wait()
        http.shutdown()
