"""End to end against a real uvicorn on loopback: feedparser reads the feeds, icalendar reads the calendar."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path
from zoneinfo import ZoneInfo

import feedparser
import httpx
import icalendar
import pytest

from ingest.build import ingest
from pinfold.law.packs import pack
from portal.i18n import date_label
from portal.render import money_text
from portal.settings import Settings

from .conftest import TODAY, LiveServer

FEEDS = [f"/feeds/{name}.{fmt}" for name in ("impounded", "notices", "auctions") for fmt in ("rss", "atom")]
MEDIA = {"rss": "application/rss+xml", "atom": "application/atom+xml"}


def get(server: LiveServer, path: str, **kw) -> httpx.Response:
    return httpx.get(server.url + path, timeout=30, **kw)


@pytest.mark.parametrize("path", FEEDS)
def test_feedparser_reads_every_feed(live_server: LiveServer, path: str) -> None:
    r = get(live_server, path)
    assert r.status_code == 200 and r.headers["content-type"].startswith(MEDIA[path.rsplit(".", 1)[1]])
    feed = feedparser.parse(r.content)
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.entries, path
    for e in feed.entries:
        assert e.id.startswith("tag:pinfold,2026:") and e.link.startswith(live_server.url + "/")
        assert e.summary and e.title
        assert e.get("published", e.get("updated", "")).endswith(("+0530", "+05:30"))


@pytest.mark.parametrize("fmt", ["rss", "atom"])
def test_an_auction_is_dated_when_it_became_known_not_by_its_day_to_come(
    live_server: LiveServer, settings: Settings, fmt: str
) -> None:
    """A feed reader sorts and shows entries by their date: an auction dated by its start, a fortnight away, read "in
    14 days" above today's news. Each entry is dated by the ingest that published or last changed the auction (the
    calendar's LAST-MODIFIED, auction_versions.modified_at), never later than now; its day and hour stay in the title,
    and its id is the auction's own, as before."""
    feed = feedparser.parse(get(live_server, f"/feeds/auctions.{fmt}").content)
    con = sqlite3.connect(settings.database)
    assert not feed.bozo and feed.entries
    now = dt.datetime.now(dt.UTC)
    ahead = 0
    for e in feed.entries:
        atom_id = e.id.removeprefix("tag:pinfold,2026:")
        day, time, modified = con.execute(
            """SELECT a.auction_date, a.auction_time, v.modified_at FROM auctions a
               JOIN auction_versions v ON v.auction_id = a.id WHERE a.id = ?""",
            (atom_id,),
        ).fetchone()
        dated = dt.datetime(*(e.get("published_parsed") or e.updated_parsed)[:6], tzinfo=dt.UTC)
        assert dated == dt.datetime.fromisoformat(modified).astimezone(dt.UTC) and dated <= now
        assert date_label(day, "en") in e.title and (time is None or time in e.title)
        ahead += day > TODAY.isoformat()
    assert ahead  # the demo has auctions to come: an entry dated by its start would be in the future


@pytest.mark.parametrize("name", ["impounded", "notices", "auctions"])
@pytest.mark.parametrize(
    ("param", "value"), [("district", "Thrissur"), ("pound", "tcr-corp"), ("species", "goat"), ("q", "socks")]
)
def test_every_filter_returns_only_matching_items(
    live_server: LiveServer, settings: Settings, name: str, param: str, value: str
) -> None:
    feed = feedparser.parse(get(live_server, f"/feeds/{name}.rss", params={param: value}).content)
    con = sqlite3.connect(settings.database)
    view = {"impounded": "feed_impounded", "notices": "feed_notices", "auctions": "feed_auctions"}[name]
    column = {"district": "district", "pound": "pound_id", "species": "species", "q": "search_text"}[param]
    assert not feed.bozo
    if name == "impounded":
        assert feed.entries  # the demo has matches for every one of these filters: an empty feed proves nothing
    for e in feed.entries:
        atom_id = e.id.removeprefix("tag:pinfold,2026:")
        (got,) = con.execute(f"SELECT {column} FROM {view} WHERE atom_id = ?", (atom_id,)).fetchone()
        assert value in got.split() if param == "species" else value in got


@pytest.mark.parametrize("pound", ["24pgs-barrackpore", "tcr-corp"])
def test_a_feed_writes_money_in_its_era_and_cites_its_own_act(
    live_server: LiveServer, settings: Settings, pound: str
) -> None:
    # An 1858 fine reads "8 as.", as on the animal's page, not "Rs 0.50"; each Act's own sections are cited.
    feed = feedparser.parse(get(live_server, "/feeds/impounded.rss", params={"pound": pound}).content)
    con = sqlite3.connect(settings.database)
    assert feed.entries
    for e in feed.entries:
        atom_id = e.id.removeprefix("tag:pinfold,2026:")
        fine, brought_on, act = con.execute(
            "SELECT fine_due_rupees, brought_on, act FROM impoundments WHERE id = ?", (atom_id,)
        ).fetchone()
        assert f"Fine {money_text(fine, brought_on)}" in e.summary
        assert f"({pack(act).citation('fine', 'feeding')})" in e.summary
        assert f"brought {date_label(brought_on, 'en')}." in e.summary


def test_a_saved_search_feed_has_what_the_page_shows(live_server: LiveServer) -> None:
    params = {"q": "black white patch", "species": "cow"}
    feed = feedparser.parse(get(live_server, "/feeds/impounded.rss", params=params).content)
    api = get(live_server, "/api/impoundments", params=params).json()
    assert feed.entries
    feed_ids = {e.id.removeprefix("tag:pinfold,2026:") for e in feed.entries}
    assert feed_ids <= {
        r["id"] for r in get(live_server, "/api/impoundments", params={**params, "limit": 500}).json()["rows"]
    }
    assert api["total"] >= len(feed.entries)


def test_each_saved_search_feed_and_calendar_is_named_by_its_filters(live_server: LiveServer) -> None:
    # Every saved search's feed was titled "Pinfold: newest impoundments" with one feed id: in a reader holding three
    # of them, an owner could not tell which was which, and some readers merge feeds that share an id.
    black = {"q": "white patch", "district": "Thrissur"}
    feeds = {
        "black": feedparser.parse(get(live_server, "/feeds/impounded.atom", params=black).content).feed,
        "again": feedparser.parse(
            get(live_server, "/feeds/impounded.atom", params=dict(reversed(black.items()))).content
        ).feed,
        "goats": feedparser.parse(get(live_server, "/feeds/impounded.atom", params={"species": "goat"}).content).feed,
        "all": feedparser.parse(get(live_server, "/feeds/impounded.atom").content).feed,
    }
    assert feeds["black"].title == "Pinfold: newest impoundments — “white patch” · Thrissur"
    assert feeds["goats"].title == "Pinfold: newest impoundments — goat"
    assert feeds["all"].title == "Pinfold: newest impoundments"
    assert feeds["black"].id == feeds["again"].id  # one saved search, one id, however its URL is written
    assert len({feeds[k].id for k in ("black", "goats", "all")}) == 3
    rss = feedparser.parse(get(live_server, "/feeds/notices.rss", params={"q": "<b>bold</b>"}).content).feed
    assert "<b>" not in rss.title and "&lt;b&gt;bold" in rss.title  # RSS titles are HTML: the words show as text
    cal = icalendar.Calendar.from_ical(
        get(live_server, "/calendar/auctions.ics", params={"district": "Thrissur"}).content
    )
    assert str(cal["X-WR-CALNAME"]) == "Pinfold: cattle pound auctions — Thrissur"
    # a line break in the words (schemathesis sent q=0%0A0) was a 500: a calendar's name is one line
    broken = get(live_server, "/calendar/auctions.ics", params={"q": "white\npatch"})
    assert broken.status_code == 200
    assert str(icalendar.Calendar.from_ical(broken.content)["X-WR-CALNAME"]).endswith("— “white patch”")


def test_item_ids_survive_a_reingest(live_server: LiveServer, demo_dir: Path, tmp_path: Path) -> None:
    pub = tmp_path / "again.db"
    ingest(demo_dir, pub, tmp_path / "again-private.db")
    with LiveServer(Settings(database=pub, today=TODAY)) as again:
        for path in ("/feeds/impounded.atom", "/feeds/notices.rss", "/feeds/auctions.rss"):
            first = [e.id for e in feedparser.parse(get(live_server, path).content).entries]
            second = [e.id for e in feedparser.parse(get(again, path).content).entries]
            assert first == second and first


def test_calendar_times_are_right_in_india(live_server: LiveServer, settings: Settings) -> None:
    r = get(live_server, "/calendar/auctions.ics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/calendar")
    cal = icalendar.Calendar.from_ical(r.content)
    tzs = [c for c in cal.walk("VTIMEZONE")]
    assert [str(t["TZID"]) for t in tzs] == ["Asia/Kolkata"]
    events = cal.walk("VEVENT")
    assert events
    con = sqlite3.connect(settings.database)
    uids = set()
    for ev in events:
        start = ev.decoded("DTSTART")
        uid = str(ev["UID"])
        uids.add(uid)
        starts_at, lots, status = con.execute(
            "SELECT starts_at, lots, status FROM auctions WHERE id = ?", (uid.removesuffix("@pinfold"),)
        ).fetchone()
        # a proposed auction is the earliest day the Act allows, not a day fixed by the Director: labelled, TENTATIVE
        prefix = "Proposed cattle auction" if status == "proposed" else "Cattle auction"
        if lots:
            assert str(ev["SUMMARY"]).startswith(f"{prefix}: {lots} lot{'' if lots == 1 else 's'}, ")
            assert "Lot 1" in str(ev["DESCRIPTION"])
        else:  # an auction the Director fixed is shown before any animal is known to be in it
            assert str(ev["SUMMARY"]).startswith(f"{prefix}: lots not yet known") and status == "scheduled"
        assert str(ev["STATUS"]) == ("TENTATIVE" if status == "proposed" else "CONFIRMED")
        if status == "proposed":  # a day, no hour: K s.13(3) leaves "place and time" to the Director's order
            assert start == dt.date.fromisoformat(starts_at) and ev.decoded("DTEND") == start + dt.timedelta(days=1)
            assert ev["DTSTART"].params.get("VALUE") == "DATE"
        else:
            assert start == dt.datetime.fromisoformat(starts_at).replace(tzinfo=ZoneInfo("Asia/Kolkata"))
            assert start.utcoffset() == dt.timedelta(hours=5, minutes=30)
        assert ev["LOCATION"]
    assert len(uids) == len(events)
    assert any(str(ev["SUMMARY"]).startswith("Proposed cattle auction: 1 lot, ") for ev in events)
    assert any(str(ev["STATUS"]) == "CONFIRMED" for ev in events)
    scheduled = [ev for ev in events if ev.decoded("DTSTART").strftime("%H:%M") == "10:00"]
    assert scheduled and all(ev.decoded("DTSTART").astimezone(dt.UTC).strftime("%H:%M") == "04:30" for ev in scheduled)


@pytest.mark.parametrize(
    "path", ["/", "/feeds/impounded.rss", "/feeds/auctions.atom", "/calendar/auctions.ics", "/pounds/tcr-corp"]
)
def test_conditional_get_answers_304(live_server: LiveServer, path: str) -> None:
    first = get(live_server, path)
    assert first.status_code == 200 and first.headers["etag"] and first.headers["last-modified"]
    assert "max-age=" in first.headers["cache-control"]
    again = get(live_server, path, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    since = get(live_server, path, headers={"If-Modified-Since": first.headers["last-modified"]})
    assert since.status_code == 304
    changed = get(live_server, path, headers={"If-None-Match": '"something-else"'})
    assert changed.status_code == 200


@pytest.mark.parametrize("query", ["on=2025-13-45", "on=99999999999999999999", "on=%27%3B%20drop%20table%20pounds"])
def test_bad_dates_are_a_400_not_a_500(live_server: LiveServer, settings: Settings, query: str) -> None:
    (animal,) = sqlite3.connect(settings.database).execute("SELECT id FROM impoundments LIMIT 1").fetchone()
    r = get(live_server, f"/api/impoundments/{animal}/due?{query}")
    assert r.status_code == 400 and "date" in r.json()["message"]


@pytest.mark.parametrize("path", ["/", "/api/impoundments", "/feeds/impounded.rss", "/calendar/auctions.ics"])
def test_dates_the_wrong_way_round_say_so(live_server: LiveServer, path: str) -> None:
    # from after to matched nothing, silently: an owner saw "no results" for a search that had them
    r = get(live_server, path, params={"from": "2026-11-20", "to": "2026-11-01", "q": "black cow"})
    assert r.status_code == 400 and "is after to" in r.text
    if path == "/":  # the owner's words are one click from a search that runs
        assert 'href="/?q=black+cow" id="retry"' in r.text
        in_malayalam = get(live_server, path, params={"from": "2026-11-20", "to": "2026-11-01", "lang": "ml"})
        assert "ആ തിരച്ചിൽ നടത്താനായില്ല" in in_malayalam.text and "Bad request" not in in_malayalam.text


@pytest.mark.parametrize(
    "q",
    [
        "' OR 1=1 --",
        '"; DROP TABLE impoundments; --',
        "NEAR(",
        "x" * 400,
        "%_%",
        "<script>",
        "0\n0",
        "a\x01b",
        "a\u2028b",
    ],
)  # a line break or a control character in a feed's or calendar's title was a 500
def test_hostile_queries_never_500(live_server: LiveServer, q: str) -> None:
    for path in ("/", "/api/impoundments", "/feeds/impounded.rss", "/feeds/notices.atom", "/calendar/auctions.ics"):
        assert get(live_server, path, params={"q": q}).status_code < 500


def test_no_personal_name_in_any_page_feed_or_api_response(
    live_server: LiveServer, settings: Settings, demo_names: set[str]
) -> None:
    con = sqlite3.connect(settings.database)
    paths = [
        "/",
        "/pounds",
        "/feeds",
        "/calendar/auctions.ics",
        "/api/impoundments?limit=500",
        "/healthz",
        "/api/openapi.json",
    ]
    paths += FEEDS
    paths += [f"/pounds/{p}" for (p,) in con.execute("SELECT id FROM pounds")]
    paths += [f"/districts/{d}" for (d,) in con.execute("SELECT DISTINCT district FROM pounds")]
    for (i,) in con.execute("SELECT id FROM impoundments ORDER BY rowid"):
        paths += [f"/animals/{i}", f"/api/impoundments/{i}/due", f"/api/impoundments/{i}"]
    paths += [f"/animals/{i}/notice" for (i,) in con.execute("SELECT impoundment_id FROM notices LIMIT 200")]
    paths += [f"/animals/{i}/sale-account" for (i,) in con.execute("SELECT impoundment_id FROM sales")]
    leaks = []
    with httpx.Client(base_url=live_server.url, timeout=30) as c:
        for p in paths:
            body = c.get(p).text
            leaks += [(p, n) for n in demo_names if n in body]
    assert len(paths) > 2000 and leaks == []


def test_feed_dates_and_words_select_as_the_page_does(live_server: LiveServer) -> None:
    since = (TODAY - dt.timedelta(days=20)).isoformat()
    params = {"q": "brown", "from": since}
    feed = feedparser.parse(get(live_server, "/feeds/impounded.atom", params=params).content)
    page_ids = {r["id"] for r in get(live_server, "/api/impoundments", params={**params, "limit": 500}).json()["rows"]}
    assert feed.entries and not feed.bozo
    assert {e.id.removeprefix("tag:pinfold,2026:") for e in feed.entries} <= page_ids
    assert all(e.updated[:10] >= since for e in feed.entries)
