"""Rows: a register entry and what the law makes of it -> the rows of the scratch tables (staged impoundment, sale,
private register, conflict). The rule packs' answers are cached per distinct question (LawCache).
"""

from __future__ import annotations

import bisect
import datetime as dt
import json
import sqlite3
from fractions import Fraction
from functools import lru_cache
from typing import Any

from pinfold.errors import RecordRejected
from pinfold.law.clock import Deadlines, add_months, days_in_pound, deadlines
from pinfold.law.conflicts import roster_match
from pinfold.law.dues import feeding_charges
from pinfold.law.money import DECIMALISATION, Money
from pinfold.law.packs import RulePack, pack
from pinfold.law.rules import RateRow, RuleBook, days_charged, ratio_text
from pinfold.law.status import brought_late, sale_questioned, seizure_adjudged_illegal

from .privacy import public_reason, roster_of
from .readers import cell_text
from .records import Entry, status_of, tags_and_colour, to_entries
from .sources import Pound

BATCH = 5000


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
