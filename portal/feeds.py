"""Feeds are SQL views with one column contract (atom_id, atom_title, atom_updated, atom_link, atom_summary, plus
filter columns district, pound_id, species, sort_key), rendered by one generic function."""

from __future__ import annotations

import datetime as dt
import html
import sqlite3
import threading
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlencode

from feedgen.feed import FeedGenerator

from pinfold.law.packs import all_packs
from pinfold.law.status import auctions_to_come

from .search import Query, where_clause

# feedgen switches the process locale while it formats dates; one render at a time keeps that safe.
_FEEDGEN_LOCK = threading.Lock()


@dataclass(frozen=True)
class FeedSpec:
    view: str
    title: str
    description: str
    where: str = "1"  # extra condition, with :today bound to India's date
    order: str = "sort_key DESC"
    # The view's rows for a set of impoundments ({} is a subquery of their ids): how words, tags and dates apply.
    animals: str = "atom_id IN ({})"


FEEDS = {
    "impounded": FeedSpec(
        "feed_impounded",
        "Pinfold: newest impoundments",
        "Cattle newly entered in pound registers ("
        + "; ".join(p.citation("register") for p in all_packs().values())
        + ").",
    ),
    "notices": FeedSpec(
        "feed_notices",
        "Pinfold: notices of unclaimed cattle",
        # each Act's period and section from its pack: 'Cattle unclaimed after the days their Act gives the owner
        # (7 days, K s.13(1)-(2); 7 days, 1857 s.VIII; ...)'
        "Cattle not claimed within the days their Act gives the owner after impounding, before public auction ("
        + "; ".join(f"{p.clock.claim_days} days, {p.citation('notice')}" for p in all_packs().values())
        + ").",
        where="sort_key <= :today AND current = 1",
        animals="impoundment_id IN ({})",
    ),
    "auctions": FeedSpec(
        "feed_auctions",
        "Pinfold: auctions of unclaimed cattle",
        "Public auctions scheduled by order, or proposed for the earliest day the Act allows ("
        + "; ".join(p.citation("auction") for p in all_packs().values())
        + ").",
        where=auctions_to_come(":today"),
        order="sort_key ASC",
        animals="atom_id IN (SELECT l.auction_id FROM auction_lots l WHERE l.impoundment_id IN ({}))",
    ),
    "changes": FeedSpec(
        "feed_changes",
        "Pinfold: corrections to the registers",
        "Register entries added, removed or changed after they were published, as each ingest finds them (K s.7).",
        animals="impoundment_id IN ({})",
    ),
}


# The calendar keeps a month of auctions the Director fixed after their day (a subscriber's calendar keeps its past),
# and, as the feed, proposed ones only while they are to come.
CALENDAR = replace(
    FEEDS["auctions"], where=f"({auctions_to_come(':today')}) OR (status = 'scheduled' AND auction_date >= :since)"
)


def filters(query: Query, spec: FeedSpec) -> tuple[str, dict[str, Any]]:
    """The search filters every feed and the calendar take, as SQL over the feed's view.

    The query is parsed as the search page parses it (deps.get_search), and words, ear tags and dates select the
    animals exactly as the page does (search.where_clause, full text): a saved search's feed has the page's
    animals, and a feed with words costs an index lookup, not a scan of every row."""
    clauses, params = [], {}
    if query.district:
        clauses.append("district = :district")
        params["district"] = query.district
    if query.pound:
        clauses.append("pound_id = :pound")
        params["pound"] = query.pound
    if query.species:
        clauses.append("(' ' || species || ' ') LIKE '% ' || :species || ' %'")
        params["species"] = query.species
    if query.words or query.tags or query.date_from or query.date_to:
        where, args = where_clause(query)
        clauses.append(spec.animals.format("SELECT i.id FROM impoundments i WHERE " + _named(where, args, params)))
    return (" AND ".join(clauses) or "1"), params


def _named(sql: str, args: list[Any], params: dict[str, Any]) -> str:
    """'a = ? AND b = ?', [1, 2] -> 'a = :a0 AND b = :a1', with params a0=1, a1=2 added (the feed's SQL is named)."""
    parts = sql.split("?")
    assert len(parts) == len(args) + 1, "where_clause puts every value in a parameter, never in the SQL"
    out = parts[0]
    for i, (arg, rest) in enumerate(zip(args, parts[1:], strict=True)):
        params[f"a{i}"] = arg
        out += f":a{i}" + rest
    return out


def feed_rows(
    con: sqlite3.Connection, spec: FeedSpec, where: str, params: dict[str, Any], today: dt.date, limit: int
) -> list[dict[str, Any]]:
    sql = f"SELECT * FROM {spec.view} WHERE ({spec.where}) AND ({where}) ORDER BY {spec.order} LIMIT :limit"
    return [dict(r) for r in con.execute(sql, {**params, "today": today.isoformat(), "limit": limit})]


def render_feed(
    spec: FeedSpec,
    rows: list[dict[str, Any]],
    fmt: str,
    base_url: str,
    self_url: str,
    updated: dt.datetime,
    query: Query | None = None,
) -> bytes:
    """Rows following the column contract -> RSS 2.0 or Atom bytes. Ids are the rows' stable ids, so a
    re-ingest never makes a reader show an old item as new. A saved search's feed is titled by its filters and has
    an id of its own, so a reader holding several tells them apart."""
    fg = FeedGenerator()
    label = query.label[:120] if query else ""
    fg.id(f"{base_url}/feeds/{spec.view}" + (f"?{urlencode(query.params)}" if query and label else ""))
    # RSS readers take an item's description (and many its title) as HTML, so register text is HTML-escaped there
    # before feedgen XML-escapes it: '<script>' reaches the reader as text. Atom says type="text" and needs neither.
    as_text = html.escape if fmt == "rss" else str
    fg.title(f"{spec.title} — {as_text(label)}" if label else spec.title)
    fg.description(spec.description)
    fg.subtitle(spec.description)
    fg.link(href=base_url + "/", rel="alternate")
    fg.link(href=self_url, rel="self")
    fg.language("en-IN")
    fg.updated(updated)
    for r in reversed(rows):  # feedgen prepends: add oldest first so the feed reads newest first
        fe = fg.add_entry()
        fe.id(f"tag:pinfold,2026:{r['atom_id']}")
        fe.guid(f"tag:pinfold,2026:{r['atom_id']}", permalink=False)
        fe.title(as_text(r["atom_title"]))
        fe.link(href=base_url + r["atom_link"])
        when = dt.datetime.fromisoformat(r["atom_updated"])
        fe.updated(when)
        fe.published(when)
        fe.description(as_text(r["atom_summary"] or r["atom_title"]))
    with _FEEDGEN_LOCK:
        return fg.rss_str(pretty=True) if fmt == "rss" else fg.atom_str(pretty=True)
