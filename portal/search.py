"""Owner search: words to full-text search, ear tags to an exact match, kinds to the species column."""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from pinfold.errors import RecordRejected
from pinfold.law.clock import days_in_pound
from pinfold.law.status import whereabouts, whereabouts_select
from pinfold.vocabulary import SAME_WORD, SPECIES, TAG_AS_TYPED, species_of, tag_list

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


# The columns a search lists (with the pound's name), read by the SQL below and by the API's model of a row; each row
# also carries what became of the animal (pinfold/law/status.py whereabouts), counted for the day the page is for.
SEARCH_COLUMNS = ["id", "pound_id", "pound_name", "district", "brought_at", "brought_on", "species", "head_count",
                  "description", "colour", "ear_tags", "status", "left_on", "auction_earliest_on", "notice_due_on",
                  "auction_by_notice_on"]  # fmt: skip
WHEREABOUTS = list(whereabouts())


def day_sql(today: dt.date) -> str:
    """A day as an SQL literal for the whereabouts expressions: 2026-11-30 -> "'2026-11-30'"."""
    return f"'{today.isoformat()}'"


def in_pound_now(today: dt.date) -> str:
    """SQL over impoundments `i`: in the pound on `today` (status.whereabouts)."""
    return whereabouts(day_sql(today))["in_pound_now"]


def select(today: dt.date) -> str:
    """The search's SELECT: its columns and the animal's whereabouts on `today`, from impoundments `i` and pounds."""
    columns = ", ".join("p.name AS pound_name" if c == "pound_name" else f"i.{c}" for c in SEARCH_COLUMNS)
    return (
        f"SELECT {columns}, {whereabouts_select(day_sql(today))} FROM impoundments i JOIN pounds p ON p.id = i.pound_id"
    )


def animal(con: sqlite3.Connection, animal_id: str, today: dt.date) -> dict[str, Any] | None:
    """One impoundment, every column, with its whereabouts on `today` (the animal page and the API read this)."""
    row = con.execute(
        f"SELECT i.*, {whereabouts_select(day_sql(today))} FROM impoundments i WHERE i.id = ?", (animal_id,)
    ).fetchone()
    return decorate([dict(row)], today)[0] if row else None


def decorate(rows: list[dict[str, Any]], today: dt.date) -> list[dict[str, Any]]:
    """Rows with their whereabouts (SQL) -> with days in pound as charged too: nights from the day brought to the day
    it left, or to today, at least one; none when the register is silent on it (where it went is not known)."""
    for r in rows:
        for flag in ("in_pound_now", "register_silent", "auction_may_be_held"):
            r[flag] = bool(r[flag])
        start = dt.date.fromisoformat(r["brought_on"])
        end = dt.date.fromisoformat(r["left_on"]) if r.get("left_on") else today
        r["days_in_pound"] = None if r["register_silent"] else days_in_pound(start, end)
    return rows


@dataclass
class Results:
    """One page of a search: its rows, how many match in all and how many of those are in the pound now."""

    rows: list[dict[str, Any]]
    total: int
    in_pound_now: int
    offset: int
    limit: int


def search(con: sqlite3.Connection, query: Query, today: dt.date, limit: int = 50, offset: int = 0) -> Results:
    """The animals an owner's search finds, those in the pound now first, the nearest last day to claim first
    (an animal whose earliest auction day has come, and may be sold any day, before all); then every other match,
    newest first. Every match is on some page: offset + limit walks the two parts as one list."""
    where, params = where_clause(query)
    now, sql = in_pound_now(today), select(today)
    total, in_pound = con.execute(
        f"SELECT count(*), coalesce(sum({now}), 0) FROM impoundments i WHERE {where}", params
    ).fetchone()
    rows: list[dict[str, Any]] = []
    if offset < in_pound:
        rows += map(
            dict,
            con.execute(
                f"""{sql} WHERE {where} AND {now}
                    ORDER BY i.auction_earliest_on IS NULL, i.auction_earliest_on, i.brought_at DESC LIMIT ? OFFSET ?""",
                [*params, limit, offset],
            ),
        )
    if len(rows) < limit and offset + len(rows) < total:
        rows += map(
            dict,
            con.execute(
                f"{sql} WHERE {where} AND NOT ({now}) ORDER BY i.brought_at DESC LIMIT ? OFFSET ?",
                [*params, limit - len(rows), max(0, offset - in_pound)],
            ),
        )
    return Results(decorate(rows, today), total, in_pound, offset, limit)


def latest(con: sqlite3.Connection, today: dt.date, limit: int = 20) -> list[dict[str, Any]]:
    """The newest entries in every register, for the home page before a search."""
    rows = con.execute(f"{select(today)} ORDER BY i.brought_at DESC LIMIT ?", (limit,))
    return decorate([dict(r) for r in rows], today)
