"""A second, independent reading of the two Acts: worked examples computed by hand from the Acts' words (the OCR'd
texts in /work/shared/seeds, quoted in each docstring), then checked against what the library, the ingest, the public
database, the API and the pages give.

Counting. Both Acts count their periods "from" a date: "not claimed within seven days from the date of their being
impounded" (K s.13(1); 1857 s.VIII), "within seven days from the date of the notice" (K s.13(3); 1857 s.VIII), "within
ten days from the date of seizure" (K s.19; 1857 s.XIV). Neither Act says whether the first day counts; the common rule
(the first day excluded) is taken, as DATA_CONTRACT.md says. So brought on day b, the seven days are b+1 .. b+7 and the
notice falls due on b+8; posted on N, the seven days are N+1 .. N+7 and the auction is on N+8 at the earliest; the
complaint may be made up to s+10. A date is India's date: "from the date" counts days, never hours, so an arrival at
23:50 and one at 00:15 the next morning are a day apart.

Money. Neither Act says how feeding days are counted (K s.4: the local authority "shall fix ... the rates of charge
for feeding and watering"; 1857 s.VII: "at such rates as may from time to time be fixed by the Magistrate"): each
worked example below states the rate's convention, never the Act's. Money is exact: 1 rupee = 16 annas = 192 pies.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import types
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ingest.seizure_areas import SeizureAreas, gazetteer
from pinfold.law import clock
from pinfold.law.clock import TODAY_SQL, deadlines
from pinfold.law.dues import compute_due
from pinfold.law.money import Money
from pinfold.law.packs import pack
from pinfold.law.rules import SEIZURE_AREA_ASSUMED, RateRow, RuleBook, statutory_rows
from portal.app import create_app
from portal.settings import Settings

from .test_law import law_db, rows
from .test_portal import parse

D = dt.date
K, OLD = pack("kerala-1961"), pack("act-iii-1857")

POUNDS = (
    "id,name,act,local_authority,district,village,latitude,longitude\n"
    "k1,Ollur Pound,kerala-1961,Ollur Panchayat,Thrissur,Ollur,10.47,76.25\n"
    "b1,Barrackpore Thannah,act-iii-1857,Barrackpore,24 Parganas,Barrackpore,22.76,88.37\n"
)
SCALE = "act,local_area,species,amount,effective_from,effective_to,reference,status,note\n"
FEEDING = "act,local_authority,species,rate_per_day,effective_from,effective_to,reference,status,note,days_counted\n"
# A notified scale of Rs 500 a head and a council's rate of Rs 100 a head a day that does not say how it counts days
# (Pinfold then counts nights, at least one: rules.DEFAULT_DAYS_COUNTED); for 1857 a Magistrate's rate of 1 anna.
RULES = {
    "fine_scales.csv": SCALE + "kerala-1961,*,*,500,2010-01-01,,test notification,notified,\n",
    "feeding_rates.csv": FEEDING + "kerala-1961,*,*,100,2010-01-01,,test resolution,council resolution,,\n"
    "act-iii-1857,*,*,1 as.,1857-01-01,,test Magistrate's rate,example,,\n",
}


def _db(tmp_path: Path, registers: dict[str, str], rules: dict[str, str] = RULES) -> Path:
    """test_law.law_db with these examples' pounds and rule files."""
    return law_db(tmp_path, registers, rules, POUNDS)


_rows = rows


@pytest.fixture
def client_for():
    """The real app over a database, India's date fixed."""
    clients: list[TestClient] = []

    def make(db: Path, today: dt.date) -> TestClient:
        clients.append(TestClient(create_app(Settings(database=db, today=today))).__enter__())
        return clients[-1]

    yield make
    for c in clients:
        c.__exit__(None, None, None)


def _rate(act: str, species: str, amount: Money, start: dt.date, *, area: str = "*", id: int = 1, counts: str = ""):
    return RateRow(id, act, area, species, amount, start, None, "test", "notified", "", counts)


# --- the clock: K s.13(1), s.13(3), s.19; 1857 s.VIII, s.XIV ------------------------------------------------------

# (Act, brought, notice due, earliest auction, last day to complain with no seizure day recorded), each worked by hand
# in the comment beside it. The seizure is at the earliest the day before (K s.9, s.10: "within twenty-four hours").
CLOCK = [
    # 2..8 Apr are the seven days; notice 9 Apr; 10..16 Apr; auction 17 Apr. Seized 31 Mar: 1..10 Apr, by 10 Apr.
    (K, D(2025, 4, 1), D(2025, 4, 9), D(2025, 4, 17), D(2025, 4, 10)),
    # month end: 26..31 Jan is six days, 1 Feb the seventh: notice 2 Feb; 3..9 Feb; auction 10 Feb. Seized 24 Jan:
    # 25..31 Jan (7) + 1, 2, 3 Feb: by 3 Feb.
    (K, D(2026, 1, 25), D(2026, 2, 2), D(2026, 2, 10), D(2026, 2, 3)),
    # the leap day is a day of the notice: 15..21 Feb, notice 22 Feb; 23..29 Feb are its seven days; auction 1 Mar
    # 2028. (2027 has no 29 Feb: 23..28 Feb is six, 1 Mar the seventh, auction 2 Mar 2027.) Seized 13 Feb: by 23 Feb.
    (K, D(2028, 2, 14), D(2028, 2, 22), D(2028, 3, 1), D(2028, 2, 23)),
    (K, D(2027, 2, 14), D(2027, 2, 22), D(2027, 3, 2), D(2027, 2, 23)),
    # the leap day is the notice day: 22..28 Feb, notice 29 Feb 2028; 1..7 Mar; auction 8 Mar. Seized 20 Feb: 21..29
    # Feb is nine days, 1 Mar the tenth.
    (K, D(2028, 2, 21), D(2028, 2, 29), D(2028, 3, 8), D(2028, 3, 1)),
    # the leap day is the seventh day: 23..29 Feb, notice 1 Mar; 2..8 Mar; auction 9 Mar. Seized 21 Feb: 22..29 (8) +
    # 1, 2 Mar.
    (K, D(2028, 2, 22), D(2028, 3, 1), D(2028, 3, 9), D(2028, 3, 2)),
    # brought on the leap day: 1..7 Mar, notice 8 Mar; 9..15 Mar; auction 16 Mar. Seized 28 Feb: 29 Feb + 1..9 Mar.
    (K, D(2028, 2, 29), D(2028, 3, 8), D(2028, 3, 16), D(2028, 3, 9)),
    # year end: 25..31 Dec, notice 1 Jan 2028; 2..8 Jan; auction 9 Jan. Seized 23 Dec: 24..31 Dec (8) + 1, 2 Jan.
    (K, D(2027, 12, 24), D(2028, 1, 1), D(2028, 1, 9), D(2028, 1, 2)),
    # brought on the last day of the year: 1..7 Jan, notice 8 Jan; 9..15 Jan; auction 16 Jan. Seized 30 Dec: 31 Dec
    # + 1..9 Jan.
    (K, D(2027, 12, 31), D(2028, 1, 8), D(2028, 1, 16), D(2028, 1, 9)),
    # 1857 s.VIII counts the same words: 15..21 Mar, notice 22 Mar 1859; 23..29 Mar; auction 30 Mar. s.XIV: seized
    # 13 Mar at the earliest (Pinfold's reading of "without unnecessary delay", s.II), + 10 = 23 Mar.
    (OLD, D(1859, 3, 14), D(1859, 3, 22), D(1859, 3, 30), D(1859, 3, 23)),
    # 1857 across a year end: 29, 30, 31 Dec + 1..4 Jan, notice 5 Jan 1859; 6..12 Jan; auction 13 Jan. Seized 27 Dec:
    # 28..31 Dec (4) + 1..6 Jan.
    (OLD, D(1858, 12, 28), D(1859, 1, 5), D(1859, 1, 13), D(1859, 1, 6)),
    # 1860 is a leap year: 23..29 Feb, notice 1 Mar 1860; 2..8 Mar; auction 9 Mar. Seized 21 Feb: 22..29 (8) + 1, 2 Mar.
    (OLD, D(1860, 2, 22), D(1860, 3, 1), D(1860, 3, 9), D(1860, 3, 2)),
]


@pytest.mark.parametrize(("p", "brought", "notice", "auction", "complaint"), CLOCK)
def test_the_notice_day_and_the_auction_day_counted_by_hand(p, brought, notice, auction, complaint) -> None:
    """K s.13(1): "If the cattle be not claimed within seven days from the date of their being impounded, the
    pound-keeper shall report the fact"; s.13(2): the authority "shall thereupon affix ... a notice"; s.13(3): "If the
    cattle be not claimed within seven days from the date of the notice, they shall be sold by public auction". 1857
    s.VIII has the same two periods in the same words. K s.19 / 1857 s.XIV: "within ten days from the date of
    seizure". The last day to claim before the auction is the day before it."""
    d = deadlines(p, brought)
    assert (d.notice_due_on, d.auction_earliest_on, d.complaint_deadline_on) == (notice, auction, complaint)
    assert d.auction_earliest_on - dt.timedelta(days=1) == auction - dt.timedelta(days=1)


def test_a_notice_posted_late_across_the_year_end_moves_the_auction() -> None:
    """K s.13(3) counts "from the date of the notice", the day it was posted. Brought 24 Dec 2027, the notice due
    1 Jan 2028 but posted 3 Jan: 4..10 Jan are its seven days, auction 11 Jan, the last day before it 10 Jan. Posted
    early, on 28 Dec, it cannot take away the owner's seven days of s.13(1) (25..31 Dec): counted from 1 Jan, 9 Jan."""
    late = deadlines(K, D(2027, 12, 24), notice_posted_on=D(2028, 1, 3))
    assert (late.notice_due_on, late.auction_earliest_on) == (D(2028, 1, 1), D(2028, 1, 11))
    assert deadlines(K, D(2027, 12, 24), notice_posted_on=D(2027, 12, 28)).auction_earliest_on == D(2028, 1, 9)


def test_a_seizure_day_recorded_counts_the_complaint_from_it_across_the_leap_day() -> None:
    """K s.19: "at any time within ten days from the date of seizure". Seized 25 Feb 2028, brought 26 Feb: 26..29 Feb
    (4) + 1..6 Mar: by 6 Mar 2028. The notice runs from the day impounded (s.13(1)): 27 Feb..4 Mar, due 5 Mar."""
    d = deadlines(K, D(2028, 2, 26), seized_on=D(2028, 2, 25))
    assert (d.complaint_deadline_on, d.notice_due_on, d.seizure_assumed) == (D(2028, 3, 6), D(2028, 3, 5), False)


# --- India's day: an arrival late in the evening, a register written in UTC ---------------------------------------


def test_an_arrival_near_midnight_is_dated_by_indias_day_through_the_ingest_and_the_pages(tmp_path, client_for) -> None:
    """K s.7(b): the register has "the day and hour on and at which they were so brought"; K s.13(1) counts "from the
    date", so only India's day matters, not the hour. By hand (India is UTC+5:30):
      1. '2025-12-31T18:20:00Z' is 31 Dec 2025 23:50 in India: notice 8 Jan 2026 (1..7 Jan), auction 16 Jan.
      2. '2025-12-31T18:45:00Z' is 1 Jan 2026 00:15 in India (still 31 Dec in UTC): notice 9 Jan, auction 17 Jan.
      3. '31/12/2025 11:50 PM' (India's time): as 1.
      4. '2025-11-30T19:00:00Z' is 1 Dec 2025 00:30: month end crossed by the clock, notice 9 Dec, auction 17 Dec.
      5. '30/11/2025 23:45': notice 8 Dec (1..7 Dec), auction 16 Dec.
    On 10 Jan 2026, with Rs 500 a head and Rs 100 a head a day counted by nights (the rate's convention, not the Act's):
    entry 1 has been in 10 nights (31 Dec -> 10 Jan), Rs 500 + Rs 1,000 = Rs 1,500, last day before auction 15 Jan;
    entry 2 nine nights, Rs 1,400, last day 16 Jan."""
    header = "No.,Date brought,Kind,Number,Description\n"
    register = (
        "1,2025-12-31T18:20:00Z,cow,1,black\n2,2025-12-31T18:45:00Z,cow,1,brown\n3,31/12/2025 11:50 PM,cow,1,red\n"
        "4,2025-11-30T19:00:00Z,cow,1,grey\n5,30/11/2025 23:45,cow,1,white\n"
    )
    db = _db(tmp_path, {"k1": header + register})
    got = {
        r["entry_no"]: (r["brought_at"], r["notice_due_on"], r["auction_earliest_on"])
        for r in _rows(db, "SELECT entry_no, brought_at, notice_due_on, auction_earliest_on FROM impoundments")
    }
    assert got == {
        "1": ("2025-12-31T23:50", "2026-01-08", "2026-01-16"),
        "2": ("2026-01-01T00:15", "2026-01-09", "2026-01-17"),
        "3": ("2025-12-31T23:50", "2026-01-08", "2026-01-16"),
        "4": ("2025-12-01T00:30", "2025-12-09", "2025-12-17"),
        "5": ("2025-11-30T23:45", "2025-12-08", "2025-12-16"),
    }
    ids = {r["entry_no"]: r["id"] for r in _rows(db, "SELECT entry_no, id FROM impoundments")}
    c = client_for(db, D(2026, 1, 10))
    expected = (("1", "1500.00", "₹1,500.00", 10, "15 Jan 2026"), ("2", "1400.00", "₹1,400.00", 9, "16 Jan 2026"))
    for entry, total, shown, nights, last_day in expected:
        due = c.get(f"/api/impoundments/{ids[entry]}/due").json()
        assert (due["total_rupees"], due["days_in_pound"], due["on"]) == (total, nights, "2026-01-10"), entry
        page = parse(c.get(f"/animals/{ids[entry]}").text)
        assert page.by_id["last-day"].strip().startswith(last_day), entry
        assert page.by_id["total"].strip() == shown, entry


def test_today_is_indias_date_whatever_the_machines_clock(monkeypatch) -> None:
    """The portal's "today" (what costs today, which notices are due) is India's date: at 18:29 UTC on 31 Dec 2025 it
    is 23:59 in India, still 31 Dec; at 18:45 UTC it is 00:15 on 1 Jan 2026. The SQL views' date is the same."""

    def at(utc: dt.datetime):
        class Frozen(dt.datetime):
            @classmethod
            def now(cls, tz=None):  # type: ignore[override]
                return utc.astimezone(tz) if tz else utc

        monkeypatch.setattr(clock, "dt", types.SimpleNamespace(**{**vars(dt), "datetime": Frozen}))
        return clock.today_in_india()

    assert at(dt.datetime(2025, 12, 31, 18, 29, tzinfo=dt.UTC)) == D(2025, 12, 31)
    assert at(dt.datetime(2025, 12, 31, 18, 45, tzinfo=dt.UTC)) == D(2026, 1, 1)
    con = sqlite3.connect(":memory:")
    sql = lambda utc: con.execute("SELECT " + TODAY_SQL.replace("'now'", f"'{utc}'")).fetchone()[0]  # noqa: E731
    assert (sql("2025-12-31 18:29:00"), sql("2025-12-31 18:45:00")) == ("2025-12-31", "2026-01-01")


# --- fines: 1857 s.VI (in the Act), K s.11 (notified) -------------------------------------------------------------


def test_1857_fines_per_kind_by_hand_through_the_ingest(tmp_path) -> None:
    """1857 s.VI: "For every head of Cattle impounded as aforesaid, a fine shall be levied according to the following
    scale: Camel or Buffalo 8 [annas]; Horse or Tattoo, Bull, Bullock, or Cow 4; Calf or Ass 2; Sheep or Goat 1".
    By hand, in pies (1 anna = 12 pies, 1 rupee = 192): 8 as. = 96 p. = Rs 0.50; 4 as. = 48 p. = Rs 0.25; 2 as. = 24 p.
    = Rs 0.125; 1 a. = 12 p. = Rs 0.0625. Three cows: 3 x 4 = 12 as. = 144 p. = Rs 0.75. A mare is a horse; a pig is on
    no line of the scale (s.XVIII deals with pigs' owners, not a pound fine): no fine is invented for it."""
    kinds = {
        "1 camel": ("0.50", 96),
        "1 buffalo": ("0.50", 96),
        "1 horse": ("0.25", 48),
        "1 mare": ("0.25", 48),
        "1 tattoo": ("0.25", 48),
        "1 bull": ("0.25", 48),
        "1 bullock": ("0.25", 48),
        "1 cow": ("0.25", 48),
        "3 cows": ("0.75", 144),
        "1 calf": ("0.125", 24),
        "1 ass": ("0.125", 24),
        "1 sheep": ("0.0625", 12),
        "1 goat": ("0.0625", 12),
        "1 pig": (None, None),
    }
    header = "No.,Date,Number and description of animals,Marks\n"
    register = "".join(f"{n},14th March 1859,{k},x\n" for n, k in enumerate(kinds, 1))
    db = _db(tmp_path, {"b1": header + register})
    got = {
        r["entry_no"]: (r["fine_due_rupees"], r["fine_due_minor"], r["money_unit"])
        for r in _rows(db, "SELECT entry_no, fine_due_rupees, fine_due_minor, money_unit FROM impoundments")
    }
    assert got == {str(n): (*v, "pie") for n, v in enumerate(kinds.values(), 1)}


def test_kerala_fines_by_kind_area_and_habitual_area_by_hand() -> None:
    """K s.11(1): "the pound-keeper shall levy a fine in accordance with the scale for the time being prescribed by
    the Director ... Different scales may be prescribed for different local areas and for different kinds of cattle."
    s.11(2): in a notified area "such amount of fine as may be specified by him ..., not exceeding double the fine
    prescribed under sub-section (1)". A notified scale (test figures): Rs 500 a head, goats Rs 200, fowls Rs 50;
    in Ollur Panchayat Rs 300 a head; Thrissur Municipal Corporation notified as a habitual-trespass area for cows,
    at double. By hand: 2 cows elsewhere 2 x 500 = Rs 1,000; 2 cows at Ollur 2 x 300 = Rs 600; 2 cows in Thrissur
    2 x 500 x 2 = Rs 2,000; 2 goats in Thrissur (not a kind named) 2 x 200 = Rs 400; 12 fowls 12 x 50 = Rs 600."""
    kerala = "kerala-1961"
    scales = [
        _rate(kerala, "*", Money.of(500), D(2010, 1, 1), id=1),
        _rate(kerala, "goat", Money.of(200), D(2010, 1, 1), id=2),
        _rate(kerala, "fowl", Money.of(50), D(2010, 1, 1), id=3),
        _rate(kerala, "*", Money.of(300), D(2010, 1, 1), area="Ollur Panchayat", id=4),
    ]
    habitual = [RateRow(1, kerala, "Thrissur Municipal Corporation", "cow", Money.of(2), D(2020, 1, 1), None, "n", "")]
    b = RuleBook(fine_scales=scales, feeding_rates=[], habitual=habitual)
    fine = lambda area, kind, n: compute_due(K, b, area, kind, n, D(2025, 4, 1), D(2025, 4, 1)).fine  # noqa: E731
    assert fine("Nenmara Panchayat", "cow", 2) == Money.of(1000)
    assert fine("Ollur Panchayat", "cow", 2) == Money.of(600)
    assert fine("Thrissur Municipal Corporation", "cow", 2) == Money.of(2000)
    assert fine("Thrissur Municipal Corporation", "goat", 2) == Money.of(400)
    assert fine("Nenmara Panchayat", "fowl", 12) == Money.of(600)
    assert fine("Nenmara Panchayat", "elephant", 1) == Money.of(500)  # "*": every kind the scale does not name


# K s.11(2), by the place of seizure. A second pound, the Thrissur Municipal Corporation's (test figures), is notified
# at double for cows; the Ollur pound's own area is not. The scale of RULES (Rs 500 a head) is the pound's (s.11(1)).
POUNDS_THRISSUR = (
    POUNDS + "k2,Thrissur Corporation Pound,kerala-1961,Thrissur Municipal Corporation,Thrissur,Thrissur,10.52,76.21\n"
)
HABITUAL = {
    **RULES,
    "habitual_areas.csv": "act,local_area,species,multiplier,effective_from,effective_to,reference,status\n"
    "kerala-1961,Thrissur Municipal Corporation,cow,2,2020-01-01,,test notification,notified\n",
}
SEIZED_HEADER = "No.,Date brought,Kind,Number,Description,Place of seizure\n"


def _seized(tmp_path: Path, registers: dict[str, str], places: str = "") -> Path:
    """The habitual-area examples' database: POUNDS_THRISSUR, HABITUAL, and a rules/places.csv when given."""
    rules = {**HABITUAL, "places.csv": places} if places else HABITUAL
    return law_db(tmp_path, {k: SEIZED_HEADER + v for k, v in registers.items()}, rules, POUNDS_THRISSUR)


_SEIZED_SQL = "SELECT id, entry_no, fine_due_rupees, seizure_local_area, seizure_area_assumed FROM impoundments"


def test_a_habitual_area_follows_the_place_of_seizure_not_the_pound(tmp_path, client_for) -> None:
    """K s.11(2): "for every head of cattle of any kind specified therein which may be seized within such local area
    and impounded as aforesaid, such amount of fine ... not exceeding double". K s.10 sends cattle found straying on a
    road "to the nearest pound", which may be another local authority's. Two cows seized on a road in Thrissur
    Municipal Corporation (notified at double) and brought to the Ollur pound: by hand 2 x 500 x 2 = Rs 2,000. The
    Ollur pound's own area is not notified: by the pound it would be 2 x 500 = Rs 1,000. The register, the API and
    the page agree."""
    db = _seized(tmp_path, {"k1": "1,01/11/2025,cow,2,black,Thrissur Municipal Corporation\n"})
    (r,) = _rows(db, _SEIZED_SQL)
    assert r["fine_due_rupees"] == "2000.00"
    assert (r["seizure_local_area"], r["seizure_area_assumed"]) == ("Thrissur Municipal Corporation", 0)
    c = client_for(db, D(2025, 11, 2))
    due = c.get(f"/api/impoundments/{r['id']}/due").json()
    assert (due["fine_rupees"], due["habitual_multiplier"]) == ("2000.00", 2)
    assert (due["seizure_local_area"], due["seizure_area_assumed"], due["habitual_area_basis"]) == (
        "Thrissur Municipal Corporation",
        False,
        None,
    )
    assert "K s.11(2)" in due["sections"]
    for lang, words in (
        ("en", "Seized in Thrissur Municipal Corporation, an area notified for habitual trespass: the fine is 2 times"),
        ("ml", "Thrissur Municipal Corporation പ്രദേശത്ത് പിടിച്ചെടുത്തത്"),
    ):
        page = parse(c.get(f"/animals/{r['id']}", params={"lang": lang}).text)
        assert page.by_id["fine"].strip() == "₹2,000.00"
        assert words in page.by_id["seizure-area"], lang
    assert "2 മടങ്ങ്" in page.by_id["seizure-area"]


def test_seized_in_an_area_not_notified_no_doubling_at_a_notified_pound(tmp_path, client_for) -> None:
    """K s.11(2) doubles only for cattle "seized within such local area". Two cows seized in Ward 5 of Ollur Grama
    Panchayat (not notified; the rule files call it "Ollur Panchayat") and sent by K s.10 "to the nearest pound", the
    Thrissur Corporation's, whose own area is notified at double: by hand 2 x 500 = Rs 1,000, not 2 x 500 x 2 =
    Rs 2,000. The scale is the pound's (s.11(1): "the pound-keeper shall levy a fine in accordance with the scale")."""
    db = _seized(tmp_path, {"k2": '1,01/11/2025,cow,2,black,"Ward 5, Ollur Grama Panchayat"\n'})
    (r,) = _rows(db, _SEIZED_SQL)
    assert r["fine_due_rupees"] == "1000.00"
    assert (r["seizure_local_area"], r["seizure_area_assumed"]) == ("Ollur Panchayat", 0)
    due = client_for(db, D(2025, 11, 2)).get(f"/api/impoundments/{r['id']}/due").json()
    assert (due["fine_rupees"], due["habitual_multiplier"], due["seizure_local_area"]) == (
        "1000.00",
        1,
        "Ollur Panchayat",
    )


def test_a_blank_or_unknown_place_takes_the_pounds_area_and_says_so(tmp_path, client_for) -> None:
    """Where the register does not let us know the local area of seizure, Pinfold keeps the pound's own area for
    K s.11(2) and the figure says it rests on that. At the Thrissur Corporation pound (notified at double for cows):
      no place written, 2 cows: 2 x 500 x 2 = Rs 2,000, labelled;
      'Thrissur' alone (the district's name as much as the corporation's), 2 cows: Rs 2,000, labelled;
      no place written, 2 goats (no area notified for goats, so no place could change it): 2 x 500 = Rs 1,000,
      not labelled."""
    db = _seized(
        tmp_path, {"k2": "1,01/11/2025,cow,2,black,\n2,01/11/2025,cow,2,red,Thrissur\n3,01/11/2025,goat,2,white,\n"}
    )
    got = {r["entry_no"]: r for r in _rows(db, _SEIZED_SQL)}
    assert {n: (r["fine_due_rupees"], r["seizure_local_area"], r["seizure_area_assumed"]) for n, r in got.items()} == {
        "1": ("2000.00", None, 1),
        "2": ("2000.00", None, 1),
        "3": ("1000.00", None, 0),
    }
    c = client_for(db, D(2025, 11, 2))
    due = c.get(f"/api/impoundments/{got['1']['id']}/due").json()
    assert (due["fine_rupees"], due["seizure_area_assumed"]) == ("2000.00", True)
    assert due["habitual_area_basis"] == f"{SEIZURE_AREA_ASSUMED[0]} (K s.11(2))"
    assert c.get(f"/api/impoundments/{got['3']['id']}/due").json()["habitual_area_basis"] is None
    for lang, words in (("en", SEIZURE_AREA_ASSUMED[0].capitalize()), ("ml", SEIZURE_AREA_ASSUMED[1])):
        page = parse(c.get(f"/animals/{got['1']['id']}", params={"lang": lang}).text)
        assert page.by_id["seizure-area-assumed"].strip() == f"{words} (K s.11(2))", lang
    assert "seizure-area-assumed" not in parse(c.get(f"/animals/{got['3']['id']}").text).by_id


def test_the_page_notes_the_place_of_seizure_only_where_it_changes_the_fine(tmp_path, client_for) -> None:
    """An owner is told what the place of seizure did to the fine where it changed it, not on every page. At the Ollur
    pound (its area not notified; only Thrissur Municipal Corporation is, at double for cows), 2 cows each:
      seized at Mannuthy (places.csv: in Mannuthy Panchayat, not notified): 2 x 500 = Rs 1,000, as by the pound: no note;
      no place written: 2 x 500 = Rs 1,000 by the pound's area, which doubles nothing: no note (the column still says
      the area was assumed, seizure_area_assumed = 1, for whoever counts them), and no habitual_area_basis;
    at the Thrissur Corporation pound (notified at double), 2 cows seized in Ollur Panchayat (not notified): 2 x 500 =
    Rs 1,000 where the pound's area would give Rs 2,000 (K s.11(2) "seized within such local area"): the note."""
    places = "name,name_ml,district,local_area,reference\nMannuthy,,Thrissur,Mannuthy Panchayat,test ward list\n"
    db = _seized(
        tmp_path,
        {
            "k1": "1,01/11/2025,cow,2,black,Mannuthy\n2,01/11/2025,cow,2,red,\n",
            "k2": "7,01/11/2025,cow,2,dun,Ollur Panchayat\n",
        },
        places,
    )
    got = {r["entry_no"]: r for r in _rows(db, _SEIZED_SQL)}
    assert {n: (r["fine_due_rupees"], r["seizure_local_area"], r["seizure_area_assumed"]) for n, r in got.items()} == {
        "1": ("1000.00", "Mannuthy Panchayat", 0), "2": ("1000.00", None, 1), "7": ("1000.00", "Ollur Panchayat", 0),
    }  # fmt: skip
    c = client_for(db, D(2025, 11, 2))
    for n in ("1", "2"):
        page = parse(c.get(f"/animals/{got[n]['id']}").text).by_id
        assert "seizure-area" not in page and "seizure-area-assumed" not in page, n
        assert c.get(f"/api/impoundments/{got[n]['id']}/due").json()["habitual_area_basis"] is None, n
    page = parse(c.get(f"/animals/{got['7']['id']}").text).by_id
    assert (
        page["seizure-area"]
        .strip()
        .startswith("Seized in Ollur Panchayat, an area not notified for habitual trespass: the fine is not multiplied")
    )


def test_variant_spellings_and_a_gazetteer_of_places_name_the_area_of_seizure(tmp_path) -> None:
    """The same K s.11(2) by the place of seizure, written as registers write it, each 2 cows brought to the Ollur
    pound (not notified) and seized in Thrissur Municipal Corporation (notified at double): by hand 2 x 500 x 2 =
    Rs 2,000 each. 'Thrissur Corporation' (a common short form); 'തൃശ്ശൂർ കോർപ്പറേഷനിൽ' ("in Thrissur
    Corporation", with places.csv's Malayalam name of the corporation); 'Kuttur junction' (a place places.csv puts in
    the corporation: test data); a house name before the corporation. Only the area's public name is published: the
    house's name is in no new column. 'Thrissur Panchayat' names another kind of authority: no match, labelled."""
    places = (
        "name,name_ml,district,local_area,reference\n"
        "Thrissur Municipal Corporation,തൃശ്ശൂർ കോർപ്പറേഷൻ,Thrissur,Thrissur Municipal Corporation,test\n"
        "Kuttur,കുറ്റൂർ,Thrissur,Thrissur Municipal Corporation,test ward list\n"
    )
    register = (
        "1,01/11/2025,cow,2,black,Thrissur Corporation\n"
        "2,01/11/2025,cow,2,black,തൃശ്ശൂർ കോർപ്പറേഷനിൽ\n"
        "3,01/11/2025,cow,2,black,Kuttur junction\n"
        '4,01/11/2025,cow,2,black,"Thekkumpuram House, Thrissur Corporation"\n'
        "5,01/11/2025,cow,2,black,Thrissur Panchayat\n"
    )
    db = _seized(tmp_path, {"k1": register}, places)
    got = {r["entry_no"]: r for r in _rows(db, _SEIZED_SQL)}
    corporation = ("2000.00", "Thrissur Municipal Corporation", 0)
    assert {n: (r["fine_due_rupees"], r["seizure_local_area"], r["seizure_area_assumed"]) for n, r in got.items()} == {
        "1": corporation, "2": corporation, "3": corporation, "4": corporation, "5": ("1000.00", None, 1),
    }  # fmt: skip
    (house,) = _rows(db, "SELECT * FROM impoundments WHERE entry_no = '4'")
    assert house["place_seized"] == "[…] House, Thrissur Corporation"  # as before: the privacy filter's
    assert not any("thekkumpuram" in str(v).casefold() for v in house.values())


def test_a_local_area_that_names_a_person_is_no_area_and_never_published(tmp_path) -> None:
    """The area a place of seizure names is published (seizure_local_area), so places.csv's local_area is read as
    public text is: a person of the roster ('Kunjan Nair', barred at the pound) or a titled name ('Sri. Bhaskaran') there
    is no area; the places it names fall back to the pound's own area (K s.11(2)), and no byte of the public database
    carries the name."""
    places = (
        "name,name_ml,district,local_area,reference\n"
        "Kuttur,,Thrissur,Kunjan Nair,a slip\n"
        "Peechi,,Thrissur,Sri. Bhaskaran,a slip\n"
    )
    rules = {
        **HABITUAL,
        "places.csv": places,
        "roster.csv": "name,role,pound_id,local_authority\nKunjan Nair,member of the local authority,k1,\n",
    }
    register = "1,01/11/2025,cow,2,black,Kuttur junction\n2,01/11/2025,cow,2,red,Peechi\n"
    db = law_db(tmp_path, {"k1": SEIZED_HEADER + register}, rules, POUNDS_THRISSUR)
    got = {r["entry_no"]: (r["seizure_local_area"], r["seizure_area_assumed"]) for r in _rows(db, _SEIZED_SQL)}
    assert got == {"1": (None, 1), "2": (None, 1)}
    raw = db.read_bytes().lower()
    assert b"kunjan" not in raw and b"bhaskaran" not in raw


def test_the_place_of_seizure_matches_one_local_area_or_none() -> None:
    """The matcher alone (ingest/seizure_areas.py): a kind of authority written must agree; a district's name alone
    is the district; two areas alike are none; the most words matched wins."""
    areas = SeizureAreas(
        gazetteer(
            ["Ollur Panchayat", "Thrissur Municipal Corporation", "Ollur East Panchayat", "Puthur Panchayat"],
            [{"local_authority": "Mannuthy Panchayat"}],
            [{"name": "Puthur", "local_area": "Puthur Panchayat"}, {"name": "Puthur", "local_area": "Ollur Panchayat"}],
        )
    )
    assert areas.area_of("near Ollur junction") == "Ollur Panchayat"
    assert areas.area_of("Ollur East, ward 3") == "Ollur East Panchayat"
    assert areas.area_of("THRISSUR MUNICIPAL CORPN.") == "Thrissur Municipal Corporation"  # case, a short form
    assert areas.area_of("Thrissur") is None  # the district's name as much as the corporation's
    assert areas.area_of("Thrissur Municipal Council") is None  # a municipality, not the corporation
    assert areas.area_of("Mannuthy GP") == "Mannuthy Panchayat"
    assert areas.area_of("Puthur") is None  # places.csv puts it in two areas
    assert areas.area_of("") is None and areas.area_of(None) is None
    assert areas.area_of("Ollur to Mannuthy road") is None  # two areas


# --- feeding and what it costs on a day: K s.4, s.12; 1857 s.VII ---------------------------------------------------


def test_what_it_costs_on_each_day_by_hand_through_the_api(tmp_path, client_for) -> None:
    """K s.12(a): the pound-keeper "shall deliver them to him on payment of the fines and charges incurred". Two cows
    brought 1 Nov 2025; Rs 500 a head; Rs 100 a head a day, a rate that does not say how it counts days (Pinfold counts
    nights, a part of a day as a day: its stated assumption, not the Act's). By hand:
      on 1 Nov (the day brought): 1 day x 2 x 100 = 200, + fine 1,000 = Rs 1,200;
      on 4 Nov: nights 1-2, 2-3, 3-4 = 3 x 2 x 100 = 600, Rs 1,600;
      on 16 Nov, the last day before the auction (9 Nov notice, 10..16 Nov): 15 x 200 = 3,000, Rs 4,000;
      on 17 Nov, the auction day: 16 x 200 = 3,200, Rs 4,200; still claimable until sold (s.12 sets no last day).
    Every figure is an exact decimal string; no float anywhere in the answer."""
    header = "No.,Date brought,Kind,Number,Description\n"
    db = _db(tmp_path, {"k1": header + "1,01/11/2025 10:00,cow,2,black\n"})
    (a,) = _rows(db, "SELECT id FROM impoundments")
    c = client_for(db, D(2025, 11, 20))
    expected = {
        "2025-11-01": ("1000.00", "200.00", "1200.00", 1),
        "2025-11-04": ("1000.00", "600.00", "1600.00", 3),
        "2025-11-16": ("1000.00", "3000.00", "4000.00", 15),
        "2025-11-17": ("1000.00", "3200.00", "4200.00", 16),
    }
    for on, want in expected.items():
        due = c.get(f"/api/impoundments/{a['id']}/due", params={"on": on}).json()
        got = (due["fine_rupees"], due["feeding_rupees"], due["total_rupees"], due["days_in_pound"])
        assert got == want, on
        assert (due["notice_due_on"], due["auction_earliest_on"]) == ("2025-11-09", "2025-11-17")
        _no_floats(due)
    assert c.get(f"/api/impoundments/{a['id']}/due", params={"on": "2025-10-31"}).status_code == 400


def _no_floats(value: object, where: str = "") -> None:
    if isinstance(value, float):
        raise AssertionError(f"a float at {where}: {value!r}")
    if isinstance(value, dict):
        for k, v in value.items():
            _no_floats(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _no_floats(v, f"{where}[{i}]")


@pytest.mark.parametrize(
    ("brought", "on", "nights", "days"),
    [
        # late evening arrival, claimed the next morning: one night (30 Nov -> 1 Dec); two days, 30 Nov and 1 Dec
        (D(2025, 11, 30), D(2025, 12, 1), 1, 2),
        # claimed the day brought: a part of a day is a day either way
        (D(2025, 11, 30), D(2025, 11, 30), 1, 1),
        # across the leap day: 27->28, 28->29, 29 Feb->1 Mar = 3 nights; 27, 28, 29 Feb, 1 Mar = 4 days
        (D(2028, 2, 27), D(2028, 3, 1), 3, 4),
        # the same dates in 2027: 27->28, 28 Feb->1 Mar = 2 nights; 3 days
        (D(2027, 2, 27), D(2027, 3, 1), 2, 3),
        # across the year end: 30->31, 31->1, 1->2 = 3 nights; 30, 31 Dec, 1, 2 Jan = 4 days
        (D(2027, 12, 30), D(2028, 1, 2), 3, 4),
    ],
)
def test_feeding_days_are_the_rates_convention_counted_by_hand(brought, on, nights, days) -> None:
    """Neither Act counts feeding days (K s.4: the local authority "shall fix ... the rates of charge for feeding and
    watering"; 1857 s.VII: "at such rates as may from time to time be fixed by the Magistrate"): the rate row says
    'nights' or 'days'. One cow at Rs 100 a day, a fine of Rs 500: the charges are Rs 100 x the count by hand."""
    for convention, count in (("nights", nights), ("days", days)):
        b = RuleBook(
            fine_scales=[_rate("kerala-1961", "*", Money.of(500), D(2010, 1, 1))],
            feeding_rates=[_rate("kerala-1961", "*", Money.of(100), D(2010, 1, 1), id=2, counts=convention)],
            habitual=[],
        )
        due = compute_due(K, b, "Ollur Panchayat", "cow", 1, brought, on)
        feeding, total = Money.of(100 * count), Money.of(500 + 100 * count)
        assert (due.days_in_pound, due.feeding, due.total) == (count, feeding, total), convention


def test_1857_cost_on_the_notice_day_in_annas_by_hand() -> None:
    """1857 s.VII: delivered "on payment of the prescribed fine together with the expense of feeding the Cattle at
    such rates as may from time to time be fixed by the Magistrate". A cow brought 1 Jan 1858 at a rate of 1 anna a
    day, claimed on 9 Jan (the notice day, s.VIII): 8 nights x 1 a. = 8 as., + the s.VI fine of 4 as. = 12 as.
    = Rs 0.75 exactly; in the notation of the day '12 as.'."""
    b = RuleBook(
        fine_scales=statutory_rows([OLD]),
        feeding_rates=[_rate("act-iii-1857", "*", Money.annas(1), D(1857, 1, 1))],
        habitual=[],
    )
    due = compute_due(OLD, b, "Barrackpore", "cow", 1, D(1858, 1, 1), D(1858, 1, 9))
    assert (due.fine, due.feeding, due.total) == (Money.annas(4), Money.annas(8), Money(Fraction(3, 4)))
    assert due.total.display(D(1858, 1, 9)) == "12 as." and due.total.decimal_str() == "0.75"


def test_the_1857_scale_ends_with_the_act_not_with_the_annas() -> None:
    """1857 s.VI fines "for every Camel or Buffalo ... Eight Annas" and so on down to "for every Sheep or Goat ... One
    Anna"; the Act was repealed by Act I of 1871 (its pack takes the end of 1871, not verified). So its scale is
    published as in force from 1857 to 31 Dec 1871, not until the annas ended on 31 Mar 1957 (decimalisation,
    1 Apr 1957), which stays the end of the 1871 Act's own s.12 scale, in annas too."""
    old = statutory_rows([OLD])
    assert {r.species: r.amount for r in old}["camel"] == Money.annas(8)
    assert {r.effective_to for r in old} == {D(1871, 12, 31)}
    assert {r.effective_to for r in statutory_rows([pack("cattle-trespass-1871")])} == {D(1957, 3, 31)}


# --- the sale: K s.15(2)-(3), s.16(3); 1857 s.IX, s.XI --------------------------------------------------------------


def test_the_owners_balance_after_a_sale_by_hand_under_both_acts(tmp_path, client_for) -> None:
    """K s.15(2): "The fines leviable and expenses of feeding and watering together with the expenses of sale, if any,
    shall be deducted from the proceeds of the sale"; s.15(3): "the balance of the proceeds of sale, if any, shall be
    delivered to the owner"; s.16(3): unclaimed, the local authority holds it and "if no claim thereto be preferred
    within three months" disposes of it. 1857 s.XI: "the fines leviable and the expenses of feeding, together with the
    expenses of sale, if any, shall be deducted from the sale proceeds"; s.IX: "the balance of the purchase money if
    any shall be delivered to the owner"; the Magistrate holds surplus proceeds "in deposit for three months".
    By hand:
      K: a cow brought 1 Nov 2025, sold 17 Nov (the earliest auction day) for Rs 5,000, expenses of sale Rs 200:
         fine 500 + feeding 16 nights x 100 = 1,600 + 200 = 2,300; balance Rs 2,700, held to 17 Feb 2026.
      1857: a cow brought 1 Jan 1858, sold 17 Jan for Rs 3 8 as. (56 as.), expenses 2 as.: fine 4 as. + feeding
         16 nights x 1 a. = 16 as. + 2 as. = 22 as.; balance 34 as. = Rs 2 2 as. = 408 pies, held to 17 Apr 1858.
      1857, proceeds short: sold for 3 as. against 4 + 16 = 20 as. owed: balance nothing, 17 as. (Rs 1 1 a.) short.
         Neither Act says what becomes of a shortfall: "the balance ..., if any" is all either says."""
    k_header = "No.,Date brought,Kind,Number,Description,Date of sale,Sale proceeds,Expenses of sale\n"
    b_header = "No.,Date,Number and description of animals,Marks,Date of sale,Sale proceeds,Expenses of sale\n"
    db = _db(
        tmp_path,
        {
            "k1": k_header + "1,01/11/2025,cow,1,black,17/11/2025,Rs. 5000,Rs. 200\n",
            "b1": b_header + "1,1st January 1858,1 cow,x,17/01/1858,Rs. 3 8 as.,2 as.\n"
            "2,1st January 1858,1 cow,y,17/01/1858,3 as.,\n",
        },
    )
    sales = {
        (s["pound_id"], s["proceeds_rupees"]): s
        for s in _rows(db, "SELECT s.*, i.entry_no FROM sales s JOIN impoundments i ON i.id = s.impoundment_id")
    }
    k = sales[("k1", "5000.00")]
    assert (k["fines_rupees"], k["feeding_rupees"], k["expenses_rupees"], k["days_impounded"]) == (
        "500.00",
        "1600.00",
        "200.00",
        16,
    )
    assert (k["balance_rupees"], k["shortfall_rupees"], k["surplus_held_until"]) == ("2700.00", "0.00", "2026-02-17")
    old = sales[("b1", "3.50")]
    assert (old["fines_rupees"], old["feeding_rupees"], old["expenses_rupees"]) == ("0.25", "1.00", "0.125")
    assert (old["balance_rupees"], old["balance_minor"], old["money_unit"]) == ("2.125", 408, "pie")
    assert old["surplus_held_until"] == "1858-04-17"
    short = sales[("b1", "0.1875")]
    assert (short["balance_rupees"], short["shortfall_rupees"], short["shortfall_minor"]) == ("0.00", "1.0625", 204)
    assert short["surplus_held_until"] is None
    c = client_for(db, D(2025, 12, 1))
    account = parse(c.get(f"/animals/{k['impoundment_id']}/sale-account").text)
    assert account.by_id["balance"] == "₹2,700.00"
    old_account = parse(c.get(f"/animals/{old['impoundment_id']}/sale-account").text)
    assert old_account.by_id["balance"] == "Rs 2 2 as."


def test_a_seizure_adjudged_illegal_before_release_the_seizer_pays_under_both_acts() -> None:
    """K s.21(2): "If the cattle have not been released, the Magistrate shall, besides awarding such compensation,
    order their release and direct that the fines and expenses leviable under this Act shall be paid by the person
    who made the seizure". 1857 s.XIV: "if the Cattle have not been released, ... shall make an order for their
    release, and shall direct that the fines and expenses leviable under this Act shall be paid by the party who made
    the seizure". By hand: a cow brought 1 Apr 2025 (Rs 500, Rs 100 a night), complaint 3 Apr, adjudged illegal 8 Apr:
    on 8 Apr the owner owes nothing and there is no auction; the fines and expenses leviable, 500 + 7 x 100 = Rs 1,200,
    are the seizer's. 1857: a cow brought 5 Jan 1858, complaint 10 Jan, adjudged illegal 20 Jan: the owner owes
    nothing; the seizer owes 4 as. + 15 nights x 1 a. = 19 as."""
    kb = RuleBook(
        fine_scales=[_rate("kerala-1961", "*", Money.of(500), D(2010, 1, 1))],
        feeding_rates=[_rate("kerala-1961", "*", Money.of(100), D(2010, 1, 1), id=2)],
        habitual=[],
    )
    due = compute_due(K, kb, "Ollur Panchayat", "cow", 1, D(2025, 4, 1), D(2025, 4, 8),
                      complaint_filed_on=D(2025, 4, 3), complaint_decided_on=D(2025, 4, 8), seizure_illegal=True)  # fmt: skip
    assert (due.owner_owes_nothing, due.total, due.deadlines.auction_earliest_on) == (True, Money(), None)
    assert due.fine + due.feeding == Money.of(1200) and "K s.21(2)" in due.sections
    ob = RuleBook(
        fine_scales=statutory_rows([OLD]),
        feeding_rates=[_rate("act-iii-1857", "*", Money.annas(1), D(1857, 1, 1))],
        habitual=[],
    )
    old = compute_due(OLD, ob, "Barrackpore", "cow", 1, D(1858, 1, 5), D(1858, 1, 20),
                      complaint_filed_on=D(1858, 1, 10), complaint_decided_on=D(1858, 1, 20), seizure_illegal=True)  # fmt: skip
    assert (old.owner_owes_nothing, old.total, old.deadlines.auction_earliest_on) == (True, Money(), None)
    assert old.fine + old.feeding == Money.annas(19) and "1857 s.XIV" in old.sections


def test_released_before_the_decision_the_page_quotes_each_acts_own_words(tmp_path, client_for) -> None:
    """Cattle claimed on payment, then the seizure adjudged illegal: the complainant is compensated. K s.21(1): "...
    together with all fines paid and expenses incurred by the complainant in procuring the release of the cattle".
    1857 s.XIV has no "fines paid": "together with all expenses incurred by the complainant in procuring the release of
    the Cattle". A page quoting K's words and citing 1857 s.XIV misquotes the 1857 Act. By hand: a cow brought 1 Jan
    1858, claimed 4 Jan on payment of 4 as. + 3 nights x 1 a. = 7 as.; complaint 5 Jan (by 10 Jan: seized 31 Dec at
    the earliest), adjudged illegal 12 Jan."""
    header = "No.,Date,Number and description of animals,Marks,Date delivered,Complaint filed on,Complaint decided on,Complaint outcome\n"
    db = _db(tmp_path, {"b1": header + "1,1st January 1858,1 cow,x,04/01/1858,05/01/1858,12/01/1858,Seizure illegal\n"})
    (a,) = _rows(db, "SELECT id, status, left_on FROM impoundments")
    assert (a["status"], a["left_on"]) == ("claimed", "1858-01-04")
    c = client_for(db, D(2025, 12, 1))
    page = parse(c.get(f"/animals/{a['id']}").text)
    assert page.by_id["total"].strip() == "7 as."
    later = " ".join(page.by_id["seizure-illegal-later"].split())
    assert "(1857 s.XIV)" in later
    assert "all expenses incurred by the complainant in procuring the release of the Cattle" in later
    assert "fines paid" not in later


def test_a_complaint_that_may_have_been_in_time_does_not_let_an_1857_sale_through() -> None:
    """1857 s.XIV: a complaint "at any time within ten days from the date" of seizure; s.IX proviso: "if a complaint
    against the seizure shall have been preferred under the provisions of Section XIV of this Act, no sale shall be
    made until the case shall have been decided". Brought 5 Jan 1858, no seizure day recorded. The seizure was on
    5 Jan at the latest (it cannot follow the impounding) and, on Pinfold's reading of "without unnecessary delay"
    (s.II), on 4 Jan at the earliest. By hand: seized 4 Jan, the last day is 14 Jan; seized 5 Jan, 15 Jan. A complaint
    filed 15 Jan, undecided, may be one under s.XIV: the register cannot tell, and the Act forbids the sale if it is.
    Telling the owner "by 14 Jan" (the earliest) is right; judging a complaint filed on 15 Jan late is not."""
    d = deadlines(OLD, D(1858, 1, 5), complaint_filed_on=D(1858, 1, 15))
    assert d.complaint_deadline_on == D(1858, 1, 14)  # what an owner is told: the earliest it can be
    assert d.complaint_in_time is not False and d.auction_earliest_on is None


def test_the_whereabouts_for_a_day_before_the_animal_left_are_those_of_that_day(tmp_path, client_for) -> None:
    """The API answers "what it costs to claim an animal on a day" (DATA_CONTRACT.md: /due?on=YYYY-MM-DD) and says
    where the animal is "on the day asked" (portal/law.py due_json). A cow brought 1 Nov 2025 and sold 17 Nov: on
    9 Nov (the notice day, K s.13(1)) it was in the pound, claimable for Rs 500 + 8 nights x Rs 100 = Rs 1,300 (K s.12),
    its next event the auction on 17 Nov at the earliest (K s.13(3)). On 18 Nov, the day after the sale, it had left."""
    header = "No.,Date brought,Kind,Number,Description,Date of sale,Sale proceeds\n"
    db = _db(tmp_path, {"k1": header + "1,01/11/2025,cow,1,black,17/11/2025,Rs. 5000\n"})
    (a,) = _rows(db, "SELECT id FROM impoundments")
    due = client_for(db, D(2025, 12, 1)).get(f"/api/impoundments/{a['id']}/due", params={"on": "2025-11-09"}).json()
    assert due["total_rupees"] == "1300.00"
    assert (due["fate"], due["in_pound_now"], due["next_event_on"]) == ("in_pound", True, "2025-11-17")
    assert (due["status"], due["left_on"]) == ("sold", "2025-11-17")  # what the register records, as it is
    after = client_for(db, D(2025, 12, 1)).get(f"/api/impoundments/{a['id']}/due", params={"on": "2025-11-18"}).json()
    assert (after["fate"], after["in_pound_now"], after["next_event_on"]) == ("left", False, None)
