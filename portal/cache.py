"""Renders cached per database version, day and URL: a new ingest changes the version and so empties it."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

_LOCK = threading.Lock()
_CACHE: OrderedDict[tuple[str, ...], bytes] = OrderedDict()
MAX_ENTRIES = 1024


def get_or_render(key: tuple[str, ...], render: Callable[[], bytes]) -> bytes:
    """The cached body for key, rendering it once when missing."""
    body = get(key)
    if body is None:
        body = render()
        put(key, body)
    return body


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
