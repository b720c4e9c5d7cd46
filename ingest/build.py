"""Build the public and private databases from a DATA_DIR.

Every input record ends in exactly one place: an impoundment, a merged duplicate of one, or a reject with
file, row and reason. The work is in three steps:

1. normalise: each register file, in a worker process of its own, becomes a scratch *shard* (its entries,
   rejects, sales and private rows), so all cores work and memory stays flat whatever the size;
2. merge: the shards are copied, in file order, into a scratch staging database (SQLite does the copying);
3. finish, in SQL: duplicates merged (the first entry stands, later ones are counted), s.13 notices, auction
   lots and auctions, full-text search. The law's dates and money were already computed in step 1 by the rule
   packs; the SQL only assembles rows from them.

Both databases are built beside their targets and renamed into place only when complete, so a crash or a kill
mid-ingest leaves the previous databases untouched.

The pair switches together. Two renames cannot be one atomic step, so the switch is recoverable instead, by a
journal (`swap_in`, `finish_swap`):

1. both new files are complete and on disk (fsync) beside their targets: `PUBLIC.db.tmp<pid>`, `PRIVATE.db.tmp<pid>`;
2. the journal `PRIVATE.db.swap` is written (to a scratch name, fsync, renamed: it exists whole or not at all). It
   names both files and the new public file's identity (device, inode, size, mtime: a rename keeps them). From here
   the switch is decided;
3. the new public database is renamed over PUBLIC.db (a server sees one new file, by stat, as before);
4. the new private database is renamed over PRIVATE.db; the journal is removed.

A kill before 2 leaves both old (the scratch files are removed by the next ingest). A kill after 2 leaves a
journal, and the next ingest, before anything else, finishes the switch (PUBLIC.db is the file the journal names:
the private one follows it in) or undoes it (it is not: the new private file goes), so the pair is both old or
both new, never an old public beside a new private, and the previous private register is never lost (it is only
replaced in step 4). Steps 3-4 and the recovery are one function, run after every switch too.

Two ingests onto one target cannot interleave: each holds an exclusive lock (fcntl.flock) on `<target>.lock` for
both targets while it runs, and a second gets a one-line message (exit 2). Under that lock the next ingest knows
every scratch file of its targets is a dead ingest's, and removes them (`remove_leftovers`).
"""

from __future__ import annotations

import bisect
import contextlib
import csv
import datetime as dt
import errno
import fcntl
import hashlib
import json
import multiprocessing
import os
import re
import shutil
import sqlite3
import stat
import tempfile
from collections.abc import Callable, Collection, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from pinfold.errors import (
    IngestRunning,
    OutputError,
    PoundsFileError,
    RecordRejected,
    RegisterChanged,
    RegisterEmpty,
    RegisterUnreadable,
    RulesError,
)
from pinfold.law.clock import Deadlines, add_months, days_in_pound, deadlines
from pinfold.law.conflicts import roster_match
from pinfold.law.dues import feeding_charges
from pinfold.law.money import DECIMALISATION, Money
from pinfold.law.packs import RulePack, UnknownAct, all_packs, pack
from pinfold.law.rules import RateRow, RuleBook, days_charged, ratio_text
from pinfold.law.status import brought_late, sale_questioned, seizure_adjudged_illegal
from pinfold.schema import FTS_COLUMNS, PUBLIC, search_index, views

from . import history, package
from .privacy import public_reason, roster_of
from .readers import (
    MAPPING_SUFFIX,
    REGISTER_SUFFIXES,
    cell_text,
    delimiter_of,
    read_register,
    regular,
    sniff_encoding,
)
from .records import Entry, status_of, tags_and_colour, to_entries
from .rules_files import load_rulebook
from .schema import PRIVATE, PRIVATE_INDEXES, STAGING, finish

POUND_COLUMNS = ["id", "name", "act", "local_authority", "district", "village", "latitude", "longitude"]
BATCH = 5000
PARALLEL_FROM_BYTES = 4 << 20  # below this, worker processes cost more than they save


@dataclass(frozen=True)
class Pound:
    id: str
    name: str
    act: str
    local_authority: str
    district: str
    village: str
    latitude: float | None
    longitude: float | None


@dataclass
class Summary:
    files: int = 0
    records: int = 0
    stored: int = 0
    duplicates: int = 0
    rejects: int = 0
    empty: int = 0  # register files without a single entry (0 bytes, a header alone): passed over, counted

    def line(self) -> str:
        """'files 3, records 10: stored 8, duplicates 1, rejects 1' (scripts parse this much), then what more there
        is to say: '; empty files: 1'."""
        line = (
            f"files {self.files}, records {self.records}: stored {self.stored}, "
            f"duplicates {self.duplicates}, rejects {self.rejects}"
        )
        return line + (f"; empty files: {self.empty}" if self.empty else "")


def read_pounds(data_dir: Path) -> dict[str, Pound]:
    """DATA_DIR/pounds.csv -> {pound id: Pound}. Raises PoundsFileError naming the file and row."""
    path = data_dir / "pounds.csv"
    if not path.exists():
        raise PoundsFileError(f"{path}: missing (every DATA_DIR needs pounds.csv: {','.join(POUND_COLUMNS)})")
    if not regular(path):
        raise PoundsFileError(f"{path}: not a regular file (a folder, a pipe, a device?)")
    try:
        with open(path, encoding=sniff_encoding(path), newline="") as f:
            delimiter = delimiter_of(f.readline(1 << 16))
            f.seek(0)
            rows = list(csv.DictReader(f, delimiter=delimiter))
            header = [(h or "").strip() for h in (rows[0].keys() if rows else [])]
    except (OSError, UnicodeError, csv.Error) as e:
        raise PoundsFileError(f"{path}: cannot be read ({e})") from None
    missing = [c for c in ("id", "name", "act") if c not in header]
    if not rows or missing:
        raise PoundsFileError(
            f"{path}: needs a header row with {','.join(POUND_COLUMNS)} (missing {missing or 'rows'})"
        )
    pounds: dict[str, Pound] = {}
    for i, r in enumerate(rows, 2):
        if None in r:  # DictReader puts the cells past the header's under None
            raise PoundsFileError(f"{path} row {i}: more cells than the header has (quote a name holding a comma)")
        r = {(k or "").strip(): (v or "").strip() for k, v in r.items()}
        if not r.get("id") or not r.get("act"):
            raise PoundsFileError(f"{path} row {i}: a pound needs an id and an act")
        try:
            pack(r["act"])
        except UnknownAct:
            known = ", ".join(sorted(all_packs()))
            raise PoundsFileError(f"{path} row {i}: act '{r['act']}' has no rule pack (known: {known})") from None
        try:
            lat = float(r["latitude"].replace(",", ".")) if r.get("latitude") else None
            lon = float(r["longitude"].replace(",", ".")) if r.get("longitude") else None
        except ValueError:
            raise PoundsFileError(f"{path} row {i}: latitude/longitude must be numbers") from None
        if (lat is not None and not -90 <= lat <= 90) or (lon is not None and not -180 <= lon <= 180):
            raise PoundsFileError(f"{path} row {i}: latitude {lat} / longitude {lon} is no place on Earth")
        if r["id"] in pounds:
            raise PoundsFileError(f"{path} row {i}: pound id '{r['id']}' appears twice")
        pounds[r["id"]] = Pound(
            r["id"],
            r.get("name") or r["id"],
            r["act"],
            r.get("local_authority", ""),
            r.get("district", ""),
            r.get("village", ""),
            lat,
            lon,
        )
    return pounds


# What a computer leaves beside the files people put in a folder: never a register, never an error.
_SYSTEM_FILES = {"thumbs.db", "desktop.ini", "ehthumbs.db", "icon\r"}


def not_a_register(name: str) -> bool:
    """A file the folder's computer made, not a clerk: '.DS_Store', 'Thumbs.db', 'desktop.ini', '~$register.xlsx'
    (Excel's lock while the register is open), 'register.csv~' (an editor's backup) -> True; 'register.csv' -> False.
    """
    return name.startswith((".", "~$")) or name.endswith("~") or name.lower() in _SYSTEM_FILES


def _utf8_name(path: Path) -> None:
    """Refuses a name that is not UTF-8 (a file copied from an old Windows or Latin-1 system): it could be neither
    stored as the entries' source_file nor shown as it is. 'M\xe4rz.csv' in Latin-1 -> RegisterUnreadable."""
    try:
        path.name.encode("utf-8")
    except UnicodeEncodeError:
        raise RegisterUnreadable(f"{path}: the file name is not UTF-8 text; rename the file") from None


def _followed(path: Path, inside: Path) -> Path:
    """A path under registers/ -> where it leads. A symbolic link is followed when it stays inside DATA_DIR (`inside`,
    resolved) and refused when it leads out of it (a register is a file the pound's clerks put there, not one
    elsewhere on the machine) or nowhere."""
    if not path.is_symlink():
        return path
    try:
        target = path.resolve(strict=True)
    except (OSError, RuntimeError):  # missing, or a loop of links
        raise RegisterUnreadable(f"{path}: a link that leads nowhere ({os.readlink(path)})") from None
    if not target.is_relative_to(inside):
        raise RegisterUnreadable(
            f"{path}: a link to {target}, outside the data directory; copy the register into it instead"
        )
    return target


def _walk(folder: Path, inside: Path, above: tuple[Path, ...] = ()) -> Iterator[tuple[Path, Path]]:
    """(path, the file it is) for every file under a pound's folder, through links that stay inside DATA_DIR. A link
    to a folder the walk is already in (a loop) is not walked again."""
    real = folder.resolve()
    if real in above:
        return
    for entry in folder.iterdir():
        if not_a_register(entry.name) and not entry.is_dir():  # an editor's '.#x.csv' is a link to nowhere: passed
            continue
        _utf8_name(entry)
        target = _followed(entry, inside)
        mode = os.stat(target).st_mode
        if stat.S_ISDIR(mode):
            yield from _walk(entry, inside, (*above, real))
        elif entry.name.endswith(MAPPING_SUFFIX):
            continue
        elif not stat.S_ISREG(mode):  # a pipe or a device: reading it may never end
            raise RegisterUnreadable(f"{entry}: not a regular file (a pipe, a device?); a register is a file")
        else:
            yield entry, target.resolve()


def register_files(data_dir: Path, pounds: dict[str, Pound]) -> list[tuple[str, Path]]:
    """[(pound id, path)] for every register under DATA_DIR/registers/<pound id>/, in a stable order.

    A link is followed when it stays inside DATA_DIR and refused (one line) when it leads out of it; a file reached
    by its own path and through a link is read once, where it is (or, reached by links only, through the first). A
    pipe or a device named like a register is refused, and so is a name that is not UTF-8."""
    root = data_dir / "registers"
    if not root.is_dir():
        return []
    inside = data_dir.resolve()
    found: list[tuple[str, Path, Path]] = []
    for folder in sorted(p for p in root.iterdir() if not p.name.startswith(".")):
        _utf8_name(folder)
        if not _followed(folder, inside).is_dir():
            raise RegisterUnreadable(f"{folder}: registers must sit in a folder named after their pound")
        if folder.name not in pounds:
            raise RegisterUnreadable(f"{folder}: no pound with id '{folder.name}' in pounds.csv")
        for path, real in sorted(_walk(folder, inside)):
            if path.suffix.lower() not in REGISTER_SUFFIXES:
                raise RegisterUnreadable(
                    f"{path}: not a register format Pinfold reads ({' '.join(sorted(REGISTER_SUFFIXES))})"
                )
            found.append((folder.name, path, real))
    where = {real: path for _, path, real in found if real == inside / path.relative_to(data_dir)}
    for _, path, real in found:
        where.setdefault(real, path)
    return [(pound_id, path) for pound_id, path, real in found if where[real] == path]


def file_stamp(path: Path) -> tuple[int, int, int]:
    """(inode, size, mtime in ns): any write to the file, or a new file renamed over it, changes it."""
    st = os.stat(path)
    return st.st_ino, st.st_size, st.st_mtime_ns


def data_version(files: list[tuple[str, Path]], data_dir: Path) -> str:
    """A digest of every input byte: the same registers give the same version (caches key on it)."""
    h = hashlib.sha256()
    for _, path in files:
        h.update(path.relative_to(data_dir).as_posix().encode())
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
    for p in sorted((data_dir / "rules").glob("*.csv")) if (data_dir / "rules").is_dir() else []:
        h.update(p.read_bytes())
    h.update((data_dir / "pounds.csv").read_bytes())
    return h.hexdigest()[:16]


# Out of disk, over quota, over the file size limit, or a file system gone read-only: the output cannot be written.
NO_SPACE = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS}


def _iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


def _money_cols(m: Money | None, on: dt.date) -> tuple[str | None, int | None]:
    """Money -> (exact decimal string, integer of the era's smallest coin) as published."""
    if m is None:
        return None, None
    return m.decimal_str(), m.minor_units(on)[0]


_LEFT = ("claimed_on", "deposit_on", "released_by_order_on", "sold_on", "disposed_on")


class LawCache:
    """The rule packs' answers for one rule book, cached per distinct question. One per process, so a worker
    stays warm from one register file to the next.

    Fines and feeding charges are cached in two layers, because a stay's (day, days, head) rarely repeats but its
    parts do: the rate row in force on a day (a few thousand days), and a rate times a count of head-days."""

    _current: LawCache | None = None

    def __init__(self, book: RuleBook, token: str):
        self.book, self.token = book, token
        self.deadlines = lru_cache(maxsize=65536)(self._deadlines)
        self.fine_basis = lru_cache(maxsize=65536)(self._fine_basis)
        self.feeding_basis = lru_cache(maxsize=65536)(self._feeding_basis)
        self._products: dict[tuple[str, int, Fraction | int, bool], tuple[Money, str, int]] = {}
        self.feeding_across_change = lru_cache(maxsize=4096)(self._feeding_across_change)
        self.tags_and_colour = lru_cache(maxsize=65536)(tags_and_colour)
        self.pack = lru_cache(maxsize=64)(pack)  # the packs of this ingest, whatever PINFOLD_PACKS_DIR says later

    @classmethod
    def for_book(cls, book: RuleBook, token: str) -> LawCache:
        """The cache for this ingest's rule book. Each job brings its own unpickled copy of the book, so the
        cache is keyed by the ingest's data version, not by the object."""
        if cls._current is None or cls._current.token != token:
            cls._current = cls(book, token)
        return cls._current

    def _deadlines(
        self,
        act: str,
        d: dt.date,
        seized: dt.date | None,
        notice: dt.date | None,
        filed: dt.date | None,
        decided: dt.date | None,
        illegal: bool,
    ) -> tuple[Deadlines, str, str | None, str, str | None]:
        """The deadlines and their published strings (notice due, earliest auction or None, complaint deadline,
        earliest auction by the notice alone): K s.13, s.19, s.21(2); 1857 s.VIII, s.IX proviso, s.XIV."""
        dl = deadlines(self.pack(act), d, seized, notice, filed, decided, illegal)
        return (dl, dl.notice_due_on.isoformat(), _iso(dl.auction_earliest_on), dl.complaint_deadline_on.isoformat(),
                _iso(dl.auction_by_notice_on))  # fmt: skip

    def _fine_basis(self, act: str, area: str, species: str, on: dt.date) -> tuple[RateRow | None, int | Fraction]:
        """(the scale row in force on the day brought, the habitual-area multiplier): K s.11(1)-(2). A whole
        multiplier is an int: products are cached by it, and hashing a Fraction costs more than the product."""
        mult = self.book.habitual_multiplier(self.pack(act), area, species, on)
        return self.book.fine_scale(act, area, species, on), int(mult) if mult.denominator == 1 else mult

    def _feeding_basis(
        self, act: str, area: str, species: str, start: dt.date
    ) -> tuple[RateRow | None, dt.date | None]:
        """(the feeding rate in force on the day brought, the next day a rate may start or end, or None)."""
        changes = self.book.feeding_boundaries(act, area, species)
        i = bisect.bisect_right(changes, start)
        return self.book.feeding_rate(act, area, species, start), (changes[i] if i < len(changes) else None)

    def product(self, table: str, row: RateRow, n: Fraction | int, pre_decimal: bool) -> tuple[Money, str, int]:
        """A rate times n (head, or head-days): (the Money, its exact decimal string, its minor units).
        ('fine', <row 3: Rs 2>, 3, False) -> (Rs 6, '6.00', 600). Keyed by the row's id: hashing a row hashes
        its Fraction, which cost more than the multiplication."""
        key = (table, row.id, n, pre_decimal)
        found = self._products.get(key)
        if found is None:
            if len(self._products) >= 65536:
                self._products.clear()
            total = row.amount * n
            a_day_of_the_era = dt.date.min if pre_decimal else DECIMALISATION
            found = self._products[key] = (total, total.decimal_str(), total.minor_units(a_day_of_the_era)[0])
        return found

    def fine_cols(self, act: str, area: str, species: str, on: dt.date, head: int):
        """(per head, multiplier, fine due, its published strings, scale row) for one kind of entry on one day."""
        row, mult = self.fine_basis(act, area, species, on)
        if row is None:
            return None, mult, None, None, None, None
        due, due_s, due_minor = self.product("fine", row, head * mult, on < DECIMALISATION)
        return row.amount.decimal_str(), mult, due, due_s, due_minor, row.id

    def feeding_cols(self, act: str, area: str, species: str, head: int, start: dt.date, until: dt.date):
        """(rate per head per day, its row, charges, their published strings, days charged) for a stay that has
        ended, the days counted as the rate in force on the day brought counts them (rules.DAYS_COUNTED; K s.4)."""
        row, next_change = self.feeding_basis(act, area, species, start)
        days = days_charged(row.counts_days if row else "", start, until)
        if next_change is not None and next_change < start + dt.timedelta(days=days):
            return (*self.feeding_across_change(act, area, species, head, start, days), days)
        if row is None:
            return None, None, None, None, None, days
        total, total_s, total_minor = self.product("feeding", row, days * head, start < DECIMALISATION)
        return row.amount.decimal_str(), row.id, total, total_s, total_minor, days

    def _feeding_across_change(self, act: str, area: str, species: str, head: int, start: dt.date, days: int):
        """A stay over a day the rate changed: each run of days at the rate then in force (law.dues); unknown when a
        day of it has no rate on file."""
        total, row = feeding_charges(self.book, act, area, species, head, start, days)
        if row is None or total is None:
            return None, None, None, None, None
        return (row.amount.decimal_str(), row.id, total, *_money_cols(total, start))

    def feeding_rate(self, act: str, area: str, species: str, on: dt.date) -> tuple[str | None, int | None]:
        row = self.feeding_basis(act, area, species, on)[0]
        return (row.amount.decimal_str(), row.id) if row else (None, None)


class ShardWriter:
    """Normalises one register file into a scratch shard."""

    def __init__(self, con: sqlite3.Connection, book: RuleBook, file_no: int, token: str = ""):
        self.con, self.book, self.file_no = con, book, file_no
        self.law = LawCache.for_book(book, token)
        self.roster = roster_of(r.get("name") or "" for r in book.roster)
        self.staged: list[tuple[Any, ...]] = []
        self.private: list[tuple[Any, ...]] = []
        self.rejects: list[tuple[Any, ...]] = []
        self.sales: list[tuple[Any, ...]] = []
        self.conflicts: list[tuple[Any, ...]] = []
        self.records = 0
        self._packs: dict[str, RulePack] = {}

    def pack_of(self, pound: Pound) -> RulePack:
        """The pound's rule pack, looked up once per register file rather than once per record."""
        found = self._packs.get(pound.act)
        if found is None:
            found = self._packs[pound.act] = pack(pound.act)
        return found

    def add(
        self, pound: Pound, rel: str, row: int, sheet: str | None, cells: dict[str, Any], raw_cells: dict[str, Any]
    ) -> None:
        self.records += 1
        seq = (self.file_no << 32) + self.records  # register order across files: first of duplicates stands
        raw = json.dumps(raw_cells, ensure_ascii=False, default=cell_text)
        pk = self.pack_of(pound)
        try:
            entries = to_entries(pound.id, cells, pk, self.roster)
        except RecordRejected as err:
            self.rejects.append((pound.id, rel, row, sheet, public_reason(err, cells, self.roster), seq))
            self.private.append(("", rel, row, sheet, "reject", None, None, None, None, None, str(err), raw))
            return
        for e in entries:  # one, or one per kind of an entry naming several ('1 cow with calf')
            self._add_entry(pound, pk, rel, row, sheet, e, raw, seq)
        if len(self.staged) >= BATCH:
            self.flush()

    def _add_entry(
        self, pound: Pound, pk: RulePack, rel: str, row: int, sheet: str | None, e: Entry, raw: str, seq: int
    ) -> None:
        p = e.people
        self.private.append(
            (e.id, rel, row, sheet, "entry", p["seizer_name"], p["seizer_residence"], p["owner_name"],
             p["owner_residence"], p["buyer_name"], None, raw)
        )  # fmt: skip
        act, area, dates, day = pound.act, pound.local_authority, e.dates, e.brought_on
        seized, filed, decided = (
            dates.get("seized_on"),
            dates.get("complaint_filed_on"),
            dates.get("complaint_decided_on"),
        )
        illegal = seizure_adjudged_illegal(e.complaint_outcome)
        dl, notice_due, auction_earliest, complaint_deadline, by_notice = self.law.deadlines(
            act, day, seized, dates.get("notice_posted_on"), filed, decided, bool(illegal)
        )
        left_on = min((dates[k] for k in _LEFT if k in dates), default=None)
        per_head_s, mult, fine_due, fine_due_s, fine_due_minor, scale_id = self.law.fine_cols(
            act, area, e.species, day, e.head_count
        )
        levied_s, levied_minor = _money_cols(e.fine_levied, day)
        above = None
        if e.fine_levied is not None and fine_due is not None:
            above = int(e.fine_levied.rupees > fine_due.rupees)
        days = feeding = feeding_s = feeding_minor = None
        if left_on:
            feed_rate_s, feed_id, feeding, feeding_s, feeding_minor, days = self.law.feeding_cols(
                act, area, e.species, e.head_count, day, left_on
            )
        else:
            feed_rate_s, feed_id = self.law.feeding_rate(act, area, e.species, day)
        tags, colour = self.law.tags_and_colour(e.description)
        if "sold_on" in dates:
            nights = days_in_pound(day, dates["sold_on"])
            self._sale(pk, pound, e, nights, fine_due, feeding, seq)
        questioned = sale_questioned(pk, dl, dates.get("sold_on"), filed, decided)
        late = brought_late(pk, day, seized)
        iso = {k: d.isoformat() for k, d in dates.items()}  # most entries have none or one of these dates
        brought_on = e.brought_at[:10]
        self.staged.append(
            (
                e.id, pound.id, e.entry_no, e.brought_at, brought_on, brought_on[:7],
                iso.get("seized_on"), e.species, e.species_as_written, e.head_count, e.description, colour,
                tags, e.place_seized, int(e.owner_known), status_of(dates), iso.get("claimed_on"),
                iso.get("deposit_on"), iso.get("released_by_order_on"),
                iso.get("notice_posted_on"), iso.get("sold_on"), iso.get("disposed_on"),
                iso.get("complaint_filed_on"), iso.get("complaint_decided_on"), e.complaint_outcome,
                notice_due, auction_earliest, complaint_deadline,
                _iso(left_on), days, per_head_s, mult if isinstance(mult, int) else None, fine_due_s,
                fine_due_minor, scale_id, levied_s, levied_minor,
                above, feed_rate_s, feed_id, feeding_s, feeding_minor, "pie" if day < DECIMALISATION else "paisa",
                act, pound.district, pound.local_authority,
                int(dl.seizure_assumed), None if late is None else int(late),
                None if dl.complaint_in_time is None else int(dl.complaint_in_time),
                None if illegal is None else int(illegal), by_notice, questioned.why if questioned else None,
                str(mult) if isinstance(mult, int) else ratio_text(mult), e.source_part,
                rel, row, sheet, seq,
            )
        )  # fmt: skip

    def _sale(
        self, pk: RulePack, pound: Pound, e: Entry, days: int, fine: Money | None, feeding: Money | None, seq: int
    ) -> None:
        """The account of K s.15(2)-(3) / 1857 s.IX, s.XI: proceeds less fines, feeding and expenses."""
        sold = e.dates["sold_on"]
        proceeds, expenses = e.sale_proceeds, e.sale_expenses or Money()
        # K s.15(3): "the balance of the proceeds of sale, if any": never below nothing. What the proceeds do not
        # cover is a shortfall, which the Act makes nobody liable for. Unknown when a charge is unknown.
        balance = shortfall = None
        if proceeds is not None and fine is not None and feeding is not None:
            rest = proceeds - fine - feeding - expenses
            balance, shortfall = (rest, Money()) if rest.rupees >= 0 else (Money(), Money() - rest)
        held_until = add_months(sold, pk.clock.surplus_held_months) if balance and balance.rupees > 0 else None
        flag, role = 0, None
        buyer = e.people.get("buyer_name")
        if buyer:
            bars = pk.conflict.bars if pk.conflict else None  # who the pound's Act bars from buying
            match = roster_match(buyer, self.book.roster, pound.id, pound.local_authority, bars)
            if match:
                flag, role = 1, match.get("role") or "barred from buying"
                self.conflicts.append((e.id, buyer, match.get("name"), role))
        (
            (proceeds_s, proceeds_minor),
            (fine_s, _),
            (feeding_s, _),
            (expenses_s, _),
            (balance_s, balance_minor),
            (
                shortfall_s,
                shortfall_minor,
            ),
        ) = (_money_cols(m, sold) for m in (proceeds, fine, feeding, expenses, balance, shortfall))
        self.sales.append(
            (
                e.id, pound.id, sold.isoformat(), e.head_count, e.head_count, days,
                proceeds_s, fine_s, feeding_s, expenses_s, balance_s, proceeds_minor, balance_minor,
                "pie" if sold < DECIMALISATION else "paisa", _iso(held_until), 0, flag, role,
                pk.citation("sale_account", "surplus", "conflict"), shortfall_s, shortfall_minor, seq,
            )
        )  # fmt: skip

    def flush(self) -> None:
        c = self.con
        if self.staged:
            c.executemany(f"INSERT INTO _staged VALUES ({','.join('?' * len(self.staged[0]))})", self.staged)
        c.executemany("INSERT INTO _rejects VALUES (?,?,?,?,?,?)", self.rejects)
        c.executemany("INSERT INTO _sales VALUES (" + ",".join("?" * 22) + ")", self.sales)
        c.executemany("INSERT INTO _private VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", self.private)
        c.executemany("INSERT INTO _conflicts VALUES (?,?,?,?)", self.conflicts)
        for rows in (self.staged, self.rejects, self.sales, self.private, self.conflicts):
            rows.clear()


# Pages of the new files. Bigger pages than SQLite's 4 KB mean a quarter of the reads and writes through the kernel
# when a million rows are copied, sorted and indexed (the finish at 1M rows: 24 -> 21 s, its system time halved).
# Scratch files are written once and read once, so theirs are bigger still.
PAGE_SIZE, SCRATCH_PAGE_SIZE = 16384, 65536


def _connect(path: Path | str, page_size: int = PAGE_SIZE) -> sqlite3.Connection:
    """A connection for building a new database file (the page size applies to a new, empty file)."""
    # Not tied to its thread: the ingest fills the private database from a helper thread, one thread at a time.
    con = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    con.execute(f"PRAGMA page_size={int(page_size)}")
    con.execute("PRAGMA journal_mode=OFF")
    con.execute("PRAGMA synchronous=OFF")
    con.execute("PRAGMA temp_store=FILE")  # sorting a million rows in RAM would break the flat-memory promise
    con.execute("PRAGMA cache_size=-32000")
    return con


@dataclass(frozen=True)
class ShardJob:
    file_no: int
    pound: Pound
    path: Path
    rel: str
    shard: Path
    book: RuleBook
    token: str = ""
    stamp: tuple[int, int, int] = (0, 0, 0)  # file_stamp before the ingest began reading


def write_shard(job: ShardJob) -> tuple[int, int]:
    """One register file -> a shard database. Returns (file number, records read: 0 for an empty file). Runs in a
    worker process."""
    con = _connect(job.shard, SCRATCH_PAGE_SIZE)
    con.executescript(STAGING)
    con.execute("BEGIN")
    w = ShardWriter(con, job.book, job.file_no, job.token)
    try:
        for rec in read_register(job.path):
            w.add(job.pound, job.rel, rec.row, rec.sheet, rec.cells, rec.raw)
    except RegisterEmpty:
        pass  # a month's file created and not yet filled: no records, counted as an empty file
    except RecursionError:  # a structure nested deeper than any reader goes, wherever it was met
        con.close()
        raise RegisterUnreadable(f"{job.path}: nested too deeply to be a register") from None
    w.flush()
    if file_stamp(job.path) != job.stamp:
        con.close()
        raise RegisterChanged(f"{job.path}: changed while it was being read; ingest again once it is fully written")
    con.execute("COMMIT")
    con.close()
    return job.file_no, w.records


Progress = Callable[[int, int, int], None]  # (files done, files in all, records read)


def _run_shards(jobs: list[ShardJob], workers: int, progress: Progress | None) -> tuple[int, int]:
    """Every job's shard written, by `workers` processes (1 = in this process). Returns (records read, files without
    a record)."""
    total = empty = 0
    if workers <= 1 or len(jobs) <= 1:
        results = map(write_shard, jobs)
        for done, (_, n) in enumerate(results, 1):
            total += n
            empty += n == 0
            if progress:
                progress(done, len(jobs), total)
        return total, empty
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    # Largest registers first, so no worker is left alone with a big one at the end; the merge keeps file order.
    largest_first = sorted(jobs, key=lambda j: j.stamp[1], reverse=True)
    with ctx.Pool(processes=workers) as pool:
        for done, (_, n) in enumerate(pool.imap_unordered(write_shard, largest_first), 1):
            total += n
            empty += n == 0
            if progress:
                progress(done, len(jobs), total)
    return total, empty


def _rate_row(r: RateRow) -> tuple[Any, ...]:
    """A fine scale or feeding rate as published: exact decimal, the era's notation, dates, its source."""
    return (r.id, r.act, r.area, r.species, r.amount.decimal_str(), r.amount.display(r.effective_from),
            _iso(r.effective_from), _iso(r.effective_to), r.reference, r.status, r.note)  # fmt: skip


def _publish_rules(pub: sqlite3.Connection, book: RuleBook) -> None:
    pub.executemany("INSERT INTO fine_scales VALUES (?,?,?,?,?,?,?,?,?,?,?)", map(_rate_row, book.fine_scales))
    # a feeding rate says how it counts days, or Pinfold's default applies and is published as such
    pub.executemany(
        "INSERT INTO feeding_rates VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
        [(*_rate_row(r), r.counts_days, int(bool(r.days_counted))) for r in book.feeding_rates],
    )
    # K s.11(2): any exact multiplier up to double; the INTEGER column holds it when it is whole
    pub.executemany(
        "INSERT INTO habitual_areas VALUES (?,?,?,?,?,?,?,?,?,?)",
        [(r.id, r.act, r.area, r.species, int(m) if (m := r.amount.rupees).denominator == 1 else None,
          _iso(r.effective_from), _iso(r.effective_to), r.reference, r.status, ratio_text(m)) for r in book.habitual],
    )  # fmt: skip


def _merge_public(pub: sqlite3.Connection, shards: list[Path]) -> None:
    """Copy every shard's entries, rejects and sales, in file order, into the staging database."""
    for shard in shards:
        pub.execute("ATTACH DATABASE ? AS shard", (str(shard),))
        pub.execute("INSERT INTO scratch._staged SELECT * FROM shard._staged")
        pub.execute("INSERT INTO scratch._rejects SELECT * FROM shard._rejects")
        pub.execute("INSERT INTO scratch._sales SELECT * FROM shard._sales")
        pub.execute("COMMIT")
        pub.execute("DETACH DATABASE shard")
        pub.execute("BEGIN")


def _merge_private(priv: sqlite3.Connection, shards: list[Path]) -> None:
    """Copy every shard's people and raw cells, in file order, into the private register."""
    for shard in shards:
        priv.execute("ATTACH DATABASE ? AS shard", (str(shard),))
        priv.execute("INSERT INTO register_entries SELECT * FROM shard._private")
        priv.execute("INSERT INTO conflicts SELECT * FROM shard._conflicts")
        priv.execute("COMMIT")
        priv.execute("DETACH DATABASE shard")
        priv.execute("BEGIN")


def _finish(
    pub: sqlite3.Connection, book: RuleBook, summary: Summary
) -> tuple[list[tuple[str, int, str]], list[tuple[str, int, str, str, str]]]:
    """Duplicates, notices, lots and auctions, set-based (schema.finish()). Returns, for the private register, the
    merged duplicates' (file, row, sheet or '') and the rows of entries told apart from another with their id
    (file, row, sheet or '', id given, id as published: 'p1-6c3e...', 'p1-6c3e...-2')."""
    pub.executemany(
        "INSERT INTO scratch._scheduled VALUES (?,?,?,?,?,?)",
        [
            (a.pound_id, a.date.isoformat(), a.time.strftime("%H:%M"), a.place, a.conditions, a.reference)
            for a in book.auctions
        ],
    )
    for statement in finish():
        pub.execute(statement)
    # Register records, not impoundments: a record naming two kinds is one record stored as two (source_part 1, 2).
    one = "WHERE source_part IS NULL OR source_part = 1"
    summary.duplicates = pub.execute(f"SELECT count(*) FROM merged_duplicates {one}").fetchone()[0]
    summary.stored = pub.execute(f"SELECT count(*) FROM impoundments {one}").fetchone()[0]
    summary.rejects = pub.execute("SELECT count(*) FROM rejects").fetchone()[0]
    dups = pub.execute("SELECT source_file, source_row, coalesce(source_sheet, '') FROM merged_duplicates").fetchall()
    renamed = pub.execute(
        """SELECT source_file, source_row, coalesce(source_sheet, ''), id, final_id
           FROM scratch._copy_rows WHERE final_id != id"""
    ).fetchall()
    return dups, renamed


def _mark_duplicates(
    priv: sqlite3.Connection, dups: list[tuple[str, int, str]], renamed: list[tuple[str, int, str, str, str]]
) -> None:
    """The private register says which of its entries were merged as duplicates, and holds the published id of an
    entry told apart from another with its identity (schema.FINISH, 'p1-6c3e...-2'); then its index."""
    priv.execute("CREATE TEMP TABLE _dups (source_file, source_row, source_sheet)")
    priv.executemany("INSERT INTO _dups VALUES (?, ?, ?)", dups)
    priv.execute(
        """UPDATE register_entries SET kind = 'duplicate'
           WHERE (source_file, source_row, coalesce(source_sheet, '')) IN (SELECT * FROM _dups)"""
    )
    priv.execute("DROP TABLE _dups")
    for file, row, sheet, given, final in renamed:  # a few rows: entries numbered alike on one day
        buyers = priv.execute(
            """UPDATE register_entries SET impoundment_id = ?
               WHERE source_file = ? AND source_row = ? AND coalesce(source_sheet, '') = ? RETURNING buyer_name""",
            (final, file, row, sheet),
        ).fetchall()
        for (buyer,) in buyers:
            if buyer:
                priv.execute(
                    "UPDATE conflicts SET impoundment_id = ? WHERE impoundment_id = ? AND buyer_name = ?",
                    (final, given, buyer),
                )
    for statement in PRIVATE_INDEXES:
        priv.execute(statement)


def _full_text(path: Path) -> None:
    import sqlite_utils

    db = sqlite_utils.Database(path)
    # district and pound_id too: a search with filters is then one index intersection (portal/search.py)
    db.table("impoundments").enable_fts(FTS_COLUMNS, tokenize="porter", create_triggers=False)
    for statement in search_index():  # the animals in the pound, the nearest last day first (pinfold/schema.py)
        db.conn.execute(statement)
    db.conn.execute("ANALYZE")
    db.conn.commit()
    db.conn.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


SWAP = ".swap"  # the journal of a switch in progress, beside the private target: 'private.db.swap'
LOCK = ".lock"  # beside each target while an ingest writes it: 'pinfold.db.lock'
# A half-built database 'pinfold.db.tmp4242' (and its '-journal'), a journal being written 'private.db.swap.tmp4242'.
_SCRATCH = re.compile(r"(?P<target>.+?)(?P<swap>\.swap)?\.tmp(?P<pid>\d+)(?:-journal|-wal|-shm)?")


def _pid_of_journal(journal: Path) -> int:
    try:
        return int(json.loads(journal.read_text())["pid"])
    except (OSError, ValueError, KeyError, TypeError):
        return 0  # unreadable: no live ingest wrote it


def remove_leftovers(folder: Path, own: Collection[str] = ()) -> None:
    """What an ingest that was killed left in a folder, put right. A switch it had decided (a journal) is finished or
    undone first (finish_swap); then its scratch folders and half-built databases, which may hold private rows, go.
    Another ingest's are left while its PID lives; those of the targets named in `own`, whose locks the caller holds,
    go whatever their PID (a PID can be reused)."""
    me = os.getpid()
    for journal in folder.glob(f"*{SWAP}"):
        if journal.name.removesuffix(SWAP) in own or not _alive(_pid_of_journal(journal)):
            finish_swap(journal)
    for p in folder.glob(".pinfold-*"):
        pid = p.name.split("-")[1]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(p, ignore_errors=True)
    for p in folder.glob("*.tmp*"):
        m = _SCRATCH.fullmatch(p.name)
        if m is None or int(m["pid"]) == me:
            continue
        if m["target"] in own or (m["target"].endswith(".db") and not _alive(int(m["pid"]))):
            p.unlink(missing_ok=True)


def _identity(path: Path) -> list[int] | None:
    """[device, inode, size, mtime in ns] of a file: the same after a rename, different for any other file."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns]


def _sync_dir(folder: Path) -> None:
    """A rename in `folder` made durable (a file system that cannot sync a folder is left to do its best)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def swap_in(new_public: Path, public_db: Path, new_private: Path, private_db: Path) -> None:
    """Two complete, synced databases renamed over their targets as a pair (the module's steps 2-4): a kill at any
    point leaves both old, both new, or a journal from which the next ingest makes them so."""
    journal = private_db.with_name(private_db.name + SWAP)
    pending = journal.with_name(f"{journal.name}.tmp{os.getpid()}")
    record = {
        "pid": os.getpid(),
        "public": str(public_db.absolute()),
        "public_built": _identity(new_public),
        "private": str(private_db.absolute()),
        "private_new": str(new_private.absolute()),
    }
    with open(pending, "w", encoding="utf-8") as f:
        json.dump(record, f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(pending, journal)
    _sync_dir(journal.parent)  # decided: from here on the pair ends both new, unless the public rename fails
    try:
        os.replace(new_public, public_db)
        _sync_dir(public_db.parent)
    finally:
        finish_swap(journal)


def finish_swap(journal: Path) -> None:
    """The switch a journal records, finished or undone, whichever keeps the pair together; then the journal goes.
    When the public target is the file the switch built (its identity), the new private database follows it in;
    when it is not, the public rename never happened, and the new private file goes. Safe to run again after a
    kill inside it: each step leaves what the next run needs."""
    try:
        record = json.loads(journal.read_text(encoding="utf-8"))
        public, built = Path(record["public"]), record["public_built"]
        private, new_private = Path(record["private"]), Path(record["private_new"])
    except (OSError, ValueError, KeyError, TypeError):
        journal.unlink(missing_ok=True)  # written whole or not at all (renamed into place): not one of ours
        return
    if built is not None and _identity(public) == built:
        if new_private.exists():
            os.replace(new_private, private)
            _sync_dir(private.parent)
    else:
        new_private.unlink(missing_ok=True)
    journal.unlink(missing_ok=True)


def _lock(target: Path) -> tuple[Path, int]:
    """An exclusive lock on '<target>.lock', or IngestRunning naming the process that holds it. The lock file is
    removed when released; a process that opened it just before must then find the file it locked still in place,
    or try again with the new one."""
    lock = target.with_name(target.name + LOCK)
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as e:
            raise OutputError(f"{target.parent}: cannot write the databases there ({e.strerror})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip()
            os.close(fd)
            by = f" (process {holder})" if holder.isdigit() else ""
            raise IngestRunning(
                f"{target}: another ingest{by} is writing it now; run this one when it has finished"
            ) from None
        try:
            same = os.fstat(fd).st_ino == os.stat(lock).st_ino
        except FileNotFoundError:
            same = False
        if same:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            return lock, fd
        os.close(fd)


@contextlib.contextmanager
def targets_locked(public_db: Path, private_db: Path) -> Iterator[None]:
    """Both targets locked for the block (in one order, whatever the arguments' order), released and their lock
    files removed after it. Raises IngestRunning when another ingest holds either."""
    held: list[tuple[Path, int]] = []
    try:
        for target in sorted({public_db.absolute(), private_db.absolute()}, key=str):
            held.append(_lock(target))
        yield
    finally:
        for lock, fd in reversed(held):
            lock.unlink(missing_ok=True)
            os.close(fd)


def _settle(public_db: Path, private_db: Path) -> None:
    """Under the targets' lock: an interrupted switch of this pair finished or undone, every scratch file of a dead
    ingest beside either target removed."""
    journal = private_db.with_name(private_db.name + SWAP)
    if journal.exists():
        finish_swap(journal)
    folders: dict[Path, set[str]] = {}
    for target in (public_db, private_db):  # a name is ours only in its own folder
        folders.setdefault(target.parent.resolve(), set()).add(target.name)
    for folder, own in folders.items():
        remove_leftovers(folder, own)


def recover(public_db: Path | str, private_db: Path | str) -> None:
    """What a killed ingest left beside these targets, put right, without building anything: the pair is then both
    old or both new, and no scratch file holds private rows. Every ingest does this first; this is it alone (the
    check an operator may run). Raises IngestRunning while an ingest is writing them."""
    public_db, private_db = Path(public_db), Path(private_db)
    with targets_locked(public_db, private_db):
        _settle(public_db, private_db)


# What SQLite says when the output cannot be written: full, an I/O error (a file size limit, a failing disk),
# read-only, or not openable. Told apart by the error's code, not its words.
_OUTPUT_FAILURES = {sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN}


def output_failure(e: BaseException) -> str | None:
    """What went wrong writing the databases, in a few words, or None for any other error. An OSError is told by its
    errno, a sqlite3.Error by its primary result code: SQLITE_IOERR_WRITE (778) -> 'SQLITE_IOERR_WRITE: disk I/O
    error: is the disk full?'."""
    if isinstance(e, OSError) and e.errno in NO_SPACE:
        return e.strerror or str(e)
    code = getattr(e, "sqlite_errorcode", None)
    if isinstance(e, sqlite3.Error) and code is not None and code & 0xFF in _OUTPUT_FAILURES:
        hint = ": is the disk full?" if code & 0xFF in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL) else ""
        return f"{e.sqlite_errorname}: {e}{hint}"
    return None


def default_workers(files: list[tuple[str, Path]]) -> int:
    """One process per core for big ingests; none extra for small ones."""
    size = sum(p.stat().st_size for _, p in files)
    return min(os.cpu_count() or 1, len(files), 8) if size >= PARALLEL_FROM_BYTES else 1


def _plain_rules(rules_dir: Path) -> None:
    """Refuses a rule file that is a pipe or a device (reading one may never end)."""
    for p in sorted(rules_dir.glob("*.csv")) if rules_dir.is_dir() else []:
        if p.exists() and not p.is_dir() and not regular(p):
            raise RulesError(f"{p}: not a regular file (a pipe, a device?)")


def ingest(
    data_dir: Path | str,
    public_db: Path | str,
    private_db: Path | str,
    progress: Progress | None = None,
    workers: int | None = None,
) -> Summary:
    """DATA_DIR -> public and private databases, atomically, as a pair (see the module's docstring). Paths may be
    given as str. Raises a PinfoldError for a file it cannot read, or when another ingest is writing the targets."""
    data_dir, public_db, private_db = Path(data_dir), Path(public_db), Path(private_db)
    if public_db.resolve() == private_db.resolve():  # names would be published with the rest
        raise OutputError(f"{public_db}: the public and the private database must be two files, not one")
    for target in (public_db, private_db):
        if target.is_dir():
            raise OutputError(f"{target}: is a folder; name the database file to write (e.g. {target}/pinfold.db)")
    try:
        for t in (public_db, private_db):
            t.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(f"{private_db.parent}: cannot write the databases there ({e})") from None
    with targets_locked(public_db, private_db):
        _settle(public_db, private_db)
        return _build(data_dir, public_db, private_db, progress, workers)


def _build(
    data_dir: Path, public_db: Path, private_db: Path, progress: Progress | None, workers: int | None
) -> Summary:
    """The ingest itself, under the targets' lock."""
    pounds = read_pounds(data_dir)
    _plain_rules(data_dir / "rules")
    packs = [pack(a) for a in sorted({p.act for p in pounds.values()} | set(all_packs()))]
    book = load_rulebook(data_dir / "rules", packs)
    files = register_files(data_dir, pounds)
    stamps = [file_stamp(path) for _, path in files]
    version = data_version(files, data_dir)
    try:
        work = Path(tempfile.mkdtemp(prefix=f".pinfold-{os.getpid()}-", dir=private_db.parent))
    except OSError as e:
        raise OutputError(f"{private_db.parent}: cannot write the databases there ({e})") from None
    tmp_pub = public_db.with_name(public_db.name + f".tmp{os.getpid()}")
    tmp_priv = private_db.with_name(private_db.name + f".tmp{os.getpid()}")
    pub = priv = None
    try:
        try:
            for t in (tmp_pub, tmp_priv):
                t.unlink(missing_ok=True)
            pub, priv = _connect(tmp_pub), _connect(tmp_priv)
            pub.executescript(PUBLIC + views())
            priv.executescript(PRIVATE)
        except (OSError, sqlite3.Error) as e:
            raise OutputError(
                f"{tmp_pub.parent}: cannot write the databases there ({output_failure(e) or e})"
            ) from None
        pub.execute("ATTACH DATABASE ? AS scratch", (str(work / "staging.db"),))
        pub.execute(f"PRAGMA scratch.page_size={SCRATCH_PAGE_SIZE}")
        pub.execute("PRAGMA scratch.journal_mode=OFF")
        pub.executescript(STAGING.replace("CREATE TABLE ", "CREATE TABLE scratch."))
        pub.execute("BEGIN")
        priv.execute("BEGIN")
        for p in pounds.values():
            pub.execute(
                "INSERT INTO pounds VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    p.id,
                    p.name,
                    p.act,
                    pack(p.act).title,
                    p.local_authority,
                    p.district,
                    p.village,
                    p.latitude,
                    p.longitude,
                ),
            )
        _publish_rules(pub, book)
        priv.executemany(
            "INSERT INTO roster VALUES (?,?,?,?)",
            [(r.get("name"), r.get("role"), r.get("pound_id"), r.get("local_authority")) for r in book.roster],
        )
        jobs = [
            ShardJob(
                i,
                pounds[pid],
                path,
                path.relative_to(data_dir).as_posix(),
                work / f"shard-{i:05d}.db",
                book,
                version,
                stamps[i],
            )
            for i, (pid, path) in enumerate(files)
        ]
        summary = Summary(files=len(files))
        summary.records, summary.empty = _run_shards(jobs, workers or default_workers(files), progress)
        shards = [j.shard for j in jobs]
        # The private database is another file: a second thread has SQLite fill it (outside the GIL) while this
        # one builds the public database, so the private side costs no time of its own. Leaving the block waits
        # for that thread, whatever happened, before anything is closed or removed.
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="pinfold-private") as private_side:
            merged = private_side.submit(_merge_private, priv, shards)
            _merge_public(pub, shards)
            dups, renamed = _finish(pub, book, summary)
            merged.result()
            marked = private_side.submit(_mark_duplicates, priv, dups, renamed)
            for shard in shards:
                shard.unlink()
            s = summary
            pub.execute(
                "INSERT INTO ingest_summary VALUES (?,?,?,?,?,?)",
                (s.files, s.records, s.stored, s.duplicates, s.rejects, version),
            )
            counts = (s.files, s.records, s.stored, s.duplicates, s.rejects)
            downloads = package.generation(version)
            found = history.record(pub, public_db, data_dir, counts, version, downloads)
            pub.execute("COMMIT")
            pub.execute("DETACH DATABASE scratch")
            pub.close()
            _full_text(tmp_pub)
            marked.result()
        priv.execute("COMMIT")
        priv.close()
        for t in (tmp_pub, tmp_priv):
            with open(t, "rb") as f:
                os.fsync(f.fileno())
        package.build(tmp_pub, public_db, downloads)  # whole before the switch: the new database names it
        swap_in(tmp_pub, public_db, tmp_priv, private_db)
        package.prune(public_db, keep={downloads, found.previous_downloads})
        return summary
    except BaseException as e:
        # Anything at all (a bad file, Ctrl-C, a dead worker): the half-built files go, the previous databases stay.
        for con in (pub, priv):
            if con is not None:
                with contextlib.suppress(sqlite3.Error):
                    con.close()
        for t in (tmp_pub, tmp_priv):
            t.unlink(missing_ok=True)
        failure = output_failure(e)
        if failure is not None:
            raise OutputError(f"{public_db.parent}: cannot write the databases ({failure})") from None
        raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
