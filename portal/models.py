"""The JSON API's responses as models, so /api/docs shows every field and schemathesis checks every answer.

An impoundment's fields are read from the one declaration of the public table (pinfold/schema.py) with the
descriptions metadata.yml gives Datasette: a column added there is in the API's schema with no second list."""

from __future__ import annotations

from functools import cache
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, create_model

from pinfold.law.status import whereabouts
from pinfold.schema import METADATA
from pinfold.tables import declared

from .search import SEARCH_COLUMNS

SQL_TYPES: dict[str, type] = {"TEXT": str, "INTEGER": int, "REAL": float}


@cache
def column_docs(table: str) -> dict[str, str]:
    """metadata.yml's description of each column of a public table: 'impoundments' -> {'id': 'Stable id: ...', ...}."""
    meta = yaml.safe_load(METADATA.read_text(encoding="utf-8"))
    return dict(meta["databases"]["pounds"]["tables"][table].get("columns", {}))


@cache
def table_columns(table: str) -> list[tuple[str, type, bool]]:
    """(name, Python type, may be null) of each column of a public table, from its CREATE TABLE (pinfold/tables.py
    declared): 'pounds' -> [('id', str, False), ('name', str, False), ('act', str, False), ...]."""
    return [(c.name, SQL_TYPES.get(c.type.upper(), str), not c.not_null and not c.primary_key) for c in declared(table)]


def _fields(columns: list[tuple[str, type, bool]], docs: dict[str, str]) -> dict[str, Any]:
    return {
        name: ((kind | None) if nullable else kind, Field(description=docs.get(name, "")))
        for name, kind, nullable in columns
    }


# What the list and the single animal add to the table's columns: days in pound counted the same way for both
# (search.decorate), and the animal's whereabouts (pinfold/law/status.py), described once, in metadata.yml's
# impoundments_now view.
WHEREABOUTS_TYPES: dict[str, type] = {"in_pound_now": bool, "register_silent": bool, "auction_may_be_held": bool}


def _decorations() -> dict[str, Any]:
    docs = column_docs("impoundments_now")
    fields: dict[str, Any] = {
        name: (WHEREABOUTS_TYPES.get(name, str | None), Field(description=docs.get(name, ""))) for name in whereabouts()
    }
    fields["days_in_pound"] = (
        int | None,
        Field(description="Days of feeding charged: from the day brought to today, or to the day it left the pound "
                          "(each day or part of a day, at least one); null when the register is silent on it."),
    )  # fmt: skip
    return fields


DECORATIONS = _decorations()


def _impoundment_model() -> type[BaseModel]:
    docs = column_docs("impoundments")
    fields = _fields(table_columns("impoundments"), docs)
    fields.update(DECORATIONS)
    return create_model("Impoundment", __config__=ConfigDict(extra="forbid"), **fields)


def _search_row_model() -> type[BaseModel]:
    docs = {**column_docs("impoundments"), "pound_name": "Name of the pound."}
    types = {name: (kind, nullable) for name, kind, nullable in table_columns("impoundments")}
    types["pound_name"] = (str, False)
    fields = _fields([(c, *types[c]) for c in SEARCH_COLUMNS], docs)
    fields.update(DECORATIONS)
    return create_model("SearchRow", __config__=ConfigDict(extra="forbid"), **fields)


Impoundment = _impoundment_model()
SearchRow = _search_row_model()


class SearchPage(BaseModel):
    """One page of an owner's search: those in the pound now first, the nearest last day first, then the rest."""

    total: int = Field(description="How many impoundments match in all.")
    in_pound_now: int = Field(description="How many of them are in the pound now (they come first).")
    limit: int
    offset: int
    rows: list[SearchRow]  # type: ignore[valid-type]


class Basis(BaseModel):
    reference: str = Field(description="The notification, resolution or section the figure rests on.")
    status: str = Field(description="What the figure is: statute, notified, example, reported local practice, ...")


class FeedingPart(BaseModel):
    """A run of days at one feeding rate (K s.4): a stay across a change of rate is its parts."""

    from_: str = Field(alias="from", description="The first day of the run (YYYY-MM-DD).")
    days: int
    head: int
    rate_per_head_per_day_rupees: str | None
    rupees: str | None
    days_counted: str = Field(description="How the rate counts days (nights, days or part of a day, ...).")
    days_counted_stated_by_the_rate: bool = Field(description="False when the convention is assumed, not stated.")


class Unknown(BaseModel):
    """A part of the sum that is not known, and why: the total is then null."""

    part: str = Field(description="fine or feeding.")
    why: str
    from_: str | None = Field(alias="from", description="From which day, when part of the stay is unknown.")


class AuctionOf(BaseModel):
    """The auction the animal is a lot of (held auctions excepted)."""

    auction_date: str
    auction_time: str | None
    place: str | None
    status: str = Field(description="scheduled (fixed by the Director's order) or proposed (the earliest day allowed).")
    status_means: str


class ReportedPractice(BaseModel):
    """A press-reported council practice: not notified, never in the sums."""

    rupees: str | None
    reference: str
    status: str


class Due(BaseModel):
    """What it costs to claim an animal on a day (K s.12; 1857 s.VII), with its deadlines and where it is on that day:
    money as exact decimal strings of rupees, never floats. portal/law.py due_json gives exactly these fields."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    id: str
    on: str = Field(description="The day the charges are counted to (YYYY-MM-DD).")
    act: str
    species: str
    head_count: int
    head_count_assumed: bool = Field(
        description="The register gives no number of head: one is read (the sums are per head)."
    )
    fine_rupees: str | None
    fine_per_head_rupees: str | None
    habitual_multiplier: int | str = Field(description="2, or an exact ratio such as 3/2 (K s.11(2): up to double).")
    seizure_local_area: str | None = Field(
        description="The local area the register's place of seizure names, whose notification as a habitual-trespass "
        "area decides habitual_multiplier (K s.11(2): cattle 'seized within such local area'); null when it names none."
    )
    seizure_area_assumed: bool = Field(
        description="The place of seizure names no local area and one is notified for the kind: habitual_multiplier "
        "is the pound's own area's (see habitual_area_basis)."
    )
    habitual_area_basis: str | None = Field(
        description="What habitual_multiplier rests on when seizure_area_assumed and the pound's own area, so taken, "
        "multiplies the fine; null otherwise."
    )
    feeding_rupees: str | None
    feeding_rate_per_head_per_day_rupees: str | None
    feeding_parts: list[FeedingPart]
    total_rupees: str | None = Field(description="Fine plus feeding; null when a part is not known (see unknown).")
    unknown: list[Unknown]
    owner_owes_nothing: bool = Field(description="The seizure was adjudged illegal: the seizer pays (K s.21(2)).")
    days_in_pound: int
    notice_due_on: str
    auction_earliest_on: str | None = Field(description="Null while a complaint stops a sale (1857 s.IX proviso).")
    last_day_to_claim: str | None = Field(
        description="The last day to claim before the animal can lawfully be sold (K s.12, s.13(3)): the day before its "
        "auction, counted from the day the notice was due when the register records none posted; null when no auction "
        "may be held."
    )
    auction: AuctionOf | None
    complaint_deadline_on: str
    seizure_assumed: bool = Field(description="No seizure day in the register: the deadline is the earliest it can be.")
    complaint_in_time: bool | None = Field(description="Null when no complaint is recorded.")
    periods: dict[str, int] = Field(description="The periods of the pound's Act, from its rule pack.")
    sections: list[str]
    fine_basis: Basis | None
    feeding_basis: Basis | None
    habitual_basis: Basis | None = Field(
        description="The notification of the habitual-trespass area the fine is multiplied for (K s.11(2)): its "
        "reference and status ('example' in the demo's rule files); null when the fine is not multiplied."
    )
    reported_practices: list[ReportedPractice]
    status: str
    left_on: str | None = Field(description="Once it has left the pound, charges were counted to this day.")
    fate: str = Field(description="in_pound, may_be_sold, register_silent or left, on the day asked.")
    in_pound_now: bool
    register_silent: bool
    auction_may_be_held: bool
    next_event: str | None
    next_event_on: str | None
