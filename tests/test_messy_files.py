"""One fixture file per kind of mess; each test ingests it for real and checks every record's fate."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ingest.build import Summary, ingest
from pinfold.errors import RegisterUnreadable

from .conftest import MESSY, make_data_dir


def run(
    tmp_path: Path, name: str, act: str = "kerala-1961", extra: dict[str, Path] | None = None
) -> tuple[dict[int, dict[str, Any]], dict[int, str], Summary]:
    files: dict[str, Path | bytes | str] = {name: MESSY / name, **(extra or {})}
    data = make_data_dir(tmp_path, files, act=act)
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    summary = ingest(data, pub, priv)
    con = sqlite3.connect(pub)
    con.row_factory = sqlite3.Row
    imps = {r["source_row"]: dict(r) for r in con.execute("SELECT * FROM impoundments")}
    rejects = {r["source_row"]: r["reason"] for r in con.execute("SELECT * FROM rejects")}
    assert summary.records == summary.stored + summary.duplicates + summary.rejects
    return imps, rejects, summary


@pytest.mark.parametrize("name", ["bom.csv", "utf16.tsv", "semicolon.csv", "cp1252.csv"])
def test_encodings_and_delimiters(tmp_path: Path, name: str) -> None:
    imps, rejects, s = run(tmp_path, name)
    assert rejects == {}
    assert imps[2]["species"] == "cow" and imps[2]["head_count"] == 2 and imps[2]["brought_at"] == "2025-04-03T15:05"
    assert imps[3]["species"] == "buffalo" and imps[3]["brought_at"] == "2025-04-04T07:30"
    assert imps[3]["ear_tags"] == "KL-07-2331"
    assert imps[2]["owner_known"] == 0 and imps[3]["owner_known"] == 1
    if name == "cp1252.csv":
        assert "café-au-lait ½" in imps[2]["description"]


def test_number_and_description_in_one_cell(tmp_path: Path) -> None:
    imps, rejects, _ = run(tmp_path, "number-and-description.csv")
    assert (imps[2]["head_count"], imps[2]["species"], imps[2]["description"]) == (
        3,
        "goat",
        "brown, blind in left eye",
    )
    assert (imps[3]["head_count"], imps[3]["species"], imps[3]["description"]) == (1, "bull", "brown")
    assert (imps[4]["head_count"], imps[4]["species"], imps[4]["species_as_written"]) == (
        2,
        "goat",
        "nanny-goats",
    )
    assert "negative" in rejects[5] and "at least one" in rejects[6] and "not cattle" in rejects[7]


def test_malayalam_headers_kinds_and_unknown_owner(tmp_path: Path) -> None:
    imps, rejects, _ = run(tmp_path, "malayalam.csv")
    assert [imps[r]["species"] for r in (2, 3, 4)] == ["bull", "cow", "buffalo"]
    assert imps[3]["head_count"] == 2 and imps[3]["owner_known"] == 0 and imps[4]["owner_known"] == 0
    assert imps[2]["owner_known"] == 1
    assert "not cattle" in rejects[5]


def test_malayalam_month_names_and_parts_of_the_day(tmp_path: Path) -> None:
    # '3 നവംബർ 2025' with 'ഉച്ചയ്ക്ക് 2 മണി' (2 in the afternoon); short forms, year first, Malayalam digits
    imps, rejects, _ = run(tmp_path, "malayalam-dates.csv")
    got = {r: imps[r]["brought_at"] for r in imps}
    assert got == {
        2: "2025-11-03T14:00",
        3: "2025-11-04T10:30",
        4: "2025-12-05T21:00",  # രാത്രി 9 മണി: nine at night
        5: "2025-12-06T17:15",  # വൈകിട്ട്: evening
    }
    assert "could not be read" in rejects[6]  # 'നവമ്പ' is no month: a reject with the date as written, not a guess


def test_office_forms_of_dates_counts_and_money(tmp_path: Path) -> None:
    # Excel's 03-Apr-25, a weekday first, year first with slashes, '14.30 hrs', '2 Nos.', 'Rs. 250 only'
    imps, rejects, _ = run(tmp_path, "office-forms.csv")
    assert {r: (imps[r]["brought_at"], imps[r]["head_count"]) for r in imps} == {
        2: ("2025-04-03T14:30", 2),
        3: ("2025-04-03T07:15", 1),
        4: ("2025-04-03", 3),
        5: ("2025-04-05T17:15", 2),
    }
    assert imps[2]["fine_levied_rupees"] == imps[3]["fine_levied_rupees"] == "250.00"
    assert "14 Mar 2059, is after today" in rejects[6]  # never stored as an animal brought in 2059
    assert "not a number" in rejects[7]


@pytest.mark.parametrize("name", ["outcome-columns-first.csv", "outcome-columns-first-ml.csv"])
def test_an_auction_or_release_date_is_never_taken_for_the_date_brought(tmp_path: Path, name: str) -> None:
    # 'Date of Auction' / 'ലേല തീയതി' left of the date brought was read as the date brought; 'Date Out' and
    # 'വിട്ടുകൊടുത്ത തീയതി' (handed back) too. An owner's address column is the residence, never a name.
    imps, rejects, _ = run(tmp_path, name)
    assert not rejects
    claimed, sold = imps[2], imps[3]
    assert claimed["brought_on"] == sold["brought_on"] == "2025-04-03"
    assert (claimed["status"], claimed["claimed_on"]) == ("claimed", "2025-04-05")
    assert (sold["status"], sold["sold_on"]) == ("sold", "2025-04-19")
    private = sqlite3.connect(tmp_path / "q.db")
    (name_, residence) = private.execute(
        "SELECT owner_name, owner_residence FROM register_entries WHERE source_row = 2"
    ).fetchone()
    assert (name_, residence) == ("Kunjan Nair", "Ollur")


def test_two_kinds_in_one_entry_and_breeds_for_kinds(tmp_path: Path) -> None:
    # '1 cow with calf' was stored as 1 calf: the cow was lost. Each head is fined by its kind (K s.11(1)).
    # Now one impoundment per kind, both from row 2 (law: tests/test_law.py, two kinds in one entry).
    imps, rejects, _ = run(tmp_path, "two-kinds.csv")
    parts = sqlite3.connect(tmp_path / "p.db").execute(
        "SELECT species, head_count, source_part FROM impoundments WHERE source_row = 2 ORDER BY source_part"
    )
    assert parts.fetchall() == [("cow", 1, 1), ("calf", 1, 2)] and 2 not in rejects
    assert (imps[3]["species"], imps[3]["head_count"]) == ("calf", 1)  # a bull calf is a calf
    assert (imps[4]["species"], imps[4]["head_count"], imps[4]["description"]) == ("cow", 2, "white and black")
    assert imps[5]["species"] == "buffalo"  # Murrah, a buffalo breed


def test_json_entries_keyed_by_number_and_a_broken_line(tmp_path: Path) -> None:
    # {"entries": {"17": {...}, "18": {...}}} was "no list of register entries"; a line cut short was a blank date
    imps, rejects, _ = run(tmp_path, "keyed.json")
    assert sorted((i["entry_no"], i["species"], i["head_count"]) for i in imps.values()) == [
        ("17", "cow", 1),
        ("18", "bull", 2),
    ]
    imps, rejects, _ = run(tmp_path / "2", "broken-line.jsonl")
    assert len(imps) == 2 and rejects[3].startswith("This line is not JSON")


def test_a_header_repeated_or_in_two_languages_and_a_signature_line(tmp_path: Path) -> None:
    # Printed registers repeat the header on each page; some add a Malayalam header line under the English one.
    # Both were rejects ("the date 'Date' could not be read"); the pound-keeper's signature line says what it is.
    imps, rejects, summary = run(tmp_path, "repeated-header.csv")
    assert sorted(i["species"] for i in imps.values()) == ["bull", "cow", "goat"]
    assert list(rejects) == [7] and "a note or a signature, not an entry" in rejects[7]
    assert "Pound keeper" not in rejects[7]  # a reason is public: a signature line is not quoted
    assert summary.records == 4  # the two header lines are not records


def test_victorian_dates(tmp_path: Path) -> None:
    # As clerks of the 1850s wrote them: '3d', 'Jany', 'Decr', 'Septr 5th', 'the 22nd of', '3rd day of'
    imps, rejects, _ = run(tmp_path, "victorian-dates.csv", act="act-iii-1857")
    assert not rejects
    assert [imps[r]["brought_on"] for r in (2, 3, 4, 5, 6)] == [
        "1858-04-03", "1858-01-01", "1857-12-22", "1858-09-05", "1858-11-03"
    ]  # fmt: skip


def test_an_owner_not_traced_is_an_unknown_owner(tmp_path: Path) -> None:
    # 'N.K.', 'Owner not traced', 'ഉടമസ്ഥനില്ല' (no owner), 'stray' were taken for owners' names
    imps, _, _ = run(tmp_path, "owner-not-traced.csv")
    assert [imps[r]["owner_known"] for r in (2, 3, 4, 5, 6)] == [0, 0, 0, 0, 1]
    private = sqlite3.connect(tmp_path / "q.db")
    names = [n for (n,) in private.execute("SELECT owner_name FROM register_entries ORDER BY source_row")]
    assert names == [None, None, None, None, "Kunjan Nair"]


def test_a_name_written_into_free_text_stays_private(tmp_path: Path) -> None:
    # "1 cow (black, owned by Kunjan Nair of Ollur)", a place "Mathew Joseph's paddy field": the entry's own owner
    # and seizer, in columns that are public. An office ("Police") is no person and stays where it stands.
    imps, rejects, _ = run(tmp_path, "names-in-free-text.csv")
    assert imps[2]["description"] == "black, owned by [name] of Ollur"
    # a row shifted by a column puts the owner's name in the date: the public reason does not quote the cell
    assert rejects[6] == "The date could not be read (registers write day first, e.g. 03/04/2025)."
    assert imps[3]["place_seized"] == "[name] paddy field" and imps[4]["place_seized"] == "Police station road"
    public, private = (tmp_path / "p.db").read_bytes(), (tmp_path / "q.db").read_bytes()
    for name in (b"Kunjan", b"Mathew Joseph", b"Raghavan"):
        assert name not in public and name in private


def test_malayalam_lost_to_a_plain_csv_save(tmp_path: Path) -> None:
    # Excel's plain "CSV" turns Malayalam into '????': the reject says what happened and how to save it again
    imps, rejects, _ = run(tmp_path, "lost-letters.csv")
    assert "letters were lost when the register was saved" in rejects[2] and "CSV UTF-8" in rejects[2]
    assert imps[3]["species"] == "cow"


def test_pairs_and_dozens(tmp_path: Path) -> None:
    imps, rejects, _ = run(tmp_path, "pairs-and-dozens.csv")
    assert not rejects
    assert [(imps[r]["head_count"], imps[r]["species"]) for r in (2, 3, 4, 5)] == [
        (2, "bullock"), (4, "ox"), (12, "fowl"), (2, "bull")
    ]  # fmt: skip
    assert (imps[2]["description"], imps[3]["description"]) == ("white", "brown")


def test_every_date_form_of_the_contract(tmp_path: Path) -> None:
    # In a Kerala pound every modern form is a day; 1859 is read, and is a day no Kerala register can hold
    imps, rejects, _ = run(tmp_path, "dates.csv")
    got = {r: imps[r]["brought_at"] for r in imps}
    assert got == {
        2: "2025-04-03T14:30",
        3: "2025-04-01T17:15",
        4: "2025-04-03T17:10",  # 11:40Z is 17:10 in India
        5: "2025-04-03T17:10",
        7: "2025-04-03",
    }
    assert "14 Mar 1859, is before the Kerala Cattle Trespass Act, 1961" in rejects[6]
    assert "not a real date" in rejects[8] and "could not be read" in rejects[9] and "blank" in rejects[10]
    # Under the 1857 Act, 1859 is a day its pounds could have an entry, and 2025 is long after it ended (1871)
    imps, rejects, _ = run(tmp_path / "1857", "dates.csv", act="act-iii-1857")
    assert {r: imps[r]["brought_at"] for r in imps} == {6: "1859-03-14"}  # no hour in the register: none invented
    assert "3 Apr 2025, is after Act III of 1857 (Cattle Trespass) ended" in rejects[2]


def test_xlsx_title_rows_date_cells_blank_rows_total(tmp_path: Path) -> None:
    imps, rejects, s = run(tmp_path, "title-rows.xlsx")
    assert imps[5]["brought_at"] == "2025-04-02T11:20" and imps[5]["species"] == "buffalo"
    assert imps[6]["brought_at"] == "2025-04-03" and imps[6]["head_count"] == 2
    assert imps[8]["brought_at"] == "2025-04-04" and imps[8]["species"] == "bull"  # an Excel serial number
    assert set(rejects) == {9}
    assert s.records == 4  # the TOTAL row and blank rows are not records


def test_json_lines_nested_objects(tmp_path: Path) -> None:
    imps, rejects, _ = run(tmp_path, "nested.jsonl")
    assert imps[1]["species"] == "cow" and imps[1]["head_count"] == 2 and imps[1]["owner_known"] == 0
    assert imps[3]["owner_known"] == 1 and imps[3]["place_seized"] == "Irinjalakuda"
    assert set(rejects) == {4}  # a broken line is a reject with its line number, not a crash


def test_json_export_finds_the_rows_inside(tmp_path: Path) -> None:
    imps, rejects, _ = run(tmp_path, "export.json")
    assert rejects == {}
    assert (imps[1]["species"], imps[1]["brought_at"], imps[2]["head_count"]) == (
        "bull",
        "2025-04-03T14:10",
        2,
    )


def test_ragged_rows_and_blank_lines(tmp_path: Path) -> None:
    imps, rejects, s = run(tmp_path, "ragged.csv")
    assert sorted(imps) == [2, 3, 6] and rejects == {}
    assert imps[3]["place_seized"] == "Ollur"


def test_hostile_text_is_kept_as_text(tmp_path: Path) -> None:
    imps, rejects, _ = run(tmp_path, "hostile.csv")
    # stored as data, pages escape it (test_portal); words Pinfold does not recognise are one mark (issue 23)
    assert imps[2]["description"].startswith("<[…]") and imps[2]["description"].endswith("black")
    # a formula would run when a journalist opens the CSV export in a spreadsheet: the sign is dropped
    assert not imps[2]["place_seized"].startswith("=") and "evil" not in imps[2]["place_seized"]

    assert "\x00" not in imps[3]["description"]


def test_unknown_layout_described_by_a_mapping_file(tmp_path: Path) -> None:
    imps, rejects, _ = run(
        tmp_path,
        "unknown-layout.csv",
        extra={"unknown-layout.csv.mapping.json": MESSY / "unknown-layout.csv.mapping.json"},
    )
    assert rejects == {}
    assert (imps[2]["species"], imps[2]["head_count"], imps[2]["place_seized"]) == ("cow", 2, "Ollur")


def test_outcomes_from_remarks(tmp_path: Path) -> None:
    imps, rejects, _ = run(tmp_path, "outcomes.csv")
    assert (imps[2]["status"], imps[2]["claimed_on"], imps[2]["fine_levied_rupees"]) == (
        "claimed",
        "2025-04-05",
        "500.00",
    )
    assert (imps[3]["status"], imps[3]["notice_posted_on"], imps[3]["sold_on"]) == (
        "sold",
        "2025-04-11",
        "2025-04-19",
    )
    assert imps[4]["status"] == "released_on_deposit"
    assert "before the day brought" in rejects[5]


def test_1857_fines_in_annas(tmp_path: Path) -> None:
    imps, rejects, _ = run(tmp_path, "money-1857.csv", act="act-iii-1857")
    assert rejects == {}
    six = imps[2]
    assert (six["species"], six["head_count"], six["fine_levied_rupees"], six["fine_due_rupees"]) == (
        "bullock",
        6,
        "1.50",
        "1.50",
    )
    assert (six["fine_levied_minor"], six["money_unit"]) == (288, "pie")  # Rs 1 8 as. = 288 pies
    assert imps[3]["fine_due_rupees"] == "0.50" and imps[3]["brought_at"] == "1858-01-13"
    assert imps[4]["fine_due_rupees"] == "0.75"


def test_a_pound_under_the_1871_act_needs_only_its_pack(tmp_path: Path) -> None:
    register = "No.,Date,Number and description of animals,Marks\n1,05-01-1900,1 tusker,left tusk broken\n2,06-01-1900,3 pigs,black\n"
    data = make_data_dir(tmp_path, {"register.csv": register}, act="cattle-trespass-1871")
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    con = sqlite3.connect(tmp_path / "p.db")
    rows = con.execute(
        "SELECT species, fine_due_rupees, notice_due_on, auction_earliest_on FROM impoundments ORDER BY source_row"
    ).fetchall()
    assert rows == [
        ("elephant", "2.00", "1900-01-13", "1900-01-21"),
        ("pig", "0.375", "1900-01-14", "1900-01-22"),
    ]  # 1871 s.12, s.14
    (section,) = con.execute("SELECT section FROM notices LIMIT 1").fetchone()
    assert section == "1871 s.14"


def test_wordings_not_in_the_sample(tmp_path: Path) -> None:
    imps, rejects, _ = run(tmp_path, "other-wordings.csv")
    assert rejects == {}
    cow, goat = imps[2], imps[3]
    assert (cow["species"], cow["head_count"], cow["brought_at"], cow["place_seized"]) == (
        "cow",
        2,
        "2025-04-05T10:15",
        "Mannuthy",
    )
    assert (
        "Vechur" in cow["description"] and cow["ear_tags"] == "KL-08-4521"
    )  # breed and tag columns join the description
    assert (cow["claimed_on"], cow["status"], cow["fine_levied_rupees"], cow["owner_known"]) == (
        "2025-04-07",
        "claimed",
        "1000.00",
        0,
    )
    assert (goat["species"], goat["brought_at"], goat["owner_known"]) == ("goat", "2025-04-06T16:00", 1)
    people = (
        sqlite3.connect(tmp_path / "q.db")
        .execute(
            "SELECT seizer_name, seizer_residence, owner_name, owner_residence FROM register_entries ORDER BY source_row"
        )
        .fetchall()
    )
    assert people == [("Ravi Menon", "Ollur", None, None), ("Sita Devi", "Pala", "Joseph Kuriakose", "Kottayam")]


def test_ditto_marks_repeat_the_entry_above(tmp_path: Path) -> None:
    # 'do.', '-do-', 〃, ',,' and Malayalam ടി (the said) mean "the same as above": they were rejects ("the date
    # '-do-' could not be read") or stored as a place called "do". Title rows above the header, in a CSV.
    imps, rejects, summary = run(tmp_path, "ditto.csv")
    assert "ditto" in rejects[5] and "no entry above it" in rejects[5]  # the first entry has nothing to repeat
    assert {r: (imps[r]["brought_at"], imps[r]["place_seized"]) for r in imps} == {
        6: ("2025-11-03", "Pala"),
        7: ("2025-11-03", "Pala"),
        8: ("2025-11-03", "Bharananganam"),
        9: ("2025-11-05", "Bharananganam"),
        10: ("2025-11-05", "Bharananganam"),
    }
    assert imps[7]["owner_known"] == 1 and imps[8]["description"] == "red, cut on left ear"
    assert summary.records == 6  # the TOTAL line is not an entry
    private = sqlite3.connect(tmp_path / "q.db")
    owner = private.execute("SELECT owner_name FROM register_entries WHERE source_row = 7").fetchone()[0]
    assert owner == "Kunjan Nair"


def test_day_numbers_and_dates_without_separators(tmp_path: Path) -> None:
    # A date column saved as a number shows Excel's day count (45968 is 7 Nov 2025); '07112025' has no separators.
    imps, rejects, _ = run(tmp_path, "day-numbers.csv")
    assert {r: imps[r]["brought_at"] for r in imps} == {
        2: "2025-11-07",
        3: "2025-11-07T18:00",
        4: "2025-11-07",
        5: "2025-11-07T11:30",
    }
    assert "could not be read" in rejects[6]


@pytest.mark.parametrize(("name", "first"), [("two-row-header.xlsx", 4), ("two-row-header.csv", 3)])
def test_a_header_in_two_rows(tmp_path: Path, name: str, first: int) -> None:
    # "Name and residence of" over "Seizer" | "Owner": the second row was a reject ("the date brought is blank"), and
    # neither column was recognised, so the owner was lost from the private register and owner_known was 0.
    imps, rejects, summary = run(tmp_path, name)
    assert rejects == {} and summary.records == 2
    assert [imps[r]["owner_known"] for r in (first, first + 1)] == [1, 0]
    assert imps[first]["status"] == "claimed" and imps[first]["claimed_on"] == "2025-11-05"
    private = sqlite3.connect(tmp_path / "q.db")
    people = private.execute(f"SELECT seizer_name, owner_name FROM register_entries WHERE source_row = {first}")
    assert people.fetchone() == ("Raman Pillai", "Kunjan Nair")


def test_a_date_merged_down_over_the_days_entries(tmp_path: Path) -> None:
    # A date written once in a cell merged over three entries: the two under it read blank and were rejects.
    imps, rejects, _ = run(tmp_path, "merged-date-cells.xlsx")
    assert {r: imps[r]["brought_at"] for r in imps} == {
        2: "2025-11-03",
        3: "2025-11-03",
        4: "2025-11-03",
        5: "2025-11-06",
    }
    assert "blank" in rejects[6]  # a blank date that is not merged is still a blank date


def test_an_entry_without_digits_under_the_header_is_still_an_entry(tmp_path: Path) -> None:
    # The second-row rule must not swallow a first entry with no date: it is a reject, counted, not a heading.
    # Joined to the header it would name one more field ("Remarks fine paid"), so only the headings it sits under,
    # complete by themselves, tell it from a heading's second row.
    data = make_data_dir(tmp_path, {"r.csv": "Date,Kind,Remarks,Remarks\n,cow,stray,fine paid\n"})
    summary = ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    assert (summary.records, summary.rejects) == (1, 1)


def test_json_rows_as_lists_under_a_header(tmp_path: Path) -> None:
    # A spreadsheet's API export: lists under a title and a header, and a TOTAL line. The ingest stopped at this
    # file ("no field naming the date brought was recognised").
    imps, rejects, summary = run(tmp_path, "rows-as-lists.json")
    assert {r: (imps[r]["brought_at"], imps[r]["species"]) for r in imps} == {
        3: ("2025-11-05", "cow"),
        4: ("2025-11-06", "bull"),
    }
    assert rejects == {} and summary.records == 2


def test_json_columns_and_rows(tmp_path: Path) -> None:
    # {"columns": [...], "rows": [[...]]}, as pandas ("split") and Datasette write a table: rows keep their number.
    imps, rejects, _ = run(tmp_path, "columns-and-rows.json")
    assert {r: (imps[r]["entry_no"], imps[r]["head_count"]) for r in imps} == {1: ("11", 1), 2: ("12", 2)}
    assert "blank" in rejects[3]


def test_unix_time_in_an_apps_export(tmp_path: Path) -> None:
    # Milliseconds or seconds since 1970; midnight in India is a day with no hour, as a date cell's midnight is.
    imps, rejects, _ = run(tmp_path, "unix-time.jsonl")
    assert {r: imps[r]["brought_at"] for r in imps} == {1: "2025-11-03T11:00", 2: "2025-11-03"}
    assert "after today" in rejects[3]


def test_people_s_numbers_stay_private_and_a_claimant_is_the_owner(tmp_path: Path) -> None:
    # "Aadhaar No" was taken for the animal's tag and published in its description; "Mobile" for the owner's name;
    # "Claimed by" (a name) for the date claimed, which made the entry a reject; "Date returned" for the date brought.
    imps, rejects, _ = run(tmp_path, "person-numbers-and-claimants.csv")
    assert rejects == {}
    cow, goats = imps[2], imps[3]
    assert (cow["brought_at"], cow["claimed_on"], cow["status"], cow["owner_known"]) == (
        "2025-11-03",
        "2025-11-05",
        "claimed",
        1,
    )
    assert (cow["place_seized"], cow["fine_levied_rupees"]) == ("Pala", "500.00")
    assert goats["status"] == "sold" and goats["owner_known"] == 0
    public = "\n".join(sqlite3.connect(tmp_path / "p.db").iterdump())
    for number in ("9876 5432 1098", "9447012345", "9447054321", "Kunjan", "Raman"):
        assert number not in public
    private = sqlite3.connect(tmp_path / "q.db")
    people = private.execute(
        "SELECT seizer_name, owner_name, owner_residence FROM register_entries WHERE source_row = 2"
    )
    assert people.fetchone() == ("Raman Pillai", "Kunjan Nair", "Pala")
    assert "9876 5432 1098" in "\n".join(private.iterdump())  # kept, in the register as written


def test_the_copy_of_an_entry_that_says_more_stands(tmp_path: Path) -> None:
    # A month's file written before the owner came and the year's written after both hold entry 1. The month's
    # copy stood (first in order) and the portal showed a claimed cow as still in the pound.
    _, rejects, summary = run(
        tmp_path, "month-before-claim.csv", extra={"year-after-claim.csv": MESSY / "year-after-claim.csv"}
    )
    assert (summary.records, summary.stored, summary.duplicates, rejects) == (5, 3, 2, {})
    con = sqlite3.connect(tmp_path / "p.db")
    rows = con.execute("SELECT entry_no, status, claimed_on, source_file, duplicates_merged FROM impoundments")
    by_entry = {r[0]: r[1:] for r in rows}
    assert by_entry["1"] == ("claimed", "2025-11-05", "registers/p1/year-after-claim.csv", 1)
    assert by_entry["2"] == ("impounded", None, "registers/p1/month-before-claim.csv", 1)  # equals: the first stands
    merged = {(f.rsplit("/", 1)[1], r) for f, r in con.execute("SELECT source_file, source_row FROM merged_duplicates")}
    assert merged == {("month-before-claim.csv", 2), ("year-after-claim.csv", 3)}


def test_a_month_first_export_is_read_month_first(tmp_path: Path) -> None:
    # "11/23/2025" can only be month first: the file was exported through a US-English Excel. Read day first, the
    # 23rd was a reject and the others were stored in the wrong month (3 Nov as 11 March).
    imps, rejects, _ = run(tmp_path, "month-first-export.csv")
    assert rejects == {}
    assert {r: imps[r]["brought_at"] for r in imps} == {
        2: "2025-11-03T14:30",
        3: "2025-11-04T09:15",
        4: "2025-11-23T10:00",
        5: "2025-11-23T10:00",  # a ditto repeats the date as written, then read month first like the rest
    }
    assert imps[2]["claimed_on"] == "2025-11-05"
    private = sqlite3.connect(tmp_path / "q.db").execute("SELECT raw_json FROM register_entries WHERE source_row = 2")
    assert "11/3/2025 2:30:00 PM" in private.fetchone()[0]  # as written


def test_a_day_first_register_is_never_turned(tmp_path: Path) -> None:
    # Only a file with no day past 12 in front is looked at whole; one such day keeps it day first.
    text = "No,Date,Kind\n1,03/11/2025,cow\n2,11/23/2025,cow\n3,23/11/2025,cow\n"
    data = make_data_dir(tmp_path, {"r.csv": text})
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    con = sqlite3.connect(tmp_path / "p.db")
    assert [d for (d,) in con.execute("SELECT brought_at FROM impoundments ORDER BY source_row")] == [
        "2025-11-03",
        "2025-11-23",
    ]
    assert "not a real date" in con.execute("SELECT reason FROM rejects").fetchone()[0]


def test_a_name_written_with_a_title_stays_private(tmp_path: Path) -> None:
    # Names the ingest does not know (a neighbour, a shed's owner) but marked as names: "Sri. K. Raghavan Nair",
    # "Smt Leela Devi", "Kunjan S/o Raman", "ശ്രീ രാഘവൻ". Landmarks named after someone stay: they are places.
    imps, _, _ = run(tmp_path, "titled-names.csv")
    public = "\n".join(sqlite3.connect(tmp_path / "p.db").iterdump())
    for name in ("Raghavan", "Leela", "Kunjan", "Raman", "രാഘവൻ"):
        assert name not in public
    assert imps[2]["description"] == "black, from the shed of [name]"
    assert (imps[3]["place_seized"], imps[5]["place_seized"]) == ("field of [name], Ollur", "[name] പറമ്പ്")
    assert imps[2]["place_seized"] == "near Sri Krishna Temple" and imps[6]["place_seized"] == "ശ്രീ കൃഷ്ണ ക്ഷേത്രം"
    assert imps[4]["place_seized"] == "Dr. Ambedkar statue junction"


def test_a_libreoffice_calc_register(tmp_path: Path) -> None:
    # Kerala's offices run free software: a register kept in LibreOffice Calc (.ods), with a title row, Malayalam
    # headers, real date cells and a total line (ആകെ). The ingest stopped at it ("not a register format").
    imps, rejects, summary = run(tmp_path, "libreoffice.ods")
    assert rejects == {} and summary.records == 2
    assert {
        r: (imps[r]["entry_no"], imps[r]["brought_at"], imps[r]["species"], imps[r]["head_count"]) for r in imps
    } == {
        4: ("1", "2025-11-03T14:30", "cow", 1),
        5: ("2", "2025-11-04", "goat", 2),
    }
    assert imps[5]["fine_levied_rupees"] == "400.00"


def test_an_excel_97_register(tmp_path: Path) -> None:
    # An old office's .xls workbook: date cells with and without the hour, a fine as a number and as text.
    imps, rejects, _ = run(tmp_path, "excel-97.xls")
    assert rejects == {}
    assert {r: (imps[r]["brought_at"], imps[r]["species"], imps[r]["fine_levied_rupees"]) for r in imps} == {
        2: ("2025-11-03T09:15", "cow", "500.00"),
        3: ("2025-11-04", "buffalo", "1000.00"),
    }


@pytest.mark.parametrize("name", ["broken.ods", "broken.xls"])
def test_a_broken_workbook_is_one_line(tmp_path: Path, name: str) -> None:
    data = make_data_dir(tmp_path, {name: b"PK\x03\x04 not really a workbook"})
    with pytest.raises(RegisterUnreadable, match=rf"{name}: not a readable (ODS|XLS) workbook"):
        ingest(data, tmp_path / "p.db", tmp_path / "q.db")


def test_slips_of_typing_around_a_date(tmp_path: Path) -> None:
    # Each was a reject ("the date ... could not be read"): the day is plain to a clerk, so it is plain to the ingest.
    imps, rejects, _ = run(tmp_path, "typing-slips.csv")
    assert rejects == {}
    assert {imps[r]["brought_at"] for r in range(2, 7)} == {"2025-11-03"}
    assert imps[7]["brought_at"] == "2025-11-03T14:30"


def test_a_persons_number_quoted_by_a_reason_stays_private(tmp_path: Path) -> None:
    # A row shifted by a column put the owner's mobile where the count belongs; the public reason quoted it.
    text = "No,Date,Kind,Number,Owner\n1,03/11/2025,cow,9447012345,Kunjan\n2,03/11/2025,cow,9876 5432 1098,Leela\n"
    data = make_data_dir(tmp_path, {"r.csv": text})
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    reasons = [r for (r,) in sqlite3.connect(tmp_path / "p.db").execute("SELECT reason FROM rejects")]
    assert reasons == [
        "The number of head is [number]: no pound takes in more than 1,000 in one entry. Is it a number from "
        "another column (a phone, a tag, a receipt)?",
        "The number of head is not a number.",
    ]  # the first was stored as a herd of 9,447,012,345 head
    private = "\n".join(sqlite3.connect(tmp_path / "q.db").iterdump())
    assert "9447012345" in private and "9876 5432 1098" in private


def test_a_persons_number_in_free_text_stays_private(tmp_path: Path) -> None:
    # A mobile or an owner's Aadhaar written into the description or place went public; a Pashu Aadhaar is the
    # animal's own number, and stays where owners search for it.
    imps, rejects, _ = run(tmp_path, "numbers-in-free-text.csv")
    public = "\n".join(sqlite3.connect(tmp_path / "p.db").iterdump())
    for number in ("9447012345", "94470 54321", "9876 5432 1098"):
        assert number not in public
    assert imps[2]["description"] == "black, owner mob [number]"
    assert imps[3]["place_seized"] == "near the shop, ph: [number]" and "974263627644" in imps[3]["ear_tags"]
    assert imps[4]["description"] == "grey, owner [number]"
    assert imps[5]["description"] == "dun, Pashu Aadhaar 917213423940"  # 91 and a mobile's ten digits, yet an animal's
    # "Pashu" (cow) of the Pashu Aadhaar was taken for the kind: a cat was stored as a cow
    assert "'cat' is not cattle" in rejects[6]


def test_a_stray_number_in_a_date_column_is_not_a_day_of_1900(tmp_path: Path) -> None:
    # A date column holding 2025, 3.11 or 17 (typed for a year, a "3.11" date, a day) became 17 Jul 1905, 3 Jan 1900
    # and 17 Jan 1900: stored, with notices and auctions 120 years ago. No entry predates its Act.
    imps, rejects, _ = run(tmp_path, "numbers-in-date-column.xlsx")
    assert {r: imps[r]["brought_at"] for r in imps} == {4: "2025-11-07"}  # 45968, a real day number
    assert set(rejects) == {2, 3, 5}
    # 15 Jul 1961 is the Act's publication; it came into force on a day the Government notified (K s.1(3)): the
    # reason must not call the Gazette date its commencement
    assert all(
        "before the Kerala Cattle Trespass Act, 1961 can have applied (15 Jul 1961: published" in r
        and "(K s.1(3))" in r
        for r in rejects.values()
    )
    assert not any("came into force (15 Jul 1961)" in r for r in rejects.values())


def test_the_sale_account_is_the_standing_copys(tmp_path: Path) -> None:
    # Two copies of one sold entry with different figures: the later copy stands (it also records the notice), but
    # the sale row came from the first copy, so the account showed Rs 1,000 for an entry whose register says 1,200.
    run(tmp_path, "sale-first-copy.csv", extra={"sale-later-copy.csv": MESSY / "sale-later-copy.csv"})
    con = sqlite3.connect(tmp_path / "p.db")
    (source,) = con.execute("SELECT source_file FROM impoundments").fetchone()
    assert source.endswith("sale-later-copy.csv")
    assert con.execute("SELECT proceeds_rupees FROM sales").fetchall() == [("1200.00",)]


def test_json_lists_of_objects_inside_an_entry(tmp_path: Path) -> None:
    """An app that exports an entry's animals or owners as a list: one object is read as that object, several
    animals as one impoundment each (as '1 cow and 2 goats' in a cell), several people all hidden; before, the list
    was published as Python wrote it ("[{'kind': ...}]") and the second animal was lost."""
    _, rejects, s = run(tmp_path, "lists-of-objects.jsonl")
    con = sqlite3.connect(tmp_path / "p.db")
    rows = con.execute(
        "SELECT source_row, species, head_count, description FROM impoundments ORDER BY source_row, source_part"
    ).fetchall()
    assert rows == [
        (1, "cow", 1, "black, short tail"),
        (2, "cow", 1, "black; white"),
        (2, "goat", 2, "black; white"),
        (3, "buffalo", 1, "tied at […] gate"),
        (4, "bull", 1, ""),
        (4, "calf", 1, ""),
    ]
    assert rejects == {5: "The entry does not say what kind of cattle was impounded."}  # two colours, no kind
    for word in ("Pillai", "Sarojini", "Puthenveettil", "Kizhakkemadathil", "{", "'kind'"):
        assert con.execute(
            "SELECT count(*) FROM impoundments WHERE description LIKE ? OR place_seized LIKE ?", (f"%{word}%",) * 2
        ).fetchone() == (0,), word
    assert s.records == 5 and s.rejects == 1
