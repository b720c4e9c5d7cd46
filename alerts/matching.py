"""After an ingest: the confirmed subscriptions whose search finds an entry that ingest added, each queued one alert.

Read from the public database (read-only): the history's `added` rows of each ingest not yet notified (the
`changes` table), never the whole register; each search as the page and the feeds read it (portal/search.py)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from pinfold.tables import insert_row
from portal.feeds import FEEDS, localised
from portal.search import impoundment_matching, parse_query, plan

from . import mail, store


def open_public(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    return con


def added_by(public: sqlite3.Connection, ingest_id: int) -> list[str]:
    """The ids of the entries an ingest added (its history's `added` rows)."""
    sql = "SELECT impoundment_id FROM changes WHERE ingest_id = ? AND change = 'added' ORDER BY id"
    return [r[0] for r in public.execute(sql, (ingest_id,))]


def found(public: sqlite3.Connection, search: dict[str, str], ids: list[str], lang: str = "en") -> list[dict[str, Any]]:
    """Of `ids`, those the search finds, as the feed of impounded animals shows them in `lang` (title, page, summary:
    the feed's own words, portal/feeds.py)."""
    spec = FEEDS["impounded"]
    p = plan(parse_query(search["q"], search["species"], search["district"], search["pound"]))
    params: dict[str, Any] = {f"x{i}": v for i, v in enumerate(p.params)}
    if p.match:
        params["match"] = p.match
    sql = (
        f"SELECT {', '.join('f.' + c for c in spec.columns_for(lang))} FROM json_each(:ids) j"
        " JOIN feed_impounded f ON f.atom_id = j.value"
        f" WHERE EXISTS ({impoundment_matching(p, 'j.value')}) ORDER BY j.key"
    )
    return localised(spec.view, [dict(r) for r in public.execute(sql, {**params, "ids": json.dumps(ids)})], lang)


def notify(public_db: Path, subs: sqlite3.Connection, site: mail.Site) -> int:
    """Queue the alerts of every ingest since the last one notified -> alerts queued. The first run only marks
    the ingests there are (a new SUBS.db is not sent the past)."""
    public = open_public(public_db)
    try:
        ingests = [r[0] for r in public.execute("SELECT id FROM ingests ORDER BY id")]
        last = subs.execute("SELECT max(ingest_id) FROM notified").fetchone()[0]
        if last is None:
            if ingests:
                insert_row(subs, "notified", {"ingest_id": ingests[-1], "at": store.stamp(store.now()), "alerts": 0})
            return 0
        queued = 0
        for ingest_id in (i for i in ingests if i > last):
            ids = added_by(public, ingest_id)
            n = _queue_alerts(public, subs, site, ingest_id, ids) if ids else 0
            insert_row(subs, "notified", {"ingest_id": ingest_id, "at": store.stamp(store.now()), "alerts": n})
            queued += n
        return queued
    finally:
        public.close()


def _queue_alerts(
    public: sqlite3.Connection, subs: sqlite3.Connection, site: mail.Site, ingest_id: int, ids: list[str]
) -> int:
    queued = 0
    for sub in store.confirmed(subs):
        animals = found(public, sub.search, ids, sub.lang)
        if not animals or store.alerts_today(subs, sub.email) >= store.ALERTS_PER_DAY:
            continue
        queued += store.queue(subs, sub, "alert", mail.alert(site, sub, animals), ingest_id)
    return queued
