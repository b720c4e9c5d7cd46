"""The subscribers database (SUBS.db): addresses, their saved searches, and the outbox of messages to send.

Personal data: an address is kept while it has a subscription; an unconfirmed one for 48 hours (UNCONFIRMED_KEEP);
a sent message's text is dropped once it is sent, and its row (for the daily cap) after two days."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
import sqlite3
from dataclasses import dataclass
from pathlib import Path

UNCONFIRMED_KEEP = dt.timedelta(hours=48)
SENT_KEEP = dt.timedelta(days=2)
ALERTS_PER_DAY = 10  # a cap per address over all its subscriptions
SEARCH_FIELDS = ("q", "species", "district", "pound")

SCHEMA = """
CREATE TABLE IF NOT EXISTS addresses (
    id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, manage_token TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS subscriptions (
    id INTEGER PRIMARY KEY, address_id INTEGER NOT NULL REFERENCES addresses(id) ON DELETE CASCADE,
    q TEXT NOT NULL, species TEXT NOT NULL, district TEXT NOT NULL, pound TEXT NOT NULL,
    lang TEXT NOT NULL CHECK (lang IN ('en', 'ml')), token TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL, confirmed_at TEXT,
    UNIQUE (address_id, q, species, district, pound)
);
CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY, address_id INTEGER NOT NULL REFERENCES addresses(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('confirm', 'alert', 'manage')), ingest_id INTEGER,
    subscription_id INTEGER REFERENCES subscriptions(id) ON DELETE CASCADE,
    message BLOB, created_at TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_try_at TEXT NOT NULL,
    sent_at TEXT, failed_at TEXT,
    UNIQUE (subscription_id, ingest_id)
);
CREATE TABLE IF NOT EXISTS notified (ingest_id INTEGER PRIMARY KEY, at TEXT NOT NULL, alerts INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS form_hits (
    kind TEXT NOT NULL, key TEXT NOT NULL, at REAL NOT NULL  -- key: a digest of the address or client, never it
);
CREATE INDEX IF NOT EXISTS form_hits_key ON form_hits(kind, key, at);
"""
RATE_WINDOW = dt.timedelta(hours=1)


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def stamp(t: dt.datetime) -> str:
    """A time as stored: 2026-12-01 00:15 UTC -> '2026-12-01T00:15:00+00:00' (sorts as text)."""
    return t.astimezone(dt.UTC).isoformat(timespec="seconds")


def connect(path: Path) -> sqlite3.Connection:
    """SUBS.db, created if missing, readable by its owner only."""
    path = Path(path)
    fresh = not path.exists()
    con = sqlite3.connect(path, timeout=30, check_same_thread=False, isolation_level=None)
    if fresh:
        path.chmod(0o600)
    con.row_factory = sqlite3.Row
    con.execute("PRAGMA foreign_keys = ON")
    con.execute("PRAGMA journal_mode = WAL")
    con.executescript(SCHEMA)
    return con


@dataclass
class Subscription:
    id: int
    email: str
    token: str
    manage_token: str
    lang: str
    search: dict[str, str]
    confirmed: bool


def _subscription(row: sqlite3.Row) -> Subscription:
    return Subscription(
        row["id"],
        row["email"],
        row["token"],
        row["manage_token"],
        row["lang"],
        {f: row[f] for f in SEARCH_FIELDS},
        row["confirmed_at"] is not None,
    )


SELECT = "SELECT s.*, a.email, a.manage_token FROM subscriptions s JOIN addresses a ON a.id = s.address_id"


def subscribe(con: sqlite3.Connection, email: str, search: dict[str, str], lang: str) -> Subscription:
    """An address's subscription to a search, new and unconfirmed, or the one it already has (confirmed or not)."""
    t = stamp(now())
    con.execute(
        "INSERT INTO addresses (email, manage_token, created_at) VALUES (:email, :token, :t) ON CONFLICT DO NOTHING",
        {"email": email, "token": secrets.token_urlsafe(32), "t": t},
    )
    address = con.execute("SELECT id FROM addresses WHERE email = ?", (email,)).fetchone()["id"]
    con.execute(
        "INSERT INTO subscriptions (address_id, q, species, district, pound, lang, token, created_at)"
        " VALUES (:a, :q, :species, :district, :pound, :lang, :token, :t) ON CONFLICT DO NOTHING",
        {"a": address, **search, "lang": lang, "token": secrets.token_urlsafe(32), "t": t},
    )
    row = con.execute(
        SELECT + " WHERE s.address_id = ? AND s.q = ? AND s.species = ? AND s.district = ? AND s.pound = ?",
        (address, *(search[f] for f in SEARCH_FIELDS)),
    ).fetchone()
    return _subscription(row)


def by_token(con: sqlite3.Connection, token: str) -> Subscription | None:
    row = con.execute(SELECT + " WHERE s.token = ?", (token,)).fetchone()
    return _subscription(row) if row else None


def confirm(con: sqlite3.Connection, token: str) -> Subscription | None:
    """The subscription whose link was followed, now confirmed; None for a link unknown or forgotten."""
    con.execute(
        "UPDATE subscriptions SET confirmed_at = ? WHERE token = ? AND confirmed_at IS NULL", (stamp(now()), token)
    )
    return by_token(con, token)


def of_address(con: sqlite3.Connection, manage_token: str) -> list[Subscription]:
    return [_subscription(r) for r in con.execute(SELECT + " WHERE a.manage_token = ? ORDER BY s.id", (manage_token,))]


def confirmed(con: sqlite3.Connection) -> list[Subscription]:
    return [_subscription(r) for r in con.execute(SELECT + " WHERE s.confirmed_at IS NOT NULL ORDER BY s.id")]


def unsubscribe(con: sqlite3.Connection, token: str) -> None:
    """End one subscription; its address, and everything queued for it, go with its last one."""
    con.execute("DELETE FROM subscriptions WHERE token = ?", (token,))
    _drop_lone_addresses(con)


def forget_address(con: sqlite3.Connection, manage_token: str) -> None:
    """End all of an address's subscriptions and forget the address."""
    con.execute("DELETE FROM addresses WHERE manage_token = ?", (manage_token,))


def _drop_lone_addresses(con: sqlite3.Connection) -> None:
    con.execute(
        "DELETE FROM addresses WHERE NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.address_id = addresses.id)"
    )


def forget_old(con: sqlite3.Connection, at: dt.datetime | None = None) -> None:
    """Unconfirmed subscriptions older than 48 hours, addresses left with none, and sent rows older than two days."""
    at = at or now()
    con.execute(
        "DELETE FROM subscriptions WHERE confirmed_at IS NULL AND created_at < ?", (stamp(at - UNCONFIRMED_KEEP),)
    )
    _drop_lone_addresses(con)
    con.execute("DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?", (stamp(at - SENT_KEEP),))


def queue(con: sqlite3.Connection, sub: Subscription, kind: str, message: bytes, ingest_id: int | None = None) -> bool:
    """Put a message in the outbox; False when this subscription already has one for this ingest."""
    t = stamp(now())
    cur = con.execute(
        "INSERT INTO outbox (address_id, kind, ingest_id, subscription_id, message, created_at, next_try_at)"
        " SELECT address_id, :kind, :ingest, :sub, :message, :t, :t FROM subscriptions WHERE id = :sub"
        " ON CONFLICT DO NOTHING",
        {"kind": kind, "ingest": ingest_id, "sub": sub.id, "message": message, "t": t},
    )
    return cur.rowcount == 1


def alerts_today(con: sqlite3.Connection, email: str) -> int:
    """Alerts queued for an address since UTC midnight (the daily cap counts these)."""
    midnight = stamp(now().replace(hour=0, minute=0, second=0, microsecond=0))
    return con.execute(
        "SELECT count(*) FROM outbox o JOIN addresses a ON a.id = o.address_id"
        " WHERE a.email = ? AND o.kind = 'alert' AND o.created_at >= ?",
        (email, midnight),
    ).fetchone()[0]


def allow(con: sqlite3.Connection, kind: str, key: str, limit: int, at: dt.datetime | None = None) -> bool:
    """A form's hit by `key` (an address, a client) counted against `limit` an hour -> False past it. Kept in SUBS.db,
    so a restart or a second process of the server counts the same hits; a hit is kept an hour, as a digest.

    (3 hits of 'a@example.org' in the last hour, limit 3) -> False; the hour after -> True."""
    t = (at or now()).timestamp()
    digest = hashlib.sha256(f"{kind}\0{key}".encode()).hexdigest()
    con.execute("BEGIN IMMEDIATE")  # one process at a time counts and adds: two cannot both take the last hit
    try:
        con.execute("DELETE FROM form_hits WHERE at < ?", (t - RATE_WINDOW.total_seconds(),))
        hits = con.execute("SELECT count(*) FROM form_hits WHERE kind = ? AND key = ?", (kind, digest)).fetchone()[0]
        if hits < limit:
            con.execute("INSERT INTO form_hits (kind, key, at) VALUES (?, ?, ?)", (kind, digest, t))
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return hits < limit
