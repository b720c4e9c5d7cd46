"""The intake's web application (Starlette): sign-in, upload and dry run, publish or discard.

Every state-changing form carries a CSRF token: an itsdangerous signature, under a key kept in the accounts database,
of the session it was issued to (of a pre-session cookie for the sign-in form); without it, or with another's, 403.
A clerk's pounds bound every URL: an upload of another pound is a 404, an upload form for one a 403.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
import re
import secrets
import shutil
import sqlite3
from collections.abc import AsyncIterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ingest import spare
from ingest.build import Summary
from ingest.sources import read_pounds
from pinfold.errors import PinfoldError
from pinfold.law.clock import IST
from pinfold.tables import insert_row

from . import accounts
from .i18n import LANGS, error_text, t
from .pages import rejects_as_csv, render
from .registers import (
    MAX_BYTES,
    CheckOutOfDate,
    RejectsFile,
    Report,
    UploadRefused,
    dry_run,
    publish,
    publishing,
    replaced_state,
    safe_name,
    sha256_of,
)

log = logging.getLogger("pinfold.intake")
COOKIE = "pinfold_intake"
PRE = "pinfold_intake_pre"  # binds the sign-in form's token before there is a session
TOKEN_SECONDS = accounts.SESSION_HOURS * 3600
# A register's path in an ingest's error: 'registers/p2/Kunjan Nair book.xlsx: not a readable XLSX workbook'
_REGISTER_PATH = re.compile(r"registers/(?P<pound>[^/\s]+)/(?:.+(?=: )|.+)")


@dataclass(frozen=True)
class Settings:
    """Documented in README "Settings" (the intake's table); tests/test_settings.py checks that every field is.

    data_dir     DATA_DIR: pounds.csv, the rules and the registers published into
    public_db    the public SQLite file
    private_db   the private SQLite file (names)
    accounts_db  the staff accounts, sessions, sign-in failures, uploads and audit log
    public_url   the portal's address, for the links to each entry published
    signin_failures  wrong passwords for one account name from one address before its sign-in closes there
    signin_failures_per_address  wrong passwords from one address, whatever the names, before its sign-in closes
    signin_failures_per_account  wrong passwords for one account name from any addresses before its sign-in closes
    signin_minutes  the window those are counted in, and how long sign-in stays closed
    """

    data_dir: Path
    public_db: Path
    private_db: Path
    accounts_db: Path
    public_url: str = "http://127.0.0.1:8000"
    signin_failures: int = 5
    # an office's clerks share one address (NAT): their mistakes together, not one person's, before it all closes
    signin_failures_per_address: int = 20
    # guesses at one account spread over many addresses (each under its own 5): far above a clerk's own mistakes, so
    # that locking a clerk out takes a flood, while a guesser gets 50 tries a quarter-hour for the whole internet
    signin_failures_per_account: int = 50
    signin_minutes: int = 15

    @property
    def throttle(self) -> accounts.Throttle:
        """The sign-in limits as accounts.throttled reads them."""
        return accounts.Throttle(
            self.signin_failures,
            self.signin_failures_per_address,
            self.signin_minutes,
            self.signin_failures_per_account,
        )

    @property
    def uploads(self) -> Path:
        """Staged uploads, beside the accounts database and outside DATA_DIR (no ingest reads them)."""
        return self.accounts_db.with_name(self.accounts_db.name + ".uploads")


def _settings(request: Request) -> Settings:
    return request.app.state.settings


def _db(request: Request) -> AbstractContextManager[sqlite3.Connection]:
    return accounts.opened(_settings(request).accounts_db)


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang") or request.cookies.get("lang") or "en"
    return lang if lang in LANGS else "en"


def _signer(con: sqlite3.Connection) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(accounts.secret(con), salt="pinfold-intake-csrf")


def _page(request: Request, name: str, status: int = 200, **values: object) -> HTMLResponse:
    lang = _lang(request)
    here = request.url.path if request.method == "GET" else "/"  # the language link of a POST's page: home
    response = HTMLResponse(render(name, lang=lang, here=here, **values), status_code=status)
    if request.query_params.get("lang") in LANGS:
        response.set_cookie("lang", lang, max_age=365 * 86400, samesite="strict", secure=_https(request))
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'"
    )
    response.headers["Referrer-Policy"] = "same-origin"
    return response


def _https(request: Request) -> bool:
    return request.url.scheme == "https"


def _cookie(request: Request, response: Response, name: str, value: str, max_age: int) -> None:
    """A cookie as every one of the intake's is: HttpOnly, SameSite=Strict, Secure over HTTPS, expiring."""
    response.set_cookie(name, value, max_age=max_age, httponly=True, samesite="strict", secure=_https(request))


def _signed_in(request: Request, con: sqlite3.Connection) -> tuple[accounts.Account, str]:
    found = accounts.session(con, request.cookies.get(COOKIE))
    if found is None:
        raise HTTPException(303, headers={"Location": "/signin"})
    return found


async def _form(request: Request, con: sqlite3.Connection, bound_to: str, user: str = "-") -> dict[str, object]:
    """The posted form, once its CSRF token is found to be the one issued to `bound_to`; else 403 (and, for a signed-in
    `user`, a line of the audit log: a forged form is the administrator's business, not the clerk's alone)."""
    if int(request.headers.get("content-length") or 0) > MAX_BYTES + 65536:
        raise HTTPException(413, "The file is larger than 32 MB.")
    if "content-length" not in request.headers:
        raise HTTPException(411, "The request must say its length.")
    form = await request.form(max_files=1, max_fields=8)
    token = form.get("csrf_token")
    try:
        ok = isinstance(token, str) and _signer(con).loads(token, max_age=TOKEN_SECONDS) == bound_to
    except BadSignature:
        ok = False
    if not ok:
        if user != "-":
            _refused(con, user, "", f"{request.url.path}: a form without this session's token")
        raise HTTPException(403, "The form has expired or did not come from this site; reload the page and try again.")
    return dict(form)


def _refused(con: sqlite3.Connection, user: str, pound: str, why: str) -> None:
    """A refused attempt in the audit log (`pinfold accounts log`: 'refused', the pound asked for, why), beside the
    server's log line: another pound's upload, a forged form, sign-in closed after wrong passwords."""
    accounts.audit(con, user, "refused", pound[:64], "", "", outcome=why)  # autocommit: kept whatever the answer


def _address(request: Request) -> str:
    return request.client.host if request.client else "-"


async def signin_page(request: Request) -> Response:
    pre = request.cookies.get(PRE) or secrets.token_urlsafe(24)
    with _db(request) as con:
        response = _page(request, "signin", csrf=_signer(con).dumps(pre), account=None, message="")
    _cookie(request, response, PRE, pre, 3600)
    return response


async def signin(request: Request) -> Response:
    lang = _lang(request)
    with _db(request) as con:
        form = await _form(request, con, request.cookies.get(PRE) or "-")
        user, password = str(form.get("username") or ""), str(form.get("password") or "")
        address = _address(request)
        csrf = _signer(con).dumps(request.cookies.get(PRE))
        if accounts.throttled(con, user, address, _settings(request).throttle):
            # a name typed that is no account's (a password typed in the wrong box?) is kept neither in the audit
            # log nor in the server's
            known = user if accounts.account(con, user) else "(no such account)"
            log.warning("intake: sign-in refused for user %r from %s: too many wrong passwords", known, address)
            _refused(con, known, "", f"sign-in from {address}: too many wrong passwords")
            message = t("throttled", lang).format(minutes=_settings(request).signin_minutes)
            return _page(request, "signin", 429, csrf=csrf, account=None, message=message)
        found = await run_in_threadpool(accounts.check, con, user, password, address)
        if found is None:
            return _page(request, "signin", 401, csrf=csrf, account=None, message=t("wrong", lang))
        token = accounts.open_session(con, found.user)
    response = RedirectResponse("/", 303)
    _cookie(request, response, COOKIE, token, accounts.SESSION_HOURS * 3600)
    response.delete_cookie(PRE)
    return response


async def signout(request: Request) -> Response:
    with _db(request) as con:
        signed, key = _signed_in(request, con)
        await _form(request, con, key, signed.user)
        accounts.end_session(con, key)
    response = RedirectResponse("/signin", 303)
    response.delete_cookie(COOKIE)
    return response


def _pounds(request: Request, account: accounts.Account) -> list[tuple[str, str]]:
    """(id, name) of the pounds this account may upload to."""
    pounds = read_pounds(_settings(request).data_dir)
    return [(p.id, p.name) for p in pounds.values() if account.may(p.id)]


async def home(request: Request) -> Response:
    with _db(request) as con:
        account, key = _signed_in(request, con)
        return _home(request, con, account, key)


def _home(
    request: Request, con: sqlite3.Connection, account: accounts.Account, key: str, message: str = ""
) -> HTMLResponse:
    """The upload form, above the account's pounds' checks waiting for Publish or Discard (a tab closed is not a
    check lost) and those published in the last day."""
    con.row_factory = sqlite3.Row
    _forget_stale(con, _settings(request))  # 'in the last day': what a day has passed since is gone
    waiting = [dict(r) | {"when": _ist(r["created_at"])} for r in
               con.execute("SELECT id, pound_id, name, user, created_at FROM uploads ORDER BY created_at DESC")
               if account.may(r["pound_id"])]  # fmt: skip
    # a file published again (a correction) is listed once, as it stands now: its latest publish
    latest: dict[tuple[str, str], sqlite3.Row] = {}
    for r in con.execute(
        "SELECT id, pound_id, name, user, published_at FROM published ORDER BY published_at DESC, rowid DESC"
    ):
        if account.may(r["pound_id"]):
            latest.setdefault((r["pound_id"], r["name"]), r)
    published = [dict(r) | {"when": _ist(r["published_at"])} for r in latest.values()]
    return _page(request, "home", account=account, csrf=_signer(con).dumps(key), pounds=_pounds(request, account),
                 message=message, waiting=waiting, published=published)  # fmt: skip


def _ist(utc: str) -> str:
    """A stored UTC time as the clerk reads it: '2026-12-04T21:54:07+00:00' -> '2026-12-05 03:24 IST'."""
    return dt.datetime.fromisoformat(utc).astimezone(IST).strftime("%Y-%m-%d %H:%M IST")


async def upload(request: Request) -> Response:
    s = _settings(request)
    with _db(request) as con:
        account, key = _signed_in(request, con)
        form = await _form(request, con, key, account.user)
        pound, file = str(form.get("pound") or ""), form.get("register")
        if not account.may(pound) or pound not in read_pounds(s.data_dir):
            _refused(con, account.user, pound, "an upload for a pound this account does not publish for")
            raise HTTPException(403, "Your account does not publish for that pound.")
        if not isinstance(file, UploadFile) or not file.filename:
            raise HTTPException(400, "Choose a register file.")
        if (file.size or 0) > MAX_BYTES:
            raise HTTPException(413, "The file is larger than 32 MB.")
        try:
            name = safe_name(file.filename)
        except UploadRefused as e:
            raise HTTPException(400, str(e)) from None
        _forget_stale(con, s)
        upload_id = secrets.token_urlsafe(16)
        folder = s.uploads / upload_id
        folder.mkdir(parents=True, mode=0o700)
        staged = folder / "register"
        with open(staged, "wb") as out:
            shutil.copyfileobj(file.file, out)
        report = await run_in_threadpool(dry_run, s.data_dir, s.public_db, pound, staged, name, _rejects(s, upload_id))
        digest = sha256_of(staged)
        insert_row(
            con,
            "uploads",
            {"id": upload_id, "user": account.user, "pound_id": pound, "name": name, "sha256": digest,
             "report": report.to_json(), "created_at": dt.datetime.now(dt.UTC).isoformat()},
        )  # fmt: skip
        accounts.audit(con, account.user, "uploaded", pound, name, digest, **_counts(report))
    return RedirectResponse(f"/uploads/{upload_id}", 303)


def _counts(report: Report) -> dict[str, object]:
    return {
        "records": report.records,
        "stored": report.stored,
        "duplicates": report.duplicates,
        "rejects": report.rejects,
        "outcome": report.error
        or "dry run"
        + "".join(f"; the same bytes as a register of {p['id']}" for p in report.other_pounds),  # fmt: skip
    }


def _row_of(con: sqlite3.Connection, account: accounts.Account, table: str, upload_id: str) -> sqlite3.Row | None:
    """The upload's row in `table` ('uploads': waiting; 'published'), None when there is none; 404 when it is of a
    pound not the account's (another pound's upload is not said to exist)."""
    con.row_factory = sqlite3.Row
    row = con.execute(f"SELECT * FROM {table} WHERE id = ?", (upload_id,)).fetchone()
    if row is not None and not account.may(row["pound_id"]):  # another pound's upload, reached by its address
        _refused(con, account.user, row["pound_id"], "another pound's upload")
        raise HTTPException(404, "No such upload.")
    return row


def _upload_of(con: sqlite3.Connection, account: accounts.Account, upload_id: str) -> sqlite3.Row:
    """The upload waiting for Publish or Discard, when it is of one of the account's pounds; else 404."""
    row = _row_of(con, account, "uploads", upload_id)
    if row is None:
        raise HTTPException(404, "No such upload.")
    return row


def _done(
    request: Request, account: accounts.Account, csrf: str, row: sqlite3.Row, failure: str = "", status: int = 200
) -> HTMLResponse:
    """The page of a published upload (its row in `published`), or of a publish that failed (`failure`, the row of
    the upload still waiting): when and by whom, the file's counts, what was turned away, the portal's counts."""
    published = not failure
    return _page(request, "done", status, account=account, csrf=csrf, up=row, failure=failure,
                 portal=json.loads(row["portal"]) if published else {},
                 when=_ist(row["published_at"]) if published else "", r=Report.from_json(row["report"]),
                 public_url=_settings(request).public_url.rstrip("/"))  # fmt: skip


async def report(request: Request) -> Response:
    """The check's report; once published, the published page (a reload, the back button, a second tab)."""
    upload_id = request.path_params["upload_id"]
    with _db(request) as con:
        account, key = _signed_in(request, con)
        csrf = _signer(con).dumps(key)
        done = _row_of(con, account, "published", upload_id)
        if done is not None:
            return _done(request, account, csrf, done)
        up = _upload_of(con, account, upload_id)
        r = Report.from_json(up["report"])
    return _page(request, "report", account=account, csrf=csrf, up=up, r=r, pound_name=_pound_name(request, up))


async def rejects_csv(request: Request) -> Response:
    """Every row the check turned away, as CSV for the clerk to correct from: row, sheet, reason, then the cells as
    written, one column each, in the register's order (the page lists the first SHOWN_ROWS)."""
    s = _settings(request)
    upload_id = request.path_params["upload_id"]
    with _db(request) as con:
        account, _ = _signed_in(request, con)
        up = _row_of(con, account, "published", upload_id) or _upload_of(con, account, upload_id)
        r = Report.from_json(up["report"])
    kept = _rejects(s, up["id"])
    body = rejects_as_csv(kept if kept.path.is_file() else r.rejected, _lang(request))  # a report of before: whole
    stem = up["name"].rsplit(".", 1)[0]
    response = Response(body, media_type="text/csv; charset=utf-8")
    response.headers["Content-Disposition"] = f"attachment; filename*=UTF-8''{quote(stem + ' rejects.csv')}"
    response.headers["Cache-Control"] = "no-store"
    return response


def _rejects(s: Settings, upload_id: str) -> RejectsFile:
    """Where an upload's check keeps every row it turned away: beside the staged file, gone with it."""
    return RejectsFile(s.uploads / upload_id / "rejects.jsonl")


def _pound_name(request: Request, up: sqlite3.Row) -> str:
    """The upload's pound as the clerk's upload form names it: 'Ollur Pound (p1)'."""
    pound = read_pounds(_settings(request).data_dir).get(up["pound_id"])
    return f"{pound.name} ({pound.id})" if pound else str(up["pound_id"])


async def publish_upload(request: Request) -> Response:
    s = _settings(request)
    upload_id = request.path_params["upload_id"]
    with _db(request) as con:
        account, key = _signed_in(request, con)
        if _row_of(con, account, "published", upload_id) is not None:  # a second tab's Publish, a form sent again
            await _form(request, con, key, account.user)
            return RedirectResponse(f"/uploads/{upload_id}", 303)
        up = _upload_of(con, account, upload_id)
        form = await _form(request, con, key, account.user)
        r = Report.from_json(up["report"])
        csrf = _signer(con).dumps(key)
        if not r.error and not r.records and not r.replaces:  # a new file of no entries: it would change only a count
            return _page(request, "report", 409, account=account, csrf=csrf, up=up, r=r,
                         pound_name=_pound_name(request, up))  # fmt: skip
        if r.other_pounds and form.get("ours") != "yes":  # another pound's bytes: published only once ticked
            return _page(request, "report", 409, account=account, csrf=csrf, up=up, r=r,
                         pound_name=_pound_name(request, up), unconfirmed=True)  # fmt: skip
        if r.counted.get("removed") and form.get("removes") != "yes":  # entries off the portal: only once ticked
            return _page(request, "report", 409, account=account, csrf=csrf, up=up, r=r,
                         pound_name=_pound_name(request, up), unconfirmed_removes=True)  # fmt: skip
        staged = s.uploads / up["id"] / "register"
        failure, done = "", None
        try:
            done = await run_in_threadpool(
                _publish_in_turn, s, up["pound_id"], staged, up["name"], r.replaced_as_checked
            )
        except CheckOutOfDate:
            # a file of that name published since the check: checked again, for the clerk to read and decide
            r = await run_in_threadpool(dry_run, s.data_dir, s.public_db, up["pound_id"], staged, up["name"],
                                        _rejects(s, up["id"]))  # fmt: skip
            con.execute("UPDATE uploads SET report = ? WHERE id = ?", (r.to_json(), up["id"]))
            accounts.audit(con, account.user, "checked again", up["pound_id"], up["name"], up["sha256"], **_counts(r))
            return _page(request, "report", 409, account=account, csrf=csrf, up=up, r=r,
                         pound_name=_pound_name(request, up), rechecked=True)  # fmt: skip
        except PinfoldError as e:
            failure = str(e).replace(str(s.data_dir) + "/", "")
        if done is None and not failure:  # published meanwhile, from another tab, while this one waited its turn
            return RedirectResponse(f"/uploads/{upload_id}", 303)
        accounts.audit(con, account.user, "published" if not failure else "publish failed", up["pound_id"],
                       up["name"], up["sha256"], **(_counts(r) | {"outcome": failure or done.line()}))  # type: ignore[union-attr]  # fmt: skip
        if failure:
            return _done(request, account, csrf, up, failure=_for_clerk(failure, account), status=500)
        assert done is not None
        _published(con, s, up, account.user, done)
    # Post/Redirect/Get: a reload, the back button, a second tab find the published page, not a form sent again
    return RedirectResponse(f"/uploads/{upload_id}", 303)


def _published(con: sqlite3.Connection, s: Settings, up: sqlite3.Row, user: str, done: Summary) -> None:
    """The upload kept as published by `user` for a day (its report, the portal's counts, its rows turned away for
    their CSV), the staged file gone (it is in DATA_DIR now)."""
    portal = {k: getattr(done, k) for k in ("files", "records", "stored", "duplicates", "rejects", "empty")}
    con.execute("BEGIN")
    insert_row(con, "published", {"id": up["id"], "user": user, "pound_id": up["pound_id"], "name": up["name"],
               "sha256": up["sha256"], "report": up["report"], "portal": json.dumps(portal),
               "published_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")})  # fmt: skip
    con.execute("DELETE FROM uploads WHERE id = ?", (up["id"],))
    con.execute("COMMIT")
    (s.uploads / up["id"] / "register").unlink(missing_ok=True)


def _for_clerk(message: str, account: accounts.Account) -> str:
    """An ingest's error as the clerk reads it: a register of a pound not the clerk's is named by its pound alone,
    for its file's name may be a person's (the portal publishes it only as far as recognised; the audit log keeps
    it). 'registers/p2/Kunjan Nair book.xlsx: not a readable XLSX workbook' -> 'registers/p2/…: not a readable ...'."""
    return _REGISTER_PATH.sub(lambda m: m[0] if account.may(m["pound"]) else f"registers/{m['pound']}/…", message)


def _publish_in_turn(s: Settings, pound_id: str, staged: Path, name: str, as_checked: str) -> Summary | None:
    """publish(), after any other clerk's publish from this intake has ended (waited for in a worker thread: the
    other pages go on being served meanwhile); None when the staged file went meanwhile (published from another tab).
    Raises CheckOutOfDate when the file it replaces is no longer the one the check read (`as_checked`, replaced_state)."""
    with publishing(s.accounts_db):
        if not staged.is_file():
            return None
        if as_checked and replaced_state(s.data_dir, pound_id, name) != as_checked:
            raise CheckOutOfDate(f"registers/{pound_id} changed after the check of {name}")
        spare.MAKER.stop()
        try:
            return publish(s.data_dir, s.public_db, s.private_db, pound_id, staged, name)
        finally:
            # the next publish patches a copy of the pair then in place, made meanwhile (ingest/spare.py)
            spare.MAKER.start(s.public_db, s.private_db)


def _csrf(s: Settings, key: str) -> str:
    with accounts.opened(s.accounts_db) as con:
        return _signer(con).dumps(key)


def _forget(con: sqlite3.Connection, s: Settings, upload_id: str) -> None:
    """The staged file and its report gone (published or discarded)."""
    con.execute("DELETE FROM uploads WHERE id = ?", (upload_id,))
    shutil.rmtree(s.uploads / upload_id, ignore_errors=True)


def _forget_stale(con: sqlite3.Connection, s: Settings) -> None:
    """Uploads left a day without Publish or Discard (a tab closed) go, with their files; so do those published a
    day ago (their page, their rows turned away)."""
    since = (dt.datetime.now(dt.UTC) - dt.timedelta(days=1)).isoformat()
    for (upload_id,) in con.execute("SELECT id FROM uploads WHERE created_at < ?", (since,)).fetchall():
        _forget(con, s, upload_id)
    for (upload_id,) in con.execute("SELECT id FROM published WHERE published_at < ?", (since,)).fetchall():
        con.execute("DELETE FROM published WHERE id = ?", (upload_id,))
        shutil.rmtree(s.uploads / upload_id, ignore_errors=True)


async def discard(request: Request) -> Response:
    s = _settings(request)
    upload_id = request.path_params["upload_id"]
    with _db(request) as con:
        account, key = _signed_in(request, con)
        if _row_of(con, account, "published", upload_id) is not None:  # published from another tab: nothing to discard
            await _form(request, con, key, account.user)
            return RedirectResponse(f"/uploads/{upload_id}", 303)
        up = _upload_of(con, account, upload_id)
        await _form(request, con, key, account.user)
        accounts.audit(con, account.user, "discarded", up["pound_id"], up["name"], up["sha256"])
        _forget(con, s, up["id"])
        return _home(request, con, account, key, t("discarded", _lang(request)))


async def error(request: Request, exc: Exception) -> Response:
    """Every error as one page: its status, one sentence. A redirect raised to sign in is a redirect."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 303 and exc.headers:
        return RedirectResponse(exc.headers["Location"], 303)
    message = error_text(str(exc.detail), _lang(request))
    return _page(request, "error", exc.status_code, account=None, code=exc.status_code, message=message)


@contextlib.asynccontextmanager
async def _lifespan(_app: Starlette) -> AsyncIterator[None]:
    """A spare half copied when the intake stops goes with it (its scratch files hold the private rows)."""
    yield
    spare.MAKER.stop()


def create_app(settings: Settings) -> Starlette:
    """The intake for one DATA_DIR and its databases."""
    settings.uploads.mkdir(mode=0o700, exist_ok=True)
    accounts.connect(settings.accounts_db).close()
    app = Starlette(
        routes=[
            Route("/", home),
            Route("/signin", signin_page, methods=["GET"]),
            Route("/signin", signin, methods=["POST"]),
            Route("/signout", signout, methods=["POST"]),
            Route("/upload", upload, methods=["POST"]),
            Route("/uploads/{upload_id}", report),
            Route("/uploads/{upload_id}/rejects.csv", rejects_csv),
            Route("/uploads/{upload_id}/publish", publish_upload, methods=["POST"]),
            Route("/uploads/{upload_id}/discard", discard, methods=["POST"]),
        ],
        exception_handlers={HTTPException: error},
        lifespan=_lifespan,
    )
    app.state.settings = settings
    return app


def serve(settings: Settings, host: str, port: int) -> None:
    """The intake on host:port (uvicorn), trusting X-Forwarded-For/-Proto from a proxy on loopback (nginx)."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    uvicorn.run(create_app(settings), host=host, port=port, proxy_headers=True, log_level="info")
