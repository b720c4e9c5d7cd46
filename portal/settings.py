"""One Settings object for the portal. `get_settings()` is cached; tests override it with their own."""

from __future__ import annotations

import datetime as dt
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from pinfold.law.clock import IST as IST  # India's day, read from here by the portal
from pinfold.law.clock import today_in_india
from pinfold.schema import METADATA

OSM_TILES = "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"


@dataclass(frozen=True)
class Settings:
    """Documented in README "Settings"; tests/test_settings.py checks that every field is documented.

    database     the public SQLite file (never the private one)
    metadata     Datasette's metadata.yml
    today        fixes "today" (India's date) for tests and reproducible pages; None = the real date
    page_size    results per search page
    feed_size    items per feed
    cache_seconds  Cache-Control max-age on pages, feeds, calendar and /data
    sql_time_limit_ms  Datasette's time limit for one SQL query
    max_returned_rows  Datasette's cap on rows per query
    replica      a name this server gives itself in an X-Pinfold-Replica header (behind a load balancer); "" = none
    map_tiles    the tile server of /data's map of pounds, as a Leaflet URL template ({s} {z} {x} {y})
    warm         render the pages most asked for into the response cache when a new database is picked up
    threads      how many requests render at once (the rest wait their turn); default the machine's cores, at least 2
    public_url   the address readers use ('https://pounds.example'): the warmer warms the pages cached for it; "" =
                 the scheme and host of the first request after a start
    request_timeout  seconds a connection may wait for a whole request (new, or kept alive) before it is closed
    connections  connections (and requests) one server process holds at once; beyond, uvicorn answers 503
    header_bytes  the most bytes a request's line and headers may take (beyond, 400)
    render_queue  new pages that may wait for a render thread (beyond `threads` rendering); beyond, 503 + Retry-After
    """

    database: Path = field(default_factory=lambda: Path(os.environ.get("PINFOLD_DB", "pinfold.db")))
    metadata: Path = METADATA
    today: dt.date | None = None
    page_size: int = 50
    feed_size: int = 50
    cache_seconds: int = 300
    sql_time_limit_ms: int = 1000
    max_returned_rows: int = 1000
    replica: str = field(default_factory=lambda: os.environ.get("PINFOLD_REPLICA", ""))
    map_tiles: str = field(default_factory=lambda: os.environ.get("PINFOLD_MAP_TILES", OSM_TILES))
    warm: bool = True
    # Renders are CPU work, in SQLite and Python: more threads than cores only contend for the interpreter's lock, each
    # row SQLite steps through releasing and taking it again (at 1M rows, 16 readers at once: 40 threads, anyio's
    # default, spent 11.4 ms of CPU a new calendar and 5.2 a new API search; 2 threads 6.9 and 3.4).
    threads: int = field(default_factory=lambda: max(2, os.cpu_count() or 1))
    public_url: str = field(default_factory=lambda: os.environ.get("PINFOLD_PUBLIC_URL", ""))
    # A half-open connection holds a file descriptor (1,024 a process by default): bound how long and how many.
    request_timeout: int = field(default_factory=lambda: int(os.environ.get("PINFOLD_REQUEST_TIMEOUT", "10")))
    connections: int = field(default_factory=lambda: int(os.environ.get("PINFOLD_CONNECTIONS", "800")))
    header_bytes: int = 16 * 1024
    render_queue: int = field(default_factory=lambda: int(os.environ.get("PINFOLD_RENDER_QUEUE", "64")))

    def public_origin(self) -> tuple[str, bytes] | None:
        """'https://pounds.example/' -> ('https', b'pounds.example'); None when public_url is not set."""
        scheme, _, rest = self.public_url.partition("://")
        host = rest.split("/")[0]
        return (scheme, host.encode("idna")) if scheme and host else None

    def map_tile_origin(self) -> str:
        """Where map tiles come from, as a Content-Security-Policy source: 'https://*.tile.openstreetmap.org'."""
        m = re.match(r"(https?://)([^/]+)", self.map_tiles)
        return m.group(1) + m.group(2).replace("{s}", "*") if m else "'self'"

    def today_in_india(self) -> dt.date:
        return self.today or today_in_india()


@lru_cache
def get_settings() -> Settings:
    return Settings()
