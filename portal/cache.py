"""Whole responses kept in memory, bounded by entries and bytes. The public database never changes in place (a new
ingest replaces the file), so a response is a function of the database version, India's date, the host, the
language and the URL: that tuple is the key, and a new ingest makes every old key unreachable. Except the responses
of one pound (its pages, its animals'): keyed without the version, each kept with a tag that says which version of its
pound it shows, and valid while no ingest has changed that pound since (portal/scopes.py)."""

from __future__ import annotations

import gzip
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace

MAX_ENTRIES = 4096
MAX_BYTES = 64 * 1024 * 1024
MAX_ENTRY_BYTES = 2 * 1024 * 1024  # a bigger response (a streamed CSV export) is passed through, never kept

Key = tuple[str, ...]


COMPRESSIBLE = (b"text/", b"application/json", b"application/rss+xml", b"application/atom+xml", b"application/xml")


@dataclass(frozen=True)
class Cached:
    """A response as sent; text worth compressing gets its gzip form when it is first replayed to a client that
    accepts gzip (with_gzip), not when it is stored: most new searches are asked once, and gzip at level 6 of a
    800 KB calendar took 30 ms of a render that is 10 ms without it."""

    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes
    compressible: bool = False
    gzipped: bytes | None = field(default=None)
    # What a response of one pound was kept by (portal/scopes.py): valid while Scopes.still(tag); () = by version.
    tag: tuple[str, ...] = ()

    @classmethod
    def of(cls, status: int, headers: list[tuple[bytes, bytes]], body: bytes, tag: tuple[str, ...] = ()) -> Cached:
        """(200, [(b"content-type", b"text/html")], 5 KB) -> a Cached that is compressible, not yet compressed."""
        kind = dict((k.lower(), v) for k, v in headers).get(b"content-type", b"")
        already = any(k.lower() == b"content-encoding" for k, _ in headers)
        compressible = len(body) >= 1024 and kind.startswith(COMPRESSIBLE) and not already
        return cls(status, headers, body, compressible, tag=tag)

    def with_gzip(self) -> Cached:
        """The same response with its gzip form: Cached(body=5 KB of text) -> Cached(gzipped=the 1 KB gzip of it)."""
        if not self.compressible or self.gzipped is not None:
            return self
        return replace(self, gzipped=gzip.compress(self.body, 6, mtime=0))

    def size(self) -> int:
        return len(self.body) + len(self.gzipped or b"")


class ResponseStore:
    """A least-recently-used map of key -> Cached, within MAX_ENTRIES and MAX_BYTES."""

    def __init__(self, max_entries: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES):
        self.max_entries, self.max_bytes = max_entries, max_bytes
        self._lock = threading.Lock()
        self._items: OrderedDict[Key, Cached] = OrderedDict()
        self._bytes = 0

    def get(self, key: Key) -> Cached | None:
        with self._lock:
            hit = self._items.get(key)
            if hit is not None:
                self._items.move_to_end(key)
            return hit

    def put(self, key: Key, value: Cached) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= old.size()
            self._items[key] = value
            self._bytes += value.size()
            while self._items and (len(self._items) > self.max_entries or self._bytes > self.max_bytes):
                _, dropped = self._items.popitem(last=False)
                self._bytes -= dropped.size()

    def __len__(self) -> int:
        return len(self._items)
