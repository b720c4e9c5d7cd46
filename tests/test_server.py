"""`pinfold serve`: one process or several sharing one socket, each connection with Nagle's algorithm off."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import time
from pathlib import Path

import httpx

from portal.server import Config
from portal.settings import Settings

from .conftest import TODAY, LiveServer, free_port
from .test_scaling import wait_for


async def _nodelay_of_a_connection_accepted_from(listener: socket.socket) -> int:
    """Accept one connection from `listener` the way a uvicorn worker does (asyncio) -> its TCP_NODELAY."""
    accepted: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    def on_connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        accepted.set_result(writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        writer.close()

    server = await asyncio.start_server(on_connection, sock=listener)
    async with server:
        _, writer = await asyncio.open_connection(*listener.getsockname()[:2])
        try:
            return await asyncio.wait_for(accepted, 10)
        finally:
            writer.close()


def test_the_socket_shared_by_worker_processes_gives_connections_tcp_nodelay() -> None:
    # Without it each keep-alive response after the first waits ~40 ms for the client's delayed ACK.
    listener = Config("portal.app:create_app", factory=True, host="127.0.0.1", port=0, workers=2).bind_socket()
    assert listener.proto == socket.IPPROTO_TCP
    assert asyncio.run(_nodelay_of_a_connection_accepted_from(listener)) != 0


def test_serve_with_two_workers_answers_over_one_kept_alive_connection(demo_dbs: tuple[Path, Path]) -> None:
    from .test_ingest_errors import PINFOLD

    port = free_port()
    cmd = [PINFOLD, "serve", "--db", str(demo_dbs[0]), "--port", str(port), "--workers", "2", "--no-access-log"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(f"{base}/healthz", proc)
        with httpx.Client(base_url=base, timeout=10) as client:
            answers = [client.get(path) for path in ("/healthz", "/", "/feeds/impounded.rss", "/healthz")]
        assert [a.status_code for a in answers] == [200, 200, 200, 200]
        assert "<rss" in answers[2].text
    finally:
        proc.terminate()
        assert proc.wait(20) == 0


def test_the_warmer_warms_the_configured_public_address(demo_dbs: tuple[Path, Path]) -> None:
    """Before: the warmer kept the scheme and Host of the first request after a start, whatever it sent, and warmed
    pages no reader would ask for under that name. With public_url it warms those readers' answers are keyed by."""
    settings = Settings(database=demo_dbs[0], today=TODAY, public_url="https://pounds.example")
    with LiveServer(settings) as server:
        assert httpx.get(f"{server.url}/", headers={"Host": "evil.example"}, timeout=60).status_code == 200
        store = server.app.cache.store

        def hosts() -> set[tuple[str, str, str]]:
            return {(k[2], k[3], k[5]) for k in list(store._items)}

        deadline = time.monotonic() + 180  # the warm of a new database, started within 2 s, pausing between pages
        while not any(h[:2] == ("https", "pounds.example") for h in hosts()) and time.monotonic() < deadline:
            time.sleep(0.5)
        warmed = hosts()
    assert ("https", "pounds.example", "/") in warmed
    assert {h for h in warmed if h[1] == "evil.example"} == {("http", "evil.example", "/")}  # its own answer alone
