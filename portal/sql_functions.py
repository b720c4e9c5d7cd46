"""The law's own functions, callable from SQL at /data: the canned queries of metadata.yml read money, today and the
registers' statuses through them instead of writing the rules again in SQL (issue 29, part 3). Registered on every
/data connection by the Datasette plugin (datasette_plugin.prepare_connection); the SQL box may call them too.

Each is a thin call of pinfold/law: a value it cannot read (a text where a number is expected, an unknown unit or Act)
gives NULL, never an error, as SQLite's own functions do.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Callable
from typing import Any

from pinfold.law.clock import today_in_india
from pinfold.law.money import from_minor
from pinfold.law.packs import UnknownAct, pack
from pinfold.law.rules import DAYS_COUNTED, DEFAULT_DAYS_COUNTED, days_charged
from pinfold.law.status import FINE_COLLECTED, IN_POUND


def _whole(value: Any) -> int | None:
    """A sum of a *_minor column as SQLite gives it: 96 -> 96, 96.0 -> 96, '96' -> None (not a sum), None -> None."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        return None
    return int(value)


def _day(value: Any) -> dt.date | None:
    """'2026-12-02' (or '2026-12-02T10:00') -> 2 Dec 2026; anything else -> None."""
    try:
        return dt.date.fromisoformat(value[:10]) if isinstance(value, str) else None
    except ValueError:
        return None


def money(minor: Any, unit: Any) -> str | None:
    """pinfold_money(minor, money_unit): a sum as the pages write it (Money.display): (96, 'pie') -> '8 as.';
    (294, 'pie') -> 'Rs 1 8 as. 6 p.'; (250000, 'paisa') -> '₹2,500.00'; (NULL, 'paisa') -> NULL."""
    n = _whole(minor)
    if n is None or not isinstance(unit, str):
        return None
    try:
        amount, era = from_minor(n, unit)
    except KeyError:
        return None
    return amount.display(era)


def rupees(minor: Any, unit: Any) -> str | None:
    """pinfold_rupees(minor, money_unit): exact decimal rupees, as every *_rupees column (DATA_CONTRACT): (96, 'pie')
    -> '0.50'; (1, 'pie') -> '1/192' (a lone pie is no terminating decimal); (60050, 'paisa') -> '600.50'."""
    n = _whole(minor)
    if n is None or not isinstance(unit, str):
        return None
    try:
        amount, _ = from_minor(n, unit)
    except KeyError:
        return None
    return amount.decimal_str()


def today(days: Any = 0) -> str | None:
    """pinfold_today(): India's date now, whatever the server's zone (clock.today_in_india): '2026-12-02';
    pinfold_today(7) -> a week on, '2026-12-09'."""
    n = _whole(days)
    return None if n is None else (today_in_india() + dt.timedelta(days=n)).isoformat()


def in_pound(status: Any) -> int:
    """pinfold_in_pound(status): 1 when the register's last word leaves the animal in the pound (status.IN_POUND):
    'notice_posted' -> 1; 'claimed' -> 0."""
    return int(status in IN_POUND)


def fine_collected(status: Any) -> int:
    """pinfold_fine_collected(status): 1 when the fine was paid, on delivery or out of the proceeds of sale, wholly or
    in part (status.FINE_COLLECTED): 'sold' -> 1; 'released_on_deposit' -> 0 (a deposit is held, K s.14). How much
    was paid is the column impoundments.fine_collected_minor (pinfold/law/proceeds.py: a sale pays its fine only as
    far as its proceeds go), never this."""
    return int(status in FINE_COLLECTED)


def in_force(act: Any) -> int | None:
    """pinfold_in_force(act): 1 when the pound's Act is in force in India today (RulePack.applies_on):
    'kerala-1961' -> 1; 'act-iii-1857' -> 0; an Act with no pack -> NULL."""
    try:
        return int(pack(act).applies_on(today_in_india())) if isinstance(act, str) else None
    except UnknownAct:
        return None


def days_in_pound(convention: Any, brought_on: Any, until: Any) -> int | None:
    """pinfold_days_in_pound(days_counted, brought_on, until): days of feeding as a rate counts them
    (rules.days_charged; NULL: the default, nights): (NULL, '2026-12-01', '2026-12-01') -> 1;
    ('days', '2026-12-01', '2026-12-03') -> 3."""
    start, end = _day(brought_on), _day(until)
    if start is None or end is None:
        return None
    return days_charged(convention if convention in DAYS_COUNTED else DEFAULT_DAYS_COUNTED, start, end)


def days_between(first: Any, last: Any) -> int | None:
    """pinfold_days_between(first, last): whole days from one day to another: ('2026-11-28', '2026-12-02') -> 4."""
    start, end = _day(first), _day(last)
    return None if start is None or end is None else (end - start).days


# (name, function, number of arguments, deterministic). Today's date changes only at India's midnight: marked
# deterministic, SQLite computes pinfold_today() once per statement (as its own date('now')) rather than once per row
# (0.2 s more over 49,000 rows). A /data connection is read-only, so no index or view can ever be built on them.
FUNCTIONS: list[tuple[str, Callable[..., Any], int, bool]] = [
    ("pinfold_money", money, 2, True),
    ("pinfold_rupees", rupees, 2, True),
    ("pinfold_today", today, 0, True),
    ("pinfold_today", today, 1, True),
    ("pinfold_in_pound", in_pound, 1, True),
    ("pinfold_fine_collected", fine_collected, 1, True),
    ("pinfold_in_force", in_force, 1, True),
    ("pinfold_days_in_pound", days_in_pound, 3, True),
    ("pinfold_days_between", days_between, 2, True),
]


def register(con: sqlite3.Connection) -> None:
    """Makes FUNCTIONS callable from SQL on `con`."""
    for name, fn, arguments, deterministic in FUNCTIONS:
        con.create_function(name, arguments, fn, deterministic=deterministic)
