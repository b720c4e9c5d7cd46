"""The charts of a pound, a district or the state (issue 28) beside the departures per rule: entries per month by what
became of them, days in the pound, fines collected per month (of a sale, what its proceeds paid of the fine). Each
over the scope's last MONTHS months with entries, read from the table pound_months the ingest counted per pound and
month (pinfold/pound_months.py: what became of the animal from the one status home, on the day of the ingest), never
from the entries themselves; money summed exactly in its unit and drawn in whole rupees only."""

from __future__ import annotations

import sqlite3
from typing import Any
from urllib.parse import urlencode

from pinfold import pound_months
from pinfold.schema import money_sql

from . import db
from .charts import drawn
from .i18n import t
from .render import count_text

MONTHS = 24
KINDS = ("outcomes", "days", "fines")
# What became of the entries and the days in the pound, in the chart's order: the table's columns
OUTCOMES = pound_months.OUTCOMES
DAY_BINS = pound_months.DAY_BINS


def _scope(pound: str, district: str) -> tuple[str, dict[str, Any]]:
    """The WHERE of a scope over pound_months m: a pound's ('m.pound_id = :pound'), a district's, or the state's."""
    if pound:
        return "m.pound_id = :pound", {"pound": pound}
    if district:
        return "m.district = :district", {"district": district}
    return "1", {}


def _since(con: sqlite3.Connection, where: str, params: dict[str, Any]) -> str:
    """The first month drawn: MONTHS months before the scope's latest month brought ('2025-03' -> '2023-04')."""
    (last,) = con.execute(f"SELECT max(m.month) FROM pound_months m WHERE {where} AND m.entries > 0", params).fetchone()
    if not last:
        return "9999-99"
    y, m = int(last[:4]), int(last[5:7])
    k = y * 12 + m - 1 - (MONTHS - 1)
    return f"{k // 12:04d}-{k % 12 + 1:02d}"


def _months(con: sqlite3.Connection, columns: str, pound: str, district: str, having: str) -> list[dict[str, Any]]:
    """The scope's sums of `columns` per month over its last MONTHS months brought, the months where `having` holds."""
    where, params = _scope(pound, district)
    return db.rows(
        con,
        f"""SELECT m.month AS month, {columns} FROM pound_months m WHERE {where} AND m.month >= :since
            GROUP BY m.month HAVING {having} ORDER BY m.month""",
        {**params, "since": _since(con, where, params)},
    )


def outcomes(con: sqlite3.Connection, pound: str = "", district: str = "") -> dict[str, Any]:
    """Entries per month brought by what became of them: {'columns': ['2025-03'], 'series': [('claimed', [5]), ...]}."""
    found = _months(con, ", ".join(f"sum(m.{k}) AS {k}" for k in OUTCOMES), pound, district, "sum(m.entries) > 0")
    return {"columns": [r["month"] for r in found], "series": [(k, [r[k] for r in found]) for k in OUTCOMES]}


def days(con: sqlite3.Connection, pound: str = "", district: str = "") -> dict[str, Any]:
    """Entries that left the pound by the days they stayed: {'columns': ['1–3', ...], 'series': [('left', [4, ...])]}."""
    found = _months(con, ", ".join(f"sum(m.{c}) AS {c}" for _, c, _, _ in DAY_BINS), pound, district, "1")
    return {
        "columns": [b[0] for b in DAY_BINS],
        "series": [("left", [sum(r[c] for r in found) for _, c, _, _ in DAY_BINS])],
    }


def fines(con: sqlite3.Connection, pound: str = "", district: str = "") -> dict[str, Any]:
    """Fines collected of the entries that left, per month they left (pound_months.fines_collected_*: the fine paid
    on delivery, or what a sale's proceeds paid of it, pinfold/law/proceeds.py), exact in their unit and in whole
    rupees for the bars: {'columns': ['2025-03'], 'series': [('fines', [600])], 'exact': ['₹600.00']}; a month of
    fines in paise and in pies (April 1957) is two columns."""
    found = _months(
        con,
        "sum(m.fines_collected_paisa_minor) AS paisa, sum(m.fines_collected_pie_minor) AS pie",
        pound,
        district,
        "sum(m.fines_collected_paisa_minor) + sum(m.fines_collected_pie_minor) > 0",
    )
    # (month, minor, unit), paise before pies as the money columns sort
    money = [(r["month"], r[u], u) for r in found for u in ("paisa", "pie") if r[u]]
    exact = [
        con.execute(f"SELECT {money_sql(':minor', ':unit')}", {"minor": minor, "unit": unit}).fetchone()[0]
        for _, minor, unit in money
    ]
    return {
        "columns": [month for month, _, _ in money],
        "series": [("fines", [minor // (192 if unit == "pie" else 100) for _, minor, unit in money])],
        "exact": exact,
    }


def data(con: sqlite3.Connection, kind: str, pound: str = "", district: str = "") -> dict[str, Any]:
    """One chart's numbers by its kind ('outcomes', 'days' or 'fines')."""
    if kind == "outcomes":
        return outcomes(con, pound, district)
    return days(con, pound, district) if kind == "days" else fines(con, pound, district)


def series_named(kind: str, found: dict[str, Any], lang: str) -> list[tuple[str, list[Any]]]:
    """The series with their names in the page's language: [('outcome_claimed', ...)] -> [('Claimed', ...)]."""
    return [(t(f"chart_{kind}_{name}", lang), values) for name, values in found["series"]]


def summary(kind: str, found: dict[str, Any], lang: str) -> str:
    """A sentence of what the chart shows: its totals, in the page's language."""
    cols = found["columns"]
    if not cols or not any(v for _, values in found["series"] for v in values):
        return t("chart_empty", lang)
    totals = {name: sum(v or 0 for v in values) for name, values in found["series"]}
    if kind == "outcomes":
        return t("chart_outcomes_summary", lang).format(
            first=cols[0], last=cols[-1], **{k: count_text(n) for k, n in totals.items()}
        )
    if kind == "days":
        top = max(range(len(cols)), key=lambda n: found["series"][0][1][n])
        return t("chart_days_summary", lang).format(n=count_text(totals["left"]), days=cols[top])
    return t("chart_fines_summary", lang).format(first=cols[0], last=cols[-1], months=len(cols))


def chart(con: sqlite3.Connection, kind: str, lang: str, pound: str = "", district: str = "") -> dict[str, Any]:
    """One chart for _charts.html: its image's address, title, sentence and its numbers as a table (money exact);
    the state's when neither a pound nor a district is given."""
    found = data(con, kind, pound, district)
    rows = series_named(kind, found, lang)
    if kind == "fines":
        rows = [(rows[0][0], found["exact"])]
    scope = {"pound": pound, "district": district, "lang": lang}
    return {
        "id": kind,
        **drawn(f"/compliance/chart-{kind}.svg?" + urlencode({k: v for k, v in scope.items() if v}), len(rows)),
        "title": t(f"chart_{kind}_title", lang),
        "summary": summary(kind, found, lang),
        "row_head": t(f"chart_{kind}_rows", lang),
        "columns": found["columns"],
        "rows": rows,
    }
