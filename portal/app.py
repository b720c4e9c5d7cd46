"""`create_app(settings)`: one ASGI app, one port. /data goes to Datasette; everything else to the portal."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
from email.utils import format_datetime, parsedate_to_datetime
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint

from . import db
from .datasette_app import PREFIX, StripPrefix, make_datasette
from .deps import get_lang
from .errors import BadRequest, PortalError
from .i18n import t
from .render import render
from .routes import api, feeds, health, pages
from .settings import IST, Settings, get_settings

CSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'self'"


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or "application/json" in request.headers.get("accept", "")


def _error_response(request: Request, status: int, title: str, message: str, settings: Settings) -> Response:
    """The one place errors are rendered: JSON for the API, a helpful page for people."""
    if _wants_json(request):
        return JSONResponse({"error": title, "message": message, "status": status}, status_code=status)
    lang = get_lang(request)
    if status == 404:
        title = t("not_found", lang)
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
        )
    except Exception:
        return Response(f"{title}: {message}", status_code=status, media_type="text/plain; charset=utf-8")


class ConditionalGet(BaseHTTPMiddleware):
    """ETag and Last-Modified on pages, feeds and calendar; 304 for a conditional GET that still matches.

    What a page shows depends on the database version, India's date (days in pound, amounts due), the URL and
    the language, so the ETag is a digest of exactly those.
    """

    def __init__(self, app: Any, settings: Settings):
        super().__init__(app)
        self.settings = settings

    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        if request.method not in ("GET", "HEAD") or request.url.path.startswith("/static/"):
            return await call_next(request)
        s = self.settings
        today = s.today_in_india()
        key = "|".join((db.version(s.database), today.isoformat(), str(request.url), get_lang(request)))
        etag = '"' + hashlib.sha1(key.encode()).hexdigest()[:20] + '"'
        try:
            mtime = dt.datetime.fromtimestamp(os.stat(s.database).st_mtime, dt.UTC).replace(microsecond=0)
        except OSError:
            mtime = dt.datetime.now(dt.UTC).replace(microsecond=0)
        midnight = dt.datetime.combine(today, dt.time(), IST).astimezone(dt.UTC)
        last_modified = max(mtime, midnight)
        headers = {
            "ETag": etag,
            "Last-Modified": format_datetime(last_modified, usegmt=True),
            "Cache-Control": f"public, max-age={s.cache_seconds}",
            "Vary": "Cookie",
        }
        inm = request.headers.get("if-none-match")
        ims = request.headers.get("if-modified-since")
        fresh = False
        if inm is not None:
            fresh = etag in [x.strip() for x in inm.split(",")] or inm.strip() == "*"
        elif ims:
            try:
                fresh = parsedate_to_datetime(ims) >= last_modified
            except (TypeError, ValueError):
                fresh = False
        if fresh:
            return Response(status_code=304, headers=headers)
        response = await call_next(request)
        if response.status_code == 200:
            for k, v in headers.items():
                response.headers.setdefault(k, v)
        return response


class SecurityHeaders(BaseHTTPMiddleware):
    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        response = await call_next(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
        if response.headers.get("content-type", "").startswith("text/html"):
            response.headers.setdefault("Content-Security-Policy", CSP)
        return response


def create_portal(settings: Settings) -> FastAPI:
    app = FastAPI(
        title="Pinfold",
        summary="Cattle pounds in the open: impoundments, what it costs to claim, notices and auctions.",
        version="0.1.0",
        docs_url="/api/docs",
        openapi_url="/api/openapi.json",
        redoc_url=None,
    )
    app.dependency_overrides[get_settings] = lambda: settings
    app.mount("/static", StaticFiles(directory=Path(__file__).with_name("static")), name="static")
    for r in (pages.router, feeds.router, api.router, health.router):
        app.include_router(r)

    @app.exception_handler(PortalError)
    async def portal_error(request: Request, exc: PortalError) -> Response:
        return _error_response(request, exc.status, exc.title, exc.message, settings)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        problems = "; ".join(f"{'.'.join(str(x) for x in e['loc'][1:])}: {e['msg']}" for e in exc.errors())
        return _error_response(request, BadRequest.status, BadRequest.title, problems or "invalid request", settings)

    @app.exception_handler(404)
    async def not_found(request: Request, exc: Exception) -> Response:
        return _error_response(request, 404, "Not found", f"There is no page at {request.url.path[:100]}.", settings)

    app.add_middleware(ConditionalGet, settings=settings)
    app.add_middleware(SecurityHeaders)
    return app


class Pinfold:
    """The one ASGI app `pinfold serve` runs: Datasette under /data, the portal for everything else."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.portal = create_portal(settings)
        self.datasette = StripPrefix(make_datasette(settings).app())

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and (scope["path"] == PREFIX or scope["path"].startswith(PREFIX + "/")):
            if scope["path"] == PREFIX:
                await send({"type": "http.response.start", "status": 302, "headers": [(b"location", b"/data/")]})
                await send({"type": "http.response.body", "body": b""})
                return
            await self.datasette(scope, receive, _with_headers(send))
            return
        await self.portal(scope, receive, send)


def _with_headers(send: Any) -> Any:
    """Security headers on Datasette's responses too (its pages carry their own inline scripts, so no CSP)."""

    async def wrapped(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            names = {k.lower() for k, _ in headers}
            if b"x-content-type-options" not in names:
                headers.append((b"x-content-type-options", b"nosniff"))
            if b"referrer-policy" not in names:
                headers.append((b"referrer-policy", b"strict-origin-when-cross-origin"))
            message = dict(message, headers=headers)
        await send(message)

    return wrapped


def create_app(settings: Settings | None = None) -> Pinfold:
    return Pinfold(settings or get_settings())
