"""Each field of a register row, read once: a cell (or the few cells a field is written over) and the row's context in,
the field's value out, or RecordRejected with the reason a clerk reads.

Both readers of a row use this table and no other rule: records.to_entry reads a record field by field, in the order
its reasons are given, and entries.read reads each column's distinct cells with the same functions (a row any of them
rejects is read again by records.to_entries, for its reason). tests/test_one_reader.py holds the two equal.

    field                 function                   rejects
    the date brought      when_brought, day_allowed  a blank or unreadable date or hour; a day after tomorrow in
                                                     India; a day the pound's Act cannot have applied on
    the kind              kind_written, species,     no kind written; a word for an animal that is not cattle,
                          covered                    for cattle in general or for none Pinfold knows; a kind the
                                                     pound's Act does not call cattle (covered)
    several kinds         records.to_entries         a kind without its head ('cows and calves'); heads that do
                                                     not add up to the count (the column-wise path leaves such a
                                                     row to it)
    the count             head                       a count that is no number, 0, negative or over 1,000
    the description       description_written        -
    the outcome dates     outcome_date, remarked,    an outcome date that cannot be read; one before the day
                          outcome_dates, in_order    brought (but the day of seizure)
    number, place, texts  entry_number, place,       a cell longer than any register's (too_long)
                          written, money
    the people            privacy.people_of, owner_is_known (the owner's name from its column, else from first
                          and last names, else from the owner's cell, else the person who claimed the animal)

    when_brought('03/11/2025 14:30') -> (3 Nov 2025, 14:30); day_allowed(3 Nov 2099, ctx) -> RecordRejected(
    'The date brought, 3 Nov 2099, is after today: ...'); species('dog', ctx) -> RecordRejected("'dog' is not cattle
    under The Kerala Cattle Trespass Act, 1961 (K s.2(1)), so it cannot be impounded.")
"""

from __future__ import annotations

import contextlib
import datetime as dt
import math
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from pinfold.errors import RecordRejected
from pinfold.law.money import Money, parse_money
from pinfold.law.packs import RulePack, UnknownAct, pack
from pinfold.schema import COLUMN_WORDS
from pinfold.vocabulary import KindRejected, SeveralKinds, in_sentence, species_of

from .normalise import IST, head_count, optional_date, split_number_and_description, when_of

# No register entry's cell is this long; a longer one is a broken export (a whole file in one cell), not a description.
MAX_CELL = 4000

# Remarks as pound-keepers write them: "delivered to owner 12/04/2025", "sold on 20-04-2025 for Rs 3,000".
_DATE_IN_TEXT = r"(\d{1,2}[/.\-]\d{1,2}[/.\-]\d{2,4}|\d{4}-\d{2}-\d{2})"
REMARK_OUTCOMES = [
    ("deposit_on", re.compile(rf"deposit\w*\D*?{_DATE_IN_TEXT}", re.I)),
    (
        "released_by_order_on",
        re.compile(rf"(?:released|release) (?:by|under|on) (?:written )?order\D*?{_DATE_IN_TEXT}", re.I),
    ),
    ("claimed_on", re.compile(rf"(?:delivered|claimed|returned|released to owner)\D*?{_DATE_IN_TEXT}", re.I)),
    ("notice_posted_on", re.compile(rf"notice\D*?{_DATE_IN_TEXT}", re.I)),
    ("sold_on", re.compile(rf"(?:sold|auctioned)\D*?{_DATE_IN_TEXT}", re.I)),
    ("disposed_on", re.compile(rf"disposed\D*?{_DATE_IN_TEXT}", re.I)),
    ("complaint_filed_on", re.compile(rf"complaint\D*?{_DATE_IN_TEXT}", re.I)),
]

# The fields a row's kind and count are written in: a row with none of them holds no entry (records.to_entry).
KIND_FIELDS = ("species", "number_and_description", "head_count")


class Context(NamedTuple):
    """What a field's reading depends on beyond its cells: the pound's Act (None: no Act's rules, as a test may ask)
    and the latest day an animal can have been brought (latest_day: tomorrow in India)."""

    act: RulePack | None
    latest: dt.date


@lru_cache(maxsize=1)
def latest_day() -> dt.date:
    """Tomorrow in India: no animal can have been brought later (a day's grace for a clock or a late clerk)."""
    return dt.datetime.now(IST).date() + dt.timedelta(days=1)


def context(act: RulePack | None) -> Context:
    """The context of the rows an ingest reads today under a pound's Act."""
    return Context(act, latest_day())


# --- cells as text ----------------------------------------------------------------------------------------------------


def text(v: Any) -> str:
    """A cell as clean text: None -> ''; 3.0 -> '3'; '  a  b ' -> 'a b'."""
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return " ".join(str(v).split())


def inert(value: str) -> str:
    """Free text safe to open in a spreadsheet: '=HYPERLINK("http://x")' -> 'HYPERLINK("http://x")'.

    A cell starting with =, + or @ is run as a formula by Excel and LibreOffice when a journalist opens a CSV
    export; no register description starts with one, so the sign is dropped rather than the entry."""
    while value[:1] in ("=", "+", "@"):
        value = value[1:].lstrip()
    return value


def too_long(field: str, value: Any) -> None:
    """A cell longer than any register entry's is a broken file, not a field: RecordRejected naming the column.
    ('description', 'x' * 5000) -> "The description cell holds 5,000 characters, more than any register entry ..."."""
    if isinstance(value, str) and len(value) > MAX_CELL:
        raise RecordRejected(
            f"The {COLUMN_WORDS.get(field, field.replace('_', ' '))} cell holds {len(value):,} characters, more "
            f"than any register entry ({MAX_CELL:,}): the file is probably broken at this row."
        )


def entry_number(cell: Any) -> str | None:
    """The entry's number as written: ' 17 ' -> '17'; '' -> None."""
    return text(cell) or None


def place(cell: Any) -> str | None:
    """The place seized, safe in a spreadsheet: '=Ollur' -> 'Ollur'; '' -> None."""
    return inert(text(cell)) or None


def written(cell: Any) -> str | None:
    """A free-text cell as written (a complaint's outcome): ' dismissed ' -> 'dismissed'; '' -> None."""
    return text(cell) or None


@lru_cache(maxsize=4096)
def _money_of_number(number: str) -> Money:
    """'2500.0' -> ₹2,500.00: a number cell (JSON, XLSX) as exact Money, once per distinct amount."""
    return Money.of(number)


def money(v: Any) -> Money | None:
    """An amount cell (a fine, a sale's proceeds) -> exact Money, None when blank or not an amount: 'Rs. 500/-' ->
    ₹500.00; 2500.0 -> ₹2,500.00; 'abc' -> None; inf -> None."""
    if v is None or text(v) == "":
        return None
    if isinstance(v, float) and not math.isfinite(v):  # JSON's Infinity or NaN, as Python reads it: no amount
        return None
    if isinstance(v, int | float) and not isinstance(v, bool):
        return _money_of_number(str(v))
    try:
        return parse_money(text(v))
    except ValueError:
        return None


# --- the date brought -------------------------------------------------------------------------------------------------


def when_brought(date_cell: Any, hour_cell: Any = None) -> tuple[dt.date, dt.time | None]:
    """The date brought (and its hour, from the date's cell or an hour cell): '03/11/2025', '14:30' ->
    (3 Nov 2025, 14:30); '' -> RecordRejected('The date brought is blank: ...'); '31/02/2025' -> BadDate."""
    if date_cell is None or text(date_cell) == "":
        raise RecordRejected("The date brought is blank: every entry needs the day the cattle came in.")
    return when_of(date_cell, hour_cell)


def day_allowed(day: dt.date, ctx: Context) -> dt.date:
    """The day brought, if an animal can have been brought on it: not after tomorrow in India, and within the
    pound's Act. 3 Nov 2099 -> RecordRejected('... is after today: check the year ...'); 12 May 1858 under K ->
    RecordRejected('... is before the Kerala Cattle Trespass Act, 1961 can have applied ...')."""
    if day > ctx.latest:
        raise RecordRejected(
            f"The date brought, {day.day} {day:%b %Y}, is after today: check the year (a two-digit year is read as "
            "20xx; write it in full)."
        )
    if ctx.act is not None and not ctx.act.applies_on(day):
        raise RecordRejected(_outside_act(ctx.act, day))
    return day


def _outside_act(act: RulePack, day: dt.date) -> str:
    """Why an entry's day is outside its pound's Act: before it could apply, or after it ended (with the Act that
    followed). A stray number in a spreadsheet's date column reads as a day of 1900-1905 ("2025" is 17 Jul 1905)."""
    f = act.in_force
    if f.start is not None and day < f.start:
        return (
            f"The date brought, {day.day} {day:%b %Y}, is before {in_sentence(act.title)} can have applied "
            f"({f.start.day} {f.start:%b %Y}: {f.start_source}): check the date (a number where a date belongs?)."
        )
    after = ""
    if f.replaced_by:
        with contextlib.suppress(UnknownAct):
            after = f"; the Act that followed is {in_sentence(pack(f.replaced_by).title)} ({f.replaced_by})"
    end = f.end or day
    return (
        f"The date brought, {day.day} {day:%b %Y}, is after {in_sentence(act.title)} ended ({end.day} {end:%b %Y} at the "
        f"latest: {f.end_source}){after}. Check the date, or the pound's act in pounds.csv."
    )


def brought_at(day: dt.date, hour: dt.time | None) -> str:
    """The moment brought as published: (3 Nov 2025, 14:30) -> '2025-11-03T14:30'; (3 Nov 2025, None) ->
    '2025-11-03'."""
    return f"{day.isoformat()}T{hour.hour:02d}:{hour.minute:02d}" if hour else day.isoformat()


# --- the kind, the count, the description -----------------------------------------------------------------------------


def kind_written(kind_cell: str, number_and_description: str, no_count: bool) -> tuple[str, str, int | None]:
    """A record's kind as written, the description written with it and the number written with it, from its kind
    cell (as text), its 'number and description' cell and whether it has no count cell: ('2 cows (black)', '', True)
    -> ('cows', 'black', 2); ('cow', '', False) -> ('cow', '', None). Raises RecordRejected when neither names one."""
    if kind_cell:
        if not no_count:
            return kind_cell, "", None
        nd = split_number_and_description(kind_cell)
        return nd.kind or kind_cell, nd.description, nd.head
    if number_and_description:
        nd = split_number_and_description(number_and_description)
        return nd.kind, nd.description, nd.head
    raise RecordRejected("The entry does not say what kind of cattle was impounded.")


def description_written(with_kind: str, desc_cell: str, extra: str, tag: str) -> str:
    """The description: what was written with the kind, the description cell, and the columns beside it (breed, sex,
    age; a tag number), as text: ('black', 'bell on neck', 'HF', '') -> 'black, bell on neck, HF'."""
    desc = ", ".join(x for x in (with_kind, desc_cell) if x)
    # Columns beside the description belong in it: that is where owners search.
    for more, label in ((extra, ""), (tag, "ear tag ")):
        if more and more not in desc:
            desc = ", ".join(x for x in (desc, label + more) if x)
    return inert(desc)


def species(kind: str, ctx: Context) -> str:
    """The species a kind as written names: 'nanny-goats' -> 'goat'. RecordRejected, in the words of the pound's
    Act, for a word that is not cattle ('dog'), names no kind ('cattle') or none Pinfold knows; SeveralKinds (a
    RecordRejected too) for an entry naming several ('cow with calf': records.to_entries reads each)."""
    try:
        return species_of(kind)
    except SeveralKinds:
        raise
    except KindRejected as e:  # its reason names the pound's Act: K s.2(1) is not every Act's definition
        raise kind_reason(e, ctx.act) from None


def covered(found: str, kind: str, ctx: Context) -> str:
    """The one rule of a kind that is not cattle under the pound's Act: a species the Act's definition of cattle
    leaves out. ('fowl', 'hen', Kerala 1961) -> 'fowl' (K s.2(1) names fowls); ('fowl', 'hen', 1871) ->
    RecordRejected("'hen (fowl)' is not cattle under The Cattle Trespass Act, 1871 ...")."""
    if ctx.act is not None and not ctx.act.covers(found):
        raise kind_reason(KindRejected(f"{kind} ({found})", "not_cattle", word=found), ctx.act)
    return found


def kind_reason(e: KindRejected, act: RulePack | None) -> RecordRejected:
    """A kind's reject in the words of the pound's Act: 'dog' under the 1857 Act cites 1857 s.VI, s.XVIII. The
    public reason says "the kind" where the private one quotes the cell (it may hold a name: 'cow of Kunjan')."""
    if act is None:
        return RecordRejected(str(e), public=e.under(quoted=False))
    definition = act.cattle.cite if act.cattle else act.sections.get("definition", "")
    fine = act.sections.get("fine", "")
    return RecordRejected(
        e.under(act.title, definition, fine), public=e.under(act.title, definition, fine, quoted=False)
    )


def head_assumed(count_cell: Any, written_count: int | None) -> bool:
    """Whether head() reads one for want of any number: (None, None) -> True; ('', None) -> True; ('2', None) ->
    False; (None, 3) -> False. A register of one animal an entry leaves the count blank; the fine is per head."""
    return (count_cell is None or text(count_cell) == "") and written_count is None


def head(count_cell: Any, written_count: int | None) -> int:
    """The number of head: the count cell when it has one, else the number written with the kind, else one.
    ('2', None) -> 2; (None, 3) -> 3; ('', None) -> 1; ('0', None) -> RecordRejected('... at least one animal.')."""
    if count_cell is not None and text(count_cell) != "":
        return head_count(count_cell)
    return head_count(written_count if written_count is not None else 1)


# --- the outcome dates ------------------------------------------------------------------------------------------------


def outcome_date(field: str, cell: Any) -> dt.date | None:
    """An outcome date's cell -> the day, None when blank: ('claimed_on', '05/11/2025') -> 5 Nov 2025;
    ('claimed_on', 'soon') -> RecordRejected("The date delivered to the owner could not be read: The date 'soon' ...")."""
    try:
        return optional_date(cell)
    except RecordRejected as e:
        raise RecordRejected(
            f"The {COLUMN_WORDS[field]} could not be read: {e}",
            public=f"The {COLUMN_WORDS[field]} could not be read: {e.public or e}",
        ) from None


def remarked(remarks: str) -> dict[str, dt.date]:
    """The outcome dates the remarks give: 'delivered to owner 05/11/2025' -> {'claimed_on': 5 Nov 2025}. A remark
    whose date cannot be read is a remark, not a reject."""
    found: dict[str, dt.date] = {}
    if remarks:
        for field, rx in REMARK_OUTCOMES:
            m = rx.search(remarks)
            if m:
                with contextlib.suppress(RecordRejected):
                    found[field] = when_of(m.group(1))[0]
    return found


def outcome_dates(in_columns: Mapping[str, dt.date], in_remarks: Mapping[str, dt.date]) -> dict[str, dt.date]:
    """An entry's outcome dates: its columns', and the remarks' where its columns give none (in that order).
    ({'claimed_on': 5 Nov}, {'claimed_on': 6 Nov, 'sold_on': 9 Nov}) -> {'claimed_on': 5 Nov, 'sold_on': 9 Nov}."""
    return {**in_columns, **{f: d for f, d in in_remarks.items() if f not in in_columns}}


def in_order(dates: dict[str, dt.date], day: dt.date) -> dict[str, dt.date]:
    """The outcome dates, if none is before the day brought (the day of seizure may be: the animal is brought after
    it). ({'claimed_on': 1 Nov 2025}, 3 Nov 2025) -> RecordRejected('The date delivered to the owner (01/11/2025) is
    before the day brought (03/11/2025).')."""
    for field, d in dates.items():
        if field != "seized_on" and d < day:
            raise RecordRejected(
                f"The {COLUMN_WORDS.get(field, field)} ({d:%d/%m/%Y}) is before the day brought ({day:%d/%m/%Y})."
            )
    return dates
