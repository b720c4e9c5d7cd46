"""Owner search: words to full-text search, ear tags to an exact match, kinds to the species column."""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
import sys
import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

from pinfold.errors import RecordRejected
from pinfold.law.clock import days_in_pound
from pinfold.law.packs import all_packs
from pinfold.law.status import SILENT_AFTER_DAYS, as_it_stood, whereabouts, whereabouts_select
from pinfold.schema import HELD_BACK, POSTED_EARLY, impoundments_order
from pinfold.vocabulary import SAME_WORD, SPECIES, TAG_AS_TYPED, species_label, species_of, species_or_none, tag_list

from . import db
from .errors import BadRequest
from .i18n import SPECIES_ML, district_label, t
from .matchsets import MATCH_SETS

# Small words an owner may type that no record is searched by ('near Kodungallur', 'കൊടുങ്ങല്ലൂർ ഇൽ'): never a reason
# for a search to find nothing.
STOPWORDS = {"a", "an", "the", "with", "and", "of", "on", "in", "my", "is", "has", "missing", "lost", "its", "near",
             "at", "around", "from", "by", "to", "for", "her", "his", "our", "ഇൽ", "ൽ", "ഒരു", "എന്റെ", "അടുത്ത്",
             "സമീപം", "കാണാതായ", "കാണാനില്ല"}  # fmt: skip
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
    pound_name: str = ""  # the pound's name as the portal publishes it (deps.get_search), to name a saved search by

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

    def label_in(self, lang: str) -> str:
        """What a saved search asks for, to name its feed or calendar in a reader among others, in `lang`:
        q='black cow', species='cow', district='Idukki' -> '“black cow” · cow · Idukki' ('ml': '“black cow” · പശു ·
        ഇടുക്കി'); a pound by its name ('Ollur Pound'); no filter -> ''."""
        ml = lang == "ml"
        shown = {
            "q": f"“{self.q}”",
            "species": species_label(self.species, lang),
            "district": district_label(self.district, lang),
            "pound": self.pound_name or f"pound {self.pound}",
            "from": ("{} മുതൽ" if ml else "from {}").format(self.date_from),
            "to": ("{} വരെ" if ml else "to {}").format(self.date_to),
        }

        # one printable line: a calendar's name cannot hold a line break ('q=0%0A0' was a 500 from icalendar), nor
        # XML a control character ('q=a%01b' was a 500 from lxml)
        def line(v: str) -> str:
            return " ".join("".join(ch if ch.isprintable() else " " for ch in v).split())

        return " · ".join(line(shown[k]) for k, _ in self.params)


def parse_date(value: str | None, name: str) -> dt.date | None:
    if not value:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise BadRequest(
            f"'{value}' is not a date for {name}: write YYYY-MM-DD",
            ml=f"'{value}' ({t(name, 'ml')}) ഒരു തീയതിയല്ല: YYYY-MM-DD എന്ന രീതിയിൽ എഴുതുക",
            param=name,
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
            param="to",
        )
    if species:
        try:
            query.species = query.species_chosen = species_of(species)
        except RecordRejected:
            raise BadRequest(
                param="species",
                message=f"'{species}' is not a kind of cattle: use one of {', '.join(SPECIES)}",
                ml=f"'{species}' കന്നുകാലി ഇനമല്ല: ഇവയിലൊന്ന് ഉപയോഗിക്കുക: "
                + ", ".join(f"{SPECIES_ML[s]} ({s})" for s in SPECIES),
            ) from None
    query.tags = tag_list(q)
    for raw in TAG_AS_TYPED.sub(" ", q).split():
        token = raw.strip(".,;:()\"'")
        for w in WORD.findall(token):
            lw = w.lower()
            if lw in STOPWORDS:
                continue
            if not query.species:
                kind = species_or_none(lw)
                if kind is not None:
                    query.species = kind
                    continue
            query.words.append(lw)
    return query


# A search that finds nothing says what each of its words costs: the same search without it, and how many it finds
MOST_WORDS_WEIGHED = 6


def without_each_word(con: sqlite3.Connection, query: Query) -> list[tuple[str, str, int]]:
    """For a search of several words that finds nothing, each word whose leaving out finds something: (the word, the
    words of the search without it, how many that finds). ('black cow white patch mannuthy': nothing) ->
    [('mannuthy', 'cow black white patch', 3)]: the place, which no register wrote, is what found nothing."""
    distinct = list(dict.fromkeys(query.words))
    if len(distinct) < 2:  # one word ('black black' too): without it, the search is another one entirely
        return []
    kind = [query.species] if query.species and not query.species_chosen else []  # a kind read from the words
    out = []
    for word in distinct[:MOST_WORDS_WEIGHED]:
        others = [w for w in query.words if w != word]
        n = _count_all(con, plan(replace(query, words=others)))
        if n:
            out.append((word, " ".join([*query.tags, *kind, *others]), n))
    return out


def fts_expression(words: list[str]) -> str:
    """['black', 'white-patch'] -> '"black" "white-patch"': every word quoted, so user input is never FTS syntax."""
    return " ".join('"' + w.replace('"', '""') + '"' for w in words)


def fts_word(word: str) -> str:
    """One search word, with its other languages: 'കറുത്ത' -> '("black" OR "കറുത്ത" OR ... )'; 'socks' -> '"socks"'."""
    same = SAME_WORD.get(word)
    return "(" + " OR ".join(fts_expression([w]) for w in same) + ")" if same else fts_expression([word])


# The columns a search lists (with the pound's name), read by the SQL below and by the API's model of a row; each row
# also carries what became of the animal (pinfold/law/status.py whereabouts), counted for the day the page is for.
SEARCH_COLUMNS = ["id", "pound_id", "pound_name", "district", "brought_at", "brought_on", "species", "head_count",
                  "description", "colour", "ear_tags", "place_seized", "status", "left_on", "auction_earliest_on", "notice_due_on",
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


def animal_on(con: sqlite3.Connection, animal_id: str, day: dt.date) -> dict[str, Any] | None:
    """One impoundment, every column as the register now has it, with its whereabouts on a day gone by: those of the
    register as it stood then (status.as_it_stood), so a cow sold on 17 Nov was in the pound on 9 Nov."""
    columns = [c[1] for c in con.execute("PRAGMA table_info(impoundments)")]
    row = con.execute(
        f"""WITH i AS (SELECT {as_it_stood(":day", columns)} FROM impoundments WHERE id = :id)
            SELECT o.*, {whereabouts_select(day_sql(day))} FROM impoundments o, i WHERE o.id = :id""",
        {"id": animal_id, "day": day.isoformat()},
    ).fetchone()
    return decorate([dict(row)], day)[0] if row else None


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


@dataclass
class Plan:
    """A search as the indexes answer it (pinfold/schema.py search_index): the full-text expression (words, tags, and
    the kind, district and pound as index columns, so the index intersects them), and the SQL over impoundments `i`
    the index cannot decide exactly (a tag as a whole word, a pound's or district's id of several words, the dates).

    'black cow KL-07-1234' in Thrissur -> match '("black" OR "കറുത്ത" ...) AND ear_tags : "KL-07-1234" AND species :
    "cow" AND district : "Thrissur"', exact ["(' ' || i.ear_tags || ' ') LIKE ?"]."""

    match: str | None
    exact: list[str]
    params: list[Any]
    terms: list[str] = field(default_factory=list)  # the parts of `match`, joined by AND
    # those of `exact` that are a column's value: (column, value, its term in `terms`)
    equal: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def where(self) -> str:
        return " AND ".join(self.exact) or "1"


def plan(query: Query) -> Plan:
    columns = (("species", query.species), ("district", query.district), ("pound_id", query.pound))
    phrases = {column: f"{column} : " + fts_expression([value]) for column, value in columns if value}
    terms = [fts_word(w) for w in query.words] + ["ear_tags : " + fts_expression([tag]) for tag in query.tags]
    terms += phrases.values()
    exact, params, equal = [], [], []
    for tag in query.tags:  # the phrase matched; keep only exact tags
        exact.append("(' ' || i.ear_tags || ' ') LIKE ?")
        params.append(f"% {tag} %")
    for column, value in (("district", query.district), ("pound_id", query.pound)):
        if value and not value.isalnum():  # 'tcr-corp' is the phrase 'tcr corp', which 'tcr-corp-2' holds too
            exact.append(f"i.{column} = ?")
            params.append(value)
            equal.append((column, value, phrases[column]))
    if query.date_from:
        exact.append("i.brought_on >= ?")
        params.append(query.date_from.isoformat())
    if query.date_to:
        exact.append("i.brought_on <= ?")
        params.append(query.date_to.isoformat())
    return Plan(" AND ".join(terms) or None, exact, params, terms, equal)


def common_plans(con: sqlite3.Connection, entries: int = 2000, words: int = 60) -> list[Plan]:
    """The parts owners' searches are most often made of, each as plan() writes it: every kind, district and pound,
    and each of the words most used in the newest entries' descriptions -> [plan(kind cow), ..., plan('black')]."""
    used: Counter[str] = Counter()
    for (description,) in con.execute("SELECT description FROM impoundments ORDER BY rowid LIMIT ?", (entries,)):
        used.update(set(parse_query((description or "")[:500]).words))
    queries = [Query(species=s) for s in SPECIES]
    queries += [Query(district=r[0]) for r in con.execute("SELECT DISTINCT district FROM pounds WHERE district != ''")]
    queries += [Query(pound=r[0]) for r in con.execute("SELECT id FROM pounds")]
    queries += [Query(words=[w]) for w, _ in used.most_common(words)]
    return [plan(q) for q in queries]


# in_pound_from() by (version of the file, day): one answer for every search, feed and list of that file and day.
_IN_POUND_FROM: dict[tuple[str, dt.date], int] = {}


def in_pound_from(con: sqlite3.Connection, today: dt.date) -> int:
    """The first row of impoundments_in_pound (the nearest last day to claim first) that is in the pound on `today`:
    its earliest auction a month ago or later (status.whereabouts). Rows before it the register is silent on. Kept
    for the connection's version of the file and the day, when its version is known (db.Connection)."""
    version = getattr(con, "version", "")
    kept = _IN_POUND_FROM.get((version, today)) if version else None
    if kept is None:
        kept = _in_pound_from(con, today)
        if version:
            if len(_IN_POUND_FROM) >= 8:
                _IN_POUND_FROM.clear()  # other files' and days'
            _IN_POUND_FROM[(version, today)] = kept
    return kept


def _in_pound_from(con: sqlite3.Connection, today: dt.date) -> int:
    cutoff = (today - dt.timedelta(days=SILENT_AFTER_DAYS)).isoformat()
    (first,) = con.execute(
        "SELECT min(rowid) FROM impoundments_in_pound WHERE auction_earliest_on = "
        "(SELECT min(auction_earliest_on) FROM impoundments_in_pound WHERE auction_earliest_on >= ?)",
        (cutoff,),
    ).fetchone()
    return int(first) if first is not None else 1 << 62


def in_pound_now_by_pound(con: sqlite3.Connection, today: dt.date) -> dict[str, int]:
    """How many animals each pound has in it on `today`, as the search counts them (a range of impoundments_in_pound
    and the few a complaint holds back): {'tcr-ollur': 12, ...}; a pound with none is absent. At 1M rows 66 ms for
    every pound, where a count per pound over its entries took 950 ms."""
    counts: dict[str, int] = {}
    regular = """SELECT i.pound_id, count(*) FROM impoundments_in_pound q JOIN impoundments i ON i.rowid = q.impoundment
                 WHERE q.rowid >= ? GROUP BY i.pound_id"""
    held_back = f"""SELECT i.pound_id, count(*) FROM impoundments i INDEXED BY impoundments_auction_held_back
                    WHERE {HELD_BACK.replace("status", "i.status").replace("auction_", "i.auction_")}
                      AND {in_pound_now(today)} GROUP BY i.pound_id"""
    for sql, params in ((regular, (in_pound_from(con, today),)), (held_back, ())):
        for pound_id, n in con.execute(sql, params):
            counts[pound_id] = counts.get(pound_id, 0) + n
    return counts


def _held_back(con: sqlite3.Connection, p: Plan, today: dt.date) -> list[int]:
    """The animals in the pound now whose sale a complaint stops or delays (not in impoundments_in_pound: few), that
    the search finds, the nearest auction first, those with none last: their impoundments rowids."""
    match = " AND EXISTS (SELECT 1 FROM impoundments_fts f WHERE f.rowid = i.rowid AND impoundments_fts MATCH ?)"
    sql = f"""SELECT i.rowid FROM impoundments i INDEXED BY impoundments_auction_held_back
              WHERE {HELD_BACK.replace("status", "i.status").replace("auction_", "i.auction_")} AND {in_pound_now(today)}
                AND {p.where}{match if p.match else ""}
              ORDER BY i.auction_earliest_on IS NULL, i.auction_earliest_on, i.brought_at DESC"""
    return [r[0] for r in con.execute(sql, [*p.params, *([p.match] if p.match else [])])]


def _count_all(con: sqlite3.Connection, p: Plan) -> int:
    """How many impoundments the search matches: the full-text index alone counts when nothing needs checking against
    the row (milliseconds, where a join of 200,000 matches of 'black' took 200 ms at 1M rows), and its terms' sets of
    rows kept for the version of the file read faster still (matchsets.py: 'left cow' 0.05 ms, not 15)."""
    version = getattr(con, "version", "")
    if p.match and len(p.exact) == len(p.equal) and version:
        kept = MATCH_SETS.count(con, version, "impoundments_fts", p.terms, p.equal)
        if kept is not None:
            return kept  # else a set is not kept yet (made in the background): SQL counts, as fast as it ever was
    if p.match and not p.exact:
        sql, params = "SELECT count(*) FROM impoundments_fts WHERE impoundments_fts MATCH ?", [p.match]
    elif p.match:
        sql = f"""SELECT count(*) FROM impoundments_fts f JOIN impoundments i ON i.rowid = f.rowid
                  WHERE impoundments_fts MATCH ? AND {p.where}"""
        params = [p.match, *p.params]
    else:
        sql, params = f"SELECT count(*) FROM impoundments i WHERE {p.where}", p.params
    return int(con.execute(sql, params).fetchone()[0])


def _count_in_pound(con: sqlite3.Connection, p: Plan, start: int) -> int:
    """How many of impoundments_in_pound from row `start` (those in the pound now) the search matches."""
    version = getattr(con, "version", "")
    if p.match and len(p.exact) == len(p.equal) and version:
        kept = MATCH_SETS.count(con, version, "impoundments_fts_in_pound", p.terms, p.equal, start)
        if kept is not None:
            return kept
    if p.match and not p.exact:
        sql = "SELECT count(*) FROM impoundments_fts_in_pound WHERE impoundments_fts_in_pound MATCH ? AND rowid >= ?"
        params: list[Any] = [p.match, start]
    elif p.match:
        sql = f"""SELECT count(*) FROM impoundments_fts_in_pound f JOIN impoundments_in_pound q ON q.rowid = f.rowid
                  JOIN impoundments i ON i.rowid = q.impoundment
                  WHERE impoundments_fts_in_pound MATCH ? AND f.rowid >= ? AND {p.where}"""
        params = [p.match, start, *p.params]
    else:
        sql = f"""SELECT count(*) FROM impoundments_in_pound q JOIN impoundments i ON i.rowid = q.impoundment
                  WHERE q.rowid >= ? AND {p.where}"""
        params = [start, *p.params]
    return int(con.execute(sql, params).fetchone()[0])


def search(con: sqlite3.Connection, query: Query, today: dt.date, limit: int = 50, offset: int = 0) -> Results:
    """The animals an owner's search finds, those in the pound now first, the nearest last day to claim first
    (an animal whose earliest auction day has come, and may be sold any day, before all; those whose sale a complaint
    stops after them); then every other match, newest first. Every match is on some page: offset + limit walk the
    parts as one list. Each part is the first rows of an index scan in its order (pinfold/schema.py search_index), so a
    page costs the rows it shows, and the counts are the full-text index's own. The scans give the page's rowids; the
    rows themselves come from those kept for the file and the day (KEPT_ROWS), read only when not kept."""
    p = plan(query)
    start = in_pound_from(con, today)
    held_back = _held_back(con, p, today)
    regular = _count_in_pound(con, p, start)
    in_pound = regular + len(held_back)
    total = _count_all(con, p)
    now = in_pound_now(today)
    shown: list[int] = []
    if offset < regular:
        if p.match:
            source = f"""impoundments_fts_in_pound f JOIN impoundments_in_pound q ON q.rowid = f.rowid
                         JOIN impoundments i ON i.rowid = q.impoundment JOIN pounds p ON p.id = i.pound_id
                         WHERE impoundments_fts_in_pound MATCH ? AND f.rowid >= {start} AND {p.where}
                         ORDER BY f.rowid"""
        else:
            source = f"""impoundments_in_pound q JOIN impoundments i ON i.rowid = q.impoundment
                         JOIN pounds p ON p.id = i.pound_id WHERE q.rowid >= {start} AND {p.where} ORDER BY q.rowid"""
        shown += _rowids(con, source, p, limit, offset)
    if len(shown) < limit and held_back and offset + len(shown) < in_pound:
        first = max(0, offset - regular)
        shown += held_back[first : first + limit - len(shown)]
    if len(shown) < limit and offset + len(shown) < total:
        if p.match:
            source = f"""impoundments_fts f JOIN impoundments i ON i.rowid = f.rowid JOIN pounds p ON p.id = i.pound_id
                         WHERE impoundments_fts MATCH ? AND NOT ({now}) AND {p.where} ORDER BY f.rowid"""
        else:
            source = f"""impoundments i JOIN pounds p ON p.id = i.pound_id WHERE NOT ({now}) AND {p.where}
                         ORDER BY {impoundments_order("i.brought_at", "i.id")}"""
        shown += _rowids(con, source, p, limit - len(shown), max(0, offset - in_pound))
    return Results(rows_of(con, shown, today), total, in_pound, offset, limit)


def _rowids(con: sqlite3.Connection, source: str, p: Plan, limit: int, offset: int) -> list[int]:
    """The impoundments rowids of a page of `source` (FROM ... WHERE ... ORDER BY), in its order."""
    params = [p.match] if p.match else []
    return db.ids_in_one_step(
        con, f"SELECT i.rowid FROM {source} LIMIT ? OFFSET ?", [*params, *p.params, limit, offset]
    )


# How many shown rows are kept (about 1 KB each): the first pages of owners' searches share most of their rows, the
# animals in the pound with the nearest last day to claim (at 200k rows, of new searches after a thousand others, 77%
# of the rows shown were kept with 20,000 kept, 65% with 10,000).
MOST_KEPT_ROWS = 20_000

Row = tuple[tuple[str, ...], tuple[Any, ...]]  # a kept row: its columns (one tuple shared by many rows), its values


class KeptRows:
    """The rows search() shows, decorated, by impoundments rowid, for one version of the file and one day: what a row
    says (its whereabouts, days in pound, last day to claim) is the file's and the day's, so a new file or a new day
    keeps rows of its own, and the last two (file, day) pairs are kept, the one served and the one before (requests
    on the file before may still be rendering). Connections whose version is not known (db.Connection) keep none."""

    def __init__(self, most: int = MOST_KEPT_ROWS):
        self.most = most
        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple[str, dt.date], OrderedDict[int, Row]] = OrderedDict()

    def get(self, version: str, today: dt.date, rowids: list[int]) -> dict[int, dict[str, Any]]:
        """('v1', 29 Nov, [5, 9]) -> {5: a new dict of row 5} when only row 5 is kept for that file and day."""
        with self._lock:
            rows = self._kept.get((version, today))
            if rows is None:
                return {}
            found = {r: rows[r] for r in rowids if r in rows}
            for r in found:
                rows.move_to_end(r)
        return {r: dict(zip(*row, strict=True)) for r, row in found.items()}

    def put(self, version: str, today: dt.date, rows: dict[int, dict[str, Any]]) -> None:
        """Keeps rows for (version, today), the least recently shown going beyond `most`; a third pair's rows push
        out the pair least recently used."""
        shared: tuple[str, ...] = ()
        compact: dict[int, Row] = {}
        for rowid, r in rows.items():
            columns = tuple(r)
            shared = shared if columns == shared else columns
            # a column's few values (a pound's name, a day, a status) held once for all the rows that share them
            compact[rowid] = (shared, tuple([sys.intern(v) if type(v) is str else v for v in r.values()]))
        with self._lock:
            kept = self._kept.get((version, today))
            if kept is None:
                kept = self._kept[(version, today)] = OrderedDict()
                while len(self._kept) > 2:
                    self._kept.popitem(last=False)
            self._kept.move_to_end((version, today))
            kept.update(compact)
            while len(kept) > self.most:
                kept.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


KEPT_ROWS = KeptRows()


def rows_of(con: sqlite3.Connection, rowids: list[int], today: dt.date) -> list[dict[str, Any]]:
    """Impoundments by rowid, in that order, as a search lists them on `today` (select + decorate): [7, 3] -> [row 7,
    row 3], each a dict of its own (a caller may change it). Those kept for the connection's version and the day come
    from KEPT_ROWS, the others are read in one query and kept."""
    version = getattr(con, "version", "")
    found = KEPT_ROWS.get(version, today, rowids) if version else {}
    missing = [r for r in dict.fromkeys(rowids) if r not in found]
    if missing:
        # one statement whatever the page's rowids (a list of them in the SQL would be parsed again each time)
        sql = f"{select(today)} WHERE i.rowid IN (SELECT value FROM json_each(?))"
        head = sql[: sql.index(" FROM impoundments i")]
        read = db.rows_in_one_step(con, f"{head}, i.rowid AS _rowid{sql[len(head) :]}", (json.dumps(missing),))
        fresh = {r.pop("_rowid"): r for r in decorate(read, today)}
        if version:
            KEPT_ROWS.put(version, today, fresh)
        found.update(fresh)
    seen: set[int] = set()
    rows = []
    for r in rowids:  # a row on the page twice is two dicts, as two reads gave
        rows.append(dict(found[r]) if r in seen else found[r])
        seen.add(r)
    return rows


def latest(con: sqlite3.Connection, today: dt.date, limit: int = 20) -> list[dict[str, Any]]:
    """The newest entries in every register, for the home page before a search."""
    return decorate(db.rows(con, f"{select(today)} ORDER BY i.brought_at DESC LIMIT ?", (limit,)), today)


def _in_pound_to(con: sqlite3.Connection, day: dt.date) -> int:
    """The last row of impoundments_in_pound whose earliest auction is on or before `day`."""
    (last,) = con.execute(
        "SELECT max(rowid) FROM impoundments_in_pound WHERE auction_earliest_on = "
        "(SELECT max(auction_earliest_on) FROM impoundments_in_pound WHERE auction_earliest_on <= ?)",
        (day.isoformat(),),
    ).fetchone()
    return int(last) if last is not None else 0


def newest_ids(con: sqlite3.Connection, p: Plan, limit: int) -> list[str]:
    """The newest impoundments a search finds, newest first: the first rows of the full-text index, in the order the
    impoundments are stored (pinfold/schema.py impoundments_order). The impounded feed reads them."""
    if p.match:
        sql = f"""SELECT i.id FROM impoundments_fts f JOIN impoundments i ON i.rowid = f.rowid
                  WHERE impoundments_fts MATCH ? AND {p.where} ORDER BY f.rowid LIMIT ?"""
        params = [p.match, *p.params, limit]
    else:
        sql = f"SELECT i.id FROM impoundments i WHERE {p.where} ORDER BY {impoundments_order('i.brought_at', 'i.id')} LIMIT ?"
        params = [*p.params, limit]
    return [r[0] for r in con.execute(sql, params)]


def notice_ids(con: sqlite3.Connection, p: Plan, today: dt.date, limit: int) -> list[str]:
    """The impoundments whose notice the notices feed lists for a search, the latest notice first: animals in the pound
    now whose notice day has come. impoundments_in_pound read backwards is notice day order (a notice is due its Act's
    days before the earliest auction, K s.13(3)), from the last animal whose notice can have come today down to the
    first in the pound now; the few whose sale a complaint holds back or whose notice was posted early are read apart
    (partial indexes) and merged in."""
    start = in_pound_from(con, today)
    ahead = max(pk.clock.notice_to_auction_days + 1 for pk in all_packs().values())
    last = _in_pound_to(con, today + dt.timedelta(days=ahead))
    match = [p.match] if p.match else []
    if p.match:
        rows = """impoundments_fts_in_pound f JOIN impoundments_in_pound q ON q.rowid = f.rowid
                  JOIN impoundments i ON i.rowid = q.impoundment JOIN notices n ON n.impoundment_id = i.id"""
        where, order = "impoundments_fts_in_pound MATCH ? AND f.rowid BETWEEN ? AND ?", "f.rowid"
    else:
        rows = """impoundments_in_pound q JOIN impoundments i ON i.rowid = q.impoundment
                  JOIN notices n ON n.impoundment_id = i.id"""
        where, order = "q.rowid BETWEEN ? AND ?", "q.rowid"
    found = con.execute(
        f"""SELECT i.id, n.posted_on FROM {rows} WHERE {where} AND n.posted_on <= ? AND {p.where}
            ORDER BY {order} DESC LIMIT ?""",
        [*match, start, last, today.isoformat(), *p.params, 2 * limit],
    ).fetchall()
    apart = f"{in_pound_now(today)} AND {p.where}" + (
        " AND EXISTS (SELECT 1 FROM impoundments_fts f WHERE f.rowid = i.rowid AND impoundments_fts MATCH ?)"
        if p.match
        else ""
    )
    for index, condition in (
        ("impoundments_auction_held_back", HELD_BACK),
        ("impoundments_notice_posted_early", POSTED_EARLY),
    ):
        found += con.execute(
            f"""SELECT i.id, n.posted_on FROM impoundments i INDEXED BY {index} JOIN notices n ON n.impoundment_id = i.id
                WHERE {_columns_of(condition)} AND n.posted_on <= ? AND {apart}""",
            [today.isoformat(), *p.params, *match],
        ).fetchall()
    by_day = sorted({i: day for i, day in found}.items(), key=lambda item: item[1], reverse=True)
    return [i for i, _ in by_day[:limit]]


def _columns_of(condition: str) -> str:
    """A condition over impoundments' columns, qualified by `i.`: "status IN (...)" -> "i.status IN (...)"."""
    return re.sub(
        r"\b(status|auction_earliest_on|auction_by_notice_on|notice_posted_on|notice_due_on)\b", r"i.\1", condition
    )


def _named(p: Plan) -> str:
    """A plan's exact SQL with its values named as _match_params names them: 'i.brought_on >= ?' -> '... >= :x0'."""
    parts = p.where.split("?")
    return parts[0] + "".join(f":x{i}" + rest for i, rest in enumerate(parts[1:]))


def auctions_matching(p: Plan) -> str:
    """SQL: the ids of the auctions to be held (scheduled or proposed) with a lot that is an animal the search finds,
    from the full-text index of their lots (impoundments_fts_lots): 'horn' at 1M rows, 2,285 auctions in 17 ms."""
    exact = f" JOIN impoundments i ON i.id = l.impoundment_id WHERE {_named(p)}" if p.exact else ""
    if not p.match:
        return f"SELECT DISTINCT l.auction_id FROM auction_lots l{exact or ' WHERE 1'}"
    where = " AND" if exact else " WHERE"
    return (
        f"SELECT DISTINCT l.auction_id FROM impoundments_fts_lots f JOIN auction_lots l ON l.rowid = f.rowid{exact}"
        f"{where} impoundments_fts_lots MATCH :match"
    )


def impoundment_matching(p: Plan, impoundment: str) -> str:
    """SQL: the impoundment whose id is `impoundment` (an SQL expression) is one the search finds."""
    match = " AND impoundments_fts MATCH :match" if p.match else ""
    fts = " JOIN impoundments_fts f ON f.rowid = i.rowid" if p.match else ""
    return f"SELECT 1 FROM impoundments i{fts} WHERE i.id = {impoundment}{match} AND {_named(p)}"
