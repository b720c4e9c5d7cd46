"""An owner in a real browser: Playwright driving Debian's Chromium (a browser download cannot work here)."""

from __future__ import annotations

import shutil
import sqlite3

import feedparser
import pytest

from pinfold.law.status import whereabouts
from portal.search import day_sql
from portal.settings import Settings

from .axe import violations
from .conftest import TODAY, LiveServer

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = pytest.mark.browser


def test_owner_finds_the_cow_sees_what_to_pay_switches_to_malayalam_and_subscribes(
    browser, live_server: LiveServer, settings: Settings
) -> None:
    con = sqlite3.connect(settings.database)
    district, animal_id = con.execute(
        """SELECT district, id FROM impoundments WHERE species = 'cow' AND status IN ('impounded', 'notice_posted')
           AND description LIKE 'black%' AND description LIKE '%white patch%' AND act = 'kerala-1961'
           ORDER BY brought_at DESC LIMIT 1"""
    ).fetchone()
    page = browser.new_page()
    page.goto(live_server.url + "/")
    page.fill("input[name=q]", "black cow with a white patch")
    page.select_option("select[name=district]", district)
    page.click("button[type=submit]")
    page.wait_for_selector("#results")
    assert page.locator(f"a[href='/animals/{animal_id}']").count() >= 1
    page.locator(f"a[href='/animals/{animal_id}']").first.click()
    page.wait_for_selector("#total")
    total = page.inner_text("#total")
    assert total.startswith("₹") and total.endswith(".00")
    last_day = page.inner_text("#last-day")
    assert any(
        m in last_day for m in ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
    )
    page.click("a.lang")
    page.wait_for_selector("html[lang=ml]")
    assert "ഇന്ന് തിരികെ വാങ്ങാൻ വേണ്ട തുക" in page.inner_text("main")
    assert page.inner_text("#total") == total  # the same amount, in either language
    page.go_back()
    page.go_back()
    feed_href = page.get_attribute("a.feed", "href")
    assert feed_href and feed_href.startswith("/feeds/impounded.rss?")
    feed = feedparser.parse(page.request.get(live_server.url + feed_href).body())
    assert not feed.bozo and f"tag:pinfold,2026:{animal_id}" in [e.id for e in feed.entries]
    page.close()


def test_pound_map_shows_every_pound_without_tiles(browser, live_server: LiveServer, settings: Settings) -> None:
    """The machine is offline, as a reader's may be: no map tiles load, yet every pound is on the map."""
    (pounds,) = sqlite3.connect(settings.database).execute("SELECT count(*) FROM pounds").fetchone()
    page = browser.new_page()
    page.goto(live_server.url + "/data/pounds/pounds")
    page.wait_for_selector(".leaflet-marker-icon, .marker-cluster", timeout=15000)

    def shown() -> int:
        single = page.locator(".leaflet-marker-icon:not(.marker-cluster)").count()
        return single + sum(int(t) for t in page.locator(".marker-cluster").all_inner_texts())

    assert shown() == pounds - 1  # framed on Kerala: the 1857 pound in Bengal lies outside the first view
    for _ in range(3):
        page.click(".leaflet-control-zoom-out")
        page.wait_for_timeout(500)
    for _ in range(20):  # until the clusters' animation is over
        if page.locator(".leaflet-cluster-anim").count() == 0:
            break
        page.wait_for_timeout(250)
    assert shown() == pounds
    page.close()


def test_on_a_phone_every_figure_in_the_results_says_what_it_is(browser, live_server: LiveServer) -> None:
    """At phone width the results table becomes one block per animal, with no header row: each cell carries its label."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(live_server.url + "/?species=cow")
    page.wait_for_selector("#results")
    assert not page.locator("table.results thead").is_visible()
    first = page.locator("table.results tbody tr").first
    labels = first.locator("td").evaluate_all(
        """cells => cells.filter(td => getComputedStyle(td).display !== 'none')
                         .map(td => getComputedStyle(td, '::before').content)"""
    )
    shown = [label for label in labels if label not in ("none", "normal")]
    assert len(shown) == len(labels) - 1  # all but the animal ("3 cows"), which heads the block as its link
    assert any("Days in pound" in label for label in shown) and any("Brought" in label for label in shown)
    page.close()


@pytest.mark.parametrize("lang", ["en", "ml"])
def test_on_a_phone_the_search_forms_two_dates_share_a_row(browser, live_server: LiveServer, lang: str) -> None:
    """At 390 px the form is two columns: the words and the pound (long names) take a row each, and 'brought from'
    and 'to' sit side by side, not 'to' alone on a row of its own."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(live_server.url + f"/?lang={lang}")
    box = {n: page.locator(f"form.search [name={n}]").bounding_box() for n in ("q", "pound", "from", "to")}
    assert box["from"]["y"] == box["to"]["y"] and box["from"]["x"] < box["to"]["x"]
    assert box["pound"]["width"] > 1.8 * box["from"]["width"] and box["pound"]["y"] < box["from"]["y"]
    page.close()


def test_the_api_docs_work_from_this_server_alone_under_the_portals_csp(browser, live_server: LiveServer) -> None:
    """Swagger UI from a CDN would be blocked by the CSP (script-src 'self') and by an offline machine."""
    page = browser.new_page()
    requested: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    response = page.goto(live_server.url + "/api/docs")
    assert response is not None and "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector(".opblock", timeout=15000)
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert "/api/impoundments/{impoundment_id}/due" in paths and "/api/impoundments" in paths
    assert requested and all(url.startswith(live_server.url) for url in requested)
    assert errors == []
    page.close()


@pytest.mark.parametrize("lang", ["en", "ml"])
def test_no_page_is_wider_than_a_phone(browser, live_server: LiveServer, settings: Settings, lang: str) -> None:
    """Malayalam headers are longer: a table that fits in English pushed the pound pages off the screen."""
    con = sqlite3.connect(settings.database)
    (animal,) = con.execute("SELECT id FROM impoundments ORDER BY brought_at DESC LIMIT 1").fetchone()
    (sold,) = con.execute("SELECT impoundment_id FROM sales LIMIT 1").fetchone()
    (pound, district) = con.execute("SELECT id, district FROM pounds WHERE act = 'kerala-1961' LIMIT 1").fetchone()
    paths = ["/", "/?species=cow", "/pounds", f"/pounds/{pound}", f"/districts/{district}", "/feeds",
             f"/animals/{animal}", f"/animals/{sold}", f"/animals/{sold}/sale-account"]  # fmt: skip
    page = browser.new_page(viewport={"width": 390, "height": 844})
    too_wide = {}
    for path in paths:
        page.goto(f"{live_server.url}{path}{'&' if '?' in path else '?'}lang={lang}")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            too_wide[path] = width
    assert too_wide == {}
    page.close()


def _bottom(page, selector: str) -> int | None:
    """Where an element's box ends, in CSS pixels from the top of the page; None when the page has no such element."""
    found = page.locator(selector)
    box = found.first.bounding_box() if found.count() else None
    return round(box["y"] + box["height"]) if box else None


def _first_screen_cases(db) -> dict[str, tuple[str, list[str]]]:
    """Animals of each kind an owner meets, and the elements their first screen must hold."""
    con = sqlite3.connect(db)
    now = whereabouts(day_sql(TODAY))["in_pound_now"]
    (lot,) = con.execute(
        f"""SELECT i.id FROM impoundments i JOIN auction_lots l ON l.impoundment_id = i.id
            JOIN auctions a ON a.id = l.auction_id WHERE {now} AND a.status = 'scheduled' AND a.auction_date >= ?
            AND i.auction_earliest_on <= ? ORDER BY length(i.description) DESC LIMIT 1""",
        (TODAY.isoformat(), TODAY.isoformat()),
    ).fetchone()
    (waiting,) = con.execute(
        f"SELECT id FROM impoundments i WHERE {now} AND auction_earliest_on > ? ORDER BY length(description) DESC",
        (TODAY.isoformat(),),
    ).fetchone()
    (sold,) = con.execute(
        "SELECT impoundment_id FROM sales WHERE balance_minor > 0 AND surplus_held_until >= ? LIMIT 1",
        (TODAY.isoformat(),),
    ).fetchone()
    (any_day,) = con.execute(
        f"""SELECT i.id FROM impoundments i WHERE {now} AND i.auction_earliest_on <= ? AND NOT EXISTS (
              SELECT 1 FROM auction_lots l JOIN auctions a ON a.id = l.auction_id
              WHERE l.impoundment_id = i.id AND a.status = 'scheduled')
            ORDER BY length(i.description) DESC LIMIT 1""",
        (TODAY.isoformat(),),
    ).fetchone()
    essentials = ["#what", "#where-now", "#total"]
    return {
        # its auction fixed by the Director on a day to come: to be sold then, not "any day" (K s.13(3))
        "a lot of an auction fixed for a day to come": (lot, [*essentials, "#last-day", "#auction-lot"]),
        "may be sold any day": (any_day, [*essentials, "#last-day", "#auction-open"]),
        "in the pound": (waiting, [*essentials, "#last-day"]),
        "sold, a balance to collect": (sold, [*essentials, "#balance", "#collect"]),
    }


@pytest.mark.parametrize("lang", ["en", "ml"])
def test_the_animal_page_first_screen_on_a_phone_holds_what_an_owner_came_for(
    browser, live_server: LiveServer, settings: Settings, lang: str
) -> None:
    """At 390 x 844, what the animal is, where it is now, the total to pay today, the last day to claim (or 'it may be
    sold any day: go today') and its auction, or for a sold animal its balance and how to collect it, end above the
    fold, in English and in Malayalam. Before: the total ended at about 1,035 px (1,325 in Malayalam), the last day at
    1,319 px (1,681) and the auction at 1,463 px (1,825)."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    below = {}
    for what, (animal, selectors) in _first_screen_cases(settings.database).items():
        page.goto(f"{live_server.url}/animals/{animal}?lang={lang}")
        for selector in selectors:
            bottom = _bottom(page, selector)
            if bottom is None or bottom >= 844:
                below[f"{what} {selector}"] = bottom
    page.close()
    assert below == {}


@pytest.mark.parametrize("lang", ["en", "ml"])
def test_a_pound_page_on_a_phone_opens_with_its_next_auction_and_animals(
    browser, live_server: LiveServer, settings: Settings, lang: str
) -> None:
    """At 390 x 844 the next auction (lots known or not) and the start of the animals in the pound are on the first
    screen, and nothing is wider than the phone; the list of rates follows."""
    (pound,) = (
        sqlite3.connect(settings.database)
        .execute(
            """SELECT pound_id FROM auctions WHERE lots = 0 AND status = 'scheduled' AND auction_date >= ?
               ORDER BY auction_date LIMIT 1""",
            (TODAY.isoformat(),),
        )
        .fetchone()
    )
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/pounds/{pound}?lang={lang}")
    bottoms = {s: _bottom(page, s) for s in ("#next-auction", "#now h2", "#rates")}
    assert bottoms["#next-auction"] is not None and bottoms["#next-auction"] < 844, bottoms
    assert bottoms["#now h2"] is not None and bottoms["#now h2"] < 844 < bottoms["#rates"], bottoms  # type: ignore[operator]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


def _page_types(db) -> dict[str, str]:
    """One address of each type of the portal's own pages."""
    con = sqlite3.connect(db)
    now = whereabouts(day_sql(TODAY))["in_pound_now"]
    (in_pound,) = con.execute(f"SELECT id FROM impoundments i WHERE {now} LIMIT 1").fetchone()
    (sold,) = con.execute("SELECT impoundment_id FROM sales WHERE balance_minor > 0 LIMIT 1").fetchone()
    (pound, district) = con.execute("SELECT id, district FROM pounds WHERE act = 'kerala-1961' LIMIT 1").fetchone()
    return {
        "home": "/",
        "search results": "/?q=black+cow",
        "empty result": f"/?q=zebra&district={district}",
        "animal in the pound": f"/animals/{in_pound}",
        "animal sold": f"/animals/{sold}",
        "notice": f"/animals/{in_pound}/notice",
        "sale account": f"/animals/{sold}/sale-account",
        "pound": f"/pounds/{pound}",
        "pounds": "/pounds",
        "district": f"/districts/{district}",
        "feeds": "/feeds",
        "error 404": "/animals/x1",
        "api docs": "/api/docs",
    }


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("lang", ["en", "ml"])
def test_every_portal_page_type_has_no_serious_accessibility_violation(
    browser, live_server: LiveServer, settings: Settings, lang: str, width: int
) -> None:
    """axe-core (tests/axe.py) on each type of the portal's own pages, in both languages, on a phone and a desktop:
    no serious or critical violation. Before: the API docs (Swagger UI) had 19 elements below the contrast minimum, a
    link inside each operation's button, and, once an operation was opened, an unnamed list and examples a keyboard
    could not scroll."""
    page = browser.new_page(viewport={"width": width, "height": 844 if width < 600 else 900})
    found = {}
    for what, path in _page_types(settings.database).items():
        page.goto(f"{live_server.url}{path}{'&' if '?' in path else '?'}lang={lang}")
        if what == "api docs":  # as it opens, and with an operation opened (its parameters, examples, schemas)
            page.wait_for_selector(".opblock", timeout=15000)
            problems = violations(page)
            page.click("#operations-api-due_api_impoundments__impoundment_id__due_get .opblock-summary-control")
            page.wait_for_selector(".parameters", timeout=15000)
            problems += violations(page)
        else:
            problems = violations(page)
        if problems:
            found[what] = problems
    page.close()
    assert found == {}
