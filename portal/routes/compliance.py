"""The scorecard (issue 28): how each pound keeps the law, from the public table `compliance`; every figure links to
the entries behind it, as a /data query over the same condition the table was counted with."""

from __future__ import annotations

import sqlite3
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from pinfold.law.compliance import RULE_KEYS, Rule, departed, rules
from pinfold.law.status import TODAY_IN_INDIA

from .. import db
from ..deps import DbDep, LangDep, TodayDep
from ..i18n import t
from ..render import render

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
    return out


def entries_link(rule: Rule, pound: str = "", district: str = "", year: str = "") -> str:
    """The /data query listing the entries a figure counts: the rule's own condition, the scope as parameters."""
    sql = f"""select i.id, i.pound_id, i.entry_no, i.brought_on, i.species, i.head_count, i.status, i.seized_on, i.notice_due_on,
  i.notice_posted_on, i.sold_on, i.sale_questioned, i.fine_levied_rupees, i.fine_due_rupees, i.complaint_outcome
from impoundments i left join sales s on s.impoundment_id = i.id
where {departed(rule)}
  and (:pound = '' or i.pound_id = :pound) and (:district = '' or i.district = :district)
  and (:year = '' or substr(i.brought_on, 1, 4) = :year)
order by i.brought_on desc"""
    return "/data/pounds?" + urlencode({"sql": sql, "pound": pound, "district": district, "year": year})


def scorecard(con: sqlite3.Connection, pound: str = "", district: str = "") -> list[dict[str, Any]]:
    """The table's rows for a pound, a district or the state (none given), with pound names, newest year first."""
    return db.rows(
        con,
        """SELECT c.*, p.name FROM compliance c JOIN pounds p ON p.id = c.pound_id
           WHERE (:pound = '' OR c.pound_id = :pound) AND (:district = '' OR c.district = :district)
           ORDER BY c.year DESC, c.district, p.name""",
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


def context(con: sqlite3.Connection, pound: dict[str, Any] | None = None, district: str = "") -> dict[str, Any]:
    """What the card include (_compliance_card.html) needs."""
    return {"rules": rules(TODAY_IN_INDIA), "cards": cards(con, pound, district), "entries_link": entries_link}


@router.get("/compliance", response_class=HTMLResponse)
def compliance_page(request: Request, con: DbDep, lang: LangDep, today: TodayDep) -> HTMLResponse:
    rows = scorecard(con)
    return render(request, "compliance.html", lang, today, heading=t("compliance", lang), rows=rows, **context(con))
