"""A message to pass on about an animal in the pound (issue 27): on its page and its notice, the same text to share on
WhatsApp and to copy, in the page's language: what it is, where, the last day to claim and the page's address;
nothing about any person."""

from __future__ import annotations

import re
import sqlite3
from html import unescape
from urllib.parse import parse_qs, urlparse

import pytest

from .conftest import TODAY


def in_pound(db) -> str:
    con = sqlite3.connect(db)
    try:
        sql = """SELECT i.id FROM impoundments i JOIN notices n ON n.impoundment_id = i.id
                 WHERE i.status = 'impounded' AND i.auction_earliest_on > ? ORDER BY i.id LIMIT 1"""
        return con.execute(sql, (TODAY.isoformat(),)).fetchone()[0]
    finally:
        con.close()


def shared(html: str) -> tuple[str, str]:
    text = unescape(re.search(r'<textarea id="share-text"[^>]*>([^<]*)</textarea>', html).group(1))
    link = unescape(re.search(r'<a class="button" href="([^"]+)" rel="noopener" id="share-whatsapp">', html).group(1))
    return text, link


@pytest.mark.parametrize("lang", ["en", "ml"])
@pytest.mark.parametrize("where", ["", "/notice"])
def test_the_message_says_what_where_until_when_and_the_address(client, demo_dbs, demo_names, lang, where) -> None:
    animal = in_pound(demo_dbs[0])
    html = client.get(f"/animals/{animal}{where}", params={"lang": lang}).text
    text, link = shared(html)
    assert urlparse(link).netloc == "wa.me" and parse_qs(urlparse(link).query)["text"] == [text]
    con = sqlite3.connect(demo_dbs[0])
    pound, district = con.execute(
        "SELECT p.name, p.district FROM impoundments i JOIN pounds p ON p.id = i.pound_id WHERE i.id = ?", (animal,)
    ).fetchone()
    con.close()
    from portal.i18n import district_label

    assert pound in text and district_label(district, lang) in text  # the district in the page's language
    assert text.endswith(f"/animals/{animal}" + ("?lang=ml" if lang == "ml" else ""))
    assert ("തിരികെ വാങ്ങാനുള്ള അവസാന ദിവസം" if lang == "ml" else "Last day to claim before auction") in text
    assert not {n for n in demo_names if len(n) > 3 and n in text}  # nobody's name


def test_an_animal_that_has_left_offers_no_message(client, demo_dbs) -> None:
    con = sqlite3.connect(demo_dbs[0])
    (gone,) = con.execute("SELECT id FROM impoundments WHERE status = 'sold' LIMIT 1").fetchone()
    con.close()
    assert 'id="share"' not in client.get(f"/animals/{gone}").text


@pytest.mark.browser
@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("lang", ["en", "ml"])
def test_the_message_to_pass_on_fits_a_phone_and_passes_axe(live_server, demo_dbs, lang: str, width: int) -> None:
    from playwright.sync_api import sync_playwright

    from .axe import violations
    from .test_browser import CHROMIUM, FLAGS

    animal = in_pound(demo_dbs[0])
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        page = browser.new_page(viewport={"width": width, "height": 844 if width < 600 else 900})
        for path in (f"/animals/{animal}", f"/animals/{animal}/notice"):
            page.goto(f"{live_server.url}{path}?lang={lang}")
            assert page.locator("#share-text").is_visible()
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert violations(page) == [], path
        browser.close()
