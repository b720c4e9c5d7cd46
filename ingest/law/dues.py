"""What an owner owes on a given day: fine + feeding charges, with the sections and the notifications behind them."""

from __future__ import annotations

import bisect
import datetime as dt
from dataclasses import dataclass, field

from .clock import Deadlines, days_in_pound, deadlines
from .money import Money
from .packs import RulePack
from .rules import RateRow, RuleBook


@dataclass
class Due:
    on: dt.date
    days_in_pound: int
    head_count: int
    fine_per_head: Money | None
    habitual_multiplier: int
    fine: Money | None
    feeding_rate: Money | None
    feeding: Money | None
    deadlines: Deadlines
    fine_basis: RateRow | None = None
    feeding_basis: RateRow | None = None
    sections: list[str] = field(default_factory=list)

    @property
    def total(self) -> Money | None:
        if self.fine is None and self.feeding is None:
            return None
        return (self.fine or Money()) + (self.feeding or Money())


def feeding_charges(
    book: RuleBook, act: str, area: str, species: str, head: int, start: dt.date, days: int
) -> tuple[Money | None, RateRow | None]:
    """Per head per day at the rate in force each day (K s.4 rates change over time).

    Days are split into runs where one rate is in force, so a long stay costs a few lookups, not one per day.
    Returns (None, None) when no rate is published for any of the days.
    """
    end = start + dt.timedelta(days=days)
    boundaries = book.feeding_boundaries(act, area, species)
    inside = [b for b in boundaries[bisect.bisect_right(boundaries, start) :] if b < end]
    if not inside:  # one rate for the whole stay: the common case
        row = book.feeding_rate(act, area, species, start)
        return (row.amount * (days * head), row) if row else (None, None)
    points = [start, *inside, end]
    total, first = Money(), None
    for a, b in zip(points, points[1:], strict=False):
        row = book.feeding_rate(act, area, species, a)
        if row is None:
            continue
        first = first or row
        total = total + row.amount * ((b - a).days * head)
    return (total, first) if first else (None, None)


def compute_due(
    pack: RulePack,
    book: RuleBook,
    area: str,
    species: str,
    head_count: int,
    brought_on: dt.date,
    on: dt.date,
    *,
    seized_on: dt.date | None = None,
    notice_posted_on: dt.date | None = None,
    complaint_pending: bool = False,
    ended_on: dt.date | None = None,
) -> Due:
    """The amount due to claim on `on` (K s.12; 1857 s.VII): the fine on the scale in force on the day
    brought (K s.11(1)), doubled in a notified habitual-trespass area (s.11(2)), plus feeding charges for
    each day in the pound (K s.4). Charges stop on the day the register records the animal leaving.
    """
    fine_row = book.fine_scale(pack.id, area, species, brought_on)
    mult = book.habitual_multiplier(pack, area, species, brought_on)
    per_head = fine_row.amount if fine_row else None
    fine = per_head * (head_count * mult) if per_head is not None else None
    until = min(on, ended_on) if ended_on else on
    days = days_in_pound(brought_on, until)
    feeding, feed_row = feeding_charges(book, pack.id, area, species, head_count, brought_on, days)
    sections = pack.cite("fine", "feeding", "claim", "deposit", "notice", "auction", "complaint")
    if mult > 1:
        sections.insert(1, pack.sections.get("habitual", ""))
    if complaint_pending and pack.clock.no_sale_while_complaint_pending:
        sections += pack.cite("complaint_pending")
    return Due(
        on=on,
        days_in_pound=days,
        head_count=head_count,
        fine_per_head=per_head,
        habitual_multiplier=mult,
        fine=fine,
        feeding_rate=feed_row.amount if feed_row else None,
        feeding=feeding,
        deadlines=deadlines(pack, brought_on, seized_on, notice_posted_on, complaint_pending),
        fine_basis=fine_row,
        feeding_basis=feed_row,
        sections=[s for s in sections if s],
    )
