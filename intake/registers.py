"""A register as the clerk sent it: its name made safe, staged aside, tried by the real ingest on its pound alone
(the dry run), and published into DATA_DIR/registers/<pound>/ under the ingest's own lock.

    dry_run(DATA_DIR, PUBLIC.db, 'p1', staged_file, 'june.csv') -> Report(records=12, stored=10, ..., lines=[...])
"""

from __future__ import annotations

import collections
import contextlib
import fcntl
import hashlib
import json
import os
import re
import shutil
import sqlite3
import tempfile
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ingest.build import Summary, ingest
from ingest.privacy import published_name
from ingest.readers import READ_NOTES, REGISTER_SUFFIXES, load_mapping, month_first, read_blocks, sniff_encoding
from ingest.sources import not_a_register, read_pounds, register_files
from pinfold.errors import PinfoldError, RegisterEmpty, shown

MAX_BYTES = 32 * 1024 * 1024  # an upload past this is refused before it is read (a year's register is under 5 MB)
# The public line a clerk checks before publishing: what the portal shows of an entry, names already hidden.
LINE_FIELDS = ("entry_no", "brought_on", "species", "head_count", "head_count_assumed", "colour", "description",
               "place_seized", "status")  # fmt: skip
# A date only a month-first reading makes sense of ('11/13/2026'): the ingest then reads every numeric date of a text
# register month first (ingest/readers.py month_first), so one slip turns a day-first month's 01/11/2026 to 11 January.
_PROVES_MONTH_FIRST = re.compile(r"(?<!\d)(?:0?[1-9]|1[0-2])([/.-])(?:1[3-9]|2\d|3[01])\1(?:\d{4}|\d{2})(?!\d)")
_TEXT_REGISTERS = (".csv", ".tsv", ".txt")
# The rows of each list a report keeps, and its page shows: a 30 MB register's every row was a 37 MB page, and its
# report, kept whole, 60 MB in the accounts file, read whole at each look. The rows turned away are all in their CSV.
SHOWN_ROWS = 200


class UploadRefused(PinfoldError):
    """A file the intake will not take (its name, its size); the message is one sentence for the clerk."""


def safe_name(name: str) -> str:
    """The file name a browser sent, as it will sit in the pound's folder; refuses what could leave the folder or
    break a line. 'June 2026.csv' -> 'June 2026.csv'; '../x.csv', 'a\\nb.csv', '.hidden.csv' -> UploadRefused."""
    name = unicodedata.normalize("NFC", name or "")
    if not name or len(name) > 120 or any(unicodedata.category(c)[0] == "C" for c in name):
        raise UploadRefused(f"{shown(name)}: a register's name is 1 to 120 printable characters")
    if "/" in name or "\\" in name or ".." in name or not_a_register(name):
        raise UploadRefused(f"{shown(name)}: a register's name cannot hold a folder, '..' or start with a dot")
    if Path(name).suffix.lower() not in REGISTER_SUFFIXES:
        raise UploadRefused(f"{name}: not a register format Pinfold reads ({' '.join(sorted(REGISTER_SUFFIXES))})")
    return name


def sha256_of(path: Path) -> str:
    """The file's SHA-256, hex."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


@dataclass
class Report:
    # this file's rows: read, to be published, merged into another entry, turned away (the clerk's file alone)
    records: int = 0
    stored: int = 0
    duplicates: int = 0
    rejects: int = 0
    pound: dict[str, int] = field(default_factory=dict)  # the same counts of the pound's registers, this file with them
    # Each list holds its first SHOWN_ROWS rows; `counted` says how many there are in all.
    rejected: list[dict[str, object]] = field(default_factory=list)  # row, sheet, reason, cells as written
    # each row merged into another entry as its duplicate: its row and sheet, the entry it was merged into (number,
    # day brought, kind) and where that entry's copy stands (file, '' for this one; row; sheet)
    merged: list[dict[str, object]] = field(default_factory=list)
    lines: list[dict[str, object]] = field(default_factory=list)  # the public line of each stored entry
    changes: list[dict[str, object]] = field(default_factory=list)  # the history's rows, before they exist
    # {'rejected': 260, 'merged': 0, 'lines': 12, 'changes': 3, 'removed': 1}: each list's rows in all, and of the
    # changes those that take an entry off the portal
    counted: dict[str, int] = field(default_factory=dict)
    replaces: bool = False
    error: str = ""  # one sentence when the ingest refused the file
    # a text register whose numeric dates were read month first (no mapping file said so): the row and the cell whose
    # date proves it, for the clerk to correct when the register is in fact written day first
    month_first_row: int = 0
    month_first_cell: str = ""
    # most of the file's rows turned away for one reason (a wrong file, a pound of another Act, a column misread):
    # that reason as the first such row gives it, and how many rows it turned away; '' when no reason is most
    one_reason: str = ""
    one_reason_rows: int = 0
    # the other pounds holding a register of the very same bytes (a clerk who picked another pound's file): [{'id':
    # 'p2', 'name': 'Pala Pound'}], the names as the portal publishes them; never the other file's name
    other_pounds: list[dict[str, str]] = field(default_factory=list)
    # each entry of this file numbered and dated as an entry of another file of the pound, which is published beside
    # it (a register corrected and saved under a new name): {'row': 3, 'entry_no': '102', 'brought_on': '2026-12-02',
    # 'species': 'bullock', 'other_file': 'register-2026-12.csv', 'other_row': 3, 'other_species': 'bull'}
    same_number: list[dict[str, object]] = field(default_factory=list)
    # the file it replaces as it stood when checked (replaced_state): a file of that name published since makes the
    # check out of date (what it would take off the portal has changed); '' in a report kept before it was recorded
    replaced_as_checked: str = ""
    # what the reading passed over as no entry, and hidden sheets it read (ingest/readers.py READ_NOTES): {'sheet':
    # None, 'row': 14, 'why': 'total'}, so the rows the counts leave out are accounted for
    notes: list[dict[str, object]] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Report:
        report = cls(**json.loads(text))
        if not report.counted:  # kept before lists were cut: each list is whole
            report.counted = {k: len(getattr(report, k)) for k in ("rejected", "merged", "lines", "changes")}
            report.counted["removed"] = sum(1 for c in report.changes if c.get("change") == "removed")
        return report


class CheckOutOfDate(PinfoldError):
    """The file of that name changed after the upload was checked: its report no longer says what Publish would do."""


def replaced_state(data_dir: Path, pound_id: str, name: str) -> str:
    """The pound's register of that name, which Publish would replace, as it stands: its size, time and inode ('none'
    when there is none). It changes when a file of that name is published (renamed into place) or removed; the other
    files of the pound may change meanwhile (another clerk's publish): what this one would take off does not.
    -> '1873:1765071234000000000:4021' or 'none'."""
    try:
        st = (data_dir / "registers" / pound_id / name).stat()
    except FileNotFoundError:
        return "none"
    return f"{st.st_size}:{st.st_mtime_ns}:{st.st_ino}"


class RejectsFile:
    """Every row a check turned away, as JSON lines in the upload's folder (private: the cells as written), read
    again from the start each time it is iterated: {'row': 4, 'sheet': None, 'reason': ..., 'cells': {...}}."""

    def __init__(self, path: Path):
        self.path = path

    def write(self, rows: Iterable[dict[str, object]]) -> None:
        with open(self.path, "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")

    def __iter__(self) -> Iterator[dict[str, object]]:
        if not self.path.is_file():
            return
        with open(self.path, encoding="utf-8") as f:
            for line in f:
                yield json.loads(line)


def same_bytes_elsewhere(data_dir: Path, public_db: Path, pound_id: str, staged: Path) -> list[dict[str, str]]:
    """The other pounds with a register on file of exactly the staged file's bytes, as the portal names them:
    (DATA_DIR, PUBLIC.db, 'p1', p2's register uploaded again) -> [{'id': 'p2', 'name': 'Pala Pound'}]. Only files of
    the same size are read (a stat of each register otherwise); a DATA_DIR the ingest would refuse says nothing here
    (the dry run says why)."""
    size, digest = staged.stat().st_size, ""
    found: set[str] = set()
    try:
        for pid, path in register_files(data_dir, read_pounds(data_dir)):
            if pid == pound_id or pid in found or path.stat().st_size != size:
                continue
            digest = digest or sha256_of(staged)
            if sha256_of(path) == digest:
                found.add(pid)
    except (PinfoldError, OSError):
        return []
    return [{"id": pid, "name": _public_name(public_db, pid)} for pid in sorted(found)]


def _public_name(public_db: Path, pound_id: str) -> str:
    """A pound's name as the portal publishes it (pounds.csv's passes the privacy filter), or its id alone."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{quote(str(public_db.resolve()))}?mode=ro", uri=True)) as con:
            row = con.execute("SELECT name FROM pounds WHERE id = ?", (pound_id,)).fetchone()
    except sqlite3.Error:
        row = None
    return str(row[0]) if row else pound_id


def _previous_of_pound(live: Path, pound_id: str, into: Path) -> None:
    """A public database holding only this pound's published entries (the history compares the dry run with it):
    cheap however large the rest is, for the rows are read by the pound's index."""
    if not live.is_file():
        return
    con = sqlite3.connect(into)
    try:
        con.execute("ATTACH DATABASE ? AS live", ("file:" + quote(str(live.resolve())) + "?mode=ro",))
        tables = {r[0] for r in con.execute("SELECT name FROM live.sqlite_master WHERE type = 'table'")}
        for table in ("impoundments", "sales"):
            con.execute(f"CREATE TABLE main.{table} AS SELECT * FROM live.{table} WHERE pound_id = ?", (pound_id,))
        for table in ("ingests", "changes", "aliases"):
            if table in tables:
                con.execute(f"CREATE TABLE main.{table} AS SELECT * FROM live.{table} WHERE 0")
        con.execute("CREATE TABLE main.ingest_summary AS SELECT * FROM live.ingest_summary")
        con.commit()
    except sqlite3.Error:
        into.unlink(missing_ok=True)  # not a public database we know: the report then shows no changes
    finally:
        con.close()


def _pound_only(data_dir: Path, pound_id: str, into: Path) -> None:
    """A DATA_DIR of the pound's own registers, pounds.csv and the rules (copies: the live folder is never written)."""
    into.mkdir()
    shutil.copy2(data_dir / "pounds.csv", into / "pounds.csv")
    if (data_dir / "rules").is_dir():
        shutil.copytree(data_dir / "rules", into / "rules")
    folder = data_dir / "registers" / pound_id
    if folder.is_dir():
        shutil.copytree(folder, into / "registers" / pound_id)
    else:
        (into / "registers" / pound_id).mkdir(parents=True)


def dry_run(
    data_dir: Path, public_db: Path, pound_id: str, staged: Path, name: str, rejects: RejectsFile | None = None
) -> Report:
    """The real ingest on the pound's registers with the staged file in place as `name`, into a scratch pair that is
    then removed: what would be stored, merged and rejected, each reject's cells, each public line, the changes (the
    first SHOWN_ROWS of each, and how many in all); every reject, when asked, into `rejects`."""
    with tempfile.TemporaryDirectory(prefix=".pinfold-intake-") as tmp:
        work = Path(tmp)
        data = work / "data"
        as_checked = replaced_state(data_dir, pound_id, name)  # before the copy: one published meanwhile, stale
        _pound_only(data_dir, pound_id, data)
        target = data / "registers" / pound_id / name
        report = Report(
            replaces=target.exists(),
            other_pounds=same_bytes_elsewhere(data_dir, public_db, pound_id, staged),
            replaced_as_checked=as_checked,
        )
        shutil.copyfile(staged, target)
        pub, priv = work / "public.db", work / "private.db"
        _previous_of_pound(public_db, pound_id, pub)
        try:
            summary = ingest(data, pub, priv, workers=1)
        except PinfoldError as e:
            report.error = str(e).replace(str(data) + "/", "")
            return report
        report.pound = {
            "records": summary.records,
            "stored": summary.stored,
            "duplicates": summary.duplicates,
            "rejects": summary.rejects,
        }
        source = f"registers/{pound_id}/{name}"
        _count_file(report, priv, source)
        _read_rejects(report, priv, source, rejects)
        _read_report(report, pub, priv, source)
        _read_merged(report, pub, priv, source)
        _read_same_number(report, pub, priv, source)
        _month_first(report, target, priv, source)
        _read_notes(report, target)
        return report


def _read_notes(report: Report, target: Path) -> None:
    """The file read again, as the ingest read it, for what it passes over as no entry (a TOTAL row, the header
    written again, a sheet without a register header) and the hidden sheets it reads: Report.notes."""
    notes: list[dict[str, Any]] = []
    token = READ_NOTES.set(notes)
    try:
        for _ in read_blocks(target):
            pass
    except (PinfoldError, RegisterEmpty):  # a file the ingest refused has its error; an empty one, no notes
        return
    finally:
        READ_NOTES.reset(token)
    if notes:
        report.notes, report.counted["notes"] = notes[:SHOWN_ROWS], len(notes)


def _month_first(report: Report, register: Path, priv: Path, source: str) -> None:
    """When the ingest read a text register's dates month first by itself (a date such as '11/13/2026' and none
    such as '13/11/2026'), the first row holding a date that proves it, and that date: row 7, '11/13/2026'."""
    if register.suffix.lower() not in _TEXT_REGISTERS or load_mapping(register).get("dates"):
        return
    encoding = sniff_encoding(register)
    with open(register, encoding=encoding, errors="replace", newline="") as f:
        sample = f.read(64 * 1024)
    if not month_first(register, encoding, sample):
        return
    with contextlib.closing(sqlite3.connect(priv)) as con:
        rows = con.execute(
            "SELECT source_row, raw_json FROM register_entries WHERE source_file = ? ORDER BY source_row", (source,)
        )
        for row, raw in rows:
            cells = json.loads(raw or "{}")
            for v in cells.values() if isinstance(cells, dict) else [cells]:
                if isinstance(v, str) and (m := _PROVES_MONTH_FIRST.search(v)):
                    report.month_first_row, report.month_first_cell = row, m[0]
                    return
    found = _PROVES_MONTH_FIRST.search(sample)
    report.month_first_cell = found[0] if found else "?"


# What each kind of row of the private register is, in the report's counts
_COUNTED = {"entry": "stored", "duplicate": "duplicates", "reject": "rejects"}


def _count_file(report: Report, priv: Path, source: str) -> None:
    """The file's own counts from the private register's rows of it: ('registers/p1/nov.csv') -> records 7, stored 4,
    duplicates 0, rejects 3, whatever the pound's other registers hold."""
    with contextlib.closing(sqlite3.connect(priv)) as con:
        kinds = dict(
            con.execute("SELECT kind, count(*) FROM register_entries WHERE source_file = ? GROUP BY kind", (source,))
        )
    for kind, n in kinds.items():
        setattr(report, _COUNTED[kind], n)
    report.records = sum(kinds.values())


def _read_rejects(report: Report, priv: Path, source: str, into: RejectsFile | None) -> None:
    """The file's rejects (private: the cells as written): the first SHOWN_ROWS into the report, all into `into`."""
    with contextlib.closing(sqlite3.connect(priv)) as con:
        found = con.execute(
            "SELECT source_row, source_sheet, reason, raw_json FROM register_entries "
            "WHERE kind = 'reject' AND source_file = ? ORDER BY source_row",
            (source,),
        )
        every = ({"row": row, "sheet": sheet, "reason": reason, "cells": json.loads(raw or "{}")}
                 for row, sheet, reason, raw in found)  # fmt: skip
        forms: collections.Counter[str] = collections.Counter()
        first: dict[str, str] = {}

        def formed(rows: Iterable[dict[str, object]]) -> Iterator[dict[str, object]]:
            for r in rows:
                form = reason_form(str(r["reason"]))
                forms[form] += 1
                first.setdefault(form, str(r["reason"]))
                yield r

        rows = _counted(report, "rejected", formed(every))
        if into is not None:
            into.write(rows)
        else:
            collections.deque(rows, maxlen=0)
    if forms:
        form, n = forms.most_common(1)[0]
        if n >= ONE_REASON_ROWS and n >= report.records * ONE_REASON_SHARE:
            report.one_reason, report.one_reason_rows = first[form], n


# One reason for this many of a file's rows, and at least this share of them, is said once above the rows
ONE_REASON_ROWS, ONE_REASON_SHARE = 5, 0.8
_DAY_WRITTEN = re.compile(r"\b\d{1,2} [A-Z][a-z]{2} \d{4}\b")


def reason_form(reason: str) -> str:
    """A reason with what differs from row to row taken out (a cell quoted, a day, a number), to tell rows turned
    away for the same reason: "The date brought, 12 May 1858, is before ..." -> 'The date brought, ‹›, is before ...';
    "'31/02/2025' is not a real date (day 31 ...)" -> "‹› is not a real date (day ‹› ...)"."""
    return re.sub(r"\d+", "‹›", re.sub(r"'[^']*'", "‹›", _DAY_WRITTEN.sub("‹›", reason)))


def _counted(report: Report, name: str, rows: Iterable[dict[str, object]]) -> Iterator[dict[str, object]]:
    """`rows` as they pass, counted in report.counted[name] and the first SHOWN_ROWS kept in the report's list."""
    kept: list[dict[str, object]] = getattr(report, name)
    report.counted[name] = 0
    for r in rows:
        report.counted[name] += 1
        if len(kept) < SHOWN_ROWS:
            kept.append(r)
        yield r


def _read_report(report: Report, pub: Path, priv: Path, source: str) -> None:
    """The file's public lines and the dry run's change rows: the first SHOWN_ROWS of each, and how many in all."""
    with contextlib.closing(sqlite3.connect(pub)) as con:
        con.row_factory = sqlite3.Row
        cols = ", ".join(LINE_FIELDS)
        published = published_name(priv, source)
        for r in con.execute(
            f"SELECT id, {cols} FROM impoundments WHERE source_file = ? ORDER BY source_row LIMIT ?",
            (published, SHOWN_ROWS),
        ):
            report.lines.append(dict(r))
        report.counted["lines"] = con.execute(
            "SELECT count(*) FROM impoundments WHERE source_file = ?", (published,)
        ).fetchone()[0]
        report.counted["changes"] = report.counted["removed"] = 0
        last = con.execute("SELECT max(id) FROM ingests").fetchone()[0]
        if last is not None and con.execute("SELECT compared_with FROM ingests WHERE id = ?", (last,)).fetchone()[0]:
            for r in con.execute(
                "SELECT impoundment_id, entry_no, brought_on, change, field, value_before, value_after "
                "FROM changes WHERE ingest_id = ? ORDER BY id LIMIT ?",
                (last, SHOWN_ROWS),
            ):
                report.changes.append(dict(r))
            report.counted["changes"], report.counted["removed"] = con.execute(
                "SELECT count(*), count(*) FILTER (WHERE change = 'removed') FROM changes WHERE ingest_id = ?", (last,)
            ).fetchone()


def _read_merged(report: Report, pub: Path, priv: Path, source: str) -> None:
    """The file's rows the ingest merged into another entry as duplicates, as the private register marks them (kind
    'duplicate', ingest/finish.py _mark_duplicates; its impoundment_id is the entry's), each with the entry and the
    row of the copy that stands: ('registers/p1/nov.csv') -> [{'row': 4, 'sheet': None, 'entry_no': '1',
    'brought_on': '2025-11-03', 'species': 'cow', 'into_file': '', 'into_row': 2, 'into_sheet': None}]."""
    with contextlib.closing(sqlite3.connect(priv)) as con:
        rows = con.execute(
            """SELECT d.source_row, d.source_sheet, d.impoundment_id, e.source_file, e.source_row, e.source_sheet
               FROM register_entries d LEFT JOIN register_entries e
                 ON e.impoundment_id = d.impoundment_id AND e.kind = 'entry'
               WHERE d.kind = 'duplicate' AND d.source_file = ? ORDER BY d.source_row, d.rowid LIMIT ?""",
            (source, SHOWN_ROWS),
        ).fetchall()
        report.counted["merged"] = con.execute(
            "SELECT count(*) FROM register_entries WHERE kind = 'duplicate' AND source_file = ?", (source,)
        ).fetchone()[0]
    if not rows:
        return
    with contextlib.closing(sqlite3.connect(pub)) as con:
        # one look-up by the primary key per entry (an IN list of thousands would pass SQLite's bound on parameters)
        entries = {
            i: con.execute("SELECT entry_no, brought_on, species FROM impoundments WHERE id = ?", (i,)).fetchone()
            for i in {r[2] for r in rows}
        }
    for row, sheet, entry_id, into_source, into_row, into_sheet in rows:
        entry_no, brought_on, species = entries.get(entry_id) or (None, None, None)
        report.merged.append(
            {"row": row, "sheet": sheet, "entry_no": entry_no, "brought_on": brought_on, "species": species,
             "into_file": "" if into_source in (source, None) else into_source.rsplit("/", 1)[-1],
             "into_row": into_row, "into_sheet": into_sheet}
        )  # fmt: skip


def _read_same_number(report: Report, pub: Path, priv: Path, source: str) -> None:
    """The file's entries whose number and day brought are another file's entry's, of the same pound: both stand (they
    differ, or they would have merged as duplicates), the same animal twice when this file corrects that one under
    another name. The other file named as the clerk saved it (the private register's name)."""
    with contextlib.closing(sqlite3.connect(pub)) as con:
        rows = con.execute(
            """SELECT n.source_row, n.entry_no, n.brought_on, n.species, o.id, o.source_row, o.species
               FROM impoundments n JOIN impoundments o ON o.pound_id = n.pound_id AND o.entry_no = n.entry_no
                 AND o.brought_on = n.brought_on AND o.source_file != n.source_file
               WHERE n.source_file = ? AND coalesce(n.entry_no, '') != '' ORDER BY n.source_row, o.source_file""",
            (published_name(priv, source),),
        ).fetchall()
    if not rows:
        return
    with contextlib.closing(sqlite3.connect(priv)) as con:
        files = {
            r[4]: (con.execute(
                "SELECT source_file FROM register_entries WHERE impoundment_id = ? AND kind = 'entry' ORDER BY rowid",
                (r[4],),
            ).fetchone() or ("",))[0]
            for r in rows[:SHOWN_ROWS]
        }  # fmt: skip
    report.counted["same_number"] = len({r[0] for r in rows})  # entries of this file, each listed once per other
    report.same_number = [
        {"row": row, "entry_no": no, "brought_on": day, "species": kind,
         "other_file": files.get(other, "").rsplit("/", 1)[-1], "other_row": other_row, "other_species": other_kind}
        for row, no, day, kind, other, other_row, other_kind in rows[:SHOWN_ROWS]
    ]  # fmt: skip


@contextlib.contextmanager
def publishing(accounts_db: Path) -> Iterator[None]:
    """One publish at a time from this intake: a second clerk's waits here for the first one's ingest to end."""
    lock = accounts_db.with_name(accounts_db.name + ".publish.lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def publish(data_dir: Path, public_db: Path, private_db: Path, pound_id: str, staged: Path, name: str) -> Summary:
    """The file into DATA_DIR/registers/<pound>/ (written aside, then renamed), then the same ingest as `pinfold
    ingest`. When the ingest fails the folder is put back as it was (the databases were never switched) and the
    PinfoldError goes up."""
    folder = data_dir / "registers" / pound_id
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    aside = folder / f".{name}.intake{os.getpid()}"
    before = folder / f".{name}.before{os.getpid()}"
    shutil.copyfile(staged, aside)
    with open(aside, "rb") as f:
        os.fsync(f.fileno())
    had = target.exists()
    if had:
        os.link(target, before)
    try:
        os.replace(aside, target)
        return ingest(data_dir, public_db, private_db)
    except BaseException:
        if had:
            os.replace(before, target)
        else:
            target.unlink(missing_ok=True)
        raise
    finally:
        aside.unlink(missing_ok=True)
        before.unlink(missing_ok=True)
