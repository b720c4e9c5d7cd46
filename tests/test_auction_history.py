"""Calendar events carry SEQUENCE and LAST-MODIFIED that grow when an auction changes (issue 27): a client updates an
event it holds only when its SEQUENCE grows (RFC 5545 3.8.7.4). Real ingests of a real register, the real calendar,
parsed by icalendar."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

import icalendar
from fastapi.testclient import TestClient

from ingest.build import ingest
from portal.app import create_app
from portal.settings import Settings

from .conftest import TODAY, make_data_dir

REGISTER = (
    "No.,Date and hour brought,Kind,Head,Description,Place seized,Owner\n"
    "1,{day},Cow,1,black,Ollur,unknown\n"
    "2,{day},Buffalo,1,grey,Ollur,unknown\n"
)
AUCTIONS = "pound_id,date,time,place,conditions,reference\np1,{a},10:00,Pound yard,Cash,Order 1/2026\n{more}"


def events(db: Path) -> dict[str, icalendar.Event]:
    """The calendar's events by their auction's day."""
    with TestClient(create_app(Settings(database=db, today=TODAY))) as c:
        cal = icalendar.Calendar.from_ical(c.get("/calendar/auctions.ics").content)
    return {ev.decoded("DTSTART").date().isoformat(): ev for ev in cal.walk("VEVENT")}


def ingested_at(db: Path) -> dt.datetime:
    (when,) = sqlite3.connect(db).execute("SELECT ingested_at FROM ingests ORDER BY id DESC LIMIT 1").fetchone()
    return dt.datetime.fromisoformat(when).astimezone(dt.UTC)


def backdate(db: Path) -> dt.datetime:
    """The database's ingest made a day earlier (as yesterday's ingest would have been), so the next ingest's time
    differs from it whatever the clock says -> that earlier time, in UTC."""
    con = sqlite3.connect(db)
    (when,) = con.execute("SELECT ingested_at FROM ingests").fetchone()
    earlier = (dt.datetime.fromisoformat(when) - dt.timedelta(days=1)).isoformat()
    with con:
        con.execute("UPDATE ingests SET ingested_at = ?", (earlier,))
        con.execute("UPDATE auction_versions SET modified_at = ?", (earlier,))
    con.close()
    return dt.datetime.fromisoformat(earlier).astimezone(dt.UTC)


def test_a_changed_auction_grows_its_sequence_and_an_unchanged_one_keeps_it(tmp_path: Path) -> None:
    brought = TODAY - dt.timedelta(days=2)
    data = make_data_dir(tmp_path, {"r.csv": REGISTER.format(day=brought.strftime("%d/%m/%Y 10:00"))})
    (data / "rules").mkdir()
    first, second = (TODAY + dt.timedelta(days=d) for d in (20, 25))
    rules = data / "rules" / "auctions.csv"
    more = f"p1,{second},10:00,Pound yard,Cash,Order 2/2026\n"
    rules.write_text(AUCTIONS.format(a=first, more=more), encoding="utf-8")
    db, private = tmp_path / "p.db", tmp_path / "q.db"
    ingest(data, db, private)
    first_ingest = backdate(db)
    before = events(db)
    assert {before[d.isoformat()]["SEQUENCE"] for d in (first, second)} == {0}
    assert before[first.isoformat()].decoded("LAST-MODIFIED") == first_ingest

    # The Director moves the first auction's hour and place (K s.13(3): "at such place and time ... as the Director
    # may fix"); the second is left as it was.
    rules.write_text(
        AUCTIONS.format(a=first, more=more).replace("10:00,Pound yard,Cash,Order 1", "14:30,Ollur market,Cash,Order 1"),
        encoding="utf-8",
    )
    ingest(data, db, private)
    after, second_ingest = events(db), ingested_at(db)
    assert second_ingest > first_ingest
    moved, kept = after[first.isoformat()], after[second.isoformat()]
    assert (str(moved["UID"]), moved["SEQUENCE"]) == (str(before[first.isoformat()]["UID"]), 1)
    assert moved.decoded("LAST-MODIFIED") == second_ingest and moved.decoded("DTSTAMP") == second_ingest
    assert moved.decoded("DTSTART").strftime("%H:%M") == "14:30"
    assert kept["SEQUENCE"] == 0 and kept.decoded("LAST-MODIFIED") == first_ingest
    assert kept.decoded("DTSTAMP") == first_ingest  # stable: the same until the auction changes

    # An ingest of the same files changes nothing
    ingest(data, db, private)
    assert events(db)[first.isoformat()]["SEQUENCE"] == 1
    assert events(db)[first.isoformat()].decoded("LAST-MODIFIED") == second_ingest

    # A lot taken out (the buffalo's entry struck from the register): its auction changed, the event says so.
    (held_in,) = (
        sqlite3.connect(db)
        .execute(
            "SELECT a.auction_date FROM auction_lots l JOIN auctions a ON a.id = l.auction_id WHERE l.species = 'buffalo'"
        )
        .fetchone()
    )
    was = events(db)[held_in]["SEQUENCE"]
    register = data / "registers" / "p1" / "r.csv"
    register.write_text("".join(register.read_text(encoding="utf-8").splitlines(True)[:2]), encoding="utf-8")
    ingest(data, db, private)
    assert events(db)[held_in]["SEQUENCE"] == was + 1
