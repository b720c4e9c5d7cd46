"""`create_app(settings)`: one ASGI app, one port. /data goes to Datasette; everything else to the portal."""

from __future__ import annotations

import gc
import importlib.resources
import logging
import sqlite3
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import anyio.to_thread
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from . import db
from .datasette_app import PREFIX, Mounted, make_datasette
from .deps import lang_of
from .errors import BadRequest, DatabaseDamaged, DatabaseUnavailable, Moved, PortalError, Problem
from .i18n import t
from .middleware import DATA_CSP, ResponseCache, SecurityHeaders
from .render import render
from .routes import api, compliance, downloads, feeds, health, pages
from .scopes import Scopes
from .settings import Settings, get_settings
from .warm import Warmer

# Swagger UI 5 as fastapi-offline ships it: the files FastAPI would otherwise have browsers fetch from a CDN.
SWAGGER_UI = Path(str(importlib.resources.files("fastapi_offline") / "static"))
log = logging.getLogger("pinfold")


# An error page's heading, by the error's title, in the reader's language (i18n keys).
ERROR_TITLES = {
    "Bad request": "bad_request",
    "Not found": "not_found",
    "Method not allowed": "method_not_allowed",
    "Database unavailable": "database_unavailable",
    "Database damaged": "database_damaged",
}


def _wants_json(request: Request) -> bool:
    """The API, the health check (read by monitors) and any client that asks for JSON get their errors as JSON."""
    path = request.url.path
    return path.startswith("/api/") or path == "/healthz" or "application/json" in request.headers.get("accept", "")


def _error_response(
    request: Request, status: int, title: str, message: str, settings: Settings, ml: str = "", param: str = ""
) -> Response:
    """The one place errors are rendered: JSON for the API, a helpful page for people, in their language."""
    if _wants_json(request):
        return JSONResponse({"error": title, "message": message, "status": status}, status_code=status)
    lang = lang_of(request)
    title = t(ERROR_TITLES[title], lang) if title in ERROR_TITLES else title
    if lang == "ml" and ml:
        message = ml
    # A search the portal could not run keeps the owner's words: one click searches them again, without the filters
    # (one of which was the trouble).
    words = request.query_params.get("q", "")[:200] if request.url.path == "/" else ""
    # and a search refused for one of its parameters is offered again without it, every other one kept
    kept = [(k, v) for k, v in request.query_params.multi_items() if k not in (param, "page")]
    without = "/?" + urlencode(kept) if request.url.path == "/" and param and kept else ""
    try:
        return render(
            request,
            "error.html",
            lang,
            settings.today_in_india(),
            status_code=status,
            title=title,
            message=message,
            code=status,
            # "entered under another number" is help about an animal; a missing pound, feed or download is not one
            animal_missing=status == 404 and request.url.path.startswith("/animals/"),
            retry_url="/?" + urlencode({"q": words}) if words else "",
            retry_without=without,
            words=words,
        )
    except Exception:
        return Response(f"{title}: {message}", status_code=status, media_type="text/plain; charset=utf-8")


def documented_errors(app: FastAPI) -> dict[str, Any]:
    """The OpenAPI schema as the portal answers: a bad request is a 400 (FastAPI's 422 is turned into one by
    the validation handler), a missing animal or feed a 404, a missing database a 503, each a Problem."""
    if app.openapi_schema:
        return app.openapi_schema
    schema = get_openapi(title=app.title, version=app.version, summary=app.summary, routes=app.routes)
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components["Problem"] = Problem.model_json_schema()
    as_json = {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
    for path, operations in schema.get("paths", {}).items():
        # Outside /api an error is also a page for the person who opened the link (JSON when asked for it).
        problem = {"content": as_json if path.startswith("/api/") else {**as_json, "text/html": {}}}
        for op in operations.values():
            responses = op.setdefault("responses", {})
            responses.pop("422", None)
            responses["400"] = {"description": "Bad request: the message says which parameter and why", **problem}
            responses["404"] = {"description": "No such impoundment, feed or page", **problem}
            responses["503"] = {"description": "The public database is not there yet", **problem}
    for name in ("HTTPValidationError", "ValidationError"):
        components.pop(name, None)
    app.openapi_schema = schema
    return schema


def create_portal(settings: Settings, served: db.ServedFile | None = None) -> FastAPI:
    app = FastAPI(
        title="Pinfold",
        summary="Cattle pounds in the open: impoundments, what it costs to claim, notices and auctions.",
        version="0.1.0",
        docs_url=None,  # routes/api.py serves /api/docs from this machine: FastAPI's own page loads a CDN
        openapi_url="/api/openapi.json",
        redoc_url=None,
    )

    app.state.settings = settings
    app.state.pool = db.Pool(served or db.ServedFile(settings.database))
    app.openapi = lambda: documented_errors(app)  # type: ignore[method-assign]
    app.mount("/static", StaticFiles(directory=Path(__file__).with_name("static")), name="static")
    app.mount("/api/docs/assets", StaticFiles(directory=SWAGGER_UI), name="swagger-ui")
    for r in (pages.router, feeds.router, api.router, health.router, downloads.router, compliance.router):
        app.include_router(r)

    @app.exception_handler(PortalError)
    async def portal_error(request: Request, exc: PortalError) -> Response:
        return _error_response(request, exc.status, exc.title, exc.message, settings, exc.ml, exc.param)

    @app.exception_handler(Moved)
    async def moved(request: Request, exc: Moved) -> Response:
        """An entry's old id (its identity corrected): the same page at its id now, permanently."""
        path = request.url.path.replace(exc.old_id, exc.new_id, 1)
        return RedirectResponse(path + (f"?{request.url.query}" if request.url.query else ""), status_code=301)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        problems = "; ".join(f"{'.'.join(str(x) for x in e['loc'][1:])}: {e['msg']}" for e in exc.errors())
        return _error_response(request, BadRequest.status, BadRequest.title, problems or "invalid request", settings)

    @app.exception_handler(sqlite3.DatabaseError)
    async def unreadable(request: Request, exc: sqlite3.DatabaseError) -> Response:
        """A query the file could not answer (malformed, truncated, not a database): the file, not the page, is
        at fault, so a 503 in the page's usual shape, and one line in the log."""
        log.warning("%s: 503: the public database cannot be read: %s", request.url.path, exc)
        message = f"the public database cannot be read ({exc}): a new ingest or a restart will mend it"
        return _error_response(request, DatabaseDamaged.status, DatabaseDamaged.title, message, settings)

    @app.exception_handler(404)
    async def not_found(request: Request, exc: Exception) -> Response:
        path = request.url.path[:100]
        return _error_response(
            request, 404, "Not found", f"There is no page at {path}.", settings, f"{path} എന്ന വിലാസത്തിൽ പേജ് ഇല്ല."
        )

    @app.exception_handler(405)
    async def method_not_allowed(request: Request, exc: Exception) -> Response:
        """A POST (or PUT, DELETE) to an address that only reads: the documented error shape, not FastAPI's."""
        allow = dict(getattr(exc, "headers", None) or {}).get("Allow", "GET")
        method = request.method[:10]
        answer = _error_response(
            request, 405, "Method not allowed", f"{method} is not answered here: use {allow}.", settings,
            f"ഈ വിലാസം {method} സ്വീകരിക്കില്ല: {allow} ഉപയോഗിക്കുക.",
        )  # fmt: skip
        answer.headers["Allow"] = allow
        return answer

    return app


class Pinfold:
    """The one ASGI app `pinfold serve` runs: Datasette under /data, the portal for everything else, behind one
    response cache (conditional GET, whole responses per database version) and security headers."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.served = db.ServedFile(settings.database)
        self.portal = SecurityHeaders(create_portal(settings, self.served))
        self.data = SecurityHeaders(self._data, DATA_CSP.replace("{tiles}", settings.map_tile_origin()))
        self._datasette: Mounted | None = None
        self._swap_lock = threading.Lock()
        self.scopes = Scopes(self.served)
        self.cache = ResponseCache(self._route, settings, scopes=self.scopes)
        self.warmer = Warmer(self.cache, settings.database, settings.public_origin())
        # What is built at start lives as long as the process: kept out of the collector's full sweeps, which
        # would otherwise walk it all and stall every request in flight.
        gc.freeze()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            receive = self._lifespan(receive)
        self.warmer.seen(scope)
        if self.settings.replica and scope["type"] == "http":
            send = _naming(send, self.settings.replica.encode())
        await self.cache(scope, receive, send)

    def _lifespan(self, receive: Any) -> Any:
        """The server starting and stopping: the warmer with it (portal/warm.py)."""

        async def wrapped() -> dict[str, Any]:
            message: dict[str, Any] = await receive()
            if message["type"] == "lifespan.startup":
                # the threads pages, feeds and the API render in (Starlette runs a sync endpoint in anyio's)
                anyio.to_thread.current_default_thread_limiter().total_tokens = self.settings.threads
            if message["type"] == "lifespan.startup" and self.settings.warm:
                self.warmer.start()
            elif message["type"] == "lifespan.shutdown":
                await self.warmer.stop()
            return message

        return wrapped

    async def _route(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and (scope["path"] == PREFIX or scope["path"].startswith(PREFIX + "/")):
            if scope["path"] == PREFIX:
                await send({"type": "http.response.start", "status": 302, "headers": [(b"location", b"/data/")]})
                await send({"type": "http.response.body", "body": b""})
                return
            await self.data(scope, receive, send)
            return
        await self.portal(scope, receive, send)

    async def _data(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        mounted = self.datasette()
        if mounted is None:
            await self.portal(scope, receive, send)  # the portal's 503 page says why
            return
        await mounted(scope, receive, send)

    def datasette(self) -> Mounted | None:
        """Datasette for the database file as it is now, or None when it cannot be served.

        Datasette keeps its connections open, so after an ingest renames a new file into place it would go on
        serving the old one. When the file's version changes, a new Datasette is made for it, and the old one
        is closed (threads and connections, so the replaced file is let go) once its last request ends."""
        try:
            opened = self.served.check()
        except DatabaseUnavailable:
            return None
        current = self._datasette
        if current is not None and current.version == opened.version:
            return current
        with self._swap_lock:
            current = self._datasette
            if current is None or current.version != opened.version:
                try:
                    ds = make_datasette(self.settings, opened.size)
                except DatabaseUnavailable:
                    return None  # the file changed again while Datasette looked at it
                if current is not None:
                    current.retire()
                self._datasette = current = Mounted(opened.version, ds, self.served)
        return current

    def close(self) -> None:
        """Lets go of every file: Datasette's, the pool's, the served file's descriptor."""
        if self._datasette is not None:
            self._datasette.retire()
            self._datasette = None
        self.portal.app.state.pool.close()
        self.scopes.close()
        self.served.close()


def _naming(send: Any, replica: bytes) -> Any:
    """Every response says which replica answered it (outside the cache, so a replayed answer says so too)."""

    async def named(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            message = dict(message, headers=[*message.get("headers", []), (b"x-pinfold-replica", replica)])
        await send(message)

    return named


def create_app(settings: Settings | None = None) -> Pinfold:
    return Pinfold(settings or get_settings())
