"""Issue 23: the text of pounds.csv that is published (a pound's name, village, local authority, district) passes
the filter, the pound's own places and the roster's names known: a keeper named in a pound's name, a person, a phone
in a village field, reach no public byte; the places stay as written."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ingest.build import ingest
from ingest.privacy import public_pound, roster_of
from ingest.sources import Pound

ROSTER = roster_of(["K. Raghavan Nair"])


def test_a_keepers_name_in_a_pounds_name_is_not_published() -> None:
    pound = Pound("p1", "Raghavan Nair's Pound, Ollur", "kerala-1961", "Ollur Grama Panchayat", "Thrissur", "Ollur",
                  None, None)  # fmt: skip
    shown = public_pound(pound, ROSTER)
    assert shown.name == "[name] Pound, Ollur"


def test_a_name_no_roster_gives_is_one_mark_and_the_places_stay() -> None:
    pound = Pound("p1", "Kunjan's Pound, Ollur", "kerala-1961", "Ollur Grama Panchayat", "Thrissur",
                  "Ollur, Sri. Kunjan Pillai ph 9447012345", None, None)  # fmt: skip
    shown = public_pound(pound, ROSTER)
    assert shown.name == "[…] Pound, Ollur"
    assert shown.village == "Ollur, [name] ph [number]"
    assert (shown.local_authority, shown.district) == ("Ollur Grama Panchayat", "Thrissur")


def test_pounds_csv_names_no_one_in_the_public_database(tmp_path: Path) -> None:
    (tmp_path / "registers" / "p1").mkdir(parents=True)
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "roster.csv").write_text("name,role,pound_id,local_authority\nK. Raghavan Nair,keeper,p1,\n")
    (tmp_path / "pounds.csv").write_text(
        "id,name,act,local_authority,district,village,latitude,longitude\n"
        "p1,Raghavan Nair's Pound,kerala-1961,Ollur Grama Panchayat,Thrissur,"
        '"Ollur, Sri. Kunjan Pillai 9447012345",10.47,76.25\n'
    )
    (tmp_path / "registers" / "p1" / "register-2025.csv").write_text(
        "Sl. No.,Date brought,Kind of cattle,Number,Description,Place of seizure\n1,03/11/2025,cow,1,black cow,Ollur\n"
    )
    ingest(tmp_path, tmp_path / "p.db", tmp_path / "q.db")
    dump = "\n".join(sqlite3.connect(tmp_path / "p.db").iterdump())
    for secret in ("Raghavan", "Nair", "Kunjan", "Pillai", "9447012345"):
        assert secret not in dump
    assert "Ollur Grama Panchayat" in dump and "Thrissur" in dump


# --- a register's file name --------------------------------------------------------------------------------------


def test_a_file_name_is_published_only_as_far_as_it_is_recognised(tmp_path: Path) -> None:
    from .conftest import make_data_dir

    entry = "Sl. No.,Date brought,Kind of cattle,Number,Description\n1,0{d}/11/2025,cow,1,black cow\n"
    files = {
        "register-2025.csv": entry.format(d=1),
        "Kochouseph Pallan book.csv": entry.format(d=2),
        "Ollur register നവംബർ 2025.csv": entry.format(d=3),
        "രാഘവൻ.csv": entry.format(d=4),
    }
    data = make_data_dir(tmp_path, files)
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    con = sqlite3.connect(tmp_path / "p.db")
    shown = sorted(r[0] for r in con.execute("SELECT source_file FROM impoundments"))
    dump = "\n".join(con.iterdump())
    for secret in ("Kochouseph", "Pallan", "രാഘവൻ"):
        assert secret not in dump
    # Sorted by path, the two unrecognised names are the pound's 1st and 4th registers.
    assert shown == [
        "registers/p1/Ollur register നവംബർ 2025.csv",
        "registers/p1/register-1.csv",
        "registers/p1/register-2025.csv",
        "registers/p1/register-4.csv",
    ]


def _sources(db: Path, table: str = "impoundments") -> list[str]:
    return sorted({r[0] for r in sqlite3.connect(db).execute(f"SELECT source_file FROM {table}")})


def test_a_numbered_file_keeps_its_number_when_files_are_added_and_the_private_side_its_name(tmp_path: Path) -> None:
    from .conftest import make_data_dir

    entry = "Sl. No.,Date brought,Kind of cattle,Number,Description\n1,0{d}/11/2025,cow,1,black cow\n"
    bad = "Sl. No.,Date brought,Kind of cattle,Number,Description\n1,31/02/2025,cow,1,black cow\n"  # a reject
    data = make_data_dir(tmp_path, {"Kochouseph Pallan book.csv": entry.format(d=2) + bad[bad.index("\n") + 1 :],
                                    "register-2025.csv": entry.format(d=1)})  # fmt: skip
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    ingest(data, pub, priv)
    assert _sources(pub) == ["registers/p1/register-1.csv", "registers/p1/register-2025.csv"]
    # Two files added, one sorted before the numbered one: it keeps its number, the new one takes the next.
    (data / "registers" / "p1" / "Abraham.csv").write_text(entry.format(d=3), encoding="utf-8")
    (data / "registers" / "p1" / "Zacharias.csv").write_text(entry.format(d=4), encoding="utf-8")
    ingest(data, pub, priv)
    assert _sources(pub) == [
        "registers/p1/register-1.csv",
        "registers/p1/register-2.csv",  # Abraham.csv: its place among the files, 1, is taken: the highest and one
        "registers/p1/register-2025.csv",
        "registers/p1/register-3.csv",  # Zacharias.csv: its place (Abraham, Kochouseph, Zacharias, register-2025)
    ]
    dump = "\n".join(sqlite3.connect(pub).iterdump())
    assert "Kochouseph" not in dump and "Abraham" not in dump and "Zacharias" not in dump
    # The private register: entries and rejects under their real names (a clerk looks for the file so).
    assert _sources(priv, "register_entries") == [
        "registers/p1/Abraham.csv",
        "registers/p1/Kochouseph Pallan book.csv",
        "registers/p1/Zacharias.csv",
        "registers/p1/register-2025.csv",
    ]
    con = sqlite3.connect(priv)
    rejects = con.execute("SELECT source_file FROM register_entries WHERE kind = 'reject'").fetchall()
    assert rejects == [("registers/p1/Kochouseph Pallan book.csv",)]
    # A file removed: its number is not given to another.
    (data / "registers" / "p1" / "Kochouseph Pallan book.csv").unlink()
    (data / "registers" / "p1" / "Baby.csv").write_text(entry.format(d=5), encoding="utf-8")
    ingest(data, pub, priv)
    assert "registers/p1/register-1.csv" not in _sources(pub)
    assert _sources(pub) == [
        "registers/p1/register-2.csv",
        "registers/p1/register-2025.csv",
        "registers/p1/register-3.csv",
        "registers/p1/register-4.csv",  # Baby.csv: the highest number and one, not Kochouseph's 1
    ]


def test_a_sheet_is_published_only_as_far_as_it_is_recognised(tmp_path: Path) -> None:
    import openpyxl

    from .conftest import make_data_dir

    data = make_data_dir(tmp_path, {})
    wb = openpyxl.Workbook()
    names = ["Sheet1", "നവംബർ 2025", "Raghavan Nair", "Kochouseph Nov", "രാഘവൻ നവംബർ"]
    for i, name in enumerate(names):
        ws = wb.active if i == 0 else wb.create_sheet()
        ws.title = name
        ws.append(["Sl. No.", "Date brought", "Kind of cattle", "Number", "Description"])
        ws.append([1, f"0{i + 1}/11/2025", "cow", 1, "black cow"])
    wb.save(data / "registers" / "p1" / "register-2025.xlsx")
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    shown = {r[0] for r in sqlite3.connect(tmp_path / "p.db").execute("SELECT source_sheet FROM impoundments")}
    assert shown == {"Sheet1", "നവംബർ 2025", "[…] (1)", "[…] Nov (2)", "[…] നവംബർ (3)"}
    dump = "\n".join(sqlite3.connect(tmp_path / "p.db").iterdump())
    assert "Raghavan" not in dump and "Kochouseph" not in dump and "രാഘവൻ" not in dump
    private = {r[0] for r in sqlite3.connect(tmp_path / "q.db").execute("SELECT source_sheet FROM register_entries")}
    assert private == set(names)
    joined = sqlite3.connect(tmp_path / "q.db").execute("SELECT sheet, public_sheet FROM register_sheets").fetchall()
    assert sorted(joined) == sorted([("Raghavan Nair", "[…] (1)"), ("Kochouseph Nov", "[…] Nov (2)"),
                                     ("രാഘവൻ നവംബർ", "[…] നവംബർ (3)")])  # fmt: skip


def test_a_clerks_dry_run_of_a_file_named_after_someone_shows_its_lines_and_rejects(tmp_path: Path) -> None:
    from intake.registers import dry_run

    from .conftest import make_data_dir

    data = make_data_dir(
        tmp_path, {"register-2025.csv": "Sl. No.,Date brought,Kind of cattle,Number\n1,01/11/2025,cow,1\n"}
    )
    staged = tmp_path / "upload.csv"
    staged.write_text(
        "Sl. No.,Date brought,Kind of cattle,Number,Description\n1,02/11/2025,cow,1,black cow\n"
        "2,31/02/2025,cow,1,brown cow\n",
        encoding="utf-8",
    )
    report = dry_run(data, tmp_path / "none.db", "p1", staged, "Kochouseph Pallan book.csv")
    assert [line["description"] for line in report.lines] == ["black cow"]  # published as register-N, found so
    assert [r["row"] for r in report.rejected] == [3]  # the private register, by the file's real name
