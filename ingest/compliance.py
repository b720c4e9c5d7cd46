"""The public table `compliance`: per pound and year brought, the entries, and for each rule of the scorecard
(pinfold/law/compliance.py) the entries where the register records a departure and their share in percent. A rule the
pound's Act does not have is NULL, not 0. Built beside it, the charts' figures per pound and month (pound_months).
Pound by pound: build(pub, ['p1']) counts p1's rows again and touches no other pound's.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from pinfold.law.compliance import MEASURED_KEYS, RULE_KEYS, acts_with, rules
from pinfold.law.status import TODAY_IN_INDIA

from . import pound_months


def build_sql(today: str = TODAY_IN_INDIA, pounds: Sequence[str] | None = None) -> str:
    """The INSERT that fills `compliance` from impoundments and sales as of `today` (an SQL expression), for the
    pounds given as parameters (None: every pound): (pounds=['p1']) -> '... WHERE i.pound_id IN (?) ...'. Every
    pound's rows are read in one pass over the table, not through impoundments_pound (a row fetched by rowid for each
    entry of the index: 1.6 s against 1.3 s at 200k rows); a few pounds' through it."""
    counts, shares = [], []
    for rule in rules(today):
        acts = ", ".join(repr(a) for a in acts_with(rule)) or "NULL"  # NULL for a rule no Act has: matches nothing
        n = f"CASE WHEN i.act IN ({acts}) THEN sum(CASE WHEN {rule.condition} THEN 1 ELSE 0 END) END"
        counts.append(f"{n} AS {rule.key}")
        if rule.measured:
            measured = f"CASE WHEN i.act IN ({acts}) THEN sum(CASE WHEN {rule.measured} THEN 1 ELSE 0 END) END"
            counts.append(f"{measured} AS {rule.key}_measured")
        shares.append(f"round(100.0 * {rule.key} / entries, 1) AS {rule.key}_share")
    columns = ", ".join([f"{k}, {k}_share" for k in RULE_KEYS] + [f"{k}_measured" for k in MEASURED_KEYS])
    return f"""INSERT INTO compliance (pound_id, year, act, district, entries, {columns})
        SELECT pound_id, year, act, district, entries, {columns}
        FROM (SELECT *, {", ".join(shares)} FROM (
            SELECT i.pound_id, substr(i.brought_on, 1, 4) AS year, i.act, p.district, count(*) AS entries,
                   {", ".join(counts)}
            FROM impoundments i {"NOT INDEXED " if pounds is None else ""}JOIN pounds p ON p.id = i.pound_id
            LEFT JOIN sales s ON s.impoundment_id = i.id
            WHERE {"1" if pounds is None else f"i.pound_id IN ({', '.join('?' * len(pounds))})"}
            GROUP BY i.pound_id, year, i.act))
        ORDER BY pound_id, year"""


def build(pub: sqlite3.Connection, pounds: Sequence[str] | None = None) -> None:
    """Count the public database's `compliance` and `pound_months` (declared in pinfold/schema.py) again for the
    pounds given (None: every pound) from their entries, as of India's date today."""
    if pounds is not None and not pounds:
        return
    if pounds is None:
        pub.execute("DELETE FROM compliance")
    else:
        pub.execute(f"DELETE FROM compliance WHERE pound_id IN ({', '.join('?' * len(pounds))})", list(pounds))
    pub.execute(build_sql(pounds=pounds), [] if pounds is None else list(pounds))
    pound_months.build(pub, pounds)
