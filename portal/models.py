"""The JSON API's responses as models, so /api/docs shows every field and schemathesis checks every answer.

An impoundment's fields are read from the one declaration of the public table (ingest/schema.py) with the
descriptions metadata.yml gives Datasette: a column added there is in the API's schema with no second list."""

from __future__ import annotations

import sqlite3
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, create_model

from ingest.law.status import whereabouts
from ingest.schema import PUBLIC

from .search import SEARCH_COLUMNS

METADATA = Path(__file__).resolve().parents[1] / "metadata.yml"
SQL_TYPES: dict[str, type] = {"TEXT": str, "INTEGER": int, "REAL": float}


@cache
def column_docs(table: str) -> dict[str, str]:
    """metadata.yml's description of each column of a public table: 'impoundments' -> {'id': 'Stable id: ...', ...}."""
    meta = yaml.safe_load(METADATA.read_text(encoding="utf-8"))
    return dict(meta["databases"]["pounds"]["tables"][table].get("columns", {}))


@cache
def table_columns(table: str) -> list[tuple[str, type, bool]]:
    """(name, Python type, may be null) of each column of a public table, from its CREATE TABLE."""
    con = sqlite3.connect(":memory:")
    con.executescript(PUBLIC)
    cols = [
        (r[1], SQL_TYPES.get(r[2].upper(), str), not r[3] and not r[5])
        for r in con.execute(f"PRAGMA table_info({table})")
    ]
    con.close()
    return cols


def _fields(columns: list[tuple[str, type, bool]], docs: dict[str, str]) -> dict[str, Any]:
    return {
        name: ((kind | None) if nullable else kind, Field(description=docs.get(name, "")))
        for name, kind, nullable in columns
    }


# What the list and the single animal add to the table's columns: days in pound counted the same way for both
# (search.decorate), and the animal's whereabouts (ingest/law/status.py), described once, in metadata.yml's
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


class Due(BaseModel):
    """What it costs to claim an animal on a day (K s.12; 1857 s.VII), with its deadlines: money as exact decimal
    strings of rupees, never floats."""

    model_config = ConfigDict(extra="allow")

    id: str
    on: str = Field(description="The day the charges are counted to (YYYY-MM-DD).")
    act: str
    species: str
    head_count: int
    fine_rupees: str | None
    fine_per_head_rupees: str | None
    habitual_multiplier: int
    feeding_rupees: str | None
    feeding_rate_per_head_per_day_rupees: str | None
    total_rupees: str | None = Field(description="Fine plus feeding; null when neither is known.")
    days_in_pound: int
    notice_due_on: str
    auction_earliest_on: str | None = Field(description="Null while a complaint stops a sale (1857 s.IX proviso).")
    complaint_deadline_on: str
    sections: list[str]
    fine_basis: Basis | None
    feeding_basis: Basis | None
    status: str
    left_on: str | None = Field(description="Once it has left the pound, charges were counted to this day.")
    register_silent: bool
    auction_may_be_held: bool
