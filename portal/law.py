"""The rule packs applied to the published tables: the same engine the ingest uses, fed from the public database."""

from __future__ import annotations

import datetime as dt
import sqlite3
from fractions import Fraction
from typing import Any

from ingest.law.dues import Due, compute_due
from ingest.law.money import Money
from ingest.law.packs import pack
from ingest.law.rules import RateRow, RuleBook

from .search import auction_may_be_held, register_silent

_BOOKS: dict[str, RuleBook] = {}


def _date(v: str | None) -> dt.date | None:
    return dt.date.fromisoformat(v) if v else None


def _rate(r: sqlite3.Row | dict[str, Any], area: str, amount: str) -> RateRow:
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
    )


def rulebook(con: sqlite3.Connection, version: str) -> RuleBook:
    """The published fine scales, feeding rates and habitual areas as a RuleBook, built once per database version."""
    book = _BOOKS.get(version)
    if book is None:
        book = RuleBook(
            fine_scales=[_rate(r, "local_area", "amount_rupees") for r in con.execute("SELECT * FROM fine_scales")],
            feeding_rates=[
                _rate(r, "local_authority", "rate_per_day_rupees") for r in con.execute("SELECT * FROM feeding_rates")
            ],
            habitual=[
                RateRow(
                    r["id"],
                    r["act"],
                    r["local_area"],
                    r["species"],
                    Money.of(r["multiplier"]),
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
        complaint_pending=bool(imp["complaint_filed_on"] and not imp["complaint_decided_on"]),
        ended_on=_date(imp["left_on"]),
    )


def shown_on(imp: dict[str, Any], today: dt.date) -> dt.date:
    """The day an animal's charges are shown for when no day is asked: today; or, when the register is silent on
    it (search.register_silent) and so never says when it left, the last day to claim before its auction, the
    most its owner could lawfully have been asked to pay. (impounded 1858, auction 1858-01-23) -> 1858-01-22."""
    if register_silent(imp["status"], imp["auction_earliest_on"], today):
        return dt.date.fromisoformat(imp["auction_earliest_on"]) - dt.timedelta(days=1)
    return today


HISTORICAL_AFTER = dt.timedelta(days=365)


def rates_shown_on(last_entry: str | None, today: dt.date) -> dt.date:
    """The day a pound's list of fines and rates (K s.11(4)) is given for: today; or, for a register with no entry
    in the last year (a historical pound), the day of its last entry, in that day's money.

    ('1858-06-07', 2026-11-30) -> 1858-06-07; ('2026-11-29', 2026-11-30) -> 2026-11-30; (None, today) -> today.
    """
    if last_entry and dt.date.fromisoformat(last_entry) + HISTORICAL_AFTER < today:
        return dt.date.fromisoformat(last_entry)
    return today


def due_json(imp: dict[str, Any], due: Due, today: dt.date) -> dict[str, Any]:
    """The contract's JSON for /api/impoundments/{id}/due: exact decimal strings, never floats."""

    def s(m: Money | None) -> str | None:
        return m.decimal_str() if m is not None else None

    d = due.deadlines
    return {
        "id": imp["id"],
        "on": due.on.isoformat(),
        "act": imp["act"],
        "species": imp["species"],
        "head_count": imp["head_count"],
        "fine_rupees": s(due.fine),
        "fine_per_head_rupees": s(due.fine_per_head),
        "habitual_multiplier": due.habitual_multiplier,
        "feeding_rupees": s(due.feeding),
        "feeding_rate_per_head_per_day_rupees": s(due.feeding_rate),
        "total_rupees": s(due.total),
        "days_in_pound": due.days_in_pound,
        "notice_due_on": d.notice_due_on.isoformat(),
        "auction_earliest_on": d.auction_earliest_on.isoformat() if d.auction_earliest_on else None,
        "complaint_deadline_on": d.complaint_deadline_on.isoformat(),
        "sections": due.sections,
        "fine_basis": {"reference": due.fine_basis.reference, "status": due.fine_basis.status}
        if due.fine_basis
        else None,
        "feeding_basis": {"reference": due.feeding_basis.reference, "status": due.feeding_basis.status}
        if due.feeding_basis
        else None,
        "status": imp["status"],
        "left_on": imp["left_on"],  # once it has left the pound, charges were counted to this day (K s.4)
        "register_silent": register_silent(imp["status"], imp["auction_earliest_on"], today),
        # the last day to claim has passed with no sale recorded: it may be sold any day, and can be claimed until then
        "auction_may_be_held": auction_may_be_held(imp["status"], imp["auction_earliest_on"], today),
    }
