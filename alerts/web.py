"""The alerts' routes (/alerts/...), served in front of the public portal by `pinfold alerts serve`, and the sender
that runs beside them: the only server that opens SUBS.db. `pinfold serve` never does, and shows no form."""

from __future__ import annotations

import logging
import re
import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path
from typing import Annotated, Any, cast

from fastapi import FastAPI, Form, Request
from fastapi.responses import HTMLResponse, Response
from starlette.types import Receive, Scope, Send

from portal import db
from portal.app import create_app
from portal.errors import BadRequest
from portal.render import render
from portal.settings import Settings, today_in_india

from . import mail, matching, store
from .words import w

log = logging.getLogger("pinfold.alerts")
EMAIL = re.compile(r"^[^@\s<>\"']{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z]{2,}$")
PER_ADDRESS, PER_CLIENT = 3, 20  # requests an hour (store.RATE_WINDOW), counted in SUBS.db
# How often the sender looks (one stat) whether an ingest has put a new public database in place: its alerts go out
# then, not at the next `every` (an owner told within seconds of the switch, not half a minute later).
WATCH_SECONDS = 1.0


def page(request: Request, lang: str, text: str, status: int = 200, **ctx: object) -> HTMLResponse:
    """An answer of the alerts' routes in the site's own layout (portal/templates/alert_answer.html): its header,
    menu and footer; the language link goes to the home page in the other language (an answer to a form, or to a
    link used once, cannot be asked for again)."""
    lang = lang if lang in ("en", "ml") else "en"
    ctx = {"title": w("alerts_title", lang), "subs": [], "forget": "", "ask": None, "back": None, "search": "",
           "text": text, **ctx}  # fmt: skip
    other = "/?lang=" + ("en" if lang == "ml" else "ml")
    return render(
        request, "alert_answer.html", lang, today_in_india(), status, lang_switch_url=other, failed=status >= 400, **ctx
    )


def _local_path(url: str) -> bool:
    """A link back that stays on this site: '/?q=cow' -> True; '//evil.example/', 'https://x', '/\\x' -> False."""
    return url.startswith("/") and not url.startswith("//") and "\\" not in url and not any(c < " " for c in url)


def _same_origin(request: Request) -> bool:
    """CSRF: a browser says where a form was sent from (Sec-Fetch-Site, Origin); only our own pages may send it."""
    site = request.headers.get("sec-fetch-site")
    if site is not None:
        return site in ("same-origin", "none")
    origin = request.headers.get("origin")
    return origin is not None and origin.rstrip("/") == str(request.base_url).rstrip("/")


class Alerts:
    """The routes and the sender, over one SUBS.db."""

    def __init__(self, subs_db: Path, public_db: Path, smtp: mail.Smtp, site: mail.Site, every: float = 30.0):
        self.subs_db, self.public_db, self.smtp, self.site, self.every = subs_db, public_db, smtp, site, every
        self.wake = threading.Event()
        self.stop = threading.Event()

    def con(self) -> sqlite3.Connection:
        return store.connect(self.subs_db)

    def allowed(self, client: str, email: str) -> bool:
        """The form's rate limits, per client and per address, as SUBS.db counts them (shared by every process)."""
        with closing(self.con()) as con:
            return store.allow(con, "client", client, PER_CLIENT) and store.allow(
                con, "address", email.lower(), PER_ADDRESS
            )

    def round(self) -> None:
        """One round of the sender: forget what is due, queue the alerts of new ingests, send the outbox."""
        with closing(self.con()) as con:
            store.forget_old(con)
            matching.notify(self.public_db, con, self.site)
            mail.deliver(con, self.smtp, self.site.sender)

    def run_sender(self) -> None:
        while not self.stop.is_set():
            seen = db.version(self.public_db)  # before the round: a database switched in during it starts another
            try:
                self.round()
            except Exception as e:  # a bad round (a database being replaced) must not end the sender
                log.warning("alerts: a sending round failed (%s); the next one tries again", type(e).__name__)
            self.pause(seen)

    def pause(self, seen: str) -> None:
        """Until the next round: `every` seconds, or sooner when woken (a form sent, the server stopping) or when the
        public database is no longer the one `seen` (db.version: an ingest switched a new one in)."""
        until = time.monotonic() + self.every
        while (left := until - time.monotonic()) > 0:
            if self.wake.wait(min(WATCH_SECONDS, left)) or db.version(self.public_db) != seen:
                break
        self.wake.clear()

    def routes(self, app: FastAPI) -> None:
        app.post("/alerts/subscribe")(self.subscribe)
        app.get("/alerts/confirm/{token}")(self.confirm)
        app.get("/alerts/unsubscribe/{token}")(self.unsubscribe_page)
        app.post("/alerts/unsubscribe/{token}")(self.unsubscribe)
        app.get("/alerts/manage/{token}")(self.manage)
        app.post("/alerts/manage")(self.send_manage_link)
        app.post("/alerts/manage/{token}/forget")(self.forget)

    def subscribe(
        self,
        request: Request,
        email: Annotated[str, Form(max_length=254)],
        q: Annotated[str, Form(max_length=500)] = "",
        species: Annotated[str, Form(max_length=40)] = "",
        district: Annotated[str, Form(max_length=100)] = "",
        pound: Annotated[str, Form(max_length=100)] = "",
        lang: Annotated[str, Form(max_length=2)] = "en",
        back: Annotated[str, Form(max_length=1000)] = "",
    ) -> Response:
        lang = lang if lang in ("en", "ml") else "en"
        back_link = {"url": back, "label": w("back", lang)} if _local_path(back) else None  # the page the form was on
        if not _same_origin(request):
            return page(request, lang, w("cross_site", lang), 403, back=back_link)
        email = email.strip()
        if not EMAIL.match(email):
            return page(request, lang, w("bad_address", lang), 400, back=back_link)
        client = request.client.host if request.client else "-"
        if not self.allowed(client, email):
            return page(request, lang, w("too_many", lang), 429, back=back_link)
        try:  # a search the page would refuse is refused here too, in the same words
            matching.parse_query(q, species, district, pound)
        except BadRequest as e:
            return page(request, lang, e.ml if lang == "ml" else e.message, 400, back=back_link)
        with closing(self.con()) as con:
            sub = store.subscribe(con, email, {"q": q, "species": species, "district": district, "pound": pound}, lang)
            if not sub.confirmed:  # confirmed already: nothing to send, and the answer is the same
                con.execute("DELETE FROM outbox WHERE subscription_id = ? AND kind = 'confirm'", (sub.id,))
                store.queue(con, sub, "confirm", mail.confirmation(self.site, sub))
        self.wake.set()
        ask = {"label": w("email_label", lang), "button": w("manage_ask", lang), "hint": w("manage_hint", lang)}
        return page(request, lang, w("asked", lang), ask=ask, back=back_link)

    def send_manage_link(
        self,
        request: Request,
        email: Annotated[str, Form(max_length=254)],
        lang: Annotated[str, Form(max_length=2)] = "en",
    ) -> Response:
        """The link to an address's page, sent to it if it has a confirmed subscription; the answer is the same."""
        lang = lang if lang in ("en", "ml") else "en"
        if not _same_origin(request):
            return page(request, lang, w("cross_site", lang), 403)
        email = email.strip()
        client = request.client.host if request.client else "-"
        if not self.allowed(client, email):
            return page(request, lang, w("too_many", lang), 429)
        with closing(self.con()) as con:
            subs = [s for s in store.confirmed(con) if s.email.lower() == email.lower()]
            if subs:
                store.queue(con, subs[0], "manage", mail.manage(self.site, subs[0].email, subs[0].manage_token, lang))
        self.wake.set()
        return page(request, lang, w("asked_manage", lang))

    def confirm(self, request: Request, token: str, lang: str = "en") -> Response:
        with closing(self.con()) as con:
            sub = store.confirm(con, token)
        if sub is None:
            return page(request, lang, w("unknown_link", lang), 404)
        return page(
            request, sub.lang, w("confirmed", sub.lang), search=w("the_search", sub.lang).format(search=_label(sub))
        )

    def unsubscribe_page(self, request: Request, token: str, lang: str = "en") -> Response:
        """The link in an alert's text: a button that POSTs (a link checker following GETs ends nothing)."""
        with closing(self.con()) as con:
            sub = store.by_token(con, token)
        if sub is None:
            return page(request, lang, w("unknown_link", lang), 404)
        return page(
            request,
            sub.lang,
            "",
            subs=[{"token": token, "label": _label(sub)}],
            button=w("unsubscribe_button", sub.lang),
        )

    def unsubscribe(self, request: Request, token: str, lang: str = "en") -> Response:
        """RFC 8058 one-click: a POST to the List-Unsubscribe address ends the subscription."""
        with closing(self.con()) as con:
            store.unsubscribe(con, token)
        return page(request, lang, w("unsubscribed", lang))

    def manage(self, request: Request, token: str, lang: str = "en") -> Response:
        with closing(self.con()) as con:
            subs = store.of_address(con, token)
        if not subs:
            return page(request, lang, w("unknown_link", lang), 404)
        lang = subs[0].lang
        return page(
            request,
            lang,
            "",
            title=w("manage_title", lang),
            subs=[{"token": s.token, "label": _label(s)} for s in subs],
            button=w("unsubscribe_button", lang),
            forget=f"/alerts/manage/{token}/forget",
            end_all=w("end_all", lang),
        )

    def forget(self, request: Request, token: str, lang: str = "en") -> Response:
        with closing(self.con()) as con:
            store.forget_address(con, token)
        return page(request, lang, w("forgotten", lang))


def _label(sub: store.Subscription) -> str:
    return " · ".join(v for v in sub.search.values() if v) or "*"


def make_app(alerts: Alerts, settings: Settings) -> FastAPI:
    """The alerts' routes, then the public portal for every other address; the portal's pages show the form."""
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    alerts.routes(app)
    portal = create_app(settings)

    async def with_form(scope: Scope, receive: Receive, send: Send) -> None:
        scope["pinfold.alert_words"] = w  # the portal's pages show the form (portal/render.py)
        await portal(cast(dict[str, Any], scope), receive, send)

    app.mount("/", with_form)
    return app


def serve(alerts: Alerts, host: str, port: int) -> None:
    """Serve the portal with the alerts' routes on host:port, the sender in a thread beside it, until stopped."""
    import uvicorn

    settings = Settings(database=alerts.public_db)
    thread = threading.Thread(target=alerts.run_sender, name="alerts-sender", daemon=True)
    thread.start()
    try:
        uvicorn.run(make_app(alerts, settings), host=host, port=port, log_level="warning", access_log=False)
    finally:
        alerts.stop.set()
        alerts.wake.set()
