"""What the register's outcome columns mean under the pack's Act: a complaint's decision, a seizure that reached the
pound late, a sale the Act did not allow on its day. One home for these readings: the ingest publishes them as
columns and the pages explain them from the same functions.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple

from .clock import TODAY_SQL, Deadlines
from .packs import RulePack

# A decision as registers record it. 'Seizure illegal', 'adjudged illegal, compensation Rs 50', 'complaint allowed',
# 'upheld', 'നിയമവിരുദ്ധം' -> the seizure was illegal; 'dismissed', 'seizure legal', 'not illegal' -> it was not.
_NOT_SO = re.compile(r"\bnot (?:illegal|unlawful)\b", re.I)
_ILLEGAL = re.compile(r"\b(?:illegal|unlawful|allowed|upheld|release ordered)\b|നിയമവിരുദ്ധ", re.I)
_NOT_ILLEGAL = re.compile(r"\b(?:legal|lawful|dismissed|rejected|disallowed|withdrawn)\b|നിയമാനുസൃത", re.I)


@lru_cache(maxsize=4096)
def seizure_adjudged_illegal(outcome: str | None) -> bool | None:
    """The recorded outcome of a complaint (K s.21; 1857 s.XIV) -> True when it says the seizure or detention was
    adjudged illegal, False when it says otherwise, None when it says neither (or nothing).

    'Seizure illegal; compensation Rs 50' -> True; 'Complaint dismissed' -> False; 'not illegal' -> False;
    'adjourned' -> None."""
    if not outcome:
        return None
    if _NOT_SO.search(outcome):
        return False
    if _ILLEGAL.search(outcome):
        return True
    return False if _NOT_ILLEGAL.search(outcome) else None


def brought_late(pack: RulePack, brought_on: dt.date, seized_on: dt.date | None) -> bool | None:
    """Whether a recorded seizure day is more than the pack's bound before the day brought (K s.9, s.10: within
    twenty-four hours). Seized 1 Mar, brought 3 Mar -> True (at least 24 hours and a minute); seized 1 Mar,
    brought 2 Mar -> False (it may have been within the 24 hours); no seizure day recorded, or an Act that fixes no
    time (1857 s.II: "without unnecessary delay") -> None."""
    if seized_on is None or "seizure_limit" not in pack.sections:
        return None
    return (brought_on - seized_on).days > pack.clock.seizure_at_most_days_before


class SaleQuestion(NamedTuple):
    """Why a recorded sale is flagged: 'complaint_pending' (a complaint made in time was not yet decided, 1857 s.IX
    proviso) or 'before_earliest' (before the earliest day the notice allows, K s.13(3)), with that day."""

    why: str
    earliest: dt.date | None


def sale_questioned(
    pack: RulePack,
    dl: Deadlines,
    sold_on: dt.date | None,
    complaint_filed_on: dt.date | None,
    complaint_decided_on: dt.date | None,
) -> SaleQuestion | None:
    """A sale the register records that the Act did not allow on its day, or None.

    1857, complaint filed 5 Mar 1858 in time, decided 20 Mar, sold 12 Mar -> ('complaint_pending', None): "no sale
    shall be made until the case shall have been decided" (s.IX proviso). Kerala, brought 1 Mar 2025, sold 10 Mar,
    earliest auction 17 Mar -> ('before_earliest', 17 Mar): lawful only if the owner appeared and would not pay
    (K s.15(1)), which no register column records.
    """
    if sold_on is None:
        return None
    if (
        pack.clock.no_sale_while_complaint_pending
        and dl.complaint_in_time
        and complaint_filed_on is not None
        and complaint_filed_on <= sold_on
        and (complaint_decided_on is None or sold_on < complaint_decided_on)
    ):
        return SaleQuestion("complaint_pending", None)
    earliest = dl.auction_by_notice_on
    if earliest is not None and sold_on < earliest:
        return SaleQuestion("before_earliest", earliest)
    return None


# --- What the register's outcome columns make of the entry ---------------------------------------------------------
# One home for the outcome field -> status table: the ingest's `status` and `left_on` columns read it (ingest/rows.py).

# Each outcome field and the status it gives, the register's last word first: an animal claimed and later sold (a
# correction, a second copy) is 'sold'. An entry with none of these dates is 'impounded'.
OUTCOME_STATUS: tuple[tuple[str, str], ...] = (
    ("sold_on", "sold"),
    ("disposed_on", "disposed"),
    ("released_by_order_on", "released_by_order"),
    ("claimed_on", "claimed"),
    ("deposit_on", "released_on_deposit"),
    ("notice_posted_on", "notice_posted"),
)
# The outcome fields whose day is a day the animal left the pound (the earliest is its `left_on`); a notice posted
# leaves it there.
LEFT_ON = ("claimed_on", "deposit_on", "released_by_order_on", "sold_on", "disposed_on")


def status_of(dates: Mapping[str, dt.date]) -> str:
    """An entry's outcome dates -> the register's last word on the animal (DATA_CONTRACT.md `status`):
    {'claimed_on': 5 Nov, 'sold_on': 19 Nov} -> 'sold'; {'notice_posted_on': 6 Nov} -> 'notice_posted'; {} ->
    'impounded'."""
    for field, status in OUTCOME_STATUS:
        if field in dates:
            return status
    return "impounded"


# --- Where the animal is, and what happens next ---------------------------------------------------------------------
# One home for "what became of the animal": the view impoundments_now, the portal's pages, lists, feeds, calendar and
# API, and the canned queries all read these expressions. They are SQL because the lists, the counts and the views are
# SQL; the portal gives `today` (the day its pages are for) where the views give India's date.

# What each status of an entry is called, in English and Malayalam: the pages, the API and the feeds read it.
STATUS_LABELS: dict[str, tuple[str, str]] = {
    "impounded": ("In the pound", "പൗണ്ടിൽ"),
    "notice_posted": ("Notice posted: auction soon", "നോട്ടീസ് പതിച്ചു: ലേലം ഉടൻ"),
    "claimed": ("Claimed by owner", "ഉടമ തിരികെ വാങ്ങി"),
    "released_on_deposit": ("Released on deposit (disputed)", "തുക കെട്ടിവച്ച് വിട്ടുകൊടുത്തു"),
    "released_by_order": ("Released by written order", "ഉത്തരവ് പ്രകാരം വിട്ടുകൊടുത്തു"),
    "sold": ("Sold at auction", "ലേലത്തിൽ വിറ്റു"),
    "disposed": ("Disposed of", "മറ്റുവിധത്തിൽ ഒഴിവാക്കി"),
}

IN_POUND = ("impounded", "notice_posted")  # the register's last word leaves the animal in the pound
# The register's last word when the fine was paid: on delivery to the owner (K s.12; 1857 s.VII) or out of the
# proceeds of sale (K s.15(2); 1857 s.XI), as far as they go (how much: proceeds.fine_collected). A deposit (K s.14) is
# held until the complaint is decided, not collected.
FINE_COLLECTED = ("claimed", "sold")
SILENT_AFTER_DAYS = 30
# India's date, as the public database's views count "today".
TODAY_IN_INDIA = TODAY_SQL
# What a proposed auction is (K s.13(3)), in English and Malayalam: the animal page, the calendar, the API and the
# auctions feed say it in these words; metadata.yml's descriptions are held to them (tests/test_sql_rules.py).
PROPOSED_MEANS = (
    "the earliest day the Act allows, not a day fixed for the sale",
    "നിയമം അനുവദിക്കുന്ന ആദ്യ ദിവസം; വിൽപനയ്ക്ക് നിശ്ചയിച്ച ദിവസമല്ല",
)


def silence_from(i: str = "i") -> str:
    """The day a month of register silence is counted from: the earliest auction by the notice alone, which an 1857
    complaint pending for ever does not take away (else the notice day; one of them is always known)."""
    return f"coalesce({i}.auction_by_notice_on, {i}.auction_earliest_on, {i}.notice_due_on)"


def whereabouts(today: str = TODAY_IN_INDIA, i: str = "i") -> dict[str, str]:
    """The columns of "what became of the animal, and what happens next", as SQL over impoundments `i` for the day
    `today` (an SQL expression): {'in_pound_now': ..., 'register_silent': ..., ...}.

    in_pound_now          the register's last word leaves it in the pound, and not a month past its earliest auction
    register_silent       it leaves it in the pound, a month past that day: where the animal went is not known
    auction_may_be_held   in the pound now, its earliest auction day come and no auction the Director fixed for it still
                          ahead: it may be sold any day, and can be claimed until it is (K s.12; 1857 s.VII)
    last_day_to_claim     in the pound now: the day before its auction, the one the Director fixed if it is a lot of
                          one (K s.13(3)), else the earliest
    next_event, next_event_on   'notice_due' (the s.13 notice, K s.13(1)), 'auction_fixed' (the auction the Director
                          fixed, K s.13(3)), 'auction_earliest', 'may_be_sold' (today), 'no_auction' (a complaint stops
                          it, or the seizure was illegal)
    fate                  'in_pound', 'may_be_sold', 'register_silent' or 'left' (claimed, released, sold, disposed)

    ('i', day 2026-11-30): brought 2026-11-25 -> in_pound_now 1, next 'notice_due' on 2026-12-03; claimed -> 'left'.
    """
    status = f"{i}.status IN ({', '.join(repr(s) for s in IN_POUND)})"
    silent = f"({status} AND {silence_from(i)} < date({today}, '-{SILENT_AFTER_DAYS} days'))"
    now = f"({status} AND {silence_from(i)} >= date({today}, '-{SILENT_AFTER_DAYS} days'))"
    earliest = f"{i}.auction_earliest_on"
    # the auction the Director fixed that the animal is a lot of (ingest/schema.py finish: only while the register is
    # not silent on it then), read for the rows shown, never in a count
    fixed = f"""(SELECT a.auction_date FROM auction_lots l JOIN auctions a ON a.id = l.auction_id
                 WHERE l.impoundment_id = {i}.id AND a.status = 'scheduled')"""
    may_be_sold = f"({now} AND {earliest} <= {today} AND coalesce({fixed} <= {today}, 1))"
    return {
        "in_pound_now": now,
        "register_silent": silent,
        "auction_may_be_held": f"coalesce({may_be_sold}, 0)",
        "last_day_to_claim": f"CASE WHEN {now} THEN date(coalesce({fixed}, {earliest}), '-1 day') END",
        "next_event": f"""CASE WHEN NOT {now} THEN NULL
            WHEN {i}.notice_posted_on IS NULL AND {today} < {i}.notice_due_on THEN 'notice_due'
            WHEN {earliest} IS NULL THEN 'no_auction'
            WHEN {today} <= {fixed} THEN 'auction_fixed'
            WHEN {today} < {earliest} THEN 'auction_earliest' ELSE 'may_be_sold' END""",
        "next_event_on": f"""CASE WHEN NOT {now} THEN NULL
            WHEN {i}.notice_posted_on IS NULL AND {today} < {i}.notice_due_on THEN {i}.notice_due_on
            WHEN {earliest} IS NULL THEN NULL
            WHEN {today} <= {fixed} THEN {fixed}
            WHEN {today} < {earliest} THEN {earliest} ELSE {today} END""",
        "fate": f"""CASE WHEN {silent} THEN 'register_silent' WHEN {may_be_sold} THEN 'may_be_sold'
            WHEN {now} THEN 'in_pound' ELSE 'left' END""",
    }


def as_it_stood(day: str, columns: Sequence[str]) -> str:
    """impoundments' `columns` as a SELECT list of the register as it stood at the end of `day` (an SQL expression): an
    outcome dated after that day had not happened, so an animal that left later was still in the pound, its notice
    posted only if that day had come. What whereabouts() over these says is where the animal was on `day`:
    ('2025-11-09', ['id', 'status']) -> "id, CASE WHEN left_on > '2025-11-09' ... END AS status"."""
    later = f"left_on > {day}"
    stood = {
        "status": f"CASE WHEN {later} THEN CASE WHEN notice_posted_on <= {day} THEN 'notice_posted' ELSE "
        f"'impounded' END ELSE status END",
        "left_on": f"CASE WHEN {later} THEN NULL ELSE left_on END",
        "notice_posted_on": f"CASE WHEN notice_posted_on > {day} THEN NULL ELSE notice_posted_on END",
    }
    return ", ".join(f"{stood[c]} AS {c}" if c in stood else c for c in columns)


def whereabouts_select(today: str = TODAY_IN_INDIA, i: str = "i") -> str:
    """whereabouts() as a SELECT list: "<expr> AS in_pound_now, <expr> AS register_silent, ..."."""
    return ", ".join(f"{sql} AS {name}" for name, sql in whereabouts(today, i).items())


def auctions_to_come(today: str = TODAY_IN_INDIA, a: str = "") -> str:
    """SQL over auctions: those to come on `today`, fixed by the Director or proposed for the earliest lawful day
    (K s.13(3)). A proposed auction is never in the past: once its day has gone by, its animals may be sold any day
    (whereabouts' auction_may_be_held), which is not an auction on a day anybody can go to."""
    a = f"{a}." if a else ""
    return f"{a}status IN ('scheduled', 'proposed') AND {a}auction_date >= {today}"
