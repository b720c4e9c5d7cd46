"""An owner's search never hides an animal: every match on some page, those in the pound now first, no filter the
owner did not choose, ear tags however they are typed. The real app in-process over the demo's real database."""

from __future__ import annotations

import datetime as dt
import html
import re
import sqlite3
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

import pytest

from pinfold.vocabulary import ear_tags, tag_list

from .conftest import TODAY
from .test_portal import parse


class Selected(HTMLParser):
    """The option selected in each <select>, by the select's name ('' when only the blank option is)."""

    def __init__(self) -> None:
        super().__init__()
        self.selected: dict[str, str] = {}
        self._name = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "select":
            self._name = a.get("name") or ""
            self.selected.setdefault(self._name, "")
        elif tag == "option" and "selected" in a:
            self.selected[self._name] = a.get("value") or ""


def selected(html: str) -> dict[str, str]:
    p = Selected()
    p.feed(html)
    return p.selected


def animal_links(html: str) -> list[str]:
    """The animals a results page lists, in order (each row links its animal once, from its kind)."""
    return re.findall(r'<td><a href="/animals/([^"]+)">', html.split('id="results"', 1)[1])


def next_link(html: str) -> str | None:
    m = re.search(r'<a href="([^"]+)" rel="next">', html)
    return m.group(1).replace("&amp;", "&") if m else None


def matching_ids(db: Path, sql: str, params: tuple = ()) -> set[str]:
    con = sqlite3.connect(db)
    try:
        return {r[0] for r in con.execute(sql, params)}
    finally:
        con.close()


def test_every_match_is_on_some_page_and_the_count_says_how_many(client, demo_dbs) -> None:
    # The demo's "black cow" has more matches than a page holds: before, 50 were shown and the rest unreachable.
    want = matching_ids(demo_dbs[0], "SELECT id FROM impoundments WHERE species = 'cow' AND description LIKE '%black%'")
    assert len(want) > 50
    seen: list[str] = []
    url: str | None = "/?q=black+cow"
    pages = 0
    while url:
        html = client.get(url).text
        seen += animal_links(html)
        pages += 1
        assert f"of {len(want)}" in parse(html).by_id["results-heading"]
        url = next_link(html)
    assert len(seen) == len(set(seen)) == len(want) and set(seen) == want
    assert pages == -(-len(want) // 50)


def test_the_api_walks_the_same_list_by_offset(client) -> None:
    total = client.get("/api/impoundments", params={"q": "black cow", "limit": 1}).json()["total"]
    pages = range(1, -(-total // 50) + 1)
    assert len(pages) > 1
    ids = []
    for n in pages:
        ids += [
            r["id"]
            for r in client.get("/api/impoundments", params={"q": "black cow", "offset": (n - 1) * 50}).json()["rows"]
        ]
    assert len(ids) == len(set(ids)) == total
    html_ids = []
    for n in pages:
        html_ids += animal_links(client.get("/", params={"q": "black cow", "page": n}).text)
    assert html_ids == ids  # the page and the API list the same animals in the same order


def test_animals_in_the_pound_now_come_first_the_nearest_last_day_first(client) -> None:
    found = client.get("/api/impoundments", params={"q": "black", "limit": 500}).json()
    rows = found["rows"]
    now = [r for r in rows if r["in_pound_now"]]
    assert 0 < found["in_pound_now"] == len(now) < len(rows)
    assert rows[: len(now)] == now  # every animal in the pound before any other
    # the nearest earliest auction first: the last day to claim, unless a later auction the Director fixed holds the
    # animal a little longer (it is shown sooner than it must be, never later)
    earliest = [r["auction_earliest_on"] for r in now if r["auction_earliest_on"]]
    assert earliest == sorted(earliest) and len(set(earliest)) > 1
    assert all(
        r["last_day_to_claim"] >= (dt.date.fromisoformat(r["auction_earliest_on"]) - dt.timedelta(days=1)).isoformat()
        for r in now
        if r["auction_earliest_on"]
    )
    rest = [r["brought_at"] for r in rows[len(now) :]]
    assert rest == sorted(rest, reverse=True)  # the others newest first


def test_a_kind_read_from_the_words_does_not_trap_the_next_search(client, demo_dbs) -> None:
    # "black cow" reads "cow" as the kind, but the Kind box must not be left on cow: the next search, "black calf",
    # then found 0 of the demo's black calves.
    assert selected(client.get("/", params={"q": "black cow"}).text)["species"] == ""
    calves = matching_ids(
        demo_dbs[0], "SELECT id FROM impoundments WHERE species = 'calf' AND description LIKE '%black%'"
    )
    assert calves
    assert client.get("/api/impoundments", params={"q": "black calf", "limit": 500}).json()["total"] == len(calves)
    # A kind the owner did choose stays chosen.
    assert selected(client.get("/", params={"q": "black", "species": "calf"}).text)["species"] == "calf"


def test_an_empty_result_names_the_filters_in_force_and_offers_to_drop_each(client, demo_dbs) -> None:
    con = sqlite3.connect(demo_dbs[0])
    (district,) = con.execute(
        "SELECT district FROM impoundments WHERE species = 'calf' AND description LIKE '%black%' LIMIT 1"
    ).fetchone()
    html = client.get("/", params={"q": "black calf", "species": "cow", "district": district}).text
    page = parse(html)
    assert "no-results" in page.by_id
    text = page.by_id["no-results"]
    assert "Kind: cow" in text and f"District: {district}" in text
    without_kind = "/?" + urlencode({"q": "black calf", "district": district})
    assert without_kind in page.links and "/?q=black+calf&species=cow" in page.links
    assert "no-results" not in parse(client.get(without_kind).text).by_id


def test_a_search_that_finds_nothing_says_which_word_to_leave_out(client, demo_dbs) -> None:
    """The review of 7 Dec: the home page's own example, 'black cow white patch Mannuthy', found nothing, and the page
    offered to drop the kind or the dates, while the cause was the place, which no register wrote. Each word whose
    leaving out finds something is offered, with what that finds, and the link finds it."""
    con = sqlite3.connect(demo_dbs[0])
    place = con.execute(
        "SELECT place_seized FROM impoundments WHERE species = 'cow' AND description LIKE '%black%' "
        "AND place_seized NOT LIKE '% %' AND place_seized NOT LIKE '%-%' LIMIT 1"
    ).fetchone()[0]
    assert not con.execute("SELECT 1 FROM impoundments WHERE place_seized LIKE '%Zanzibar%'").fetchone()
    # as typed (exact): a word the index does not know is otherwise read as the nearest one it knows
    page = parse(client.get("/", params={"q": f"black cow {place} Zanzibar", "lang": "en", "exact": "1"}).text)
    text = page.by_id["no-results"]
    assert "without “zanzibar”:" in text and "without “black”" not in text, text  # black: still nothing
    link = next(u for u in page.links if "q=cow+black+" in u)
    assert "cow" in link and place.lower() in link.lower()  # the kind read from the words is kept
    found = parse(client.get(link).text)
    assert "no-results" not in found.by_id
    assert f"Seized at: {place}" in found.text  # and each result says where it was seized
    for words in ("Zanzibar", "Zanzibar zanzibar"):  # one word, or one word twice: nothing to leave out
        one = parse(client.get("/", params={"q": words, "exact": "1"}).text)
        assert "without “" not in one.by_id["no-results"], words


def test_the_empty_result_speaks_malayalam_too(client) -> None:
    try:
        page = parse(client.get("/", params={"q": "black calf", "species": "cow", "lang": "ml"}).text)
    finally:
        client.cookies.clear()  # ?lang= is remembered in a cookie: the session's other tests read English
    assert "ഇനം" in page.by_id["no-results"] and "ഇതില്ലാതെ തിരയുക" in page.by_id["no-results"]


@pytest.mark.parametrize(
    "typed", ["{}", "{lower}", "{spaced}", "{joined}", "ear tag {lower_spaced}", "{dashless_lower}"]
)
def test_an_ear_tag_is_found_however_it_is_typed(client, demo_dbs, typed: str) -> None:
    con = sqlite3.connect(demo_dbs[0])
    animal, tag = con.execute("SELECT id, ear_tags FROM impoundments WHERE ear_tags LIKE 'KL-%' LIMIT 1").fetchone()
    state, district, number = tag.split("-")
    forms = {
        "lower": tag.lower(),
        "spaced": f"{state} {district} {number}",
        "joined": f"{state}{district}{number}",
        "lower_spaced": f"{state} {district} {number}".lower(),
        "dashless_lower": f"{state}{district}{number}".lower(),
    }
    q = typed.format(tag, **forms)
    assert [r["id"] for r in client.get("/api/impoundments", params={"q": q}).json()["rows"]] == [animal]


@pytest.mark.parametrize("sep", ["", " ", "-"])
def test_a_pashu_aadhaar_is_found_however_its_groups_are_typed(client, demo_dbs, sep: str) -> None:
    con = sqlite3.connect(demo_dbs[0])
    animal, uid = con.execute("SELECT id, ear_tags FROM impoundments WHERE length(ear_tags) = 12 LIMIT 1").fetchone()
    q = sep.join((uid[:4], uid[4:8], uid[8:]))
    assert [r["id"] for r in client.get("/api/impoundments", params={"q": q}).json()["rows"]] == [animal]


def test_ear_tags_are_read_in_one_form_however_a_register_writes_them() -> None:
    assert tag_list("kl 08 9808, KL089808 and 1514 0467 2266") == ["KL-08-9808", "151404672266"]
    assert ear_tags("black, ear tag KL-05-8073, Tag No. KL 05 8073") == "KL-05-8073"
    # Not a tag: words and a person's 10-digit number ("at 10 1234" has no state code; a mobile is not 12 digits).
    assert tag_list("seen at 10 1234, mob 9447012345") == []


@pytest.mark.parametrize("page", ["0", "x", "-1", "20001"])
def test_a_page_that_cannot_be_is_a_400_naming_the_parameter(client, page: str) -> None:
    r = client.get("/", params={"q": "black cow", "page": page})
    assert r.status_code == 400 and "page" in parse(r.text).text


def test_a_page_past_the_last_says_how_many_pages_there_are(client) -> None:
    r = client.get("/", params={"q": "black cow", "page": 99})
    assert r.status_code == 400 and "page" in parse(r.text).text


def test_the_demo_seizes_each_animal_in_its_pounds_own_area(demo_dbs) -> None:
    # "Place seen" means something only if a place belongs to one district: before, Mannuthy (Thrissur) was a place
    # of seizure for pounds in all fourteen districts.
    con = sqlite3.connect(demo_dbs[0])
    districts_of_place: dict[str, set[str]] = {}
    for place, district in con.execute("SELECT place_seized, district FROM impoundments WHERE place_seized != ''"):
        districts_of_place.setdefault(place, set()).add(district)
    assert len(districts_of_place) > 20
    assert {p: d for p, d in districts_of_place.items() if len(d) > 1} == {}


def test_the_counts_kept_in_memory_are_the_indexes_own(demo_dbs, monkeypatch: pytest.MonkeyPatch) -> None:
    """A search's counts from the sets of rows kept per version of the file (portal/matchsets.py) are those SQL
    counts from the full-text index and the rows: for words and a kind, a district, a pound whose id is several words
    (an exact id, not the phrase, which a longer id holds too), an ear tag and dates (the last two still counted by SQL)."""
    from portal import db
    from portal.matchsets import MATCH_SETS
    from portal.search import parse_query, search

    plain = sqlite3.connect(f"file:{demo_dbs[0]}?mode=ro&immutable=1", uri=True)
    plain.row_factory = sqlite3.Row
    kept = db.connect(demo_dbs[0])
    kept.version = "test-the-counts-kept"  # its own sets, made by this test
    monkeypatch.setattr(MATCH_SETS, "connect", None)  # made where asked, as without an app's background maker
    (pound,) = plain.execute("SELECT id FROM pounds WHERE id LIKE '%-%' ORDER BY id LIMIT 1").fetchone()
    (district,) = plain.execute("SELECT district FROM pounds ORDER BY id LIMIT 1").fetchone()
    (tag,) = plain.execute("SELECT ear_tags FROM impoundments WHERE ear_tags != '' LIMIT 1").fetchone()
    # 'klm-corp', the phrase 'klm corp' that pound klm-corp-1's rows hold, and no pound's id
    (numbered,) = plain.execute("SELECT id FROM pounds WHERE id GLOB '*-[0-9]' LIMIT 1").fetchone()
    queries = [
        parse_query("black cow"),
        parse_query("white", district=district),
        parse_query("black", pound=pound),
        parse_query("cow", pound=pound, district=district),
        parse_query(tag.split()[0]),
        parse_query("black", date_from="2026-10-01"),
        parse_query("cow", pound=numbered.rsplit("-", 1)[0]),
    ]
    before = len(MATCH_SETS)
    try:
        totals = []
        for query in queries:
            asked, counted = search(kept, query, TODAY), search(plain, query, TODAY)
            assert (asked.total, asked.in_pound_now) == (counted.total, counted.in_pound_now), query
            assert asked.rows == counted.rows
            totals.append(counted.total)
        assert all(totals[:4]) and len(MATCH_SETS) > before  # things found, and counted from the sets
    finally:
        plain.close()
        kept.close()


def test_the_auctions_found_from_the_lots_kept_in_memory_are_the_indexes_own(
    demo_dbs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The auctions feed and the calendar for a search list, from the lots' sets kept per version of the file
    (portal/matchsets.py MatchSets.auctions), the auctions SQL finds with a lot that matches (search.auctions_matching);
    the calendar's rows kept for the version (feeds.calendar_rows) are those read."""
    from portal import db
    from portal.feeds import CALENDAR, FEEDS, calendar_rows, feed_rows, filters
    from portal.matchsets import MATCH_SETS
    from portal.search import parse_query

    plain = sqlite3.connect(f"file:{demo_dbs[0]}?mode=ro&immutable=1", uri=True)
    plain.row_factory = sqlite3.Row
    kept = db.connect(demo_dbs[0])
    kept.version = "test-the-auctions-kept"
    monkeypatch.setattr(MATCH_SETS, "connect", None)
    (district,) = plain.execute("SELECT district FROM pounds ORDER BY id LIMIT 1").fetchone()
    queries = [
        parse_query("cow"),
        parse_query("black"),
        parse_query("white goat"),
        parse_query("cow", district=district),
    ]
    since = (TODAY - dt.timedelta(days=30)).isoformat()
    try:
        listed = 0
        for query in queries:
            for spec in (FEEDS["auctions"], CALENDAR):
                answers = []
                for con in (kept, plain):
                    where, params = filters(con, query, spec, TODAY, 500)
                    answers.append(feed_rows(con, spec, where, {**params, "since": since}, TODAY, 500))
                assert answers[0] == answers[1], (query, spec.where)
                listed += len(answers[0])
            where, params = filters(kept, query, CALENDAR, TODAY, 500)
            for _ in range(2):  # the rows read, then the rows kept for the version (feeds.calendar_rows)
                assert calendar_rows(kept, where, {**params, "since": since}, TODAY, 500) == answers[1]
        assert listed and any(k[0] == kept.version for k in MATCH_SETS._sets)  # found, from the sets
    finally:
        plain.close()
        kept.close()


@pytest.mark.parametrize(
    "asked",
    [
        {"q": "black"},
        {"q": "black cow"},
        {"q": "cow", "district": "Thrissur"},
        {"species": "buffalo"},
        {"q": "white"},
        {"district": "Ernakulam"},
        {"q": "brown", "from": "2026-10-01"},
    ],  # fmt: skip
)
def test_a_page_of_rowids_read_in_one_step_is_the_page_read_row_by_row(demo_dbs, monkeypatch, asked) -> None:
    """search._rowids reads a page's rowids as one row (db.ids_in_one_step, group_concat), for the interpreter's
    lock; every page of each search, both parts (in the pound now, then the rest), is the page a row-by-row read of
    the same SQL gives, in its order."""
    from portal import search as s

    con = sqlite3.connect(f"file:{demo_dbs[0]}?mode=ro", uri=True)
    query = s.parse_query(asked.get("q", ""), asked.get("species", ""), asked.get("district", ""),
                          date_from=asked.get("from", ""))  # fmt: skip
    total = s.search(con, query, TODAY, limit=1).total
    assert total > 30, asked

    def pages() -> list[list[str]]:
        return [[r["id"] for r in s.search(con, query, TODAY, limit=10, offset=o).rows] for o in range(0, total, 10)]

    one_step = pages()
    monkeypatch.setattr(s.db, "ids_in_one_step", lambda c, sql, params: [r[0] for r in c.execute(sql, params)])
    assert one_step == pages()
    assert sum(map(len, one_step)) == total


def test_the_rows_a_search_shows_read_in_one_step_are_those_read_row_by_row(demo_dbs) -> None:
    """search.rows_of reads the rows not kept as one row of JSON (db.rows_in_one_step): every row of the demo, every
    column the search shows, is the value, of the same type, a row-by-row read gives (JSON would round a REAL)."""
    from portal import db
    from portal.search import select

    con = sqlite3.connect(f"file:{demo_dbs[0]}?mode=ro", uri=True)
    sql = f"{select(TODAY)} WHERE i.rowid % 3 = ?"
    for part in range(3):
        one_step, by_row = db.rows_in_one_step(con, sql, (part,)), db.rows(con, sql, (part,))
        assert len(by_row) > 100 and one_step == by_row
        assert [[type(v) for v in r.values()] for r in one_step] == [[type(v) for v in r.values()] for r in by_row]
    assert db.rows_in_one_step(con, "SELECT 1 AS a, 'x' AS a") == [{"a": 1}]  # as rows() reads two of one name
    assert db.rows_in_one_step(con, "SELECT 1 AS a WHERE 0") == []


def test_a_list_kept_for_a_version_of_the_file_is_read_again_for_the_next_and_never_without_one(demo_dbs) -> None:
    """db.of_version keeps the pounds and districts a search page reads for the version of the file its connection
    reads: read once for v1, again for v2 (a new ingest may have renamed a pound), and each time for a connection
    whose version is not known."""
    from portal import db

    reads: list[str] = []

    class Con:
        def __init__(self, version: str) -> None:
            self.version = version

    def read(tag: str):
        return lambda: reads.append(tag) or [tag]

    assert db.of_version(Con("v1"), "t", read("v1")) == ["v1"] and db.of_version(Con("v1"), "t", read("x")) == ["v1"]
    assert db.of_version(Con("v2"), "t", read("v2")) == ["v2"] and db.of_version(Con("v1"), "t", read("v1")) == ["v1"]
    assert db.of_version(Con(""), "t", read("none")) == ["none"] and db.of_version(Con(""), "t", read("none"))
    assert reads == ["v1", "v2", "v1", "none", "none"]


def test_a_refused_search_is_offered_again_without_the_part_at_fault(client) -> None:
    """The review of 7 Dec: '/?from=2026-02-30', a reversed pair of dates or an unknown district gave a page with no
    way back to the search but its words alone; in Malayalam the district list and '(from)' were English. The page
    offers the same search without the parameter at fault, every other one kept, and it finds."""
    bad = client.get("/", params={"q": "cow", "district": "Thrissur", "from": "2026-02-30", "lang": "en"})
    page = parse(bad.text)
    assert bad.status_code == 400
    again = html.unescape(re.search(r'href="([^"]+)" id="retry-without"', bad.text)[1])  # type: ignore[index]
    assert "from=" not in again and "q=cow" in again and "district=Thrissur" in again
    assert "search again without it" in page.text.lower()
    assert client.get(again).status_code == 200
    swapped = client.get("/", params={"q": "cow", "from": "2026-12-01", "to": "2026-11-01"}).text
    assert html.unescape(re.search(r'href="([^"]+)" id="retry-without"', swapped)[1]) == "/?q=cow&from=2026-12-01"  # type: ignore[index]
    ml = parse(client.get("/", params={"district": "Mumbai", "from": "2026-13-01", "lang": "ml"}).text)
    client.cookies.clear()
    assert "മുതൽ" in ml.text and "(from)" not in ml.text  # the date, read first, is the part at fault
    ml = parse(client.get("/", params={"district": "Mumbai", "lang": "ml"}).text)
    client.cookies.clear()
    assert "തൃശ്ശൂർ" in ml.text and "Thrissur" not in ml.text
    assert "അതില്ലാതെ വീണ്ടും തിരയുക" in ml.text
