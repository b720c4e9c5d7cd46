"""A pound's and a district's printable daily list (issue 27): the animals brought in since yesterday and those whose
last day to claim falls this week, counted on a small register whose answers are worked out by hand."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from fastapi.testclient import TestClient

from ingest.build import ingest
from portal.app import create_app
from portal.settings import Settings

from .conftest import TODAY, make_data_dir

HEADER = (
    "Sl. No.,Date brought,Hour,Kind of cattle,Number,Description,Place of seizure,Name and residence of seizer,"
    "Name and residence of owner (if known),Date delivered to owner,Fine collected\n"
)
# each entry told apart by its colour (the description is published; a made-up word would be hidden as a name)
COLOURS = {1: "black", 2: "brown", 3: "white", 4: "red", 5: "grey", 6: "fawn", 7: "cream", 8: "golden"}


def _entry(no: int, days_ago: int, delivered_days_ago: int | None = None) -> str:
    day = (TODAY - dt.timedelta(days=days_ago)).strftime("%d/%m/%Y")
    left = (TODAY - dt.timedelta(days=delivered_days_ago)).strftime("%d/%m/%Y") if delivered_days_ago else ""
    return f"{no},{day},9.00 AM,cow,1,{COLOURS[no]},Ollur,,unknown,{left},\n"


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory):
    """K s.13(1), s.13(3): brought on day d, the notice falls due on d+8 and the auction on d+16 at the earliest, so
    the last day to claim is d+15. This week is today to today+6: brought 15 to 9 days ago. By hand:
    brought today (no. 1) and yesterday (no. 2): in the first list; 2 days ago (no. 3): in neither.
    brought 9 days ago (no. 4, last day today+6), 15 days ago (no. 5, last day today) and 16 days ago (no. 7, last day
    yesterday, its auction today at the earliest: it may be sold any day, the most urgent; the review of 4 Dec found
    such animals left off the list): in the second; 8 days ago (no. 6, last day today+7) and 12 days ago but
    delivered to its owner 10 days ago (no. 8): in neither."""
    tmp = tmp_path_factory.mktemp("daily")
    rows = [_entry(1, 0), _entry(2, 1), _entry(3, 2), _entry(4, 9), _entry(5, 15), _entry(6, 8), _entry(7, 16)]
    rows.append(_entry(8, 12, delivered_days_ago=10))
    data = make_data_dir(tmp, {"register.csv": HEADER + "".join(rows)})
    ingest(data, tmp / "public.db", tmp / "private.db")
    with TestClient(create_app(Settings(database=tmp / "public.db", today=TODAY))) as c:
        yield c


def _listed(html: str, section: str) -> tuple[int, list[str]]:
    """(the count in the section's heading, the entry numbers its table lists)."""
    part = re.search(rf'id="{section}".*?</section>', html, re.S).group(0)  # type: ignore[union-attr]
    count = int(re.search(r"\((\d+)\)</h2>", part).group(1))  # type: ignore[union-attr]
    by_colour = {c: str(n) for n, c in COLOURS.items()}
    return count, sorted(
        by_colour[c] for c in re.findall(r'<td data-label="[^"]*"><span class="written">(\w+)</span>', part)
    )


@pytest.mark.parametrize("path", ["/pounds/p1/daily", "/districts/Thrissur/daily"])
@pytest.mark.parametrize("lang", ["en", "ml"])
def test_brought_since_yesterday_and_last_day_this_week_counted(small, path: str, lang: str) -> None:
    html = small.get(path, params={"lang": lang}).text
    assert _listed(html, "daily-brought") == (2, ["1", "2"])
    assert _listed(html, "daily-closing") == (3, ["4", "5", "7"])


def test_the_pound_and_district_pages_link_their_daily_lists_and_unknown_places_are_404(small) -> None:
    assert 'href="/pounds/p1/daily"' in small.get("/pounds/p1", params={"lang": "en"}).text
    assert 'href="/districts/Thrissur/daily"' in small.get("/districts/Thrissur").text
    assert small.get("/pounds/nowhere/daily").status_code == 404
    assert small.get("/districts/Nowhere/daily").status_code == 404


@pytest.mark.browser
def test_a_full_daily_list_prints_on_one_a4_page_and_reads_in_chromium(tmp_path) -> None:
    """The fullest list: 10 entries brought today and 10 whose last day is this week, each with a long description;
    8 of each printed (daily.PRINTED). Printed to PDF by Chromium it is one page, for a pound and its district, in
    both languages; at 390 and 1280 px axe-core finds nothing serious."""
    from playwright.sync_api import sync_playwright

    from .axe import violations
    from .conftest import LiveServer
    from .test_browser import CHROMIUM, FLAGS

    long = "black and white, horns painted red, cut on left ear, blind in left eye"
    rows = []
    for n, ago in enumerate([0] * 10 + [9] * 10, 1):
        day = (TODAY - dt.timedelta(days=ago)).strftime("%d/%m/%Y")
        rows.append(f'{n},{day},9.00 AM,cow,2,"{long}",Ollur,,unknown,,\n')
    data = make_data_dir(tmp_path, {"register.csv": HEADER + "".join(rows)})
    ingest(data, tmp_path / "public.db", tmp_path / "private.db")
    with LiveServer(Settings(database=tmp_path / "public.db", today=TODAY)) as server, sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            for path in ("/pounds/p1/daily", "/districts/Thrissur/daily"):
                for lang in ("en", "ml"):
                    page = b.new_page()
                    page.goto(f"{server.url}{path}?lang={lang}")
                    assert page.locator("tbody tr").count() == 16  # 8 of each: the most printed
                    pdf = page.pdf(prefer_css_page_size=True)
                    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1, (path, lang)
                    for width in (390, 1280):
                        page.set_viewport_size({"width": width, "height": 844})
                        assert violations(page) == [], (path, lang, width)
                    page.close()
        finally:
            b.close()
