"""The rule packs applied to the published tables: the same engine the ingest uses, fed from the public database."""

from __future__ import annotations

import datetime as dt
import sqlite3
from fractions import Fraction
from typing import Any, NamedTuple

from pinfold.law.dues import Due, compute_due
from pinfold.law.money import Money
from pinfold.law.packs import RulePack, pack
from pinfold.law.rules import SEIZURE_AREA_ASSUMED, RateRow, RuleBook, ratio_text
from pinfold.law.status import PROPOSED_MEANS
from pinfold.vocabulary import SPECIES

_BOOKS: dict[str, RuleBook] = {}


def _date(v: str | None) -> dt.date | None:
    return dt.date.fromisoformat(v) if v else None


def _iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


def _rate(r: sqlite3.Row | dict[str, Any], area: str, amount: str, feeding: bool = False) -> RateRow:
    return RateRow(
        id=r["id"],
        act=r["act"],
        area=r[area],
        species=r["species"],
        amount=Money(Fraction(r[amount])),
        effective_from=_date(r["effective_from"]),
        effective_to=_date(r["effective_to"]),
        reference=r["reference"] or "",
        status=r["status"] or "",
        note=r["note"] or "",
        # a feeding rate's own day convention ('' when it does not say: Pinfold's default, rules.DAYS_COUNTED)
        days_counted=r["days_counted"] if feeding and r["days_counted_stated"] else "",
    )


def rulebook(con: sqlite3.Connection, version: str) -> RuleBook:
    """The published fine scales, feeding rates and habitual areas as a RuleBook, built once per database version."""
    book = _BOOKS.get(version)
    if book is None:
        book = RuleBook(
            fine_scales=[_rate(r, "local_area", "amount_rupees") for r in con.execute("SELECT * FROM fine_scales")],
            feeding_rates=[
                _rate(r, "local_authority", "rate_per_day_rupees", feeding=True)
                for r in con.execute("SELECT * FROM feeding_rates")
            ],
            habitual=[
                RateRow(
                    r["id"],
                    r["act"],
                    r["local_area"],
                    r["species"],
                    Money(Fraction(r["multiplier_exact"])),
                    _date(r["effective_from"]),
                    _date(r["effective_to"]),
                    r["reference"] or "",
                    r["status"] or "",
                )
                for r in con.execute("SELECT * FROM habitual_areas")
            ],
        )
        _BOOKS.clear()
        _BOOKS[version] = book
    return book


def due_for(imp: dict[str, Any], book: RuleBook, on: dt.date) -> Due:
    """An impoundments row -> what it costs to claim on `on` (K s.12: fine + feeding), with its deadlines."""
    return compute_due(
        pack(imp["act"]),
        book,
        imp["local_authority"] or "",
        imp["species"],
        imp["head_count"],
        dt.date.fromisoformat(imp["brought_on"]),
        on,
        seized_on=_date(imp["seized_on"]),
        notice_posted_on=_date(imp["notice_posted_on"]),
        complaint_filed_on=_date(imp["complaint_filed_on"]),
        complaint_decided_on=_date(imp["complaint_decided_on"]),
        seizure_illegal=bool(imp.get("seizure_adjudged_illegal")),
        ended_on=_date(imp["left_on"]) or silent_from(imp),
        seized_in=imp.get("seizure_local_area"),  # K s.11(2): the area the place of seizure names, as ingested
    )


def silent_from(imp: dict[str, Any]) -> dt.date | None:
    """For an entry the register is silent on (its whereabouts, for the day asked), the last day it can have been
    claimed before its earliest auction by the notice: its charges stop there, whatever day is asked (an 1859 bullock
    is not charged 61,000 days of feeding). (silent, auction by notice 1858-01-23) -> 1858-01-22; else None."""
    if not imp.get("register_silent"):
        return None
    day = imp.get("auction_by_notice_on") or imp.get("auction_earliest_on") or imp["notice_due_on"]
    return dt.date.fromisoformat(day) - dt.timedelta(days=1)


def shown_on(imp: dict[str, Any], today: dt.date) -> dt.date:
    """The day an animal's charges are shown for when no day is asked: today; or, when the register is silent on it
    and so never says when it left, the last day to claim before its auction, the most its owner could lawfully have
    been asked to pay. (impounded 1858, auction 1858-01-23) -> 1858-01-22."""
    return silent_from(imp) or today


HISTORICAL_AFTER = dt.timedelta(days=365)


def rates_shown_on(last_entry: str | None, today: dt.date) -> dt.date:
    """The day a pound's list of fines and rates (K s.11(4)) is given for: today; or, for a register with no entry
    in the last year (a historical pound), the day of its last entry, in that day's money.

    ('1858-06-07', 2026-11-30) -> 1858-06-07; ('2026-11-29', 2026-11-30) -> 2026-11-30; (None, today) -> today.
    """
    if last_entry and dt.date.fromisoformat(last_entry) + HISTORICAL_AFTER < today:
        return dt.date.fromisoformat(last_entry)
    return today


class ListedRate(NamedTuple):
    """One kind's line of the list every pound displays (K s.11(4); 1857 s.VII), in the notation of its day."""

    species: str
    fine: str | None  # the fine per head in force; in a habitual-trespass area the multiplied one, its working after
    feeding: str | None  # the feeding and watering rate per head per day
    basis: list[tuple[str, str]]  # (reference, status) of the scale row, the habitual area's (K s.11(2)), the rate row
    practices: list[tuple[str, str]]  # press-reported council practices: (amount, reference), never in the list


def rates_listed(book: RuleBook, pk: RulePack, area: str, on: dt.date) -> list[ListedRate]:
    """A pound's list of fines and feeding rates on a day (K s.11(4)), one line per kind with a scale or a rate:
    (the demo's book, K, 'Thrissur Municipal Corporation', 2026-12-02) -> [ListedRate('cow', '₹1,000.00 (₹500.00 × 2,
    K s.11(2))', '₹100.00', [...], []), ...]; an 1857 pound on 1858-06-07 -> [..., ListedRate('cow', '4 as.', ...)]."""
    listed = []
    for kind in SPECIES:
        fine, feed = book.fine_scale(pk.id, area, kind, on), book.feeding_rate(pk.id, area, kind, on)
        if not (fine or feed):
            continue
        habitual = book.habitual_row(pk, area, kind, on)
        mult = habitual.amount.rupees if habitual else Fraction(1)
        fine_text = (fine.amount * mult).display(on) if fine else None
        if fine and mult != 1:  # a notified habitual-trespass area: the multiplied fine is the one in force
            fine_text = (
                f"{fine_text} ({fine.amount.display(on)} × {ratio_text(mult)}, {pk.sections.get('habitual', '')})"
            )
        # a press-reported council practice is shown beside the list, labelled, and never in it
        practices = book.reported_practices(pk.id, area, kind, on)
        listed.append(
            ListedRate(
                kind,
                fine_text,
                feed.amount.display(on) if feed else None,
                [(r.reference, r.status) for r in (fine, habitual if fine and mult != 1 else None, feed) if r],
                [(r.amount.display(on), r.reference) for r in practices],
            )
        )
    return listed


def last_day_to_claim(imp: dict[str, Any]) -> dt.date | None:
    """The one day an owner acts on: the last day to claim before the animal can lawfully be sold (K s.12, s.13(3)).

    In the pound now, the whereabouts' last_day_to_claim (the day before the auction the Director fixed, if it is a
    lot of one, else before the earliest), which the lists, feeds and daily sheets read; for an entry the register is
    silent on, the day before its earliest auction (the day its charges stop, silent_from); once it has left, None.
    The earliest counts from the day the notice was due when the register records none posted (DATA_CONTRACT.md):
    the notice may have been posted that day and not yet entered, so a later day (a notice posted only today) is
    never the one an owner is told to act on. Brought 1 Nov 2025, no notice recorded -> 16 Nov 2025 (notice due
    9 Nov, auction 17 Nov); no auction (a complaint pending, the seizure adjudged illegal) -> None."""
    if imp.get("last_day_to_claim"):
        return dt.date.fromisoformat(imp["last_day_to_claim"])
    earliest = _date(imp.get("auction_earliest_on"))
    return earliest - dt.timedelta(days=1) if earliest and imp.get("register_silent") else None


def auction_of(con: sqlite3.Connection, impoundment_id: str) -> dict[str, Any] | None:
    """The auction an animal is a lot of, held excepted: its day and whether it is 'scheduled' (by the Director's
    order) or 'proposed' (the earliest day the Act allows, K s.13(3))."""
    r = con.execute(
        """SELECT au.auction_date, au.auction_time, au.place, au.status FROM auction_lots l
           JOIN auctions au ON au.id = l.auction_id WHERE l.impoundment_id = ? AND au.status != 'held'""",
        (impoundment_id,),
    ).fetchone()
    return dict(r) if r else None


def auction_status_means(status: str, pk: RulePack) -> str:
    """What an auction's status says, with the pack's section: ('proposed', K) -> 'proposed: the earliest day the Act
    allows, not a day fixed for the sale (K s.13(3))'."""
    cite = pk.sections.get("auction", "")
    if status == "proposed":
        return f"proposed: {PROPOSED_MEANS[0]} ({cite})"
    return f"scheduled by the order that fixes the sale's place, time and conditions ({cite})"


def seizure_area_note(imp: dict[str, Any], due: Due) -> str | None:
    """Which K s.11(2) note an entry's fine needs, where the place of seizure changes what the owner pays:
    'assumed' when the place names no local area on file and the pound's own area, taken instead, multiplies the fine
    (the doubling rests on that); 'seized_in' when the area it names gives another multiplier than the pound's would;
    None otherwise (the column seizure_area_assumed still says where an area notified anywhere could have mattered)."""
    if imp.get("seizure_area_assumed") and due.habitual_multiplier != 1:
        return "assumed"
    if imp.get("seizure_local_area") and due.habitual_multiplier != due.pound_area_multiplier:
        return "seized_in"
    return None


def seizure_area_basis(imp: dict[str, Any], due: Due, pk: RulePack, lang: str = "en") -> str | None:
    """What an entry's K s.11(2) multiplier rests on when seizure_area_note is 'assumed': "the place of seizure names
    no local area on file: the pound's own area is taken (K s.11(2))"; else None."""
    if seizure_area_note(imp, due) != "assumed":
        return None
    return f"{SEIZURE_AREA_ASSUMED[lang == 'ml']} ({pk.sections.get('habitual', '')})"


def due_json(imp: dict[str, Any], due: Due, today: dt.date, auction: dict[str, Any] | None = None) -> dict[str, Any]:
    """The contract's JSON for /api/impoundments/{id}/due: exact decimal strings, never floats."""

    def s(m: Money | None) -> str | None:
        return m.decimal_str() if m is not None else None

    d = due.deadlines
    pk = pack(imp["act"])
    return {
        "id": imp["id"],
        "on": due.on.isoformat(),
        "act": imp["act"],
        "species": imp["species"],
        "head_count": imp["head_count"],
        "head_count_assumed": bool(imp["head_count_assumed"]),  # no number in the register: one is read
        "fine_rupees": s(due.fine),
        "fine_per_head_rupees": s(due.fine_per_head),
        # an exact ratio: 2, or 1.5 (K s.11(2) allows any amount up to double)
        "habitual_multiplier": int(due.habitual_multiplier)
        if due.habitual_multiplier.denominator == 1
        else ratio_text(due.habitual_multiplier),
        # K s.11(2) follows the place of seizure: the local area it names, or the pound's own area, said so
        "seizure_local_area": imp.get("seizure_local_area"),
        "seizure_area_assumed": bool(imp.get("seizure_area_assumed")),
        "habitual_area_basis": seizure_area_basis(imp, due, pk),
        "feeding_rupees": s(due.feeding),
        "feeding_rate_per_head_per_day_rupees": s(due.feeding_rate),
        # each run of days at one rate: a stay across a change of rate is its parts
        "feeding_parts": [
            {
                "from": p.first_day.isoformat(),
                "days": p.days,
                "head": p.head,
                "rate_per_head_per_day_rupees": s(p.rate.amount),
                "rupees": s(p.amount),
                "days_counted": p.rate.counts_days,
                "days_counted_stated_by_the_rate": bool(p.rate.days_counted),
            }
            for p in due.feeding_parts
        ],  # fmt: skip
        "total_rupees": s(due.total),
        # a part not known, and why: the total is then null (pinfold.law.dues.Unknown)
        "unknown": [{"part": u.part, "why": u.why, "from": u.from_day or None} for u in due.unknown],
        "owner_owes_nothing": due.owner_owes_nothing,  # the seizure was adjudged illegal: the seizer pays
        "days_in_pound": due.days_in_pound,
        "notice_due_on": d.notice_due_on.isoformat(),
        "auction_earliest_on": d.auction_earliest_on.isoformat() if d.auction_earliest_on else None,
        # the one day an owner acts on, as the animal page and its notice give it (last_day_to_claim above)
        "last_day_to_claim": _iso(last_day_to_claim(imp)),
        "auction": {**auction, "status_means": auction_status_means(auction["status"], pk)} if auction else None,
        "complaint_deadline_on": d.complaint_deadline_on.isoformat(),
        # no seizure day in the register: the deadline is the earliest it can be (K s.9, s.10: within 24 hours)
        "seizure_assumed": d.seizure_assumed,
        "complaint_in_time": d.complaint_in_time,
        # the periods of the pound's Act, from its rule pack
        "periods": pk.periods(),
        "sections": due.sections,
        "fine_basis": {"reference": due.fine_basis.reference, "status": due.fine_basis.status}
        if due.fine_basis
        else None,
        "feeding_basis": {"reference": due.feeding_basis.reference, "status": due.feeding_basis.status}
        if due.feeding_basis
        else None,
        # the notification of the habitual-trespass area the fine is multiplied for (K s.11(2)), or None
        "habitual_basis": {"reference": due.habitual_basis.reference, "status": due.habitual_basis.status}
        if due.habitual_basis
        else None,
        # press-reported council practices: not notified, never in the sums above
        "reported_practices": [
            {"rupees": s(r.amount), "reference": r.reference, "status": r.status} for r in due.reported_practices
        ],
        "status": imp["status"],
        "left_on": imp["left_on"],  # once it has left the pound, charges were counted to this day (K s.4)
        # where the animal is on the day asked (pinfold/law/status.py whereabouts): in the pound, may be sold any day,
        # the register silent on it, or left
        "fate": imp["fate"],
        "in_pound_now": bool(imp["in_pound_now"]),
        "register_silent": bool(imp["register_silent"]),
        # the last day to claim has passed with no sale recorded: it may be sold any day, and can be claimed until then
        "auction_may_be_held": bool(imp["auction_may_be_held"]),
        "next_event": imp["next_event"],
        "next_event_on": imp["next_event_on"],
    }
