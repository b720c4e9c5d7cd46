"""The law's clock (DATA_CONTRACT.md "How the clock is counted").

Periods "from" a date exclude that date (each pack names the authority it relies on, `Clock.counting`). Two days
start the periods:
  b = the day impounded (brought): "not claimed within seven days from the date of their being impounded"
      (K s.13(1); 1857 s.VIII) -- the notice and the auction run from it;
  s = the day of seizure: "within ten days from the date of seizure" (K s.19; 1857 s.XIV) -- only the complaint.
When the register records no seizure, s is the earliest day it can have been: cattle reach the pound within
24 hours of their seizure (K s.9, s.10), so s = b - 1 and the complaint deadline is the earliest it can be.

  notice_due_on        = b + claim_days + 1                               (K s.13(1); 1857 s.VIII)
  auction_earliest_on  = max(N, notice_due_on) + notice_to_auction_days + 1  (K s.13(3)), N the day the notice
                         was posted (an early notice cannot shorten the owner's seven days), or notice_due_on
                         when not yet posted. None while a complaint made in time is pending where the Act forbids
                         a sale then (1857 s.IX proviso), and not before it is decided; None when the seizure was
                         adjudged illegal (K s.21(2), 1857 s.XIV: release is ordered).
  complaint_deadline_on = s + complaint_days                             (K s.19; 1857 s.XIV): the last day
"""

from __future__ import annotations

import calendar
import datetime as dt
from typing import NamedTuple

from .packs import RulePack

DAY = dt.timedelta(days=1)
# India's time (UTC+5:30, no summer time): registers, pages and the demo are dated by India's day, not the machine's.
IST = dt.timezone(dt.timedelta(hours=5, minutes=30))
# The same zone as others must write it, each derived from IST: its name in the tz database (a calendar's TZID;
# Asia/Kolkata has kept UTC+5:30 since 1945), its ISO 8601 offset ('+05:30') and SQLite's date of India today.
ZONE_NAME = "Asia/Kolkata"
ISO_OFFSET = dt.datetime(2000, 1, 1, tzinfo=IST).isoformat()[-6:]
TODAY_SQL = f"date('now', '+{IST.utcoffset(None) // dt.timedelta(minutes=1)} minutes')"


def today_in_india() -> dt.date:
    """The date in India now, whatever the machine's zone: at 2026-12-01 19:00 UTC -> 2026-12-02."""
    return dt.datetime.now(IST).date()


class Deadlines(NamedTuple):
    notice_due_on: dt.date
    auction_earliest_on: dt.date | None
    complaint_deadline_on: dt.date
    # The register records no seizure day: the complaint deadline counts from the earliest day it can have been.
    seizure_assumed: bool = False
    # The earliest auction counted from the notice alone, whatever a complaint does to it: the day by which the
    # register would be expected to record what became of the animal (the register-silent rule counts from it).
    auction_by_notice_on: dt.date | None = None
    complaint_in_time: bool | None = None  # None: no complaint recorded
    # The last day to complain if the cattle were seized the day they were brought: the latest the last day can be
    # when the register records no seizure day (complaint_deadline_on, the earliest, otherwise).
    complaint_latest_on: dt.date | None = None


def deadlines(
    pack: RulePack,
    brought_on: dt.date,
    seized_on: dt.date | None = None,
    notice_posted_on: dt.date | None = None,
    complaint_filed_on: dt.date | None = None,
    complaint_decided_on: dt.date | None = None,
    seizure_illegal: bool = False,
) -> Deadlines:
    """kerala-1961, brought 2025-04-03 (no seizure day) -> notice due 2025-04-11, auction 2025-04-19, complaint by
    2025-04-12 (the seizure at the earliest on 2 Apr, K s.9). Brought 1 Mar, notice posted 4 Mar -> auction 17 Mar.
    1857, brought 5 Jan 1858, no seizure day, complaint 15 Jan -> in time (seized 5 Jan, it is), deadline 14 Jan."""
    c = pack.clock
    notice_due = brought_on + dt.timedelta(days=c.claim_days + 1)
    posted = max(notice_posted_on, notice_due) if notice_posted_on else notice_due
    by_notice = posted + dt.timedelta(days=c.notice_to_auction_days + 1)
    seizure = seized_on or brought_on - dt.timedelta(days=c.seizure_at_most_days_before)
    complaint_deadline = seizure + dt.timedelta(days=c.complaint_days)
    # An owner is told the earliest deadline; a complaint is late only when it is late whatever the seizure day was:
    # with none recorded, the seizure may have been the day brought, and one filed by then + 10 days may be one under
    # the section (the register cannot tell, and 1857 s.IX stops the sale if it is).
    latest = (seized_on or brought_on) + dt.timedelta(days=c.complaint_days)
    in_time = None if complaint_filed_on is None else complaint_filed_on <= latest
    auction: dt.date | None = by_notice
    if seizure_illegal:
        auction = None
    elif in_time and c.no_sale_while_complaint_pending:
        # "no sale shall be made until the case shall have been decided" (1857 s.IX proviso)
        auction = max(by_notice, complaint_decided_on) if complaint_decided_on else None
    return Deadlines(notice_due, auction, complaint_deadline, seized_on is None, by_notice, in_time, latest)


def auction_if_posted(pack: RulePack, brought_on: dt.date, posted_on: dt.date) -> dt.date:
    """The earliest auction a notice posted on a day allows (K s.13(3)): what a notice printed today says.

    kerala-1961, brought 2026-11-01 (notice due 2026-11-09), posted 2026-11-30 -> 2026-12-08."""
    return deadlines(pack, brought_on, notice_posted_on=posted_on).auction_by_notice_on or posted_on


def add_months(d: dt.date, months: int) -> dt.date:
    """2025-11-30 + 3 months -> 2026-02-28 (a month end stays in its month)."""
    m = d.month - 1 + months
    y, m = d.year + m // 12, m % 12 + 1
    return dt.date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def days_in_pound(brought_on: dt.date, until: dt.date) -> int:
    """Nights from the day brought to a day, at least one: brought 2025-04-03, claimed 2025-04-03 -> 1;
    claimed 2025-04-05 -> 2. Neither Act says how feeding days are counted: a rate says it (dues.DAYS_COUNTED)."""
    return max(1, (until - brought_on).days)
