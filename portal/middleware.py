"""Pure ASGI middleware: conditional GET and the response cache in front of everything, security headers on every
response. Pure ASGI rather than Starlette's BaseHTTPMiddleware: a cached feed is then answered without entering
FastAPI at all, which is what lets one process serve thousands of feed requests a second."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import hashlib
import secrets
from collections import OrderedDict
from email.utils import format_datetime, parsedate_to_datetime
from typing import Any

from starlette.requests import Request

from . import db
from .cache import MAX_ENTRIES, MAX_ENTRY_BYTES, Cached, ResponseStore
from .deps import lang_of
from .scopes import Scopes, Tag, scoped_path
from .settings import IST, Settings

CSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'self'"
# /data: Datasette's pages and its plugins' configuration are inline scripts, each given this response's nonce by
# the templates (portal/datasette_templates, datasette_plugin.extra_template_vars); an inline script without it
# does not run. Its pages and Leaflet style elements inline, hence 'unsafe-inline' for styles only. Map tiles come
# from the tile server (Settings.map_tiles).
DATA_CSP = (
    "default-src 'self'; script-src 'self' 'nonce-{nonce}'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: {tiles}; connect-src 'self'; object-src 'none'; frame-ancestors 'none'; "
    "base-uri 'self'; form-action 'self'"
)

# Never cached: files with their own validators, the health check (it must see the database as it is now).
UNCACHED_PREFIXES = ("/static/", "/healthz")
# In a key, where the version stands for one pound's response (kept across versions by its tag, scopes.py).
SCOPED = "pound"
# A request the warmer makes (portal/warm.py), in its scope: it never counts as a reader waiting.
WARMING = "pinfold.warming"

Scope = dict[str, Any]
Message = dict[str, Any]


def _header(scope: Scope, name: bytes) -> str | None:
    for k, v in scope.get("headers", []):
        if k == name:
            return str(v.decode("latin-1"))
    return None


def cache_key(scope: Scope, version: str, today: dt.date) -> tuple[str, ...]:
    """(database version, India's date, scheme, host, language, path?query, a browser opening a feed): all a cached
    response depends on."""
    query = scope.get("query_string", b"").decode("latin-1")
    return (
        version,
        today.isoformat(),
        scope.get("scheme", "http"),
        _header(scope, b"host") or "",
        lang_of(Request(scope)),
        scope["path"] + ("?" + query if query else ""),
        # a browser opening a feed gets a page about it (routes/feeds.py), a reader the feed
        "browser" if scope["path"].startswith("/feeds/") and "text/html" in (_header(scope, b"accept") or "") else "",
    )


def validators(
    key: tuple[str, ...], modified: float | None, today: dt.date, settings: Settings
) -> list[tuple[bytes, bytes]]:
    """ETag (a digest of the key), Last-Modified (the database file, or India's midnight if later), Cache-Control."""
    etag = '"' + hashlib.sha1("|".join(key).encode()).hexdigest()[:20] + '"'
    now = dt.datetime.now(dt.UTC).timestamp() if modified is None else modified
    mtime = dt.datetime.fromtimestamp(now, dt.UTC).replace(microsecond=0)
    midnight = dt.datetime.combine(today, dt.time(), IST).astimezone(dt.UTC)
    return [
        (b"etag", etag.encode()),
        (b"last-modified", format_datetime(max(mtime, midnight), usegmt=True).encode()),
        (b"cache-control", f"public, max-age={settings.cache_seconds}".encode()),
        (b"vary", b"Cookie, Accept-Encoding"),
    ]


def is_fresh(scope: Scope, headers: list[tuple[bytes, bytes]]) -> bool:
    """True when the client's If-None-Match (or, without one, If-Modified-Since) still matches."""
    mine = dict(headers)
    inm = _header(scope, b"if-none-match")
    if inm is not None:
        etag = mine.get(b"etag")
        return inm.strip() == "*" or etag is not None and etag.decode() in [x.strip() for x in inm.split(",")]
    ims = _header(scope, b"if-modified-since")
    if ims:
        try:
            return parsedate_to_datetime(ims) >= parsedate_to_datetime(mine.get(b"last-modified", b"").decode())
        except (TypeError, ValueError):
            return False
    return False


def _merge(headers: list[tuple[bytes, bytes]], extra: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """extra added where the response has not set the header itself."""
    have = {k.lower() for k, _ in headers}
    return headers + [(k, v) for k, v in extra if k not in have]


def _validators(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """The ETag and Last-Modified a response was sent with (ours, or a file's own as Starlette gives it)."""
    sent = {k.lower(): v for k, v in headers}
    return [(k, sent[k]) for k in (b"etag", b"last-modified") if k in sent]


# A response bigger than this is gzipped in a thread (zlib lets go of the interpreter's lock while it works), not on
# the event loop: a calendar of 500 auctions (770 KB) took 15.6 ms to compress, every other request waiting meanwhile.
GZIP_IN_A_THREAD = 64 * 1024


async def _gzipped(hit: Cached) -> Cached:
    """hit.with_gzip(), in a thread of the loop's executor when the body is big (a calendar), else here."""
    if len(hit.body) < GZIP_IN_A_THREAD:
        return hit.with_gzip()
    return await asyncio.get_running_loop().run_in_executor(None, hit.with_gzip)


class _HeadSent(Exception):
    """A HEAD's status and headers are sent: the GET that made them goes no further."""


async def _busy(send: Any) -> None:
    """503 with Retry-After: more new pages are being made, or waiting to be, than the waiting room holds."""
    body = b"Busy: too many new pages are being made at once; try again in a second.\n"
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", b"1"),
        (b"cache-control", b"no-store"),
    ]
    await send({"type": "http.response.start", "status": 503, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class ResponseCache:
    """GET and HEAD: 304 for a matching conditional request; a stored 200 replayed; otherwise the app's answer,
    stored when it is a 200 without a cookie and small enough."""

    def __init__(self, app: Any, settings: Settings, store: ResponseStore | None = None, scopes: Scopes | None = None):
        self.app, self.settings = app, settings
        self.store = store or ResponseStore()
        # Responses of one pound kept across new databases that leave the pound as it was (portal/scopes.py).
        self.scopes = scopes
        # Readers' renders not yet answered (the warmer's own are not counted), and an event set while there are
        # none: the warmer renders only then (portal/warm.py), so a reader never waits behind it for a thread.
        self.readers_waiting = 0
        self.quiet = asyncio.Event()
        self.quiet.set()
        # Requests for a key being rendered wait for that render instead of starting their own: when a newspaper
        # links a page, the first second's hundred requests make one render, not a hundred.
        self._rendering: dict[tuple[str, ...], asyncio.Event] = {}
        # Addresses last answered 200 but too big to keep (a download): their own ETag is still a 304.
        self._answered: OrderedDict[tuple[str, ...], list[tuple[bytes, bytes]]] = OrderedDict()
        # New renders not yet answered (rendering, or waiting for one of Settings.threads): each waiting request
        # holds its scope and coroutine, so 1,000 new searches at once took memory from 98 to 675 MB.
        self._unanswered = 0

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] not in ("GET", "HEAD")
            or scope["path"].startswith(UNCACHED_PREFIXES)
        ):
            await self.app(scope, receive, send)
            return
        # the file served (which a new one at the path waits to replace while its search sets are carried: Scopes.hold)
        version, modified = self.scopes.served.stamp() if self.scopes is not None else db.stamp(self.settings.database)
        today = self.settings.today_in_india()
        scoped = self.scopes is not None and scoped_path(scope["path"])
        if self.scopes is not None:
            self.scopes.seen(version)
        key = cache_key(scope, SCOPED if scoped else version, today)
        hit = self._valid(self.store.get(key))
        if hit is None and key in self._rendering:
            await self._rendering[key].wait()
            hit = self._valid(self.store.get(key))
        tag: Tag = ()
        if hit is None and scoped:
            assert self.scopes is not None
            tag = self.scopes.tag_of(scope["path"], version) or ()
            if not tag:  # not one pound's after all (an animal the file does not have): by version
                key = cache_key(scope, version, today)
        extra = validators((*key, *tag), modified, today, self.settings)
        given = _validators(hit.headers) if hit is not None else None if scoped else self._answered.get(key)
        if given is not None:
            # Only a response known to be a 200 (stored, or too big to store) is known to be what the client holds:
            # an address that answers 404 or 400, or one not rendered since, is answered in full.
            if is_fresh(scope, given):
                await send({"type": "http.response.start", "status": 304, "headers": _merge(given, extra)})
                await send({"type": "http.response.body", "body": b""})
                return
            if hit is not None:
                await self._replay(scope, key, hit, send)
                return
        if self._unanswered >= self.settings.threads + self.settings.render_queue:
            await _busy(send)
            return
        self._unanswered += 1
        reader = not scope.get(WARMING, False)
        if reader:
            self.readers_waiting += 1
            self.quiet.clear()
        send = self._answering(send, reader)
        try:
            await self._render(scope, receive, send, key, extra, tag)
        finally:
            send.answered()

    def _valid(self, hit: Cached | None) -> Cached | None:
        """A stored response, unless it is one pound's and an ingest has changed that pound since (scopes.py)."""
        if hit is not None and hit.tag and (self.scopes is None or not self.scopes.still(hit.tag)):
            return None
        return hit

    async def _render(
        self, scope: Scope, receive: Any, send: Any, key: tuple[str, ...], extra: Any, tag: Tag = ()
    ) -> None:
        """A response not stored (or not fresh): made by the app, and stored when it is the render others wait for."""
        if scope["method"] == "HEAD":
            await self._head(scope, receive, self._recording(key, extra, None, send, tag))
            return
        if key in self._rendering:
            await self.app(scope, receive, self._recording(key, extra, None, send, tag))
            return
        done = self._rendering[key] = asyncio.Event()
        try:
            await self.app(scope, receive, self._recording(key, extra, done, send, tag))
        finally:
            self._release(key, done)

    def _answering(self, send: Any, reader: bool = True) -> Any:
        """send, counting this render as answered at its first message (once, whichever comes first: the response
        starts, or the render ends without one): a slow reader of a download holds no place in the waiting room."""
        state = {"open": True}

        def answered() -> None:
            if state["open"]:
                state["open"] = False
                self._unanswered -= 1
                if reader:
                    self.readers_waiting -= 1
                    if self.readers_waiting == 0:
                        self.quiet.set()

        async def sending(message: Message) -> None:
            answered()
            await send(message)

        sending.answered = answered  # type: ignore[attr-defined]
        return sending

    async def _head(self, scope: Scope, receive: Any, send: Any) -> None:
        """HEAD answered wherever GET is (the portal's routes take GET alone: a HEAD was a 405): the GET's status
        and headers, and the GET stopped at its first body (a 1 GB download is not read to send nothing)."""
        state = {"sent": False}

        async def head_only(message: Message) -> None:
            if state["sent"]:
                raise _HeadSent
            if message["type"] == "http.response.start":
                await send(message)
            elif message["type"] == "http.response.body":
                state["sent"] = True
                await send({"type": "http.response.body", "body": b""})
                raise _HeadSent

        with contextlib.suppress(_HeadSent):
            await self.app(dict(scope, method="GET"), receive, head_only)

    def _release(self, key: tuple[str, ...], done: asyncio.Event) -> None:
        """Those waiting for this render of `key` go on: with its stored answer, or to render their own."""
        if self._rendering.get(key) is done:
            del self._rendering[key]
        done.set()

    def _answered_in_full(self, key: tuple[str, ...], headers: list[tuple[bytes, bytes]]) -> None:
        """A 200 too big to keep: the validators it was sent with remembered (bounded), so that its own ETag (a
        file's, as Starlette gives it) is a 304 next time."""
        self._answered[key] = _validators(headers)
        self._answered.move_to_end(key)
        while len(self._answered) > MAX_ENTRIES:
            self._answered.popitem(last=False)

    async def _replay(self, scope: Scope, key: tuple[str, ...], hit: Cached, send: Any) -> None:
        """A stored response, gzipped for a client that accepts it (compressed the first time one asks, and kept)."""
        headers, body = hit.headers, hit.body
        if hit.compressible and "gzip" in (_header(scope, b"accept-encoding") or ""):
            if hit.gzipped is None:
                hit = await _gzipped(hit)
                self.store.put(key, hit)
            assert hit.gzipped is not None
            body = hit.gzipped
            headers = [(k, v) for k, v in headers if k.lower() != b"content-length"]
            headers += [(b"content-encoding", b"gzip"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": hit.status, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})

    def _recording(
        self,
        key: tuple[str, ...],
        extra: list[tuple[bytes, bytes]],
        done: asyncio.Event | None,
        send: Any,
        tag: Tag = (),
    ) -> Any:
        """Passes every message straight on (a streamed export is never held back) and keeps a copy to store when
        `done` (the render others wait for) is given. Those others are let go as soon as the response is known not
        to be kept, before its body is sent: a client that reads a download slowly, or not at all, never holds up
        another's (before, every other request for /downloads/pinfold.db waited for the first to end)."""
        state: dict[str, Any] = {"keep": done is not None, "chunks": [], "size": 0}

        def not_kept() -> None:
            state["keep"], state["chunks"] = False, []
            if done is not None:
                self._release(key, done)

        async def recording(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                ok = message["status"] == 200
                if ok:
                    headers = _merge(headers, extra)
                length = dict((k.lower(), v) for k, v in headers).get(b"content-length", b"0")
                big = int(length) > MAX_ENTRY_BYTES if length.isdigit() else False
                if ok and big:
                    self._answered_in_full(key, headers)
                state["status"], state["headers"] = message["status"], headers
                if not (ok and not big and not any(k.lower() == b"set-cookie" for k, _ in headers)):
                    not_kept()
                message = dict(message, headers=headers)
            elif message["type"] == "http.response.body" and state["keep"]:
                body = message.get("body", b"")
                state["size"] += len(body)
                if state["size"] > MAX_ENTRY_BYTES:
                    not_kept()
                else:
                    state["chunks"].append(body)
                    if message.get("more_body", False) and done is not None:
                        self._release(key, done)  # a stream: a slow reader could stall it; others render their own
                    if not message.get("more_body", False):
                        self.store.put(
                            key, Cached.of(state["status"], state["headers"], b"".join(state["chunks"]), tag)
                        )
            await send(message)

        return recording


class SecurityHeaders:
    """nosniff, a referrer policy and frame protection on every response; a Content-Security-Policy on HTML.

    `policy` may name a `{nonce}`: each response then gets a new one, in its header and, through the scope
    ("pinfold.nonce"), in its page. A response replayed from the cache carries the nonce of its page."""

    def __init__(self, app: Any, policy: str | None = CSP):
        self.app, self.policy = app, policy

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = self.policy
        if policy is not None and "{nonce}" in policy:
            nonce = secrets.token_urlsafe(18)
            scope = dict(scope, **{"pinfold.nonce": nonce})
            policy = policy.replace("{nonce}", nonce)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                extra = [
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"strict-origin-when-cross-origin"),
                    (b"x-frame-options", b"DENY"),
                ]
                html = any(k.lower() == b"content-type" and v.startswith(b"text/html") for k, v in headers)
                if policy is not None and html:
                    extra.append((b"content-security-policy", policy.encode()))
                message = dict(message, headers=_merge(headers, extra))
            await send(message)

        await self.app(scope, receive, with_headers)
