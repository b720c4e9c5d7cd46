"""The scorecard (issue 28): how each pound keeps the law, from the public table `compliance`; every figure links to
the entries behind it, as a /data query over the same condition the table was counted with."""

from __future__ import annotations

import datetime as dt
import sqlite3
from functools import lru_cache
from typing import Any
from urllib.parse import quote_plus, urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from pinfold.law.compliance import MEASURED_KEYS, RULE_KEYS, Rule, departed, rules
from pinfold.law.status import TODAY_IN_INDIA

from .. import db, pound_charts
from ..charts import bar_chart, drawn
from ..deps import DbDep, LangDep, TodayDep
from ..errors import NotFound
from ..i18n import t
from ..render import count_text, render

router = APIRouter(include_in_schema=False)


def _sum_rules(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Scorecard rows added up: entries, and per rule the departures and their share over the entries of the rows
    whose Act has the rule; a rule no row's Act has stays None ('—'). [{entries 10, x 1}, {entries 5, x None}] ->
    {entries 15, x 1, x_share 10.0}."""
    out: dict[str, Any] = {"entries": sum(r["entries"] for r in rows)}
    for k in RULE_KEYS:
        having = [r for r in rows if r[k] is not None]
        n = sum(r[k] for r in having)
        base = sum(r["entries"] for r in having)
        out[k] = n if having else None
        out[f"{k}_share"] = round(100.0 * n / base, 1) if having and base else None
    for k in MEASURED_KEYS:
        having = [r for r in rows if r[f"{k}_measured"] is not None]
        out[f"{k}_measured"] = sum(r[f"{k}_measured"] for r in having) if having else None
    return out


@lru_cache(maxsize=64)
def _entries_sql(rule: Rule) -> str:
    """The 'sql=...' of every link to a rule's entries, quoted once: quoting it for each of /compliance's 350 figures
    took 45 ms of the page."""
    sql = f"""select i.id, i.pound_id, i.entry_no, i.brought_on, i.species, i.head_count, i.status, i.seized_on, i.notice_due_on,
  i.notice_posted_on, i.sold_on, i.sale_questioned, i.fine_levied_rupees, i.fine_due_rupees, i.complaint_outcome
from impoundments i left join sales s on s.impoundment_id = i.id
where {departed(rule)}
  and (:pound = '' or i.pound_id = :pound) and (:district = '' or i.district = :district)
  and (:year = '' or substr(i.brought_on, 1, 4) = :year)
order by i.brought_on desc"""
    return urlencode({"sql": sql})


def entries_link(rule: Rule, pound: str = "", district: str = "", year: str = "") -> str:
    """The /data query listing the entries a figure counts: the rule's own condition, the scope as parameters
    ('/data/pounds?sql=select+...&pound=k1&district=&year=2025')."""
    scope = f"pound={quote_plus(pound)}&district={quote_plus(district)}&year={quote_plus(year)}"  # as urlencode does
    return f"/data/pounds?{_entries_sql(rule)}&{scope}"


def scorecard(con: sqlite3.Connection, pound: str = "", district: str = "") -> list[dict[str, Any]]:
    """The table's rows for a pound, a district or the state (none given), with pound names, newest year first."""
    return db.rows(
        con,
        """SELECT c.*, p.name FROM compliance c JOIN pounds p ON p.id = c.pound_id
           WHERE (:pound = '' OR c.pound_id = :pound) AND (:district = '' OR c.district = :district)
           ORDER BY c.year DESC, c.district, p.name, c.pound_id, c.act""",
        {"pound": pound, "district": district},
    )


def cards(con: sqlite3.Connection, pound: dict[str, Any] | None = None, district: str = "") -> list[dict[str, Any]]:
    """The cards shown side by side, every year together: the pound's (if given), its district's, the state's."""
    out = []
    if pound is not None:
        out.append(
            {
                "label": pound["name"],
                "kind": "pound",
                "scope": {"pound": pound["id"]},
                **_sum_rules(scorecard(con, pound["id"])),
            }
        )
        district = pound["district"] or ""
    if district:
        out.append(
            {
                "label": district,
                "kind": "district",
                "scope": {"district": district},
                **_sum_rules(scorecard(con, "", district)),
            }
        )
    out.append({"label": "", "kind": "compliance_state", "scope": {}, **_sum_rules(scorecard(con))})
    return out


def by_year(con: sqlite3.Connection, pound: str = "", district: str = "") -> tuple[list[str], dict[str, list[Any]]]:
    """The scope's departures per rule per year, oldest year first: (['2024', '2025'], {'notice_late': [3, 1], ...});
    None for a year where no pound of the scope has the rule."""
    years: dict[str, list[dict[str, Any]]] = {}
    for r in scorecard(con, pound, district):
        years.setdefault(r["year"], []).append(r)
    order = sorted(years)
    summed = [_sum_rules(years[y]) for y in order]
    return order, {k: [s[k] for s in summed] for k in RULE_KEYS}


def chart(con: sqlite3.Connection, lang: str, pound: str = "", district: str = "") -> dict[str, Any]:
    """The departures-per-rule-per-year chart of a scope, for _charts.html: its image's address, title, a sentence
    saying what it shows, and its numbers as a table."""
    years, counts = by_year(con, pound, district)
    scope = {"pound": pound, "district": district, "lang": lang}
    totals = {k: sum(v for v in values if v) for k, values in counts.items()}
    top = max(totals, key=lambda k: totals[k]) if totals else ""
    summary = (
        t("chart_rules_summary", lang).format(
            first=years[0], last=years[-1], rule=t("rule_" + top, lang), n=count_text(totals[top])
        )
        if years and totals[top]
        else t("chart_rules_none", lang)
    )
    return {
        **drawn("/compliance/chart.svg?" + urlencode({k: v for k, v in scope.items() if v}), len(RULE_KEYS)),
        "title": t("chart_rules_title", lang),
        "summary": summary,
        "columns": years,
        "rows": [(t("rule_" + k, lang), counts[k]) for k in RULE_KEYS],
    }


def context(
    con: sqlite3.Connection,
    pound: dict[str, Any] | None = None,
    district: str = "",
    lang: str = "en",
    today: dt.date | None = None,
) -> dict[str, Any]:
    """What the card and chart includes (_compliance_card.html, _charts.html) need: a pound's, a district's or (neither
    given) the state's card and its four charts (the departures per rule, and pound_charts' three). `today` is not
    read: what is in the pound and where the register is silent are counted on the ingest's day, as the card's are."""
    pound_id, district = (pound["id"], "") if pound else ("", district)
    return {
        "rules": rules(TODAY_IN_INDIA),
        "cards": cards(con, pound, district),
        "entries_link": entries_link,
        "chart": chart(con, lang, pound_id, district),
        "charts": [pound_charts.chart(con, kind, lang, pound_id, district) for kind in pound_charts.KINDS],
    }


@router.get("/compliance/chart.svg", response_class=Response)
def rules_chart(con: DbDep, lang: LangDep, pound: str = "", district: str = "", narrow: bool = False) -> Response:
    """Departures per rule per year as an SVG image: a pound's, a district's or the state's; `narrow` for a phone."""
    years, counts = by_year(con, pound[:80], district[:80])
    series = [(t("rule_" + k, lang), counts[k]) for k in RULE_KEYS]
    # opened on its own, the SVG is a document: its own style, and pygal's config script never runs
    policy = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'"}
    svg = bar_chart(t("chart_rules_title", lang), years, series, empty=t("chart_rules_none", lang), narrow=narrow)
    return Response(svg, media_type="image/svg+xml", headers=policy)


@router.get("/compliance/chart-{kind}.svg", response_class=Response)
def scope_chart(
    con: DbDep, lang: LangDep, kind: str, pound: str = "", district: str = "", narrow: bool = False
) -> Response:
    """A pound's, a district's or the state's chart as an SVG image: 'outcomes', 'days' or 'fines' (pound_charts)."""
    if kind not in pound_charts.KINDS:
        raise NotFound(t("not_found", "en"), ml=t("not_found", "ml"))
    found = pound_charts.data(con, kind, pound[:80], "" if pound else district[:80])
    series = pound_charts.series_named(kind, found, lang)
    svg = bar_chart(
        t(f"chart_{kind}_title", lang),
        found["columns"],
        series,
        stacked=kind == "outcomes",
        empty=t("chart_empty", lang),
        narrow=narrow,
    )
    policy = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'"}
    return Response(svg, media_type="image/svg+xml", headers=policy)


@router.get("/compliance", response_class=HTMLResponse)
def compliance_page(request: Request, con: DbDep, lang: LangDep, today: TodayDep) -> HTMLResponse:
    rows = scorecard(con)
    return render(
        request, "compliance.html", lang, today, heading=t("compliance", lang), rows=rows, **context(con, lang=lang)
    )
