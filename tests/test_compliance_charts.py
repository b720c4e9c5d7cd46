"""The charts' figures (issue 28): the table pound_months counted at the ingest, per pound and month, and the state's
charts on /compliance read from it; the scorecard's feed counting each rule as worked by hand.

The registers are tests/test_compliance.py's, worked by hand there from the Acts' words. k1 brought ten entries in
March 2025 (K s.13(1): "not claimed within seven days from the date of their being impounded" -> notice due 9 Mar;
K s.13(3): "seven days from the date of the notice" -> earliest auction 17 Mar):
  delivered 1 (3 -> 5 Mar, 2 days), 2 (1 -> 4 Mar, 3), 5 (1 -> 15 Mar, 14), 7 (1 -> 8 Mar, 7), 9 (1 -> 3 Mar, 2):
    5 claimed or released;
  sold 3 (25 Mar, 24 days), 4 (12 Mar, 11), 6 and 10 (20 Mar, 19): 4 sold;
  8: nothing after the day brought, a month past 17 Mar 2025 long before the ingest's day: the register silent.
  Days of the nine that left: 1-3 days: 1, 2, 9 (3); 4-7: 7 (1); 8-15: 4, 5 (2); 16-30: 3, 6, 10 (3); 31+: none.
  Fines levied: entry 9's Rs 600 (K s.11(1): the fine levied), left 3 Mar 2025: 60,000 paise in 2025-03.
  Fines collected (what the charts draw), all left in March: entry 9's Rs 600 and the scale's Rs 500 (RULES_K) of
    the other four delivered (K s.12(a): delivered "on payment of the fines and charges"), 2,600; of the sales (K
    s.15(2): fines "deducted from the proceeds of the sale"; the proceeds pay the fine first, Pinfold's reading) 3 sold
    for 500 pays 500, 4 for 400 pays 400 (not 500), 10 for 700 pays 500, 6 with no proceeds recorded counts its whole
    500: 1,900. Rs 4,500 in all, 450,000 paise (the full fines would be Rs 4,600).
t1 (the fourth Act) brought one entry on 1 Nov 2025, nothing after: silent by the ingest's day (2026 or later).
"""

from __future__ import annotations

import re
import shutil
import sqlite3
from xml.etree import ElementTree

import feedparser

from ingest.compliance import build
from pinfold.law.compliance import rules

from .test_compliance import EXPECTED_K1, D, figures, scorecard_db
from .test_law import law_db, portal_for, rows  # noqa: F401 (a fixture)

K1_MARCH = {"pound_id": "k1", "month": "2025-03", "district": "Thrissur", "entries": 10, "claimed": 5, "sold": 4,
            "disposed": 0, "in_pound": 0, "silent": 1, "left_1_3": 3, "left_4_7": 1, "left_8_15": 2, "left_16_30": 3,
            "left_31_plus": 0, "fines_paisa_minor": 60_000, "fines_pie_minor": 0,
            "fines_collected_paisa_minor": 450_000, "fines_collected_pie_minor": 0}  # fmt: skip
T1_NOVEMBER = {**dict.fromkeys(K1_MARCH, 0), "pound_id": "t1", "month": "2025-11", "district": "Thrissur",
               "entries": 1, "silent": 1}  # fmt: skip


def test_pound_months_counts_each_pound_and_month_as_worked_by_hand(tmp_path, monkeypatch) -> None:
    db = scorecard_db(tmp_path, monkeypatch)
    assert rows(db, "SELECT * FROM pound_months ORDER BY pound_id, month") == [K1_MARCH, T1_NOVEMBER]
    # the entries the register leaves in the pound, as the pound page counts them from here
    assert rows(db, "SELECT count(*) AS n FROM impoundments WHERE status IN ('impounded', 'notice_posted')") == [
        {"n": 2}
    ]


def test_a_pound_counted_alone_gives_the_same_rows_and_touches_no_other(tmp_path, monkeypatch) -> None:
    """What an ingest that counts again only the pounds whose registers changed relies on: build(pub, ['k1']) gives
    k1 the rows a whole count gives it, in `compliance` and in `pound_months`, and leaves t1's as they were."""
    db = scorecard_db(tmp_path, monkeypatch)
    before = {t: rows(db, f"SELECT * FROM {t} ORDER BY pound_id") for t in ("compliance", "pound_months")}
    copy = tmp_path / "copy.db"
    shutil.copy(db, copy)
    con = sqlite3.connect(copy, isolation_level=None)
    con.execute("UPDATE pound_months SET entries = 99 WHERE pound_id = 't1'")  # marked: must stay as it is
    con.execute("UPDATE compliance SET entries = 99 WHERE pound_id = 't1'")
    con.execute("DELETE FROM pound_months WHERE pound_id = 'k1'")
    con.execute("UPDATE compliance SET entries = 0 WHERE pound_id = 'k1'")
    build(con, ["k1"])
    build(con, [])  # no pound: nothing counted, nothing removed
    con.close()
    for t, whole in before.items():
        after = rows(copy, f"SELECT * FROM {t} ORDER BY pound_id")
        assert [r for r in after if r["pound_id"] == "k1"] == [r for r in whole if r["pound_id"] == "k1"], t
        assert {r["entries"] for r in after if r["pound_id"] == "t1"} == {99}, t


def test_compliance_draws_the_states_charts_from_the_table(tmp_path, monkeypatch, portal_for) -> None:  # noqa: F811
    """The state is k1 and t1: brought in 2025-03 and 2025-11 (the last 24 months from 2025-11); 5 claimed or
    released, 4 sold, 2 where the register is silent (k1's entry 8, t1's one); the nine that left by days as k1's;
    k1's Rs 4,500 of fines collected in 2025-03."""
    db = scorecard_db(tmp_path, monkeypatch)
    c = portal_for(db, D(2025, 12, 1))
    page = c.get("/compliance").text
    tables = dict(re.findall(r'<figure class="chart" id="chart-(\w+)".*?<tbody>(.*?)</tbody>', page, re.S))
    assert set(tables) == {"rules", "outcomes", "days", "fines"}
    assert (
        "Brought from 2025-03 to 2025-11: 5 claimed or released, 4 sold, 0 disposed of, 0 in the pound, 2 where the "
        "register is silent." in page
    )
    assert '<th scope="row">Register silent</th><td>1</td><td>1</td>' in tables["outcomes"]
    assert '<th scope="row">Entries that left</th><td>3</td><td>1</td><td>2</td><td>3</td><td>0</td>' in tables["days"]
    assert '<th scope="row">Fines levied</th><td>₹4,500.00</td>' in tables["fines"]
    assert "9 entries left the pound; most stayed 1–3 days." in page
    for kind in ("outcomes", "days", "fines"):
        assert f'src="/compliance/chart-{kind}.svg?lang=en"' in page  # the state's: no pound, no district
        svg = c.get(f"/compliance/chart-{kind}.svg", params={"lang": "ml"})
        assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
        ElementTree.fromstring(svg.content)  # a well-formed SVG document
    ml = c.get("/compliance", params={"lang": "ml"}).text
    assert "2025-03 മുതൽ 2025-11 വരെ" in ml


def test_each_chart_is_drawn_for_a_phone_too(tmp_path, monkeypatch, portal_for) -> None:  # noqa: F811
    """A phone (up to 40em) is given the chart drawn 420 px wide, so its text is read at the size it was drawn, not
    shrunk by half from 800 px; a wider screen the 800 px drawing. Each drawing's size is in the page, so nothing
    moves as it loads."""
    db = scorecard_db(tmp_path, monkeypatch)
    c = portal_for(db, D(2025, 12, 1))
    page = c.get("/pounds/k1").text
    sources = re.findall(r'<source media="\(max-width: 40em\)" srcset="([^"]+)" width="420" height="(\d+)">', page)
    assert [s for s, _ in sources] == [
        f"/compliance/chart{k}.svg?pound=k1&amp;lang=en&amp;narrow=1" for k in ("", "-outcomes", "-days", "-fines")
    ]
    for src, height in sources:
        svg = ElementTree.fromstring(c.get(src.replace("&amp;", "&")).content)
        assert svg.get("viewBox") == f"0 0 420 {height}"
    wide = ElementTree.fromstring(c.get("/compliance/chart.svg", params={"pound": "k1"}).content)
    assert wide.get("viewBox") == "0 0 800 496"  # 8 rules: a legend line each
    assert '<img src="/compliance/chart.svg?pound=k1&amp;lang=en" alt="' in page and 'width="800" height="496"' in page


def test_the_feed_names_each_rule_as_often_as_the_table_counts_it(tmp_path, monkeypatch, portal_for) -> None:  # noqa: F811
    """k1's feed items name each rule exactly as many times as the hand count above (EXPECTED_K1: the notice three
    times, entries 3, 5 and 8; every other rule once); t1's one item names the notice and the silent register only, never a rule its Act
    does not have (seizure, buyers, the sale account: '—' on the pages)."""
    db = scorecard_db(tmp_path, monkeypatch)
    c = portal_for(db, D(2025, 12, 1))
    labels = {r.key: r.label for r in rules("date('now')")}
    k1 = feedparser.parse(c.get("/feeds/compliance.rss", params={"pound": "k1"}).content).entries
    named = {k: sum(label in e.title for e in k1) for k, label in labels.items()}
    assert named == {k: EXPECTED_K1[k] for k in labels}
    (t1,) = feedparser.parse(c.get("/feeds/compliance.rss", params={"pound": "t1"}).content).entries
    assert [k for k, label in labels.items() if label in t1.title] == ["notice_late", "register_silent"]
    page = c.get("/pounds/t1").text
    assert [figures(page, f"rule-{k}")[0] for k in ("seizure_late", "barred_buyer", "no_account")] == ["—"] * 3


def test_the_canned_query_shows_a_rule_the_act_lacks_as_empty(tmp_path, monkeypatch, portal_for) -> None:  # noqa: F811
    """t1's Act has no section on seizure, buyers or the sale account: the canned query gives null there (the pages'
    "—"), and 1 for the notice not recorded of its one entry."""
    db = scorecard_db(tmp_path, monkeypatch)
    c = portal_for(db, D(2025, 12, 1))
    params = {"_shape": "array", "year": "", "district": "", "pound": "t1"}
    (t1,) = c.get("/data/pounds/compliance_by_pound.json", params=params).json()
    assert (t1["seizure_late"], t1["barred_buyer"], t1["no_account"], t1["notice_late"]) == (None, None, None, 1)


def test_the_pound_page_counts_the_silent_entries_from_the_table(tmp_path, monkeypatch, portal_for) -> None:  # noqa: F811
    """k1 on 1 Dec 2025: entry 8 is left in the pound by the register and a month past its earliest auction (17 Mar):
    one silent entry. t1's entry, brought 1 Nov 2025: its notice due 9 Nov, earliest auction 17 Nov, silent a month
    after, so on 1 Dec 2025 in the pound now, and on 1 Jan 2026 silent."""
    db = scorecard_db(tmp_path, monkeypatch)
    december = portal_for(db, D(2025, 12, 1))
    assert re.search(r'<p id="silent">[^<]*<a href="/\?pound=k1">1 entry</a>', december.get("/pounds/k1").text)
    assert 'id="silent"' not in december.get("/pounds/t1").text
    january = portal_for(db, D(2026, 1, 1))
    assert re.search(r'<p id="silent">[^<]*<a href="/\?pound=t1">1 entry</a>', january.get("/pounds/t1").text)


def test_a_deposit_is_no_fine_levied_in_the_charts(tmp_path, portal_for) -> None:  # noqa: F811
    """K s.14: an owner disputing the seizure takes the cattle "upon deposit of the fines and charges": a deposit held
    until the complaint is decided, not a fine paid (K s.12), as fines_per_pound_per_month leaves it out. Entry 1,
    claimed 3 Mar 2025 on a fine of Rs 500, counts; entry 2, released on a deposit of Rs 500 on 4 Mar, does not."""
    register = (
        "No.,Date brought,Kind,Number,Description,Fine levied,Released on deposit,Date delivered\n"
        "1,01/03/2025,cow,1,black,500,,03/03/2025\n"
        "2,01/03/2025,cow,1,white,500,04/03/2025,\n"
    )
    db = law_db(tmp_path, {"k1": register})
    assert [r["status"] for r in rows(db, "SELECT status FROM impoundments ORDER BY entry_no")] == [
        "claimed",
        "released_on_deposit",
    ]
    (march,) = rows(db, "SELECT * FROM pound_months WHERE pound_id = 'k1'")
    assert (march["entries"], march["claimed"], march["fines_paisa_minor"]) == (2, 2, 50_000)
    c = portal_for(db, D(2025, 12, 1))
    (month,) = c.get("/data/pounds/fines_per_pound_per_month.json", params={"_shape": "array", "pound": "k1"}).json()
    assert month["fines_minor"] == march["fines_paisa_minor"]  # the chart and the query count the same fines
    assert '<th scope="row">Fines levied</th><td>₹500.00</td>' in c.get("/pounds/k1").text
