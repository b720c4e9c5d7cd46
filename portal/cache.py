"""Renders cached per database version, day and URL: a new ingest changes the version and so empties it."""

from __future__ import annotations

import threading
from collections import OrderedDict

_LOCK = threading.Lock()
_CACHE: OrderedDict[tuple[str, ...], bytes] = OrderedDict()
MAX_ENTRIES = 1024


def get(key: tuple[str, ...]) -> bytes | None:
    with _LOCK:
        body = _CACHE.get(key)
        if body is not None:
            _CACHE.move_to_end(key)
        return body


def put(key: tuple[str, ...], body: bytes) -> None:
    with _LOCK:
        _CACHE[key] = body
        while len(_CACHE) > MAX_ENTRIES:
            _CACHE.popitem(last=False)
