"""K s.15(2)-(3) sale accounts and K s.18(1) conflicts on a worked example; the demo is deterministic."""

from __future__ import annotations

import datetime as dt
import hashlib
import sqlite3
from pathlib import Path

from demo import write_demo
from ingest.build import ingest

from .conftest import make_data_dir

SALE = """No.,Date brought,Kind,Number,Description,Notice posted on,Date of sale,Sale proceeds,Expenses of sale,Buyer
1,01/11/2025,cow,2,"black, white patch",09/11/2025,30/11/2025,"Rs. 12,000/-",Rs. 250,Raghavan Nair K.
2,01/11/2025,goat,1,white,09/11/2025,17/11/2025,Rs. 900,,Thomas Mathew
"""
RULES = {
    "fine_scales.csv": "act,local_area,species,amount,effective_from,effective_to,reference,status,note\n"
    "kerala-1961,*,*,500,2010-01-01,,test notification,notified,\n",
    "feeding_rates.csv": "act,local_authority,species,rate_per_day,effective_from,effective_to,reference,status,note\n"
    "kerala-1961,*,*,100,2010-01-01,,test resolution,council resolution,\n",
    "roster.csv": "name,role,pound_id,local_authority\nK. Raghavan Nair,pound-keeper,p1,\n",
}


def test_sale_account_and_conflict(tmp_path: Path) -> None:
    data = make_data_dir(tmp_path, {"sales.csv": SALE})
    (data / "rules").mkdir()
    for name, text in RULES.items():
        (data / "rules" / name).write_text(text, encoding="utf-8")
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    con = sqlite3.connect(tmp_path / "p.db")
    con.row_factory = sqlite3.Row
    cow, goat = (dict(r) for r in con.execute("SELECT * FROM sales ORDER BY sold_on DESC"))
    # (c) fine 2 x Rs 500; feeding 2 head x 29 days (1 to 30 Nov) x Rs 100; expenses Rs 250; (e) proceeds Rs 12,000
    assert (cow["fines_rupees"], cow["feeding_rupees"], cow["expenses_rupees"]) == ("1000.00", "5800.00", "250.00")
    assert (cow["proceeds_rupees"], cow["balance_rupees"], cow["balance_minor"]) == ("12000.00", "4950.00", 495000)
    assert cow["surplus_held_until"] == "2026-02-28"  # 3 months from 30 Nov ends at the month's end (K s.16(3))
    assert (cow["conflict_of_interest"], cow["conflict_role"]) == (1, "pound-keeper")  # K s.18(1)
    # The goat sold for less than the charges: fine Rs 500 + feeding 1 head x 16 days (1 to 17 Nov) x Rs 100 = Rs 2,100
    # against proceeds of Rs 900. K s.15(3): "the balance of the proceeds of sale, if any": there is none, so the
    # balance is Rs 0 (it read -1,200.00, as if the owner owed it) and the Rs 1,200 the proceeds did not cover is a
    # shortfall, owed by nobody under the Act. No surplus to hold.
    assert (goat["balance_rupees"], goat["shortfall_rupees"], goat["shortfall_minor"]) == ("0.00", "1200.00", 120000)
    assert (goat["surplus_held_until"], goat["conflict_of_interest"]) == (None, 0)
    assert (cow["shortfall_rupees"], cow["shortfall_minor"]) == ("0.00", 0)
    public = (tmp_path / "p.db").read_bytes()
    assert b"Raghavan" not in public and b"Thomas Mathew" not in public  # buyers' names stay private
    assert b"Raghavan Nair K." in (tmp_path / "q.db").read_bytes()


def test_an_official_on_the_roster_named_in_another_entry_stays_private(tmp_path: Path) -> None:
    # The roster (K s.18(1)) is private; a register may name one of its officials in the text of any entry.
    register = SALE + '3,02/11/2025,bull,1,"brown, brought in by pound-keeper Raghavan Nair",,,,,\n'
    data = make_data_dir(tmp_path, {"sales.csv": register})
    (data / "rules").mkdir()
    for name, text in RULES.items():
        (data / "rules" / name).write_text(text, encoding="utf-8")
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    (desc,) = (
        sqlite3.connect(tmp_path / "p.db")
        .execute("SELECT description FROM impoundments WHERE species = 'bull'")
        .fetchone()
    )
    assert desc == "brown, brought in by pound-keeper [name]"
    assert b"Raghavan" not in (tmp_path / "p.db").read_bytes()


def digest(folder: Path) -> str:
    h = hashlib.sha256()
    for f in sorted(folder.rglob("*")):
        if f.is_file() and f.suffix != ".xlsx":  # XLSX zips carry their write time
            h.update(f.relative_to(folder).as_posix().encode() + f.read_bytes())
    return h.hexdigest()


def test_demo_is_deterministic_for_a_seed(tmp_path: Path) -> None:
    day = dt.date(2026, 11, 29)
    write_demo(tmp_path / "a", today=day, rows=300, seed=7)
    write_demo(tmp_path / "b", today=day, rows=300, seed=7)
    write_demo(tmp_path / "c", today=day, rows=300, seed=8)
    assert digest(tmp_path / "a") == digest(tmp_path / "b") != digest(tmp_path / "c")


def test_demo_fills_what_the_law_produces(demo_dbs: tuple[Path, Path]) -> None:
    con = sqlite3.connect(demo_dbs[0])
    # marks a kind can carry: no horns or nose rope on a hen, no horns on a pig (the demo once wrote "fowl, horns
    # painted red")
    wrong = """SELECT count(*) FROM impoundments WHERE (species = 'fowl' AND (description LIKE '%horn%'
                   OR description LIKE '%rope%' OR description LIKE '%socks%' OR description LIKE '%ear%'))
               OR (species IN ('pig', 'horse', 'ass', 'calf') AND description LIKE '%horn%')"""
    assert con.execute(wrong).fetchone()[0] == 0
    assert con.execute("SELECT count(*) FROM impoundments WHERE species IN ('fowl', 'pig')").fetchone()[0] > 5
    for table in ("fine_scales", "feeding_rates", "notices", "auctions", "auction_lots", "sales", "habitual_areas"):
        assert con.execute(f"SELECT count(*) FROM {table}").fetchone()[0] > 0, table
    statuses = {s for (s,) in con.execute("SELECT DISTINCT status FROM impoundments")}
    assert {"impounded", "notice_posted", "claimed", "sold", "released_on_deposit"} <= statuses
    assert con.execute("SELECT count(*) FROM impoundments WHERE complaint_filed_on IS NOT NULL").fetchone()[0] > 0
    assert con.execute("SELECT count(*) FROM impoundments WHERE act = 'act-iii-1857'").fetchone()[0] > 0
    assert con.execute("SELECT count(*) FROM auctions WHERE status = 'scheduled'").fetchone()[0] > 0
