"""A printed s.13 notice leads to the animal's page (issue 27): a QR code that a real decoder (zxing-cpp) reads as the
page's address, off the page as Chromium draws it, and the short address in print."""

from __future__ import annotations

import io
import sqlite3

import pytest


def noticed(db) -> str:
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT impoundment_id FROM notices ORDER BY impoundment_id LIMIT 1").fetchone()[0]
    finally:
        con.close()


def test_the_notice_prints_the_pages_short_address_beside_its_qr_code(client, demo_dbs) -> None:
    animal = noticed(demo_dbs[0])
    html = client.get(f"/animals/{animal}/notice").text
    figure = html.split('id="notice-qr"', 1)[1].split("</figure>", 1)[0]
    assert '<svg role="img" aria-label="QR code of this animal&#39;s page"' in figure
    assert f'<strong class="short-url written">testserver/animals/{animal}</strong>' in figure
    assert "noprint" not in html.split('id="notice-qr"', 1)[0].rsplit("<", 1)[-1]  # printed, not screen-only
    # the review of 4 Dec: the Malayalam notice's QR code and address opened the English page
    ml = client.get(f"/animals/{animal}/notice", params={"lang": "ml"}).text
    assert f'<strong class="short-url written">testserver/animals/{animal}?lang=ml</strong>' in ml


@pytest.mark.browser
@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("lang", ["en", "ml"])
def test_the_qr_code_on_the_notice_decodes_to_the_animals_page(live_server, demo_dbs, lang: str, width: int) -> None:
    import zxingcpp
    from PIL import Image
    from playwright.sync_api import sync_playwright

    from .axe import violations
    from .test_browser import CHROMIUM, FLAGS

    animal = noticed(demo_dbs[0])
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        page = browser.new_page(viewport={"width": width, "height": 844 if width < 600 else 900})
        page.goto(f"{live_server.url}/animals/{animal}/notice?lang={lang}")
        shot = page.locator("#notice-qr svg").screenshot()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        problems = violations(page)
        browser.close()
    read = [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(shot)))]
    assert read == [f"{live_server.url}/animals/{animal}" + ("?lang=ml" if lang == "ml" else "")]
    assert problems == []
