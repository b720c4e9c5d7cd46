"""What the register's outcome columns mean under the pack's Act: a complaint's decision, a seizure that reached the
pound late, a sale the Act did not allow on its day. One home for these readings: the ingest publishes them as
columns and the pages explain them from the same functions.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache
from typing import NamedTuple

from .clock import Deadlines
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
    brought 2 Mar -> False (it may have been within the 24 hours); no seizure day recorded -> None."""
    if seized_on is None:
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
