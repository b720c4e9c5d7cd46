"""Rows: a block's entries (ingest/entries.py) and what the law makes of them -> the rows of the shard's scratch tables
(staged impoundments, rejects, sales, the private register, conflicts), each table's columns in the order its one
declaration gives them (ingest/schema.py STAGED ...). The law is asked once per distinct question: the day brought,
the kind and count, the outcome dates (LawCache, and a dict per block in front of it).

    ShardRows(con, book, pound, file_no=3, rel='registers/p1/2025.csv').add(block, entries)
    -> rows in the shard: _staged ('p1-6c3e...', 'p1', '17', '2025-04-03T17:15', ..., seq (3 << 32) + 1), ...
"""

from __future__ import annotations

import bisect
import datetime as dt
import sqlite3
import time
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import repeat
from operator import attrgetter
from typing import Any, NamedTuple

from pinfold.law.clock import Deadlines, add_months, days_in_pound, deadlines
from pinfold.law.conflicts import roster_covers, roster_match
from pinfold.law.dues import feeding_charges
from pinfold.law.money import Money, coin_of
from pinfold.law.packs import pack
from pinfold.law.proceeds import fine_collected
from pinfold.law.rules import RateRow, RuleBook, days_charged, ratio_text
from pinfold.law.status import LEFT_ON, brought_late, sale_questioned, status_of
from pinfold.schema import OUTCOME_DATES
from pinfold.tables import insert_columns, insert_rows

from .entries import Entries, lookup, reject_places
from .privacy import Persons, public_sheet, roster_of
from .readers import Block
from .records import tags_and_colour
from .schema import NOBODY, People
from .seizure_areas import SeizureAreas
from .sources import Pound


def _iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


def _money_cols(m: Money | None, coin: str) -> tuple[str | None, int | None]:
    """Money and its era's smallest coin (money.coin_of) -> (exact decimal string, whole coins) as published:
    (Rs 2 4 as., 'pie') -> ('2.25', 432)."""
    if m is None:
        return None, None
    return m.decimal_str(), m.in_coins(coin)


class DeadlineCols(NamedTuple):
    """An entry's deadlines and their published strings: K s.13, s.19, s.21(2); 1857 s.VIII, s.IX proviso, s.XIV."""

    deadlines: Deadlines
    notice_due_on: str
    auction_earliest_on: str | None  # None: no auction may be proposed (a complaint pending or adjudged illegal)
    complaint_deadline_on: str
    auction_by_notice_on: str | None


class FineCols(NamedTuple):
    """An entry's fine under the scale in force on the day brought (K s.11(1)-(2)); all None but the multiplier when
    no scale row is on file."""

    per_head_rupees: str | None
    multiplier: int | Fraction  # whole multipliers as int (cached by it), else the exact Fraction
    due: Money | None
    due_rupees: str | None
    due_minor: int | None
    scale_id: int | None


def _collected_cols(
    status: Sequence[str],
    levied: Sequence[Money | None],
    fine: Sequence[FineCols],
    proceeds: Sequence[Money | None],
    coins: Sequence[str],
) -> dict[str, list[Any]]:
    """The public columns of the fine collected (proceeds.fine_collected: the fine levied, else the scale's, and of a
    sale what its proceeds pay of it), in the entry's coin: ('sold', Rs 500, -, Rs 400, 'paisa') ->
    {'fine_collected_rupees': ['400.00'], 'fine_collected_minor': [40000]}."""
    got = [
        _money_cols(fine_collected(s, lv if lv is not None else f.due, p), coin)
        for s, lv, f, p, coin in zip(status, levied, fine, proceeds, coins, strict=True)
    ]
    return {"fine_collected_rupees": [g[0] for g in got], "fine_collected_minor": [g[1] for g in got]}


class FeedingCols(NamedTuple):
    """An entry's feeding: the rate in force on the day brought, and for a stay that has ended its charges and the
    days counted as the rate row counts them (K s.4; rules.DAYS_COUNTED). Charges None while the animal is there."""

    rate_rupees: str | None
    rate_id: int | None
    charges: Money | None
    rupees: str | None
    minor: int | None
    days: int | None


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
        self._products: dict[tuple[str, int, Fraction | int, str], tuple[Money, str, int]] = {}
        self.feeding_across_change = lru_cache(maxsize=4096)(self._feeding_across_change)
        self.tags_and_colour = lru_cache(maxsize=65536)(tags_and_colour)
        self.pack = lru_cache(maxsize=64)(pack)  # the packs of this ingest, whatever PINFOLD_PACKS_DIR says later
        self.roster = roster_of((r.get("name") or "" for r in book.roster), book.places)  # officials; places
        self.seizure_area = SeizureAreas(book.local_areas).area_of  # K s.11(2): the local area a place names
        self.area_assumed = lru_cache(maxsize=65536)(self._area_assumed)

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
    ) -> DeadlineCols:
        """The deadlines of one entry's dates under its Act, and their published strings."""
        dl = deadlines(self.pack(act), d, seized, notice, filed, decided, illegal)
        return DeadlineCols(dl, dl.notice_due_on.isoformat(), _iso(dl.auction_earliest_on),
                            dl.complaint_deadline_on.isoformat(), _iso(dl.auction_by_notice_on))  # fmt: skip

    def _fine_basis(
        self, act: str, area: str, seized_in: str, species: str, on: dt.date
    ) -> tuple[RateRow | None, int | Fraction]:
        """(the scale row in force on the day brought, the habitual-area multiplier): K s.11(1) by the pound's area,
        s.11(2) by the area the cattle were seized in ("seized within such local area"). A whole multiplier is an
        int: products are cached by it, and hashing a Fraction costs more than the product."""
        mult = self.book.habitual_multiplier(self.pack(act), seized_in, species, on)
        return self.book.fine_scale(act, area, species, on), int(mult) if mult.denominator == 1 else mult

    def _area_assumed(self, act: str, seized_in: str | None, species: str, on: dt.date) -> int:
        """1 when the place of seizure names no local area (None) and a habitual-trespass area is notified for the
        kind on the day (K s.11(2)): the multiplier then rests on the pound's own area (rules.SEIZURE_AREA_ASSUMED)."""
        return int(seized_in is None and self.book.habitual_notified(self.pack(act), species, on))

    def _feeding_basis(
        self, act: str, area: str, species: str, start: dt.date
    ) -> tuple[RateRow | None, dt.date | None]:
        """(the feeding rate in force on the day brought, the next day a rate may start or end, or None)."""
        changes = self.book.feeding_boundaries(act, area, species)
        i = bisect.bisect_right(changes, start)
        return self.book.feeding_rate(act, area, species, start), (changes[i] if i < len(changes) else None)

    def product(self, table: str, row: RateRow, n: Fraction | int, coin: str) -> tuple[Money, str, int]:
        """A rate times n (head, or head-days): (the Money, its exact decimal string, in the era's coins).
        ('fine', <row 3: Rs 2>, 3, 'paisa') -> (Rs 6, '6.00', 600). Keyed by the row's id: hashing a row hashes
        its Fraction, which cost more than the multiplication."""
        key = (table, row.id, n, coin)
        found = self._products.get(key)
        if found is None:
            if len(self._products) >= 65536:
                self._products.clear()
            total = row.amount * n
            found = self._products[key] = (total, total.decimal_str(), total.in_coins(coin))
        return found

    def fine_cols(self, act: str, area: str, seized_in: str, species: str, on: dt.date, head: int) -> FineCols:
        """The fine of one kind of entry on one day, seized in an area: ('kerala-1961', 'Ollur', 'Ollur', 'cow',
        3 Apr 2025, 2) -> FineCols('50.00', 1, Rs 100, '100.00', 10000, 7) with a scale of Rs 50 a head (row 7)."""
        row, mult = self.fine_basis(act, area, seized_in, species, on)
        if row is None:
            return FineCols(None, mult, None, None, None, None)
        due, due_s, due_minor = self.product("fine", row, head * mult, coin_of(on))
        return FineCols(row.amount.decimal_str(), mult, due, due_s, due_minor, row.id)

    def feeding_cols(
        self, act: str, area: str, species: str, head: int, start: dt.date, until: dt.date | None
    ) -> FeedingCols:
        """The feeding of a stay from `start`; charged only when it has ended (`until`), the days counted as the
        rate in force on the day brought counts them (rules.DAYS_COUNTED; K s.4)."""
        row, next_change = self.feeding_basis(act, area, species, start)
        if until is None:  # still there: the rate alone
            if row is None:
                return FeedingCols(None, None, None, None, None, None)
            return FeedingCols(row.amount.decimal_str(), row.id, None, None, None, None)
        days = days_charged(row.counts_days if row else "", start, until)
        if next_change is not None and next_change < start + dt.timedelta(days=days):
            return self.feeding_across_change(act, area, species, head, start, days)
        if row is None:
            return FeedingCols(None, None, None, None, None, days)
        total, total_s, total_minor = self.product("feeding", row, days * head, coin_of(start))
        return FeedingCols(row.amount.decimal_str(), row.id, total, total_s, total_minor, days)

    def _feeding_across_change(
        self, act: str, area: str, species: str, head: int, start: dt.date, days: int
    ) -> FeedingCols:
        """A stay over a day the rate changed: each run of days at the rate then in force (law.dues); unknown when a
        day of it has no rate on file."""
        total, row = feeding_charges(self.book, act, area, species, head, start, days)
        if row is None or total is None:
            return FeedingCols(None, None, None, None, None, days)
        return FeedingCols(row.amount.decimal_str(), row.id, total, *_money_cols(total, coin_of(start)), days)


_AT = {f: i for i, f in enumerate(OUTCOME_DATES)}
_LEFT_AT = tuple(_AT[f] for f in LEFT_ON)
_SOLD, _SEIZED, _NOTICE = _AT["sold_on"], _AT["seized_on"], _AT["notice_posted_on"]
_FILED, _DECIDED = _AT["complaint_filed_on"], _AT["complaint_decided_on"]


def _on_dates(dates: tuple[dt.date | None, ...]) -> tuple[str, dt.date | None, tuple[str | None, ...]]:
    """An entry's outcome dates (OUTCOME_DATES' order) -> (its status, the day it left the pound, the dates as
    published): (None, ..., 12 Apr 2025, ...) -> ('claimed', 12 Apr 2025, (None, ..., '2025-04-12', ...))."""
    status = status_of({f: d for f, d in zip(OUTCOME_DATES, dates, strict=True) if d is not None})
    left = min((d for i in _LEFT_AT if (d := dates[i]) is not None), default=None)
    return status, left, tuple(_iso(d) for d in dates)


class ShardRows:
    """Writes a register file's entries, a block at a time, as rows of its shard."""

    def __init__(self, con: sqlite3.Connection, book: RuleBook, pound: Pound, file_no: int, rel: str, token: str = ""):
        self.con, self.book, self.pound, self.file_no, self.rel = con, book, pound, file_no, rel
        self.law = LawCache.for_book(book, token)
        self.pack = self.law.pack(pound.act).in_district(pound.district)  # an Act that ended in some areas (K s.33)
        self.records = 0
        self.lawing = self.writing = 0.0  # CPU seconds: the law's columns, and writing the rows
        # the officials, hidden in every public text, and the pound's own places, public in every one
        self._roster = self.law.roster | roster_of((), (pound.village, pound.local_authority, pound.district))

    @property
    def roster(self) -> Persons:
        return self._roster

    def add(self, block: Block, entries: Entries) -> None:
        """A block's entries and rejects -> their rows in the shard, in register order."""
        start = time.process_time()
        first = (self.file_no << 32) + self.records + 1  # the block's first record's place in the registers
        self.records += len(block)
        pound, law, pk, sheet = self.pound, self.law, self.pack, public_sheet(self.con, block.sheet, self.pound)
        act, area = pound.act, pound.local_authority
        e, n = entries, len(entries)
        rows = [block.rownos[r] for r in e["rec"]]
        seq = [first + r for r in e["rec"]]
        days, species, head, dates = e["brought_on"], e["species"], e["head_count"], e["dates"]

        status, left, isos = zip(*lookup([dates], _on_dates, exact=False), strict=True) if n else ((), (), ())
        illegal = e["adjudged_illegal"]  # read from the outcome as written (entries.read, records.to_entry)
        seized = [d[_SEIZED] for d in dates]
        filed, decided = [d[_FILED] for d in dates], [d[_DECIDED] for d in dates]
        dl: list[DeadlineCols] = lookup(
            [days, seized, [d[_NOTICE] for d in dates], filed, decided, illegal],
            lambda d, s, nt, fi, de, il: law.deadlines(act, d, s, nt, fi, de, bool(il)),
            exact=False,
        )
        # K s.11(2): the area the place of seizure names, else the pound's (labelled where it can change the fine)
        seized_in: list[str | None] = lookup([e["place_seized"]], law.seizure_area, exact=False)
        fine: list[FineCols] = lookup(
            [species, days, head, seized_in],
            lambda sp, d, h, s: law.fine_cols(act, area, s or area, sp, d, h),
            exact=False,
        )
        feeding: list[FeedingCols] = lookup(
            [species, head, days, left], lambda sp, h, d, lf: law.feeding_cols(act, area, sp, h, d, lf), exact=False
        )
        coins = lookup([days], coin_of)
        levied = lookup([e["fine_levied"], coins], _money_cols, exact=False)
        tags = lookup([e["description"]], law.tags_and_colour)
        late = lookup([days, seized], lambda d, s: brought_late(pk, d, s), exact=False)
        sold = [d[_SOLD] for d in dates]
        questioned = [
            sale_questioned(pk, x.deadlines, s, fi, de) if s else None
            for x, s, fi, de in zip(dl, sold, filed, decided, strict=True)
        ]
        multiplier = [f.multiplier for f in fine]
        column: dict[str, Iterable[Any]] = {
            "id": e["id"], "pound_id": repeat(pound.id, n), "entry_no": e["entry_no"], "brought_at": e["brought_at"],
            "brought_on": [a[:10] for a in e["brought_at"]], "brought_month": [a[:7] for a in e["brought_at"]],
            "species": species, "species_as_written": e["species_as_written"], "head_count": head,
            "head_count_assumed": [int(a) for a in e["head_count_assumed"]], "description": e["description"], "colour": [t[1] for t in tags], "ear_tags": [t[0] for t in tags],
            "place_seized": e["place_seized"], "owner_known": [int(k) for k in e["owner_known"]], "status": status,
            **{f: [x[i] for x in isos] for i, f in enumerate(OUTCOME_DATES)},
            "complaint_outcome": e["complaint_outcome"],
            "notice_due_on": [x.notice_due_on for x in dl], "auction_earliest_on": [x.auction_earliest_on for x in dl],
            "complaint_deadline_on": [x.complaint_deadline_on for x in dl], "left_on": [_iso(x) for x in left],
            "days_in_pound": [x.days for x in feeding],
            "fine_per_head_rupees": [f.per_head_rupees for f in fine],
            "habitual_multiplier": [m if isinstance(m, int) else None for m in multiplier],
            "fine_due_rupees": [f.due_rupees for f in fine], "fine_due_minor": [f.due_minor for f in fine],
            "fine_scale_id": [f.scale_id for f in fine],
            "fine_levied_rupees": [x[0] for x in levied], "fine_levied_minor": [x[1] for x in levied],
            "fine_above_scale": [
                None if m is None or f.due is None else int(m.rupees > f.due.rupees)
                for m, f in zip(e["fine_levied"], fine, strict=True)
            ],
            **_collected_cols(status, e["fine_levied"], fine, e["sale_proceeds"], coins),
            "feeding_rate_rupees": [x.rate_rupees for x in feeding], "feeding_rate_id": [x.rate_id for x in feeding],
            "feeding_rupees": [x.rupees for x in feeding], "feeding_minor": [x.minor for x in feeding],
            "money_unit": coins,
            "act": repeat(act, n), "district": repeat(pound.district, n), "local_authority": repeat(area, n),
            "source_file": repeat(self.rel, n), "source_row": rows, "source_sheet": repeat(sheet, n),
            "seizure_assumed": [int(x.deadlines.seizure_assumed) for x in dl],
            "brought_late": [None if x is None else int(x) for x in late],
            "complaint_in_time": [
                None if x.deadlines.complaint_in_time is None else int(x.deadlines.complaint_in_time) for x in dl
            ],
            "seizure_adjudged_illegal": [None if x is None else int(x) for x in illegal],
            "auction_by_notice_on": [x.auction_by_notice_on for x in dl], "sale_questioned": [q.why if q else None for q in questioned],
            "habitual_multiplier_exact": [str(m) if isinstance(m, int) else ratio_text(m) for m in multiplier],
            "source_part": e["source_part"],
            "seizure_local_area": seized_in,
            "seizure_area_assumed": lookup([seized_in, species, days], lambda s, sp, d: law.area_assumed(act, s, sp, d), exact=False),
            "seq": seq,
        }  # fmt: skip
        c = self.con
        wrote = time.process_time()
        self.lawing += wrote - start
        insert_columns(c, "_staged", column)
        insert_columns(c, "_private", self._private(block, e, rows))
        insert_rows(
            c,
            "_rejects",
            (
                {"pound_id": pound.id, "source_file": self.rel, "source_row": block.rownos[rec],
                 "source_sheet": sheet, "reason": reason, "seq": first + rec}
                for rec, reason, _, _ in e.rejects
            ),
        )  # fmt: skip
        sales: list[dict[str, Any]] = []
        conflicts: list[dict[str, Any]] = []
        for k in (k for k, s in enumerate(sold) if s):
            sales.append(self._sale(e, k, sold[k], fine[k].due, feeding[k].charges, seq[k], conflicts))
        insert_rows(c, "_sales", sales)
        insert_rows(c, "_conflicts", conflicts)
        self.writing += time.process_time() - wrote

    def _private(self, block: Block, e: Entries, rows: list[int]) -> dict[str, list[Any]]:
        """The private register's rows of a block, column-wise in register order: each entry's people and cells as
        written, and each reject's reason, in its place among them."""
        n, sheet, people = len(e), block.sheet, e["people"]
        private: dict[str, list[Any]] = {
            "impoundment_id": list(e["id"]), "source_file": [self.rel] * n, "source_row": list(rows),
            "source_sheet": [sheet] * n, "kind": ["entry"] * n,
            **{f: list(map(attrgetter(f), people)) for f in People._fields},
            "reason": [None] * n, "raw_json": list(e["raw"]),
        }  # fmt: skip
        for at, (rec, _, reason, raw) in zip(reject_places(e), e.rejects, strict=True):
            reject = {"impoundment_id": "", "source_file": self.rel, "source_row": block.rownos[rec],
                      "source_sheet": sheet, "kind": "reject", **NOBODY._asdict(), "reason": reason, "raw_json": raw}  # fmt: skip
            for name, values in private.items():
                values.insert(at, reject[name])
        return private

    def _sale(
        self,
        e: Entries,
        k: int,
        sold: dt.date,
        fine: Money | None,
        feeding: Money | None,
        seq: int,
        conflicts: list[dict[str, Any]],
    ) -> dict[str, Any]:
        """The account of K s.15(2)-(3) / 1857 s.IX, s.XI: proceeds less fines, feeding and expenses."""
        pk, pound = self.pack, self.pound
        proceeds, expenses = e["sale_proceeds"][k], e["sale_expenses"][k]
        # K s.15(3): "the balance of the proceeds of sale, if any": never below nothing. What the proceeds do not
        # cover is a shortfall, which the Act makes nobody liable for. Unknown when a charge is unknown. Expenses of
        # sale the register does not record stay empty, not nothing: the balance is then the most the owner can be
        # due (the pages say "at most"), the shortfall the least.
        balance = shortfall = None
        if proceeds is not None and fine is not None and feeding is not None:
            rest = proceeds - fine - feeding - (expenses or Money())
            balance, shortfall = (rest, Money()) if rest.rupees >= 0 else (Money(), Money() - rest)
        held_until = add_months(sold, pk.clock.surplus_held_months) if balance and balance.rupees > 0 else None
        flag, role, checked = 0, None, 0
        buyer = e["people"][k].buyer_name
        if buyer:
            bars = pk.conflict.bars if pk.conflict else None  # who the pound's Act bars from buying
            local = pk.conflict.scoped_to_authority if pk.conflict else None  # and whose bar is their authority's
            # a buyer can be checked only against someone barred here: else barred_buyer's 0 would say nothing
            checked = int(roster_covers(self.book.roster, pound.id, pound.local_authority, bars, local))
            match = roster_match(buyer, self.book.roster, pound.id, pound.local_authority, bars, local)
            if match:
                flag, role = 1, match.get("role") or "barred from buying"
                conflicts.append(
                    {"impoundment_id": e["id"][k], "buyer_name": buyer, "roster_name": match.get("name"), "role": role}
                )
        coin = coin_of(sold)
        (
            (proceeds_s, proceeds_minor), (fine_s, _), (feeding_s, _), (expenses_s, _), (balance_s, balance_minor),
            (shortfall_s, shortfall_minor),
        ) = (_money_cols(m, coin) for m in (proceeds, fine, feeding, expenses, balance, shortfall))  # fmt: skip
        head, nights = e["head_count"][k], days_in_pound(e["brought_on"][k], sold)
        return {
            "impoundment_id": e["id"][k], "pound_id": pound.id, "sold_on": sold.isoformat(),
            "head_seized": head, "head_sold": head, "days_impounded": nights, "proceeds_rupees": proceeds_s,
            "fines_rupees": fine_s, "feeding_rupees": feeding_s, "expenses_rupees": expenses_s,
            "balance_rupees": balance_s, "proceeds_minor": proceeds_minor, "balance_minor": balance_minor,
            "money_unit": coin, "surplus_held_until": _iso(held_until), "surplus_claimed": 0,
            "conflict_of_interest": flag, "conflict_role": role, "buyer_checked": checked, "section": pk.citation("sale_account", "surplus", "conflict"),
            "shortfall_rupees": shortfall_s, "shortfall_minor": shortfall_minor, "seq": seq,
        }  # fmt: skip
