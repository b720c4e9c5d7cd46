"""Running the portal under uvicorn: one process, or several processes sharing one listening socket."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

import uvicorn
from uvicorn.supervisors import Multiprocess


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
    config = Config(
        "portal.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="info",
        access_log=access_log,
        proxy_headers=True,
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
