"""Fills the public table `pound_months` (declared in pinfold/pound_months.py) from the published entries: per pound
and month, the entries brought by what became of them and by days in the pound, and the fines levied on the entries
that left that month. Pound by pound: the rows of the pounds given are counted again and no other's is touched, so a
pound's rows are the same whether it is counted alone or with every other.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from pinfold.law.status import FINE_COLLECTED, TODAY_IN_INDIA, whereabouts
from pinfold.pound_months import DAY_BINS, GOT_BACK, OUTCOMES

FINES = ("fines_paisa_minor", "fines_pie_minor", "fines_collected_paisa_minor", "fines_collected_pie_minor")


def _days(lo: int, hi: int | None) -> str:
    """An entry that left after `lo` to `hi` days (1, 3) -> 'i.left_on IS NOT NULL AND i.days_in_pound BETWEEN 1 AND 3'."""
    upper = f"BETWEEN {lo} AND {hi}" if hi is not None else f">= {lo}"
    return f"i.left_on IS NOT NULL AND i.days_in_pound {upper}"


def _by_month_brought(today: str) -> str:
    """Per pound and month brought: entries, what became of them, days in the pound; fines are 0 here."""
    w = whereabouts(today)
    became = {
        "claimed": f"i.status IN ({', '.join(repr(s) for s in GOT_BACK)})",
        "sold": "i.status = 'sold'",
        "disposed": "i.status = 'disposed'",
        "in_pound": w["in_pound_now"],
        "silent": w["register_silent"],
    }
    counts = [f"sum(CASE WHEN {became[k]} THEN 1 ELSE 0 END) AS {k}" for k in OUTCOMES]
    counts += [f"sum(CASE WHEN {_days(lo, hi)} THEN 1 ELSE 0 END) AS {c}" for _, c, lo, hi in DAY_BINS]
    return f"""SELECT i.pound_id, i.brought_month AS month, count(*) AS entries, {", ".join(counts)},
                      {", ".join(f"0 AS {c}" for c in FINES)}
               FROM impoundments i WHERE {{pounds}} GROUP BY i.pound_id, i.brought_month"""


def _fines_by_month_left() -> str:
    """Per pound and month left: the fines levied and the fines collected, exact in each era's coin; every count is
    0 here. The fines levied only of entries whose fine was paid (status.FINE_COLLECTED: claimed, or sold and taken
    from the proceeds): a deposit (K s.14) is held until the complaint is decided, not a fine. The fines collected are
    the public column fine_collected_minor (pinfold/law/proceeds.py: of a sale, what its proceeds paid of the fine),
    as the canned query fines_per_pound_per_month sums it by the month brought."""
    paid = ", ".join(f"'{s}'" for s in FINE_COLLECTED)
    zeros = ", ".join(f"0 AS {c}" for c in (*OUTCOMES, *(b[1] for b in DAY_BINS)))
    levied = f"CASE WHEN i.status IN ({paid}) THEN i.fine_levied_minor END"
    collected = "i.fine_collected_minor"

    def coin(amount: str, unit: str) -> str:
        """The sum of `amount` in one coin, 0 when none: ('x', 'pie') -> the sum of x over entries in pies; ('x',
        'paisa') -> over every other entry (decimal rupees)."""
        pies, others = (amount, "NULL") if unit == "pie" else ("NULL", amount)
        return f"coalesce(sum(CASE WHEN i.money_unit = 'pie' THEN {pies} ELSE {others} END), 0)"

    return f"""SELECT i.pound_id, substr(i.left_on, 1, 7) AS month, 0 AS entries, {zeros},
                      {coin(levied, "paisa")} AS fines_paisa_minor, {coin(levied, "pie")} AS fines_pie_minor,
                      {coin(collected, "paisa")} AS fines_collected_paisa_minor,
                      {coin(collected, "pie")} AS fines_collected_pie_minor
               FROM impoundments i WHERE {{pounds}} AND i.left_on IS NOT NULL
                 AND (({levied}) > 0 OR {collected} > 0)
               GROUP BY i.pound_id, month"""


def build_sql(pounds: Sequence[str] | None = None, today: str = TODAY_IN_INDIA) -> tuple[str, list[str]]:
    """The INSERT filling the rows of `pounds` (None: every pound) as of `today` (an SQL expression), and its
    parameters: (['p1']) -> ('INSERT INTO pound_months (...) SELECT ... WHERE i.pound_id IN (?) ...', ['p1'])."""
    columns = ["entries", *OUTCOMES, *(b[1] for b in DAY_BINS), *FINES]
    where = "1" if pounds is None else f"i.pound_id IN ({', '.join('?' * len(pounds))})"
    both = f"{_by_month_brought(today)} UNION ALL {_fines_by_month_left()}".replace("{pounds}", where)
    if pounds is None:  # every pound: one pass over the table, not a row fetched for each entry of impoundments_pound
        both = both.replace("FROM impoundments i WHERE", "FROM impoundments i NOT INDEXED WHERE")
    sql = f"""INSERT INTO pound_months (pound_id, month, district, {", ".join(columns)})
        SELECT m.pound_id, m.month, p.district, {", ".join(f"sum(m.{c})" for c in columns)}
        FROM ({both}) m JOIN pounds p ON p.id = m.pound_id
        GROUP BY m.pound_id, m.month ORDER BY m.pound_id, m.month"""
    return sql, [] if pounds is None else [*pounds, *pounds]


def build(pub: sqlite3.Connection, pounds: Sequence[str] | None = None, today: str = TODAY_IN_INDIA) -> None:
    """Count `pound_months` again for the pounds given (None: all of them) from their published entries."""
    if pounds is None:
        pub.execute("DELETE FROM pound_months")
    elif pounds:
        pub.execute(f"DELETE FROM pound_months WHERE pound_id IN ({', '.join('?' * len(pounds))})", list(pounds))
    else:
        return
    sql, params = build_sql(pounds, today)
    pub.execute(sql, params)
