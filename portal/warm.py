"""The pages most asked for, rendered into the response cache as soon as a new database is picked up, so no reader
pays a first render after an ingest (at 1M rows a first calendar took 140 ms, a pound page tens of ms).

A warmer asks the app itself, as a reader would, for each page (in English and in Malayalam) with the scheme and
host readers have been using, and throws the answers away: the response cache keeps them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from typing import Any
from urllib.parse import quote, unquote

from . import db
from .matchsets import MATCH_SETS
from .middleware import WARMING
from .search import Plan, common_plans

log = logging.getLogger("pinfold.warm")

FEEDS = [f"/feeds/{name}.{fmt}" for name in ("impounded", "notices", "auctions") for fmt in ("rss", "atom")]
CHECK_EVERY_SECONDS = 2.0
CHANGED_ANIMALS = 200  # the animal pages of a new ingest's changes rendered ahead of any reader


def warm_paths(con: sqlite3.Connection, changed: frozenset[str] | None = None) -> list[str]:
    """What a new database asks to be rendered, what it changed first: the pages of the pounds it changed and of the
    animals its last ingest changed (at most CHANGED_ANIMALS), then home, the lists of pounds and feeds, every feed
    and the calendar, every district's page, then every other pound's page (kept across the new database unless
    their scorecard moved, portal/scopes.py: then a cache hit each). changed=None (a start, every pound changed):
    home, the lists, feeds and calendar first, then every pound's and district's page.
    -> ['/pounds/tcr-corp', '/animals/tcr-corp-12-2026-11-30', '/', '/pounds', '/feeds', ..., '/pounds/ekm-aluva']"""
    ids = [r[0] for r in con.execute("SELECT id FROM pounds ORDER BY id")]
    districts = [f"/districts/{quote(d)}" for d in db.districts(con)]
    shared = ["/", "/pounds", "/feeds", "/calendar/auctions.ics", *FEEDS]
    if changed is None:  # a start, or a file whose history is another: the pages most asked for first
        return [*shared, *(f"/pounds/{quote(p)}" for p in ids), *districts]
    first = [p for p in ids if p in changed]
    animals: list[str] = []
    if changed:
        animals = [
            f"/animals/{quote(r[0])}"
            for r in con.execute(
                """SELECT DISTINCT c.impoundment_id FROM changes c JOIN impoundments i ON i.id = c.impoundment_id
                   WHERE c.ingest_id = (SELECT max(id) FROM ingests) LIMIT ?""",
                (CHANGED_ANIMALS,),
            )
        ]
    rest = [p for p in ids if p not in changed]
    return [
        *(f"/pounds/{quote(p)}" for p in first),
        *animals,
        *shared,
        *districts,
        *(f"/pounds/{quote(p)}" for p in rest),
    ]


class Warmer:
    """Watches the served file; when its version changes, renders warm_paths through `app` (the cached app)."""

    def __init__(self, app: Any, database: Any, origin: tuple[str, bytes] | None = None):
        self.app, self.database = app, database
        self.version = ""
        # The scheme and Host readers use: configured (Settings.public_url), else learnt from the first request,
        # whatever it sent.
        self.origin: tuple[str, bytes] | None = origin
        self.task: asyncio.Task[None] | None = None
        # How often, and how long, the last warm waited for readers' renders (readers_first): in its log line.
        self.gave_way, self.waited = 0, 0.0

    def seen(self, scope: dict[str, Any]) -> None:
        """A reader's request: remember the scheme and host its cached answers are keyed by."""
        if self.origin is None and scope.get("type") == "http":
            host = next((v for k, v in scope.get("headers", []) if k == b"host"), None)
            if host:
                self.origin = (scope.get("scheme", "http"), host)

    def _served(self) -> str:
        """The version of the file served: the path's, unless a new one there waits (portal/scopes.py hold)."""
        scopes = getattr(self.app, "scopes", None)
        return scopes.served.stamp()[0] if scopes is not None else db.version(self.database)

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._watch())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None

    async def _watch(self) -> None:
        while True:
            version = self._served()
            if version != self.version and version != "missing" and self.origin is not None:
                self.version = version
                try:
                    await self.warm()
                except Exception:  # a database swapped again mid-warm, or damaged: the next check tries again
                    log.warning("warming the cache after a new database failed; readers render as they come")
                    self.version = ""
            await asyncio.sleep(CHECK_EVERY_SECONDS)

    async def warm(self) -> int:
        """Every page of warm_paths in both languages, one at a time, each only when no reader's render is waiting
        (ResponseCache.quiet) and with a pause as long as it took after it: readers never queue behind the warmer,
        and keep at least half of the process while it runs. -> pages asked."""
        assert self.origin is not None
        version = self._served()
        scopes = getattr(self.app, "scopes", None)
        changed = scopes.seen(version).changed if scopes is not None else None
        con = db.connect(self.database)
        try:
            paths = warm_paths(con, changed)
        finally:
            con.close()
        scheme, host = self.origin
        loop = asyncio.get_running_loop()
        began, asked = loop.time(), 0
        self.gave_way, self.waited = 0, 0.0
        for path in paths:
            for lang in ("en", "ml"):
                await self.readers_first()
                start = loop.time()
                await self._get(scheme, host, path, lang)
                asked += 1
                # As long again before the next page: readers keep at least half of the process while it warms (a
                # warm without a pause made every reader's p99 100 ms, not 3, for the 26 s it took at 1M rows).
                await asyncio.sleep(min(loop.time() - start, 1.0))
        terms = await self.warm_sets()
        # beside the server's own lines ('Application startup complete.'), where an operator reads them
        logging.getLogger("uvicorn.error").info(
            "Warmed %d pages (%s pounds changed) and the rows of %d parts of searches in %.1f s, giving way to "
            "readers' renders %d times for %.1f s",
            asked, "all" if changed is None else len(changed), terms, loop.time() - began, self.gave_way, self.waited,
        )  # fmt: skip
        return asked

    async def readers_first(self) -> None:
        """Returns when no reader's render is waiting or running (at once when none is): the warmer's next render
        never takes a thread or the interpreter from a reader who asked."""
        quiet = getattr(self.app, "quiet", None)
        if quiet is None or quiet.is_set():
            return
        loop = asyncio.get_running_loop()
        began = loop.time()
        self.gave_way += 1
        while not quiet.is_set():
            await quiet.wait()
            await asyncio.sleep(0)  # readers woken with it go first
        self.waited += loop.time() - began

    async def warm_sets(self) -> int:
        """The rows of the parts of searches most asked for (search.common_plans: kinds, districts, pounds, the
        commonest words), in the full-text index, among the animals in the pound now and in auctions' lots, made
        into the counts' sets (matchsets.py): by the sets' own maker, in its thread below readers' renders, when the
        app has one (MatchSets.connect); else here, in a thread, one part at a time with a pause as long as each
        took. The first searches after a new database count in microseconds too. -> parts made."""
        version = self._served()
        con = await asyncio.to_thread(db.connect_version, self.database, version)
        loop = asyncio.get_running_loop()
        try:
            if not con.version:  # swapped again meanwhile: the next check warms the new one
                con.close()
                return 0
            plans = await asyncio.to_thread(common_plans, con)
            if MATCH_SETS.connect is not None:
                con.close()
                for p in reversed(plans):  # the maker makes the last wanted first: the kinds, then districts...
                    for key in _keys(version, p):
                        MATCH_SETS.want(key)
                while not MATCH_SETS.made(0):
                    await asyncio.sleep(0.5)
                return len(plans)
            for p in plans:
                await self.readers_first()
                start = loop.time()
                await asyncio.to_thread(_make_sets, con, version, p)
                await asyncio.sleep(min(loop.time() - start, 1.0))
        except asyncio.CancelledError:
            # Stopped: the thread may still be making a part through con (a thread cannot be stopped), and a close
            # under its statement is a use-after-free in SQLite. Let go: closed when the thread drops it.
            raise
        except BaseException:
            con.close()
            raise
        con.close()
        return len(plans)

    async def _get(self, scheme: str, host: bytes, path: str, lang: str) -> None:
        headers = [(b"host", host), (b"accept-encoding", b"gzip")]
        if lang != "en":
            headers.append((b"cookie", f"lang={lang}".encode()))  # as a reader who chose it has it remembered
        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": scheme,
            "path": unquote(path), "raw_path": path.encode(), "query_string": b"", "root_path": "", "headers": headers,
            "client": ("127.0.0.1", 0), "server": None, WARMING: True,
        }  # fmt: skip

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            return None

        # Twice: the first request renders and stores the page, the second is replayed from the cache and makes its
        # gzip form (made at the first replay, portal/cache.py), so the first reader after a new database pays neither.
        await self.app(scope, receive, send)
        await self.app(scope, receive, send)


def _keys(version: str, p: Plan) -> list[tuple[str, str, str, str]]:
    """The sets a search made of `p` counts from: Plan(terms ['"cow"']) -> [(version, 'impoundments_fts', '"cow"',
    ''), (version, 'impoundments_fts_in_pound', '"cow"', ''), (version, 'impoundments_fts_lots', '"cow"', '')]."""
    keys = []
    for table in ("impoundments_fts", "impoundments_fts_in_pound"):
        keys += [(version, table, t, "") for t in p.terms] + [(version, table, t, f"{c}={v}") for c, v, t in p.equal]
    return keys + [(version, "impoundments_fts_lots", t, "") for t in p.terms]


def _make_sets(con: sqlite3.Connection, version: str, p: Plan) -> None:
    """The sets a search made of `p` counts from (matchsets.py), made now if they are not kept yet."""
    for table in ("impoundments_fts", "impoundments_fts_in_pound"):
        MATCH_SETS.count(con, version, table, p.terms, p.equal, make=True)
    for term in p.terms:
        MATCH_SETS.rows(con, (version, "impoundments_fts_lots", term, ""))
