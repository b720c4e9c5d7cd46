"""The demo is dated by India's day, as every page is (pinfold/law/clock.py today_in_india), whatever the machine's
zone: before, `make demo` passed the machine's UTC date, a day behind its own pages from 18:30 to 24:00 UTC."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
from pathlib import Path
from zoneinfo import ZoneInfo

from .test_ingest_errors import PINFOLD

IST = dt.timezone(dt.timedelta(hours=5, minutes=30))  # India: UTC+5:30 all year (written here, not read from us)


def a_zone_on_another_day() -> str:
    """A machine zone whose date now is not India's: 12 hours behind UTC or 14 ahead, one of them always is."""
    india = dt.datetime.now(IST).date()
    return next(z for z in ("Etc/GMT+12", "Etc/GMT-14") if dt.datetime.now(ZoneInfo(z)).date() != india)


def test_demo_data_is_dated_by_indias_day_on_a_machine_a_day_apart(tmp_path: Path) -> None:
    zone = a_zone_on_another_day()
    before = dt.datetime.now(IST).date()
    done = subprocess.run(
        [PINFOLD, "demo-data", str(tmp_path / "demo"), "--rows", "20"],
        env={**os.environ, "TZ": zone},
        capture_output=True,
        text=True,
        check=True,
    )
    after = dt.datetime.now(IST).date()
    day = done.stdout.split(" for ")[1].split()[0]
    assert day in {before.isoformat(), after.isoformat()}, (zone, done.stdout)


def test_make_demo_lets_pinfold_choose_the_day() -> None:
    """The Makefile computes no date of its own: TODAY given is passed on, else pinfold's default (India's day)."""
    root = Path(__file__).parents[1]
    quiet = subprocess.run(["make", "-n", "demo"], cwd=root, capture_output=True, text=True, check=True).stdout
    given = subprocess.run(
        ["make", "-n", "demo", "TODAY=2026-11-30"], cwd=root, capture_output=True, text=True, check=True
    ).stdout
    assert "--today" not in quiet and "--today 2026-11-30" in given
