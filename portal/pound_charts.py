"""The charts of a pound, a district or the state (issue 28) beside the departures per rule: entries per month by what
became of them, days in the pound, fines collected per month. Each over the scope's last MONTHS months with entries
(read through the index on (pound_id, brought_at) for a pound), what became of the animal from the one status home
(pinfold/law/status.py whereabouts), money summed exactly in its unit and drawn in whole rupees only."""

from __future__ import annotations

import datetime as dt
import sqlite3
from typing import Any
from urllib.parse import urlencode

from pinfold.law.status import whereabouts
from pinfold.schema import money_sql

from . import db
from .i18n import t

MONTHS = 24
KINDS = ("outcomes", "days", "fines")
# What became of the entries, in the chart's order: the owner took it back (claimed, or released on a deposit or an
# order), sold, disposed of, in the pound now, the register silent on it (status.whereabouts)
OUTCOMES = ("claimed", "sold", "disposed", "in_pound", "silent")
# Days in the pound of the entries that left it, as bars: (label, lowest, highest)
DAY_BINS = (("1–3", 1, 3), ("4–7", 4, 7), ("8–15", 8, 15), ("16–30", 16, 30), ("31+", 31, None))


def _scope(pound: str, district: str) -> tuple[str, dict[str, Any]]:
    """The WHERE of a scope over impoundments i: a pound's ('i.pound_id = :pound'), a district's, or the state's."""
    if pound:
        return "i.pound_id = :pound", {"pound": pound}
    if district:
        return "i.district = :district", {"district": district}
    return "1", {}


def _since(con: sqlite3.Connection, pound: str, district: str) -> str:
    """The first month drawn: MONTHS months before the scope's latest month brought ('2025-03' -> '2023-04')."""
    where, params = _scope(pound, district)
    (last,) = con.execute(f"SELECT max(i.brought_at) FROM impoundments i WHERE {where}", params).fetchone()
    if not last:
        return "9999-99"
    y, m = int(last[:4]), int(last[5:7])
    k = y * 12 + m - 1 - (MONTHS - 1)
    return f"{k // 12:04d}-{k % 12 + 1:02d}"


def outcomes(con: sqlite3.Connection, today: dt.date, pound: str = "", district: str = "") -> dict[str, Any]:
    """Entries per month brought by what became of them: {'columns': ['2025-03'], 'series': [('claimed', [5]), ...]}."""
    where, params = _scope(pound, district)
    w = whereabouts(repr(today.isoformat()))
    got_back = "i.status IN ('claimed', 'released_on_deposit', 'released_by_order')"
    found = db.rows(
        con,
        f"""SELECT i.brought_month AS month, sum({got_back}) AS claimed, sum(i.status = 'sold') AS sold,
                   sum(i.status = 'disposed') AS disposed, sum({w["in_pound_now"]}) AS in_pound,
                   sum({w["register_silent"]}) AS silent
            FROM impoundments i WHERE {where} AND i.brought_at >= :since GROUP BY i.brought_month ORDER BY 1""",
        {**params, "since": _since(con, pound, district)},
    )
    return {"columns": [r["month"] for r in found], "series": [(k, [r[k] for r in found]) for k in OUTCOMES]}


def days(con: sqlite3.Connection, pound: str = "", district: str = "") -> dict[str, Any]:
    """Entries that left the pound by the days they stayed: {'columns': ['1–3', ...], 'series': [('left', [4, ...])]}."""
    where, params = _scope(pound, district)
    bins = ", ".join(
        f"sum(i.days_in_pound >= {lo}" + (f" AND i.days_in_pound <= {hi})" if hi else ")") + f" AS b{n}"
        for n, (_, lo, hi) in enumerate(DAY_BINS)
    )
    (r,) = db.rows(
        con,
        f"""SELECT {bins} FROM impoundments i WHERE {where} AND i.brought_at >= :since
            AND i.left_on IS NOT NULL AND i.days_in_pound IS NOT NULL""",
        {**params, "since": _since(con, pound, district)},
    )
    return {"columns": [b[0] for b in DAY_BINS], "series": [("left", [r[f"b{n}"] or 0 for n in range(len(DAY_BINS))])]}


def fines(con: sqlite3.Connection, pound: str = "", district: str = "") -> dict[str, Any]:
    """Fines levied on the entries that left, per month they left, exact in their unit and in whole rupees for the
    bars: {'columns': ['2025-03'], 'series': [('fines', [600])], 'exact': ['₹600.00']}."""
    where, params = _scope(pound, district)
    found = db.rows(
        con,
        f"""SELECT month, {money_sql("minor", "unit")} AS exact,
                   minor / CASE unit WHEN 'pie' THEN 192 ELSE 100 END AS rupees
            FROM (SELECT substr(i.left_on, 1, 7) AS month, i.money_unit AS unit, sum(i.fine_levied_minor) AS minor
                  FROM impoundments i WHERE {where} AND i.brought_at >= :since AND i.fine_levied_minor > 0
                    AND i.left_on IS NOT NULL
                  GROUP BY 1, 2) ORDER BY month, unit""",
        {**params, "since": _since(con, pound, district)},
    )
    return {
        "columns": [r["month"] for r in found],
        "series": [("fines", [r["rupees"] for r in found])],
        "exact": [r["exact"] for r in found],
    }


def data(con: sqlite3.Connection, kind: str, today: dt.date, pound: str = "", district: str = "") -> dict[str, Any]:
    """One chart's numbers by its kind ('outcomes', 'days' or 'fines')."""
    if kind == "outcomes":
        return outcomes(con, today, pound, district)
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
        return t("chart_outcomes_summary", lang).format(first=cols[0], last=cols[-1], **totals)
    if kind == "days":
        top = max(range(len(cols)), key=lambda n: found["series"][0][1][n])
        return t("chart_days_summary", lang).format(n=totals["left"], days=cols[top])
    return t("chart_fines_summary", lang).format(first=cols[0], last=cols[-1], months=len(cols))


def chart(con: sqlite3.Connection, kind: str, lang: str, today: dt.date, pound: str, district: str) -> dict[str, Any]:
    """One chart for _charts.html: its image's address, title, sentence and its numbers as a table (money exact)."""
    found = data(con, kind, today, pound, district)
    rows = series_named(kind, found, lang)
    if kind == "fines":
        rows = [(rows[0][0], found["exact"])]
    scope = {"pound": pound, "district": district, "lang": lang}
    return {
        "id": kind,
        "src": f"/compliance/chart-{kind}.svg?" + urlencode({k: v for k, v in scope.items() if v}),
        "title": t(f"chart_{kind}_title", lang),
        "summary": summary(kind, found, lang),
        "row_head": t(f"chart_{kind}_rows", lang),
        "columns": found["columns"],
        "rows": rows,
    }
