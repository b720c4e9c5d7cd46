"""Owner search: words to full-text search, ear tags to an exact match, kinds to the species column."""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from ingest.errors import RecordRejected
from ingest.law.clock import days_in_pound
from ingest.normalise import SAME_WORD, SPECIES, TAG_AS_TYPED, species_of, tag_list

from .errors import BadRequest

STOPWORDS = {"a", "an", "the", "with", "and", "of", "on", "in", "my", "is", "has", "missing", "lost", "its"}
WORD = re.compile(r"[A-Za-z0-9\u0D00-\u0D7F][A-Za-z0-9\u0D00-\u0D7F-]*")


@dataclass
class Query:
    q: str = ""
    species: str = ""
    district: str = ""
    pound: str = ""
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    words: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    # The kind the owner chose in the form, as against one read from the words ('black cow'): only this one is shown
    # selected on the next page, so a kind the owner never chose cannot trap the next search ('black calf').
    species_chosen: str = ""

    @property
    def searched(self) -> bool:
        return bool(self.q or self.species or self.district or self.pound or self.date_from or self.date_to)

    @property
    def params(self) -> list[tuple[str, str]]:
        """The filters as query parameters, always in one order: a saved search's feed keeps one id however its
        URL was written. q='black cow', district='Idukki' -> [('q', 'black cow'), ('district', 'Idukki')]."""
        pairs = [
            ("q", self.q),
            ("species", self.species),
            ("district", self.district),
            ("pound", self.pound),
            ("from", self.date_from.isoformat() if self.date_from else ""),
            ("to", self.date_to.isoformat() if self.date_to else ""),
        ]
        return [(k, v) for k, v in pairs if v]

    @property
    def label(self) -> str:
        """What a saved search asks for, to name its feed or calendar in a reader among others:
        q='black cow', species='cow', district='Idukki' -> '“black cow” · cow · Idukki'; no filter -> ''."""
        words = {"q": "“{}”", "pound": "pound {}", "from": "from {}", "to": "to {}"}

        # one printable line: a calendar's name cannot hold a line break ('q=0%0A0' was a 500 from icalendar), nor
        # XML a control character ('q=a%01b' was a 500 from lxml)
        def line(v: str) -> str:
            return " ".join("".join(ch if ch.isprintable() else " " for ch in v).split())

        return " · ".join(words.get(k, "{}").format(line(v)) for k, v in self.params)


def parse_date(value: str | None, name: str) -> dt.date | None:
    if not value:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise BadRequest(
            f"'{value}' is not a date for {name}: write YYYY-MM-DD",
            ml=f"'{value}' ({name}) ഒരു തീയതിയല്ല: YYYY-MM-DD എന്ന രീതിയിൽ എഴുതുക",
        ) from None


def parse_query(
    q: str = "",
    species: str = "",
    district: str = "",
    pound: str = "",
    date_from: str = "",
    date_to: str = "",
) -> Query:
    """'black cow KL-07-1234' -> words ['black'], species 'cow', tags ['KL-07-1234']."""
    if len(q) > 500:
        raise BadRequest("the search is too long: use a few words", ml="തിരച്ചിൽ വളരെ നീണ്ടതാണ്: കുറച്ചു വാക്കുകൾ മതി")
    query = Query(
        q=q.strip(),
        district=district.strip(),
        pound=pound.strip(),
        date_from=parse_date(date_from, "from"),
        date_to=parse_date(date_to, "to"),
    )
    if query.date_from and query.date_to and query.date_from > query.date_to:  # else nothing matches, silently
        raise BadRequest(
            f"from ({query.date_from}) is after to ({query.date_to}): swap the two dates",
            ml=f"'മുതൽ' ({query.date_from}) 'വരെ' ({query.date_to}) എന്നതിനു ശേഷമാണ്: രണ്ടു തീയതികളും പരസ്പരം മാറ്റുക",
        )
    if species:
        try:
            query.species = query.species_chosen = species_of(species)
        except RecordRejected:
            raise BadRequest(
                f"'{species}' is not a kind of cattle: use one of {', '.join(SPECIES)}",
                ml=f"'{species}' കന്നുകാലി ഇനമല്ല: ഇവയിലൊന്ന് ഉപയോഗിക്കുക: {', '.join(SPECIES)}",
            ) from None
    query.tags = tag_list(q)
    for raw in TAG_AS_TYPED.sub(" ", q).split():
        token = raw.strip(".,;:()\"'")
        for w in WORD.findall(token):
            lw = w.lower()
            if lw in STOPWORDS:
                continue
            if not query.species:
                try:
                    query.species = species_of(lw)
                    continue
                except RecordRejected:
                    pass
            query.words.append(lw)
    return query


def fts_expression(words: list[str]) -> str:
    """['black', 'white-patch'] -> '"black" "white-patch"': every word quoted, so user input is never FTS syntax."""
    return " ".join('"' + w.replace('"', '""') + '"' for w in words)


def fts_word(word: str) -> str:
    """One search word, with its other languages: 'കറുത്ത' -> '("black" OR "കറുത്ത" OR ... )'; 'socks' -> '"socks"'."""
    same = SAME_WORD.get(word)
    return "(" + " OR ".join(fts_expression([w]) for w in same) + ")" if same else fts_expression([word])


def where_clause(query: Query) -> tuple[str, list[Any]]:
    """SQL over impoundments `i`. With words or tags, the kind, district and pound go into the full-text match as
    well, so the index intersects them (milliseconds at a million rows, where checking each word's matches
    against the filters took a second); the plain SQL filters then re-check them exactly."""
    clauses, params = [], []
    terms = [fts_word(w) for w in query.words]
    terms += ["ear_tags : " + fts_expression([tag]) for tag in query.tags]
    if terms:
        for column, value in (("species", query.species), ("district", query.district), ("pound_id", query.pound)):
            if value:
                terms.append(f"{column} : " + fts_expression([value]))
        clauses.append("i.rowid IN (SELECT rowid FROM impoundments_fts WHERE impoundments_fts MATCH ?)")
        params.append(" AND ".join(terms))
    for tag in query.tags:  # the phrase matched; keep only exact tags
        clauses.append("(' ' || i.ear_tags || ' ') LIKE ?")
        params.append(f"% {tag} %")
    for col, val in (("i.species", query.species), ("i.district", query.district), ("i.pound_id", query.pound)):
        if val:
            clauses.append(f"{col} = ?")
            params.append(val)
    if query.date_from:
        clauses.append("i.brought_on >= ?")
        params.append(query.date_from.isoformat())
    if query.date_to:
        clauses.append("i.brought_on <= ?")
        params.append(query.date_to.isoformat())
    return (" AND ".join(clauses) or "1"), params


# The columns a search lists (with the pound's name), read by the SQL below and by the API's model of a row.
SEARCH_COLUMNS = ["id", "pound_id", "pound_name", "district", "brought_at", "brought_on", "species", "head_count",
                  "description", "colour", "ear_tags", "status", "left_on", "auction_earliest_on", "notice_due_on",
                  "auction_by_notice_on"]  # fmt: skip
SELECT = (
    "SELECT "
    + ", ".join("p.name AS pound_name" if c == "pound_name" else f"i.{c}" for c in SEARCH_COLUMNS)
    + " FROM impoundments i JOIN pounds p ON p.id = i.pound_id"
)


SILENT_AFTER = dt.timedelta(days=30)
# register_silent's complement in SQL over impoundments `i`, with :silent_before = silent_before(today). Silence is
# counted from the earliest auction by the notice alone (silence_day), so an 1857 complaint never decided, which
# leaves no auction day, does not keep an entry "in the pound" for 160 years.
IN_POUND_NOW = """i.status IN ('impounded', 'notice_posted')
    AND coalesce(i.auction_by_notice_on, i.auction_earliest_on) >= :silent_before"""


def silence_day(row: dict[str, Any]) -> str | None:
    """The day a month of register silence is counted from: the earliest auction by the notice alone
    (impoundments.auction_by_notice_on), which an 1857 complaint pending for ever does not take away."""
    return row.get("auction_by_notice_on") or row.get("auction_earliest_on")


def silent_before(today: dt.date) -> str:
    """The earliest auction day before which an entry still "in the pound" is silence: 2026-11-30 -> '2026-10-31'."""
    return (today - SILENT_AFTER).isoformat()


def register_silent(status: str, auction_earliest_on: str | None, today: dt.date) -> bool:
    """Whether the register has gone silent on an entry: still "in the pound" a month after its earliest auction day.

    ('impounded', '1858-01-23', 2026-11-30) -> True (a historical register, or one not kept up);
    ('impounded', '2026-12-15', 2026-11-30) -> False; ('sold', ...) -> False.
    """
    if status not in ("impounded", "notice_posted") or not auction_earliest_on:
        return False
    return dt.date.fromisoformat(auction_earliest_on) + SILENT_AFTER < today


def auction_may_be_held(status: str, auction_earliest_on: str | None, today: dt.date) -> bool:
    """Whether an animal the register still shows in the pound may be sold on any day now: its earliest auction day
    has come and no sale is recorded. It can still be claimed until it is sold (K s.12, 1857 s.VII).

    ('notice_posted', '2026-11-30', 2026-11-30) -> True; ('impounded', '2026-12-01', 2026-11-30) -> False;
    ('claimed', '2026-11-01', 2026-11-30) -> False; ('impounded', '1858-01-23', 2026-11-30) -> False (silent: a
    register a month past the day without an outcome says nothing of where the animal is, `register_silent`).
    """
    if status not in ("impounded", "notice_posted") or not auction_earliest_on:
        return False
    earliest = dt.date.fromisoformat(auction_earliest_on)
    return earliest <= today <= earliest + SILENT_AFTER


def decorate(rows: list[dict[str, Any]], today: dt.date) -> list[dict[str, Any]]:
    """Adds days in pound, counted as the animal page charges them, and the last day to claim before the auction
    (the day before the earliest auction).

    When the register is silent on an entry (`register_silent`), no days are counted and no deadline is shown. When
    the last day has passed with no sale recorded, `auction_may_be_held` says so: the animal can still be claimed.
    """
    for r in rows:
        start = dt.date.fromisoformat(r["brought_on"])
        end = dt.date.fromisoformat(r["left_on"]) if r.get("left_on") else today
        r["days_in_pound"] = days_in_pound(start, end)  # nights, at least one (a rate's own convention prices them)
        r["last_day"] = None
        r["register_silent"] = register_silent(r["status"], silence_day(r), today)
        if r["register_silent"]:
            r["days_in_pound"] = None
        elif r["status"] in ("impounded", "notice_posted") and r.get("auction_earliest_on"):
            r["last_day"] = (dt.date.fromisoformat(r["auction_earliest_on"]) - dt.timedelta(days=1)).isoformat()
        r["auction_may_be_held"] = auction_may_be_held(r["status"], r.get("auction_earliest_on"), today)
        r["in_pound_now"] = r["status"] in ("impounded", "notice_posted") and not r["register_silent"]
    return rows


@dataclass
class Results:
    """One page of a search: its rows, how many match in all and how many of those are in the pound now."""

    rows: list[dict[str, Any]]
    total: int
    in_pound_now: int
    offset: int
    limit: int


def in_pound_now_sql(today: dt.date) -> str:
    """IN_POUND_NOW with today's date in it, for SQL whose other values are positional ('?')."""
    return IN_POUND_NOW.replace(":silent_before", f"'{silent_before(today)}'")


def search(con: sqlite3.Connection, query: Query, today: dt.date, limit: int = 50, offset: int = 0) -> Results:
    """The animals an owner's search finds, those in the pound now first, the nearest last day to claim first
    (an animal whose earliest auction day has come, and may be sold any day, before all); then every other match,
    newest first. Every match is on some page: offset + limit walks the two parts as one list.

    Two queries, each over an index, rather than one sort of every match: the animals in the pound now are few, and
    the rest come in the order of the brought_at index."""
    where, params = where_clause(query)
    now = in_pound_now_sql(today)
    total, in_pound = con.execute(
        f"SELECT count(*), coalesce(sum({now}), 0) FROM impoundments i WHERE {where}", params
    ).fetchone()
    rows: list[dict[str, Any]] = []
    if offset < in_pound:
        rows += map(
            dict,
            con.execute(
                f"""{SELECT} WHERE {where} AND {now}
                    ORDER BY i.auction_earliest_on IS NULL, i.auction_earliest_on, i.brought_at DESC LIMIT ? OFFSET ?""",
                [*params, limit, offset],
            ),
        )
    if len(rows) < limit and offset + len(rows) < total:
        rows += map(
            dict,
            con.execute(
                f"{SELECT} WHERE {where} AND NOT ({now}) ORDER BY i.brought_at DESC LIMIT ? OFFSET ?",
                [*params, limit - len(rows), max(0, offset - in_pound)],
            ),
        )
    return Results(decorate(rows, today), total, in_pound, offset, limit)


def latest(con: sqlite3.Connection, today: dt.date, limit: int = 20) -> list[dict[str, Any]]:
    """The newest entries in every register, for the home page before a search."""
    return decorate([dict(r) for r in con.execute(f"{SELECT} ORDER BY i.brought_at DESC LIMIT ?", (limit,))], today)
