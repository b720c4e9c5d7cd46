"""Running the portal under uvicorn: one process, or several processes sharing one listening socket."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from pathlib import Path

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.supervisors import Multiprocess

from portal.settings import Settings


class TimedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 connection, closed when it has been waiting for a request's headers too long.

    uvicorn times out only an idle kept-alive connection, and forgets that once any byte comes: a client that sends
    half a request (or opens a socket and says nothing) held its connection, and a file descriptor, until it went.
    Here a connection waiting for a request (new, or after a response) is closed the config's timeout_keep_alive
    (Settings.request_timeout) seconds on unless a whole request has come by then; one being answered is never cut
    (the next wait starts when it is done). A class of this module, so worker processes find it by name."""

    _waiting: asyncio.TimerHandle | None = None

    def _wait_for_a_request(self) -> None:
        if self._waiting is not None:
            self._waiting.cancel()
        self._waiting = self.loop.call_later(self.timeout_keep_alive, self._waited_too_long)

    def _waited_too_long(self) -> None:
        """Close the connection unless a request came and is being answered (its end starts a new wait)."""
        if (self.cycle is None or self.cycle.response_complete) and not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._wait_for_a_request()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._wait_for_a_request()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._waiting is not None:
            self._waiting.cancel()
        super().connection_lost(exc)


class Config(uvicorn.Config):
    def bind_socket(self) -> socket.socket:
        """The listening socket the worker processes share, marked as TCP so their connections get TCP_NODELAY.

        uvicorn creates it with proto 0 (Kludex/uvicorn#3149, open in 0.54.0). Accepted sockets inherit that, and
        asyncio turns Nagle's algorithm off only for sockets whose proto is IPPROTO_TCP, so each keep-alive
        response after the first waited for the client's delayed ACK: with `--workers 2`, 360 animal pages/s at
        p50 44 ms and an idle CPU, against 1,261/s at p50 12 ms in one process. Wrapping the same descriptor
        again reads its real protocol from the kernel (6), and the sockets accepted from it inherit that."""
        sock = super().bind_socket()
        if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.proto == 0:
            sock = socket.socket(fileno=sock.detach())
        return sock


def serve(public_db: Path, host: str, port: int, workers: int = 1, access_log: bool = True) -> None:
    """Serve the portal on host:port until stopped: `workers` processes, each with the whole app."""
    # Every worker process builds its app from the environment (Settings reads PINFOLD_DB).
    os.environ["PINFOLD_DB"] = str(Path(public_db).resolve())
    settings = Settings()
    config = Config(
        "portal.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="info",
        access_log=access_log,
        proxy_headers=True,
        http=TimedH11Protocol,
        timeout_keep_alive=settings.request_timeout,
        limit_concurrency=settings.connections,
        h11_max_incomplete_event_size=settings.header_bytes,
    )
    try:
        if workers > 1:
            Multiprocess(config, sockets=[config.bind_socket()]).run()
            return
        server = uvicorn.Server(config)
        server.run()
    except KeyboardInterrupt:  # Ctrl-C is how a server is stopped
        return
    if not server.started:  # the app could not start or the port could not be bound; uvicorn has logged why
        sys.exit(3)
