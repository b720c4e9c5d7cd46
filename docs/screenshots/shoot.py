"""The README's screenshots: the animal page on a phone (390 x 844), in English and Malayalam.

    .venv/bin/python docs/screenshots/shoot.py

Builds the demo for a fixed day (so the pictures do not change with the date), serves it on loopback, and has
Debian's Chromium (Playwright, as the browser tests launch it) photograph the first screen of an animal that may be
sold any day and is a lot of a scheduled auction.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from demo import write_demo
from ingest.build import ingest
from pinfold.law.status import whereabouts
from portal.search import day_sql
from portal.settings import Settings

HERE = Path(__file__).parent
DAY = dt.date(2026, 12, 1)
sys.path.insert(0, str(HERE.parent.parent))
from tests.conftest import LiveServer  # noqa: E402
from tests.test_browser import CHROMIUM, FLAGS  # noqa: E402


def animal(db: Path) -> str:
    """An animal in the pound on DAY whose first screen shows everything: may be sold any day, a lot of an auction."""
    now = whereabouts(day_sql(DAY))["in_pound_now"]
    (found,) = (
        sqlite3.connect(db)
        .execute(
            f"""SELECT i.id FROM impoundments i JOIN auction_lots l ON l.impoundment_id = i.id
                JOIN auctions a ON a.id = l.auction_id WHERE {now} AND a.status = 'scheduled'
                AND a.auction_date >= ? AND i.auction_earliest_on <= ? AND i.species = 'cow' ORDER BY i.id LIMIT 1""",
            (DAY.isoformat(), DAY.isoformat()),
        )
        .fetchone()
    )
    return str(found)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        write_demo(data, today=DAY, rows=900, seed=1961)
        ingest(data, Path(tmp) / "p.db", Path(tmp) / "q.db")
        with LiveServer(Settings(database=Path(tmp) / "p.db", today=DAY)) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            page = browser.new_page(viewport={"width": 390, "height": 844})
            for lang in ("en", "ml"):
                page.goto(f"{server.url}/animals/{animal(Path(tmp) / 'p.db')}?lang={lang}")
                page.screenshot(path=HERE / f"animal-phone-{lang}.png")
            browser.close()


if __name__ == "__main__":
    main()
