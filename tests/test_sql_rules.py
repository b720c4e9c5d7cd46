"""No rule re-typed outside Python (issue 29, part 3): metadata.yml's canned queries read money, India's day, the
registers' statuses, the Act in force and the counting of days through the law's own functions (portal/sql_functions.py,
registered on every /data connection), and a proposed auction is described in the one set of words the pages use."""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

from ingest.build import ingest
from pinfold.law.packs import all_packs
from pinfold.law.status import PROPOSED_MEANS, STATUS_LABELS
from portal import sql_functions
from portal.app import create_app
from portal.settings import Settings

from .test_portal import parse

METADATA = Path(__file__).parents[1] / "metadata.yml"

# What a canned query must not write by hand, with the function (or view column) that says it once.
RETYPED = {
    # money in the era's notation: pinfold_money (Money.display), pinfold_rupees (Money.decimal_str)
    "printf of money": r"printf\s*\(|_minor\)?\s*[/%]\s*(?:100|192|12)\b",
    # India's day: pinfold_today() (clock.today_in_india)
    "India's offset": r"\d+\s+minutes'|'now'|[+]05:?30",
    # an Act by its id: pinfold_in_force(act), or the pound's own row
    "quoted pack id": "'(?:" + "|".join(re.escape(p) for p in all_packs()) + ")'",
    # statuses as a list: pinfold_in_pound, pinfold_fine_collected (status.py), impoundments_now's columns
    "hand-typed status list": r"\bin\s*\(\s*'(?:" + "|".join(STATUS_LABELS) + ")'",
    # days counted by hand: pinfold_days_in_pound (the rate's convention), pinfold_days_between, pinfold_today(n)
    "hand-typed day count": r"julianday\s*\(|max\s*\(\s*1\s*,|'[+-]?\d+\s+days?'",
    # a fine capped at a sale's proceeds by hand: impoundments.fine_collected_minor (pinfold/law/proceeds.py)
    "hand-typed cap on proceeds": r"\bmin\s*\((?:[^()]|\([^()]*\))*?proceeds_minor|\bproceeds_minor\s*[<>]=?\s*[^;,]{0,40}?fine_",
}


def sql_blocks(node: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """Every `sql:` value of a metadata tree, wherever it sits: ('databases.pounds.queries.x', 'select ...')."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "sql" and isinstance(value, str):
                yield where, value
            else:
                yield from sql_blocks(value, f"{where}.{key}" if where else str(key))
    elif isinstance(node, list):
        for n, value in enumerate(node):
            yield from sql_blocks(value, f"{where}[{n}]")


def retyped(metadata: dict[str, Any]) -> dict[str, int]:
    """How many times each pattern of RETYPED occurs in the sql blocks: {'printf of money': 5, ...}."""
    found = dict.fromkeys(RETYPED, 0)
    for _, sql in sql_blocks(metadata):
        for name, pattern in RETYPED.items():
            found[name] += len(re.findall(pattern, sql, re.I))
    return found


def test_no_canned_query_retypes_a_rule() -> None:
    metadata = yaml.safe_load(METADATA.read_text(encoding="utf-8"))
    assert len(list(sql_blocks(metadata))) >= 19
    offending = {
        where: name
        for where, sql in sql_blocks(metadata)
        for name, pattern in RETYPED.items()
        if re.search(pattern, sql, re.I)
    }
    assert offending == {}


def test_the_patterns_find_what_they_name() -> None:
    """Each pattern catches the SQL issue 29 found (so a pattern that matches nothing cannot pass for a clean file)."""
    written_before = {
        "printf of money": "printf('Rs %d %d as. %d p.', sum(proceeds_minor) / 192, 0, 0)",
        "India's offset": "surplus_held_until < date('now', '+330 minutes')",
        "quoted pack id": "from impoundments_now where act = 'kerala-1961'",
        "hand-typed status list": "where status in ('claimed', 'sold')",
        "hand-typed day count": "max(1, julianday(x) - julianday(brought_on))",
        "hand-typed cap on proceeds": "sum(min(coalesce(i.fine_levied_minor, i.fine_due_minor), s.proceeds_minor))",
    }
    for name, sql in written_before.items():
        assert re.search(RETYPED[name], sql, re.I), name


def test_a_proposed_auction_is_described_in_the_pages_words() -> None:
    """K s.13(3): the Director fixes an auction's day; a proposed one is only the earliest the Act allows. Every
    description in metadata.yml that says what 'proposed' means says it in PROPOSED_MEANS's words."""
    text = METADATA.read_text(encoding="utf-8")
    said = re.findall(r"proposed \(([^)]*)\)", text)
    assert said and set(said) == {PROPOSED_MEANS[0]}


# -- the functions ---------------------------------------------------------------------------------------------


@pytest.fixture
def con() -> Iterator[sqlite3.Connection]:
    c = sqlite3.connect(":memory:")
    sql_functions.register(c)
    yield c
    c.close()


def one(con: sqlite3.Connection, sql: str, *params: Any) -> Any:
    return con.execute(f"SELECT {sql}", params).fetchone()[0]


def test_money_reads_as_the_pages_write_it(con) -> None:
    """Before 1 April 1957 "1 rupee = 16 annas = 192 pies" (pinfold/law/money.py): 96 pies are 96 / 12 = 8 annas,
    written '8 as.' (no rupees, no pies); 294 pies are 1 rupee (192) + 102 pies = 8 annas (96) + 6 pies. After it,
    250,000 paise are Rs 2,500, grouped and with the rupee sign. The printf it replaces wrote 'Rs 0 8 as. 0 p.' and
    '2500.00'."""
    assert one(con, "pinfold_money(96, 'pie')") == "8 as."
    assert one(con, "pinfold_money(294, 'pie')") == "Rs 1 8 as. 6 p."
    assert one(con, "pinfold_money(250000, 'paisa')") == "₹2,500.00"
    assert one(con, "pinfold_rupees(96, 'pie')") == "0.50"  # half a rupee, as every *_rupees column
    assert one(con, "pinfold_rupees(250050, 'paisa')") == "2500.50"
    assert one(con, "pinfold_rupees(1, 'pie')") == "1/192"  # no terminating decimal: not rounded
    for bad in ("NULL, 'pie'", "'96', 'pie'", "96, 'anna'", "96, NULL"):
        assert one(con, f"pinfold_money({bad})") is None and one(con, f"pinfold_rupees({bad})") is None


def test_days_statuses_and_acts(con) -> None:
    """Feeding days as a rate counts them (rules.DAYS_COUNTED): brought 3 Apr, until 5 Apr, 'nights' -> 2, 'days'
    (the day brought and the day left both counted) -> 3; the same day -> 1 (a part of a day is a day). The fine is
    collected on delivery (K s.12) or out of the proceeds (K s.15(2)), not on a deposit (K s.14)."""
    assert one(con, "pinfold_days_in_pound(NULL, '2025-04-03', '2025-04-05')") == 2
    assert one(con, "pinfold_days_in_pound('days', '2025-04-03', '2025-04-05')") == 3
    assert one(con, "pinfold_days_in_pound('nights', '2025-04-03', '2025-04-03')") == 1
    assert one(con, "pinfold_days_between('2025-04-01', '2025-04-03')") == 2
    assert [one(con, "pinfold_in_pound(?)", s) for s in ("impounded", "notice_posted", "claimed")] == [1, 1, 0]
    collected = [one(con, "pinfold_fine_collected(?)", s) for s in ("claimed", "sold", "released_on_deposit")]
    assert collected == [1, 1, 0]
    assert (one(con, "pinfold_in_force('kerala-1961')"), one(con, "pinfold_in_force('act-iii-1857')")) == (1, 0)
    assert one(con, "pinfold_in_force('no-such-act')") is None
    today = dt.date.fromisoformat(one(con, "pinfold_today()"))
    assert one(con, "pinfold_today(7)") == (today + dt.timedelta(days=7)).isoformat()


# -- an 1857 register through the canned queries and the animal page --------------------------------------------

POUNDS = (
    "id,name,act,local_authority,district,village,latitude,longitude\n"
    "b1,Barrackpore Thannah,act-iii-1857,Barrackpore,24 Parganas,Barrackpore,22.76,88.37\n"
)
REGISTER = (
    "No.,Date,Number and description of animals,Date delivered,Date of sale,Sale proceeds\n"
    "1,05-01-1858,1 Buffalo,07-01-1858,,\n"
    "2,03-02-1858,1 Cow,,25-02-1858,Rs 2 8 as.\n"
)


def test_an_1857_sum_and_a_pie_era_sale_read_as_on_the_animal_page(tmp_path) -> None:
    """1857 s.VI: "Camel or Buffalo ... 8 annas" a head; a buffalo brought 5 Jan 1858 and delivered on the 7th was
    fined 8 annas, the January fines of its pound: the canned query wrote 'Rs 0 8 as. 0 p.', the animal page '8 as.'.
    A cow sold on 25 Feb 1858 for 'Rs 2 8 as.' (2 x 192 + 8 x 12 = 480 pies): the proceeds by district were NULL
    for a sale in pies. Each now reads as the animal's page reads."""
    root = tmp_path / "data"
    (root / "registers" / "b1").mkdir(parents=True)
    (root / "pounds.csv").write_text(POUNDS, encoding="utf-8")
    (root / "registers" / "b1" / "register.csv").write_text(REGISTER, encoding="utf-8")
    ingest(root, tmp_path / "p.db", tmp_path / "q.db")
    ids = dict(sqlite3.connect(tmp_path / "p.db").execute("SELECT species, id FROM impoundments").fetchall())
    with TestClient(create_app(Settings(database=tmp_path / "p.db", today=dt.date(2026, 12, 2)))) as c:

        def canned(name: str, **params: str) -> list[dict[str, Any]]:
            r = c.get(f"/data/pounds/{name}.json", params={"_shape": "array", **params})
            assert r.status_code == 200, r.text
            return r.json()

        def page(species: str) -> dict[str, str]:
            return parse(c.get(f"/animals/{ids[species]}").text).by_id

        fines = {r["month"]: r for r in canned("fines_per_pound_per_month", pound="")}
        assert page("buffalo")["fine"].strip() == fines["1858-01"]["fines_display"] == "8 as."
        assert (fines["1858-01"]["fines_minor"], fines["1858-01"]["fines_rupees"]) == (96, "0.50")
        proceeds = page("cow")["proceeds"].strip()
        (by_pound,) = canned("auctions_and_proceeds")
        (by_district,) = canned("auctions_and_proceeds_by_district", year="", district="")
        assert proceeds == by_pound["proceeds_display"] == by_district["proceeds_display"] == "Rs 2 8 as."
        assert by_pound["proceeds_rupees"] == by_district["proceeds_rupees"] == "2.50"
