"""Which cached responses a new database leaves valid: those of the pounds it did not change (issue 26).

Every ingest records the pounds it changed (`ingest_pounds`, ingest/changed.py). A response that shows one pound's
rows and nothing else (its pound page and daily list, an animal's pages and its API answers) is cached under a key
without the database's version, tagged with its pound and that pound's *epoch*: the version of the file in which this
process last saw the pound change. A new file moves the epoch of the pounds it changed, and of no other, so the other
pounds' answers (and their ETags) stay as they were. Everything else (home and searches across pounds, state-wide
lists and district pages, feeds, the calendar, /compliance, /data) is keyed by the file's version as before.

A pound page also shows its district's and the state's scorecard (routes/compliance.cards): its tag holds a digest of
the whole `compliance` table, so a change to any pound's scorecard re-renders every pound page (an added entry does:
the state's count of entries moves), while its animals' pages stay.

When the new file's history does not continue the one this process saw last (another history, a restored backup, a
file from before `ingest_pounds`), every pound changed."""

from __future__ import annotations

import hashlib
import logging
import re
import sqlite3
import threading
import time
from dataclasses import dataclass, field

from . import db
from .matchsets import MATCH_SETS, MatchSets, spans_ahead

log = logging.getLogger("pinfold.scopes")

# Paths of one pound's pages, and of one animal's (its pound read from the database).
POUND_PATH = re.compile(r"^/pounds/([^/]+)(/daily)?$")
ANIMAL_PATH = re.compile(r"^/(?:animals|api/impoundments)/([^/]+)(?:/notice|/sale-account|/due)?$")

Tag = tuple[str, ...]

# At most this long a new file waits to be served while the search sets are carried to it (hold).
HOLD_S = 5.0


def scoped_path(path: str) -> bool:
    """'/pounds/tcr-corp', '/animals/tcr-corp-12-2026-11-30', '/api/impoundments/<id>/due' -> True; '/', '/pounds',
    '/districts/Thrissur', '/feeds/impounded.rss', '/api/impoundments' -> False."""
    return bool(POUND_PATH.match(path) or ANIMAL_PATH.match(path)) and path != "/api/impoundments/docs"


@dataclass
class Seen:
    """What this process knows of the file it last looked at: its version, its ingests (id, when, data version),
    each pound's epoch and the default epoch of the rest, and the scorecard's digest."""

    version: str = ""
    ingests: list[tuple[int, str, str]] = field(default_factory=list)
    base: str = ""
    epochs: dict[str, str] = field(default_factory=dict)
    scorecard: str = ""
    changed: frozenset[str] | None = None  # the pounds the last new file changed; None: all


class Scopes:
    """Epochs of pounds across the versions of the served file, and the tag a response of one pound is kept by."""

    def __init__(self, served: db.ServedFile, sets: MatchSets = MATCH_SETS):
        self.served, self.sets = served, sets
        self.pool = db.Pool(served, max_idle=2)
        self._lock = threading.Lock()
        self.now = Seen()
        # A connection to the version seen, held until the next: the search sets of the pounds a new file leaves
        # as they were are carried to it from this one's (matchsets.Carry), which needs both files.
        self._held: db.Connection | None = None
        # The sets a reader's search finds missing are made in the background, from this file (matchsets.want).
        self.sets.connect = self._connect
        # A new file at the path, seen before it is served (hold): what `seen` moves to when it is.
        self._next: Seen | None = None
        self._next_since = 0.0
        self._next_held = False
        served.hold = self.hold

    def _connect(self, version: str) -> db.Connection | None:
        """A connection to the served file while it is still `version`, else None (a newer one is served)."""
        try:
            con = db.connect_version(self.served.path, version)
        except Exception:
            return None
        if con.version != version:
            con.close()
            return None
        return con

    def seen(self, version: str) -> Seen:
        """The file's version as a request found it: when new, the epochs moved by what its history says changed
        since the version seen before. Cheap when the version is the one already seen (every request asks)."""
        now = self.now
        if version == now.version or version == "missing":
            return now
        with self._lock:
            if self.now.version != version:
                ahead = self._next
                self._next = None
                if ahead is not None and ahead.version == version:
                    self.now = ahead  # seen at the path while the one before was served (hold): carried already
                    if self._next_held:  # beside the server's own lines, where an operator reads them
                        logging.getLogger("uvicorn.error").info(
                            "Served the new database %.1f s after it was seen, the file before meanwhile (rows %s)",
                            time.monotonic() - self._next_since,
                            "followed" if not self.sets.following(version) else "not followed yet",
                        )
                else:
                    before = self.now
                    self.now = self._moved(before, version)
                    self._hold(before, self.now)
            return self.now

    def hold(self, served: str, version: str) -> bool:
        """ServedFile.hold: True while the new `version` at the path is to wait before it is served, the version
        `served` (the one this process last saw) served meanwhile: while the search sets kept for that one are
        carried to it, and the carry still follows the rows (at most HOLD_S). Until then every search would count
        by SQL, sixteen readers taking the CPU the carry needs (p99 250-280 ms at 1M rows in the 10 s after a new
        file, where it is 100 before). The first call reads the new file and starts the carry."""
        if version == "missing" or served != self.now.version:
            return False
        with self._lock:
            if self.now.version != served:
                return False
            ahead = self._next
            if ahead is None or ahead.version != version:
                before = self.now
                self._next = ahead = self._moved(before, version)
                self._next_since = time.monotonic()
                self._next_held = ahead.changed is not None and self.sets.keeps(before.version)
                self._hold(before, ahead)
            held, since = self._next_held, self._next_since
        return held and self.sets.following(version) and time.monotonic() - since < HOLD_S

    def _hold(self, before: Seen, seen: Seen) -> None:
        """A connection to the version `seen`, and the search sets carried from the one before when the new file
        changed only some pounds (the connection to the one before goes to the carry, which closes it)."""
        held, self._held = self._held, None
        try:
            self._held = db.connect_version(self.served.path, seen.version)
            if not self._held.version:
                self._held.close()
                self._held = None
        except Exception:  # unavailable: nothing carried, nothing held
            self._held = None
        if held is None or self._held is None or seen.changed is None or held.version != before.version:
            if held is not None:
                held.close()  # not in use: held here alone
            self._spans_ahead(seen.version)
            return
        try:
            new = db.connect_version(self.served.path, seen.version)
        except Exception:
            held.close()
            return
        if new.version != seen.version:
            held.close()
            new.close()
            return
        self.sets.carry(before.version, seen.version, seen.changed, held, new)

    def _spans_ahead(self, version: str) -> None:
        """No carry to this version: what the next carry would read of it is read now, in the background (a carry
        reads the new version's itself)."""
        if self._held is None:
            return
        try:
            con = db.connect_version(self.served.path, version)
        except Exception:
            return
        if con.version != version:
            con.close()
            return
        spans_ahead(con)

    def _moved(self, before: Seen, version: str) -> Seen:
        """What `version` of the file says changed since `before`, read from the path (the file may not be served
        yet: hold)."""
        try:
            con = db.connect_version(self.served.path, version)
        except Exception:  # unavailable or damaged: nothing is kept across it
            return Seen(version=version, base=version)
        try:
            if con.version != version:  # replaced again meanwhile: nothing kept; the next request sees the newest
                return Seen(version=version, base=version)
            return self._read(con, before, version)
        except sqlite3.Error as e:
            log.warning("the new database's ingest_pounds cannot be read (%s): every pound re-rendered", e)
            return Seen(version=version, base=version)
        finally:
            con.close()

    def _read(self, con: sqlite3.Connection, before: Seen, version: str) -> Seen:
        ingests = [
            (r[0], r[1], r[2]) for r in con.execute("SELECT id, ingested_at, data_version FROM ingests ORDER BY id")
        ]
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        scorecard = hashlib.sha1(
            repr([tuple(r) for r in con.execute("SELECT * FROM compliance ORDER BY pound_id, year, act")]).encode()
        ).hexdigest()[:16]
        continues = (
            bool(before.version)
            and "ingest_pounds" in tables
            and len(ingests) >= len(before.ingests)
            and ingests[: len(before.ingests)] == before.ingests
        )
        if not continues:
            return Seen(version, ingests, version, {}, scorecard, None)
        last = before.ingests[-1][0] if before.ingests else 0
        changed = frozenset(
            r[0] for r in con.execute("SELECT DISTINCT pound_id FROM ingest_pounds WHERE ingest_id > ?", (last,))
        )
        epochs = dict(before.epochs)
        epochs.update(dict.fromkeys(changed, version))
        return Seen(version, ingests, before.base, epochs, scorecard, changed)

    def epoch(self, pound: str) -> str:
        now = self.now
        return now.epochs.get(pound, now.base)

    def tag_of(self, path: str, version: str) -> Tag | None:
        """The tag a response at `path` is kept by in the version `version` (seen): ('pound', 'tcr-corp', epoch,
        scorecard) for a pound page; ('animal', pound, epoch) for an animal's; None for any other path, and for an
        animal the database does not have (its 404, 410 or redirect is not kept)."""
        m = POUND_PATH.match(path)
        if m:
            pound = m.group(1)  # a scope's path is decoded already
            daily = bool(m.group(2))
            return ("daily" if daily else "pound", pound, self.epoch(pound), "" if daily else self.now.scorecard)
        m = ANIMAL_PATH.match(path)
        if m:
            of = self._pound_of(m.group(1), version)
            return None if of is None else ("animal", of, self.epoch(of))
        return None

    def still(self, tag: Tag) -> bool:
        """True while a response kept by `tag` is what the file now served would give."""
        kind, pound = tag[0], tag[1]
        if kind == "animal":
            return tag[2] == self.epoch(pound)
        return tag[2] == self.epoch(pound) and (kind == "daily" or tag[3] == self.now.scorecard)

    def _pound_of(self, animal: str, version: str) -> str | None:
        try:
            taken, con = self.pool.take()
        except Exception:
            return None
        try:
            if taken != version:
                return None
            row = con.execute("SELECT pound_id FROM impoundments WHERE id = ?", (animal,)).fetchone()
            return None if row is None else str(row[0])
        except sqlite3.Error:
            return None
        finally:
            self.pool.give(taken, con)

    def close(self) -> None:
        if self.served.hold == self.hold:
            self.served.hold = None
        if self.sets.connect == self._connect:
            self.sets.connect = None
        self.pool.close()
        with self._lock:
            held, self._held = self._held, None
        if held is not None:
            held.close()
