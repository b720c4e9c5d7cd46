"""The scorecard (issue 28): a small set of registers where each rule is departed from a known number of times, worked
by hand from the Acts' words, and the public table `compliance` counting exactly those; a rule the Act lacks is NULL.

Kerala pound k1, every entry brought 1 Mar 2025 (unless said). K s.13(1): "not claimed within seven days from the date
of their being impounded" -> the notice is due 9 Mar (the first day excluded); K s.13(3): "seven days from the date
of the notice" -> the earliest auction 17 Mar.
  1 seized 1 Mar, brought 3 Mar, delivered 5 Mar: K s.9 "within twenty-four hours to the pound" -> brought late.
  2 seized 28 Feb, delivered 4 Mar: a day apart, perhaps within the 24 hours -> nothing.
  3 notice 12 Mar (after the 9th), sold 25 Mar for 500 -> notice late (only).
  4 notice 9 Mar, sold 12 Mar for 400, before the 17th -> sale questioned (K s.13(3)).
  5 no notice recorded, delivered 15 Mar, six days past the 9th -> notice late (not recorded).
  6 notice 9 Mar, sold 20 Mar, no proceeds recorded -> no account (K s.15(3): "an account of ... (e) the proceeds").
  7 complaint 5 Mar, decided 8 Mar 'Seizure illegal', delivered 8 Mar -> seizure adjudged illegal (K s.21).
  8 nothing after the day brought: in the pound by the register, more than a month past 17 Mar 2025 -> register
    silent; and no notice recorded though it stayed past the 9th -> notice late too.
  9 fine levied Rs 600 where the notified scale is Rs 500 a head (K s.11(1)), delivered 3 Mar -> fine above scale.
 10 notice 9 Mar, sold 20 Mar for 700 to a police officer on the roster: K s.18(1) "No police officer ... shall
    ... purchase any cattle sold" -> barred buyer.
So k1, 2025: 10 entries; seizure_late 1, notice_late 3 (3, 5, 8), sale_questioned 1, fine_above_scale 1,
barred_buyer 1, no_account 1, register_silent 1, seizure_illegal 1.

A fourth Act (tests/test_law.py FOURTH) has no sections for seizure, conflict or sale account: its pound t1 shows NULL
there, however its register reads.
"""

from __future__ import annotations

import datetime as dt
import html
import re
import shutil
from decimal import Decimal
from pathlib import Path
from xml.etree import ElementTree

import feedparser

from portal.i18n import t

from .test_law import FOURTH, POUNDS_CSV, RULES_K, law_db, portal_for, rows  # noqa: F401 (a fixture)
from .test_malayalam import english_in

D = dt.date

HEADER = (
    "No.,Date brought,Date seized,Kind,Number,Description,Notice posted on,Date of sale,Sale proceeds,Buyer,"
    "Fine levied,Complaint filed on,Complaint decided on,Complaint outcome,Date delivered\n"
)
K1 = HEADER + (
    "1,03/03/2025,01/03/2025,cow,1,black,,,,,,,,,05/03/2025\n"
    "2,01/03/2025,28/02/2025,cow,1,white,,,,,,,,,04/03/2025\n"
    "3,01/03/2025,,cow,1,red,12/03/2025,25/03/2025,500,Anil Kumar,,,,,\n"
    "4,01/03/2025,,cow,1,brown,09/03/2025,12/03/2025,400,Anil Kumar,,,,,\n"
    "5,01/03/2025,,cow,1,grey,,,,,,,,,15/03/2025\n"
    "6,01/03/2025,,cow,1,dun,09/03/2025,20/03/2025,,,,,,,\n"
    "7,01/03/2025,,cow,1,spotted,,,,,,05/03/2025,08/03/2025,Seizure illegal,08/03/2025\n"
    "8,01/03/2025,,cow,1,roan,,,,,,,,,\n"
    "9,01/03/2025,,cow,1,bay,,,,,600,,,,03/03/2025\n"
    "10,01/03/2025,,cow,1,pied,09/03/2025,20/03/2025,700,Joseph Kurian,,,,,\n"
)
ROSTER = "name,role,pound_id,local_authority\nJoseph Kurian,Police Officer,k1,\n"
EXPECTED_K1 = {"entries": 10, "seizure_late": 1, "notice_late": 3, "sale_questioned": 1, "fine_above_scale": 1,
               "barred_buyer": 1, "no_account": 1, "register_silent": 1, "seizure_illegal": 1}  # fmt: skip


def scorecard_db(tmp_path: Path, monkeypatch, rules: dict[str, str] | None = None) -> Path:
    """The registers above, with the fourth Act's pound t1 (one entry brought 1 Nov 2025, nothing after), ingested
    (with RULES_K and the roster, or the rule files given)."""
    packs = tmp_path / "packs"
    shutil.copytree(Path(__file__).parents[1] / "pinfold" / "law" / "packs", packs)
    (packs / "test-act.toml").write_text(FOURTH, encoding="utf-8")
    monkeypatch.setenv("PINFOLD_PACKS_DIR", str(packs))
    pounds = POUNDS_CSV + "t1,Test Pound,test-act,Test Council,Thrissur,Ollur,10.47,76.25\n"
    t1 = HEADER + "1,01/11/2025,,cow,1,black,,,,,,,,,\n"
    return law_db(
        tmp_path, {"k1": K1, "t1": t1}, {**(RULES_K if rules is None else rules), "roster.csv": ROSTER}, pounds
    )


def test_the_table_counts_each_rule_as_worked_by_hand(tmp_path, monkeypatch) -> None:
    db = scorecard_db(tmp_path, monkeypatch)
    (k1,) = rows(db, "SELECT * FROM compliance WHERE pound_id = 'k1'")
    assert {k: k1[k] for k in EXPECTED_K1} == EXPECTED_K1
    assert (k1["year"], k1["district"], k1["act"]) == ("2025", "Thrissur", "kerala-1961")
    assert (k1["notice_late_share"], k1["seizure_late_share"]) == (30.0, 10.0)
    # the fourth Act has no section on seizure, buyers or the sale account: NULL, not 0; it has a notice section,
    # and its one entry, unclaimed since 1 Nov 2025 with no notice recorded, is counted there
    (t1,) = rows(db, "SELECT * FROM compliance WHERE pound_id = 't1'")
    assert (t1["seizure_late"], t1["barred_buyer"], t1["no_account"]) == (None, None, None)
    assert (t1["barred_buyer_share"], t1["entries"], t1["notice_late"], t1["fine_above_scale"]) == (None, 1, 1, 0)


def test_the_canned_query_finds_the_same_counts(tmp_path, monkeypatch, portal_for) -> None:  # noqa: F811
    db = scorecard_db(tmp_path, monkeypatch)
    c = portal_for(db, D(2025, 12, 1))
    url = "/data/pounds/compliance_by_pound.json"
    got = c.get(url, params={"_shape": "array", "year": "2025", "district": "", "pound": "k1"}).json()
    assert [{k: r[k] for k in EXPECTED_K1} for r in got] == [EXPECTED_K1]
    thrissur = c.get(url, params={"_shape": "array", "year": "", "district": "Thrissur", "pound": ""}).json()
    assert sorted(r["pound_id"] for r in thrissur) == ["k1", "t1"]
    assert c.get(url, params={"_shape": "array", "year": "2024", "district": "", "pound": ""}).json() == []


def figures(html: str, row_id: str) -> list[str]:
    """The figures of a scorecard row as shown: ['10', '1 (10.0%)', '—', ...] (tags dropped)."""
    row = re.search(rf'<tr id="{row_id}">(.*?)</tr>', html, re.S)
    assert row, row_id
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)]


def test_the_pages_show_the_counts_and_link_to_the_entries(tmp_path, monkeypatch, portal_for) -> None:  # noqa: F811
    db = scorecard_db(tmp_path, monkeypatch)
    c = portal_for(db, D(2025, 12, 1))
    for lang in ("en", "ml"):
        page = c.get("/compliance", params={"lang": lang})
        assert page.status_code == 200
        assert figures(page.text, "score-k1-2025")[1:] == ["2025", "10"] + [
            f"{n} ({n * 10:.1f}%)" for n in (1, 3, 1, 1, 1, 1, 1, 1)
        ]
        t1 = figures(page.text, "score-t1-2025")
        assert (t1[3], t1[4], t1[7], t1[8]) == ("—", "1 (100.0%)", "—", "—")  # seizure, notice, buyer, account
    # the pound's card beside its district's (k1 and t1, Thrissur) and the state's (the same two pounds)
    pound = c.get("/pounds/k1").text
    assert figures(pound, "rule-notice_late") == ["3 (30.0%)", "4 (36.4%)", "4 (36.4%)"]
    assert figures(pound, "rule-barred_buyer") == ["1 (10.0%)", "1 (10.0%)", "1 (10.0%)"]  # t1's Act has no such rule
    district = c.get("/districts/Thrissur").text
    assert figures(district, "rule-seizure_late") == ["1 (10.0%)", "1 (10.0%)"]
    assert 'href="/compliance"' in c.get("/").text and 'href="/compliance"' in district
    # a figure's link lists exactly the entries it counts
    link = re.search(
        r'<tr id="score-k1-2025">.*?<td[^>]*data-rule="notice_late"[^>]*><a href="([^"]+)"', page.text, re.S
    )
    assert link
    listed = c.get(html.unescape(link.group(1)).replace("/data/pounds?", "/data/pounds.json?_shape=array&")).json()
    assert sorted(r["entry_no"] for r in listed) == ["3", "5", "8"]  # as worked by hand above


def test_the_scorecard_in_malayalam_has_no_fixed_english(client) -> None:
    """The demo's scorecard and a pound's card, in Malayalam: rule names, what is counted and what the register cannot
    show come from portal/i18n.py's Malayalam; pound and district names and citations stay as written."""
    for path in ("/compliance", "/pounds/tcr-ollur", "/districts/Thrissur"):
        r = client.get(path, params={"lang": "ml"})
        assert r.status_code == 200 and 'id="compliance"' in r.text
        assert english_in(r.text) == [], path
    client.cookies.clear()


def test_the_feed_lists_the_departures_with_the_usual_filters(tmp_path, monkeypatch, portal_for) -> None:  # noqa: F811
    """k1's entries 1, 3, 4, 5, 6, 7, 8, 9, 10 record a departure (2 records none); t1's one entry a notice not
    recorded. Entry 8 records two (notice, register silent): one item naming both."""
    db = scorecard_db(tmp_path, monkeypatch)
    c = portal_for(db, D(2025, 12, 1))
    feed = feedparser.parse(c.get("/feeds/compliance.rss").content)
    assert not feed.bozo and len(feed.entries) == 10
    k1 = feedparser.parse(c.get("/feeds/compliance.rss", params={"pound": "k1"}).content).entries
    ids = {r["id"]: r["entry_no"] for r in rows(db, "SELECT id, entry_no FROM impoundments WHERE pound_id = 'k1'")}
    got = sorted(int(ids[e.link.rsplit("/", 1)[1]]) for e in k1)
    assert got == [1, 3, 4, 5, 6, 7, 8, 9, 10]
    eight = next(e for e in k1 if ids[e.link.rsplit("/", 1)[1]] == "8")
    assert eight.title.startswith(
        "The register records: Notice recorded after its day, or not recorded (K s.13(1)-(2))"
    )
    assert "Register silent on where the animal went" in eight.title
    barred = next(e for e in k1 if ids[e.link.rsplit("/", 1)[1]] == "10")
    assert "Sale to a person the Act bars from buying (K s.18(1))" in barred.title and "Kurian" not in str(barred)
    assert len(feedparser.parse(c.get("/feeds/compliance.atom", params={"district": "Thrissur"}).content).entries) == 10


def test_the_chart_draws_the_same_counts_with_a_sentence_and_a_table(tmp_path, monkeypatch, portal_for) -> None:  # noqa: F811
    """k1 in 2025, as worked by hand: notices 3, every other rule 1; the sentence names the notices."""
    db = scorecard_db(tmp_path, monkeypatch)
    c = portal_for(db, D(2025, 12, 1))
    svg = c.get("/compliance/chart.svg", params={"pound": "k1"})
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.headers["content-security-policy"].startswith("default-src 'none'")  # opened alone, no script runs
    root = ElementTree.fromstring(svg.content)  # a real XML parser: a well-formed SVG document
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Notice recorded late, or not recorded" in texts and "2025" in texts
    page = c.get("/pounds/k1").text
    assert 'src="/compliance/chart.svg?pound=k1&amp;lang=en"' in page
    assert (
        "From 2025 to 2025, the rule with the most departures recorded is: Notice recorded late, or not recorded "
        "(3 entries)." in page
    )
    numbers = re.search(r'<table class="chart-numbers">(.*?)</table>', page, re.S)
    assert numbers and '<th scope="row">Notice recorded late, or not recorded</th><td>3</td>' in numbers.group(1)
    ml = c.get("/compliance/chart.svg", params={"pound": "t1", "lang": "ml"}).content.decode()
    assert "നോട്ടീസ് വൈകി രേഖപ്പെടുത്തി, അല്ലെങ്കിൽ രേഖയില്ല" in ml


def test_the_journalists_queries_take_a_period_a_district_and_a_pound(tmp_path, monkeypatch, portal_for) -> None:  # noqa: F811
    """Entry 9 of k1 records a fine of Rs 600 where the notified scale says Rs 500 (K s.11(1)): one entry above the
    scale, Rs 100 = 10,000 paise above it; entries 3, 4 and 10 were sold in 2025 for 500 + 400 + 700 = Rs 1,600
    (entry 6's sale records no proceeds), all in Thrissur."""
    db = scorecard_db(tmp_path, monkeypatch)
    c = portal_for(db, D(2025, 12, 1))

    def ask(name: str, **params: str) -> list[dict]:
        r = c.get(f"/data/pounds/{name}.json", params={"_shape": "array", **params})
        assert r.status_code == 200, r.text
        return r.json()

    period = {"from": "2025-03-01", "to": "2025-03-31"}
    (above,) = ask("fines_above_scale", **period, district="Thrissur", pound="k1")
    assert (above["fine_levied_rupees"], above["fine_due_rupees"]) == ("600.00", "500.00")
    assert ask("fines_above_scale", **{"from": "2025-04-01", "to": ""}, district="", pound="") == []
    (grouped,) = ask("fines_above_scale_by_pound", **period, district="")
    assert (grouped["pound_id"], grouped["entries_above_scale"], grouped["above_scale_minor"]) == ("k1", 1, 10_000)
    sales = ask("auctions_and_proceeds_by_district", year="2025", district="")
    thrissur = [(r["district"], r["sales"], r["proceeds_rupees"]) for r in sales]
    assert thrissur == [("Thrissur", 4, "1600.00")]


def test_a_fine_above_an_example_scale_is_no_departure_from_the_act(tmp_path, monkeypatch, portal_for) -> None:  # noqa: F811
    """K s.11(1): the pound-keeper levies the fine "in accordance with the scale for the time being prescribed by the
    Director ... by notification in the Gazette". Entry 9's Rs 600 above an example scale of Rs 500 (a demonstration
    figure, as data/rules/ ships) or a council's resolution is above that figure, not above a notified scale: the
    entry says it was above (fine_above_scale, with the scale's status), the scorecard counts no departure, the feed
    names none, and the grouped query says what the scale was."""
    for status in ("example", "council resolution"):
        case = tmp_path / status.replace(" ", "-")
        case.mkdir()
        scale = RULES_K["fine_scales.csv"].replace(",test notification,notified,", f",test figure,{status},")
        db = scorecard_db(case, monkeypatch, {**RULES_K, "fine_scales.csv": scale})
        (nine,) = rows(db, "SELECT id, fine_above_scale FROM impoundments WHERE pound_id = 'k1' AND entry_no = '9'")
        assert nine["fine_above_scale"] == 1
        (k1,) = rows(db, "SELECT * FROM compliance WHERE pound_id = 'k1'")
        assert (k1["fine_above_scale"], k1["fine_above_scale_share"]) == (0, 0.0)
        assert {k: k1[k] for k in EXPECTED_K1 if k != "fine_above_scale"} == {
            k: v for k, v in EXPECTED_K1.items() if k != "fine_above_scale"
        }
        c = portal_for(db, D(2025, 12, 1))
        k1_items = feedparser.parse(c.get("/feeds/compliance.rss", params={"pound": "k1"}).content).entries
        assert nine["id"] not in {e.link.rsplit("/", 1)[1] for e in k1_items}  # entry 9 departs from nothing else
        (grouped,) = c.get(
            "/data/pounds/fines_above_scale_by_pound.json",
            params={"_shape": "array", "from": "", "to": "", "district": ""},
        ).json()
        assert (grouped["entries_above_scale"], grouped["entries_above_notified_scale"]) == (1, 0)
        assert grouped["scale_statuses"] == status


def test_the_sql_box_opens_on_the_scorecard(client) -> None:
    """Before: 'select * from aliases', the first table by name. Now a question a journalist asks: the scorecard."""
    page = client.get("/data/pounds").text
    box = re.search(r'<textarea id="sql-editor" name="sql">(.*?)</textarea>', page, re.S)
    assert box and "from compliance" in box.group(1) and "aliases" not in box.group(1)
    ran = client.get("/data/pounds.json", params={"sql": html.unescape(box.group(1)), "_shape": "array"})
    assert ran.status_code == 200 and len(ran.json()) > 0


def test_a_pounds_charts_draw_what_became_of_its_entries_days_and_fines(tmp_path, monkeypatch, portal_for) -> None:  # noqa: F811
    """k1's ten entries, all brought in March 2025, as worked by hand above on 1 Dec 2025: delivered 1, 2, 5, 7 and 9
    -> 5 claimed or released; sold 3, 4, 6 and 10 -> 4; entry 8, nothing after the day brought and far past a month
    beyond 17 Mar -> register silent; none in the pound. Days: 1 (3 -> 5 Mar, 2 nights), 2 (1 -> 4 Mar, 3), 9 (1 -> 3
    Mar, 2) and 7 (1 -> 8 Mar, 7), 5 (1 -> 15 Mar, 14); sold 4 (12 Mar, 11), 6 and 10 (20 Mar, 19), 3 (25 Mar, 24).
    Fines collected, all in March 2025 (tests/test_compliance_charts.py works them): Rs 600 + 4 x Rs 500 delivered,
    and of the sales Rs 500 + Rs 400 (entry 4 sold for 400: its proceeds pay no more of its Rs 500 fine) + Rs 500 +
    Rs 500 (6: no proceeds recorded, its whole fine) = Rs 4,500."""
    db = scorecard_db(tmp_path, monkeypatch)
    c = portal_for(db, D(2025, 12, 1))
    page = c.get("/pounds/k1").text
    for kind in ("outcomes", "days", "fines"):
        assert f'src="/compliance/chart-{kind}.svg?pound=k1&amp;lang=en"' in page
        svg = c.get(f"/compliance/chart-{kind}.svg", params={"pound": "k1"})
        assert svg.headers["content-security-policy"].startswith("default-src 'none'")
        ElementTree.fromstring(svg.content)  # a well-formed SVG document
    assert (
        "Brought from 2025-03 to 2025-03: 5 claimed or released, 4 sold, 0 disposed of, 0 in the pound, 1 where the "
        "register is silent." in page
    )
    tables = dict(re.findall(r'<figure class="chart" id="chart-(\w+)".*?<tbody>(.*?)</tbody>', page, re.S))
    assert '<th scope="row">Register silent</th><td>1</td>' in tables["outcomes"]
    assert '<th scope="row">Entries that left</th><td>3</td><td>1</td><td>2</td><td>3</td><td>0</td>' in tables["days"]
    assert '<th scope="row">Fines levied</th><td>₹4,500.00</td>' in tables["fines"]
    assert "9 entries left the pound; most stayed 1–3 days." in page
    district = c.get("/districts/Thrissur", params={"lang": "ml"}).text
    assert 'src="/compliance/chart-outcomes.svg?district=Thrissur&amp;lang=ml"' in district
    assert c.get("/compliance/chart-nope.svg", params={"pound": "k1"}).status_code == 404
    # t1 records no fine: its chart says so in the page's language, not pygal's English "No data"
    empty = c.get("/compliance/chart-fines.svg", params={"pound": "t1", "lang": "ml"}).content.decode()
    assert "ഇവിടെ വരയ്ക്കാൻ രജിസ്റ്ററിൽ ഒന്നുമില്ല." in empty and "No data" not in empty


def test_csv_exports_from_data_download_as_files(tmp_path, monkeypatch, portal_for) -> None:  # noqa: F811
    """The CSV link of a table and of a canned query, and a typed SQL's CSV, each answered as a file named after its
    table, canned query or database, its rows still there: k1's ten entries and the scorecard's k1 row."""
    db = scorecard_db(tmp_path, monkeypatch)
    c = portal_for(db, D(2025, 12, 1))
    table = c.get("/data/pounds/impoundments?pound_id=k1").text
    link = html.unescape(re.search(r'<a href="([^"]+\.csv[^"]*)">CSV</a>', table).group(1))
    got = c.get(link[link.index("/data") :])
    assert got.headers["content-disposition"] == 'attachment; filename="impoundments.csv"'
    assert got.headers["content-type"].startswith("text/csv")
    assert len(got.text.strip().splitlines()) == 1 + 10
    query = c.get("/data/pounds/compliance_by_pound", params={"year": "2025", "district": "", "pound": "k1"}).text
    link = html.unescape(re.search(r'<a href="([^"]+\.csv[^"]*)">CSV</a>', query).group(1))
    got = c.get(link[link.index("/data") :])
    assert got.headers["content-disposition"] == 'attachment; filename="compliance_by_pound.csv"' and "k1" in got.text
    typed = c.get("/data/pounds.csv", params={"sql": "select count(*) as n from impoundments"})
    assert typed.headers["content-disposition"].startswith("attachment") and typed.text.split() == ["n", "11"]
    assert "content-disposition" not in c.get("/data/pounds/impoundments.json").headers


def test_the_demo_carries_a_history_of_corrections(tmp_path, portal_for) -> None:  # noqa: F811
    """`pinfold demo-data` writes DATA_DIR/earlier (the registers ten days before, then miswritten); a first ingest of
    it and a second of DATA_DIR, as `make demo` runs them, leave the journalists' history queries something to show:
    each JSON Lines register's first sale's proceeds were Rs 500 more, its first delivery a day later, and an entry
    since struck out."""
    from click.testing import CliRunner

    from cli import main
    from demo import write_demo, write_earlier
    from ingest.build import ingest

    data, day = tmp_path / "demo", D(2026, 11, 30)
    ran = CliRunner().invoke(main, ["demo-data", str(tmp_path / "cli"), "--rows", "60", "--today", "2026-11-30"])
    assert ran.exit_code == 0 and (tmp_path / "cli" / "earlier" / "registers").is_dir(), ran.output
    write_demo(data, today=day, rows=200, seed=1961)
    write_earlier(data, day)
    db, private = tmp_path / "pinfold.db", tmp_path / "private.db"
    ingest(data / "earlier", db, private)
    ingest(data, db, private)
    jsonl = len(list((data / "registers").glob("*/*.jsonl")))
    assert jsonl >= 1
    c = portal_for(db, day)

    def ask(name: str) -> list[dict]:
        r = c.get(f"/data/pounds/{name}.json", params={"_shape": "array", "pound": ""})
        assert r.status_code == 200, r.text
        return r.json()

    proceeds = [r for r in ask("fines_or_fees_changed_after_leaving") if r["field"] == "sale_proceeds_rupees"]
    assert 1 <= len({r["pound_id"] for r in proceeds}) <= jsonl  # a register with no sale has none to correct
    assert any(Decimal(r["value_before"]) - Decimal(r["value_after"]) == 500 for r in proceeds)
    assert {r["field"] for r in ask("outcomes_rewritten")} >= {"claimed_on"}
    assert 1 <= len(ask("entries_removed_after_publication")) <= jsonl  # one struck out of a register at most


def test_the_compliance_page_says_its_heading_and_lede_once_and_does_not_link_to_itself(client) -> None:
    """Before: /compliance opened with its heading and lede, then the state's card said both again under an h2 of the
    same words, ending in a link to the page itself ("Every pound's scorecard"). A pound's card keeps all three."""
    for lang in ("en", "ml"):
        page = client.get("/compliance", params={"lang": lang}).text
        assert page.count(t("compliance_lede", lang)) == 1, lang
        assert page.count(f">{t('compliance', lang)}</h") == 1, lang  # the h1; the card is headed "All pounds"
        assert f'<h2 id="compliance-heading">{t("compliance_state", lang)}</h2>' in page, lang
        assert '<a href="/compliance">' not in page, lang
    client.cookies.clear()
    pound = client.get("/pounds/tcr-ollur").text
    assert t("compliance_lede", "en") in pound and '<a href="/compliance">' in pound


def test_a_rule_the_register_cannot_show_reads_not_recorded_not_0(tmp_path, portal_for) -> None:  # noqa: F811
    """K s.9, s.10: cattle reach the pound "within twenty-four hours" of seizure; a register that records no day of
    seizure cannot show a late one. k1 records two seizure days (rows 1 and 2: one late, 1 (10.0%)); a pound whose
    register records none is 'not recorded', not '0 (0.0%)', which reads as having kept the law; the table says how
    many entries the rule was counted over."""
    k2 = HEADER + "1,01/03/2025,,cow,1,black,,,,,,,,,05/03/2025\n2,02/03/2025,,cow,1,white,,,,,,,,,04/03/2025\n"
    pounds = POUNDS_CSV + "k2,Nadathara Pound,kerala-1961,Ollur Panchayat,Thrissur,Nadathara,10.5,76.2\n"
    db = law_db(tmp_path / "two", {"k1": K1, "k2": k2}, {**RULES_K, "roster.csv": ROSTER}, pounds)
    got = {r["pound_id"]: r for r in rows(db, "SELECT * FROM compliance")}
    assert (got["k1"]["seizure_late"], got["k1"]["seizure_late_measured"]) == (1, 2)
    assert (got["k2"]["seizure_late"], got["k2"]["seizure_late_measured"]) == (0, 0)
    c = portal_for(db, D(2025, 12, 1))
    for lang in ("en", "ml"):
        page = c.get("/compliance", params={"lang": lang}).text
        assert figures(page, "score-k1-2025")[3] == "1 (10.0%)"
        assert figures(page, "score-k2-2025")[3] == t("not_recorded", lang)
        assert figures(c.get("/pounds/k2", params={"lang": lang}).text, "rule-seizure_late")[0] == t(
            "not_recorded", lang
        )
    # the district adds k1's: counted over two entries, one late
    assert figures(c.get("/districts/Thrissur").text, "rule-seizure_late") == ["1 (8.3%)", "1 (8.3%)"]


def test_a_sale_no_roster_can_check_reads_not_recorded_not_0(tmp_path, portal_for) -> None:  # noqa: F811
    """K s.18(1): "No Police officer, or other officer or pound-keeper appointed under the provisions herein contained
    and no member of the local authority under whose control the pound is shall, directly or indirectly, purchase any
    cattle at a sale under this Act"; the register can show such a sale only where it records the buyer and the
    roster names someone barred there. k1's register records three buyers (rows 3, 4 and 10), and the
    roster a police officer, barred at every sale under the Act: counted over 3 sales, 1 to him (row 10, 10.0% of
    10 entries). The same register with no roster on file: no buyer can be checked, so barred_buyer is 'not
    recorded', not '0 (0.0%)', which reads as no sale to a barred buyer."""
    checked = law_db(tmp_path / "roster", {"k1": K1}, {**RULES_K, "roster.csv": ROSTER})
    (k1,) = rows(checked, "SELECT * FROM compliance")
    assert (k1["barred_buyer"], k1["barred_buyer_measured"]) == (1, 3)
    assert sorted(r["buyer_checked"] for r in rows(checked, "SELECT * FROM sales")) == [0, 1, 1, 1]  # row 6: no buyer
    unchecked = law_db(tmp_path / "none", {"k1": K1}, RULES_K)
    (k1,) = rows(unchecked, "SELECT * FROM compliance")
    assert (k1["barred_buyer"], k1["barred_buyer_measured"]) == (0, 0)
    for db, shown in ((checked, "1 (10.0%)"), (unchecked, None)):
        c = portal_for(db, D(2025, 12, 1))
        for lang in ("en", "ml"):
            got = figures(c.get("/pounds/k1", params={"lang": lang}).text, "rule-barred_buyer")[0]
            assert got == (shown or t("not_recorded", lang)), (lang, got)
