"""What an owner owes on a given day: fine + feeding charges, with the sections and the notifications behind them.

A sum is shown only when every part of it is known; an unknown part says which and why (`Unknown`). Once the seizure
is adjudged illegal the person who seized pays the fines and expenses (K s.21(2); 1857 s.XIV) and the owner owes
nothing; before the day it was decided the owner claims "on payment" (K s.12; 1857 s.VII) or on deposit (K s.14), and
cattle released so are repaid "together with all fines paid and expenses incurred" (K s.21(1); 1857 s.XIV).
"""

from __future__ import annotations

import bisect
import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from .clock import Deadlines, deadlines
from .money import DECIMALISATION, Money
from .packs import RulePack
from .rules import RateRow, RuleBook, days_charged


class FeedingPart(NamedTuple):
    """A run of days at one rate: Rs 100 x 1 head x 2 days from 3 Apr = Rs 200."""

    first_day: dt.date
    days: int
    head: int
    rate: RateRow

    @property
    def amount(self) -> Money:
        return self.rate.amount * (self.days * self.head)


class Unknown(NamedTuple):
    """A part of the sum that cannot be known, and why, in words the page builds its sentence from:
    ('fine', 'not_in_statute', '') -- the Act's own scale names no fine for the kind (1857 s.VI and a pig);
    ('fine', 'no_scale', '') -- no notified scale on file for the area and kind (K s.11(1));
    ('feeding', 'no_rate', '2025-04-03') -- no feeding rate on file from that day."""

    part: str
    why: str
    from_day: str = ""


@dataclass
class Due:
    on: dt.date
    days_in_pound: int  # days of feeding charged, by the rate's own convention (FeedingPart, rules.DAYS_COUNTED)
    head_count: int
    fine_per_head: Money | None
    habitual_multiplier: Fraction
    fine: Money | None
    feeding_rate: Money | None
    feeding: Money | None
    deadlines: Deadlines
    fine_basis: RateRow | None = None
    feeding_basis: RateRow | None = None
    sections: list[str] = field(default_factory=list)
    feeding_parts: list[FeedingPart] = field(default_factory=list)
    unknown: list[Unknown] = field(default_factory=list)
    owner_owes_nothing: bool = False  # the seizure was adjudged illegal: the seizer pays (K s.21(2))
    # the seizure was adjudged illegal on this later day: until then the owner owed the sum (K s.12, s.14), and cattle
    # released before it are repaid by the seizer (K s.21(1))
    adjudged_illegal_later: dt.date | None = None
    reported_practices: list[RateRow] = field(default_factory=list)  # shown beside the sum, never in it
    # the multiplier the pound's own area would give (K s.11(2)): where the place of seizure decided otherwise, it
    # differs from habitual_multiplier, and the page says why
    pound_area_multiplier: Fraction = Fraction(1)
    # the notification the multiplier rests on (rules.habitual_row): an Act's section multiplies, a notification
    # (or an example of one) says the area is one; None when the fine is not multiplied
    habitual_basis: RateRow | None = None

    @property
    def total(self) -> Money | None:
        """Fine + feeding when both are known; nothing owed when the seizure was adjudged illegal; else None."""
        if self.owner_owes_nothing:
            return Money()
        if self.fine is None or self.feeding is None:
            return None
        return self.fine + self.feeding


def feeding_parts(
    book: RuleBook, act: str, area: str, species: str, head: int, start: dt.date, days: int
) -> tuple[list[FeedingPart], dt.date | None]:
    """Per head per day at the rate in force each day (K s.4 rates change over time), as runs of one rate:
    Rs 100 from 1 Apr to 2 Apr, Rs 150 from 3 Apr, 3 days from 1 Apr -> [Rs 100 x 2 days, Rs 150 x 1 day].

    Returns the parts and the first day no rate covers (None when every day has one). Days are split where a rate
    starts or ends, so a long stay costs a few lookups, not one per day.
    """
    end = start + dt.timedelta(days=days)
    boundaries = book.feeding_boundaries(act, area, species)
    inside = [b for b in boundaries[bisect.bisect_right(boundaries, start) :] if b < end]
    points = [start, *inside, end]
    parts: list[FeedingPart] = []
    gap: dt.date | None = None
    for a, b in zip(points, points[1:], strict=False):
        row = book.feeding_rate(act, area, species, a)
        if row is None:
            gap = gap or a
            continue
        if parts and parts[-1].rate == row:  # the same rate on both sides of another row's boundary
            last = parts[-1]
            parts[-1] = last._replace(days=last.days + (b - a).days)
        else:
            parts.append(FeedingPart(a, (b - a).days, head, row))
    return parts, gap


def feeding_charges(
    book: RuleBook, act: str, area: str, species: str, head: int, start: dt.date, days: int
) -> tuple[Money | None, RateRow | None]:
    """The charges for `days` from `start` and the rate in force on the first day; (None, None) when any day has
    no rate on file (a total of the days that have one would be a sum nobody owes)."""
    parts, gap = feeding_parts(book, act, area, species, head, start, days)
    if gap is not None or not parts:
        return None, None
    total = Money()
    for p in parts:
        total = total + p.amount
    return total, parts[0].rate


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
    complaint_filed_on: dt.date | None = None,
    complaint_decided_on: dt.date | None = None,
    seizure_illegal: bool = False,
    ended_on: dt.date | None = None,
    seized_in: str | None = None,
) -> Due:
    """The amount due to claim on `on` (K s.12; 1857 s.VII): the fine on the scale in force on the day brought for
    the pound's area (K s.11(1)), times the multiplier of a notified habitual-trespass area the cattle were seized in
    (s.11(2): "seized within such local area"; `seized_in`, else the pound's area), plus feeding charges for each day
    in the pound as the rate counts days (K s.4). Charges stop on the day the register records the animal leaving.
    """
    fine_row = book.fine_scale(pack.id, area, species, brought_on)
    habitual = book.habitual_row(pack, seized_in or area, species, brought_on)
    mult = Fraction(1) if habitual is None else habitual.amount.rupees
    by_pound = mult if not seized_in or seized_in == area else book.habitual_multiplier(pack, area, species, brought_on)
    per_head = fine_row.amount if fine_row else None
    fine = per_head * (head_count * mult) if per_head is not None else None
    until = min(on, ended_on) if ended_on else on
    first_rate = book.feeding_rate(pack.id, area, species, brought_on)
    days = days_charged(first_rate.counts_days if first_rate else "", brought_on, until)
    parts, gap = feeding_parts(book, pack.id, area, species, head_count, brought_on, days)
    feeding: Money | None = None
    if parts and gap is None:
        feeding = Money()
        for p in parts:
            feeding = feeding + p.amount
    unknown = []
    if fine is None:
        in_statute = pack.statutory_fines and brought_on < DECIMALISATION  # an annas scale is no fine after it
        unknown.append(Unknown("fine", "not_in_statute" if in_statute else "no_scale"))
    if feeding is None:
        unknown.append(Unknown("feeding", "no_rate", (gap or brought_on).isoformat()))
    dl = deadlines(
        pack, brought_on, seized_on, notice_posted_on, complaint_filed_on, complaint_decided_on, seizure_illegal
    )
    sections = pack.cite("fine", "feeding", "claim", "deposit", "notice", "auction", "complaint")
    if mult != 1:
        sections.insert(1, pack.sections.get("habitual", ""))
    if dl.complaint_in_time and pack.clock.no_sale_while_complaint_pending:
        sections += pack.cite("complaint_pending")
    # "if the seizure be adjudged illegal": from the day decided, not before (an undated decision: from the first day)
    later = complaint_decided_on if seizure_illegal and complaint_decided_on and until < complaint_decided_on else None
    adjudged = seizure_illegal and later is None
    if adjudged:
        sections += pack.cite("seizer_pays")
    elif later and ended_on and ended_on <= until:
        sections += pack.cite("repaid")  # released before the decision: K s.21(1), fines paid and expenses repaid
    return Due(
        on=on,
        days_in_pound=days,
        head_count=head_count,
        fine_per_head=per_head,
        habitual_multiplier=mult,
        habitual_basis=habitual if mult != 1 else None,
        fine=fine,
        feeding_rate=parts[0].rate.amount if parts else None,
        feeding=feeding,
        deadlines=dl,
        fine_basis=fine_row,
        feeding_basis=parts[0].rate if parts else None,
        sections=[s for s in sections if s],
        feeding_parts=parts,
        unknown=unknown,
        owner_owes_nothing=adjudged,
        adjudged_illegal_later=later,
        reported_practices=book.reported_practices(pack.id, area, species, brought_on),
        pound_area_multiplier=by_pound,
    )
