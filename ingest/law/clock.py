"""The law's clock (DATA_CONTRACT.md "How the clock is counted").

Periods "from" a date exclude that date (General Clauses Act, 1897, s.9). With d the day brought (or
the day of seizure when the register records it):
  notice_due_on        = d + claim_days + 1              (K s.13(1); 1857 s.VIII)
  auction_earliest_on  = N + notice_to_auction_days + 1  (K s.13(3)), N = day the notice was posted,
                         or notice_due_on when not yet posted; none while a complaint is pending where the
                         Act forbids a sale then (1857 s.IX proviso)
  complaint_deadline_on = d + complaint_days             (K s.19; 1857 s.XIV): the last day to complain
"""

from __future__ import annotations

import calendar
import datetime as dt
from typing import NamedTuple

from .packs import RulePack


class Deadlines(NamedTuple):
    notice_due_on: dt.date
    auction_earliest_on: dt.date | None
    complaint_deadline_on: dt.date


def deadlines(
    pack: RulePack,
    brought_on: dt.date,
    seized_on: dt.date | None = None,
    notice_posted_on: dt.date | None = None,
    complaint_pending: bool = False,
) -> Deadlines:
    """kerala-1961, brought 2025-04-03 -> notice due 2025-04-11, auction 2025-04-19, complaint by 2025-04-13."""
    d = seized_on or brought_on
    c = pack.clock
    notice_due = d + dt.timedelta(days=c.claim_days + 1)
    n = notice_posted_on or notice_due
    auction: dt.date | None = n + dt.timedelta(days=c.notice_to_auction_days + 1)
    if complaint_pending and c.no_sale_while_complaint_pending:
        auction = None
    return Deadlines(notice_due, auction, d + dt.timedelta(days=c.complaint_days))


def add_months(d: dt.date, months: int) -> dt.date:
    """2025-11-30 + 3 months -> 2026-02-28 (a month end stays in its month)."""
    m = d.month - 1 + months
    y, m = d.year + m // 12, m % 12 + 1
    return dt.date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def days_in_pound(brought_on: dt.date, until: dt.date) -> int:
    """Days of feeding charged: each day or part of a day from the day brought, at least one.

    brought 2025-04-03, claimed 2025-04-03 -> 1; claimed 2025-04-05 -> 2.
    """
    return max(1, (until - brought_on).days)
