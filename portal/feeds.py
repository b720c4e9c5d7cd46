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
from pinfold.law.rules import NOT_NOTIFIED
from pinfold.law.status import auctions_to_come

from . import db
from .i18n import COMPLIANCE_RULES, FEED_ML, colour_label, date_label, district_label, head_label, status_label, t
from .ical import EVENT_FIELDS, lots_in_malayalam
from .matchsets import MATCH_SETS
from .search import Plan, Query, auctions_matching, impoundment_matching, newest_ids, notice_ids, plan

# The columns of the contract a feed entry is made from (render_feed): a feed reads these and no more, so a view's
# filter columns are computed only where a filter asks for them (feed_auctions' kinds of its lots, a subquery per
# auction, were half of a new calendar's SQL at 1M rows).
ENTRY_COLUMNS = ("atom_id", "atom_title", "atom_updated", "atom_link", "atom_summary")

# What feed_impounded's summary is made of (pinfold/schema.py), for its words in Malayalam.
IMPOUNDED_WORDS = ("head_count", "species", "colour", "description", "pound_name", "district", "brought_on", "act",
                   "fine_due", "rate_display", "fine_status", "feeding_status", "seizure_adjudged_illegal", "in_pound_now", "auction_earliest_on",
                   "last_day_to_claim", "status")  # fmt: skip

# feedgen switches the process locale while it formats dates; one render at a time keeps that safe.
_FEEDGEN_LOCK = threading.Lock()


@dataclass(frozen=True)
class FeedSpec:
    view: str
    title: str
    description: str
    where: str = "1"  # extra condition, with :today bound to India's date
    order: str = "sort_key DESC"
    # How a search (words, tags, kind, district, pound, dates) picks the view's rows, through search.py's indexes:
    # the 'newest' impoundments it finds, the 'notices' of the animals in the pound it finds, the auctions with a
    # 'lot' it finds, the 'changes' of the impoundments it finds.
    picks: str = "newest"
    columns: tuple[str, ...] = ENTRY_COLUMNS  # what its render reads of each row
    words: tuple[str, ...] = ()  # what its entries' words in Malayalam are made of (entry_words)

    def columns_for(self, lang: str) -> tuple[str, ...]:
        """The columns a render in `lang` reads: ENTRY_COLUMNS, and in Malayalam the structured ones too."""
        return self.columns + self.words if lang == "ml" else self.columns


FEEDS = {
    "impounded": FeedSpec(
        "feed_impounded",
        "Pinfold: newest impoundments",
        "Cattle newly entered in pound registers ("
        + "; ".join(p.citation("register") for p in all_packs().values())
        + ").",
        words=IMPOUNDED_WORDS,
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
        order="sort_key DESC, atom_id",  # a day's notices by id: not the order the ingest stored them in
        picks="notices",
        words=(
            "head_count",
            "species",
            "description",
            "pound_name",
            "district",
            "brought_on",
            "posted_on",
            "auction_earliest_on",
            "section",
        ),
    ),
    "auctions": FeedSpec(
        "feed_auctions",
        "Pinfold: auctions of unclaimed cattle",
        "Public auctions scheduled by order, or proposed for the earliest day the Act allows ("
        + "; ".join(p.citation("auction") for p in all_packs().values())
        + ").",
        where=auctions_to_come(":today"),
        order="sort_key ASC, atom_id",
        picks="lots",
        words=("status", "pound_name", "auction_date", "auction_time", "lots", "lots_json"),
    ),
    "changes": FeedSpec(
        "feed_changes",
        "Pinfold: corrections to the registers",
        "Register entries added, removed or changed after they were published, as each ingest finds them (K s.7).",
        picks="changes",
        words=(
            "change",
            "field",
            "head_count",
            "species",
            "pound_name",
            "district",
            "value_before",
            "value_after",
            "status_before",
            "entry_no",
            "brought_on",
        ),
    ),
    # the scorecard's entries (portal/routes/compliance.py), filtered as the corrections are: by their own columns
    "compliance": FeedSpec(
        "feed_compliance",
        "Pinfold: what the registers record against the Acts' rules",
        "Entries whose register records a departure from a rule of its Act: what the register records, not a finding.",
        picks="changes",
        words=("departed_rules", "head_count", "species", "pound_name", "entry_no", "brought_on", "district", "act"),
    ),
}


# The calendar keeps a month of auctions the Director fixed after their day (a subscriber's calendar keeps its past),
# and, as the feed, proposed ones only while they are to come.
CALENDAR_KEEPS_DAYS = 30
CALENDAR = replace(
    FEEDS["auctions"],
    where=f"({auctions_to_come(':today')}) OR (status = 'scheduled' AND auction_date >= :since)",
    columns=EVENT_FIELDS,
)


def filters(
    con: sqlite3.Connection, query: Query, spec: FeedSpec, today: dt.date, limit: int
) -> tuple[str, dict[str, Any]]:
    """The search filters every feed and the calendar take, as SQL over the feed's view.

    The query is parsed as the search page parses it (deps.get_search) and answered by the same indexes
    (search.plan): a saved search's feed has the page's animals, and a new search's feed costs the rows it shows,
    not a scan of every match (the impounded feed for 'brown' at 1M rows: 1,149 ms before, a few ms now)."""
    if not query.searched:
        return "1", {}
    p = plan(query)
    if spec.picks == "newest":
        return _in("atom_id", newest_ids(con, p, limit))
    if spec.picks == "notices":
        return _in("impoundment_id", notice_ids(con, p, today, limit))
    match, params = _match_params(p)
    if spec.picks == "lots":
        version = getattr(con, "version", "")
        if p.match and not p.exact and version:
            # the calendar keeps a month of past auctions (CALENDAR), the feed none
            since = (today - dt.timedelta(days=CALENDAR_KEEPS_DAYS)).isoformat()
            found = MATCH_SETS.auctions(con, version, p.terms, since)
            if found is not None:
                return _in("atom_id", found)
        return f"atom_id IN ({auctions_matching(p)})", params
    # changes: an entry removed from its register is in no index, so its kind, district and pound are the view's
    clauses = [f"{c} = :{c}" for c, v in (("district", query.district), ("pound_id", query.pound)) if v]
    clauses += ["species = :species"] if query.species else []
    params.update(district=query.district, pound_id=query.pound, species=query.species)
    if query.words or query.tags or query.date_from or query.date_to:
        words = plan(replace(query, species="", district="", pound=""))
        match, named = _match_params(words)
        params.update(named)
        clauses.append(f"EXISTS ({impoundment_matching(words, 'impoundment_id')})")
    return " AND ".join(clauses) or "1", params


def _in(column: str, ids: list[str]) -> tuple[str, dict[str, Any]]:
    """('atom_id', ['a', 'b']) -> ('atom_id IN (:id0, :id1)', {'id0': 'a', 'id1': 'b'})."""
    names = {f"id{i}": v for i, v in enumerate(ids)}
    return (f"{column} IN ({', '.join(':' + n for n in names)})" if names else "0"), names


def _match_params(p: Plan) -> tuple[str, dict[str, Any]]:
    """A plan's values as the named parameters lots_matching and impoundment_matching use."""
    params: dict[str, Any] = {f"x{i}": v for i, v in enumerate(p.params)}
    if p.match:
        params["match"] = p.match
    return p.match or "", params


def feed_rows(
    con: sqlite3.Connection,
    spec: FeedSpec,
    where: str,
    params: dict[str, Any],
    today: dt.date,
    limit: int,
    lang: str = "en",
) -> list[dict[str, Any]]:
    """The rows of a feed's view its render reads (spec.columns_for(lang)), in the feed's order, filtered by `where`,
    each entry's title and summary in `lang` (localised)."""
    if lang == "ml" and not set(spec.words) <= {r[1] for r in con.execute(f"PRAGMA table_info({spec.view})")}:
        lang = "en"  # a database an older Pinfold built has no columns to make the words of: its own, in English
    sql = f"SELECT {', '.join(spec.columns_for(lang))} FROM {spec.view} WHERE ({spec.where}) AND ({where}) ORDER BY {spec.order} LIMIT :limit"
    rows = db.rows(con, sql, {**params, "today": today.isoformat(), "limit": limit})
    return localised(spec.view, rows, lang)


def localised(view: str, rows: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """Rows of a feed view with their atom_title and atom_summary in `lang`: English as the view writes them, Malayalam
    made from the view's structured columns (entry_words); a view without Malayalam words keeps the view's."""
    words = ENTRY_WORDS.get(view)
    if lang != "ml" or words is None:
        return rows
    return [{**r, **dict(zip(("atom_title", "atom_summary"), words(r), strict=True))} for r in rows]


def _animal(r: dict[str, Any]) -> str:
    """{'head_count': 2, 'species': 'calf'} -> '2 കന്നുകുട്ടി'."""
    return head_label(r["head_count"] or 0, r["species"] or "", "ml")


def _basis(status: str | None) -> str:
    """A figure's status -> what it rests on when neither the Act nor a notification: 'example' -> ' (ഉദാഹരണ ...)'."""
    words = NOT_NOTIFIED.get(status or "")
    return FEED_ML["basis"].format(basis=words[1]) if words else ""


def impounded_words(r: dict[str, Any]) -> tuple[str, str]:
    """A feed_impounded row -> its title and summary in Malayalam:
    ('1 പശു (കറുപ്പ്): Ollur Pound-ൽ പിടിച്ചുകെട്ടി',
     '1 പശു, black. Ollur Pound, തൃശ്ശൂർ; പൗണ്ടിൽ എത്തിച്ചത് 29 നവംബർ 2026. പിഴ ₹500.00 (K s.11(1), s.12). ...')."""
    colour = colour_label(r["colour"], "ml")
    animal = _animal(r) + (f" ({colour})" if colour else "")
    pack = all_packs().get(r["act"])
    cite = pack.citation if pack else (lambda *keys: "")
    if r["fine_due"] is not None:
        fine = FEED_ML["fine"].format(fine=r["fine_due"]) + _basis(r["fine_status"])
    else:
        statutory = bool(pack and pack.statutory_fines)
        fine = FEED_ML["no_fine_statutory" if statutory else "no_fine_scale"].format(section=cite("fine"))
    if r["rate_display"] is not None:
        fine += FEED_ML["feeding"].format(rate=r["rate_display"]) + _basis(r["feeding_status"])
    if r["seizure_adjudged_illegal"] == 1:
        then = FEED_ML["seizer_pays"].format(section=cite("seizer_pays"))
    elif r["in_pound_now"] and r["auction_earliest_on"] is not None:
        then = FEED_ML["last_day"].format(date=date_label(r["last_day_to_claim"], "ml"), section=cite("auction"))
    else:
        then = FEED_ML["status"].format(status=status_label(r["status"], "ml"))
    summary = " ".join(
        (
            _animal(r) + (f", {r['description']}" if r["description"] else "") + ".",
            FEED_ML["impounded_at"].format(
                pound=r["pound_name"],
                district=district_label(r["district"], "ml"),
                date=date_label(r["brought_on"], "ml"),
            ),
            f"{fine} ({cite('fine', 'feeding')}).",
            then,
        )
    )
    return FEED_ML["impounded_title"].format(animal=animal, pound=r["pound_name"]), summary


def notice_words(r: dict[str, Any]) -> tuple[str, str]:
    """A feed_notices row -> its title and summary in Malayalam: ('നോട്ടീസ്: 1 പശു — Ollur Pound-ൽ ആരും തിരികെ
    വാങ്ങിയില്ല', '1 പശു, black: Ollur Pound, തൃശ്ശൂർ; ... 10 ഡിസംബർ 2026 മുതൽ പൊതു ലേലത്തിൽ വിൽക്കാം (K s.13(3)).')."""
    values = {
        "animal": _animal(r),
        "description": f", {r['description']}" if r["description"] else "",
        "pound": r["pound_name"],
        "district": district_label(r["district"], "ml"),
        "brought": date_label(r["brought_on"], "ml"),
        "posted": date_label(r["posted_on"], "ml"),
        "auction": date_label(r["auction_earliest_on"], "ml"),
        "section": r["section"] or "",
    }
    summary = FEED_ML["notice_summary" if r["auction_earliest_on"] else "notice_summary_no_day"].format(**values)
    return FEED_ML["notice_title"].format(**values), summary


def auction_words(r: dict[str, Any]) -> tuple[str, str | None]:
    """A feed_auctions row -> its title and summary (its first lots) in Malayalam: ('കന്നുകാലി ലേലം — Ollur Pound,
    9 ഡിസംബർ 2026, 10:00', 'ലോട്ട് 1: 1 പശു (black); ...'); an auction without lots has no summary, as in English."""
    kind = FEED_ML["auction_proposed"] if r["status"] == "proposed" else t("calendar_auction", "ml")
    title = FEED_ML["auction_title"].format(
        auction=kind,
        pound=r["pound_name"],
        date=date_label(r["auction_date"], "ml"),
        time=f", {r['auction_time']}" if r["auction_time"] else "",
    )
    return title, lots_in_malayalam(r["lots_json"], r["lots"])


def change_words(r: dict[str, Any]) -> tuple[str, str]:
    """A feed_changes row -> its title and summary in Malayalam: ('തിരുത്തി: 1 പശു — Ollur Pound, വിവരണം',
    'വിവരണം: black (മുമ്പ് brown). എൻട്രി 12, പൗണ്ടിൽ എത്തിച്ചത് 29 നവംബർ 2026, Ollur Pound, തൃശ്ശൂർ.')."""
    field = t(f"field_{r['field']}", "ml") if r["field"] else ""
    change = {"added": "change_added", "removed": "change_removed"}.get(r["change"]) or (
        "change_recorded" if not r["value_before"] else "change_corrected"
    )
    title = FEED_ML["change_title"].format(
        change=FEED_ML[change], animal=_animal(r), pound=r["pound_name"], field=f", {field}" if field else ""
    )
    if r["change"] == "changed":
        said = FEED_ML["change_changed"].format(
            field=field, after=r["value_after"] or FEED_ML["blank"], before=r["value_before"] or FEED_ML["blank"]
        )
    elif r["change"] == "removed":
        status = status_label(r["status_before"], "ml") if r["status_before"] else FEED_ML["not_known"]
        said = FEED_ML["change_removed_summary"].format(status=status)
    else:
        said = FEED_ML["change_added_summary"]
    entry = FEED_ML["change_entry"].format(
        entry=r["entry_no"] or FEED_ML["no_number"],
        brought=date_label(r["brought_on"], "ml"),
        pound=r["pound_name"],
        district=f", {district_label(r['district'], 'ml')}" if r["district"] else "",
    )
    return title, f"{said} {entry}"


def compliance_words(r: dict[str, Any]) -> tuple[str, str]:
    """A feed_compliance row -> its title and summary in Malayalam: ('രജിസ്റ്റർ രേഖപ്പെടുത്തുന്നത്: നോട്ടീസ് വൈകി
    രേഖപ്പെടുത്തി, അല്ലെങ്കിൽ രേഖയില്ല (K s.13(1)-(2)) — 1 പശു, Ollur Pound', 'എൻട്രി 12, ...')."""
    pack = all_packs().get(r["act"])
    said = []
    for rule in (x for x in COMPLIANCE_RULES if x.key in (r["departed_rules"] or "").split(",")):
        section = pack.citation(rule.section) if pack and rule.section else ""
        said.append(t(f"rule_{rule.key}", "ml") + (f" ({section})" if section else ""))
    values = {
        "rules": "; ".join(said),
        "animal": _animal(r),
        "pound": r["pound_name"],
        "entry": r["entry_no"] or FEED_ML["no_number"],
        "brought": date_label(r["brought_on"], "ml"),
        "district": district_label(r["district"], "ml"),
    }
    return FEED_ML["compliance_title"].format(**values), FEED_ML["compliance_summary"].format(**values)


ENTRY_WORDS = {
    "feed_compliance": compliance_words,
    "feed_impounded": impounded_words,
    "feed_notices": notice_words,
    "feed_auctions": auction_words,
    "feed_changes": change_words,
}


# The calendar's rows by auction for one version of the file (the newest asked for): a calendar with a new filter reads
# its auctions' ids in order and only the rows not kept yet, where reading every row's lots took 4.6 ms of 500 auctions.
_CALENDAR_ROWS: dict[str, dict[str, dict[str, Any]]] = {}


def calendar_rows(
    con: sqlite3.Connection, where: str, params: dict[str, Any], today: dt.date, limit: int
) -> list[dict[str, Any]]:
    """feed_rows(con, CALENDAR, ...), the same rows in the same order, from rows kept for the version of the file the
    connection reads (db.Connection.version) where they are; a connection that does not know it reads them all."""
    version = getattr(con, "version", "")
    if not version:
        return feed_rows(con, CALENDAR, where, params, today, limit)
    ids = [r["atom_id"] for r in feed_rows(con, replace(CALENDAR, columns=("atom_id",)), where, params, today, limit)]
    kept = _CALENDAR_ROWS.get(version)
    if kept is None:  # a new version: the old one's rows go
        _CALENDAR_ROWS.clear()
        kept = _CALENDAR_ROWS.setdefault(version, {})
    missing = [i for i in ids if i not in kept]
    if missing:
        by_id, named = _in("atom_id", missing)
        for r in feed_rows(con, CALENDAR, by_id, {**named, "since": params["since"]}, today, len(missing)):
            kept[r["atom_id"]] = r
    return [kept[i] for i in ids]


def render_feed(
    spec: FeedSpec,
    rows: list[dict[str, Any]],
    fmt: str,
    base_url: str,
    self_url: str,
    updated: dt.datetime,
    query: Query | None = None,
    lang: str = "en",
) -> bytes:
    """Rows following the column contract -> RSS 2.0 or Atom bytes. Ids are the rows' stable ids, so a
    re-ingest never makes a reader show an old item as new. A saved search's feed is titled by its filters and has
    an id of its own, so a reader holding several tells them apart."""
    fg = FeedGenerator()
    label = query.label_in(lang)[:120] if query else ""
    fg.id(f"{base_url}/feeds/{spec.view}" + (f"?{urlencode(query.params)}" if query and label else ""))
    # RSS readers take an item's description (and many its title) as HTML, so register text is HTML-escaped there
    # before feedgen XML-escapes it: '<script>' reaches the reader as text. Atom says type="text" and needs neither.
    as_text = html.escape if fmt == "rss" else str
    title, description = spec.title, spec.description
    if lang == "ml":  # the feed's own words in the owner's language (the entries are the registers' as the views say)
        title, description = f"Pinfold: {t('feed_title_' + spec.view, 'ml')}", t("feed_about_" + spec.view, "ml")
    fg.title(f"{title} — {as_text(label)}" if label else title)
    fg.description(description)
    fg.subtitle(description)
    fg.link(href=base_url + "/", rel="alternate")
    fg.link(href=self_url, rel="self")
    fg.language("ml-IN" if lang == "ml" else "en-IN")
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
