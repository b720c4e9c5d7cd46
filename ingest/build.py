"""Build the public and private databases from a DATA_DIR.

Every input record ends in exactly one place: an impoundment, a merged duplicate of one, or a reject
with file, row and reason. Both databases are built beside their targets and renamed into place only
when complete, so a crash or a kill mid-ingest leaves the previous databases untouched.
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import hashlib
import json
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import OutputError, PoundsFileError, RecordRejected, RegisterUnreadable
from .law.clock import add_months, days_in_pound, deadlines
from .law.conflicts import roster_match
from .law.dues import feeding_charges
from .law.money import Money
from .law.packs import RulePack, UnknownAct, all_packs, pack
from .law.rules import RuleBook, load_rulebook
from .readers import MAPPING_SUFFIX, REGISTER_SUFFIXES, RawRecord, cell_text, read_register
from .records import Entry, status_of, tags_and_colour, to_entry
from .schema import PRIVATE, PUBLIC, VIEWS

POUND_COLUMNS = ["id", "name", "act", "local_authority", "district", "village", "latitude", "longitude"]
BATCH = 5000


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

    def line(self) -> str:
        return (
            f"files {self.files}, records {self.records}: stored {self.stored}, "
            f"duplicates {self.duplicates}, rejects {self.rejects}"
        )


def read_pounds(data_dir: Path) -> dict[str, Pound]:
    """DATA_DIR/pounds.csv -> {pound id: Pound}. Raises PoundsFileError naming the file and row."""
    path = data_dir / "pounds.csv"
    if not path.is_file():
        raise PoundsFileError(f"{path}: missing (every DATA_DIR needs pounds.csv: {','.join(POUND_COLUMNS)})")
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            rows = list(csv.DictReader(f))
            header = [h.strip() for h in (rows[0].keys() if rows else [])]
    except (OSError, UnicodeError, csv.Error) as e:
        raise PoundsFileError(f"{path}: cannot be read ({e})") from None
    missing = [c for c in ("id", "name", "act") if c not in header]
    if not rows or missing:
        raise PoundsFileError(
            f"{path}: needs a header row with {','.join(POUND_COLUMNS)} (missing {missing or 'rows'})"
        )
    pounds: dict[str, Pound] = {}
    for i, r in enumerate(rows, 2):
        r = {(k or "").strip(): (v or "").strip() for k, v in r.items() if isinstance(v, str | type(None))}
        if not r.get("id") or not r.get("act"):
            raise PoundsFileError(f"{path} row {i}: a pound needs an id and an act")
        try:
            pack(r["act"])
        except UnknownAct:
            known = ", ".join(sorted(all_packs()))
            raise PoundsFileError(f"{path} row {i}: act '{r['act']}' has no rule pack (known: {known})") from None
        try:
            lat = float(r["latitude"]) if r.get("latitude") else None
            lon = float(r["longitude"]) if r.get("longitude") else None
        except ValueError:
            raise PoundsFileError(f"{path} row {i}: latitude/longitude must be numbers") from None
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


def register_files(data_dir: Path, pounds: dict[str, Pound]) -> list[tuple[str, Path]]:
    """[(pound id, path)] for every register under DATA_DIR/registers/<pound id>/, in a stable order."""
    root = data_dir / "registers"
    if not root.is_dir():
        return []
    found = []
    for folder in sorted(p for p in root.iterdir() if not p.name.startswith(".")):
        if not folder.is_dir():
            raise RegisterUnreadable(f"{folder}: registers must sit in a folder named after their pound")
        if folder.name not in pounds:
            raise RegisterUnreadable(f"{folder}: no pound with id '{folder.name}' in pounds.csv")
        for path in sorted(folder.rglob("*")):
            if path.is_dir() or path.name.startswith(".") or path.name.endswith(MAPPING_SUFFIX):
                continue
            if path.suffix.lower() not in REGISTER_SUFFIXES:
                raise RegisterUnreadable(
                    f"{path}: not a register format Pinfold reads ({' '.join(sorted(REGISTER_SUFFIXES))})"
                )
            found.append((folder.name, path))
    return found


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


def _iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


class Builder:
    """Writes one ingest into two fresh databases. Law lookups are cached per distinct input."""

    def __init__(self, pub: sqlite3.Connection, priv: sqlite3.Connection, pounds: dict[str, Pound], book: RuleBook):
        self.pub, self.priv, self.pounds, self.book = pub, priv, pounds, book
        self.imp_rows: list[tuple[Any, ...]] = []
        self.private_rows: list[tuple[Any, ...]] = []
        self.reject_rows: list[tuple[Any, ...]] = []
        self.notice_rows: list[tuple[Any, ...]] = []
        self.lot_rows: list[tuple[Any, ...]] = []
        self.sale_rows: list[tuple[Any, ...]] = []
        self.conflict_rows: list[tuple[Any, ...]] = []
        self.summary = Summary()
        self.seq = 0
        self._deadlines = lru_cache(maxsize=65536)(self._deadlines_uncached)
        self._fine = lru_cache(maxsize=65536)(self._fine_uncached)
        self._feeding = lru_cache(maxsize=65536)(self._feeding_uncached)
        self._auction_for = lru_cache(maxsize=65536)(self._auction_for_uncached)

    # --- cached law -------------------------------------------------------------------------------

    def _deadlines_uncached(self, act: str, d: dt.date, seized: dt.date | None, notice: dt.date | None, pending: bool):
        return deadlines(pack(act), d, seized, notice, pending)

    def _fine_uncached(self, act: str, area: str, species: str, on: dt.date) -> tuple[Money | None, int | None, int]:
        row = self.book.fine_scale(act, area, species, on)
        mult = self.book.habitual_multiplier(pack(act), area, species, on)
        return (row.amount if row else None, row.id if row else None, mult)

    def _feeding_uncached(self, act: str, area: str, species: str, head: int, start: dt.date, days: int):
        return feeding_charges(self.book, act, area, species, head, start, days)

    def _auction_for_uncached(self, pound_id: str, earliest: dt.date) -> tuple[dt.date, str, str, str, str, str]:
        """The first auction the Director scheduled at this pound on or after the earliest lawful day, else a
        proposed one on that day (K s.13(3))."""
        best = None
        for a in self.book.auctions:
            if a.pound_id == pound_id and a.date >= earliest and (best is None or a.date < best.date):
                best = a
        if best:
            return (
                best.date,
                best.time.strftime("%H:%M"),
                best.place,
                "scheduled",
                best.conditions,
                best.reference,
            )
        return earliest, "10:00", "", "proposed", "", ""

    # --- one record -------------------------------------------------------------------------------

    def add(self, pound: Pound, rel: str, rec: RawRecord) -> None:
        self.summary.records += 1
        raw = json.dumps({k: cell_text(v) for k, v in rec.raw.items()}, ensure_ascii=False)
        try:
            e = to_entry(pound.id, rec.cells)
        except RecordRejected as err:
            self.summary.rejects += 1
            self.reject_rows.append((pound.id, rel, rec.row, rec.sheet, str(err)))
            self.private_rows.append(
                ("", rel, rec.row, rec.sheet, "reject", None, None, None, None, None, str(err), raw)
            )
            return
        p = e.people
        self.private_rows.append(
            (
                e.id,
                rel,
                rec.row,
                rec.sheet,
                "entry",
                p["seizer_name"],
                p["seizer_residence"],
                p["owner_name"],
                p["owner_residence"],
                p["buyer_name"],
                None,
                raw,
            )
        )
        self.seq += 1  # register order: the first of a set of duplicates is the one that stands
        self.imp_rows.append((*self._impoundment_row(pound, rel, rec, e), self.seq))

    def _impoundment_row(self, pound: Pound, rel: str, rec: RawRecord, e: Entry) -> tuple[Any, ...]:
        act, area = pound.act, pound.local_authority
        pk = pack(act)
        dates = e.dates
        pending = "complaint_filed_on" in dates and "complaint_decided_on" not in dates
        dl = self._deadlines(act, e.brought_on, dates.get("seized_on"), dates.get("notice_posted_on"), pending)
        status = status_of(dates)
        left_on = min(
            (
                dates[k]
                for k in ("claimed_on", "deposit_on", "released_by_order_on", "sold_on", "disposed_on")
                if k in dates
            ),
            default=None,
        )
        per_head, scale_id, mult = self._fine(act, area, e.species, e.brought_on)
        fine_due = per_head * (e.head_count * mult) if per_head is not None else None
        unit_day = e.brought_on
        fine_due_minor = fine_due.minor_units(unit_day) if fine_due is not None else (None, None)
        levied_minor = e.fine_levied.minor_units(unit_day) if e.fine_levied is not None else (None, None)
        above = None
        if e.fine_levied is not None and fine_due is not None:
            above = int(e.fine_levied.rupees > fine_due.rupees)
        days = feeding = feed_rate = feed_id = None
        if left_on:
            days = days_in_pound(e.brought_on, left_on)
            feed_total, feed_row = self._feeding(act, area, e.species, e.head_count, e.brought_on, days)
            feeding = feed_total
            if feed_row:
                feed_rate, feed_id = feed_row.amount, feed_row.id
        else:
            row = self.book.feeding_rate(act, area, e.species, e.brought_on)
            if row:
                feed_rate, feed_id = row.amount, row.id
        tags, colour = tags_and_colour(e.description)
        # s.13 notice: due for every animal not taken out of the pound before the notice day.
        auction_on = dl.auction_earliest_on
        if not (left_on and left_on < dl.notice_due_on):
            posted = dates.get("notice_posted_on")
            self.notice_rows.append(
                self._notice_row(pk, pound, e, posted or dl.notice_due_on, "posted" if posted else "due", auction_on)
            )
        # Lots: an animal still unclaimed on its earliest auction day goes to the next auction.
        if "sold_on" in dates:
            self.lot_rows.append(
                (
                    pound.id,
                    dates["sold_on"].isoformat(),
                    "",
                    "",
                    "held",
                    "",
                    "",
                    e.id,
                    e.species,
                    e.head_count,
                    e.description,
                )
            )
            self._sale(pk, pound, e, days or 0, fine_due, feeding)
        elif auction_on and not (left_on and left_on <= auction_on):
            a_date, a_time, place, a_status, cond, ref = self._auction_for(pound.id, auction_on)
            self.lot_rows.append(
                (
                    pound.id,
                    a_date.isoformat(),
                    a_time,
                    place,
                    a_status,
                    cond,
                    ref,
                    e.id,
                    e.species,
                    e.head_count,
                    e.description,
                )
            )
        money_unit = "pie" if e.brought_on < dt.date(1957, 4, 1) else "paisa"
        return (
            e.id,
            pound.id,
            e.entry_no,
            e.brought_at,
            e.brought_on.isoformat(),
            e.brought_on.isoformat()[:7],
            _iso(dates.get("seized_on")),
            e.species,
            e.species_as_written,
            e.head_count,
            e.description,
            colour,
            tags,
            e.place_seized,
            int(e.owner_known),
            status,
            _iso(dates.get("claimed_on")),
            _iso(dates.get("deposit_on")),
            _iso(dates.get("released_by_order_on")),
            _iso(dates.get("notice_posted_on")),
            _iso(dates.get("sold_on")),
            _iso(dates.get("disposed_on")),
            _iso(dates.get("complaint_filed_on")),
            _iso(dates.get("complaint_decided_on")),
            e.complaint_outcome,
            dl.notice_due_on.isoformat(),
            _iso(dl.auction_earliest_on),
            dl.complaint_deadline_on.isoformat(),
            _iso(left_on),
            days,
            per_head.decimal_str() if per_head is not None else None,
            mult,
            fine_due.decimal_str() if fine_due is not None else None,
            fine_due_minor[0],
            scale_id,
            e.fine_levied.decimal_str() if e.fine_levied is not None else None,
            levied_minor[0],
            above,
            feed_rate.decimal_str() if feed_rate is not None else None,
            feed_id,
            feeding.decimal_str() if feeding is not None else None,
            feeding.minor_units(unit_day)[0] if feeding is not None else None,
            money_unit,
            act,
            pound.district,
            pound.local_authority,
            rel,
            rec.row,
            rec.sheet,
        )

    def _notice_row(
        self, pk: RulePack, pound: Pound, e: Entry, posted: dt.date, status: str, auction_on: dt.date | None
    ):
        desc = f"{e.head_count} {e.species}" + (f" ({e.description})" if e.description else "")
        text = (
            f"NOTICE under {pk.sections.get('notice', '')} of {pk.title}. The following cattle impounded at "
            f"{pound.name} on {e.brought_on:%d/%m/%Y} have not been claimed: {desc}, seized at "
            f"{e.place_seized or 'a place not recorded'}. Unless claimed, they will be sold by public auction "
            f"on or after {auction_on:%d/%m/%Y} ({pk.sections.get('auction', '')})."
            if auction_on
            else f"NOTICE under {pk.sections.get('notice', '')}: {desc} impounded at {pound.name} on "
            f"{e.brought_on:%d/%m/%Y}, seized at {e.place_seized or 'a place not recorded'}; no sale while the "
            f"complaint is pending ({pk.sections.get('complaint_pending', '')})."
        )
        return (
            f"notice-{e.id}",
            e.id,
            pound.id,
            posted.isoformat(),
            status,
            e.head_count,
            e.species,
            e.description,
            e.place_seized,
            pound.name,
            _iso(auction_on),
            text,
            pk.sections.get("notice"),
        )

    def _sale(self, pk: RulePack, pound: Pound, e: Entry, days: int, fine: Money | None, feeding: Money | None) -> None:
        """The account of K s.15(2)-(3) / 1857 s.IX, s.XI: proceeds less fines, feeding and expenses."""
        sold = e.dates["sold_on"]
        proceeds = e.sale_proceeds
        expenses = e.sale_expenses or Money()
        balance = None
        if proceeds is not None:
            balance = proceeds - (fine or Money()) - (feeding or Money()) - expenses
        held_until = add_months(sold, pk.clock.surplus_held_months) if balance and balance.rupees > 0 else None
        flag, role = 0, None
        buyer = e.people.get("buyer_name")
        if buyer:
            match = roster_match(buyer, self.book.roster, pound.id, pound.local_authority)
            if match:
                flag, role = 1, match.get("role") or "barred from buying"
                self.conflict_rows.append((e.id, buyer, match.get("name"), role))

        def s(m: Money | None) -> str | None:
            return m.decimal_str() if m is not None else None

        self.sale_rows.append(
            (
                e.id,
                pound.id,
                sold.isoformat(),
                e.head_count,
                e.head_count,
                days,
                s(proceeds),
                s(fine),
                s(feeding),
                s(expenses),
                s(balance),
                proceeds.minor_units(sold)[0] if proceeds is not None else None,
                balance.minor_units(sold)[0] if balance is not None else None,
                "pie" if sold < dt.date(1957, 4, 1) else "paisa",
                _iso(held_until),
                0,
                flag,
                role,
                ", ".join(pk.cite("sale_account", "surplus", "conflict")),
            )
        )

    # --- writing ----------------------------------------------------------------------------------

    def flush(self, final: bool = False) -> None:
        if len(self.imp_rows) < BATCH and len(self.private_rows) < BATCH and not final:
            return
        if self.imp_rows:
            q = ",".join("?" * len(self.imp_rows[0]))
            self.pub.executemany(f"INSERT INTO _staged VALUES ({q})", self.imp_rows)
        self.pub.executemany(
            "INSERT INTO rejects (pound_id, source_file, source_row, source_sheet, reason) VALUES (?,?,?,?,?)",
            self.reject_rows,
        )
        self.pub.executemany("INSERT OR IGNORE INTO notices VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", self.notice_rows)
        self.pub.executemany("INSERT INTO _lots VALUES (?,?,?,?,?,?,?,?,?,?,?)", self.lot_rows)
        self.pub.executemany("INSERT OR IGNORE INTO sales VALUES (" + ",".join("?" * 19) + ")", self.sale_rows)
        self.priv.executemany("INSERT INTO register_entries VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", self.private_rows)
        self.priv.executemany("INSERT INTO conflicts VALUES (?,?,?,?)", self.conflict_rows)
        for rows in (
            self.imp_rows,
            self.reject_rows,
            self.notice_rows,
            self.lot_rows,
            self.sale_rows,
            self.private_rows,
            self.conflict_rows,
        ):
            rows.clear()


def _connect(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode=OFF")
    con.execute("PRAGMA synchronous=OFF")
    con.execute("PRAGMA temp_store=MEMORY")
    return con


def _publish_rules(pub: sqlite3.Connection, book: RuleBook) -> None:
    for r in book.fine_scales:
        pub.execute(
            "INSERT INTO fine_scales VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (
                r.id,
                r.act,
                r.area,
                r.species,
                r.amount.decimal_str(),
                r.amount.display(r.effective_from),
                _iso(r.effective_from),
                _iso(r.effective_to),
                r.reference,
                r.status,
                r.note,
            ),
        )
    for r in book.feeding_rates:
        pub.execute(
            "INSERT INTO feeding_rates VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (
                r.id,
                r.act,
                r.area,
                r.species,
                r.amount.decimal_str(),
                r.amount.display(r.effective_from),
                _iso(r.effective_from),
                _iso(r.effective_to),
                r.reference,
                r.status,
                r.note,
            ),
        )
    for r in book.habitual:
        pub.execute(
            "INSERT INTO habitual_areas VALUES (?,?,?,?,?,?,?,?,?)",
            (
                r.id,
                r.act,
                r.area,
                r.species,
                int(r.amount.rupees),
                _iso(r.effective_from),
                _iso(r.effective_to),
                r.reference,
                r.status,
            ),
        )


def _finish(pub: sqlite3.Connection, priv: sqlite3.Connection, summary: Summary) -> None:
    """Merge duplicates (the first entry stands, the others are counted), build auctions, index for search."""
    pub.execute(
        """INSERT INTO impoundments SELECT id, pound_id, entry_no, brought_at, brought_on, brought_month, seized_on, species,
           species_as_written, head_count, description, colour, ear_tags, place_seized, owner_known, status, claimed_on,
           deposit_on, released_by_order_on, notice_posted_on, sold_on, disposed_on, complaint_filed_on,
           complaint_decided_on, complaint_outcome, notice_due_on, auction_earliest_on, complaint_deadline_on, left_on,
           days_in_pound, fine_per_head_rupees, habitual_multiplier, fine_due_rupees, fine_due_minor, fine_scale_id,
           fine_levied_rupees, fine_levied_minor, fine_above_scale, feeding_rate_rupees, feeding_rate_id, feeding_rupees,
           feeding_minor, money_unit, act, district, local_authority, n - 1, source_file, source_row, source_sheet
           FROM (SELECT *, min(seq) AS first_seq, count(*) AS n FROM _staged GROUP BY id) ORDER BY first_seq"""
    )
    pub.execute(
        """INSERT INTO merged_duplicates SELECT s.source_file, s.source_row, s.source_sheet, s.id FROM _staged s
           JOIN (SELECT id, min(seq) AS first FROM _staged GROUP BY id HAVING count(*) > 1) f
             ON f.id = s.id AND s.seq != f.first ORDER BY s.seq"""
    )
    summary.duplicates = pub.execute("SELECT count(*) FROM merged_duplicates").fetchone()[0]
    summary.stored = pub.execute("SELECT count(*) FROM impoundments").fetchone()[0]
    for src, imp in pub.execute(
        "SELECT source_file || char(31) || source_row || char(31) || coalesce(source_sheet, ''), impoundment_id FROM merged_duplicates"
    ):
        f, r, sh = src.split("\x1f")
        priv.execute(
            "UPDATE register_entries SET kind = 'duplicate' WHERE impoundment_id = ? AND source_file = ? AND source_row = ? AND coalesce(source_sheet, '') = ?",
            (imp, f, int(r), sh),
        )
    # Auctions: one per pound, day and status; lots numbered in the order the animals came in.
    pub.execute(
        """INSERT INTO auctions
           SELECT pound_id || '-' || auction_date || '-' || status, pound_id, auction_date, nullif(max(auction_time), ''),
                  auction_date || 'T' || coalesce(nullif(max(auction_time), ''), '10:00'),
                  nullif(max(place), ''), nullif(max(conditions), ''), status, count(DISTINCT impoundment_id),
                  sum(head_count), NULL, nullif(max(reference), ''), NULL
           FROM (SELECT DISTINCT * FROM _lots) GROUP BY pound_id, auction_date, status"""
    )
    pub.execute(
        """INSERT INTO auction_lots
           SELECT pound_id || '-' || auction_date || '-' || status,
                  row_number() OVER (PARTITION BY pound_id, auction_date, status ORDER BY impoundment_id),
                  impoundment_id, species, head_count, description
           FROM (SELECT DISTINCT * FROM _lots)"""
    )
    pub.execute(
        """UPDATE auctions SET
             lot_summary = (SELECT group_concat('Lot ' || l.lot_no || ': ' || l.head_count || ' ' || l.species
                              || CASE WHEN l.description != '' THEN ' (' || l.description || ')' ELSE '' END, '; ')
                            FROM auction_lots l WHERE l.auction_id = auctions.id),
             section = (SELECT CASE p.act WHEN 'act-iii-1857' THEN '1857 s.VIII' WHEN 'cattle-trespass-1871' THEN '1871 s.14'
                               ELSE 'K s.13(3)' END FROM pounds p WHERE p.id = auctions.pound_id),
             place = coalesce(place, (SELECT p.name FROM pounds p WHERE p.id = auctions.pound_id))"""
    )
    pub.execute("DROP TABLE _staged")
    pub.execute("DROP TABLE _lots")


def _full_text(path: Path) -> None:
    import sqlite_utils

    db = sqlite_utils.Database(path)
    db.table("impoundments").enable_fts(
        ["description", "species", "species_as_written", "colour", "place_seized", "ear_tags"],
        tokenize="porter",
        create_triggers=False,
    )
    db.conn.execute("ANALYZE")
    db.conn.commit()
    db.conn.execute("VACUUM")
    db.conn.close()


Progress = Callable[[int], None]


def ingest(
    data_dir: Path,
    public_db: Path,
    private_db: Path,
    on_file: Callable[[Path, int], None] | None = None,
    on_record: Progress | None = None,
) -> Summary:
    """DATA_DIR -> public and private databases, atomically. Raises a PinfoldError for a file it cannot read."""
    data_dir = Path(data_dir)
    pounds = read_pounds(data_dir)
    packs = [pack(a) for a in sorted({p.act for p in pounds.values()} | set(all_packs()))]
    book = load_rulebook(data_dir / "rules", packs)
    files = register_files(data_dir, pounds)
    version = data_version(files, data_dir)
    tmp_pub = public_db.with_name(public_db.name + f".tmp{os.getpid()}")
    tmp_priv = private_db.with_name(private_db.name + f".tmp{os.getpid()}")
    try:
        for t in (tmp_pub, tmp_priv):
            t.parent.mkdir(parents=True, exist_ok=True)
            t.unlink(missing_ok=True)
        pub, priv = _connect(tmp_pub), _connect(tmp_priv)
    except (OSError, sqlite3.Error) as e:
        raise OutputError(f"{tmp_pub.parent}: cannot write the databases there ({e})") from None
    try:
        pub.executescript(PUBLIC + VIEWS)
        pub.execute("BEGIN")
        pub.execute("CREATE TABLE _staged AS SELECT * FROM impoundments WHERE 0")
        pub.execute("ALTER TABLE _staged DROP COLUMN duplicates_merged")
        pub.execute("ALTER TABLE _staged ADD COLUMN seq INTEGER")
        pub.execute(
            "CREATE TABLE _lots (pound_id, auction_date, auction_time, place, status, conditions, reference, "
            "impoundment_id, species, head_count, description)"
        )
        priv.executescript(PRIVATE)
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
        b = Builder(pub, priv, pounds, book)
        b.summary.files = len(files)
        for pound_id, path in files:
            rel = path.relative_to(data_dir).as_posix()
            pound = pounds[pound_id]
            if on_file:
                on_file(path, b.summary.records)
            for rec in read_register(path):
                b.add(pound, rel, rec)
                if on_record and b.summary.records % 1000 == 0:
                    on_record(b.summary.records)
                b.flush()
        b.flush(final=True)
        _finish(pub, priv, b.summary)
        s = b.summary
        pub.execute(
            "INSERT INTO ingest_summary VALUES (?,?,?,?,?,?)",
            (s.files, s.records, s.stored, s.duplicates, s.rejects, version),
        )
        pub.execute("COMMIT")
        priv.execute("COMMIT")
        pub.close()
        priv.close()
        _full_text(tmp_pub)
        for t in (tmp_pub, tmp_priv):
            with open(t, "rb") as f:
                os.fsync(f.fileno())
        os.replace(tmp_priv, private_db)
        os.replace(tmp_pub, public_db)
        return b.summary
    except BaseException:
        # Anything at all (a bad file, Ctrl-C): the half-built files go, the previous databases stay.
        for con in (pub, priv):
            with contextlib.suppress(sqlite3.Error):
                con.close()
        for t in (tmp_pub, tmp_priv):
            t.unlink(missing_ok=True)
        raise
