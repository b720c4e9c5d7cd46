"""The law's tables, one home each (issue 29 part 5): the rule files the ingest computes with are the rule tables the
portal's law reads back, and a pound's list of fines and rates (K s.11(4)) is the law's, not a page's."""

from __future__ import annotations

import datetime as dt
import shutil
import sqlite3
from fractions import Fraction
from pathlib import Path

from ingest.build import ingest
from ingest.rules_files import load_rulebook
from pinfold.law.money import Money, coin_of
from pinfold.law.packs import all_packs, pack
from pinfold.law.rules import RuleBook
from portal.law import ListedRate, rates_listed, rulebook

from .conftest import make_data_dir

ROOT = Path(__file__).resolve().parents[1]
K, OLD = pack("kerala-1961"), pack("act-iii-1857")
AREA = "Test Panchayat"  # make_data_dir's pound's local authority

# Beside the demo's rules, rows that travel least easily: an amount in annas and pies, a lone pie (1/192 rupee, no
# decimal), a rate that states how it counts days, a press-reported practice, a multiplier of one and a half.
MORE = {
    "fine_scales.csv": f"kerala-1961,{AREA},bull,Rs 2 4 as.,1950-01-01,1957-03-31,old scale,notified,in annas\n"
    f"kerala-1961,{AREA},cow,800,2020-01-01,,a newspaper,reported practice,\n",
    "feeding_rates.csv": f"kerala-1961,{AREA},calf,0-1-6,1950-01-01,1957-03-31,old rate,council resolution,,days\n"
    f"kerala-1961,{AREA},sheep,0-0-1,1950-01-01,1957-03-31,a pie,council resolution,a lone pie,\n",
    "habitual_areas.csv": f"kerala-1961,{AREA},cow,3/2,2020-01-01,,notification 7,notified\n",
}


def test_the_rule_tables_read_back_are_the_rules_the_ingest_computed_with(tmp_path: Path) -> None:
    # Before: ingest/finish.py publish_rules wrote the tables by position and portal/law.py rulebook read them by name,
    # and nothing held the two equal: a column written to another's place would have priced every page differently
    # from the ingest's own figures, with no error.
    data = make_data_dir(tmp_path, {"r.csv": "No.,Date brought,Kind,Number,Description\n1,01/11/2025,cow,1,black\n"})
    shutil.copytree(ROOT / "data" / "rules", data / "rules")
    for name, rows in MORE.items():
        with (data / "rules" / name).open("a", encoding="utf-8") as f:
            f.write(rows)
    ingest(data, tmp_path / "pub.db", tmp_path / "priv.db", workers=1)
    computed_with = load_rulebook(data / "rules", [pack(a) for a in sorted(all_packs())])
    con = sqlite3.connect(tmp_path / "pub.db")
    con.row_factory = sqlite3.Row
    read_back = rulebook(con, f"round-trip {tmp_path}")
    con.close()
    assert len(computed_with.fine_scales) > 12 and len(computed_with.feeding_rates) > 4 and computed_with.habitual
    assert read_back.fine_scales == computed_with.fine_scales
    assert read_back.feeding_rates == computed_with.feeding_rates
    assert read_back.habitual == computed_with.habitual
    pie = next(r for r in read_back.feeding_rates if r.reference == "a pie")
    assert pie.amount == Money(Fraction(1, 192)) and pie.counts_days == "nights" and pie.days_counted == ""


def _book(tmp_path: Path, **files: str) -> RuleBook:
    rules = tmp_path / "rules"
    rules.mkdir()
    for name, text in files.items():
        (rules / name).write_text(text, encoding="utf-8")
    return load_rulebook(rules, [K, OLD])


FINES = "act,local_area,species,amount,effective_from,effective_to,reference,status,note\n"
FEEDING = "act,local_authority,species,rate_per_day,effective_from,effective_to,reference,status,note,days_counted\n"
HABITUAL = "act,local_area,species,multiplier,effective_from,effective_to,reference,status\n"


def test_a_pounds_list_of_fines_and_rates_is_the_laws(tmp_path: Path) -> None:
    """A list of fines and feeding rates must be displayed at every pound (K s.11(4), as LAW.md sets it out). By hand for 1 Apr 2025 in a
    habitual-trespass area where the Director directed one and a half times the fine for cows (K s.11(2): "such
    amount of fine as may be specified by him ... not exceeding double the fine prescribed under sub-section (1)"):
    a scale of Rs 500 a head, so a cow's fine is 500 x 3/2 = Rs 750, shown with its working; a goat, not named in the
    notification, Rs 500; feeding Rs 100 a day for every kind; a newspaper's Rs 800 beside the cow's line, never in
    it. The cow's line names the area's notification with the scale's and the rate's. Kinds with neither a scale nor
    a rate are not listed."""
    book = _book(
        tmp_path,
        **{
            "fine_scales.csv": FINES + "kerala-1961,*,*,500,2010-01-01,,notification 1,notified,\n"
            f"kerala-1961,{AREA},cow,800,2020-01-01,,a newspaper,reported practice,\n",
            "feeding_rates.csv": FEEDING + "kerala-1961,*,cow,100,2010-01-01,,resolution 2,council resolution,,\n",
            "habitual_areas.csv": HABITUAL + f"kerala-1961,{AREA},cow,1.5,2020-01-01,,notification 7,notified\n",
        },
    )
    listed = {r.species: r for r in rates_listed(book, K, AREA, dt.date(2025, 4, 1))}
    assert listed["cow"] == ListedRate(
        "cow",
        "₹750.00 (₹500.00 × 1.5, K s.11(2))",
        "₹100.00",
        [("notification 1", "notified"), ("notification 7", "notified"), ("resolution 2", "council resolution")],
        [("₹800.00", "a newspaper")],
    )
    assert listed["goat"] == ListedRate("goat", "₹500.00", None, [("notification 1", "notified")], [])
    # the scale's "*" names every kind, so every kind is listed, each with its fine
    assert all(r.fine for r in listed.values())


def test_an_1857_pounds_list_is_its_acts_scale_in_annas(tmp_path: Path) -> None:
    """1857 s.VI's scale per head (as LAW.md sets it out): camel or buffalo 8 annas; horse or tattoo, bull, bullock
    or cow 4 annas; calf or ass 2 annas; sheep or goat 1 anna; and a list of fines and feeding rates displayed at every
    pound (K s.11(4); 1857 s.VII). On 7 Jun 1858, before decimalisation: a cow's line reads '4 as.', a buffalo's
    '8 as.', a goat's '1 as.'; no rate was fixed in these rules, so no feeding."""
    listed = {r.species: r for r in rates_listed(_book(tmp_path), OLD, "Barrackpore", dt.date(1858, 6, 7))}
    assert (listed["cow"].fine, listed["buffalo"].fine, listed["goat"].fine) == ("4 as.", "8 as.", "1 as.")
    assert listed["cow"].feeding is None


def test_the_era_of_an_amount_is_decided_in_one_place() -> None:
    # India decimalised on 1 April 1957 (the Indian Coinage (Amendment) Act 1955): 4 annas are 48 pies the day
    # before, and 25 paise that day. ingest/rows.py asked "before 1957?" five times; it asks money.coin_of.
    assert (coin_of(dt.date(1957, 3, 31)), coin_of(dt.date(1957, 4, 1)), coin_of(None)) == ("pie", "paisa", "paisa")
    assert Money.annas(4).minor_units(dt.date(1957, 3, 31)) == (48, "pie")
    assert Money.annas(4).minor_units(dt.date(1957, 4, 1)) == (25, "paisa")
    rows = (ROOT / "ingest" / "rows.py").read_text(encoding="utf-8")
    assert "DECIMALISATION" not in rows and '"pie" if' not in rows
