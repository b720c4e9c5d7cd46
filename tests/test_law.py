"""The rule packs on worked examples taken from the Acts' text: one per section that computes something."""

from __future__ import annotations

import datetime as dt
import sqlite3
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ingest.errors import RulesError
from ingest.law.clock import add_months, auction_if_posted, days_in_pound, deadlines
from ingest.law.conflicts import roster_match, same_person
from ingest.law.dues import compute_due
from ingest.law.money import DECIMALISATION, Money, parse_money
from ingest.law.packs import all_packs, pack
from ingest.law.rules import RateRow, RuleBook, load_rulebook, statutory_rows
from ingest.law.status import brought_late, sale_questioned, seizure_adjudged_illegal
from ingest.schema import date_sql, money_sql
from portal.i18n import date_label

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
    species=st.sampled_from(["cow", "goat"]),
    head=st.integers(1, 12),
    start=st.dates(D(2025, 3, 20), D(2025, 6, 10)),
    days=st.integers(1, 90),
)
def test_the_ingests_cached_fines_and_feeding_equal_the_acts(act, area, species, head, start, days) -> None:
    from ingest.build import LawCache

    if act == "act-iii-1857":
        start = start.replace(year=1858)
    law = LawCache(_CHANGING_BOOK, "test")
    for _ in range(2):  # the first answer computes, the second comes from the caches: both must be right
        due = compute_due(pack(act), _CHANGING_BOOK, area, species, head, start, start + dt.timedelta(days=days))
        per_head, mult, fine, fine_s, fine_minor, _ = law.fine_cols(act, area, species, start, head)
        assert (fine, mult) == (due.fine, due.habitual_multiplier)
        if fine is not None:
            assert (per_head, fine_s) == (due.fine_per_head.decimal_str(), due.fine.decimal_str())
            assert fine_minor == due.fine.minor_units(start)[0]
        until = start + dt.timedelta(days=days)
        rate_s, _, feeding, feeding_s, feeding_minor, charged = law.feeding_cols(act, area, species, head, start, until)
        assert charged == due.days_in_pound
        assert feeding == due.feeding
        if feeding is not None:
            assert (feeding_s, feeding_minor) == (due.feeding.decimal_str(), due.feeding.minor_units(start)[0])
            assert rate_s == due.feeding_rate.decimal_str()
