"""The history of what was published (ingest/history.py): two real ingests of a register before and after a pound
corrected it, read back from the `changes` table, the corrections feed (feedparser) and the animal pages."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import feedparser
import pytest
from fastapi.testclient import TestClient

from ingest.build import ingest
from ingest.history import masked
from ingest.records import identity_key, impoundment_id
from portal.app import create_app
from portal.settings import Settings

from .conftest import TODAY, make_data_dir, personal_names
from .test_datasette import query

HISTORY = Path(__file__).with_name("fixtures") / "history"
REGISTER = "registers/p1/register-2025.csv"


def ingest_twice(tmp_path: Path, after: Path | str, before: Path = HISTORY / "register-before.csv") -> Path:
    """The register as first sent, ingested; then as sent again (a file, or its text), ingested over it."""
    data = make_data_dir(tmp_path, {"register-2025.csv": before})
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    if isinstance(after, Path):
        shutil.copy(after, data / REGISTER)
    else:
        (data / REGISTER).write_text(after, encoding="utf-8")
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    return data


def ids_by_entry(db: Path) -> dict[str, str]:
    return dict(sqlite3.connect(db).execute("SELECT entry_no, id FROM impoundments"))


def changes(db: Path) -> list[tuple]:
    con = sqlite3.connect(db)
    return con.execute(
        "SELECT entry_no, change, field, value_before, value_after, left_on_before FROM changes ORDER BY id"
    ).fetchall()


@pytest.fixture(scope="module")
def corrected(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture's register, then the same register after the pound fixed three entries, struck out entry 5,
    added entry 7 and rewrote entry 1's owner in the private columns."""
    tmp = tmp_path_factory.mktemp("corrected")
    ingest_twice(tmp, HISTORY / "register-after.csv")
    return tmp


def test_three_changed_one_removed_one_added_are_the_five_changes(corrected: Path) -> None:
    # The fine of entry 2 lowered after the bull was claimed, the day entry 4 was delivered rewritten, entry 6's
    # description completed; entry 5 gone, entry 7 new. Entry 1's owner renamed in the register: not public.
    assert changes(corrected / "p.db") == [
        ("2", "changed", "fine_levied_rupees", "500.00", "300.00", "2025-11-06"),
        ("4", "changed", "claimed_on", "2025-11-08", "2025-11-09", "2025-11-08"),
        ("5", "removed", None, None, None, None),
        ("6", "changed", "description", "grey", "grey, broken left horn", "2025-11-10"),
        ("7", "added", None, None, None, None),
    ]
    con = sqlite3.connect(corrected / "p.db")
    rows = con.execute("SELECT id, compared_with IS NOT NULL, added, removed, changed, changes FROM ingests")
    assert rows.fetchall() == [(1, 0, 0, 0, 0, 0), (2, 1, 1, 1, 3, 5)]
    # The entries kept their ids through the corrections (their pages did not move), and 5's is the id it had.
    before = dict(con.execute("SELECT entry_no, impoundment_id FROM changes"))
    assert all(before[n] == ids_by_entry(corrected / "p.db")[n] for n in ("2", "4", "6", "7"))
    assert before["5"] not in ids_by_entry(corrected / "p.db").values()


def test_the_five_changes_are_in_the_corrections_feed(corrected: Path) -> None:
    with TestClient(create_app(Settings(database=corrected / "p.db", today=TODAY))) as c:
        feed = feedparser.parse(c.get("/feeds/changes.atom").content)
        assert not feed.bozo and len(feed.entries) == 5
        titles = [e.title for e in feed.entries]  # newest first
        assert titles[0] == "Added to the register: 1 ox at Test Pound"
        assert "Corrected: 1 cow at Test Pound, description" in titles
        assert "Removed from the register: 1 calf at Test Pound" in titles
        fine = next(e for e in feed.entries if "fine levied" in e.title)
        assert fine.summary.startswith("Fine levied (rupees): 300.00 (was 500.00). Entry 2, brought 4 Nov 2025")
        ids = ids_by_entry(corrected / "p.db")
        assert fine.link == f"http://testserver/animals/{ids['2']}"
        assert len({e.id for e in feed.entries}) == 5 and all(
            e.id.startswith("tag:pinfold,2026:change-") for e in feed.entries
        )
        # the filters of every feed: a district, a pound, a kind, words
        assert len(feedparser.parse(c.get("/feeds/changes.rss", params={"district": "Thrissur"}).content).entries) == 5
        assert [e.title for e in feedparser.parse(c.get("/feeds/changes.rss?species=goat").content).entries] == [
            "Corrected: 1 goat at Test Pound, date delivered to the owner"
        ]
        assert len(feedparser.parse(c.get("/feeds/changes.rss?q=horn").content).entries) == 1
        assert "/feeds/changes.rss" in c.get("/feeds").text


def test_the_five_changes_are_on_the_animal_pages(corrected: Path) -> None:
    ids = ids_by_entry(corrected / "p.db")
    with TestClient(create_app(Settings(database=corrected / "p.db", today=TODAY))) as c:
        bull = c.get(f"/animals/{ids['2']}").text
        assert "Changes since it was published" in bull
        assert "Fine levied (rupees) <strong>₹300.00</strong> (was ₹500.00)" in bull
        assert (
            "Date delivered to the owner <strong>9 Nov 2025</strong> (was 8 Nov 2025)"
            in c.get(f"/animals/{ids['4']}").text
        )
        assert "Description <strong>grey, broken left horn</strong> (was grey)" in c.get(f"/animals/{ids['6']}").text
        assert "Added to the register; first published on" in c.get(f"/animals/{ids['7']}").text
        assert "Changes since it was published" not in c.get(f"/animals/{ids['3']}").text  # unchanged
        ml = c.get(f"/animals/{ids['2']}", params={"lang": "ml"}).text
        c.cookies.clear()
        assert "ഈടാക്കിയ പിഴ (രൂപ) <strong>₹300.00</strong> (മുമ്പ് ₹500.00)" in ml
        # Entry 5's page: its bookmark says it was removed after it was published (410 Gone), not "not found".
        (removed,) = (
            sqlite3.connect(corrected / "p.db")
            .execute("SELECT impoundment_id FROM changes WHERE change = 'removed'")
            .fetchone()
        )
        gone = c.get(f"/animals/{removed}")
        assert gone.status_code == 410 and "Removed from the register" in gone.text and "7 Nov 2025" in gone.text


def test_no_personal_data_in_the_history_anywhere(corrected: Path) -> None:
    names = personal_names(corrected / "q.db")
    assert {"Kunjan Nair Kuttan", "Thomas Mathew", "Raman Pillai"} <= names  # the sweep looks for these
    con = sqlite3.connect(corrected / "p.db")
    public = "\n".join(con.iterdump())
    with TestClient(create_app(Settings(database=corrected / "p.db", today=TODAY))) as c:
        pages = [c.get(f"/animals/{i}").text for i in ids_by_entry(corrected / "p.db").values()]
        pages += [c.get(f"/feeds/changes.{fmt}").text for fmt in ("rss", "atom")]
        pages += [c.get(f"/downloads/{t}.csv").text for t in ("changes", "ingests", "aliases")]
    for name in names:
        for part in (name, *name.split()):
            if len(part) > 5:
                assert part not in public and all(part not in p for p in pages), part


def test_a_private_name_changed_is_no_change_and_the_same_files_add_none(tmp_path: Path) -> None:
    # Entry 1's owner renamed in the register, nothing else: the public database is the same.
    text = (HISTORY / "register-before.csv").read_text(encoding="utf-8").replace("Kunjan Nair,", "Kunjan Nair K.,")
    data = ingest_twice(tmp_path, text)
    assert "Kunjan Nair K." in "\n".join(sqlite3.connect(tmp_path / "q.db").iterdump())
    assert changes(tmp_path / "p.db") == []
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")  # the same files again
    con = sqlite3.connect(tmp_path / "p.db")
    # An ingest row each time (the register was read, and found as it was); never a change.
    assert con.execute("SELECT added + removed + changed + changes FROM ingests").fetchall() == [(0,), (0,), (0,)]
    assert len({r[0] for r in con.execute("SELECT data_version FROM ingests")}) == 2


def test_a_description_that_came_to_name_its_owner_is_a_change_without_the_name(tmp_path: Path) -> None:
    text = (HISTORY / "register-before.csv").read_text(encoding="utf-8")
    ingest_twice(tmp_path, text.replace(",grey,", ',"grey, owned by Joseph Kurian",'))
    assert changes(tmp_path / "p.db") == [
        ("6", "changed", "description", "grey", "grey, owned by [name]", "2025-11-10")
    ]


def test_a_name_an_older_database_published_does_not_enter_the_history(tmp_path: Path) -> None:
    # An older Pinfold let a name through in a description; the ingest that hides it records no change carrying it,
    # and history rows from before are hidden the same way.
    data = make_data_dir(tmp_path, {"register-2025.csv": HISTORY / "register-before.csv"})
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    con = sqlite3.connect(tmp_path / "p.db")
    with con:
        con.execute("UPDATE impoundments SET description = 'grey, owned by Joseph Kurian' WHERE entry_no = '6'")
        con.execute(
            """INSERT INTO changes (ingest_id, changed_at, impoundment_id, pound_id, entry_no, brought_on, species,
                   head_count, change, field, value_before, value_after)
               SELECT 1, '2025-11-20T10:00:00+05:30', id, pound_id, entry_no, brought_on, species, head_count,
                   'changed', 'description', 'grey', 'grey, owned by Joseph Kurian' FROM impoundments WHERE entry_no = '6'"""
        )
    con.close()
    (data / REGISTER).write_text(
        (HISTORY / "register-before.csv")
        .read_text(encoding="utf-8")
        .replace(",grey,", ',"grey, owned by Joseph Kurian",'),
        encoding="utf-8",
    )
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    assert "Kurian" not in "\n".join(sqlite3.connect(tmp_path / "p.db").iterdump())
    assert changes(tmp_path / "p.db") == [("6", "changed", "description", "grey", "grey, owned by [name]", None)]


def test_masked_hides_in_the_old_text_what_the_new_hides() -> None:
    assert masked("owned by Kunjan Nair of Ollur", "owned by [name] of Ollur") == "owned by [name] of Ollur"
    assert masked("field of Sri. K. Raghavan Nair, near temple", "field of [name], near temple") == (
        "field of [name], near temple"
    )
    assert masked("black cow", "black cow, owner [name]") == "black cow"
    assert masked("grey near Kunjan's house", "grey, owned by [name]") == "grey [name]"  # only the placeholder
    assert masked("black", "brown") == "black" and masked(None, "[name]") is None


def test_a_corrected_day_brought_keeps_the_old_address_working(tmp_path: Path) -> None:
    # Entry 3 was written on the wrong day: its identity (pound, number, day) changes, and so does its id.
    text = (HISTORY / "register-before.csv").read_text(encoding="utf-8")
    data = make_data_dir(tmp_path, {"register-2025.csv": HISTORY / "register-before.csv"})
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    old_id = ids_by_entry(tmp_path / "p.db")["3"]
    (data / REGISTER).write_text(text.replace("3,05/11/2025,", "3,04/11/2025,"), encoding="utf-8")
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    new_id = ids_by_entry(tmp_path / "p.db")["3"]
    assert new_id != old_id
    assert changes(tmp_path / "p.db") == [("3", "changed", "brought_at", "2025-11-05T11:15", "2025-11-04T11:15", None)]
    con = sqlite3.connect(tmp_path / "p.db")
    assert con.execute("SELECT alias, impoundment_id FROM aliases").fetchall() == [(old_id, new_id)]
    with TestClient(create_app(Settings(database=tmp_path / "p.db", today=TODAY))) as c:
        moved = c.get(f"/animals/{old_id}", follow_redirects=False)
        assert moved.status_code == 301 and moved.headers["location"] == f"/animals/{new_id}"
        notice = c.get(f"/animals/{old_id}/notice?lang=ml", follow_redirects=False)
        assert notice.headers["location"] == f"/animals/{new_id}/notice?lang=ml"
        assert (
            "Date brought <strong>4 Nov 2025 11:15</strong> (was 5 Nov 2025 11:15)" in c.get(f"/animals/{old_id}").text
        )
    # Corrected back: the first id is the entry's again, and no longer an alias; its history came with it.
    (data / REGISTER).write_text(text, encoding="utf-8")
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    con = sqlite3.connect(tmp_path / "p.db")
    assert ids_by_entry(tmp_path / "p.db")["3"] == old_id
    assert con.execute("SELECT alias, impoundment_id FROM aliases").fetchall() == [(new_id, old_id)]
    assert [r[0] for r in con.execute("SELECT impoundment_id FROM changes")] == [old_id, old_id]


def test_a_database_of_an_older_pinfold_is_followed_entry_by_entry(tmp_path: Path) -> None:
    # Before the history, an id hashed the whole entry. The first ingest with it finds each entry where it stood
    # (the same row of the same file, the same number): no change, and every old address an alias.
    data = make_data_dir(tmp_path, {"register-2025.csv": HISTORY / "register-before.csv"})
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    con = sqlite3.connect(tmp_path / "p.db")
    with con:
        for table in ("changes", "aliases", "ingests"):
            con.execute(f"DROP TABLE {table}")
        con.execute("UPDATE impoundments SET id = 'p1-old' || entry_no")
    con.close()
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    con = sqlite3.connect(tmp_path / "p.db")
    assert changes(tmp_path / "p.db") == []
    aliases = dict(con.execute("SELECT alias, impoundment_id FROM aliases"))
    assert aliases == {f"p1-old{n}": i for n, i in ids_by_entry(tmp_path / "p.db").items()}


def test_identity_is_pound_number_and_day_or_without_a_number_day_hour_kind_and_count() -> None:
    # Numbered: what else is corrected (hour, kind, count, description, place) keeps the id; the day does not.
    same = impoundment_id("p1", "17", "2025-11-03T09:30", "cow", 1)
    assert impoundment_id("p1", "017", "2025-11-03T10:00", "bull", 2) == same
    assert impoundment_id("p1", "17", "2024-11-03T09:30", "cow", 1) != same  # numbered from 1 again next year
    assert impoundment_id("p2", "17", "2025-11-03T09:30", "cow", 1) != same
    # Without a number: the description and place may be corrected, not the hour, kind or count.
    bare = impoundment_id("p1", None, "2025-11-03T09:30", "Cow", 1)
    assert impoundment_id("p1", "", "2025-11-03T09:30", "cow ", 1) == bare
    # Each kind of an entry naming several ('1 cow with calf') is an entry of its own.
    assert impoundment_id("p1", "17", "2025-11-03T09:30", "cow", 1, part=1) != impoundment_id(
        "p1", "17", "2025-11-03T09:30", "calf", 1, part=2
    )
    assert identity_key("p1", None, "2025-11-03T09:30", "cow", 2) != identity_key(
        "p1", None, "2025-11-03T09:30", "cow", 1
    )


def test_two_entries_numbered_alike_on_a_day_are_two_animals_with_two_ids(tmp_path: Path) -> None:
    # A clerk's slip: entry 3 twice on 5 Nov, a buffalo and a goat. Neither is lost, neither takes the other's id:
    # the first in the register keeps it, the second is told apart by '-2'. A copy that says the same is merged.
    text = (HISTORY / "register-before.csv").read_text(encoding="utf-8")
    line = '3,05/11/2025,3.00 PM,goat,1,spotted,Ollur,"Raman Pillai, Ollur","Leela Menon, Ollur",06/11/2025,Rs. 250/-\n'
    repeat = text.splitlines(keepends=True)[3]
    data = make_data_dir(tmp_path, {"register-2025.csv": text + line + repeat})
    summary = ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    assert (summary.stored, summary.duplicates) == (7, 1)
    con = sqlite3.connect(tmp_path / "p.db")
    threes = con.execute("SELECT id, species FROM impoundments WHERE entry_no = '3' ORDER BY id").fetchall()
    first = impoundment_id("p1", "3", "2025-11-05", "buffalo", 2)
    assert threes == [(first, "buffalo"), (first + "-2", "goat")]
    assert con.execute("SELECT impoundment_id, source_row FROM merged_duplicates").fetchall() == [(first, 9)]
    private = sqlite3.connect(tmp_path / "q.db")
    rows = private.execute(
        "SELECT source_row, impoundment_id, kind FROM register_entries WHERE source_row IN (4, 8, 9)"
    )
    assert sorted(rows) == [(4, first, "entry"), (8, first + "-2", "entry"), (9, first, "duplicate")]
    # The same files again: the same ids, no change.
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    assert changes(tmp_path / "p.db") == []


def test_a_failed_ingest_leaves_the_history_and_the_downloads_whole(tmp_path: Path) -> None:
    data = ingest_twice(tmp_path, HISTORY / "register-after.csv")
    before = (tmp_path / "p.db").read_bytes()
    folders = sorted(p.name for p in (tmp_path / "p.downloads").iterdir())
    (data / "registers" / "p1" / "scan.pdf").write_bytes(b"%PDF-1.4")
    with pytest.raises(Exception, match="scan.pdf"):
        ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    assert (tmp_path / "p.db").read_bytes() == before
    assert sorted(p.name for p in (tmp_path / "p.downloads").iterdir()) == folders


def test_an_ingest_names_the_rule_files_it_read_but_not_the_private_roster(demo_dir: Path, demo_dbs) -> None:
    # A new fine scale changes many published fines at once: the ingest row says which rule files it ran with.
    (rule_files,) = sqlite3.connect(demo_dbs[0]).execute("SELECT rule_files FROM ingests").fetchone()
    digests = json.loads(rule_files)
    assert {"rules/fine_scales.csv", "rules/feeding_rates.csv", "rules/habitual_areas.csv", "rules/auctions.csv",
            "packs/kerala-1961.toml", "packs/act-iii-1857.toml"} <= set(digests)  # fmt: skip
    assert (demo_dir / "rules" / "roster.csv").is_file() and not any("roster" in name for name in digests)
    fine_scales = (demo_dir / "rules" / "fine_scales.csv").read_bytes()
    assert digests["rules/fine_scales.csv"] == hashlib.sha256(fine_scales).hexdigest()[:16]


def test_the_journalists_queries_tell_a_rewrite_from_a_register_kept_up(tmp_path: Path) -> None:
    # Entry 3's delivery filled in (the register kept up: recorded), entry 4's rewritten (a correction), entry 2's
    # fine lowered after the bull had left, entry 5 struck out.
    after = (HISTORY / "register-after.csv").read_text(encoding="utf-8")
    ingest_twice(
        tmp_path,
        after.replace(
            'Nadathara,"Raman Pillai, Ollur",unknown,,', 'Nadathara,"Raman Pillai, Ollur",unknown,07/11/2025,'
        ),
    )
    ids = ids_by_entry(tmp_path / "p.db")
    with TestClient(create_app(Settings(database=tmp_path / "p.db", today=TODAY))) as c:
        rewritten = query(c, "outcomes_rewritten", pound="")
        assert [(r["entry_no"], r["field"], r["value_before"], r["value_after"]) for r in rewritten] == [
            ("4", "claimed_on", "2025-11-08", "2025-11-09")
        ]
        fines = query(c, "fines_or_fees_changed_after_leaving", pound="p1")
        assert [(r["entry_no"], r["field"], r["left_on_before"]) for r in fines] == [
            ("2", "fine_levied_rupees", "2025-11-06")
        ]
        removed = query(c, "entries_removed_after_publication", pound="")
        assert [(r["entry_no"], r["status_before"]) for r in removed] == [("5", "impounded")]
        (month,) = query(c, "changes_per_pound_per_month")
        assert (month["added"], month["removed"], month["changed"], month["fields_changed"]) == (1, 1, 4, 4)
        titles = [e.title for e in feedparser.parse(c.get("/feeds/changes.atom").content).entries]
        assert "Recorded: 2 buffaloes at Test Pound, date delivered to the owner" in titles
        assert "Corrected: 1 goat at Test Pound, date delivered to the owner" in titles
        assert "Recorded on" in c.get(f"/animals/{ids['3']}").text
