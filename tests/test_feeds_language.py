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


def test_the_cookie_does_not_change_a_feeds_language(client) -> None:
    # a reader fetches the address it was given; the response cache keeps one render per address
    body = client.get("/feeds/impounded.rss", cookies={"lang": "ml"}).content
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
