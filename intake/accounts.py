"""Staff accounts, sessions, the sign-in throttle and the audit log, in one private SQLite file (ACCOUNTS.db).

Passwords are hashed with argon2id (argon2-cffi); a session cookie holds a random token whose SHA-256 alone is kept,
so a copy of the file signs no one in.

    add(db, 'asha', 'pw', ['p1']) ; check(db, 'asha', 'pw') -> Account('asha', ('p1',), False)
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from pinfold.errors import PinfoldError
from pinfold.tables import insert_row

SESSION_HOURS = 8

_hasher = PasswordHasher()  # argon2id, the library's (RFC 9106) defaults
# A name typed at sign-in may be a password typed in the wrong box: the throttle keeps a keyed hash of it, under a key
# that lives in this process alone, so the file (or a copy) holds no typed name. A restart forgets the names' counts
# (the addresses' stay), as the throttle's 15 minutes would.
_NAME_KEY = secrets.token_bytes(32)
_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (user TEXT PRIMARY KEY, hash TEXT NOT NULL, admin INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS account_pounds (user TEXT NOT NULL REFERENCES accounts(user) ON DELETE CASCADE,
    pound_id TEXT NOT NULL, PRIMARY KEY (user, pound_id));
CREATE TABLE IF NOT EXISTS sessions (token_sha256 TEXT PRIMARY KEY, user TEXT NOT NULL, expires_at TEXT NOT NULL);
DROP TABLE IF EXISTS failures;
CREATE TABLE IF NOT EXISTS signin_failures (name_key TEXT NOT NULL, address TEXT, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS uploads (id TEXT PRIMARY KEY, user TEXT NOT NULL, pound_id TEXT NOT NULL,
    name TEXT NOT NULL, sha256 TEXT NOT NULL, report TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS published (id TEXT PRIMARY KEY, user TEXT NOT NULL, pound_id TEXT NOT NULL,
    name TEXT NOT NULL, sha256 TEXT NOT NULL, report TEXT NOT NULL, portal TEXT NOT NULL, published_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS audit (id INTEGER PRIMARY KEY, at TEXT NOT NULL, user TEXT NOT NULL, action TEXT NOT NULL,
    pound_id TEXT, file TEXT, sha256 TEXT, records INTEGER, stored INTEGER, duplicates INTEGER, rejects INTEGER,
    outcome TEXT);
"""


class AccountError(PinfoldError):
    """An account that cannot be added or removed as asked."""


@dataclass(frozen=True)
class Account:
    user: str
    pounds: tuple[str, ...]
    admin: bool

    def may(self, pound_id: str) -> bool:
        """Whether this account may see, upload to and publish for the pound."""
        return self.admin or pound_id in self.pounds


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


def connect(path: Path | str) -> sqlite3.Connection:
    """The accounts database, its tables created when new; readable by its owner alone."""
    path = Path(path)
    new = not path.exists()
    con = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    if new:
        path.chmod(0o600)
    con.execute("PRAGMA foreign_keys=ON")
    con.execute("PRAGMA secure_delete=ON")  # an ended session's or an old failure's bytes are zeroed, not left free
    con.execute("PRAGMA journal_mode=WAL")
    con.executescript(_SCHEMA)
    return con


@contextmanager
def opened(path: Path | str) -> Iterator[sqlite3.Connection]:
    """connect(), closed when the block ends."""
    con = connect(path)
    try:
        yield con
    finally:
        con.close()


def secret(con: sqlite3.Connection, name: str = "csrf") -> str:
    """A random key kept in the database (made on first use): 'csrf' -> '3f9a...'."""
    con.execute("INSERT OR IGNORE INTO secrets (name, value) VALUES (?, ?)", (name, secrets.token_hex(32)))
    return str(con.execute("SELECT value FROM secrets WHERE name = ?", (name,)).fetchone()[0])


def add(path: Path | str, user: str, password: str, pounds: list[str], admin: bool = False) -> None:
    """A new account; refuses a user that exists, an empty password, or no pound for a clerk."""
    if not user or not user.isprintable() or len(user) > 64:
        raise AccountError(f"{user!r}: a user name is 1 to 64 printable characters")
    if len(password) < 8:
        raise AccountError("a password has at least 8 characters")
    if not pounds and not admin:
        raise AccountError("give the account a pound (--pound) or make it --admin")
    with opened(path) as con:
        try:
            con.execute("BEGIN")
            con.execute(
                "INSERT INTO accounts (user, hash, admin, created_at) VALUES (?, ?, ?, ?)",
                (user, _hasher.hash(password), int(admin), _now().isoformat()),
            )
            con.executemany(
                "INSERT OR IGNORE INTO account_pounds (user, pound_id) VALUES (?, ?)", [(user, p) for p in pounds]
            )
            con.execute("COMMIT")
        except sqlite3.IntegrityError:
            con.execute("ROLLBACK")
            raise AccountError(f"{user}: an account of that name exists") from None


def remove(path: Path | str, user: str) -> None:
    """The account, its pounds and its sessions gone (the audit log keeps what it did)."""
    with opened(path) as con:
        if not con.execute("DELETE FROM accounts WHERE user = ?", (user,)).rowcount:
            raise AccountError(f"{user}: no such account")
        con.execute("DELETE FROM sessions WHERE user = ?", (user,))


def account(con: sqlite3.Connection, user: str) -> Account | None:
    """The account of that name, or None."""
    row = con.execute("SELECT admin FROM accounts WHERE user = ?", (user,)).fetchone()
    if row is None:
        return None
    pounds = tuple(r[0] for r in con.execute("SELECT pound_id FROM account_pounds WHERE user = ? ORDER BY 1", (user,)))
    return Account(user, pounds, bool(row[0]))


def listing(path: Path | str) -> list[Account]:
    """Every account, by name."""
    with opened(path) as con:
        users = [r[0] for r in con.execute("SELECT user FROM accounts ORDER BY user")]
        return [a for u in users if (a := account(con, u))]


@dataclass(frozen=True)
class Throttle:
    """How many wrong passwords sign-in takes in `minutes` before it answers 429 (until the oldest is that old): for
    one account name from one address (`per_account`: a clerk's own mistakes close that name there alone, not the
    office behind one address), from one address whatever the names (`per_address`: against trying one password
    on many names), and for one name from any addresses (`per_name`: against guesses at one account spread over many
    addresses, each under its own limit). The numbers are the intake's Settings'."""

    per_account: int
    per_address: int
    minutes: int
    per_name: int = 50


def throttled(con: sqlite3.Connection, user: str, address: str, limits: Throttle) -> bool:
    """True when this name from this address has had limits.per_account wrong passwords in limits.minutes, or the
    address limits.per_address whatever the names, or the name limits.per_name from any addresses: ('asha',
    '10.0.0.9') after 5 of asha's there -> True, and ('binu', '10.0.0.9') -> False until 20 in all; ('asha',
    '10.0.0.1') -> True after 50 of asha's from 10 other addresses."""
    since = (_now() - dt.timedelta(minutes=limits.minutes)).isoformat()
    con.execute("DELETE FROM signin_failures WHERE at < ?", (since,))
    mine, everyone, anywhere = con.execute(
        "SELECT coalesce(sum(name_key = :u AND address = :a), 0), coalesce(sum(address = :a), 0), "
        "coalesce(sum(name_key = :u), 0) FROM signin_failures WHERE at >= :since",
        {"u": _name_key(user), "a": address, "since": since},
    ).fetchone()
    return bool(mine >= limits.per_account or everyone >= limits.per_address or anywhere >= limits.per_name)


def check(con: sqlite3.Connection, user: str, password: str, address: str) -> Account | None:
    """The account when the password is right; else None, and the failure counted against user and address."""
    row = con.execute("SELECT hash FROM accounts WHERE user = ?", (user,)).fetchone()
    try:
        if row is not None and _hasher.verify(row[0], password):
            return account(con, user)
    except (VerificationError, InvalidHashError):
        pass
    if row is None:  # the same work for a name that does not exist: no timing tells who has an account
        _hasher.hash(password)
    con.execute(
        "INSERT INTO signin_failures (name_key, address, at) VALUES (?, ?, ?)",
        (_name_key(user), address, _now().isoformat()),
    )
    return None


def _name_key(user: str) -> str:
    """A typed account name as the throttle keeps it: 'asha' -> the same 64 hex digits for every 'asha' in this
    process, which say nothing of 'asha' without the process's key."""
    return hmac.new(_NAME_KEY, user.encode(), hashlib.sha256).hexdigest()


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def open_session(con: sqlite3.Connection, user: str) -> str:
    """A new session's token (for the cookie); only its digest is kept."""
    token = secrets.token_urlsafe(32)
    expires = (_now() + dt.timedelta(hours=SESSION_HOURS)).isoformat()
    con.execute(
        "INSERT INTO sessions (token_sha256, user, expires_at) VALUES (?, ?, ?)", (_digest(token), user, expires)
    )
    return token


def session(con: sqlite3.Connection, token: str | None) -> tuple[Account, str] | None:
    """(the account, the session's key) for a live session token; None when absent, expired or ended."""
    if not token:
        return None
    key = _digest(token)
    row = con.execute(
        "SELECT user FROM sessions WHERE token_sha256 = ? AND expires_at > ?", (key, _now().isoformat())
    ).fetchone()
    found = account(con, row[0]) if row else None
    return (found, key) if found else None


def end_session(con: sqlite3.Connection, key: str) -> None:
    """Sign-out: the session is gone from the server, whatever the browser keeps."""
    con.execute("DELETE FROM sessions WHERE token_sha256 = ?", (key,))


def audit(
    con: sqlite3.Connection, user: str, action: str, pound_id: str, file: str, sha256: str, **counts: object
) -> None:
    """One audit row: who did what to which file, when, its digest and the counts (uploaded, published, ...)."""
    insert_row(
        con,
        "audit",
        {"id": None, "at": _now().isoformat(), "user": user, "action": action, "pound_id": pound_id, "file": file,
         "sha256": sha256, **{k: counts.get(k) for k in ("records", "stored", "duplicates", "rejects", "outcome")}},
    )  # fmt: skip


def log(path: Path | str) -> list[tuple[object, ...]]:
    """The audit log, oldest first: (at, user, action, pound, file, sha256, records, stored, duplicates, rejects, outcome)."""
    with opened(path) as con:
        return con.execute(
            "SELECT at, user, action, pound_id, file, sha256, records, stored, duplicates, rejects, outcome "
            "FROM audit ORDER BY id"
        ).fetchall()
