"""One truth about where each animal is: the view impoundments_now, the pages, the lists, the feeds, the calendar and
the API all read pinfold/law/status.py's whereabouts, so they cannot disagree. And auctions as an owner meets them:
every auction the Director fixed is shown, a proposed one is never in the past, and a calendar keeps an event's UID
when a proposed auction is fixed on its day."""

from __future__ import annotations

import csv
import datetime as dt
import sqlite3
from pathlib import Path

import icalendar
from fastapi.testclient import TestClient

from ingest.build import ingest
from portal.app import create_app
from portal.i18n import date_label
from portal.settings import Settings

from .conftest import TODAY, make_data_dir
from .test_portal import parse


def rows(db: Path, sql: str, params: tuple = ()) -> list[dict]:
    con = sqlite3.connect(db)
    con.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in con.execute(sql, params)]
    finally:
        con.close()


def test_no_lot_of_an_auction_to_come_is_an_animal_whose_fate_is_unknown(demo_dbs) -> None:
    # Before: 24 lots in 9 of 15 scheduled auctions were animals whose own page said the register was silent on
    # them, and the pound page left them out of "in the pound now" while selling them.
    lots = rows(
        demo_dbs[0],
        """SELECT n.id, n.fate, n.auction_status FROM impoundments_now n
           WHERE n.auction_on >= date('now', '+330 minutes')""",
    )
    assert lots and {r["auction_status"] for r in lots} == {"scheduled", "proposed"}
    assert [r for r in lots if r["fate"] not in ("in_pound", "may_be_sold")] == []


def test_every_auction_the_director_fixed_is_shown_lots_known_or_not(demo_dir: Path, demo_dbs) -> None:
    # Before: 18 of 33 auctions in rules/auctions.csv appeared nowhere, because no animal had been assigned to them.
    with open(demo_dir / "rules" / "auctions.csv", encoding="utf-8") as f:
        fixed = {(r["pound_id"], r["date"]) for r in csv.DictReader(f)}
    published = {(r["pound_id"], r["auction_date"]): r for r in rows(demo_dbs[0], "SELECT * FROM auctions")}
    assert fixed and fixed <= set(published)
    assert all(published[k]["status"] in ("scheduled", "held") for k in fixed)
    assert any(published[k]["lots"] == 0 for k in fixed)  # the demo has fixed auctions no animal is known to be in


def test_the_pound_page_the_list_and_the_view_agree_on_who_is_in_the_pound(client, demo_dbs) -> None:
    for pound in rows(demo_dbs[0], "SELECT id FROM pounds WHERE act = 'kerala-1961' ORDER BY id LIMIT 6"):
        view = {
            r["id"]
            for r in rows(
                demo_dbs[0], "SELECT id FROM impoundments_now WHERE pound_id = ? AND in_pound_now", (pound["id"],)
            )
        }
        page = parse(client.get(f"/pounds/{pound['id']}").text)
        listed = {link.removeprefix("/animals/") for link in page.links if link.startswith("/animals/")}
        api = client.get("/api/impoundments", params={"pound": pound["id"], "limit": 500}).json()
        assert listed == view
        assert api["in_pound_now"] == len(view) == {r["id"] for r in api["rows"] if r["in_pound_now"]}.__len__()
        assert f"Animals in the pound now ({len(view)})" in page.text
        # every lot of an auction to come at this pound is among them
        lots = rows(
            demo_dbs[0],
            "SELECT id FROM impoundments_now WHERE pound_id = ? AND auction_on >= date('now', '+330 minutes')",
            (pound["id"],),
        )
        assert {r["id"] for r in lots} <= view


def test_the_view_names_no_auction_gone_by(demo_dbs) -> None:
    # Before: 76 animals in the pound carried in impoundments_now a proposed auction whose day had gone by (with a lot
    # number), which the pages, feeds and calendar hide: a journalist at /data read an auction nobody could go to.
    gone = rows(
        demo_dbs[0],
        """SELECT id, auction_on, auction_status FROM impoundments_now
           WHERE auction_on < date('now', '+330 minutes') OR (auction_id IS NOT NULL AND lot_no IS NULL)""",
    )
    assert gone == []
    assert rows(demo_dbs[0], "SELECT count(*) AS n FROM impoundments_now WHERE auction_id IS NOT NULL")[0]["n"] > 0


def test_a_proposed_auction_is_never_in_the_past(client) -> None:
    cal = icalendar.Calendar.from_ical(client.get("/calendar/auctions.ics").content)
    past_proposed = [
        ev for ev in cal.walk("VEVENT") if str(ev["STATUS"]) == "TENTATIVE" and ev.decoded("DTSTART") < TODAY
    ]
    assert past_proposed == []
    feed = client.get("/api/impoundments", params={"limit": 1}).json()  # the portal answers on the same data
    assert feed["total"] > 0


REGISTER = "No.,Date and hour brought,Kind,Head,Description,Place seized,Owner\n1,{},Cow,1,black,Ollur,unknown\n"


def test_a_calendar_event_keeps_its_uid_when_a_proposed_auction_is_fixed_on_its_day(tmp_path: Path) -> None:
    # A subscribed calendar updates an event with the same UID; a new UID would show the auction twice.
    brought = TODAY - dt.timedelta(days=3)
    data = make_data_dir(tmp_path, {"r.csv": REGISTER.format(brought.strftime("%d/%m/%Y 10:00"))})
    db = tmp_path / "p.db"

    def calendar_event() -> tuple[str, str, str]:
        ingest(data, db, tmp_path / "q.db")
        with TestClient(create_app(Settings(database=db, today=TODAY))) as c:
            (ev,) = icalendar.Calendar.from_ical(c.get("/calendar/auctions.ics").content).walk("VEVENT")
        return str(ev["UID"]), str(ev["STATUS"]), ev.decoded("DTSTART").strftime("%H:%M")

    uid, status, _ = calendar_event()
    assert status == "TENTATIVE"
    (earliest,) = sqlite3.connect(db).execute("SELECT auction_earliest_on FROM impoundments").fetchone()
    (data / "rules").mkdir()
    (data / "rules" / "auctions.csv").write_text(
        f"pound_id,date,time,place,conditions,reference\np1,{earliest},11:30,Pound yard,Cash,Order 1/2026\n"
    )
    again, status, hour = calendar_event()
    assert (again, status, hour) == (uid, "CONFIRMED", "11:30")


def test_a_lot_of_an_auction_fixed_for_a_day_to_come_is_sold_then_not_any_day(client, demo_dbs) -> None:
    # K s.13(3): unclaimed, the cattle "shall be sold by public auction at such place and time ... as the Director may
    # fix". Past its earliest day, an animal the Director's auction of 9 Dec will sell is not "to be sold any day": its
    # owner has until 8 Dec. Before, its page said "it may be sold any day now" beside that auction.
    r = rows(
        demo_dbs[0],
        """SELECT id, auction_on FROM impoundments_now WHERE in_pound_now AND auction_status = 'scheduled'
           AND auction_on > date('now', '+330 minutes') AND auction_earliest_on <= date('now', '+330 minutes') LIMIT 1""",
    )[0]
    due = client.get(f"/api/impoundments/{r['id']}/due").json()
    assert due["auction_may_be_held"] is False and due["fate"] == "in_pound"
    assert (due["next_event"], due["next_event_on"]) == ("auction_fixed", r["auction_on"])
    one = client.get(f"/api/impoundments/{r['id']}").json()
    last = dt.date.fromisoformat(r["auction_on"]) - dt.timedelta(days=1)
    assert one["last_day_to_claim"] == last.isoformat()
    page = parse(client.get(f"/animals/{r['id']}").text)
    assert "auction-open" not in page.by_id
    # and its page gives that day too, not the day before its earliest auction, long gone (41 of 43 such lots did)
    assert page.by_id["last-day"].startswith(date_label(last, "en")) and "passed" not in page.by_id["last-day"]
    # and the impounded feed's entry too (it gave the day before the earliest auction, as the page did)
    (summary,) = rows(
        demo_dbs[0], "SELECT atom_summary FROM feed_impounded WHERE atom_link = ?", (f"/animals/{r['id']}",)
    )
    assert f"Last day to claim before its auction: {date_label(last, 'en')}" in summary["atom_summary"]


def test_the_feeds_say_a_status_and_a_day_as_the_pages_do(demo_dbs) -> None:
    # Found reading the feeds: "Status: claimed" (the column's code) and "on 2026-12-01 10:00" beside "1 Dec 2026".
    (claimed,) = rows(
        demo_dbs[0],
        """SELECT f.atom_summary FROM feed_impounded f JOIN impoundments i ON '/animals/' || i.id = f.atom_link
           WHERE i.status = 'claimed' LIMIT 1""",
    )
    assert claimed["atom_summary"].endswith(" Status: Claimed by owner.")
    (auction,) = rows(demo_dbs[0], "SELECT atom_title, auction_date FROM feed_auctions LIMIT 1")
    assert (
        date_label(auction["auction_date"], "en") in auction["atom_title"]
        and auction["auction_date"] not in auction["atom_title"]
    )
