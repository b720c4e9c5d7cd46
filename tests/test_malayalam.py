"""Malayalam, whole: every fixed sentence a person meets is in the language they chose; register text stays as
written. The real app in-process, pages parsed."""

from __future__ import annotations

import re
import sqlite3
from html.parser import HTMLParser

import pytest

from pinfold.law.packs import PACKS_DIR, PACKS_DIR_VARIABLE, all_packs, pack
from pinfold.law.status import whereabouts
from portal.search import day_sql

from .conftest import TODAY
from .test_portal import parse

MALAYALAM = re.compile(r"[\u0D00-\u0D7F]")


@pytest.fixture
def ml(client):
    yield lambda path, **params: client.get(path, params={**params, "lang": "ml"})
    client.cookies.clear()  # ?lang= is remembered in a cookie: the session's other tests read English


@pytest.mark.parametrize(
    ("path", "params", "status"),
    [
        ("/pounds/no-such-pound", {}, 404),
        ("/animals/no-such-animal", {}, 404),
        ("/districts/Atlantis", {}, 404),
        ("/no/such/page", {}, 404),
        ("/", {"q": "black", "page": "0"}, 400),
        ("/", {"from": "31/12/2025"}, 400),
        ("/", {"species": "dog"}, 400),
        ("/", {"district": "Atlantis"}, 400),
    ],
)
def test_an_error_page_speaks_malayalam(ml, path: str, params: dict, status: int) -> None:
    r = ml(path, **params)
    assert r.status_code == status
    page = parse(r.text)
    heading_and_message = page.text.split("Pinfold", 2)[-1]
    # Before: the heading was Malayalam and the sentence saying what was wrong English.
    sentences = [s for s in re.split(r"(?<=[.:])\s", heading_and_message) if re.search(r"[A-Za-z]{4,}", s)]
    english_only = [s for s in sentences if not MALAYALAM.search(s) and "Act" not in s and "RSS" not in s]
    assert english_only == [], english_only


def test_the_search_example_is_in_malayalam(ml) -> None:
    html = ml("/").text
    (placeholder,) = re.findall(r'placeholder="([^"]+)"', html)
    assert MALAYALAM.search(placeholder)


def test_the_results_name_kind_and_colour_in_malayalam(ml) -> None:
    # Before: "2 പശു" and then the colour only in the register's English ("black and white, bell on neck").
    html = ml("/", q="black cow").text
    first = re.findall(r'<td><a href="/animals/[^"]+">([^<]+)</a></td>', html)
    assert first and all("പശു" in f for f in first) and sum("(കറുപ്പ്" in f for f in first) > len(first) // 2


# --- Every page type, walked in Malayalam --------------------------------------------------------------------------
# What may stay in Latin letters on a Malayalam page: names of formats and tools, the site's name, the switch to
# English, and the "/data" link. Google Calendar's own menu names are quoted as its Malayalam users may not see them.
LATIN_ALLOWED = {"pinfold", "rss", "atom", "icalendar", "json", "sql", "csv", "odbl", "english", "data", "google",
                 "calendar", "other", "calendars", "from", "url", "pashu", "aadhaar", "yyyy"}  # fmt: skip
LATIN_WORD = re.compile(r"(?![IVXLC]+\b)[A-Za-z]{3,}")  # not a Roman section number: 1857 s.VIII
# Not fixed sentences: the register's and the rule files' own words (class "written"), citations, code.
SKIPPED = re.compile(r"\b(?:written|cite)\b")


class FixedText(HTMLParser):
    """The text of a page's body a translation must cover: not inside an element of class 'written' (a register's or
    a rule file's own words, names of pounds and places) or 'cite' (K s.13(3)), nor <code>; with the visible
    attributes (placeholder, aria-label, data-label, title, alt)."""

    VOID = {"br", "link", "meta", "input", "img", "hr", "wbr", "source"}

    def __init__(self) -> None:
        super().__init__()
        self.pieces: list[str] = []
        self._stack: list[bool] = []  # per open element: skipped?
        self._body = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "body":
            self._body = True
        skipped = bool(self._stack and self._stack[-1]) or tag in ("code", "script", "style")
        skipped = skipped or bool(SKIPPED.search(a.get("class") or ""))
        if self._body and not skipped:
            self.pieces += [
                v for k, v in attrs if k in ("placeholder", "aria-label", "data-label", "title", "alt") and v
            ]
        if tag not in self.VOID:
            self._stack.append(skipped)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self._stack:
            self._stack.pop()

    def handle_data(self, data: str) -> None:
        if self._body and not (self._stack and self._stack[-1]) and data.strip():
            self.pieces.append(" ".join(data.split()))


def english_in(html: str) -> list[str]:
    """The pieces of a page's fixed text that hold an English word: '<p>Fine not known</p>' -> ['Fine not known']."""
    parser = FixedText()
    parser.feed(html)
    return [p for p in parser.pieces if any(w.lower() not in LATIN_ALLOWED for w in LATIN_WORD.findall(p))]


def _ids(db) -> dict[str, str]:
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row

    def first(sql: str) -> str:
        row = con.execute(sql).fetchone()
        assert row is not None, sql
        return str(row[0])

    in_pound = f"{whereabouts(day_sql(TODAY))['in_pound_now']}"
    return {
        "in the pound": first(f"SELECT id FROM impoundments i WHERE {in_pound} AND auction_earliest_on > '{TODAY}'"),
        "may be sold, a lot": first(
            f"""SELECT i.id FROM impoundments i JOIN auction_lots l ON l.impoundment_id = i.id
                JOIN auctions a ON a.id = l.auction_id WHERE {in_pound} AND a.status = 'scheduled'
                AND i.auction_earliest_on <= '{TODAY}'"""
        ),
        "claimed": first("SELECT id FROM impoundments WHERE status = 'claimed' AND act = 'kerala-1961'"),
        "released on deposit": first("SELECT id FROM impoundments WHERE status = 'released_on_deposit'"),
        "sold": first("SELECT impoundment_id FROM sales WHERE balance_minor > 0 AND sold_on > '2000'"),
        "sold short": first("SELECT impoundment_id FROM sales WHERE shortfall_minor > 0 AND sold_on > '2000'"),
        "silent": first("SELECT id FROM impoundments WHERE act = 'act-iii-1857' AND status = 'impounded'"),
        "pound, lots unknown": first("SELECT pound_id FROM auctions WHERE lots = 0 AND status = 'scheduled'"),
        "pound with lots": first(
            "SELECT pound_id FROM auctions WHERE lots > 0 AND pound_id NOT LIKE '24pgs%' ORDER BY auction_date DESC"
        ),
        "district": first("SELECT district FROM pounds WHERE act = 'kerala-1961'"),
    }


def page_types(db) -> dict[str, str]:
    """One address of each page type an owner meets, by what it is."""
    ids = _ids(db)
    animals = {k: f"/animals/{ids[k]}" for k in ("in the pound", "may be sold, a lot", "claimed", "released on deposit",
                                                 "sold", "sold short", "silent")}  # fmt: skip
    return {
        "home": "/",
        "search results": "/?q=black+cow",
        "a second page of results": "/?species=cow&page=2",
        "empty result": "/?q=zebra&district=" + ids["district"],
        **{f"animal {k}": v for k, v in animals.items()},
        "notice, in the pound": animals["in the pound"] + "/notice",
        "notice, sold": animals["sold"] + "/notice",
        "notice, claimed": "/animals/"
        + str(sqlite3.connect(db).execute(
            "SELECT impoundment_id FROM notices n JOIN impoundments i ON i.id = n.impoundment_id "
            "WHERE i.status = 'claimed' AND n.status = 'posted'").fetchone()[0])
        + "/notice",
        "notice, 1858": animals["silent"] + "/notice",
        "sale account": animals["sold"] + "/sale-account",
        "sale account, shortfall": animals["sold short"] + "/sale-account",
        "pound, lots not yet known": f"/pounds/{ids['pound, lots unknown']}",
        "pound with lots": f"/pounds/{ids['pound with lots']}",
        "pound, 1857": "/pounds/24pgs-barrackpore",
        "pounds": "/pounds",
        "district": f"/districts/{ids['district']}",
        "feeds": "/feeds",
        "no such animal": "/animals/x1",
        "no such page": "/x/y",
        "no notice": animals["claimed"].replace(ids["claimed"], "") + str(sqlite3.connect(db).execute(
            "SELECT id FROM impoundments WHERE status = 'claimed' AND id NOT IN (SELECT impoundment_id FROM notices)"
        ).fetchone()[0]) + "/notice",
        "bad page number": "/?q=black&page=0",
    }  # fmt: skip


def test_no_fixed_english_on_any_malayalam_page(client, demo_dbs) -> None:
    """Malayalam, whole: on every page type, in Malayalam, no fixed text is English; the register's own words, names,
    citations and numbers stay as written. Before: the pack's texts (where a notice is posted, who holds a sale's
    surplus, the Act's definition of cattle, how periods are counted), the auction lots, the rate's status
    ('example'), 'None' for an auction with no lots known, and the Act's title were English."""
    found = {}
    for what, path in page_types(demo_dbs[0]).items():
        r = client.get(path, params={"lang": "ml"})
        assert r.status_code in (200, 400, 404), (what, r.status_code)
        english = english_in(r.text)
        if english:
            found[what] = english
    client.cookies.clear()
    assert found == {}


def test_the_walk_finds_english() -> None:
    """The detector itself: a fixed English sentence is found; register text, citations and formats are not."""
    html = """<body><p>Fine not known</p><p>പിഴ <span class="written">black cow, Mannuthy</span>
              <span class="cite">K s.13(3)</span> RSS · Atom</p><input placeholder="black cow"></body>"""
    assert english_in(html) == ["Fine not known", "black cow"]


# A pack's texts that are not words a page shows: ids, section numbers and the status a scale is published under
# (translated as a label, i18n.rate_status_label).
NOT_WORDS = ("id", "short", "section_style", "sections.", "cattle.cite", "fine_scale_status", "in_force.replaced_by")


@pytest.mark.parametrize("act", sorted(all_packs()))
def test_every_text_of_a_shipped_pack_has_its_malayalam(act: str) -> None:
    """The packs give their Malayalam as data ([ml], keyed like the English): a text a page shows with no Malayalam
    twin would read in English on a Malayalam page."""
    p = pack(act)
    assert [k for k in p.texts if k not in p.ml and not k.startswith(NOT_WORDS)] == []
    assert [k for k in p.ml if k not in p.texts] == []  # a Malayalam key with no English is a typo
    assert MALAYALAM.search(p.words("roles.notice_place", "ml")) and p.words("roles.notice_place", "en").isascii()


def test_a_pack_without_malayalam_reads_in_english(tmp_path, monkeypatch) -> None:
    """A fourth Act added without its [ml] table still has every text, in English."""
    text = (PACKS_DIR / "kerala-1961.toml").read_text(encoding="utf-8").split("\n[ml]")[0]
    (tmp_path / "t.toml").write_text(text.replace('id = "kerala-1961"', 'id = "t"'), encoding="utf-8")
    monkeypatch.setenv(PACKS_DIR_VARIABLE, str(tmp_path))
    p = pack("t")
    assert p.ml == {} and p.words("roles.notice_place", "ml") == p.words("roles.notice_place", "en") != ""


def test_districts_and_example_figures_are_named_in_malayalam(client, demo_dbs) -> None:
    # issue 24: the dropdown, /feeds' district headings, a district's heading and a pound's district were English on
    # Malayalam pages, and the example scale and rate were named only in the rule file's English
    search = client.get("/", params={"lang": "ml"}).text
    assert '<option value="Thrissur">തൃശ്ശൂർ</option>' in search
    assert "<td>തൃശ്ശൂർ</td>" in client.get("/feeds", params={"lang": "ml"}).text
    assert "<h1>തൃശ്ശൂർ</h1>" in client.get("/districts/Thrissur", params={"lang": "ml"}).text
    assert '<option value="Thrissur" class="written">Thrissur</option>' in client.get("/", params={"lang": "en"}).text
    con = sqlite3.connect(demo_dbs[0])
    (animal,) = con.execute(
        "SELECT id FROM impoundments WHERE pound_id LIKE 'tcr-%' AND status = 'impounded'"
    ).fetchone()
    con.close()
    page = client.get(f"/animals/{animal}", params={"lang": "ml"}).text
    assert "ഉദാഹരണ പിഴ പട്ടിക" in page and "ഉദാഹരണ നിരക്ക്" in page
    assert "EXAMPLE scale" not in page and "EXAMPLE feeding" not in page
    assert "EXAMPLE scale" in client.get(f"/animals/{animal}", params={"lang": "en"}).text


def test_the_open_data_pages_link_the_portal_in_malayalam(client) -> None:
    # issue 24: /data (Datasette, in English) had no way to Malayalam
    for path in ("/data", "/data/pinfold/impoundments"):
        html = client.get(path).text
        assert '<a href="/?lang=ml" lang="ml" hreflang="ml">മലയാളം</a>' in html, path


def test_a_district_is_named_in_malayalam_in_result_rows_the_scorecard_and_a_sale_account(client, demo_dbs) -> None:
    # Before: the search results (and a pound's list, the daily list), the /compliance scorecard's rows and a sale
    # account wrote the district as the register's English ("Thrissur") on Malayalam pages, as the dropdown above the
    # results and the animal page did not
    con = sqlite3.connect(demo_dbs[0])
    (sold,) = con.execute("SELECT impoundment_id FROM sales WHERE pound_id LIKE 'tcr-%' LIMIT 1").fetchone()
    con.close()
    results = client.get("/", params={"district": "Thrissur", "lang": "ml"}).text
    assert "<small>തൃശ്ശൂർ</small>" in results and '<small class="written">Thrissur</small>' not in results
    scorecard = client.get("/compliance", params={"lang": "ml"}).text
    assert '<a href="/districts/Thrissur">തൃശ്ശൂർ</a>)' in scorecard and ">Thrissur</a>)" not in scorecard
    account = client.get(f"/animals/{sold}/sale-account", params={"lang": "ml"}).text
    assert "<span>തൃശ്ശൂർ</span>" in account and '<span class="written">Thrissur</span>' not in account
    client.cookies.clear()
    english = client.get("/", params={"district": "Thrissur", "lang": "en"}).text
    assert '<small class="written">Thrissur</small>' in english  # in English it is the register's own word
