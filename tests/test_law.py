"""The rule packs on worked examples taken from the Acts' text: one per section that computes something."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import sqlite3
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import feedparser
import icalendar
import pytest
import yaml
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from ingest.build import ingest
from ingest.rules_files import load_rulebook
from pinfold.errors import RulesError
from pinfold.law.clock import add_months, auction_if_posted, days_in_pound, deadlines
from pinfold.law.compliance import acts_with, rules
from pinfold.law.conflicts import roster_match, same_person
from pinfold.law.dues import compute_due
from pinfold.law.money import DECIMALISATION, Money, parse_money
from pinfold.law.packs import all_packs, pack
from pinfold.law.rules import RateRow, RuleBook, statutory_rows
from pinfold.law.status import brought_late, sale_questioned, seizure_adjudged_illegal
from pinfold.schema import date_sql, money_sql
from portal.app import create_app
from portal.i18n import date_label
from portal.settings import Settings

from .test_portal import parse

D = dt.date
K, OLD, C1871 = pack("kerala-1961"), pack("act-iii-1857"), pack("cattle-trespass-1871")


def book(*packs, feeding=(), habitual=(), scales=()):
    return RuleBook(
        fine_scales=statutory_rows(list(packs)) + list(scales),
        feeding_rates=list(feeding),
        habitual=list(habitual),
    )


def rate(act, area, species, amount, start=None, end=None, status="notified", id=1):
    return RateRow(id, act, area, species, amount, start, end, "test notification", status)


# --- the clock: K s.13(1), s.13(3), s.19; 1857 s.VIII, s.IX proviso, s.XIV --------------------------------


@pytest.mark.parametrize("p", [K, OLD, C1871])
def test_seven_days_then_notice_then_seven_days_then_auction(p) -> None:
    """K s.13(1): "If the cattle be not claimed within seven days from the date of their being impounded" -- brought
    1 Apr, the 2nd..8th are the seven days (the first day excluded), so the notice falls due on 9 Apr. K s.13(3): "not
    claimed within seven days from the date of the notice" -- 10..16 Apr, the auction on 17 Apr at the earliest.
    K s.19: "within ten days from the date of seizure"; no seizure day recorded, and K s.9 has the cattle reach the
    pound "within twenty-four hours", so the seizure was 31 Mar at the earliest and the last day is 31 Mar + 10 =
    10 Apr, the earliest the deadline can be. (1857 s.VIII and s.XIV, and the 1871 Act, count the same periods.)"""
    d = deadlines(p, D(2025, 4, 1))
    assert (d.notice_due_on, d.auction_earliest_on, d.complaint_deadline_on) == (
        D(2025, 4, 9),
        D(2025, 4, 17),
        D(2025, 4, 10),
    )
    assert d.seizure_assumed


def test_clock_across_month_end_and_leap_day() -> None:
    """Brought 28 Jan 2025: + 8 = 5 Feb. Brought 21 Feb 2024: notice 29 Feb (a leap year); seizure 20 Feb at the
    earliest, + 10 = 1 Mar 2024; in 2023, 20 Feb + 10 = 2 Mar. Brought 28 Dec 2025: notice 5 Jan, auction 13 Jan."""
    assert deadlines(K, D(2025, 1, 28)).notice_due_on == D(2025, 2, 5)
    assert deadlines(K, D(2024, 2, 21)).notice_due_on == D(2024, 2, 29)
    assert deadlines(K, D(2024, 2, 21)).complaint_deadline_on == D(2024, 3, 1)
    assert deadlines(K, D(2023, 2, 21)).complaint_deadline_on == D(2023, 3, 2)
    assert deadlines(K, D(2025, 12, 28)).auction_earliest_on == D(2026, 1, 13)


def test_notice_and_auction_run_from_the_day_impounded_and_only_the_complaint_from_the_seizure() -> None:
    """Seized 2 Apr, brought 3 Apr, notice posted 14 Apr. K s.13(1) counts "from the date of their being impounded":
    notice due 3 + 8 = 11 Apr (not 10 Apr, counted from the seizure). K s.13(3) counts "from the date of the notice":
    14 + 8 = 22 Apr. K s.19 counts "from the date of seizure": 2 + 10 = 12 Apr, and the seizure day is recorded."""
    d = deadlines(K, D(2025, 4, 3), seized_on=D(2025, 4, 2), notice_posted_on=D(2025, 4, 14))
    assert (d.notice_due_on, d.auction_earliest_on, d.complaint_deadline_on) == (
        D(2025, 4, 11),
        D(2025, 4, 22),
        D(2025, 4, 12),
    )
    assert not d.seizure_assumed


def test_a_notice_posted_early_cannot_shorten_the_owners_seven_days() -> None:
    """Brought 1 Mar; the register records the notice on 4 Mar. K s.13(1) gives the owner "seven days from the date of
    their being impounded" (2..8 Mar): the notice is due on 9 Mar, and s.13(3) adds "seven days from the date of the
    notice". Counted from the later of the two, 9 Mar + 8 = 17 Mar, not 4 Mar + 8 = 12 Mar."""
    assert deadlines(K, D(2025, 3, 1), notice_posted_on=D(2025, 3, 4)).auction_earliest_on == D(2025, 3, 17)
    assert deadlines(K, D(2025, 3, 1), notice_posted_on=D(2025, 3, 12)).auction_earliest_on == D(2025, 3, 20)


def test_a_notice_printed_today_counts_its_auction_from_today() -> None:
    """Brought 1 Nov 2026: the notice fell due on 9 Nov but is not yet posted. Printed and posted on 30 Nov, its
    auction is "seven days from the date of the notice" (K s.13(3)): 1..7 Dec, so 8 Dec, not 17 Nov."""
    assert auction_if_posted(K, D(2026, 11, 1), D(2026, 11, 30)) == D(2026, 12, 8)
    assert auction_if_posted(K, D(2026, 11, 1), D(2026, 11, 5)) == D(2026, 11, 17)  # not before its due day


def test_1857_no_auction_while_a_complaint_made_in_time_is_pending() -> None:
    """1857 s.IX proviso: "if a complaint against the seizure shall have been preferred under the provisions of Section
    XIV of this Act, no sale shall be made until the case shall have been decided". Brought 5 Jan 1858, the seizure
    4 Jan at the earliest; s.XIV: "within ten days from the date thereof": by 14 Jan. Filed 10 Jan, undecided: no
    auction day. Decided 30 Jan: not before 30 Jan (by the notice alone it was 21 Jan). Filed 20 Jan: too late to be a
    complaint under s.XIV, so it stops no sale: 21 Jan. Kerala has no such proviso (K s.19-21)."""
    brought = D(1858, 1, 5)
    pending = deadlines(OLD, brought, complaint_filed_on=D(1858, 1, 10))
    assert (pending.auction_earliest_on, pending.complaint_in_time, pending.auction_by_notice_on) == (
        None,
        True,
        D(1858, 1, 21),
    )
    decided = deadlines(OLD, brought, complaint_filed_on=D(1858, 1, 10), complaint_decided_on=D(1858, 1, 30))
    assert decided.auction_earliest_on == D(1858, 1, 30)
    late = deadlines(OLD, brought, complaint_filed_on=D(1858, 1, 20))
    assert (late.auction_earliest_on, late.complaint_in_time) == (D(1858, 1, 21), False)
    assert deadlines(C1871, D(1900, 1, 5), complaint_filed_on=D(1900, 1, 6)).auction_earliest_on is None
    assert deadlines(K, D(2025, 1, 5), complaint_filed_on=D(2025, 1, 6)).auction_earliest_on == D(2025, 1, 21)


def test_a_seizure_adjudged_illegal_has_no_auction() -> None:
    """K s.21(2): "If the cattle have not been released, the Magistrate shall ... order their release and direct that
    the fines and expenses leviable under this Act shall be paid by the person who made the seizure": no sale."""
    d = deadlines(K, D(2025, 4, 1), complaint_filed_on=D(2025, 4, 3), complaint_decided_on=D(2025, 4, 8),
                  seizure_illegal=True)  # fmt: skip
    assert d.auction_earliest_on is None and d.auction_by_notice_on == D(2025, 4, 17)


@given(st.dates(min_value=D(1857, 1, 1), max_value=D(2100, 1, 1)))
def test_clock_order_holds_for_any_day(d: dt.date) -> None:
    n, a, c, assumed, *_ = deadlines(K, d)
    assert d < n < a and (a - n).days == 8 and (c - d).days == 9 and assumed


def test_the_24_hour_rule_flags_a_seizure_recorded_more_than_a_day_before() -> None:
    """K s.9(1): cattle seized are sent "within twenty-four hours to the pound". Seized 1 Mar and brought 3 Mar is at
    least 24 hours and a minute (23:59 on the 1st to 00:00 on the 3rd): flagged. Seized 1 Mar, brought 2 Mar may be
    within the 24 hours: not flagged. No seizure day recorded: nothing to say."""
    assert brought_late(K, D(2025, 3, 3), D(2025, 3, 1)) is True
    assert brought_late(K, D(2025, 3, 2), D(2025, 3, 1)) is False
    assert brought_late(K, D(2025, 3, 2), None) is None


def test_an_act_that_fixes_no_time_flags_no_seizure_as_late() -> None:
    """1857 s.II: the seizer may "convey them without unnecessary delay to the pound": no hours are fixed, so an entry
    seized 1 Mar 1860 and brought 4 Mar is not "later than the Act allows" (None: not measured), and the scorecard's
    rule is no rule of that Act (its pound shows "—"); under K s.9(1), "within twenty-four hours", the same days are
    flagged."""
    assert brought_late(OLD, D(1860, 3, 4), D(1860, 3, 1)) is None
    assert brought_late(K, D(2025, 3, 4), D(2025, 3, 1)) is True
    seizure_late = next(r for r in rules("date('now')") if r.key == "seizure_late")
    assert "act-iii-1857" not in acts_with(seizure_late) and "kerala-1961" in acts_with(seizure_late)


def test_a_sale_the_act_did_not_allow_on_its_day_is_questioned() -> None:
    """1857 s.IX proviso: "no sale shall be made until the case shall have been decided". Brought 5 Jan 1858, complaint
    filed 10 Jan (in time: by 14 Jan), decided 30 Jan, sold 25 Jan: sold while pending. Kerala, brought 1 Mar 2025:
    K s.13(3) allows an auction of unclaimed cattle from 17 Mar; sold 10 Mar is before it (lawful only under s.15(1),
    if the owner appeared and would not pay, which the register does not say). Sold 17 Mar: nothing to question."""
    dl = deadlines(OLD, D(1858, 1, 5), complaint_filed_on=D(1858, 1, 10), complaint_decided_on=D(1858, 1, 30))
    q = sale_questioned(OLD, dl, D(1858, 1, 25), D(1858, 1, 10), D(1858, 1, 30))
    assert q is not None and q.why == "complaint_pending"
    dl = deadlines(K, D(2025, 3, 1))
    assert sale_questioned(K, dl, D(2025, 3, 10), None, None) == ("before_earliest", D(2025, 3, 17))
    assert sale_questioned(K, dl, D(2025, 3, 17), None, None) is None


@pytest.mark.parametrize(
    ("outcome", "illegal"),
    [
        ("Seizure adjudged illegal; compensation Rs 50", True),
        ("complaint allowed, release ordered", True),
        ("നിയമവിരുദ്ധം", True),
        ("Complaint dismissed", False),
        ("seizure not illegal", False),
        ("seizure lawful", False),
        ("adjourned to 12/04", None),
        (None, None),
    ],
)
def test_a_complaints_recorded_outcome_is_read(outcome: str | None, illegal: bool | None) -> None:
    assert seizure_adjudged_illegal(outcome) is illegal


# --- money: 1857 s.VI, 1871 s.12, K s.11 -----------------------------------------------------------------


def test_1857_scale_exact_annas() -> None:
    b = book(OLD)
    fine = lambda kind, n: compute_due(OLD, b, "x", kind, n, D(1858, 1, 5), D(1858, 1, 5)).fine  # noqa: E731
    assert fine("camel", 1) == Money.annas(8) and fine("buffalo", 1).display(D(1858, 1, 1)) == "8 as."
    assert fine("cow", 1) == Money(Fraction(1, 4)) and fine("pony", 1) == Money.annas(4)
    assert fine("calf", 3).display(D(1858, 1, 1)) == "6 as." and fine("goat", 1) == Money.annas(1)
    assert fine("bullock", 9).display(D(1858, 1, 1)) == "Rs 2 4 as."  # 36 annas
    assert fine("bullock", 9).decimal_str() == "2.25"
    assert fine("elephant", 1) is None  # not on the 1857 scale: no figure invented


def test_1871_scale_from_its_section_12() -> None:
    b = book(C1871)
    fine = lambda kind: compute_due(C1871, b, "x", kind, 1, D(1900, 1, 5), D(1900, 1, 5)).fine  # noqa: E731
    assert (fine("elephant"), fine("camel"), fine("mule"), fine("pig"), fine("sheep")) == (
        Money.of(2),
        Money.annas(8),
        Money.annas(4),
        Money.annas(2),
        Money.annas(1),
    )


def test_kerala_scale_by_area_and_kind_and_date() -> None:
    scales = [
        rate("kerala-1961", "*", "*", Money.of(500), D(2010, 1, 1), id=10),
        rate("kerala-1961", "Kozhikode Municipal Corporation", "*", Money.of(1000), D(2017, 1, 1), id=11),
        rate("kerala-1961", "*", "goat", Money.of(200), D(2010, 1, 1), id=12),
    ]
    b = book(K, scales=scales)
    f = lambda area, kind, day: b.fine_scale("kerala-1961", area, kind, day)  # noqa: E731
    assert f("Ollur", "cow", D(2025, 1, 1)).amount == Money.of(500)
    assert f("Ollur", "goat", D(2025, 1, 1)).amount == Money.of(200)
    assert f("Kozhikode Municipal Corporation", "cow", D(2025, 1, 1)).amount == Money.of(1000)
    assert f("Kozhikode Municipal Corporation", "cow", D(2016, 12, 31)).amount == Money.of(
        500
    )  # scale in force on the day brought
    assert f("Ollur", "cow", D(2009, 1, 1)) is None


def _rules_dir(tmp_path, **files: str):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


HABITUAL = "act,local_area,species,multiplier,effective_from,effective_to,reference,status\n"


def test_habitual_trespass_area_any_multiplier_up_to_double(tmp_path) -> None:
    """K s.11(2): the Director may direct "such amount of fine as may be specified by him ... not exceeding double the
    fine prescribed under sub-section (1)". One and a half times is such an amount: a scale of Rs 500 a head, 2 cows
    in the area: 500 x 1.5 x 2 = Rs 1,500, exactly (3/2, never the float 1.5). A goat, not named: 500 x 2 = Rs 1,000."""
    rules = _rules_dir(
        tmp_path,
        **{
            "fine_scales.csv": "act,local_area,species,amount,effective_from,effective_to,reference,status,note\n"
            "kerala-1961,*,*,500,2010-01-01,,test notification,notified,\n",
            "habitual_areas.csv": HABITUAL
            + "kerala-1961,Thrissur Municipal Corporation,cow,1.5,2020-01-01,,n,notified\n",
        },
    )
    b = load_rulebook(rules, [K])
    due = compute_due(K, b, "Thrissur Municipal Corporation", "cow", 2, D(2025, 4, 1), D(2025, 4, 1))
    assert due.habitual_multiplier == Fraction(3, 2) and due.fine == Money.of(1500)
    assert "K s.11(2)" in due.sections
    other = compute_due(K, b, "Thrissur Municipal Corporation", "goat", 2, D(2025, 4, 1), D(2025, 4, 1))
    assert other.fine == Money.of(1000) and other.habitual_multiplier == 1


def test_a_multiplied_fine_names_the_notification_of_its_area_and_says_when_it_is_an_example(client, settings) -> None:
    """K s.11(2): "when it appears to the Director that in any local area cattle are habitually allowed to trespass
    ... he may, by notification in the Gazette, direct" a fine "not exceeding double". The doubling is the Act's;
    that Thrissur is such an area is a notification's, which the demo's rule files give as an example. The review of
    7 Dec: the page showed '₹500 × 1 × 2, K s.11(2)', as if the Act doubled Thrissur's fines, and the API and the
    pound's list named no notification. By hand: the demo's example scale, ₹500 a cow, 1 cow, the example
    notification's 2: ₹500 × 1 × 2 = ₹1,000 a cow, labelled an example twice, the scale and the area."""
    con = sqlite3.connect(settings.database)
    cow, head = con.execute(
        "SELECT id, head_count FROM impoundments WHERE pound_id = 'tcr-corp' AND species = 'cow' "
        "AND coalesce(seizure_local_area, 'Thrissur Municipal Corporation') = 'Thrissur Municipal Corporation' "
        "ORDER BY head_count, id LIMIT 1"
    ).fetchone()
    goat = con.execute(
        "SELECT id FROM impoundments WHERE pound_id = 'tcr-corp' AND species = 'goat' LIMIT 1"
    ).fetchone()
    due = client.get(f"/api/impoundments/{cow}/due").json()
    hand = f"{500 * head * 2}.00"  # ₹500 × head × 2
    assert (due["fine_per_head_rupees"], due["habitual_multiplier"], due["fine_rupees"]) == ("500.00", 2, hand)
    assert due["habitual_basis"] == {
        "reference": "EXAMPLE habitual-trespass notification under K s.11(2) (demo data)",
        "status": "example",
    }
    page = client.get(f"/animals/{cow}?lang=en").text
    fine_row = page[page.index('id="fine"') : page.index('id="feeding"')]
    habitual = re.sub(r"<[^>]+>", "", fine_row[fine_row.index('id="habitual-basis"') :].split("</td>")[0])
    assert "K s.11(2): EXAMPLE habitual-trespass notification under K s.11(2) (demo data) (Example" in habitual
    ml = client.get(f"/animals/{cow}?lang=ml").text
    assert "ശീലമായ അതിക്രമ പ്രദേശത്തിന്റെ ഉദാഹരണ വിജ്ഞാപനം" in ml
    client.get("/?lang=en")
    pound = client.get("/pounds/tcr-corp").text
    rates = pound[pound.index("EXAMPLE habitual-trespass notification") - 400 :]
    assert "(₹500.00 × 2, K s.11(2))" in rates[:800]
    if goat:  # a kind the notification does not name: not multiplied, no notification named
        assert client.get(f"/api/impoundments/{goat[0]}/due").json()["habitual_basis"] is None


@pytest.mark.parametrize(
    ("multiplier", "said"), [("2.5", "multiplier 2.5 is above 2"), ("3", "multiplier 3 is above 2")]
)
def test_a_multiplier_above_double_is_an_error_naming_its_row(tmp_path, multiplier: str, said: str) -> None:
    """K s.11(2): "not exceeding double": 2.5 times is not a lawful fine, and is never silently cut to 2."""
    rules = _rules_dir(
        tmp_path,
        **{"habitual_areas.csv": HABITUAL + "kerala-1961,Ollur,cow,2,2020-01-01,,n,notified\n"
           f"kerala-1961,Ollur,goat,{multiplier},2020-01-01,,n,notified\n"},
    )  # fmt: skip
    with pytest.raises(RulesError, match=rf"habitual_areas.csv row 3: {said}.*K s.11\(2\)"):
        load_rulebook(rules, [K])


def test_an_1857_pound_has_no_habitual_areas_to_multiply(tmp_path) -> None:
    rules = _rules_dir(tmp_path, **{"habitual_areas.csv": HABITUAL + "act-iii-1857,Howrah,cow,2,1858-01-01,,n,x\n"})
    with pytest.raises(RulesError, match="row 2: multiplier 2 is above 1.*provides for no habitual-trespass areas"):
        load_rulebook(rules, [OLD])


def test_feeding_per_head_per_day_with_a_rate_change_mid_stay() -> None:
    feeding = [
        rate("kerala-1961", "*", "*", Money.of(100), D(2010, 1, 1), D(2025, 4, 4), id=1),
        rate("kerala-1961", "*", "*", Money.of(150), D(2025, 4, 5), id=2),
    ]
    b = book(K, scales=[rate("kerala-1961", "*", "*", Money.of(500), D(2010, 1, 1))], feeding=feeding)
    due = compute_due(K, b, "x", "cow", 2, D(2025, 4, 1), D(2025, 4, 7))
    # days 1, 2, 3, 4 April at 100 and 5, 6 April at 150, for 2 head
    assert due.days_in_pound == 6 and due.feeding == Money.of(2 * (4 * 100 + 2 * 150))
    assert due.total == Money.of(1000 + 1400)


def test_feeding_stops_when_the_register_says_the_animal_left() -> None:
    b = book(K, feeding=[rate("kerala-1961", "*", "*", Money.of(100), D(2010, 1, 1))])
    due = compute_due(K, b, "x", "cow", 1, D(2025, 4, 1), D(2025, 6, 1), ended_on=D(2025, 4, 3))
    assert due.days_in_pound == 2 and due.feeding == Money.of(200)


def test_1857_feeding_in_pies_is_exact() -> None:
    b = book(OLD, feeding=[rate("act-iii-1857", "*", "goat", parse_money("6 p."), D(1857, 1, 1))])
    due = compute_due(OLD, b, "x", "goat", 3, D(1858, 1, 1), D(1858, 1, 8))
    assert due.feeding == Money.of(0, pies=6 * 3 * 7)  # 126 pies = 10 annas 6 pies
    assert due.feeding.display(D(1858, 1, 1)) == "10 as. 6 p."
    assert due.total.display(D(1858, 1, 1)) == "13 as. 6 p."  # with the fine of 1 anna a head


def test_days_in_pound_counts_part_days() -> None:
    assert days_in_pound(D(2025, 4, 3), D(2025, 4, 3)) == 1
    assert days_in_pound(D(2025, 4, 3), D(2025, 4, 5)) == 2


def test_surplus_held_three_months_at_month_end() -> None:  # K s.16(3); 1857 s.XI
    assert add_months(D(2025, 11, 30), 3) == D(2026, 2, 28)
    assert add_months(D(2023, 11, 30), 3) == D(2024, 2, 29)
    assert add_months(D(2025, 1, 15), 3) == D(2025, 4, 15)


@pytest.mark.parametrize(
    ("text", "rupees"),
    [
        ("250", "250.00"),
        ("Rs. 250/-", "250.00"),
        ("₹250", "250.00"),
        ("2,500.00", "2500.00"),
        ("4 as.", "0.25"),
        ("Rs. 2 4 as.", "2.25"),
        ("Rs 1-8-0", "1.50"),
        ("2 as. 6 p.", "0.15625"),
        ("1 p.", "1/192"),
        # account books: each coin named before or after its number, slashes, rupees-annas after 'Rs'
        ("Rs 1 As 4 Ps 6", "1.28125"),
        ("As. 4", "0.25"),
        ("2 Rs. 8 As.", "2.50"),
        ("Rs. 1/4/6", "1.28125"),
        ("Rs. 2-8", "2.50"),
        ("Rs. 250 only", "250.00"),
        # commas: the Indian and the Western grouping, and a decimal comma (it was read as Rs 25,000)
        ("Rs. 2,50,000", "250000.00"),
        ("1,234,567.89", "1234567.89"),
        ("250,00", "250.00"),
    ],
)
def test_money_notations_parse_exactly(text: str, rupees: str) -> None:
    assert parse_money(text).decimal_str() == rupees


@pytest.mark.parametrize("text", ["Rs 1-18-0", "2-8", "1/2", "Rs 4 Rs 5", "only", "brown", "2,5,0"])
def test_what_is_not_money_is_not_read_as_money(text: str) -> None:
    # 18 annas is no coin: 'Rs 1-18-0' was read as Rs 2 2 as.; a bare '2-8' or '1/2' could be anything
    with pytest.raises(ValueError):
        parse_money(text)


def test_money_display_by_era() -> None:
    assert Money.of(2500).display(D(2025, 1, 1)) == "₹2,500.00"
    assert Money.of(2, annas=4).display(D(1858, 1, 1)) == "Rs 2 4 as."
    # never rounded: a part of a paisa or of a pie is written out, as decimal_str writes it (it read "₹0.12")
    assert Money.of("0.125").display(D(2025, 1, 1)) == "₹0.125" and Money.of("1234.125").display(None) == "₹1,234.125"
    assert Money(Fraction(1, 384)).display(D(1858, 1, 1)) == "1/2 p."
    assert Money(Fraction(193, 384)).display(D(1858, 1, 1)) == "8 as. 1/2 p."
    assert Money.annas(4).minor_units(D(1858, 1, 1)) == (48, "pie")
    assert Money.of("12.50").minor_units(D(2025, 1, 1)) == (1250, "paisa")
    with pytest.raises(TypeError):
        Money.of(1) * 1.5  # type: ignore[operator]


def test_rupees_are_grouped_as_india_writes_them() -> None:
    """A sum in lakhs and crores as Indian readers (and the registers: 'Rs. 1,49,000/-') write it: the last three
    digits, then twos. By hand: 1,49,000 is one lakh and 49 thousand; 12,34,56,789 is 12 crore 34 lakh 56 thousand
    789; under a lakh as before (2,500). The feeds' SQL writes the same (test below, to 10^6 rupees)."""
    assert Money.of(149000).display(D(2025, 1, 1)) == "₹1,49,000.00"
    assert Money.of("123456789.50").display(D(2025, 1, 1)) == "₹12,34,56,789.50"
    assert Money.of(2500).display(None) == "₹2,500.00" and Money.of(100000).display(None) == "₹1,00,000.00"
    assert Money.of("100000.125").display(None) == "₹1,00,000.125"
    assert parse_money("₹1,49,000.00") == Money.of(149000)
    con = sqlite3.connect(":memory:")
    (in_sql,) = con.execute(f"SELECT {money_sql(':m', ':unit')}", {"m": 12345678950, "unit": "paisa"}).fetchone()
    assert in_sql == "₹12,34,56,789.50"


@given(st.integers(0, 10**6), st.integers(0, 15), st.integers(0, 11))
def test_money_round_trips_through_its_notation(rs: int, annas: int, pies: int) -> None:
    m = Money.of(rs, annas=annas, pies=pies)
    assert parse_money(m.display(D(1858, 1, 1))) == m


@given(st.integers(0, 10**8), st.sampled_from([D(1858, 1, 1), D(2025, 1, 1)]))
def test_the_sql_for_money_writes_what_the_pages_write(minor: int, on: dt.date) -> None:
    # Feed texts are SQL views (schema.money_sql over fine_due_minor and money_unit); pages use Money.display.
    m = Money(Fraction(minor, 192 if on < DECIMALISATION else 100))
    units, unit = m.minor_units(on)
    con = sqlite3.connect(":memory:")
    (in_sql,) = con.execute(f"SELECT {money_sql(':m', ':unit')}", {"m": units, "unit": unit}).fetchone()
    assert in_sql == m.display(on)


@given(st.dates(D(1800, 1, 1), D(2100, 12, 31)))
def test_the_sql_for_a_date_writes_what_the_pages_write(day: dt.date) -> None:
    con = sqlite3.connect(":memory:")
    (in_sql,) = con.execute(f"SELECT {date_sql(':d')}", {"d": day.isoformat()}).fetchone()
    assert in_sql == date_label(day, "en")


def test_a_citation_names_the_act_once_and_each_section_once() -> None:
    assert K.citation("fine", "claim") == "K s.11(1), s.12"
    assert K.citation("sale_account", "surplus", "conflict") == "K s.15(2)-(3), s.16(3), s.17, s.18(1)"
    assert OLD.citation("fine", "feeding") == "1857 s.VI, s.VII"  # one section, s.VII, rules both feeding and claim
    assert C1871.citation("notice", "auction") == "1871 s.14"
    assert C1871.citation("no such key") == ""


# --- conflicts of interest: K s.18(1); 1857 s.X ---------------------------------------------------------


def test_names_match_with_care() -> None:
    assert same_person("K. Raghavan Nair", "Raghavan Nair K.")
    assert same_person("K. Raghavan Nair", "Ragavan Nair")
    assert not same_person("M. Raghavan Nair", "K. Raghavan Nair")
    assert not same_person("Raghavan Nair", "Raghavan Pillai")
    assert not same_person("Nair", "Nair")  # one word is not enough to accuse anybody


def test_roster_is_scoped_to_the_pound_or_its_authority() -> None:
    roster = [
        {
            "name": "Joseph Kurian",
            "role": "member of the local authority",
            "pound_id": "",
            "local_authority": "Ollur Panchayat",
        }
    ]
    assert roster_match("Joseph Kurian", roster, "p1", "Ollur Panchayat")["role"] == "member of the local authority"
    assert roster_match("Joseph Kurian", roster, "p2", "Pala Municipality") is None


def test_every_pack_is_data_with_its_clock_and_sections() -> None:
    packs = all_packs()
    assert set(packs) == {"kerala-1961", "act-iii-1857", "cattle-trespass-1871"}
    for p in packs.values():
        assert p.clock.claim_days == 7 and p.clock.notice_to_auction_days == 7 and p.clock.complaint_days == 10
        assert {"fine", "notice", "auction", "complaint", "claim"} <= set(p.sections)
        # the account of a sale says where each sum went (K s.16; 1857 s.XI; 1871 s.17)
        assert {"fines_to", "feeding_to", "surplus_held_by"} <= set(p.roles)


def test_1871_cites_the_sections_of_its_own_chapter_iv() -> None:
    # Act I of 1871, Chapter IV: s.15 is the deposit of an owner who disputes the seizure, s.16 the sale when the
    # owner refuses to pay and the account given to him, s.17 the surplus, s.19 the bar on officers buying.
    # (The pack once cited s.15 for refusal and s.17 for the bar, the 1857 Act's order of topics.)
    s = C1871.sections
    assert (s["claim"], s["deposit"], s["notice"]) == ("1871 s.13", "1871 s.15", "1871 s.14")
    assert (s["refuse_to_pay"], s["sale_account"], s["surplus"]) == ("1871 s.16", "1871 s.16", "1871 s.17")
    assert (s["conflict"], s["complaint"], s["compensation"]) == ("1871 s.19", "1871 s.20", "1871 s.22")
    # Every key the portal cites for one Act exists for the other two, so no page loses a citation by its Act.
    assert set(K.sections) - {"definition", "habitual", "release_order"} <= set(C1871.sections)


# The ingest caches fines and feeding in layers (build.LawCache: the rate in force on a day, then a rate times a
# count). Whatever the stay, the columns it publishes must equal what the portal computes from the Act (dues.py).
_CHANGING_BOOK = book(
    K,
    OLD,
    scales=[rate("kerala-1961", "*", "*", Money.of(500), D(2010, 1, 1), D(2025, 3, 31), id=7),
            rate("kerala-1961", "*", "cow", Money.of(750), D(2025, 4, 1), id=8)],
    feeding=[rate("kerala-1961", "*", "*", Money.of(100), D(2010, 1, 1), D(2025, 4, 4), id=1),
             rate("kerala-1961", "*", "*", Money.of(150), D(2025, 4, 5), D(2025, 5, 31), id=2),
             rate("kerala-1961", "x", "goat", Money.of(40), D(2025, 4, 20), id=3),
             rate("act-iii-1857", "*", "*", parse_money("6 p."), D(1857, 1, 1), id=4)],
    habitual=[rate("kerala-1961", "x", "*", Money.of(2), D(2025, 4, 10), id=5)],
)  # fmt: skip


@given(
    act=st.sampled_from(["kerala-1961", "act-iii-1857"]),
    area=st.sampled_from(["x", "y"]),
    seized_in=st.sampled_from(["x", "y"]),  # K s.11(2): the area of seizure, the pound's or another
    species=st.sampled_from(["cow", "goat"]),
    head=st.integers(1, 12),
    start=st.dates(D(2025, 3, 20), D(2025, 6, 10)),
    days=st.integers(1, 90),
)
def test_the_ingests_cached_fines_and_feeding_equal_the_acts(act, area, seized_in, species, head, start, days) -> None:
    from ingest.build import LawCache

    if act == "act-iii-1857":
        start = start.replace(year=1858)
    law = LawCache(_CHANGING_BOOK, "test")
    for _ in range(2):  # the first answer computes, the second comes from the caches: both must be right
        until = start + dt.timedelta(days=days)
        due = compute_due(pack(act), _CHANGING_BOOK, area, species, head, start, until, seized_in=seized_in)
        per_head, mult, fine, fine_s, fine_minor, _ = law.fine_cols(act, area, seized_in, species, start, head)
        assert (fine, mult) == (due.fine, due.habitual_multiplier)
        if fine is not None:
            assert (per_head, fine_s) == (due.fine_per_head.decimal_str(), due.fine.decimal_str())
            assert fine_minor == due.fine.minor_units(start)[0]
        rate_s, _, feeding, feeding_s, feeding_minor, charged = law.feeding_cols(act, area, species, head, start, until)
        assert charged == due.days_in_pound
        assert feeding == due.feeding
        if feeding is not None:
            assert (feeding_s, feeding_minor) == (due.feeding.decimal_str(), due.feeding.minor_units(start)[0])
            assert rate_s == due.feeding_rate.decimal_str()


# --- the law end to end: registers worked out by hand, through the real ingest, pages, API and Datasette -----------

POUNDS_CSV = (
    "id,name,act,local_authority,district,village,latitude,longitude\n"
    "k1,Ollur Pound,kerala-1961,Ollur Panchayat,Thrissur,Ollur,10.47,76.25\n"
    "b1,Barrackpore Thannah,act-iii-1857,Barrackpore,24 Parganas,Barrackpore,22.76,88.37\n"
)
K_HEADER = (
    "No.,Date brought,Date seized,Kind,Number,Description,Notice posted on,Date of sale,Sale proceeds,"
    "Complaint filed on,Complaint decided on,Complaint outcome,Date delivered\n"
)
B_HEADER = "No.,Date,Number and description of animals,Marks,Complaint filed on,Complaint decided on,Date of sale\n"
SCALE = "act,local_area,species,amount,effective_from,effective_to,reference,status,note\n"
FEEDING = "act,local_authority,species,rate_per_day,effective_from,effective_to,reference,status,note,days_counted\n"
RULES_K = {
    "fine_scales.csv": SCALE + "kerala-1961,*,*,500,2010-01-01,,test notification,notified,\n",
    "feeding_rates.csv": FEEDING + "kerala-1961,*,*,100,2010-01-01,,test resolution,council resolution,,\n"
    "act-iii-1857,*,*,1 as.,1857-01-01,,test Magistrate's rate,example,,\n",
}


def law_db(tmp_path, registers: dict[str, str], rules: dict[str, str] | None = None, pounds: str = POUNDS_CSV):
    """A DATA_DIR of the given registers ({pound id: CSV text}) and rule files, ingested for real: the public db."""
    root = tmp_path / "data"
    (root / "rules").mkdir(parents=True)
    (root / "pounds.csv").write_text(pounds, encoding="utf-8")
    for pound_id, text in registers.items():
        (root / "registers" / pound_id).mkdir(parents=True)
        (root / "registers" / pound_id / "register.csv").write_text(text, encoding="utf-8")
    for name, text in (RULES_K if rules is None else rules).items():
        (root / "rules" / name).write_text(text, encoding="utf-8")
    ingest(root, tmp_path / "p.db", tmp_path / "q.db")
    return tmp_path / "p.db"


def rows(db, sql: str, params: tuple = ()) -> list[dict]:
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    return [dict(r) for r in con.execute(sql, params)]


@pytest.fixture
def portal_for():
    """A TestClient of the real app over a database, with India's date fixed."""
    clients = []

    def make(db, today: dt.date):
        c = TestClient(create_app(Settings(database=db, today=today)))
        clients.append(c.__enter__())
        return clients[-1]

    yield make
    for c in clients:
        c.__exit__(None, None, None)


def _text(html: str):
    return parse(html)


def test_a_printable_notice_not_yet_posted_counts_its_auction_from_the_day_it_is_printed(tmp_path, portal_for) -> None:
    """Brought 1 Nov 2025; K s.13(1): "not claimed within seven days from the date of their being impounded", so the
    notice was due on 9 Nov, and had it been posted then, K s.13(3) ("seven days from the date of the notice") would
    allow an auction from 17 Nov. The register records no notice. Printed and posted today, 30 Nov 2025, the notice
    can promise no auction before 30 Nov + 8 = 8 Dec 2025; the published table keeps 17 Nov, the day counted from
    the notice's due day, and says so."""
    db = law_db(tmp_path, {"k1": K_HEADER + "1,01/11/2025,,cow,1,black,,,,,,,\n"})
    (a,) = rows(db, "SELECT id, notice_due_on, auction_earliest_on FROM impoundments")
    assert (a["notice_due_on"], a["auction_earliest_on"]) == ("2025-11-09", "2025-11-17")
    (n,) = rows(db, "SELECT notice_text FROM notices")
    assert "Counted from the day this notice is due, 09/11/2025" in n["notice_text"]
    c = portal_for(db, D(2025, 11, 30))
    html = c.get(f"/animals/{a['id']}/notice").text
    page = _text(html)
    assert page.by_id["notice-auction"].startswith("8 Dec 2025") and "8 Dec 2025" in page.by_id["notice-text"]
    assert "30 Nov 2025" in page.by_id["notice-day"] and "17 Nov 2025" not in page.text
    # On paper 'Notice posted on | 30 Nov 2025', once; why today, on the screen alone (the review of 4 Dec: the
    # printed row read 'Not yet recorded as posted: posted today, 30 Nov 2025, ... | 30 Nov 2025')
    assert page.by_id["notice-day"].startswith("Notice posted on") and page.by_id["notice-day"].count("30 Nov") == 1
    assert 'class="noprint" id="notice-printed-today"' in html
    # printed before the notice falls due, it shows its due day and counts from it
    early = _text(portal_for(db, D(2025, 11, 5)).get(f"/animals/{a['id']}/notice").text)
    assert "9 Nov 2025" in early.by_id["notice-day"] and early.by_id["notice-auction"].startswith("17 Nov 2025")


def test_a_seizure_recorded_more_than_a_day_before_impounding_is_flagged(tmp_path, portal_for) -> None:
    """K s.9(1): the seizer sends the cattle "within twenty-four hours to the pound". Row 1: seized 1 Mar 2025, brought
    3 Mar: at least 24 hours and a minute apart, flagged, and listed by the canned query. Row 2: seized 2 Mar, brought
    3 Mar: perhaps within the 24 hours, not flagged. Row 3: no seizure day, nothing to say (and its complaint deadline
    is the earliest it can be: 3 Mar - 1 + 10 = 12 Mar, seizure_assumed)."""
    db = law_db(
        tmp_path,
        {"k1": K_HEADER + "1,03/03/2025,01/03/2025,cow,1,black,,,,,,,05/03/2025\n"
         "2,03/03/2025,02/03/2025,cow,1,white,,,,,,,05/03/2025\n3,03/03/2025,,cow,1,red,,,,,,,05/03/2025\n"},
    )  # fmt: skip
    got = rows(db, "SELECT entry_no, brought_late, seizure_assumed, complaint_deadline_on FROM impoundments ORDER BY 1")
    assert [(r["brought_late"], r["seizure_assumed"], r["complaint_deadline_on"]) for r in got] == [
        (1, 0, "2025-03-11"),
        (0, 0, "2025-03-12"),
        (None, 1, "2025-03-12"),
    ]
    c = portal_for(db, D(2025, 3, 5))
    listed = c.get("/data/pounds/seizures_brought_late.json", params={"_shape": "array", "pound": "k1"}).json()
    assert [(r["seized_on"], r["brought_on"], r["days_between"]) for r in listed] == [("2025-03-01", "2025-03-03", 2)]
    (late,) = rows(db, "SELECT id FROM impoundments WHERE entry_no = '1'")
    page = _text(c.get(f"/animals/{late['id']}").text)
    assert "within twenty-four hours of their seizure (K s.9, s.10)" in page.by_id["brought-late"]
    (assumed,) = rows(db, "SELECT id FROM impoundments WHERE entry_no = '3'")
    page = _text(c.get(f"/animals/{assumed['id']}").text)
    assert "the seizure was on 2 Mar 2025 at the earliest" in page.by_id["seizure-assumed"]


def test_only_a_complaint_made_in_time_is_one_under_the_section(tmp_path, portal_for) -> None:
    """1857 s.XIV: a complaint "at any time within ten days from the date" of seizure; s.IX proviso: "if a complaint
    ... shall have been preferred under the provisions of Section XIV ... no sale shall be made until the case shall
    have been decided". Brought 5 Jan 1858, the seizure 4 Jan at the earliest: the last day is 14 Jan. Row 1,
    complaint 10 Jan, undecided: no auction day. Row 2, complaint 20 Jan: too late to be one under s.XIV, so the
    auction stands on 21 Jan (notice 13 Jan + 8) and the page says the complaint does not stop a sale."""
    db = law_db(
        tmp_path, {"b1": B_HEADER + "1,05-01-1858,1 Cow,dun,10-01-1858,,\n2,05-01-1858,1 Cow,red,20-01-1858,,\n"}
    )
    got = rows(db, "SELECT complaint_in_time, auction_earliest_on, complaint_deadline_on FROM impoundments ORDER BY 1")
    assert [tuple(r.values()) for r in got] == [(0, "1858-01-21", "1858-01-14"), (1, None, "1858-01-14")] or [
        tuple(r.values()) for r in got
    ] == [(1, None, "1858-01-14"), (0, "1858-01-21", "1858-01-14")]
    (late,) = rows(db, "SELECT id FROM impoundments WHERE complaint_in_time = 0")
    page = _text(portal_for(db, D(1858, 1, 22)).get(f"/animals/{late['id']}").text)
    assert "not a complaint under 1857 s.XIV and does not stop a sale" in page.by_id["complaint-late"]
    assert page.by_id["auction-earliest"].startswith("21 Jan 1858")


def test_a_complaint_in_time_if_seized_the_day_brought_is_read_in_time(tmp_path, portal_for) -> None:
    """1857 s.XIV: a complaint "at any time within ten days from the date" of seizure; s.II: cattle taken to the pound
    "without unnecessary delay" (a day, on Pinfold's reading). Brought 5 Jan 1858, no seizure day recorded: seized
    4 Jan at the earliest (last day 14 Jan, what the owner is told) and 5 Jan at the latest (last day 15 Jan). A
    complaint filed 15 Jan, undecided, is one under s.XIV if the seizure was on 5 Jan, and then "no sale shall be made
    until the case shall have been decided" (s.IX proviso): no auction day, and the page says why it is read in time.
    Filed 16 Jan it is late whatever the seizure day: the auction stands on 21 Jan (13 Jan + 8)."""
    db = law_db(
        tmp_path, {"b1": B_HEADER + "1,05-01-1858,1 Cow,dun,15-01-1858,,\n2,05-01-1858,1 Cow,red,16-01-1858,,\n"}
    )
    got = rows(
        db, "SELECT description, complaint_in_time, auction_earliest_on, complaint_deadline_on FROM impoundments"
    )
    by_marks = {("dun" if "dun" in r["description"] else "red"): r for r in got}
    assert (by_marks["dun"]["complaint_in_time"], by_marks["dun"]["auction_earliest_on"]) == (1, None)
    assert (by_marks["red"]["complaint_in_time"], by_marks["red"]["auction_earliest_on"]) == (0, "1858-01-21")
    assert {r["complaint_deadline_on"] for r in got} == {"1858-01-14"}
    (maybe,) = rows(db, "SELECT id FROM impoundments WHERE complaint_in_time = 1")
    page = _text(portal_for(db, D(1858, 1, 22)).get(f"/animals/{maybe['id']}").text)
    assert "in time if the cattle were seized the day they were brought" in page.by_id["complaint-maybe-in-time"]
    assert "complaint-late" not in page.by_id


def test_a_seizure_adjudged_illegal_leaves_the_owner_owing_nothing(tmp_path, portal_for) -> None:
    """K s.21(2): "If the cattle have not been released, the Magistrate shall, besides awarding such compensation, order
    their release and direct that the fines and expenses leviable under this Act shall be paid by the person who made
    the seizure." Brought 1 Mar 2025; complaint 5 Mar, decided 10 Mar, "Seizure adjudged illegal; compensation Rs
    50". On 15 Mar the fine (Rs 500) and feeding (14 nights x Rs 100 = Rs 1,400) are the seizer's: the owner owes
    Rs 0, the page says why, and no auction is proposed (by the notice alone it would be 17 Mar)."""
    db = law_db(
        tmp_path,
        {"k1": K_HEADER + "1,01/03/2025,,cow,1,black,,,,05/03/2025,10/03/2025,Seizure adjudged illegal; compensation Rs 50,\n"},
    )  # fmt: skip
    (a,) = rows(db, "SELECT * FROM impoundments")
    assert (a["seizure_adjudged_illegal"], a["auction_earliest_on"], a["auction_by_notice_on"]) == (
        1,
        None,
        "2025-03-17",
    )
    assert rows(db, "SELECT * FROM auction_lots") == []
    c = portal_for(db, D(2025, 3, 15))
    due = c.get(f"/api/impoundments/{a['id']}/due").json()
    assert (due["fine_rupees"], due["feeding_rupees"], due["total_rupees"]) == ("500.00", "1400.00", "0.00")
    assert due["owner_owes_nothing"] is True and due["auction_earliest_on"] is None and "K s.21(2)" in due["sections"]
    page = _text(c.get(f"/animals/{a['id']}").text)
    assert "the owner owes nothing (K s.21(2))" in page.by_id["seizure-illegal"]
    assert page.by_id["total"].strip() == "₹0.00" and "No auction: the seizure was adjudged illegal" in page.text
    notice = _text(c.get(f"/animals/{a['id']}/notice").text)
    assert "adjudged illegal" in notice.by_id["notice-auction"]


def test_the_law_reads_the_outcome_as_written_not_as_published(tmp_path) -> None:
    """K s.21(2) turns on whether "the seizure ... be adjudged illegal"; a register records it in its own words. The
    public text hides every word Pinfold does not recognise (issue 23), so the law must read the cell as written:
    "പിടിച്ചെടുക്കൽ നിയമവിരുദ്ധമെന്ന് കണ്ടെത്തി" ("the seizure was found to be illegal") is published as "[…] കണ്ടെത്തി"
    but is still a seizure adjudged illegal: no auction (by the notice alone it would be 17 Mar, brought 1 Mar)."""
    outcome = "പിടിച്ചെടുക്കൽ നിയമവിരുദ്ധമെന്ന് കണ്ടെത്തി"
    db = law_db(tmp_path, {"k1": K_HEADER + f"1,01/03/2025,,cow,1,black,,,,05/03/2025,10/03/2025,{outcome},\n"})
    (a,) = rows(db, "SELECT * FROM impoundments")
    assert a["complaint_outcome"] != outcome  # the public text is filtered ...
    assert (a["seizure_adjudged_illegal"], a["auction_earliest_on"]) == (1, None)  # ... the law reads the cell


def test_a_seizure_adjudged_illegal_is_adjudged_from_the_day_decided_not_before(tmp_path, portal_for) -> None:
    """K s.21 applies "If the seizure or detention be adjudged illegal"; until the Magistrate decides, the owner gets the
    cattle "on payment of the fines and charges incurred" (K s.12(a)) or "upon deposit of the fines and charges"
    (K s.14). Kerala, by hand: brought 1 Mar 2025, complaint 5 Mar, decided 10 Mar "Seizure illegal". On 5 Mar the
    owner owes the fine Rs 500 (the scale on file, K s.11(1)) + 4 nights x Rs 100 (the rate on file, K s.4) = Rs 900,
    not Rs 0; on 15 Mar, Rs 0 (K s.21(2)). 1857 s.VI "Cow ... 4" annas, s.VII "on payment of the prescribed fine
    together with the expense of feeding": brought 5 Jan 1858, decided 20 Jan "seizure illegal"; on 12 Jan, 4 as. +
    7 nights x 1 anna (the example rate on file) = 11 annas (Rs 0.6875), not nothing."""
    header = "No.,Date,Number and description of animals,Complaint filed on,Complaint decided on,Complaint outcome\n"
    db = law_db(
        tmp_path,
        {"k1": K_HEADER + "1,01/03/2025,,cow,1,black,,,,05/03/2025,10/03/2025,Seizure illegal,\n",
         "b1": header + "1,05-01-1858,1 Cow,08-01-1858,20-01-1858,seizure illegal\n"},
    )  # fmt: skip
    k = rows(db, "SELECT id FROM impoundments WHERE act = 'kerala-1961'")[0]["id"]
    b = rows(db, "SELECT id FROM impoundments WHERE act = 'act-iii-1857'")[0]["id"]
    c = portal_for(db, D(2025, 3, 20))
    early = c.get(f"/api/impoundments/{k}/due", params={"on": "2025-03-05"}).json()
    assert (early["total_rupees"], early["owner_owes_nothing"]) == ("900.00", False)
    assert "K s.21(2)" not in early["sections"] and "K s.12" in early["sections"]
    late = c.get(f"/api/impoundments/{k}/due", params={"on": "2025-03-15"}).json()
    assert (late["total_rupees"], late["owner_owes_nothing"]) == ("0.00", True)
    old = c.get(f"/api/impoundments/{b}/due", params={"on": "1858-01-12"}).json()
    assert old["owner_owes_nothing"] is False and Decimal(old["total_rupees"]) == Decimal("0.6875")


def test_cattle_released_on_deposit_before_the_decision_show_the_deposit_and_k_s21_1(tmp_path, portal_for) -> None:
    """K s.14: "upon deposit of the fines and charges incurred in respect of the cattle, the cattle shall be delivered
    to him"; then adjudged illegal, K s.21(1) awards compensation "together with all fines paid and expenses incurred
    by the complainant in procuring the release of the cattle"; K s.21(2) is only "If the cattle have not been
    released". Brought 1 Mar 2025, released on deposit 4 Mar, complaint 5 Mar, decided 10 Mar: due when it left,
    Rs 500 + 3 nights x Rs 100 = Rs 800 (by hand), the deposit named, K s.21(1) cited, not "owner owes nothing"."""
    header = (
        "No.,Date brought,Kind,Number,Released on deposit,Complaint filed on,Complaint decided on,Complaint outcome\n"
    )
    db = law_db(tmp_path, {"k1": header + "1,01/03/2025,cow,1,04/03/2025,05/03/2025,10/03/2025,Seizure illegal\n"})
    (a,) = rows(db, "SELECT id, status, left_on FROM impoundments")
    assert (a["status"], a["left_on"]) == ("released_on_deposit", "2025-03-04")
    c = portal_for(db, D(2025, 3, 20))
    due = c.get(f"/api/impoundments/{a['id']}/due").json()
    assert (due["total_rupees"], due["owner_owes_nothing"]) == ("800.00", False)
    assert "K s.21(1)" in due["sections"] and "K s.21(2)" not in due["sections"]
    page = _text(c.get(f"/animals/{a['id']}").text)
    assert page.by_id["total"].strip() == "₹800.00" and "seizure-illegal" not in page.by_id
    later = page.by_id["seizure-illegal-later"]
    assert "on deposit of the fines and charges (K s.14)" in later and "(K s.21(1))" in later
    ml = _text(c.get(f"/animals/{a['id']}", params={"lang": "ml"}).text)
    assert "കെട്ടിവച്ച് (K s.14)" in ml.by_id["seizure-illegal-later"]


def test_a_head_count_the_register_does_not_give_is_read_as_one_and_says_so(tmp_path, portal_for) -> None:
    """K s.11(1): a fine "for every head of cattle impounded", and feeding per head (s.4): the number of head decides
    the sum. A register of one animal an entry leaves the count blank, and Pinfold reads one; the entry says it was
    assumed, so a reader of the fines knows. Row 1 gives 2 (fine 2 x Rs 500 = Rs 1,000); row 2 leaves the count blank
    (read as 1: Rs 500, assumed); row 3 writes '3 cows' in an entry with no count column (3, not assumed); row 4 a
    cow with no count column (1, assumed)."""
    k = "No.,Date brought,Kind,Number,Description\n1,01/11/2025,cow,2,black\n2,01/11/2025,cow,,red\n"
    no_count = "No.,Date brought,Number and description of animals\n3,02/11/2025,3 cows\n4,02/11/2025,cow\n"
    db = law_db(
        tmp_path,
        {"k1": k, "k2": no_count},
        pounds=POUNDS_CSV + "k2,Nadathara Pound,kerala-1961,Ollur Panchayat,Thrissur,Nadathara,10.5,76.2\n",
    )
    got = {
        r["entry_no"]: (r["head_count"], r["head_count_assumed"], r["fine_due_rupees"])
        for r in rows(db, "SELECT entry_no, head_count, head_count_assumed, fine_due_rupees FROM impoundments")
    }
    assert got == {
        "1": (2, 0, "1000.00"),
        "2": (1, 1, "500.00"),
        "3": (3, 0, "1500.00"),
        "4": (1, 1, "500.00"),
    }
    # the reading of a record one by one (records.to_entry: entries the columnar reading leaves to it) says the same
    from ingest.records import to_entry

    cells = {"entry_no": "5", "brought_at": "03/11/2025", "species": "cow"}
    assert (to_entry("k1", cells).head_count, to_entry("k1", cells).head_count_assumed) == (1, True)
    assert to_entry("k1", {**cells, "head_count": "2"}).head_count_assumed is False
    # the API and the animal page say it where the fine is counted per head
    c = portal_for(db, D(2025, 11, 5))
    ids = {r["entry_no"]: r["id"] for r in rows(db, "SELECT entry_no, id FROM impoundments")}
    assert [c.get(f"/api/impoundments/{ids[n]}/due").json()["head_count_assumed"] for n in "12"] == [False, True]
    assert 'id="head-assumed"' in c.get(f"/animals/{ids['2']}").text
    assert 'id="head-assumed"' not in c.get(f"/animals/{ids['1']}").text


def test_a_deposit_is_not_a_fine_collected_and_pie_era_proceeds_are_given(tmp_path, portal_for) -> None:
    """K s.14: cattle are delivered "upon deposit of the fines and charges" of an owner "about to make a complaint":
    money held until the Magistrate decides, not a fine collected (K s.16(1) sends the local authority "the fines so
    deducted"). Two Kerala cows brought in March 2025 at Rs 500 each (the scale on file), one claimed, one released
    on deposit: the fines collected that month are Rs 500, not Rs 1,000. 1857: a cow sold for "Rs 2 8 as." is
    2 x 192 + 8 x 12 = 480 pies, Rs 2.50 (a rupee of 16 annas of 12 pies), written 'Rs 2 8 as.' as the pages write it."""
    header = "No.,Date brought,Kind,Number,Date claimed,Released on deposit\n"
    old = "No.,Date,Number and description of animals,Date of sale,Sale proceeds\n"
    db = law_db(
        tmp_path,
        {"k1": header + "1,01/03/2025,cow,1,03/03/2025,\n2,01/03/2025,cow,1,,03/03/2025\n",
         "b1": old + "1,05-01-1858,1 Cow,25-01-1858,Rs 2 8 as.\n"},
    )  # fmt: skip
    c = portal_for(db, D(2025, 3, 20))
    got = c.get("/data/pounds/fines_per_pound_per_month.json", params={"_shape": "array", "pound": "k1"}).json()
    assert [(r["entries"], r["fines_rupees"]) for r in got] == [(1, "500.00")]
    # the Rs 500 is the scale's (the register records no fine levied), and the scale on file says what it rests on
    assert [(r["entries_levied_recorded"], r["entries_from_scale"], r["fines_from_scale_minor"]) for r in got] == [
        (0, 1, 50000)
    ]
    assert got[0]["scale_statuses"] == rows(db, "SELECT status FROM fine_scales WHERE act = 'kerala-1961'")[0]["status"]
    sales = c.get("/data/pounds/auctions_and_proceeds.json", params={"_shape": "array"}).json()
    assert [(r["pound_id"], r["proceeds_minor"], r["proceeds_rupees"], r["proceeds_display"]) for r in sales] == [
        ("b1", 480, "2.50", "Rs 2 8 as.")
    ]


def test_the_1871_act_ends_in_malabar_where_k_s33_repealed_it(tmp_path) -> None:
    """K s.33: "the Cattle Trespass Act, 1871 (Central Act 1 of 1871) in its application to the Malabar district ...
    [is] hereby repealed; but notwithstanding such repeal all pounds established under the afore said Acts shall be
    deemed to be pounds established under this Act". A cow brought in 2024 to a Kozhikode pound that pounds.csv lists
    under the 1871 Act was fined "Rs 0.25 ... statute as enacted" (4 annas of 1871 s.12); it is now a reject naming
    the Kerala Act. The same pound's entry of 1950 (before the repeal, fined 4 annas of 1871 s.12) is still the 1871 Act's; a 2024 entry in a
    pound outside Malabar (Mangalore, where K s.33 repealed nothing) is not rejected for the Act's end."""
    pounds = POUNDS_CSV + (
        "m1,Feroke Pound,cattle-trespass-1871,Feroke,Kozhikode,Feroke,11.18,75.84\n"
        "d1,Bunder Pound,cattle-trespass-1871,Mangalore,Dakshina Kannada,Bunder,12.87,74.84\n"
    )
    header = "No.,Date brought,Kind,Number\n"
    db = law_db(
        tmp_path,
        {"m1": header + "1,01/03/2024,cow,1\n2,01/03/1950,cow,1\n", "d1": header + "1,01/03/2024,cow,1\n"},
        pounds=pounds,
    )
    got = rows(db, "SELECT pound_id, brought_on FROM impoundments ORDER BY pound_id, brought_on")
    assert [(r["pound_id"], r["brought_on"]) for r in got] == [("d1", "2024-03-01"), ("m1", "1950-03-01")]
    # an as-enacted scale in annas is never a current fine: the coinage was decimalised on 1 Apr 1957, and the 1871
    # scale was later left to the States; the 2024 cow outside Malabar has no fine (not Rs 0.25 'statute as enacted')
    fines = rows(db, "SELECT pound_id, fine_due_rupees FROM impoundments ORDER BY pound_id")
    assert [(r["pound_id"], r["fine_due_rupees"]) for r in fines] == [("d1", None), ("m1", "0.25")]
    (reason,) = rows(db, "SELECT reason FROM rejects")
    assert "after the Cattle Trespass Act, 1871 ended (31 Dec 1961 at the latest" in reason["reason"]
    assert (
        "K s.33" in reason["reason"] and "the Act that followed is the Kerala Cattle Trespass Act" in reason["reason"]
    )


def test_an_early_notice_does_not_say_the_cattle_went_unclaimed_for_seven_days(tmp_path, portal_for) -> None:
    """K s.13(1): "If the cattle be not claimed within seven days from the date of their being impounded", then the
    notice (s.13(2)). Brought 1 Nov 2025, the first day excluded: the seven days run to 8 Nov and the notice is due on
    9 Nov. Posted on 4 Nov (3 days after), the notice cannot say they "have not been claimed within 7 days": it says
    it was posted on 4 Nov, before the 7 days had run, and was due on 9 Nov; the animal's page notes the early
    posting. Both languages."""
    db = law_db(tmp_path, {"k1": K_HEADER + "1,01/11/2025,,cow,1,black,04/11/2025,,,,,,\n"})
    (a,) = rows(db, "SELECT id, notice_due_on FROM impoundments")
    assert a["notice_due_on"] == "2025-11-09"
    c = portal_for(db, D(2025, 11, 5))
    notice = _text(c.get(f"/animals/{a['id']}/notice").text)
    said = " ".join(notice.by_id["notice-text"].split())
    assert "have not been claimed" not in said
    assert "posted on 4 Nov 2025, before the 7 days from their impounding had run: it was due on 9 Nov 2025" in said
    page = _text(c.get(f"/animals/{a['id']}").text)
    assert "posted early" in page.by_id["notice-early"] and "9 Nov 2025" in page.by_id["notice-early"]
    ml = _text(c.get(f"/animals/{a['id']}/notice", params={"lang": "ml"}).text)
    assert "നേരത്തെ" not in ml.by_id["notice-text"] and "ദിവസം തീരുന്നതിനു മുമ്പ്" in ml.by_id["notice-text"]


def test_the_sale_accounts_days_agree_with_its_feeding_days(tmp_path, portal_for) -> None:
    """K s.15(3): the account shows "(b) the time during which they have been impounded" and "(c) the amount of fines
    and charges incurred". Brought 1 Nov 2025, sold 3 Dec 2025 under a feeding rate that counts "each day or part of a
    day, the day brought and the day left both counted": 32 nights, 33 days charged (by hand: 29 days of November
    after the 1st + 3 of December + the 1st = 33), Rs 100 x 33 = Rs 3,300. (b) said "32 days" beside 33 days of
    feeding; it now states both, each with its convention."""
    rules = dict(RULES_K)
    rules["feeding_rates.csv"] = FEEDING + "kerala-1961,*,*,100,2010-01-01,,test resolution,council resolution,,days\n"
    header = "No.,Date brought,Kind,Number,Date of sale,Sale proceeds\n"
    db = law_db(tmp_path, {"k1": header + "1,01/11/2025,cow,1,03/12/2025,Rs. 5000\n"}, rules=rules)
    (s,) = rows(db, "SELECT impoundment_id, days_impounded, feeding_rupees FROM sales")
    assert (s["days_impounded"], s["feeding_rupees"]) == (32, "3300.00")
    c = portal_for(db, D(2025, 12, 5))
    account = _text(c.get(f"/animals/{s['impoundment_id']}/sale-account").text)
    both = account.by_id["days-both-ends"]
    assert "32 nights in the pound; feeding charged for 33 days, the day brought and the day sold both counted" in both
    assert "(32 days)" not in account.text


def test_an_entry_with_no_auction_has_no_last_day_to_claim(tmp_path, portal_for) -> None:
    """K s.21(2): adjudged illegal, the Magistrate orders "their release": no auction, so no "last day to claim" before
    one. Brought 1 Mar 2025, decided 10 Mar, the register silent on it after: the page's figure is "Due on" its day,
    not "Due on the last day to claim"."""
    db = law_db(
        tmp_path,
        {"k1": K_HEADER + "1,01/03/2025,,cow,1,black,,,,05/03/2025,10/03/2025,Seizure illegal,\n"},
    )  # fmt: skip
    (a,) = rows(db, "SELECT id FROM impoundments")
    page = _text(portal_for(db, D(2025, 8, 1)).get(f"/animals/{a['id']}").text)
    assert "last day to claim" not in " ".join(page.text.split()).split("The figures below")[0]
    assert "Due on (" in page.text


def test_the_feeding_line_cites_every_rate_it_charges(tmp_path, portal_for) -> None:
    """K s.4 rates change over time, and K s.11(4) has "the rates of charge for feeding" listed; a stay across a change
    is charged at each rate for its days (by hand: brought 1 Nov 2025, on 5 Nov, Rs 100 for 2 nights from 1 Nov and
    Rs 150 for 2 from 3 Nov = Rs 500), and the line cites both resolutions, not only the first."""
    rules = dict(RULES_K)
    rules["feeding_rates.csv"] = FEEDING + (
        "kerala-1961,*,*,100,2010-01-01,2025-11-02,resolution one,council resolution,,\n"
        "kerala-1961,*,*,150,2025-11-03,,resolution two,council resolution,,\n"
    )
    db = law_db(tmp_path, {"k1": K_HEADER + "1,01/11/2025,,cow,1,black,,,,,,,\n"}, rules=rules)
    (a,) = rows(db, "SELECT id FROM impoundments")
    c = portal_for(db, D(2025, 11, 5))
    assert c.get(f"/api/impoundments/{a['id']}/due").json()["feeding_rupees"] == "500.00"
    basis = _text(c.get(f"/animals/{a['id']}").text).by_id["feeding-basis"]
    assert "resolution one" in basis and "resolution two" in basis


def test_an_1857_surplus_past_its_three_months_cites_the_1857_act(tmp_path, portal_for) -> None:
    """1857 s.XI: "The surplus proceeds of the sale of unclaimed Cattle shall be [paid to the Magistrate], who shall
    hold them in deposit for three months"; K s.16(3) is the Kerala Act's. A cow sold on 25 Jan 1858 for Rs 2 8 as.
    (fine 4 as. + feeding at 1 anna a night: a balance remains) held to 25 Apr 1858: listed with 1857 s.XI, not
    K s.16(3)."""
    header = "No.,Date,Number and description of animals,Date of sale,Sale proceeds\n"
    db = law_db(tmp_path, {"b1": header + "1,05-01-1858,1 Cow,25-01-1858,Rs 2 8 as.\n"})
    c = portal_for(db, D(2025, 3, 20))
    got = c.get("/data/pounds/surplus_held_past_three_months.json", params={"_shape": "array"}).json()
    assert [r["surplus_held_until"] for r in got] == ["1858-04-25"]
    assert "s.XI" in got[0]["section"].split(", ") and got[0]["section"].startswith("1857 ")


def test_a_sale_the_act_did_not_allow_on_its_day_is_flagged(tmp_path, portal_for) -> None:
    """1857 s.IX proviso: "no sale shall be made until the case shall have been decided". b1: brought 5 Jan 1858,
    complaint 10 Jan (in time: by 14 Jan), decided 30 Jan, sold 25 Jan: flagged 'complaint_pending'. K s.13(3): an
    unclaimed animal is sold once "not claimed within seven days from the date of the notice": k1, brought 1 Mar 2025,
    notice due 9 Mar, auction from 17 Mar; sold 10 Mar: flagged 'before_earliest' (lawful only if the owner appeared
    and would not pay, K s.15(1), which the register does not say). k1 sold 17 Mar: not flagged."""
    db = law_db(
        tmp_path,
        {"b1": B_HEADER + "1,05-01-1858,1 Cow,dun,10-01-1858,30-01-1858,25-01-1858\n",
         "k1": K_HEADER + "1,01/03/2025,,cow,1,black,,10/03/2025,Rs. 3000,,,,\n2,01/03/2025,,cow,1,white,,17/03/2025,Rs. 3000,,,,\n"},
    )  # fmt: skip
    got = {(r["act"], r["sold_on"]): r["sale_questioned"] for r in rows(db, "SELECT * FROM impoundments")}
    assert got == {
        ("act-iii-1857", "1858-01-25"): "complaint_pending",
        ("kerala-1961", "2025-03-10"): "before_earliest",
        ("kerala-1961", "2025-03-17"): None,
    }
    c = portal_for(db, D(2025, 3, 20))
    listed = c.get("/data/pounds/sales_questioned.json", params={"_shape": "array", "pound": ""}).json()
    assert sorted((r["pound_id"], r["sale_questioned"]) for r in listed) == [
        ("b1", "complaint_pending"),
        ("k1", "before_earliest"),
    ]
    (early,) = rows(db, "SELECT id FROM impoundments WHERE sold_on = '2025-03-10'")
    flag = _text(c.get(f"/animals/{early['id']}").text).by_id["sale-questioned"]
    assert "Sold before 17 Mar 2025" in flag and "(K s.15(1))" in flag
    (pending,) = rows(db, "SELECT id FROM impoundments WHERE act = 'act-iii-1857'")
    flag = _text(c.get(f"/animals/{pending['id']}").text).by_id["sale-questioned"]
    assert "not yet decided" in flag and "1857 s.IX proviso" in flag


def test_an_1859_complaint_never_decided_accrues_no_charges_to_today(tmp_path, portal_for) -> None:
    """An 1859 bullock whose complaint (filed 8 Jan 1859, in time) was never decided: 1857 s.IX proviso leaves no
    auction day, and the register says nothing more for 167 years. Charged to 30 Nov 2026 it read about Rs 3,825 "to
    claim today". The register-silent rule counts from the auction the notice alone allows: brought 5 Jan 1859,
    notice due 13 Jan, auction 21 Jan; silent a month later, its charges stop on the last day to claim, 20 Jan:
    fine 4 annas (s.VI: "Bull, Bullock, or Cow 4") + feeding 1 anna x 15 nights (5 to 20 Jan) = 19 annas = Rs 1 3 as."""
    db = law_db(tmp_path, {"b1": B_HEADER + "1,05-01-1859,1 Bullock,black,08-01-1859,,\n"})
    (a,) = rows(db, "SELECT id, auction_earliest_on, auction_by_notice_on FROM impoundments")
    assert (a["auction_earliest_on"], a["auction_by_notice_on"]) == (None, "1859-01-21")
    c = portal_for(db, D(2026, 11, 30))
    due = c.get(f"/api/impoundments/{a['id']}/due").json()
    assert (due["register_silent"], due["on"], due["total_rupees"]) == (True, "1859-01-20", "1.1875")
    page = _text(c.get(f"/animals/{a['id']}").text)
    assert page.by_id["status"] == "No outcome recorded in the register" and page.by_id["total"].strip() == "Rs 1 3 as."
    pound = _text(c.get("/pounds/b1").text)
    assert "Animals in the pound now (0)" in pound.text


def test_feeding_across_a_change_of_rate_is_shown_as_its_parts(tmp_path, portal_for) -> None:
    """K s.4: the local authority "shall fix, and may, from time to time alter, the rates of charge for feeding". Rs 100
    a head a day to 2 Apr 2025, Rs 150 from 3 Apr. A cow brought 1 Apr and claimed 4 Apr, counted by nights (the
    rate's convention): 1 and 2 Apr at Rs 100, 3 Apr at Rs 150: Rs 100 x 1 x 2 days + Rs 150 x 1 x 1 day = Rs 350,
    not Rs 100 x 3 = Rs 300. With the fine (Rs 500): Rs 850."""
    rules = dict(RULES_K)
    rules["feeding_rates.csv"] = (
        FEEDING + "kerala-1961,*,*,100,2010-01-01,2025-04-02,resolution 1,council resolution,,nights\n"
        "kerala-1961,*,*,150,2025-04-03,,resolution 2,council resolution,,nights\n"
    )
    db = law_db(tmp_path, {"k1": K_HEADER + "1,01/04/2025,,cow,1,black,,,,,,,04/04/2025\n"}, rules)
    (a,) = rows(db, "SELECT id, feeding_rupees, days_in_pound FROM impoundments")
    assert (a["feeding_rupees"], a["days_in_pound"]) == ("350.00", 3)
    c = portal_for(db, D(2025, 4, 10))
    page = c.get(f"/animals/{a['id']}").text
    assert "₹100.00 per head per day × 1 × 2 days + ₹150.00 per head per day × 1 × 1 day" in page
    text = _text(page)
    assert text.by_id["feeding"].strip() == "₹350.00" and text.by_id["total"].strip() == "₹850.00"
    due = c.get(f"/api/impoundments/{a['id']}/due").json()
    assert [(p["rate_per_head_per_day_rupees"], p["days"], p["rupees"]) for p in due["feeding_parts"]] == [
        ("100.00", 2, "200.00"),
        ("150.00", 1, "150.00"),
    ]


def test_how_a_rate_counts_days_is_the_rates_own(tmp_path, portal_for) -> None:
    """Neither Act says how feeding days are counted (K s.4 leaves the rate to the local authority): the rate row says
    it. Brought 1 Apr 2025, claimed 4 Apr, Rs 100 a day: 'days' (each day or part of a day, both ends counted) is
    1, 2, 3 and 4 Apr = Rs 400; a rate that does not say is counted by nights (1 to 4 Apr = 3) = Rs 300, and the page
    says that is Pinfold's assumption, not the Act's."""
    pounds = POUNDS_CSV + "k2,Pala Pound,kerala-1961,Pala Municipality,Kottayam,Pala,9.71,76.68\n"
    rules = dict(RULES_K)
    rules["feeding_rates.csv"] = (
        FEEDING + "kerala-1961,Ollur Panchayat,*,100,2010-01-01,,Ollur resolution,council resolution,,days\n"
        "kerala-1961,Pala Municipality,*,100,2010-01-01,,Pala resolution,council resolution,,\n"
    )
    row = "1,01/04/2025,,cow,1,black,,,,,,,04/04/2025\n"
    db = law_db(tmp_path, {"k1": K_HEADER + row, "k2": K_HEADER + row}, rules, pounds)
    got = {
        r["pound_id"]: (r["days_in_pound"], r["feeding_rupees"], r["id"])
        for r in rows(db, "SELECT * FROM impoundments")
    }
    assert (got["k1"][:2], got["k2"][:2]) == ((4, "400.00"), (3, "300.00"))
    assert {(r["local_authority"], r["days_counted"], r["days_counted_stated"]) for r in rows(db, "SELECT * FROM feeding_rates")} == {
        ("Ollur Panchayat", "days", 1),
        ("Pala Municipality", "nights", 0),
    }  # fmt: skip
    c = portal_for(db, D(2025, 4, 10))
    stated = _text(c.get(f"/animals/{got['k1'][2]}").text).by_id["days-counted"]
    assumed = _text(c.get(f"/animals/{got['k2'][2]}").text).by_id["days-counted"]
    assert "as the rate counts them: each day or part of a day" in stated
    assert "does not say how it counts days (neither Act does): Pinfold counts each night" in assumed
    assert "s.4" not in stated + assumed


def test_a_total_is_shown_only_when_every_part_is_known_and_the_page_says_which_is_not(tmp_path, portal_for) -> None:
    """1857 s.VI fines "every head of Cattle ... according to the following scale": camel or buffalo, horse or tattoo,
    bull, bullock or cow, calf or ass, sheep or goat. No pig: a pig in an 1857 pound has no fine the Act sets, which is
    not "no notified scale on file". A Kerala goat with no scale on file (K s.11(1): the Director's notification) has
    that reason instead; a Kerala cow whose feeding rate ended on 31 Mar 2025, brought 1 Apr, has no feeding rate from
    1 Apr. In each case the total is not shown."""
    rules = {
        "fine_scales.csv": SCALE + "kerala-1961,*,cow,500,2010-01-01,,test notification,notified,\n",
        "feeding_rates.csv": FEEDING + "kerala-1961,*,*,100,2010-01-01,2025-03-31,resolution,council resolution,,\n"
        "act-iii-1857,*,*,1 as.,1857-01-01,,test Magistrate's rate,example,,\n",
    }
    db = law_db(
        tmp_path,
        {"b1": B_HEADER + "1,05-01-1858,1 Pig,black,,,\n",
         "k1": K_HEADER + "1,01/03/2025,,goat,1,black,,,,,,,\n2,01/04/2025,,cow,1,white,,,,,,,\n"},
        rules,
    )  # fmt: skip
    ids = {(r["act"], r["species"]): r["id"] for r in rows(db, "SELECT * FROM impoundments")}
    c = portal_for(db, D(2025, 4, 5))
    pig = _text(c.get(f"/animals/{ids[('act-iii-1857', 'pig')]}").text)
    assert "the Act's own scale (1857 s.VI) names no fine for a pig" in pig.by_id["unknown-fine"]
    assert "No notified scale" not in pig.text and "Not shown" in pig.by_id["total"]
    goat = _text(c.get(f"/animals/{ids[('kerala-1961', 'goat')]}").text)
    assert "no notified scale for this pound's area and this kind is on file (K s.11(1))" in goat.by_id["unknown-fine"]
    cow = c.get(f"/api/impoundments/{ids[('kerala-1961', 'cow')]}/due").json()
    assert (cow["fine_rupees"], cow["feeding_rupees"], cow["total_rupees"]) == ("500.00", None, None)
    assert cow["unknown"] == [{"part": "feeding", "why": "no_rate", "from": "2025-04-01"}]
    (summary,) = rows(db, "SELECT atom_summary FROM feed_impounded WHERE species = 'pig'")
    assert "Fine: the Act's own scale names none for this kind (1857 s.VI)" in summary["atom_summary"]


def test_a_reported_local_practice_is_labelled_and_never_displaces_the_scale(tmp_path, portal_for) -> None:
    """K s.11(1): the fine is "in accordance with the scale for the time being prescribed by the Director ... by
    notification in the Gazette". Kozhikode Corporation's Rs 1,000 (2017) is known from press reports, not a
    notification: a cow brought there in 2025 is fined on the scale on file (here the example Rs 500, labelled an
    example), and the Rs 1,000 is shown beside it as a reported local practice, not used in the sum."""
    pounds = (
        POUNDS_CSV + "kz,Kozhikode Pound,kerala-1961,Kozhikode Municipal Corporation,Kozhikode,Kozhikode,11.25,75.78\n"
    )
    root = tmp_path / "data"
    (root / "registers" / "kz").mkdir(parents=True)
    (root / "pounds.csv").write_text(pounds, encoding="utf-8")
    (root / "registers" / "kz" / "r.csv").write_text(K_HEADER + "1,01/04/2025,,cow,1,black,,,,,,,\n", encoding="utf-8")
    shutil.copytree(Path(__file__).parents[1] / "data" / "rules", root / "rules")
    ingest(root, tmp_path / "p.db", tmp_path / "q.db")
    db = tmp_path / "p.db"
    (a,) = rows(db, "SELECT id, fine_due_rupees FROM impoundments")
    assert a["fine_due_rupees"] == "500.00"
    c = portal_for(db, D(2025, 4, 2))
    page = _text(c.get(f"/animals/{a['id']}").text)
    assert page.by_id["fine"].strip() == "₹500.00" and "Example figure, not a notified rate" in page.text
    assert "Reported local practice, not a notified scale and not used above" in page.by_id["reported-practice"]
    assert "₹1,000.00: Kozhikode Corporation council decision, 2017" in page.by_id["reported-practice"]
    pound = _text(c.get("/pounds/kz").text)
    assert "Reported local practice" in pound.by_id["rates"] and "₹500.00" in pound.by_id["rates"]
    due = c.get(f"/api/impoundments/{a['id']}/due").json()
    assert due["reported_practices"][0]["status"] == "reported practice" and due["fine_rupees"] == "500.00"


def test_proposed_auctions_are_labelled_proposed_wherever_they_appear(tmp_path, portal_for) -> None:
    """K s.13(3): the auction is "at such place and time and subject to such conditions as the Director ... directs".
    With no order on file Pinfold proposes the earliest lawful day: brought 1 Nov 2025, auction from 17 Nov. That is a
    proposal, and says so on the animal page, the pound page, the auctions feed's titles, the calendar (TENTATIVE)
    and the API."""
    db = law_db(tmp_path, {"k1": K_HEADER + "1,01/11/2025,,cow,1,black,,,,,,,\n"})
    (a,) = rows(db, "SELECT id FROM impoundments")
    c = portal_for(db, D(2025, 11, 10))
    assert "proposed: the earliest day the Act allows" in _text(c.get(f"/animals/{a['id']}").text).by_id["auction-lot"]
    assert "(proposed)" in _text(c.get("/pounds/k1").text).by_id["auctions"]
    (entry,) = feedparser.parse(c.get("/feeds/auctions.rss").content).entries
    assert entry.title.startswith("Proposed auction (the earliest day the Act allows, not a day fixed for the sale)")
    (ev,) = icalendar.Calendar.from_ical(c.get("/calendar/auctions.ics").content).walk("VEVENT")
    assert str(ev["STATUS"]) == "TENTATIVE" and str(ev["SUMMARY"]).startswith("Proposed cattle auction")
    due = c.get(f"/api/impoundments/{a['id']}/due").json()
    assert (due["auction"]["status"], due["auction"]["auction_date"]) == ("proposed", "2025-11-17")
    assert due["auction"]["status_means"].startswith("proposed: the earliest day the Act allows")


def test_advice_is_worded_as_advice_and_the_deposit_keeps_the_acts_condition(tmp_path, portal_for) -> None:
    """K s.14: the owner who "refuses to pay ... on the ground that the seizure was illegal and that the owner is about
    to make a complaint under section 19" gets the cattle "upon deposit of the fines and charges". The page says so,
    condition and all; what to bring is our advice, not the Act's ("in cash, exactly as above" was written as if law)."""
    db = law_db(tmp_path, {"k1": K_HEADER + "1,01/11/2025,,cow,1,black,,,,,,,\n"})
    (a,) = rows(db, "SELECT id FROM impoundments")
    page = _text(portal_for(db, D(2025, 11, 3)).get(f"/animals/{a['id']}").text)
    assert "about to complain of it to the Magistrate (K s.19)" in page.by_id["law-deposit"]
    assert "What to bring (our advice: the Act does not list it)" in page.text
    assert "exactly as above" not in page.text and "we suggest cash" in page.text


def test_the_1871_scale_is_labelled_as_enacted(tmp_path) -> None:
    """1871 s.12 fixed a scale (elephant Rs 2, camel or buffalo 8 annas, ...); it was later left to the States, so a
    fine from it is labelled 'statute as enacted', with that note, wherever the scale is published."""
    db = law_db(tmp_path, {"k1": K_HEADER + "1,01/11/2025,,cow,1,black,,,,,,,\n"})
    got = rows(db, "SELECT DISTINCT status, note FROM fine_scales WHERE act = 'cattle-trespass-1871'")
    assert len(got) == 1 and got[0]["status"] == "statute as enacted" and "left to the State" in got[0]["note"]
    assert {r["status"] for r in rows(db, "SELECT status FROM fine_scales WHERE act = 'act-iii-1857'")} == {"statute"}


def test_the_canned_queries_claim_only_what_the_data_shows() -> None:
    """Registers do not record whether an owner took a sale's surplus: the query cannot call it 'not taken by the
    owner', and the sales it lists are flagged, not found unlawful."""
    queries = yaml.safe_load((Path(__file__).parents[1] / "metadata.yml").read_text(encoding="utf-8"))["databases"][
        "pounds"
    ]["queries"]
    surplus = queries["surplus_held_past_three_months"]
    assert "not taken by the owner" not in surplus["description"] and "do not record" in surplus["description"]
    assert "not a finding" in queries["sales_questioned"]["description"]


def test_two_kinds_in_one_entry_are_one_impoundment_each_fined_by_its_kind(tmp_path) -> None:
    """1857 s.VI: "For every head of Cattle impounded ... a fine shall be levied according to the following scale":
    Camel or Buffalo 8 annas; Horse or Tattoo, Bull, Bullock, or Cow 4; Calf or Ass 2. '1 Cow with calf' is a cow
    (4 as.) and a calf (2 as.); '2 Bullocks and a Buffalo' is 2 bullocks (2 x 4 = 8 as.) and a buffalo (8 as.). Each
    is an impoundment of its own from the same register row (source_part 1, 2). The same register copied into a second
    file merges as duplicates, each kind into its own, and the register records still add up: 5 = 2 stored + 2
    duplicates + 1 reject ('cows and calves' says how many of neither: a reject asking for the number of each)."""
    register = B_HEADER + "1,05-01-1858,1 Cow with calf,black,,,\n2,06-01-1858,2 Bullocks and a Buffalo,grey,,,\n"
    root = tmp_path / "data"
    (root / "registers" / "b1").mkdir(parents=True)
    (root / "pounds.csv").write_text(POUNDS_CSV, encoding="utf-8")
    (root / "registers" / "b1" / "a.csv").write_text(register + "3,07-01-1858,cows and calves,red,,,\n", "utf-8")
    (root / "registers" / "b1" / "b.csv").write_text(register, encoding="utf-8")
    summary = ingest(root, tmp_path / "p.db", tmp_path / "q.db")
    assert (summary.records, summary.stored, summary.duplicates, summary.rejects) == (5, 2, 2, 1)
    db = tmp_path / "p.db"
    got = rows(
        db,
        "SELECT source_file, source_row, source_part, species, head_count, fine_due_rupees, duplicates_merged "
        "FROM impoundments ORDER BY source_row, source_part",
    )
    assert [tuple(r.values()) for r in got] == [
        ("registers/b1/a.csv", 2, 1, "cow", 1, "0.25", 1),
        ("registers/b1/a.csv", 2, 2, "calf", 1, "0.125", 1),
        ("registers/b1/a.csv", 3, 1, "bullock", 2, "0.50", 1),
        ("registers/b1/a.csv", 3, 2, "buffalo", 1, "0.50", 1),
    ]
    assert len({r["id"] for r in rows(db, "SELECT id FROM impoundments")}) == 4
    assert len(rows(db, "SELECT * FROM merged_duplicates")) == 4  # both kinds of both repeated rows
    (reason,) = rows(db, "SELECT reason FROM rejects")
    assert "without saying how many head of each" in reason["reason"] and "(1857 s.VI)" in reason["reason"]
    # the private register keeps the row for each of its impoundments
    private = sqlite3.connect(tmp_path / "q.db").execute(
        "SELECT count(*) FROM register_entries WHERE kind = 'entry' AND source_file = 'registers/b1/a.csv'"
    )
    assert private.fetchone() == (4,)


def test_every_list_of_kinds_is_one_impoundment_per_kind_and_none_a_description(tmp_path) -> None:
    """1857 s.VI: "For every head of Cattle impounded as aforesaid, a fine shall be levied according to the following
    scale": Camel or Buffalo 8 annas; Horse or Tattoo, Bull, Bullock, or Cow 4; Calf or Ass 2; Sheep or Goat 1.
    By hand: '1 camel, 3 cows and 5 sheep' is 8 + 3 x 4 + 5 x 1 = 25 annas = Rs 1 9 as. (1.5625), not the camel's
    8 as. with the cows and sheep as its description; '2 cows (black), 1 calf (brown) and 3 goats' is 2 x 4 + 2 +
    3 x 1 = 13 as. (0.8125). Every list form a register writes gives one impoundment per kind: commas, 'and', '&',
    '+', Malayalam's ഉം (പശുവും ആടും: a cow and a goat), a count per kind in brackets."""
    register = B_HEADER + (
        '1,05-01-1858,"1 camel, 3 cows and 5 sheep",,,,\n'
        '2,05-01-1858,"2 cows (black), 1 calf (brown) and 3 goats",,,,\n'
        "3,05-01-1858,2 cows & 1 calf,,,,\n"
        "4,05-01-1858,2 bullocks + 1 buffalo,,,,\n"
        "5,05-01-1858,2 പശുവും 3 ആടും,,,,\n"
        '6,05-01-1858,"cows (2), calves (1) - all red",,,,\n'
    )
    db = law_db(tmp_path, {"b1": register})
    assert rows(db, "SELECT reason FROM rejects") == []
    got = rows(
        db,
        "SELECT source_row, species, head_count, description FROM impoundments ORDER BY source_row, source_part",
    )
    assert [(r["source_row"], r["species"], r["head_count"]) for r in got] == [
        (2, "camel", 1), (2, "cow", 3), (2, "sheep", 5),
        (3, "cow", 2), (3, "calf", 1), (3, "goat", 3),
        (4, "cow", 2), (4, "calf", 1),
        (5, "bullock", 2), (5, "buffalo", 1),
        (6, "cow", 2), (6, "goat", 3),
        (7, "cow", 2), (7, "calf", 1),
    ]  # fmt: skip
    kinds = ("camel", "cow", "sheep", "calf", "goat", "bullock", "buffalo")
    assert not [r for r in got if any(k in r["description"].lower() for k in kinds)]
    assert "black" in got[3]["description"] and "all red" in got[12]["description"]
    fines = rows(db, "SELECT source_row, sum(fine_due_rupees) AS f FROM impoundments GROUP BY source_row")
    assert {r["source_row"]: r["f"] for r in fines}[2] == 1.5625  # Rs 1 9 as.
    assert {r["source_row"]: r["f"] for r in fines}[3] == 0.8125  # 13 as.


def test_a_list_of_kinds_with_a_count_cell_adds_up_or_is_rejected_naming_every_kind(tmp_path) -> None:
    """K s.11(1): "For every head of cattle impounded ... a fine in accordance with the scale" ("Different scales may
    be prescribed ... for different kinds of cattle"). '2 cows, 1 calf and 3 goats' with the number 6: 2 + 1 + 3 = 6,
    three impoundments (the cows were dropped: "(2 calf, 3 goat)"). With the number 7 it is a reject that names all
    three kinds."""
    db = law_db(
        tmp_path,
        {
            "k1": K_HEADER + '1,01/11/2025,,"2 cows, 1 calf and 3 goats",6,,,,,,,,\n'
            '2,01/11/2025,,"2 cows, 1 calf and 3 goats",7,,,,,,,,\n'
        },
    )
    got = rows(db, "SELECT species, head_count FROM impoundments ORDER BY source_part")
    assert [(r["species"], r["head_count"]) for r in got] == [("cow", 2), ("calf", 1), ("goat", 3)]
    (reason,) = rows(db, "SELECT reason FROM rejects")
    assert "(2 cow, 1 calf, 3 goat)" in reason["reason"], reason


FOURTH = """# A fourth Act, as data only: other periods, to prove no page or feed types an Act's period.
id = "test-act"
title = "The Test Cattle Act"
short = "T"
section_style = "arabic"
compensation_max_rupees = 250

[in_force]
from = 2000-01-01
from_source = "test"

[clock]
claim_days = 15
notice_to_auction_days = 10
complaint_days = 30
no_sale_while_complaint_pending = false
surplus_held_months = 6
habitual_multiplier_max = 1
seizure_at_most_days_before = 1
seizure_rule = "cattle reach the pound within a day of their seizure (T s.4)"
counting = "the first day is excluded (T s.2)"

[sections]
fine = "T s.5"
feeding = "T s.6"
list_displayed = "T s.5"
claim = "T s.7"
notice = "T s.8"
auction = "T s.9"
complaint = "T s.10"
compensation = "T s.11"
"""


def test_a_fourth_act_is_data_and_its_periods_reach_every_page(tmp_path, monkeypatch, portal_for) -> None:
    """An Act with a 15-day claim period, 10 days from notice to auction and 30 to complain, added as one TOML file in
    a packs folder of its own. Brought 1 Nov 2025: notice due 1 Nov + 16 = 17 Nov (15 days excluding the first);
    auction 17 Nov + 11 = 28 Nov; complaint from the seizure, 31 Oct at the earliest, + 30 = 30 Nov. The animal page,
    the notice and the API say 15 (and 10, 30, Rs 250), never Kerala's 7, 7, 10 and Rs 100."""
    packs = tmp_path / "packs"
    shutil.copytree(Path(__file__).parents[1] / "pinfold" / "law" / "packs", packs)
    (packs / "test-act.toml").write_text(FOURTH, encoding="utf-8")
    monkeypatch.setenv("PINFOLD_PACKS_DIR", str(packs))
    pounds = POUNDS_CSV + "t1,Test Pound,test-act,Test Council,Thrissur,Ollur,10.47,76.25\n"
    db = law_db(tmp_path, {"t1": K_HEADER + "1,01/11/2025,,cow,1,black,,,,,,,\n"}, {}, pounds)
    (a,) = rows(db, "SELECT * FROM impoundments")
    assert (a["notice_due_on"], a["auction_earliest_on"], a["complaint_deadline_on"]) == (
        "2025-11-17",
        "2025-11-28",
        "2025-11-30",
    )
    c = portal_for(db, D(2025, 11, 5))
    page = _text(c.get(f"/animals/{a['id']}").text)
    assert "Notice due (not claimed within 15 days)" in page.text
    assert "within 15 days" in page.by_id["law-notice"] and "within 10 days of the notice" in page.by_id["law-notice"]
    assert "within 30 days" in page.by_id["law-complaint"] and "₹250.00" in page.by_id["law-complaint"]
    assert not any(w in page.by_id["law-notice"] + page.by_id["law-complaint"] for w in ("7 days", "10 days of the s"))
    notice = _text(c.get(f"/animals/{a['id']}/notice").text)
    assert "have not been claimed within 15 days" in notice.by_id["notice-text"] and "T s.8" in notice.text
    (n,) = rows(db, "SELECT notice_text FROM notices")
    assert "have not been claimed within 15 days" in n["notice_text"] and "(T s.9)" in n["notice_text"]
    due = c.get(f"/api/impoundments/{a['id']}/due").json()
    assert due["periods"] == {"claim_days": 15, "notice_to_auction_days": 10, "complaint_days": 30}
    assert due["notice_due_on"] == "2025-11-17" and "T s.8" in due["sections"]
    in_malayalam = _text(c.get(f"/animals/{a['id']}", params={"lang": "ml"}).text)
    assert "15 ദിവസത്തിനകം" in in_malayalam.by_id["law-notice"]


def test_each_act_bars_its_own_people_from_buying() -> None:
    """K s.18(1): "No Police officer, or other officer or pound-keeper appointed under the provisions herein contained
    and no member of the local authority under whose control the pound is shall ... purchase any cattle". 1857 s.X:
    "Police Officers and pound-keepers are prohibited from becoming ... purchasers": a member of a local authority
    buying at an 1857 sale is no conflict under that Act."""
    roster = [{"name": "Joseph Kurian", "role": "member of the local authority", "pound_id": "", "local_authority": ""}]
    keeper = [{"name": "K. Raghavan Nair", "role": "pound-keeper", "pound_id": "", "local_authority": ""}]
    assert roster_match("Joseph Kurian", roster, "p1", "x", K.conflict.bars) is not None
    assert roster_match("Joseph Kurian", roster, "p1", "x", OLD.conflict.bars) is None
    assert roster_match("Raghavan Nair K.", keeper, "p1", "x", OLD.conflict.bars) is not None
    assert OLD.conflict.bars("Police Officer") and not OLD.conflict.bars("Panchayat member")


def test_a_pound_keeper_is_barred_at_every_sale_a_member_at_their_authoritys() -> None:
    """K s.18(1): "No Police officer, or other officer or pound-keeper appointed under the provisions herein contained
    and no member of the local authority under whose control the pound is shall ... purchase any cattle at a sale
    under this Act". The roster says where a keeper serves (pound p1): the bar is at every sale, p2's too; 1857 s.X
    ("purchasers of any Cattle at any sale under this Act") the same. A member of Ollur Panchayat is barred at
    Ollur's pounds only, and a member whose authority the roster does not name is matched nowhere."""
    keeper = [{"name": "K. Raghavan Nair", "role": "pound-keeper", "pound_id": "p1", "local_authority": ""}]
    police = [{"name": "Ummer Koya", "role": "Police Officer", "pound_id": "p1", "local_authority": "Ollur Panchayat"}]
    member = [{"name": "Joseph Kurian", "role": "member of the local authority", "pound_id": "", "local_authority": ""}]
    ollur = [{**member[0], "local_authority": "Ollur Panchayat"}]
    for act in (K, OLD):
        bars, local = act.conflict.bars, act.conflict.scoped_to_authority
        assert roster_match("Raghavan Nair K.", keeper, "p2", "Pala Municipality", bars, local) is not None
        assert roster_match("Ummer Koya", police, "p2", "Pala Municipality", bars, local) is not None
    bars, local = K.conflict.bars, K.conflict.scoped_to_authority
    assert roster_match("Joseph Kurian", ollur, "p1", "Ollur Panchayat", bars, local) is not None
    assert roster_match("Joseph Kurian", ollur, "p2", "Pala Municipality", bars, local) is None
    assert roster_match("Joseph Kurian", member, "p1", "Ollur Panchayat", bars, local) is None
    assert (
        roster_match("Joseph Kurian", ollur, "b1", "Barrackpore", OLD.conflict.bars, OLD.conflict.scoped_to_authority)
        is None
    )


def test_each_pack_states_its_definition_its_counting_rule_and_when_its_act_applied() -> None:
    """Each pack carries its own definition of cattle (K s.2(1) names fowls; the 1871 Act's s.3 does not; the 1857
    Act's text at hand defines none, its s.VI scale names the kinds), the rule it counts periods by (never the General
    Clauses Act, 1897, which governs neither a Kerala Act nor an 1857 one), and when its Act applied: Kerala's came
    into force on a day notified under s.1(3), not its Gazette date; the 1871 Act ceased in Malabar by K s.33."""
    for p in all_packs().values():
        assert p.cattle is not None and p.cattle.cite and p.conflict is not None
        assert "first day is excluded" in p.clock.counting and "General Clauses" not in p.clock.counting
        assert p.in_force.start is not None and p.in_force.start_source
    assert K.covers("fowl") and not C1871.covers("fowl") and not OLD.covers("elephant") and OLD.covers("buffalo")
    assert "s.1(3)" in K.in_force.start_source and "not verified" in K.in_force.start_source
    assert "K s.33" in C1871.in_force.end_source and "Malabar" in C1871.in_force.end_source
    assert (OLD.in_force.end, OLD.in_force.replaced_by) == (D(1871, 12, 31), "cattle-trespass-1871")
    assert OLD.applies_on(D(1871, 12, 31)) and not OLD.applies_on(D(1872, 1, 1))


def test_an_1857_reject_cites_the_1857_act_and_an_act_is_not_applied_past_its_end(tmp_path) -> None:
    """A dog in an 1857 register is not cattle under Act III of 1857 (its s.VI names the kinds it fines), not "under the
    Act (K s.2(1))", the Kerala definition. A cow entered in 2025 in a pound listed under the 1857 Act would be fined
    4 annas by a scale repealed in 1871: the entry is a reject naming the Act that followed."""
    db = law_db(tmp_path, {"b1": B_HEADER + "1,05-01-1858,1 Dog,black,,,\n2,03-04-2025,1 Cow,red,,,\n"}, {})
    reasons = [r["reason"] for r in rows(db, "SELECT reason FROM rejects ORDER BY source_row")]
    assert (
        reasons[0]
        == "'dog' is not cattle under Act III of 1857 (Cattle Trespass) (1857 s.VI, s.XVIII), so it cannot be impounded."
    )
    assert (
        "after Act III of 1857 (Cattle Trespass) ended" in reasons[1] and "the Cattle Trespass Act, 1871" in reasons[1]
    )
    assert rows(db, "SELECT * FROM impoundments") == []


def test_money_is_multiplied_by_exact_fractions_never_floats() -> None:
    """K s.11(2) allows any amount up to double: Rs 500 x 3/2 is exactly Rs 750; a float is refused."""
    assert Money.of(500) * Fraction(3, 2) == Money.of(750)
    with pytest.raises(TypeError):
        Money.of(500) * 1.5  # type: ignore[operator]


def test_a_sale_account_never_shows_the_owner_a_negative_balance(tmp_path, portal_for) -> None:
    """K s.15(2): "The fines leviable and expenses of feeding and watering together with the expenses of sale, if any,
    shall be deducted from the proceeds"; s.15(3): "the balance of the proceeds of sale, if any" goes to the owner, with
    an account of "(f) the manner in which those proceeds have been disposed of". Brought 1 Nov 2025, sold 17 Nov for
    Rs 900 with Rs 100 of expenses: fine Rs 500 + feeding 16 nights x Rs 100 = Rs 1,600 + Rs 100 = Rs 2,200 against
    Rs 900. The owner's balance is Rs 0, not -Rs 1,300; the Rs 1,300 is a shortfall the Act makes nobody liable for;
    (f) lists the expenses of sale with the fine and the feeding, and disposes of no more than the proceeds (K s.15(2)
    "deducted from the proceeds": what the proceeds do not hold cannot be deducted from them)."""
    header = "No.,Date brought,Kind,Number,Description,Date of sale,Sale proceeds,Expenses of sale\n"
    db = law_db(tmp_path, {"k1": header + "1,01/11/2025,goat,1,white,17/11/2025,Rs. 900,Rs. 100\n"})
    (s,) = rows(db, "SELECT * FROM sales")
    assert (s["fines_rupees"], s["feeding_rupees"], s["expenses_rupees"]) == ("500.00", "1600.00", "100.00")
    assert (s["balance_rupees"], s["shortfall_rupees"], s["surplus_held_until"]) == ("0.00", "1300.00", None)
    c = portal_for(db, D(2025, 11, 20))
    account = _text(c.get(f"/animals/{s['impoundment_id']}/sale-account").text)
    # (f) disposes only of the Rs 900 (by hand: 500 to the fine, the other 400 to the feeding, nothing left for the
    # expenses): Rs 1,200 of feeding and Rs 100 of expenses are stated as not covered, never as deducted
    disposal = " ".join(account.by_id["disposal"].split()).lower()
    assert "fine ₹500.00: " in disposal and "watering ₹400.00 (of ₹1,600.00 charged; ₹1,200.00 not covered" in disposal
    assert (
        "expenses of sale ₹0.00 (of ₹100.00 charged; ₹100.00 not covered by the proceeds): the expenses of the sale (k s.15(2)-(3))"
        in disposal
    )
    assert "the Act does not say which comes first" in account.by_id["disposal-order"]
    ml = _text(c.get(f"/animals/{s['impoundment_id']}/sale-account", params={"lang": "ml"}).text)
    assert "ലേലത്തുകയിൽ നിന്ന് ലഭിച്ചില്ല" in ml.by_id["not-covered-feeding"]
    c.cookies.clear()
    assert account.by_id["balance"] == "₹0.00" and "-" not in account.by_id["balance"]
    assert "fell short of the fine, the feeding and the expenses of sale by ₹1,300.00" in account.by_id["shortfall"]
    assert "makes nobody liable" in _text(c.get(f"/animals/{s['impoundment_id']}").text).by_id["shortfall"]


def test_every_role_cites_its_act_by_name() -> None:
    """A sale account says where the fine went: "the local authority (K s.16(1))", not "(s.16(1))", which reads as
    any Act's section on a page that may quote another (the brief: cite sections as `K s.13(3)`)."""
    for p in map(pack, all_packs()):
        for lang in ("en", "ml"):
            for role in p.roles:
                text = p.words(f"roles.{role}", lang)
                cites = re.findall(r"\(([^\s()]+ )?s\.", text)
                assert all(c == f"{p.short} " for c in cites), (p.id, lang, role, text)
