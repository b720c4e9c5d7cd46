"""The messages (confirmation, alert, the link to manage an address) and their delivery through SMTP.

Delivery drains SUBS.db's outbox: each message is tried up to MAX_ATTEMPTS times, waiting longer after each
failure; a sent message's text is dropped at once. Nothing here runs inside an ingest or a page's request."""

from __future__ import annotations

import datetime as dt
import smtplib
import sqlite3
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP as SMTP_POLICY
from email.utils import formatdate, make_msgid
from typing import Any
from urllib.parse import parse_qs, unquote, urlencode, urlsplit

from pinfold.errors import PinfoldError

from . import store
from .words import w

MAX_ATTEMPTS = 5
RETRY_AFTER = dt.timedelta(minutes=2)  # doubled after each failure: 2, 4, 8, 16 minutes


class BadSmtpUrl(PinfoldError):
    """--smtp is not smtp://[user:password@]host[:port], smtp+starttls://... or smtps://..."""


@dataclass(frozen=True)
class Smtp:
    host: str
    port: int
    security: str  # 'none' (loopback only), 'starttls' or 'tls'
    user: str = ""
    password: str = ""
    cafile: str = ""  # a private CA the server's certificate is signed by (?cafile=...); else the system's

    @classmethod
    def parse(cls, url: str) -> Smtp:
        """'smtp+starttls://me:pw@mail.example:587' -> Smtp('mail.example', 587, 'starttls', 'me', 'pw')."""
        parts = urlsplit(url)
        security = {"smtp": "none", "smtp+starttls": "starttls", "smtps": "tls"}.get(parts.scheme)
        if security is None or not parts.hostname:
            raise BadSmtpUrl(
                "--smtp: write smtp+starttls://USER:PASSWORD@HOST:587 (or smtps://, or smtp:// on loopback)"
            )
        port = parts.port or {"none": 25, "starttls": 587, "tls": 465}[security]
        cafile = parse_qs(parts.query).get("cafile", [""])[0]
        return cls(parts.hostname, port, security, unquote(parts.username or ""), unquote(parts.password or ""), cafile)

    def send(self, message: bytes, to: str, sender: str) -> None:
        """One message through the server: STARTTLS and login when the URL asks for them."""
        context = ssl.create_default_context(cafile=self.cafile or None)
        klass = smtplib.SMTP_SSL if self.security == "tls" else smtplib.SMTP
        kwargs: dict[str, Any] = {"context": context} if self.security == "tls" else {}
        with klass(self.host, self.port, timeout=30, **kwargs) as server:
            if self.security == "starttls":
                server.starttls(context=context)
            if self.user:
                server.login(self.user, self.password)
            server.sendmail(sender, [to], message)


@dataclass(frozen=True)
class Site:
    """Where the links in a message point and who it is from."""

    base_url: str
    sender: str

    def link(self, path: str, **query: str) -> str:
        q = {k: v for k, v in query.items() if v}
        return self.base_url.rstrip("/") + path + ("?" + urlencode(q) if q else "")


def _message(site: Site, to: str, subject: str, body: str) -> EmailMessage:
    m = EmailMessage()
    m["From"] = site.sender
    m["To"] = to
    m["Subject"] = subject
    m["Date"] = formatdate(localtime=False)
    m["Message-ID"] = make_msgid(domain=urlsplit(site.base_url).hostname or "pinfold")
    m["Auto-Submitted"] = "auto-generated"
    m.set_content(body)
    return m


def search_url(site: Site, sub: store.Subscription) -> str:
    return site.link("/", **sub.search, lang=sub.lang if sub.lang != "en" else "")


def confirmation(site: Site, sub: store.Subscription) -> bytes:
    """The double opt-in message: nothing else is sent to the address until its link is followed."""
    lang = sub.lang
    body = w("confirm_body", lang).format(
        search=search_url(site, sub), confirm=site.link(f"/alerts/confirm/{sub.token}", lang=_l(lang))
    )
    return _message(site, sub.email, w("confirm_subject", lang), body).as_bytes(policy=SMTP_POLICY)


def manage(site: Site, email: str, manage_token: str, lang: str) -> bytes:
    """The link to the page that lists and ends an address's subscriptions."""
    body = w("manage_body", lang).format(manage=site.link(f"/alerts/manage/{manage_token}", lang=_l(lang)))
    return _message(site, email, w("manage_subject", lang), body).as_bytes(policy=SMTP_POLICY)


def alert(site: Site, sub: store.Subscription, animals: list[dict[str, Any]]) -> bytes:
    """One alert: the animals added that the search finds, each with its page, what is due and the last day to
    claim (the feed's summary, feed_impounded), and the RFC 8058 one-click unsubscribe."""
    lang = sub.lang
    unsubscribe = site.link(f"/alerts/unsubscribe/{sub.token}")
    listed = "\n\n".join(
        f"{a['atom_title']}\n{site.link(a['atom_link'], lang=_l(lang))}\n{a['atom_summary']}" for a in animals
    )
    body = w("alert_body", lang).format(
        animals=listed,
        search=search_url(site, sub),
        unsubscribe=unsubscribe,
        manage=site.link(f"/alerts/manage/{sub.manage_token}", lang=_l(lang)),
    )
    m = _message(site, sub.email, w("alert_subject", lang).format(n=len(animals)), body)
    m["List-Unsubscribe"] = f"<{unsubscribe}>"
    m["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    return m.as_bytes(policy=SMTP_POLICY)  # CRLF: smtplib sends bytes as they are


def _l(lang: str) -> str:
    return lang if lang != "en" else ""


def deliver(con: sqlite3.Connection, smtp: Smtp, sender: str, at: dt.datetime | None = None) -> tuple[int, int]:
    """Send what the outbox holds that is due: -> (sent, failed this round). A message that failed MAX_ATTEMPTS
    times is given up (failed_at) and its text dropped."""
    at = at or store.now()
    due = con.execute(
        "SELECT o.id, o.message, o.attempts, a.email FROM outbox o JOIN addresses a ON a.id = o.address_id"
        " WHERE o.sent_at IS NULL AND o.failed_at IS NULL AND o.next_try_at <= ? ORDER BY o.id",
        (store.stamp(at),),
    ).fetchall()
    sent = failed = 0
    for row in due:
        try:
            smtp.send(row["message"], row["email"], _address_of(sender))
        except (OSError, smtplib.SMTPException):
            failed += 1
            attempts = row["attempts"] + 1
            if attempts >= MAX_ATTEMPTS:
                con.execute(
                    "UPDATE outbox SET attempts = ?, failed_at = ?, message = NULL WHERE id = ?",
                    (attempts, store.stamp(at), row["id"]),
                )
            else:
                retry = store.stamp(at + RETRY_AFTER * 2 ** (attempts - 1))
                con.execute(
                    "UPDATE outbox SET attempts = ?, next_try_at = ? WHERE id = ?", (attempts, retry, row["id"])
                )
            continue
        sent += 1
        con.execute("UPDATE outbox SET sent_at = ?, message = NULL WHERE id = ?", (store.stamp(at), row["id"]))
    return sent, failed


def _address_of(sender: str) -> str:
    """'Pinfold <alerts@pinfold.example>' -> 'alerts@pinfold.example' (the envelope's sender)."""
    return sender.rsplit("<", 1)[-1].rstrip(">").strip()
