"""The /downloads page in Chromium (issue 26: the tables split per pound list their files by pound, folded under each
table): no wider than a phone with every list opened, and no serious accessibility violation, in both languages."""

from __future__ import annotations

import pytest

from .axe import violations
from .conftest import LiveServer

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("lang", ["en", "ml"])
def test_the_downloads_page_lists_each_pounds_files_and_fits(browser, live_server: LiveServer, lang: str, width: int):
    page = browser.new_page(viewport={"width": width, "height": 844 if width < 600 else 900})
    page.goto(f"{live_server.url}/downloads?lang={lang}")
    folded = page.locator("#tables details")
    assert folded.count() == 6  # impoundments, merged duplicates, notices, auctions, lots, sales
    for n in range(folded.count()):
        folded.nth(n).locator("summary").click()
    assert page.locator('#tables details a[href="/downloads/sales/tvm-corp.csv"]').count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert violations(page) == []
    page.close()
