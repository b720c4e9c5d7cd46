"""`pinfold serve` closes a connection that sends half a request (or nothing) once its time-out has passed."""

from __future__ import annotations

import os
import socket
import subprocess
from pathlib import Path

from .conftest import free_port
from .test_ingest_errors import PINFOLD
from .test_scaling import wait_for


def _closed_by_server(sock: socket.socket) -> bool:
    """Read until the server closes (b'') -> True; False if it keeps the connection open past the socket's timeout."""
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    return True


def test_a_half_sent_request_and_a_silent_connection_are_closed(demo_dbs: tuple[Path, Path]) -> None:
    port = free_port()
    env = {**os.environ, "PINFOLD_REQUEST_TIMEOUT": "1"}
    cmd = [PINFOLD, "serve", "--db", str(demo_dbs[0]), "--port", str(port), "--no-access-log"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        wait_for(f"http://127.0.0.1:{port}/healthz", proc)
        half = socket.create_connection(("127.0.0.1", port))
        half.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # the blank line that ends it never comes
        silent = socket.create_connection(("127.0.0.1", port))
        after = socket.create_connection(("127.0.0.1", port))
        after.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /heal")  # one whole, then half of one
        for sock in (half, silent, after):
            sock.settimeout(60)  # far past the 1 s configured: a server that never closes is what fails
        assert _closed_by_server(half)
        assert _closed_by_server(silent)
        assert _closed_by_server(after)
    finally:
        proc.terminate()
        proc.wait(20)  # uvicorn re-raises SIGTERM once it has shut down: -15
