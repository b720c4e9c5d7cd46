"""Feeds and calendars in the owner's language (issue 27): `lang=ml` gives Malayalam feed and calendar words, the
Malayalam pages link them so, and a feed opened in a browser is a page saying what to do with it (an XSLT)."""

from __future__ import annotations

import re

import feedparser
import pytest
from icalendar import Calendar

MALAYALAM = re.compile(r"[\u0D00-\u0D7F]")


@pytest.mark.parametrize("fmt", ["rss", "atom"])
def test_a_malayalam_feed_says_its_own_words_in_malayalam(client, fmt: str) -> None:
    en = feedparser.parse(client.get(f"/feeds/impounded.{fmt}").content)
    ml = feedparser.parse(client.get(f"/feeds/impounded.{fmt}", params={"lang": "ml"}).content)
    assert not MALAYALAM.search(en.feed.title)
    assert MALAYALAM.search(ml.feed.title) and MALAYALAM.search(ml.feed.subtitle)
    if fmt == "rss":  # Atom says its language on the entries' xml:lang only where feedgen sets it
        assert (en.feed.language, ml.feed.language) == ("en-IN", "ml-IN")
    assert [e.id for e in ml.entries] == [e.id for e in en.entries]  # the same entries


def test_a_malayalam_calendar_names_its_auctions_in_malayalam(client) -> None:
    en = Calendar.from_ical(client.get("/calendar/auctions.ics").content)
    ml = Calendar.from_ical(client.get("/calendar/auctions.ics", params={"lang": "ml"}).content)
    assert MALAYALAM.search(str(ml["X-WR-CALNAME"])) and not MALAYALAM.search(str(en["X-WR-CALNAME"]))
    events = ml.walk("VEVENT")
    assert events and all("ലേലം" in str(e["SUMMARY"]) for e in events)
    assert all(str(e["SUMMARY"]).startswith(("Cattle auction", "Proposed cattle auction")) for e in en.walk("VEVENT"))
    assert [str(e["UID"]) for e in events] == [str(e["UID"]) for e in en.walk("VEVENT")]


def test_a_saved_search_names_its_pound_by_name_and_its_district_in_the_feeds_language(client, demo_dbs) -> None:
    """The review of 4 Dec: a pound's feed and calendar were titled '— pound tcr-corp' (its id), and a Malayalam
    district feed ended in the English district."""
    import sqlite3

    pound, name, district = sqlite3.connect(demo_dbs[0]).execute("SELECT id, name, district FROM pounds").fetchone()
    feed = feedparser.parse(client.get("/feeds/impounded.rss", params={"pound": pound}).content)
    cal = Calendar.from_ical(client.get("/calendar/auctions.ics", params={"pound": pound}).content)
    assert feed.feed.title.endswith(f"— {name}") and str(cal["X-WR-CALNAME"]).endswith(f"— {name}")
    assert pound not in feed.feed.title
    ml = feedparser.parse(client.get("/feeds/impounded.rss", params={"district": district, "lang": "ml"}).content)
    from portal.i18n import district_label

    assert ml.feed.title.endswith(f"— {district_label(district, 'ml')}") and district not in ml.feed.title


def test_the_cookie_does_not_change_a_feeds_language(client) -> None:
    # a reader fetches the address it was given; the response cache keeps one render per address
    body = client.get("/feeds/impounded.rss", headers={"Cookie": "lang=ml"}).content
    assert not MALAYALAM.search(feedparser.parse(body).feed.title)


def test_malayalam_pages_link_malayalam_feeds(client) -> None:
    html = client.get("/feeds", params={"lang": "ml"}).text
    links = re.findall(r'href="(/(?:feeds|calendar)/[^"]+)"', html)
    assert len(links) > 10 and all("lang=ml" in link for link in links)
    assert "&amp;amp;" not in html  # each address escaped once: the crawl followed '&amp;lang=ml' to a 400
    english = client.get("/feeds", params={"lang": "en"}).text
    assert "lang=ml" not in " ".join(re.findall(r'href="(/(?:feeds|calendar)/[^"]+)"', english))
    search = client.get("/", params={"q": "black cow", "lang": "ml"}).text
    assert re.search(r'href="/feeds/impounded\.rss\?q=black\+cow&amp;lang=ml"', search)


def test_a_browser_asking_for_a_feed_gets_a_page_about_it_and_a_reader_the_feed(client) -> None:
    browser = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
    page = client.get("/feeds/impounded.rss", params={"lang": "ml"}, headers=browser)
    assert page.headers["content-type"].startswith("text/html") and "ഇതൊരു ഫീഡ്" in page.text
    feed = client.get("/feeds/impounded.rss", params={"lang": "ml"}, headers={"accept": "application/rss+xml"})
    assert feed.headers["content-type"].startswith("application/rss+xml")
    items = feedparser.parse(feed.content).entries
    assert items and all(f'href="{e.link.split("testserver", 1)[1]}"' in page.text for e in items[:5])
    assert "accept" in page.headers["vary"].lower()


@pytest.mark.browser
@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("lang", ["en", "ml"])
def test_a_feed_opened_in_a_browser_is_a_readable_page(live_server, lang: str, width: int) -> None:
    from playwright.sync_api import sync_playwright

    from .axe import violations
    from .test_browser import CHROMIUM, FLAGS

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        page = browser.new_page(viewport={"width": width, "height": 844 if width < 600 else 900})
        page.goto(f"{live_server.url}/feeds/impounded.rss?lang={lang}")
        text = page.inner_text("body")
        assert ("ഇതൊരു ഫീഡ്" if lang == "ml" else "This is a feed") in text
        assert page.locator(".feed-entries li a").count() > 0
        assert page.input_value("#feed-address").endswith(f"/feeds/impounded.rss?lang={lang}")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        problems = violations(page)
        browser.close()
    assert problems == []


# The English sentence words of the feed views' titles and summaries (pinfold/schema.py feed_* views): a Malayalam
# entry holds none of them. The register's own text (a description, a pound's name) stays as written, so it is taken
# out before looking.
ENGLISH = re.compile(
    r"\b(impounded|brought|Fine|feeding|a head a day|Last day|Status|unclaimed|Notice|Auction|Proposed|Lot|more lots"
    r"|Added|Removed|Corrected|Recorded|Entry|was|blank|register|records|finding|the Act|scale|adjudged|owner)\b"
)


def without_register_text(text: str, rows: list[dict]) -> str:
    """text less the descriptions, places and pound names the register and pounds.csv write (not Pinfold's words)."""
    for r in rows:
        for value in (r.get("description"), r.get("pound_name"), r.get("value_before"), r.get("value_after")):
            if value:
                text = text.replace(str(value), "")
    return text


def feed_words(client, db, name: str, view: str) -> None:
    """The feed's Malayalam entries are the English ones' (same ids), with no English sentence word left."""
    import sqlite3

    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    register = [dict(r) for r in con.execute(f"SELECT * FROM {view}")]
    lots = [dict(r) for r in con.execute("SELECT description FROM auction_lots")]
    en = feedparser.parse(client.get(f"/feeds/{name}.rss").content).entries
    ml = feedparser.parse(client.get(f"/feeds/{name}.rss", params={"lang": "ml"}).content).entries
    assert ml and [e.id for e in ml] == [e.id for e in en]
    assert all(ENGLISH.search(e.title) for e in en)  # the words looked for are the English feed's
    for e in ml:
        for text in (e.title, e.summary):
            left = without_register_text(text, register + lots)
            assert MALAYALAM.search(left), text
            assert not ENGLISH.search(left), text


@pytest.mark.parametrize(("name", "view"), [("impounded", "feed_impounded"), ("notices", "feed_notices"),
                                            ("auctions", "feed_auctions"), ("compliance", "feed_compliance")])  # fmt: skip
def test_a_malayalam_feeds_entries_are_in_malayalam(client, demo_dbs, name: str, view: str) -> None:
    feed_words(client, demo_dbs[0], name, view)
    ml = feedparser.parse(client.get(f"/feeds/{name}.rss", params={"lang": "ml"}).content).feed
    assert MALAYALAM.search(ml.title) and "feed_" not in ml.title + ml.subtitle  # its own words, not their keys


def test_a_malayalam_feed_of_corrections_is_in_malayalam(tmp_path) -> None:
    from fastapi.testclient import TestClient

    from portal.app import create_app
    from portal.settings import Settings

    from .conftest import TODAY
    from .test_history import HISTORY, ingest_twice

    ingest_twice(tmp_path, HISTORY / "register-after.csv")  # entries added, removed and corrected
    with TestClient(create_app(Settings(database=tmp_path / "p.db", today=TODAY))) as c:
        feed_words(c, tmp_path / "p.db", "changes", "feed_changes")


def test_a_malayalam_entry_says_what_the_english_one_says(client, demo_dbs) -> None:
    import sqlite3

    # the same animal, its same day brought, fine and last day to claim in both languages
    con = sqlite3.connect(demo_dbs[0])
    animal, fine, last = con.execute(
        "SELECT atom_id, fine_due, last_day_to_claim FROM feed_impounded WHERE in_pound_now AND fine_due IS NOT NULL"
        " AND auction_earliest_on IS NOT NULL AND seizure_adjudged_illegal IS NOT 1 ORDER BY sort_key DESC LIMIT 1"
    ).fetchone()
    ml = {e.id: e for e in feedparser.parse(client.get("/feeds/impounded.rss?lang=ml").content).entries}
    summary = ml[f"tag:pinfold,2026:{animal}"].summary
    from portal.i18n import date_label

    assert fine in summary and f"അവസാന ദിവസം: {date_label(last, 'ml')}" in summary


def test_a_malayalam_calendars_events_list_their_lots_in_malayalam(client, demo_dbs) -> None:
    # Before: a Malayalam event's description listed its lots in the view's English ('Lot 1: 2 cows (black)').
    import sqlite3

    lots = [r[0] for r in sqlite3.connect(demo_dbs[0]).execute("SELECT description FROM auction_lots") if r[0]]
    events = Calendar.from_ical(client.get("/calendar/auctions.ics", params={"lang": "ml"}).content).walk("VEVENT")
    with_lots = [str(e["DESCRIPTION"]) for e in events if "ലോട്ട് 1:" in str(e["DESCRIPTION"])]
    assert with_lots
    for text in (str(e["DESCRIPTION"]) for e in events):
        left = without_register_text(text.split("\n")[0], [{"description": d} for d in lots])
        assert not ENGLISH.search(left), text


def test_a_feeds_fine_and_feeding_say_when_they_are_example_figures(client, demo_dbs) -> None:
    """Every figure is labelled with what it rests on: the animal page says "(Example figure, not a notified rate)"
    beside a fine from the demo's example scale, and so does the feed's summary of the same animal, in both
    languages; a figure from a notified scale says no such thing."""
    import sqlite3

    con = sqlite3.connect(demo_dbs[0])
    basis = dict(
        con.execute(
            "SELECT i.id, s.status FROM impoundments i JOIN fine_scales s ON s.id = i.fine_scale_id"
            " WHERE i.fine_due_minor IS NOT NULL"
        ).fetchall()
    )
    assert "example" in basis.values()
    for lang, words in (("en", "(example figure, not a notified rate)"), ("ml", "(ഉദാഹരണ തുക, വിജ്ഞാപനം ചെയ്ത നിരക്കല്ല)")):
        entries = feedparser.parse(client.get("/feeds/impounded.rss", params={"lang": lang}).content).entries
        shown = {e.id.rsplit(":", 1)[1]: e.summary for e in entries if e.id.rsplit(":", 1)[1] in basis}
        assert shown
        for animal, summary in shown.items():
            fine_part = summary.split(" plus feeding ")[0] if lang == "en" else summary.split("; തീറ്റയ്ക്ക്")[0]
            assert (words in fine_part) == (basis[animal] == "example"), (lang, basis[animal], summary)
