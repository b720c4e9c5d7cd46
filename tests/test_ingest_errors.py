"""A file that cannot be read: one line naming it, exit 2, the previous databases untouched."""

from __future__ import annotations

import errno
import os
import random
import shutil
import sqlite3
import subprocess
from pathlib import Path

import openpyxl
import pytest

from ingest.build import ingest, output_failure
from pinfold.errors import RegisterUnreadable, shown

from .conftest import MESSY, SAMPLE, make_data_dir

PINFOLD = str(Path(os.environ.get("VIRTUAL_ENV", Path(__file__).parents[1] / ".venv")) / "bin" / "pinfold")


def pinfold(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PINFOLD, *map(str, args)], capture_output=True, text=True, timeout=120)


def test_summary_line_and_exit_0(tmp_path: Path) -> None:
    out = pinfold("ingest", SAMPLE, "--db", tmp_path / "p.db", "--private-db", tmp_path / "q.db")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "files 6, records 721: stored 675, duplicates 1, rejects 45"


@pytest.mark.parametrize(
    ("setup", "expect"),
    [
        (lambda d: (d / "pounds.csv").unlink(), "pounds.csv: missing"),
        (lambda d: (d / "pounds.csv").write_text("just,a,list\n1,2,3\n"), "pounds.csv: needs a header row"),
        (
            lambda d: (d / "pounds.csv").write_text("id,name,act\np1,Test,kerala-2099\n"),
            "act 'kerala-2099' has no rule pack",
        ),
        (lambda d: (d / "registers" / "nowhere").mkdir(), "no pound with id 'nowhere' in pounds.csv"),
        (  # a traceback ("'NoneType' object has no attribute 'strip'") before
            lambda d: (d / "pounds.csv").write_text("id,name,act\np1,Pound, Pala,kerala-1961\n"),
            "pounds.csv row 2: more cells than the header has",
        ),
        (
            lambda d: (d / "pounds.csv").write_text("id,name,act,latitude,longitude\np1,P,kerala-1961,97,766\n"),
            "pounds.csv row 2: latitude 97.0 / longitude 766.0 is no place on Earth",
        ),
        (
            lambda d: shutil.copy(MESSY / "corrupt.xlsx", d / "registers" / "p1" / "corrupt.xlsx"),
            "corrupt.xlsx: not a readable XLSX workbook",
        ),
        (
            lambda d: shutil.copy(MESSY / "not-a-register.pdf", d / "registers" / "p1"),
            "not-a-register.pdf: not a register format",
        ),
        (
            lambda d: (d / "registers" / "p1" / "notes.csv").write_text("hello\nworld\n"),
            "notes.csv: no header row naming a date and the cattle",
        ),
    ],
)
def test_one_line_error_and_previous_databases_untouched(tmp_path: Path, setup, expect: str) -> None:
    data = make_data_dir(tmp_path, {"bom.csv": MESSY / "bom.csv"})
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    assert pinfold("ingest", data, "--db", pub, "--private-db", priv).returncode == 0
    before = (pub.read_bytes(), priv.read_bytes())
    setup(data)
    out = pinfold("ingest", data, "--db", pub, "--private-db", priv)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and expect in lines[0] and "Traceback" not in out.stderr
    assert (pub.read_bytes(), priv.read_bytes()) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == [
        "p.db",
        "q.db",
    ]  # no half-written files


def test_one_file_for_both_databases_or_a_folder_is_refused(tmp_path: Path) -> None:
    # --db and --private-db naming one file: a traceback ("database is locked"), and the names one step from the
    # public file. Refused in one line before anything is written.
    data = make_data_dir(tmp_path, {"bom.csv": MESSY / "bom.csv"})
    out = pinfold("ingest", data, "--db", tmp_path / "p.db", "--private-db", tmp_path / "." / "p.db")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert (
        out.stderr.strip()
        == f"pinfold: {tmp_path / 'p.db'}: the public and the private database must be two files, not one"
    )
    assert not (tmp_path / "p.db").exists()
    (tmp_path / "folder").mkdir()
    out = pinfold("ingest", data, "--db", tmp_path / "folder", "--private-db", tmp_path / "q.db")
    assert out.returncode == 2 and out.stderr.startswith(f"pinfold: {tmp_path / 'folder'}: is a folder")


def test_what_a_computer_leaves_in_a_folder_is_not_a_register(tmp_path: Path) -> None:
    # A folder copied from an office PC holds Thumbs.db, desktop.ini, Excel's lock file of an open register and an
    # editor's backup: each stopped the whole ingest ("not a register format").
    litter = {"Thumbs.db": b"\xd0\xcf", "desktop.ini": "[.ShellClassInfo]", "~$pound.xlsx": b"\x0bclerk", "r.csv~": "x"}
    data = make_data_dir(tmp_path, {"r.csv": MESSY / "bom.csv", **litter})
    out = pinfold("ingest", data, "--db", tmp_path / "p.db", "--private-db", tmp_path / "q.db")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1].startswith("files 1,")


def test_read_only_output_folder(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        out_dir = Path("/proc/pinfold-cannot-write-here")  # root ignores permissions; /proc refuses new files
    else:
        out_dir = tmp_path / "ro"
        out_dir.mkdir()
        out_dir.chmod(0o500)
    data = make_data_dir(tmp_path, {"bom.csv": MESSY / "bom.csv"})
    out = pinfold("ingest", data, "--db", out_dir / "p.db", "--private-db", out_dir / "q.db")
    assert (
        out.returncode == 2
        and "cannot write the databases there" in out.stderr
        and len(out.stderr.strip().splitlines()) == 1
    )


def test_a_killed_ingest_leaves_the_old_databases_and_no_private_scratch(tmp_path: Path) -> None:
    import signal
    import time

    data = make_data_dir(tmp_path, {f"r{i}.csv": MESSY / "bom.csv" for i in range(3)})
    big = (MESSY / "bom.csv").read_text(encoding="utf-8-sig").splitlines()
    rows = [big[0]] + [
        f'{n},03/04/2025,3.05 PM,Cow,1,"black, mark {n}",Ollur,"Raman Nair, Ollur",unknown' for n in range(20000)
    ]
    (data / "registers" / "p1" / "big.csv").write_text("\n".join(rows), encoding="utf-8")
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    (data / "registers" / "p1" / "big.csv").rename(tmp_path / "big.csv")
    assert pinfold("ingest", data, "--db", pub, "--private-db", priv).returncode == 0
    before = (pub.read_bytes(), priv.read_bytes())
    (tmp_path / "big.csv").rename(data / "registers" / "p1" / "big.csv")
    cmd = [PINFOLD, "ingest", str(data), "--db", str(pub), "--private-db", str(priv)]
    started = time.monotonic()
    subprocess.run([*cmd[:3], "--db", str(tmp_path / "x.db"), "--private-db", str(tmp_path / "y.db")], check=True)
    whole = time.monotonic() - started  # how long a full ingest of these registers takes here
    (expected,) = sqlite3.connect(tmp_path / "x.db").execute("SELECT records FROM ingest_summary").fetchone()
    for name in ("x.db", "y.db"):
        (tmp_path / name).unlink()
    rng = random.Random(1961)
    delays = sorted(rng.uniform(0.2, whole) for _ in range(4))  # reading, merging, indexing, renaming
    for delay in delays:
        proc = subprocess.Popen(cmd)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        now = (pub.read_bytes(), priv.read_bytes())
        if now != before:
            # Only an ingest that got as far as renaming both new files into place may change them (the kill
            # came during its last milliseconds, or after it exited): then both are complete databases.
            for db in (pub, priv):
                assert sqlite3.connect(db).execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            (records,) = sqlite3.connect(pub).execute("SELECT records FROM ingest_summary").fetchone()
            assert records == expected, f"killed after {delay:.2f} s of {whole:.2f} s: a half-built database"
            before = now
    assert pinfold("ingest", data, "--db", pub, "--private-db", priv).returncode == 0  # a later ingest succeeds
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith((".pinfold", "p.db.", "q.db."))) == []


def test_leftovers_of_a_killed_ingest_go_and_a_running_ones_stay(tmp_path: Path) -> None:
    from ingest.build import remove_leftovers

    dead = subprocess.Popen(["true"])
    dead.wait()
    alive = os.getpid()
    names = [f"p.db.tmp{dead.pid}", f"p.db.tmp{dead.pid}-journal", f"q.db.tmp{dead.pid}", f"p.db.tmp{alive}",
             f"p.db.tmp{alive}-journal", "notes.tmp1"]  # fmt: skip
    for name in names:
        (tmp_path / name).write_bytes(b"x")
    (tmp_path / f".pinfold-{dead.pid}-abc").mkdir()
    (tmp_path / f".pinfold-{alive}-abc").mkdir()
    remove_leftovers(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f".pinfold-{alive}-abc", f"p.db.tmp{alive}", f"p.db.tmp{alive}-journal", "notes.tmp1"]
    )


@pytest.mark.parametrize(("command", "option", "value"), [("demo-data", "--rows", "-5"), ("ingest", "--workers", "0")])
def test_a_count_below_one_is_refused(tmp_path: Path, command: str, option: str, value: str) -> None:
    # `demo-data --rows -5` wrote 53 entries; `ingest --workers 0` ran on. Neither is what was asked.
    out = pinfold(
        command,
        tmp_path / "out",
        option,
        value,
        *(["--db", "p.db", "--private-db", "q.db"] if command == "ingest" else []),
    )
    assert out.returncode == 2 and f"Invalid value for '{option}'" in out.stderr
    assert not (tmp_path / "out").exists()


def test_a_pound_list_saved_with_semicolons_and_decimal_commas_or_as_unicode_text(tmp_path: Path) -> None:
    # A spreadsheet in a comma-decimal locale saves "9,7;76,6": it was a traceback.
    data = make_data_dir(tmp_path, {"bom.csv": MESSY / "bom.csv"})
    (data / "pounds.csv").write_text(
        "id;name;act;local_authority;district;village;latitude;longitude\np1;Test;kerala-1961;T;Thrissur;Ollur;10,47;76,25\n"
    )
    out = pinfold("ingest", data, "--db", tmp_path / "p.db", "--private-db", tmp_path / "q.db")
    assert out.returncode == 0, out.stderr
    row = sqlite3.connect(tmp_path / "p.db").execute("SELECT latitude, longitude FROM pounds").fetchone()
    assert row == (10.47, 76.25)
    # Excel's "Unicode Text": UTF-16, split by tabs, a Malayalam name (it could not be read at all)
    text = "id\tname\tact\tdistrict\np1\tപാല പൗണ്ട്\tkerala-1961\tKottayam\n"
    (data / "pounds.csv").write_bytes(text.encode("utf-16"))
    out = pinfold("ingest", data, "--db", tmp_path / "p2.db", "--private-db", tmp_path / "q2.db")
    assert out.returncode == 0, out.stderr
    assert sqlite3.connect(tmp_path / "p2.db").execute("SELECT name FROM pounds").fetchone() == ("പാല പൗണ്ട്",)


def test_rule_files_saved_with_semicolons_and_a_missing_column_named(tmp_path: Path) -> None:
    # A semicolon-split fine scale said only "row 2: 'amount'" (a KeyError's text); now it is read, and a rule file
    # lacking a column names the column and the header it has.
    data = make_data_dir(tmp_path, {"bom.csv": MESSY / "bom.csv"})
    (data / "rules").mkdir()
    scale = data / "rules" / "fine_scales.csv"
    scale.write_text("act;local_area;species;amount;effective_from\nkerala-1961;*;cow;750;2010-01-01\n")
    out = pinfold("ingest", data, "--db", tmp_path / "p.db", "--private-db", tmp_path / "q.db")
    assert out.returncode == 0, out.stderr
    con = sqlite3.connect(tmp_path / "p.db")
    assert ("cow", "750.00") in con.execute("SELECT species, amount_rupees FROM fine_scales").fetchall()
    scale.write_text("act,local_area,species,fine\nkerala-1961,*,cow,750\n")
    out = pinfold("ingest", data, "--db", tmp_path / "p2.db", "--private-db", tmp_path / "q2.db")
    assert out.returncode == 2
    assert out.stderr.strip().endswith(
        "row 2: needs a column 'amount' (the header has: act, local_area, species, fine)"
    )


def test_links_inside_the_data_directory_are_followed_and_links_out_of_it_refused(tmp_path: Path) -> None:
    # A register in a linked folder was skipped without a word; a linked file outside DATA_DIR was read. One rule
    # now (README, "The data directory"): a link is followed while it stays inside DATA_DIR, refused when it leaves.
    plain = make_data_dir(tmp_path / "plain", {"bom.csv": MESSY / "bom.csv"})
    (plain / "registers" / "p1" / "2024").mkdir()
    shutil.copy(MESSY / "dates.csv", plain / "registers" / "p1" / "2024" / "dates.csv")
    expected = pinfold("ingest", plain, "--db", tmp_path / "x.db", "--private-db", tmp_path / "y.db")
    assert expected.returncode == 0, expected.stderr

    data = make_data_dir(tmp_path, {"bom.csv": MESSY / "bom.csv"})
    archive = data / "archive" / "2024"
    archive.mkdir(parents=True)
    shutil.copy(MESSY / "dates.csv", archive / "dates.csv")
    folder = data / "registers" / "p1"
    (folder / "2024").symlink_to(archive, target_is_directory=True)  # a linked folder inside DATA_DIR: read
    (folder / "same.csv").symlink_to(folder / "bom.csv")  # the same file by a second name: read once
    (folder / "loop").symlink_to(folder, target_is_directory=True)  # a loop: walked once
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    out = pinfold("ingest", data, "--db", pub, "--private-db", priv)
    assert out.returncode == 0, out.stderr
    assert out.stdout == expected.stdout
    files = {f for (f,) in sqlite3.connect(pub).execute("SELECT DISTINCT source_file FROM impoundments")}
    # bom.csv is published as p1's second register: 'bom' is no word a file name is known by (issue 23).
    assert files == {"registers/p1/register-2.csv", "registers/p1/2024/dates.csv"}

    before = (pub.read_bytes(), priv.read_bytes())
    shutil.copy(MESSY / "bom.csv", tmp_path / "elsewhere.csv")
    (tmp_path / "elsewhere").mkdir()
    for name, target in (("elsewhere.csv", tmp_path / "elsewhere.csv"), ("elsewhere", tmp_path / "elsewhere")):
        (folder / name).symlink_to(target)
        out = pinfold("ingest", data, "--db", pub, "--private-db", priv)
        assert out.returncode == 2
        assert out.stderr == f"pinfold: {folder / name}: a link to {target}, outside the data directory; copy the register into it instead\n"  # fmt: skip
        (folder / name).unlink()
    (folder / "nowhere.csv").symlink_to(tmp_path / "gone.csv")
    out = pinfold("ingest", data, "--db", pub, "--private-db", priv)
    assert out.returncode == 2 and "nowhere.csv: a link that leads nowhere" in out.stderr
    assert (pub.read_bytes(), priv.read_bytes()) == before


def test_a_file_name_cannot_break_the_line_or_drive_the_terminal(tmp_path: Path) -> None:
    # A newline, a terminal escape (here: red) or a right-to-left override in a file name reached the terminal raw.
    name = "a\n\x1b[31mred\u202egpj.xlsx"
    data = make_data_dir(tmp_path, {name: MESSY / "corrupt.xlsx"})
    out = pinfold("ingest", data, "--db", tmp_path / "p.db", "--private-db", tmp_path / "q.db")
    assert out.returncode == 2
    folder = data / "registers" / "p1"
    assert (
        out.stderr == f"pinfold: {folder}/a\\n\\x1b[31mred\\u202egpj.xlsx: not a readable XLSX workbook (BadZipFile)\n"
    )


def test_names_are_shown_escaped_by_one_helper() -> None:
    assert shown("a\nb\tc\x1b[0m.csv") == "a\\nb\\tc\\x1b[0m.csv"
    assert shown(os.fsdecode(b"M\xe4rz.csv")) == "M\\xe4rz.csv"  # a Latin-1 name, as Python reads it
    assert shown("കാള്\u200d.csv") == "കാള്\u200d.csv"  # Malayalam's joiner (an old-style chillu) is a letter's part
    assert str(RegisterUnreadable("x\ny.csv: cannot be read")) == "x\\ny.csv: cannot be read"


def test_empty_registers_are_passed_over_and_counted(tmp_path: Path) -> None:
    # A month's file created and not yet filled (0 bytes) stopped the whole ingest: "no header row ... was found".
    # Now it is passed over like a header alone, and counted after the summary's usual words, which scripts parse.
    header_only = tmp_path / "header-only.xlsx"
    wb = openpyxl.Workbook()
    wb.active.append(["No.", "Date brought", "Kind of cattle", "Number", "Description"])
    wb.save(header_only)
    empty: dict[str, Path | bytes | str] = {
        "2025-12.csv": b"",
        "2025-12.xlsx": b"",
        "2025-12.ods": b"",
        "blank-lines.csv": "\n  \n\n",
        "none.json": "[]\n",
        "none.jsonl": "\n",
        "header-only.csv": "No.,Date brought,Kind of cattle,Number,Description\n",
        "header-only.xlsx": header_only,
    }
    alone = pinfold("ingest", make_data_dir(tmp_path / "a", {"bom.csv": MESSY / "bom.csv"}), "--db",
                    tmp_path / "x.db", "--private-db", tmp_path / "y.db")  # fmt: skip
    data = make_data_dir(tmp_path, {"bom.csv": MESSY / "bom.csv", **empty})
    out = pinfold("ingest", data, "--db", tmp_path / "p.db", "--private-db", tmp_path / "q.db")
    assert out.returncode == 0, out.stderr
    words = alone.stdout.strip().replace("files 1,", f"files {1 + len(empty)},", 1)
    assert out.stdout.strip() == f"{words}; empty files: {len(empty)}"


def test_paths_may_be_strings(tmp_path: Path) -> None:
    data = make_data_dir(tmp_path, {"bom.csv": MESSY / "bom.csv"})
    summary = ingest(str(data), str(tmp_path / "p.db"), str(tmp_path / "q.db"))
    assert summary.records > 0 and (tmp_path / "p.db").is_file() and (tmp_path / "q.db").is_file()


def test_disk_errors_are_told_by_sqlites_error_code_not_its_words(tmp_path: Path) -> None:
    # '"disk" in str(e)' took any error that said "disk" for a full disk.
    sqlite3.connect(tmp_path / "t.db").execute("CREATE TABLE t (x)").connection.close()
    with pytest.raises(sqlite3.OperationalError) as words:
        sqlite3.connect(tmp_path / "t.db").execute("SELECT disk FROM t")
    assert "disk" in str(words.value) and output_failure(words.value) is None
    with pytest.raises(sqlite3.OperationalError) as readonly:
        sqlite3.connect(f"file:{tmp_path / 't.db'}?mode=ro", uri=True).execute("INSERT INTO t VALUES (1)")
    assert output_failure(readonly.value) == "SQLITE_READONLY: attempt to write a readonly database"
    assert output_failure(OSError(errno.ENOSPC, "No space left on device")) == "No space left on device"
