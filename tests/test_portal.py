"""The owners' portal in-process: pages, the JSON API against the rule pack, errors, language, escaping."""

from __future__ import annotations

import datetime as dt
import sqlite3
from decimal import Decimal
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode
from xml.etree import ElementTree

import pytest
from fastapi.testclient import TestClient

from ingest.build import ingest
from pinfold.law.status import whereabouts_select
from pinfold.vocabulary import head_of
from portal.app import create_app
from portal.search import day_sql, decorate, in_pound_now
from portal.settings import Settings

from .conftest import MESSY, TODAY, make_data_dir


class Text(HTMLParser):
    """The text of elements with an id, every link, and the page's whole text (whitespace collapsed)."""

    def __init__(self) -> None:
        super().__init__()
        self.by_id: dict[str, str] = {}
        self.links: list[str] = []
        self._stack: list[str | None] = []
        self._data: list[str] = []

    @property
    def text(self) -> str:
        return " ".join("".join(self._data).split())

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")
        if tag not in ("br", "link", "meta", "input", "img"):
            self._stack.append(a.get("id"))
            if a.get("id"):
                self.by_id.setdefault(a["id"] or "", "")

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("br", "link", "meta", "input", "img") and self._stack:
            self._stack.pop()

    def handle_data(self, data: str) -> None:
        self._data.append(data)
        for i in self._stack:
            if i:
                self.by_id[i] += data


def parse(html: str) -> Text:
    t = Text()
    t.feed(html)
    return t


def one(db: Path, sql: str, params: tuple = ()) -> dict:
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    return dict(con.execute(sql, params).fetchone())


def test_home_searches_and_links_a_feed(client, demo_dbs) -> None:
    (district,) = (
        sqlite3.connect(demo_dbs[0])
        .execute(
            """SELECT district FROM impoundments WHERE species = 'cow' AND description LIKE 'black%white patch%'
           ORDER BY district LIMIT 1"""
        )
        .fetchone()
    )
    r = client.get("/", params={"q": "black cow white patch", "district": district})
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    page = parse(r.text)
    assert "/feeds/impounded.rss?" + urlencode({"q": "black cow white patch", "district": district}) in page.links
    api = client.get("/api/impoundments", params={"q": "black cow white patch", "district": district}).json()
    assert api["total"] >= 1
    for row in api["rows"]:
        assert row["district"] == district and row["species"] == "cow"
        assert "black" in row["description"] and "white" in row["description"] and "patch" in row["description"]
        assert f"/animals/{row['id']}" in page.links


def test_an_owner_searches_by_the_place_the_animal_was_seen(client, demo_dbs) -> None:
    # The form names what its words find: the place seized is one of them ("Colour, marks, place seen, or ear tag").
    place = one(demo_dbs[0], "SELECT place_seized FROM impoundments WHERE place_seized NOT LIKE '% %' LIMIT 1")
    expected = one(
        demo_dbs[0], "SELECT count(*) AS n FROM impoundments WHERE place_seized = ?", (place["place_seized"],)
    )
    found = client.get("/api/impoundments", params={"q": place["place_seized"], "limit": 1}).json()
    assert found["total"] >= expected["n"] > 0
    assert "place seen" in parse(client.get("/").text).text


def test_an_owner_searches_in_either_language(client, sample_dbs) -> None:
    # "കറുത്ത പശു" is "black cow": Malayalam colour words find registers written in English...
    black_cow = client.get("/api/impoundments", params={"q": "black cow", "limit": 500}).json()
    in_malayalam = client.get("/api/impoundments", params={"q": "കറുത്ത പശു", "limit": 500}).json()
    transliterated = client.get("/api/impoundments", params={"q": "karutha pashu", "limit": 500}).json()
    assert black_cow["total"] > 0 and black_cow == in_malayalam == transliterated
    # ...and English words find marks a register wrote in Malayalam ("കഴുത്തിൽ മണി", a bell on the neck).
    with TestClient(create_app(Settings(database=sample_dbs[0], today=TODAY))) as sample:
        bell = sample.get("/api/impoundments", params={"q": "bell", "pound": "pkd-chittur", "limit": 500}).json()
    assert any("മണി" in r["description"] for r in bell["rows"])
    assert all("bell" in r["description"] or "മണി" in r["description"] for r in bell["rows"])


def test_ear_tag_finds_exactly_its_animal(client, demo_dbs) -> None:
    a = one(demo_dbs[0], "SELECT id, ear_tags FROM impoundments WHERE ear_tags LIKE 'KL-%' LIMIT 1")
    api = client.get("/api/impoundments", params={"q": a["ear_tags"].split()[0]}).json()
    assert [r["id"] for r in api["rows"]] == [a["id"]]
    uid = one(demo_dbs[0], "SELECT id, ear_tags FROM impoundments WHERE length(ear_tags) = 12 LIMIT 1")
    assert [r["id"] for r in client.get("/api/impoundments", params={"q": uid["ear_tags"]}).json()["rows"]] == [
        uid["id"]
    ]


def test_animal_page_shows_amount_due_and_last_day_from_the_rule_pack(client, demo_dbs) -> None:
    a = one(
        demo_dbs[0],
        """SELECT * FROM impoundments WHERE status = 'impounded' AND act = 'kerala-1961'
                           AND local_authority = 'Thrissur Municipal Corporation' AND species = 'cow'
                               AND coalesce(seizure_local_area, local_authority) = local_authority
                               ORDER BY brought_at DESC LIMIT 1""",
    )
    page = parse(client.get(f"/animals/{a['id']}").text)
    due = client.get(f"/api/impoundments/{a['id']}/due", params={"on": TODAY.isoformat()}).json()
    days = max(1, (TODAY - dt.date.fromisoformat(a["brought_on"])).days)
    # example scale: Rs 500 a head, doubled in Thrissur's habitual-trespass area; Rs 100 a head a day
    assert due["fine_rupees"] == f"{500 * a['head_count'] * 2}.00"
    assert due["feeding_rupees"] == f"{100 * a['head_count'] * days}.00"
    assert due["total_rupees"] == f"{500 * a['head_count'] * 2 + 100 * a['head_count'] * days}.00"
    assert page.by_id["total"].strip() == f"₹{500 * a['head_count'] * 2 + 100 * a['head_count'] * days:,}.00"
    # the day before its auction: the one the Director fixed if it is a lot of one (K s.13(3)), else the earliest
    fixed = (
        sqlite3.connect(demo_dbs[0])
        .execute(
            """SELECT a.auction_date FROM auction_lots l JOIN auctions a ON a.id = l.auction_id
           WHERE l.impoundment_id = ? AND a.status = 'scheduled' AND a.auction_date >= ?""",
            (a["id"], TODAY.isoformat()),
        )
        .fetchone()
    )
    last = dt.date.fromisoformat(fixed[0] if fixed else a["auction_earliest_on"]) - dt.timedelta(days=1)
    assert page.by_id["last-day"].strip() == f"{last.day} {last:%b} {last.year}"
    # the day of the week beside it (the review of 7 Dec: a last day on a Sunday, the pound shut), by the calendar
    if last >= TODAY:
        assert page.by_id["last-day-weekday"].startswith(f"({last:%A}: come while the pound is open")
    assert "K s.11(2)" in due["sections"] and "K s.19" in due["sections"]
    assert f"× {days} {'day' if days == 1 else 'days'})" in page.text
    # On the day it was brought, the animal has been in the pound one day (K s.4): "× 1 day", not "× 1 days".
    on_its_first_day = Settings(database=demo_dbs[0], today=dt.date.fromisoformat(a["brought_on"]))
    with TestClient(create_app(on_its_first_day)) as first_day:
        assert "× 1 day)" in parse(first_day.get(f"/animals/{a['id']}").text).text


def test_a_sold_animal_shows_its_sale_and_what_was_due_when_it_left_not_what_to_pay_today(client, demo_dbs) -> None:
    s = one(
        demo_dbs[0],
        """SELECT s.*, i.left_on, i.head_count FROM sales s JOIN impoundments i ON i.id = s.impoundment_id
           WHERE s.balance_minor > 0 AND s.fines_rupees IS NOT NULL AND s.feeding_rupees IS NOT NULL LIMIT 1""",
    )
    r = client.get(f"/animals/{s['impoundment_id']}")
    page = parse(r.text)
    left = dt.date.fromisoformat(s["left_on"])
    assert page.by_id["due-heading"] == f"What was due when it left the pound ({left.day} {left:%b} {left.year})"
    # what was due then is what the account of the sale deducted (K s.15(2)): the fine and the feeding
    assert Fraction(page.by_id["total"].strip().lstrip("₹").replace(",", "")) == Fraction(s["fines_rupees"]) + Fraction(
        s["feeding_rupees"]
    )
    # the demo's registers record no expenses of sale: the balance is the most the owner can be due (K s.15(2))
    at_most = "at most " if s["expenses_rupees"] is None else ""
    assert page.by_id["balance"].strip() == f"{at_most}₹{Decimal(s['balance_rupees']):,.2f}"
    assert f"/animals/{s['impoundment_id']}/sale-account" in page.links
    assert "What to bring" not in r.text and "What it costs to claim today" not in r.text
    due = client.get(f"/api/impoundments/{s['impoundment_id']}/due").json()
    assert (due["status"], due["left_on"]) == ("sold", s["left_on"])
    assert Fraction(due["total_rupees"]) == Fraction(s["fines_rupees"]) + Fraction(s["feeding_rupees"])
    impounded = one(demo_dbs[0], "SELECT id FROM impoundments WHERE status = 'impounded' ORDER BY brought_at DESC")
    still_there = client.get(f"/animals/{impounded['id']}").text
    assert "What it costs to claim today" in still_there and "What to bring" in still_there


def test_1857_animal_due_in_annas(client, demo_dbs) -> None:
    a = one(
        demo_dbs[0],
        "SELECT * FROM impoundments WHERE act = 'act-iii-1857' AND species IN ('bullock', 'cow') ORDER BY head_count DESC LIMIT 1",
    )
    n = a["head_count"]
    due = client.get(f"/api/impoundments/{a['id']}/due", params={"on": a["brought_on"]}).json()
    # 4 annas a head (1857 s.VI) and, for one day, the example s.VII rate of 1 anna a head; an anna is 1/16 rupee
    assert Fraction(due["fine_rupees"]) == Fraction(4 * n, 16)
    assert Fraction(due["feeding_rupees"]) == Fraction(n, 16)
    assert Fraction(due["total_rupees"]) == Fraction(5 * n, 16)
    assert "." in due["total_rupees"] and "e" not in due["total_rupees"]  # an exact decimal string, never a float
    page = parse(client.get(f"/animals/{a['id']}").text)
    assert "as." in page.by_id["fine"] and "₹" not in page.by_id["fine"]


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/impoundments/nope/due", 404),
        ("/api/impoundments/{id}/due?on=31-12-2025", 400),
        ("/api/impoundments/{id}/due?on=1700-01-01", 400),
        ("/api/impoundments?limit=100000000", 400),
        ("/api/impoundments?from=yesterday", 400),
        ("/api/impoundments?species=dragon", 400),
    ],
)
def test_api_errors_are_json_with_their_status(client, demo_dbs, path: str, status: int) -> None:
    a = one(demo_dbs[0], "SELECT id FROM impoundments LIMIT 1")
    r = client.get(path.replace("{id}", a["id"]))
    assert r.status_code == status and r.headers["content-type"].startswith("application/json")
    assert r.json()["message"]


def test_a_kind_not_known_is_told_in_malayalam_with_the_kinds_in_malayalam(client) -> None:
    """A Malayalam reader who typed a kind the search does not know was offered 'cow, bull, ox, ...' in English;
    the page names each kind in Malayalam, with the English word the search box also accepts beside it."""
    r = client.get("/", params={"species": "dragon", "lang": "ml"})
    client.cookies.clear()
    assert r.status_code == 400
    text = parse(r.text).text
    assert "കന്നുകാലി ഇനമല്ല" in text and "പശു (cow)" in text and "എരുമ / പോത്ത് (buffalo)" in text


def test_missing_animal_is_a_helpful_page(client) -> None:
    r = client.get("/animals/does-not-exist")
    assert r.status_code == 404 and "text/html" in r.headers["content-type"]
    assert "Search by kind, colour and district" in r.text and "Traceback" not in r.text


def test_language_switch_is_remembered(client) -> None:
    r = client.get("/", params={"lang": "ml"})
    assert "കാണാതായ മൃഗത്തെ തിരയുകയാണോ?" in r.text and r.cookies.get("lang") == "ml"
    again = client.get("/pounds")  # no ?lang: the cookie remembers
    assert "പൗണ്ടുകൾ" in again.text
    client.cookies.clear()


def test_pound_page_lists_fines_and_rates_in_force(client) -> None:
    page = client.get("/pounds/tcr-corp")
    assert page.status_code == 200
    assert "K s.11(4)" in page.text and "EXAMPLE" in page.text
    assert "₹1,000.00 (₹500.00 × 2, K s.11(2))" in page.text  # Thrissur: a habitual-trespass area for cows (demo)
    assert "₹200.00" in page.text  # goats are not named in that notification
    assert client.get("/districts/Thrissur").status_code == 200
    assert client.get("/pounds/nope").status_code == 404


def test_a_historical_pound_lists_its_eras_rates_and_no_animals_in_the_pound_now(client, demo_dbs) -> None:
    # The 1858 register: its rates as on its last entry, in annas and pies (they were "₹0.06" for 1 anna, truncated,
    # as if in force in 2026), and its 120 silent entries are not "in the pound now".
    last = one(demo_dbs[0], "SELECT max(brought_on) AS d FROM impoundments WHERE pound_id = '24pgs-barrackpore'")["d"]
    silent = one(demo_dbs[0], "SELECT count(*) AS n FROM impoundments WHERE pound_id = '24pgs-barrackpore'")["n"]
    page = parse(client.get("/pounds/24pgs-barrackpore").text)
    day = dt.date.fromisoformat(last)
    assert f"on the register's last entry, {day.day} {day:%b} {day.year}" in page.by_id["rates-heading"]
    assert "4 as." in page.by_id["rates"] and "6 p." in page.by_id["rates"] and "₹" not in page.by_id["rates"]
    assert "Animals in the pound now (0)" in page.by_id["now"] and "/animals/" not in "".join(page.links)
    assert page.by_id["silent"].startswith(f"No outcome recorded in the register: {silent} entries")
    pounds = parse(client.get("/pounds").text)
    assert pounds.by_id["now-24pgs-barrackpore"] == "0"
    # the Act by its title, as the pound page names it, not the rule pack's id
    assert "Act III of 1857" in pounds.text and "act-iii-1857" not in pounds.text and "kerala-1961" not in pounds.text
    # a live pound's list is today's, and its animals in the pound are listed and counted alike
    live = parse(client.get("/pounds/tcr-corp").text)
    assert "last entry" not in live.by_id["rates-heading"]
    district = parse(client.get("/districts/Thrissur").text)
    con = sqlite3.connect(demo_dbs[0])
    (now,) = con.execute(
        f"SELECT count(*) FROM impoundments i WHERE district = 'Thrissur' AND {in_pound_now(TODAY)}"
    ).fetchone()
    assert now < sum(
        1
        for (s,) in con.execute("SELECT status FROM impoundments WHERE district = 'Thrissur'")
        if s in ("impounded", "notice_posted")
    )  # the demo's Thrissur has silent entries too
    assert f"Animals in the pound now ({now})" in district.text


def test_a_pound_with_more_animals_than_a_page_lists_the_nearest_and_counts_them_all(
    client, demo_dbs, monkeypatch
) -> None:
    # At 1M demo rows a pound held 5,700 animals in the pound now and its page listed every one (350 ms a render, a
    # page of megabytes). It lists the first LISTED_IN_POUND, the nearest last day to claim first, as the owner's
    # search orders them; its heading and the list of pounds count them all; a link leads to the rest.
    from portal.routes import pages

    con = sqlite3.connect(demo_dbs[0])
    (now,) = con.execute(
        f"SELECT count(*) FROM impoundments i WHERE pound_id = 'tcr-corp' AND {in_pound_now(TODAY)}"
    ).fetchone()
    assert now > 3
    monkeypatch.setattr(pages, "LISTED_IN_POUND", 3)
    host = {"host": "listed.example"}  # not an answer the response cache kept for the page as it was
    html = client.get("/pounds/tcr-corp", headers=host).text
    page = parse(html)
    assert f"Animals in the pound now ({now})" in page.by_id["now"]
    section = parse(html[html.index('<section id="now">') : html.index("</section>", html.index('<section id="now">'))])
    listed = list(dict.fromkeys(link for link in section.links if link.startswith("/animals/")))
    nearest = client.get("/api/impoundments", params={"pound": "tcr-corp", "limit": 3}, headers=host).json()
    assert listed == [f"/animals/{r['id']}" for r in nearest["rows"]]
    assert f"all {now} in the search" in page.by_id["all-in-pound"] and "/?pound=tcr-corp" in page.links
    assert parse(client.get("/pounds", headers=host).text).by_id["now-tcr-corp"] == str(now)


def test_pound_page_counts_an_auctions_lots_in_words_that_agree(client, demo_dbs) -> None:
    a = one(
        demo_dbs[0],
        f"""SELECT id, pound_id FROM auctions WHERE lots = 1 AND status != 'held'
            AND auction_date >= '{TODAY.isoformat()}' LIMIT 1""",
    )
    page = parse(client.get(f"/pounds/{a['pound_id']}").text)
    assert ": 1 lot — Lot 1: " in page.by_id[f"auction-{a['id']}"]
    in_malayalam = parse(client.get(f"/pounds/{a['pound_id']}", params={"lang": "ml"}).text)
    client.cookies.clear()  # ?lang= is remembered in a cookie: the tests after this one read English
    assert "(proposed)" not in in_malayalam.by_id[f"auction-{a['id']}"]
    assert "(scheduled)" not in in_malayalam.by_id[f"auction-{a['id']}"]


def test_notice_and_sale_account_pages(client, demo_dbs) -> None:
    s = one(demo_dbs[0], "SELECT impoundment_id FROM sales WHERE conflict_of_interest = 1")
    account = client.get(f"/animals/{s['impoundment_id']}/sale-account")
    assert account.status_code == 200 and "(e) Proceeds of sale" in account.text and "K s.18(1)" in account.text
    # The account says which animal and pound it is for, and (f) where each sum went under the pound's Act.
    a = one(demo_dbs[0], f"SELECT * FROM impoundments WHERE id = '{s['impoundment_id']}'")
    page = parse(account.text)
    assert {f"/animals/{a['id']}", f"/pounds/{a['pound_id']}"} <= set(page.links)
    assert "credited to its fund (K s.16(3), s.17)" in page.text and "the pound-keeper (K s.16(2))" in page.text
    in_malayalam = parse(client.get(f"/animals/{s['impoundment_id']}/sale-account", params={"lang": "ml"}).text)
    client.cookies.clear()
    # The page's own words are Malayalam; the Act's roles (data, like the notice's place) stay as the pack gives them.
    english = ("Fine ", "Feeding", "expenses of sale", "to the owner", "The buyer", "Sold at")
    assert [w for w in english if w in in_malayalam.text] == []
    assert "വിൽപനച്ചെലവ്" in in_malayalam.text
    # (a notice of an animal still in the pound: one that has left reads in the past tense, test_animal_pages)
    n = one(
        demo_dbs[0],
        f"""SELECT impoundment_id FROM notices n JOIN impoundments i ON i.id = n.impoundment_id
            WHERE n.pound_id != '24pgs-barrackpore' AND {in_pound_now(TODAY)} LIMIT 1""",
    )
    notice = client.get(f"/animals/{n['impoundment_id']}/notice")
    assert notice.status_code == 200 and "Place where seized" in notice.text and "K s.13(1)-(2)" in notice.text
    assert f"/animals/{n['impoundment_id']}" in parse(notice.text).links
    in_malayalam = parse(client.get(f"/animals/{n['impoundment_id']}/notice", params={"lang": "ml"}).text).text
    client.cookies.clear()
    assert "(due)" not in in_malayalam and "(posted)" not in in_malayalam and "നോട്ടീസ് പതി" in in_malayalam
    # the notice itself in the village's language (it was the English text under a Malayalam page)
    assert "NOTICE under" not in in_malayalam and "മുതൽ പൊതുലേലത്തിൽ വിൽക്കുന്നതാണ് (K s.13(3))" in in_malayalam


def test_security_headers_and_openapi(client) -> None:
    r = client.get("/")
    assert "default-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff" and r.headers["referrer-policy"]
    spec = client.get("/api/openapi.json").json()
    assert "/api/impoundments/{impoundment_id}/due" in spec["paths"]


def test_html_in_a_register_is_inert(tmp_path: Path) -> None:
    data = make_data_dir(tmp_path, {"hostile.csv": MESSY / "hostile.csv"})
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    with TestClient(create_app(Settings(database=tmp_path / "p.db", today=TODAY))) as c:
        con = sqlite3.connect(tmp_path / "p.db")
        ids = [
            r[0] for r in con.execute("SELECT id FROM impoundments ORDER BY source_file, source_row")
        ]  # register order
        for path in [
            "/",
            *(f"/animals/{i}" for i in ids),
            "/feeds/impounded.rss",
            "/feeds/impounded.atom",
            "/pounds/p1",
        ]:
            body = c.get(path).text
            assert "<script>alert" not in body and "<b>Ollur</b>" not in body, path
        assert "&lt;[…]&gt;" in c.get(f"/animals/{ids[0]}").text
        # A feed reader renders an RSS description as HTML: the register's tag (its word now a mark, issue 23) must
        # arrive as text, not markup.
        rss = ElementTree.fromstring(c.get("/feeds/impounded.rss").content)
        descriptions = [d.text or "" for d in rss.iter("description")]
        assert any("&lt;[…]&gt;" in d for d in descriptions) and not any("<script" in d for d in descriptions)
        summaries = [
            s
            for s in ElementTree.fromstring(c.get("/feeds/impounded.atom").content).iter()
            if s.tag.endswith("content")
        ]
        assert any("<[…]>" in (s.text or "") for s in summaries)  # Atom content without a type is text: shown as typed
        assert all(s.get("type", "text") == "text" for s in summaries)


def test_the_site_icon_is_found_where_browsers_look(client) -> None:
    r = client.get("/favicon.ico", follow_redirects=True)
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml") and b"<svg" in r.content
    assert '<link rel="icon" href="/static/favicon.svg"' in client.get("/").text


def test_the_feeds_page_offers_every_district_its_feeds_and_calendar(client, demo_dbs) -> None:
    page = parse(client.get("/feeds").text)
    districts = [d for (d,) in sqlite3.connect(demo_dbs[0]).execute("SELECT DISTINCT district FROM pounds")]
    for d in districts:
        q = urlencode({"district": d})
        assert {f"/feeds/impounded.rss?{q}", f"/feeds/notices.atom?{q}", f"/calendar/auctions.ics?{q}"} <= set(
            page.links
        )
    assert client.get("/calendar/auctions.ics", params={"district": districts[0]}).status_code == 200
    in_malayalam = parse(client.get("/feeds", params={"lang": "ml"}).text).text
    client.cookies.clear()
    assert "Follow new impoundments" not in in_malayalam and "ലേലങ്ങൾ" in in_malayalam


def test_the_auctions_calendars_are_offered_to_subscribe_by_webcal_from_the_public_url(client, demo_dbs) -> None:
    """A calendar app subscribes to a webcal:// address (and then keeps it up to date); a download is a copy that never
    changes. The feeds page offers both for every pound and each district, the pound page for its pound, in English
    and Malayalam, the webcal address built from the configured public URL (else the request's host)."""
    from fastapi.testclient import TestClient

    (district,) = sqlite3.connect(demo_dbs[0]).execute("SELECT district FROM pounds ORDER BY id LIMIT 1").fetchone()
    q = urlencode({"district": district})
    settings = Settings(database=demo_dbs[0], today=TODAY, public_url="https://pounds.example")
    with TestClient(create_app(settings)) as public:
        for lang, label in (("en", "Subscribe in your calendar app"), ("ml", "കലണ്ടർ ആപ്പിൽ സബ്സ്ക്രൈബ് ചെയ്യുക")):
            ml = "&lang=ml" if lang == "ml" else ""
            page = parse(public.get("/feeds", params={"lang": lang}).text)
            public.cookies.clear()
            assert {f"webcal://pounds.example/calendar/auctions.ics?{q}{ml}", f"/calendar/auctions.ics?{q}{ml}"} <= set(
                page.links
            )
            assert "webcal://pounds.example/calendar/auctions.ics" + ml.replace("&", "?") in page.links
            assert label in page.text
            pound = parse(public.get("/pounds/tcr-corp", params={"lang": lang}).text)
            public.cookies.clear()
            assert f"webcal://pounds.example/calendar/auctions.ics?pound=tcr-corp{ml}" in pound.links
            assert label in pound.by_id["auction-calendar"]
    # no public URL configured: the host the reader asked
    assert f"webcal://testserver/calendar/auctions.ics?{q}" in parse(client.get("/feeds").text).links


def test_healthz(client) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json()["ok"] is True


def test_a_silent_historical_register_counts_no_days(client, demo_dbs) -> None:
    a = one(demo_dbs[0], "SELECT id FROM impoundments WHERE act = 'act-iii-1857' AND status = 'impounded' LIMIT 1")
    rows = client.get("/api/impoundments", params={"pound": "24pgs-barrackpore", "limit": 500}).json()["rows"]
    row = next(r for r in rows if r["id"] == a["id"])
    assert row["register_silent"] is True and row["days_in_pound"] is None and row["last_day_to_claim"] is None
    page = client.get("/", params={"pound": "24pgs-barrackpore"}).text
    assert "No outcome recorded in the register" in page


def test_a_silent_entry_is_charged_to_its_last_day_to_claim_not_to_today(client, demo_dbs) -> None:
    # An 1858 entry with no outcome once showed 61,688 days of feeding "to claim today" and "what to bring".
    a = one(demo_dbs[0], "SELECT * FROM impoundments WHERE act = 'act-iii-1857' AND status = 'impounded' LIMIT 1")
    last_day = dt.date.fromisoformat(a["auction_earliest_on"]) - dt.timedelta(days=1)
    due = client.get(f"/api/impoundments/{a['id']}/due").json()
    assert due["register_silent"] is True and due["on"] == last_day.isoformat()
    assert due["days_in_pound"] == (last_day - dt.date.fromisoformat(a["brought_on"])).days
    page = parse(client.get(f"/animals/{a['id']}").text)
    assert page.by_id["status"] == "No outcome recorded in the register"
    assert (
        page.by_id["due-heading"]
        == f"What it cost to claim on the last day before auction ({last_day.day} {last_day:%b} {last_day.year})"
    )
    assert "What to bring" not in page.text and "In the pound" not in page.text
    # asked for a day, the API still answers for that day, as for any animal
    today = client.get(f"/api/impoundments/{a['id']}/due", params={"on": TODAY.isoformat()}).json()
    assert today["on"] == TODAY.isoformat() and today["register_silent"] is True


def test_an_animal_past_its_earliest_auction_day_can_still_be_claimed(client, demo_dbs) -> None:
    # A bold "last day to claim" a month gone, with nothing else said, told an owner it was too late; the Act lets
    # the owner claim at any time before the sale (K s.12), and the Director may not have fixed the auction yet.
    sql = """SELECT * FROM impoundments WHERE status IN ('impounded', 'notice_posted') AND act = 'kerala-1961'
             AND auction_earliest_on {} ? AND auction_earliest_on >= ? ORDER BY id LIMIT 1"""
    since = (TODAY - dt.timedelta(days=30)).isoformat()
    past = one(demo_dbs[0], sql.format("<="), (TODAY.isoformat(), since))
    ahead = one(demo_dbs[0], sql.format(">"), (TODAY.isoformat(), since))
    page = parse(client.get(f"/animals/{past['id']}").text)
    assert "may be sold at auction on any day now" in page.by_id["auction-open"]
    assert "K s.12" in page.by_id["auction-open"] and "passed" in page.by_id["last-day"]
    assert "What to bring" in page.text  # it is still in the pound: the owner should go
    assert client.get(f"/api/impoundments/{past['id']}/due").json()["auction_may_be_held"] is True
    page = parse(client.get(f"/animals/{ahead['id']}").text)
    assert "auction-open" not in page.by_id and "passed" not in page.by_id["last-day"]
    assert client.get(f"/api/impoundments/{ahead['id']}/due").json()["auction_may_be_held"] is False
    rows = client.get("/api/impoundments", params={"pound": past["pound_id"], "limit": 500}).json()["rows"]
    flags = {r["id"]: r["auction_may_be_held"] for r in rows}
    assert flags[past["id"]] is True and not any(flags[r["id"]] for r in rows if r["status"] in ("claimed", "sold"))


def whereabouts_of(row: dict, today: dt.date) -> dict:
    """status.whereabouts (SQL) of one impoundment row on `today`."""
    con = sqlite3.connect(":memory:")
    con.row_factory = sqlite3.Row
    columns = ["id", "status", "auction_earliest_on", "auction_by_notice_on", "notice_due_on", "notice_posted_on"]
    con.execute(f"CREATE TABLE impoundments ({', '.join(columns)})")
    con.execute("CREATE TABLE auction_lots (auction_id, impoundment_id)")  # no auction fixed for it
    con.execute("CREATE TABLE auctions (id, auction_date, status)")
    con.execute(f"INSERT INTO impoundments VALUES ({', '.join('?' * len(columns))})", [row.get(c) for c in columns])
    return dict(con.execute(f"SELECT {whereabouts_select(day_sql(today))} FROM impoundments i").fetchone())


def test_past_the_earliest_auction_day_an_entry_is_either_open_to_sale_or_silent() -> None:
    # The page says "may be sold any day" or "no outcome recorded", never both and never neither.
    for days_past in range(0, 90):
        earliest = (TODAY - dt.timedelta(days=days_past)).isoformat()
        w = whereabouts_of(
            {"status": "notice_posted", "auction_earliest_on": earliest, "auction_by_notice_on": earliest}, TODAY
        )
        assert w["auction_may_be_held"] != w["register_silent"], days_past
        assert w["fate"] == ("may_be_sold" if w["auction_may_be_held"] else "register_silent")
    tomorrow = (TODAY + dt.timedelta(days=1)).isoformat()
    ahead = whereabouts_of(
        {"status": "impounded", "auction_earliest_on": tomorrow, "auction_by_notice_on": tomorrow}, TODAY
    )
    assert not ahead["auction_may_be_held"] and ahead["fate"] == "in_pound"
    assert ahead["next_event"] == "auction_earliest" and ahead["last_day_to_claim"] == TODAY.isoformat()
    left = whereabouts_of({"status": "claimed", "auction_earliest_on": TODAY.isoformat()}, TODAY)
    assert not left["auction_may_be_held"] and left["fate"] == "left" and left["next_event"] is None


def test_the_list_counts_days_in_pound_as_the_animal_page_charges_them() -> None:
    # K s.4: feeding accrues for each day or part of a day, so an animal brought in today has been in one day.
    brought = {"brought_on": "2026-11-30", "register_silent": 0, "in_pound_now": 1, "auction_may_be_held": 0}
    claimed = {"brought_on": "2026-11-28", "left_on": "2026-11-28", "register_silent": 0, "in_pound_now": 0,
               "auction_may_be_held": 0}  # fmt: skip
    today, same_day = decorate([brought, claimed], dt.date(2026, 11, 30))
    assert today["days_in_pound"] == 1 and same_day["days_in_pound"] == 1
    assert decorate([dict(brought)], dt.date(2026, 12, 3))[0]["days_in_pound"] == 3


def test_the_api_list_and_the_database_agree_on_days_in_pound(client, demo_dbs) -> None:
    con = sqlite3.connect(demo_dbs[0])
    stored = dict(con.execute("SELECT id, days_in_pound FROM impoundments WHERE left_on IS NOT NULL").fetchall())
    listed = client.get("/api/impoundments", params={"limit": 500}).json()["rows"]
    left = [r for r in listed if r["id"] in stored]
    assert len(left) > 10
    assert [r["days_in_pound"] for r in left] == [stored[r["id"]] for r in left]


def test_counts_of_more_than_one_head_read_in_the_plural(client, demo_dbs) -> None:
    n = one(
        demo_dbs[0],
        # a notice the notices feed carries: its animal in the pound now (impoundments_now), its day come
        """SELECT n.* FROM notices n JOIN impoundments_now i ON i.id = n.impoundment_id
           WHERE n.head_count > 1 AND n.species IN ('calf', 'buffalo', 'goat', 'cow') AND i.in_pound_now
             AND n.posted_on <= date('now', '+330 minutes') LIMIT 1""",
    )
    plural = head_of(n["head_count"], n["species"])
    assert plural != f"{n['head_count']} {n['species']}"
    assert f"have not been claimed within 7 days: {plural}" in n["notice_text"]
    assert f"<td>{plural}" in client.get(f"/animals/{n['impoundment_id']}/notice").text
    feed = client.get("/feeds/notices.rss", params={"pound": n["pound_id"]}).text
    assert f"Notice: {plural} unclaimed at" in feed


def test_counts_on_pages_are_grouped_as_money_is() -> None:
    """At 1M rows the search said 'Results: 1–50 of 113045'; a count is grouped as money is, as India writes numbers
    (the last three digits, then lakhs and crores: '₹1,49,000.00'), in headings and in the sentences that carry a
    count. By hand: 113045 is 1 lakh 13 thousand 45, '1,13,045'; 1005050 is 10 lakh 5 thousand 50, '10,05,050'."""
    from portal.render import count_text

    assert [count_text(n) for n in (7, 1000, 113045, 1005050)] == ["7", "1,000", "1,13,045", "10,05,050"]
    assert count_text(True) == "True" and count_text("12") == "12"  # not a count: as it is


def test_errors_and_the_act_read_whole_in_malayalam_and_help_fits_what_is_missing(client, demo_dbs) -> None:
    """Found reading the demo as an owner: a missing feed or download answered in English on a Malayalam page; every
    404 (a pound, a district, a download) said 'the animal may have been entered under another number'; the Act's
    dates read 'മുതൽ 15 ജൂലൈ 1961' ('from' before the day, English order) where Malayalam says '15 ജൂലൈ 1961 മുതൽ';
    three animals of a pound shared one <title> ('1 cow, X Pound'), so tabs and bookmarks could not be told apart."""
    feed = parse(client.get("/feeds/nope.rss", params={"lang": "ml"}).text).text
    download = parse(client.get("/downloads/nope.csv").text).text  # the cookie keeps Malayalam
    pound = parse(client.get("/pounds/nope").text).text
    animal = parse(client.get("/animals/nope").text).text
    a = one(demo_dbs[0], "SELECT * FROM impoundments WHERE act = 'kerala-1961' AND colour = 'black' LIMIT 1")
    act = parse(client.get(f"/animals/{a['id']}").text).text
    client.cookies.clear()
    assert "എന്ന പേരിൽ ഫീഡ് ഇല്ല" in feed and "There is no feed" not in feed
    assert "എന്ന പേരിൽ ഡൗൺലോഡ് ഇല്ല" in download and "There is no download" not in download
    assert "മറ്റൊരു നമ്പറിൽ" not in pound and "മറ്റൊരു നമ്പറിൽ" in animal
    assert "1961 മുതൽ" in act and "മുതൽ 15" not in act
    en = client.get(f"/animals/{a['id']}").text
    brought = dt.date.fromisoformat(a["brought_on"])
    title = en[en.index("<title>") + 7 : en.index("</title>")]
    assert f"(black), {brought.day} {brought:%b} {brought.year}, " in title


def test_the_forms_lists_kept_for_a_file_show_each_pages_own_choices(client, demo_dbs) -> None:
    # The kinds, districts and pounds of the search form are rendered once for a version of the file, a language and
    # the choices made (routes/pages.py _choices), and kept: each page still shows its own choices, in its language.
    import re
    import sqlite3

    con = sqlite3.connect(f"file:{demo_dbs[0]}?mode=ro&immutable=1", uri=True)
    (pound, district), (other_pound, other_district) = con.execute(
        "SELECT id, district FROM pounds GROUP BY district ORDER BY district LIMIT 2"
    ).fetchall()

    def selected(page: str) -> list[str]:
        return re.findall(r'<option value="([^"]*)"[^>]* selected>', page)

    for _ in range(2):  # made, then kept
        assert selected(client.get("/", params={"q": "cow", "district": district}).text) == [district]
        assert selected(
            client.get("/", params={"q": "cow", "district": other_district, "pound": other_pound}).text
        ) == [
            other_district,
            other_pound,
        ]
        assert selected(client.get("/", params={"q": "cow", "species": "bull", "pound": pound}).text) == ["bull", pound]
        assert selected(client.get("/", params={"q": "cow"}).text) == []
    english = client.get("/", params={"q": "cow", "district": "Thrissur"}).text
    malayalam = client.get("/", params={"q": "cow", "district": "Thrissur", "lang": "ml"}).text
    assert ">Thrissur</option>" in english and ">തൃശ്ശൂർ</option>" in malayalam and "തൃശ്ശൂർ</option>" not in english


@pytest.mark.parametrize("q", ["black cow", "zebra-striped unicorn"])
def test_a_search_offers_its_feed_where_the_count_is_not_only_after_the_rows(client, q: str) -> None:
    """An owner told "Results: 12" (or none yet) reads there how to be told of the next one: the same feed as the
    link after the rows, in both languages, on a page with matches and on one without."""
    import re

    for lang, words in (("en", "Be told when an animal like this arrives"), ("ml", "ഇതുപോലൊരു മൃഗം എത്തുമ്പോൾ")):
        page = client.get("/", params={"q": q, "lang": lang}).text
        heading = page.index('id="results-heading"')
        top = re.search(
            r'<p class="subscribe-top" id="subscribe-top"><a class="feed" href="([^"]+)"[^>]*>([^<]+)', page
        )
        assert top and top.start() > heading and words in top[2]
        hrefs = re.findall(r'<a class="feed" href="([^"]+)"', page)
        assert len(hrefs) == 2 and hrefs[0] == hrefs[1] == top[1] and top[1].startswith("/feeds/impounded.rss?")


def test_the_last_day_to_claim_says_its_day_of_the_week(client, demo_dbs) -> None:
    """The review of 7 Dec: a last day to claim fell on a Sunday, the pound open Monday to Saturday, and nothing on
    the page said so; the Act gives no more days for it (K s.13(3)). The page names the day of the week, beside the
    pound's hours, in both languages."""
    con = sqlite3.connect(demo_dbs[0])
    animal, last = con.execute(
        "SELECT id, last_day_to_claim FROM impoundments_now WHERE last_day_to_claim > ? ORDER BY id LIMIT 1",
        (TODAY.isoformat(),),
    ).fetchone()
    day = dt.date.fromisoformat(last)
    en = parse(client.get(f"/animals/{animal}", params={"lang": "en"}).text)
    assert en.by_id["last-day"].strip() == f"{day.day} {day:%b} {day.year}"
    assert en.by_id["last-day-weekday"] == f"({day:%A}: come while the pound is open, its hours above)"
    ml = parse(client.get(f"/animals/{animal}", params={"lang": "ml"}).text)
    client.cookies.clear()
    names = ["തിങ്കളാഴ്ച", "ചൊവ്വാഴ്ച", "ബുധനാഴ്ച", "വ്യാഴാഴ്ച", "വെള്ളിയാഴ്ച", "ശനിയാഴ്ച", "ഞായറാഴ്ച"]
    assert ml.by_id["last-day-weekday"].startswith(f"({names[day.weekday()]}:")


def test_a_sold_animals_page_says_where_to_ask_for_the_balance(client, demo_dbs) -> None:
    """The review of 7 Dec: a sold animal's page told the owner to claim the balance from the local authority by a
    day, and gave no telephone, hours or address to do it by (the pound's, from pounds.csv, shown for an animal in the
    pound only)."""
    con = sqlite3.connect(demo_dbs[0])
    animal, phone = con.execute(
        "SELECT s.impoundment_id, p.phone FROM sales s JOIN pounds p ON p.id = s.pound_id "
        "WHERE s.balance_minor > 0 AND p.phone != '' ORDER BY s.impoundment_id LIMIT 1"
    ).fetchone()
    page = parse(client.get(f"/animals/{animal}", params={"lang": "en"}).text)
    assert "collect" in page.by_id and phone in page.by_id["collect-contact"]
    assert page.by_id["collect-contact"].startswith("To reach the pound:")
