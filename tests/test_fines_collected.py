"""The fines collected out of a sale, worked by hand from the Acts' words, through the ingest's public column, the
canned query at /data (Datasette in-process) and the charts of fines.

K s.15(2): "The fines leviable and expenses of feeding and watering together with the expenses of sale, if any, shall
be deducted from the proceeds of the sale." 1857 s.XI: "the fines leviable and the expenses of feeding, together with
the expenses of sale, if any, shall be deducted from the sale proceeds." K s.16(1): the officer "shall send to the
local authority the fines so deducted". A sale pays the fine out of what it fetched, so the pound cannot have
collected more of the fine than the proceeds. Neither Act says which charge the proceeds pay first when they do not
cover all of them; Pinfold's reading (pinfold/law/proceeds.py): in the order the Acts name them, the fine first.

The worked example. Kerala pound k1 (tests/test_law.py RULES_K: the notified scale Rs 500 a head, K s.11(1); the
council's feeding rate Rs 100 a head a day, counted by nights as the rate does not say, K s.4). One cow each, all
brought 1 Mar 2025; the sales on 17 Mar 2025, after 16 nights: feeding 16 x Rs 100 = Rs 1,600, fine and feeding
Rs 2,100.
  1 delivered to the owner 3 Mar: K s.12(a) "on payment of the fines and charges": Rs 500 collected.
  2 sold for Rs 400, less than the fine alone: Rs 400 of the fine collected, not Rs 500 (Rs 100 not covered).
  3 sold for Rs 1,000, less than fine and feeding (Rs 2,100), more than the fine: the fine first, Rs 500 collected
    (were the feeding paid first, nothing of the fine: the Acts do not say, the reading does).
  4 sold for Rs 3,000, more than fine and feeding: Rs 500 collected; the balance Rs 3,000 - 2,100 = Rs 900 at most
    (no expenses of sale recorded, K s.15(3)).
  5 sold with no proceeds recorded: counted whole, Rs 500, and flagged (entries_sold_no_proceeds 1,
    fines_sold_no_proceeds_minor 50,000): not known to be collected.
  6 released on deposit 3 Mar (K s.14): held, not collected: not counted.
So the query shows for k1, March 2025: 5 entries, Rs 500 + 400 + 500 + 500 + 500 = Rs 2,400.00 (240,000 paise; the
full fines, as counted before, Rs 2,500); one sale short of its fine, Rs 100 not covered. Every entry left in
March 2025, so the chart of fines shows the same Rs 2,400 in 2025-03 (2,400 whole rupees in the bar).

1857 pound b1: a cow's fine is 4 annas (1857 s.VI: "Horse or Tattoo, Bull, Bullock, or Cow ... 4 annas"), 4 x 12 =
48 pies. One sold for "2 as." (24 pies, less than the fine): 24 pies collected; one sold for "Rs 1" (192 pies): the
whole 48. In all 72 pies, 6 annas, Rs 0.375.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import yaml

from pinfold.law.money import Money
from pinfold.law.proceeds import PROCEEDS_READING, fine_collected, paid_from_proceeds
from portal import pound_charts

from .test_law import D, law_db, portal_for, rows  # noqa: F401 (a fixture)

METADATA = Path(__file__).parents[1] / "metadata.yml"
K1 = "No.,Date brought,Kind,Number,Date claimed,Released on deposit,Date of sale,Sale proceeds\n" + (
    "1,01/03/2025,cow,1,03/03/2025,,,\n"
    "2,01/03/2025,cow,1,,,17/03/2025,400\n"
    "3,01/03/2025,cow,1,,,17/03/2025,1000\n"
    "4,01/03/2025,cow,1,,,17/03/2025,3000\n"
    "5,01/03/2025,cow,1,,,17/03/2025,\n"
    "6,01/03/2025,cow,1,,03/03/2025,,\n"
)
B1 = "No.,Date,Number and description of animals,Date of sale,Sale proceeds\n" + (
    "1,05-01-1858,1 Cow,25-01-1858,2 as.\n2,05-01-1858,1 Cow,25-01-1858,Rs 1\n"
)


def _db(tmp_path: Path) -> Path:
    return law_db(tmp_path, {"k1": K1, "b1": B1})


def test_the_proceeds_pay_the_fine_first_and_no_more_than_they_fetched() -> None:
    """The reading on its own, entry by entry of the worked example (fine Rs 500, feeding Rs 1,600)."""
    fine, feeding = Money.of(500), Money.of(1600)
    assert [fine_collected("sold", fine, Money.of(p)) for p in (400, 1000, 3000)] == [Money.of(400), fine, fine]
    assert fine_collected("sold", fine, None) == fine  # no proceeds recorded: counted whole, flagged by the query
    assert fine_collected("claimed", fine, None) == fine
    assert fine_collected("released_on_deposit", fine, None) is None  # K s.14: held
    assert fine_collected("sold", None, Money.of(400)) is None  # no fine known
    # entry 3: the fine in full, the feeding Rs 500 of its Rs 1,600, the expenses of sale not recorded
    assert paid_from_proceeds(Money.of(1000), [fine, feeding, None]) == [fine, Money.of(500), None]
    # 1857: a cow's 4 annas out of a sale for 2 annas
    assert fine_collected("sold", Money.annas(4), Money.annas(2)) == Money.annas(2)


def test_the_column_holds_what_each_entry_paid_of_its_fine(tmp_path) -> None:
    db = _db(tmp_path)
    got = rows(db, "SELECT entry_no, status, fine_due_minor, fine_collected_minor, fine_collected_rupees "
                   "FROM impoundments WHERE pound_id = 'k1' ORDER BY CAST(entry_no AS INTEGER)")  # fmt: skip
    assert [(r["entry_no"], r["fine_collected_minor"], r["fine_collected_rupees"]) for r in got] == [
        ("1", 50_000, "500.00"), ("2", 40_000, "400.00"), ("3", 50_000, "500.00"), ("4", 50_000, "500.00"),
        ("5", 50_000, "500.00"), ("6", None, None),
    ]  # fmt: skip
    # the hand's feeding and balance are the sale account's (K s.15(2)-(3)): 16 nights at Rs 100
    sales = rows(db, "SELECT s.feeding_rupees, s.balance_rupees, s.shortfall_rupees FROM sales s "
                     "JOIN impoundments i ON i.id = s.impoundment_id WHERE i.entry_no = '4' AND s.pound_id = 'k1'")  # fmt: skip
    assert sales == [{"feeding_rupees": "1600.00", "balance_rupees": "900.00", "shortfall_rupees": "0.00"}]
    old = rows(db, "SELECT fine_due_minor, fine_collected_minor, money_unit FROM impoundments WHERE pound_id = 'b1'")
    assert sorted((r["fine_due_minor"], r["fine_collected_minor"], r["money_unit"]) for r in old) == [
        (48, 24, "pie"),
        (48, 48, "pie"),
    ]


def test_the_canned_query_sums_what_the_proceeds_paid(tmp_path, portal_for) -> None:  # noqa: F811
    db = _db(tmp_path)
    c = portal_for(db, D(2025, 12, 1))
    url = "/data/pounds/fines_per_pound_per_month.json"
    (k1,) = c.get(url, params={"_shape": "array", "pound": "k1"}).json()
    assert (k1["month"], k1["entries"], k1["fines_minor"], k1["fines_rupees"], k1["fines_display"]) == (
        "2025-03",
        5,
        240_000,
        "2400.00",
        "₹2,400.00",
    )
    assert (k1["entries_proceeds_short"], k1["fines_not_covered_minor"]) == (1, 10_000)
    assert (k1["entries_sold_no_proceeds"], k1["fines_sold_no_proceeds_minor"]) == (1, 50_000)
    assert (k1["entries_from_scale"], k1["fines_from_scale_minor"]) == (5, 240_000)  # every fine is the scale's
    (b1,) = c.get(url, params={"_shape": "array", "pound": "b1"}).json()
    assert (b1["fines_minor"], b1["fines_rupees"], b1["fines_display"], b1["money_unit"]) == (
        72,
        "0.375",
        "6 as.",
        "pie",
    )
    assert (b1["entries_proceeds_short"], b1["fines_not_covered_minor"]) == (1, 24)


def test_the_chart_of_fines_shows_the_same_sum(tmp_path, portal_for) -> None:  # noqa: F811
    """Every k1 entry left in March 2025: the chart's 2025-03 is the query's Rs 2,400, exact in its table."""
    db = _db(tmp_path)
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    assert pound_charts.fines(con, pound="k1") == {
        "columns": ["2025-03"], "series": [("fines", [2400])], "exact": ["₹2,400.00"]
    }  # fmt: skip
    assert pound_charts.fines(con, pound="b1")["exact"] == ["6 as."]
    con.close()
    page = portal_for(db, D(2025, 12, 1)).get("/pounds/k1").text
    table = re.search(r'<figure class="chart" id="chart-fines".*?<tbody>(.*?)</tbody>', page, re.S)
    assert table and "<td>₹2,400.00</td>" in table.group(1)


def test_the_descriptions_state_the_reading_in_its_words() -> None:
    """The order is Pinfold's reading, not the Act's: the query and the column say so, in proceeds.py's words."""
    meta = yaml.safe_load(METADATA.read_text(encoding="utf-8"))["databases"]["pounds"]
    said = [meta["queries"]["fines_per_pound_per_month"]["description"],
            meta["tables"]["impoundments"]["columns"]["fine_collected_rupees"]]  # fmt: skip
    assert all(PROCEEDS_READING[0] in d for d in said)
