"""Readers: one register file in, its rows out a Block at a time, as columns (read_blocks): each row's number, its
recognised cells by field and its every cell by header (Block.cells, Block.raw).

Row numbers are what a clerk sees: a CSV's record number counting the header row as 1, an XLSX
sheet's own row number, a JSON Lines file's line number, a JSON array's item number.
Blank rows and a TOTAL row at the bottom are not records. A whole-file problem raises
RegisterUnreadable with a one-line message; a file with no rows at all raises RegisterEmpty.

Time and memory are bounded whatever a file holds (hostile files are tested in tests/test_hostile_input.py): a text
line, a JSON document, the parts of a zipped workbook, a sheet's row and column numbers each have a limit, refused in
one line when passed, and passed as soon as they are, before the rest of the file is read.
"""

from __future__ import annotations

import codecs
import contextlib
import contextvars
import csv
import dataclasses
import datetime as dt
import io
import json
import os
import re
import stat
import zipfile
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pinfold.errors import NoHeader, RegisterEmpty, RegisterTooLarge, RegisterUnreadable
from pinfold.schema import OUTCOME_DATES

from .headers import fold_header, looks_like_header, recognise
from .normalise import DITTO_MARKS

Rows = Iterator[tuple[int, list[Any]]]

REGISTER_SUFFIXES = {".csv", ".tsv", ".txt", ".xlsx", ".ods", ".xls", ".json", ".jsonl", ".ndjson"}
MAPPING_SUFFIX = ".mapping.json"
HEADER_SEARCH_ROWS = 30

# The bounds. A register's line is a few hundred characters; a 10 MB cell is read (and rejected as a record).
LINE_LIMIT = 16_000_000  # characters in one line of a text file, and in one CSV cell
JSON_LIMIT = 64 << 20  # bytes of a JSON document, which is read whole (JSON Lines is read a line at a time)
ZIP_RATIO, ZIP_GRACE = 100, 16 << 20  # a workbook's part may expand 100-fold (Apache POI's rule) past 16 MB
ZIP_PART_LIMIT = 1 << 30  # and to 1 GB at most
SHEET_ROWS, SHEET_COLUMNS = 1_048_576, 1024  # Excel's last row; a register's columns (Excel has 16,384)
# Entries in one JSON or JSON Lines register, as a sheet's rows: 20 MB of `[{}, ...]` is 5 million entries, which ran
# for minutes and printed nothing. And the date brought must be named among the first HEADER_SEARCH_ROWS entries.
JSON_ENTRIES = SHEET_ROWS
csv.field_size_limit(LINE_LIMIT)


def regular(path: Path) -> bool:
    """True for a regular file (after links). A pipe, a device or a socket named 'x.csv' is not: reading one may never
    end (a FIFO waits for a writer, /dev/zero never stops)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


# What a reading passes over as no entry (a total row, the header again, a sheet without one) and a hidden sheet it
# reads all the same, for a clerk to see (intake/registers.py): None unless asked.
# Each is {'sheet': 'Nov' or None, 'row': 14 or None (a whole sheet), 'why': one of NOTE_KINDS}.
NOTE_KINDS = ("total", "header_again", "no_header", "hidden")
READ_NOTES: contextvars.ContextVar[list[dict[str, Any]] | None] = contextvars.ContextVar("read_notes", default=None)


def _note(sheet: str | None, row: int | None, why: str) -> None:
    if (seen := READ_NOTES.get()) is not None:
        seen.append({"sheet": sheet, "row": row, "why": why})


BLOCK_ROWS = 4096  # rows of a table read together: a block's columns are normalised once per distinct cell
_NOTHING_ABOVE = object()


@dataclass(slots=True)
class Block:
    """A few thousand rows of one table (a file, a sheet), as columns.

    header: each column's name in the private register (its heading, or 'column 3' where it is blank); columns: each
    column's cells as written, one per row; ragged: a row's cells past the header's width (by the row's place in the
    block), kept privately; fields: each recognised field's cells as an entry reads them, a ditto mark given the
    value above it (across the blocks of a table) and a date made day first, or a spreadsheet's day number a date.

    rows 2-3 of 'No,Date' / '1,03/11/2025' / '2,do' -> Block(None, ['No', 'Date'], [2, 3], [('1', '2'),
    ('03/11/2025', 'do')], {}, {'entry_no': ('1', '2'), 'brought_at': ['03/11/2025', '03/11/2025']})

    JSON entries need not share their keys: such a block has no header or columns but each entry's own object
    (`objects`, with `found`: each entry's {field: key}), its fields are every field any of them has, and `absent`
    the rows without a field (whose cell reads None).
    """

    sheet: str | None
    header: list[str]
    rownos: list[int]
    columns: list[tuple[Any, ...]]
    ragged: dict[int, list[Any]]
    fields: dict[str, Sequence[Any]]
    objects: list[dict[str, Any]] | None = None
    found: list[dict[str, str]] | None = None
    absent: dict[str, set[int]] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.rownos)

    def cells(self, i: int) -> dict[str, Any]:
        """The i-th row's recognised cells: {'entry_no': '2', 'brought_at': '03/11/2025'}."""
        if self.objects is not None and self.found is not None:
            obj = self.objects[i]
            return {f: obj[k] for f, k in self.found[i].items()}
        return {f: col[i] for f, col in self.fields.items()}

    def raw(self, i: int) -> dict[str, Any]:
        """The i-th row's every cell by its column's name, as written, for the private register."""
        if self.objects is not None:
            return self.objects[i]
        raw = {h: col[i] for h, col in zip(self.header, self.columns, strict=True)}
        for k, v in enumerate(self.ragged.get(i, ()), len(self.header) + 1):
            raw[f"column {k}"] = v
        return raw


Settle = Callable[[dict[str, Sequence[Any]]], None]  # a block's fields made as an entry reads them, in place


class CannotGoOn(Exception):
    """A register cannot be read on from a Mark: it must be read whole (ingest/shards.py then does)."""


@dataclass
class Mark:
    """Where the reading of a line register (CSV, TSV, text, JSON Lines) ended, and all it carries to the next line, so
    that bytes appended to the file can be read alone, their rows numbered, ditto-filled and read as the whole file's
    reading reads them (read_blocks(path, going_on=mark)).

    layout: 'delimited' or 'jsonl' ('' for a file no Mark is made for: a workbook, a JSON document); context: what every
    row's reading depended on that comes from the whole file (its encoding, errors, delimiter and whether its dates are
    month first: a line appended may change them, and then the file is read whole); size: the bytes read (set by the
    shard's writer, from the file's stamp); rows: the rows numbered (a CSV's records, a JSON Lines file's lines);
    records: the entries counted (JSON Lines); header, fields, above: the table's header, its fields' columns and its
    last row's cells (a ditto mark below repeats them); whole: the last CSV record ended before the file did (a quoted
    cell left open at the end would go on in what is appended).

    Mark('delimited', ['utf-8', 'strict', ',', False], 2481, 24, 0, ['No', 'Date'], {'entry_no': 0, 'brought_at': 1},
    {'entry_no': '23', 'brought_at': '03/11/2025'}, True)
    """

    layout: str = ""
    context: list[Any] = field(default_factory=list)
    size: int = 0
    rows: int = 0
    records: int = 0
    header: list[str] = field(default_factory=list)
    fields: dict[str, int] = field(default_factory=dict)
    above: dict[str, Any] | None = None
    whole: bool = True

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), ensure_ascii=True)

    @staticmethod
    def from_json(text: str) -> Mark:
        return Mark(**json.loads(text))


class _Table:
    """The rows of one table gathered into Blocks of BLOCK_ROWS. A ditto mark is repeated from the row above, in the
    block or the block before (`above`); `settle` makes a block's dates as entries read them."""

    def __init__(
        self, header: list[str], fields: dict[str, int], sheet: str | None, settle: Settle | None, dittos: bool
    ):
        self.header, self.fields, self.sheet, self.settle, self.dittos = header, fields, sheet, settle, dittos
        self.rows: list[list[Any]] = []
        self.rownos: list[int] = []
        self.ragged: dict[int, list[Any]] = {}
        self.above: dict[str, Any] | None = None

    def add(self, rowno: int, cells: list[Any]) -> Block | None:
        """A row in; a Block out when BLOCK_ROWS are gathered. A row shorter than the header is padded with None (a
        cell not written), a longer one keeps its extra cells for the private register."""
        width = len(self.header)
        if len(cells) != width:
            if len(cells) > width:
                self.ragged[len(self.rows)] = cells[width:]
                cells = cells[:width]
            else:
                cells = cells + [None] * (width - len(cells))
        self.rows.append(cells)
        self.rownos.append(rowno)
        return self.block() if len(self.rows) >= BLOCK_ROWS else None

    def block(self) -> Block | None:
        """The rows gathered so far, as a Block (None when there are none)."""
        if not self.rows:
            return None
        columns = list(zip(*self.rows, strict=True)) if self.header else []
        fields: dict[str, Sequence[Any]] = {f: columns[i] for f, i in self.fields.items()}
        if self.dittos:
            for f, col in fields.items():
                if f != "entry_no":  # an entry number is never repeated
                    fields[f] = repeat_dittos(col, _NOTHING_ABOVE if self.above is None else self.above[f])
            self.above = {f: col[-1] for f, col in fields.items()}
        if self.settle is not None:
            self.settle(fields)
        block = Block(self.sheet, self.header, self.rownos, columns, self.ragged, fields)
        self.rows, self.rownos, self.ragged = [], [], {}
        return block


def load_mapping(path: Path) -> dict[str, Any]:
    """'pound2.xlsx' -> the contents of 'pound2.xlsx.mapping.json' beside it, or {} when there is none."""
    m = path.with_name(path.name + MAPPING_SUFFIX)
    if not m.exists():
        return {}
    if not regular(m) or m.stat().st_size > 1 << 20:
        raise RegisterUnreadable(f"{m}: a mapping file is a small JSON file (see README)")
    try:
        data = json.loads(m.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError) as e:
        raise RegisterUnreadable(f"{m}: mapping file is not valid JSON ({e})") from None
    if not isinstance(data, dict):
        raise RegisterUnreadable(f"{m}: mapping file must be a JSON object")
    return data


def is_total_row(cells: list[Any]) -> bool:
    """['TOTAL', None, 211] -> True: the sum line at the foot of a register is not an entry."""
    first = next((c for c in cells if c not in (None, "")), None)
    if not isinstance(first, str) or first[:1].isdigit():  # an entry number: the common case, decided at once
        return False
    return fold_header(first).split()[:1] in (["total"], ["grand"], ["ആകെ"])


def _blank(cells: list[Any]) -> bool:
    return all(c is None or (isinstance(c, str) and not c.strip()) for c in cells)


def _within_bounds(cells: list[Any], rowno: int, path: Path) -> list[Any]:
    """A row of at most SHEET_COLUMNS cells. Blank cells past the bound are dropped (a CSV saved from a wide empty range
    ends in thousands of commas); a value past it refuses the file: a row of a million cells is no register's.
    ['1', 'cow', '', '', ...2000 blanks] -> ['1', 'cow', '', ..., ''] (1,024 cells)."""
    if len(cells) <= SHEET_COLUMNS:
        return cells
    if _blank(cells[SHEET_COLUMNS:]):
        return cells[:SHEET_COLUMNS]
    raise RegisterTooLarge(
        f"{path}: row {rowno} has a value past column {SHEET_COLUMNS:,}; a register has a few columns"
        " (delete what lies beyond them)"
    )


def _header_again(cells: list[Any], fields: dict[str, int], columns: dict[str, str]) -> bool:
    """The header once more (each printed page repeats it) or in a second language below the first: not an entry.
    Only a row whose date cell has no digit is looked at, so entries cost one character test."""
    i = fields.get("brought_at")
    cell = cells[i] if i is not None and i < len(cells) else None
    return isinstance(cell, str) and not any(c.isdigit() for c in cell) and looks_like_header(cells, columns)


def _ditto(v: Any) -> bool:
    return isinstance(v, str) and len(v) < 7 and v.strip().lower() in DITTO_MARKS


def repeat_dittos(column: Sequence[Any], above: Any = _NOTHING_ABOVE) -> Sequence[Any]:
    """A column with each cell written 'do.' or 〃 (the same as above) given the value of the cell above it, in one
    pass; `above` is the cell above the column's first (none at a table's first row, whose mark stays as written).
    The private register keeps the mark as written. ('03/11/2025', '-do-', 'do') -> ['03/11/2025', '03/11/2025',
    '03/11/2025']; a column without a mark is returned as it is."""
    try:
        marks = {v for v in set(column) if _ditto(v)}
    except TypeError:  # a cell that is a list (a JSON table's)
        marks = {v for v in column if _ditto(v)}
    if not marks:
        return column
    out = list(column)
    previous = above
    for i, v in enumerate(out):
        if previous is not _NOTHING_ABOVE and isinstance(v, str) and v in marks:
            out[i] = previous
        previous = out[i]
    return out


def _second_header_row(
    header: list[str], cells: list[Any], fields: dict[str, int], columns: dict[str, str]
) -> list[str] | None:
    """A header in two rows, as printed forms have it: "Name and residence of" spread over two columns, "Seizer" and
    "Owner" under it. The row under the header is read as its second row when it has no digit, its date cell is
    blank (or the date heading again, merged down), and joined to the first it names more fields; then -> the joined
    header, else None.

    ['Date', 'Name and residence of', ''] over [None, 'Seizer', 'Owner']
    -> ['Date', 'Name and residence of Seizer', 'Name and residence of Owner']
    """
    i = fields.get("brought_at")
    if i is not None and i < len(cells) and cells[i] not in (None, "") and str(cells[i]).strip() != header[i]:
        return None  # a date: an entry (a heading merged down over both rows repeats in the second)
    if any(c is not None and not isinstance(c, str) for c in cells) or any(
        ch.isdigit() for c in cells if c for ch in c
    ):
        return None
    joined, parent = [], ""
    for k in range(max(len(header), len(cells))):
        top = header[k] if k < len(header) else ""
        sub = str(cells[k]).strip() if k < len(cells) and cells[k] else ""
        if sub and sub != top and top and recognise([top], columns):
            return None  # text under a heading complete by itself ("Remarks" over "claimed") is an entry's
        parent = top or parent  # a heading merged over several columns is written in the first of them
        joined.append(f"{parent} {sub}".strip() if sub and sub != top else top)
    return joined if len(recognise(joined, columns)) > len(fields) else None


def _blocks_from_rows(
    rows: Iterator[tuple[int, list[Any]]],
    path: Path,
    mapping: dict[str, Any],
    sheet: str | None = None,
    settle: Settle | None = None,
    going_on: Mark | None = None,
    end: Mark | None = None,
) -> Iterator[Block]:
    """Numbered rows of a table -> Blocks of its entries' rows, after finding the header below any title rows. Going
    on from a Mark (the rows after those it was made at), the table is its header's and its last row's; `end` gets
    them when the rows run out."""
    columns = mapping.get("columns") or {}
    want_header = mapping.get("header_row")
    header: list[Any] | None = None
    fields: dict[str, int] = {}
    table: _Table | None = None
    under_header = False
    anything = False  # a cell written anywhere: a file without one is empty, not a register without a header
    if going_on is not None:  # the header, and the row under it, were read before the mark
        header, fields, anything = going_on.header, going_on.fields, True
        table = _Table(going_on.header, going_on.fields, sheet, settle, True)
        table.above = going_on.above
    for rowno, cells in rows:
        cells = _within_bounds(cells, rowno, path)
        if header is None:
            blank = _blank(cells)
            anything = anything or not blank
            if (want_header and rowno == int(want_header)) or (
                not want_header and not blank and looks_like_header(cells, columns)
            ):
                header = [("" if c is None else str(c).strip()) for c in cells]
                fields = recognise(header, columns)
                under_header = True
                continue
            if not want_header and rowno > HEADER_SEARCH_ROWS and anything:
                break
            continue
        if under_header and not _blank(cells):
            under_header = False
            joined = _second_header_row(header, cells, fields, columns)
            if joined is not None:
                header, fields = joined, recognise(joined, columns)
                continue
        if _blank(cells):
            continue
        if is_total_row(cells) or _header_again(cells, fields, columns):
            _note(sheet, rowno, "total" if is_total_row(cells) else "header_again")
            continue
        if table is None:
            table = _Table([h or f"column {i + 1}" for i, h in enumerate(header)], fields, sheet, settle, True)
        if (block := table.add(rowno, cells)) is not None:
            yield block
    if table is not None and (block := table.block()) is not None:
        yield block
    if end is not None and table is not None:
        end.header, end.fields, end.above = table.header, dict(table.fields), table.above
    if header is None:
        where = f" (sheet {sheet})" if sheet else ""
        if not anything:
            raise RegisterEmpty(f"{path}{where}: no rows")
        raise NoHeader(
            f"{path}{where}: no header row naming a date and the cattle was found in the first "
            f"{HEADER_SEARCH_ROWS} rows; describe the layout in {path.name}{MAPPING_SUFFIX} (see README)"
        )


# --- text files -----------------------------------------------------------------------------------


def sniff_encoding(path: Path) -> str:
    """BOM first (UTF-8, UTF-16); then UTF-16 without BOM by its NUL bytes; then UTF-8 if the whole
    file decodes; cp1252 as the last resort."""
    with open(path, "rb") as f:
        head = f.read(4096)
        if head.startswith(codecs.BOM_UTF8):
            return "utf-8-sig"
        if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            return "utf-16"
        if head and head.count(b"\x00") > len(head) // 4:
            return "utf-16-le" if head[1:2] == b"\x00" else "utf-16-be"
        f.seek(0)
        dec = codecs.getincrementaldecoder("utf-8")()
        try:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                dec.decode(chunk)
            dec.decode(b"", final=True)
        except UnicodeDecodeError:
            return "cp1252"
    return "utf-8"


def bounded_lines(f: Any, path: Path) -> Iterator[str]:
    """A text file's lines, each of at most LINE_LIMIT characters. A longer one (a file without line breaks, a stream
    of zeros) refuses the file as soon as the limit is read, never after reading the rest: a 200 MB line costs
    16 million characters, not 200 MB and minutes."""
    for n, line in enumerate(iter(lambda: f.readline(LINE_LIMIT + 1), ""), 1):
        if len(line) > LINE_LIMIT and not line.endswith(("\n", "\r")):
            raise RegisterTooLarge(
                f"{path}: line {n:,} is longer than {LINE_LIMIT:,} characters; a register's lines are short"
                " (is this a register?)"
            )
        yield line


def delimiter_of(header_line: str) -> str:
    """The delimiter of a small list's header line (pounds.csv, a rule file): 'id;name;act' -> ';'. A spreadsheet in
    a comma-decimal locale saves its lists split by semicolons."""
    return max(",;\t|", key=header_line.count)


def sniff_delimiter(sample: str, suffix: str) -> str:
    """The delimiter that splits the sample's lines into the most, most consistent fields."""
    best, best_score = ("\t" if suffix == ".tsv" else ","), 0
    lines = [ln for ln in sample.splitlines()[:40] if ln.strip()]
    for d in (",", ";", "\t", "|"):
        counts = [len(r) for r in csv.reader(lines, delimiter=d)]
        if not counts:
            continue
        mode = max(set(counts), key=counts.count)
        score = counts.count(mode) * (mode - 1)
        if score > best_score:
            best, best_score = d, score
    return best


# A date no day-first reading makes sense of proves a file month first ("11/23/2025", an export through a US-English
# Excel), and one with a day past 12 first proves it day first. The contract's registers are day first.
_DAY_FIRST = re.compile(r"(?<!\d)(?:1[3-9]|2\d|3[01])([/.-])(?:0?[1-9]|1[0-2])\1(?:\d{4}|\d{2})(?!\d)")
_MONTH_FIRST = re.compile(r"(?<!\d)(?:0?[1-9]|1[0-2])([/.-])(?:1[3-9]|2\d|3[01])\1(?:\d{4}|\d{2})(?!\d)")
_NUMERIC_DATE = re.compile(r"^(\s*)(\d{1,2})([/.-])(\d{1,2})\3")
DATE_FIELDS = ("brought_at", *OUTCOME_DATES)


def month_first(path: Path, encoding: str, sample: str) -> bool:
    """Whether a text register writes its dates month first: some date proves it ('11/23/2025') and none proves it
    day first ('23/11/2025'). Most registers show a day past 12 in their first 64 KB; only others are read through,
    a megabyte of whole lines at a time (a date is never cut, and a line past the limit refuses the file)."""
    if _DAY_FIRST.search(sample):
        return False
    month = False
    with open(path, encoding=encoding, errors="replace", newline="") as f:
        lines = bounded_lines(f, path)
        while block := "".join(line for _, line in zip(range(1 << 14), lines, strict=False)):
            if _DAY_FIRST.search(block):
                return False
            month = month or _MONTH_FIRST.search(block) is not None
    return month


def _day_first(fields: dict[str, Sequence[Any]]) -> None:
    """A month-first register's numeric dates turned day first, once per distinct cell: '11/23/2025' -> '23/11/2025'.
    The private register keeps the cells as written."""
    for f in DATE_FIELDS:
        column = fields.get(f)
        if column is not None:
            turned = {v: _NUMERIC_DATE.sub(r"\1\4\3\2\3", v, count=1) for v in set(column) if isinstance(v, str)}
            fields[f] = [turned.get(v, v) if isinstance(v, str) else v for v in column]


def read_delimited(
    path: Path, mapping: dict[str, Any], going_on: Mark | None = None, end: Mark | None = None
) -> Iterator[Block]:
    """A CSV, TSV or text register's Blocks; going on from a Mark, those of the lines after it (_appended), when the
    whole file's reading would read them alike. `end` gets where the reading ended (Mark)."""
    encoding = mapping.get("encoding") or sniff_encoding(path)
    errors = "replace" if encoding == "cp1252" else "strict"
    try:
        with open(path, encoding=encoding, errors=errors, newline="") as f, contextlib.ExitStack() as stack:
            sample = f.read(64 * 1024)
            if "\x00" in sample:
                sample = sample.replace("\x00", "")
            delimiter = mapping.get("delimiter") or sniff_delimiter(sample, path.suffix.lower())
            f.seek(0)
            day_first = mapping.get("dates") == "month-first" or (
                not mapping.get("dates") and month_first(path, encoding, sample)
            )
            mark = end if end is not None else Mark()
            mark.layout, mark.context = "delimited", [encoding, errors, delimiter, day_first]
            mark.rows, mark.whole = 0, True
            text: Any = f
            if going_on is not None:
                text = stack.enter_context(_appended(path, going_on, mark.context, newline=""))
                mark.rows = going_on.rows
            lines = _Lines(bounded_lines(text, path))
            reader = csv.reader(lines, delimiter=delimiter)
            rows = _numbered(reader, lines, mark)
            settle = _day_first if day_first else None
            yield from _blocks_from_rows(rows, path, mapping, settle=settle, going_on=going_on, end=mark)
    except (UnicodeError, csv.Error) as e:
        raise RegisterUnreadable(f"{path}: cannot be read as {encoding} text ({e})") from None


class _Lines:
    """A text's lines, NUL characters dropped (a UTF-16 file read as bytes has them), noting when they run out."""

    def __init__(self, lines: Iterator[str]):
        self.lines, self.ended = lines, False

    def __iter__(self) -> Iterator[str]:
        for line in self.lines:
            yield line.replace("\x00", "") if "\x00" in line else line
        self.ended = True


def _numbered(reader: Iterator[list[str]], lines: _Lines, mark: Mark) -> Rows:
    """A CSV's records numbered on from the mark's (1 first), the mark following: its rows, and whether the last
    record ended before its lines ran out (a quoted cell still open at the end of the file was ended by it)."""
    for rowno, cells in enumerate(reader, mark.rows + 1):
        mark.rows, mark.whole = rowno, not lines.ended
        yield rowno, cells


# The encodings a text can be read in from any line's start (a byte or two a character, no state), by the name the
# decoder of the text after the file's first bytes has: a UTF-16 file's BOM says its byte order once, at the start.
_FROM_A_LINE = {"utf-8": "utf-8", "utf-8-sig": "utf-8", "cp1252": "cp1252", "latin-1": "latin-1",
                "iso8859-1": "latin-1", "ascii": "ascii", "utf-16-le": "utf-16-le", "utf-16-be": "utf-16-be"}  # fmt: skip


@contextlib.contextmanager
def _appended(path: Path, mark: Mark, context: list[Any], newline: str | None) -> Iterator[io.TextIOWrapper]:
    """The text appended to a line register after `mark` (its first `mark.size` bytes are the file the mark was made
    of: ingest/shards.py has checked). Raises CannotGoOn unless the whole file's reading would read those lines
    alike: the same context (encoding, delimiter, dates), an encoding read from any line's start, and the mark's last
    line ended, with a line feed (a carriage return ends a line too, but one followed by an appended line feed would
    be one line end with it) and, in a CSV, with its record."""
    if mark.context != context:
        raise CannotGoOn(f"the file's encoding, delimiter or dates now read otherwise ({mark.context} -> {context})")
    if not mark.whole:
        raise CannotGoOn("the last record read was ended by the end of the file")
    with open(path, "rb") as raw:
        name, errors = codecs.lookup(context[0]).name, context[1]
        if name == "utf-16":
            name = "utf-16-be" if raw.read(2) == codecs.BOM_UTF16_BE else "utf-16-le"
        encoding = _FROM_A_LINE.get(name)
        if encoding is None:
            raise CannotGoOn(f"{context[0]} is not read from a line's start")
        feed = "\n".encode(encoding)
        if mark.size < len(feed) or mark.size % len(feed):
            raise CannotGoOn("the mark is not at a character's end")
        raw.seek(mark.size - len(feed))
        if raw.read(len(feed)) != feed:
            raise CannotGoOn("the last line read did not end with a line feed")
        yield io.TextIOWrapper(raw, encoding=encoding, errors=errors, newline=newline)


# --- spreadsheets ---------------------------------------------------------------------------------


_MERGE_REF = re.compile(rb'<(?:\w+:)?mergeCell\s+ref="([A-Z]+[0-9]+:[A-Z]+[0-9]+)"')


def bounded_zip(path: Path) -> None:
    """Refuses a workbook (XLSX, ODS: a zip of XML parts) whose parts expand past the bounds before any is read: a
    1.5 MB file of whitespace unpacks to 1.5 GB and took 3 GB to read. Python's zipfile never unpacks more than a
    part's declared size, so the declared sizes are what bounds the reading. A file that is no zip is left for the
    reader to refuse in its words."""
    try:
        with zipfile.ZipFile(path) as z:
            parts = z.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return
    for part in parts:
        expands = part.file_size > max(ZIP_GRACE, ZIP_RATIO * part.compress_size)
        if expands or part.file_size > ZIP_PART_LIMIT:
            raise RegisterTooLarge(
                f"{path}: its part {part.filename} unpacks to {part.file_size:,} bytes from {part.compress_size:,};"
                " not a register's workbook (save it again from the spreadsheet program)"
            )


def _merged_down(path: Path, ws: Any) -> list[tuple[int, int, int]]:
    """A sheet's cells merged down over several rows -> [(column index, top row, bottom row)].

    A register merges a date (or a place) over the entries of one day; openpyxl's read-only sheets give the value in
    the top cell only, and the rows under it read blank. Read from the sheet's XML, which read-only mode skips, a
    megabyte at a time (the merges come after the rows).
    """
    from openpyxl.utils.cell import range_boundaries

    part = getattr(ws, "_worksheet_path", None)  # read-only sheets know their part; if a version does not, no merges
    if not part:
        return []
    spans: list[tuple[int, int, int]] = []
    with zipfile.ZipFile(path) as z, z.open(part) as xml:
        carry = b""
        for chunk in iter(lambda: xml.read(1 << 20), b""):
            text, last = carry + chunk, 0
            for m in _MERGE_REF.finditer(text):
                col, top, _, bottom = range_boundaries(m.group(1).decode())
                if (top or 0) < (bottom or 0):
                    spans.append(((col or 1) - 1, top or 0, bottom or 0))
                last = m.end()
            carry = text[max(last, len(text) - 256) :]  # an element cut at the chunk's end is found in the next
    return spans


def _fill_merged(rows: Rows, spans: list[tuple[int, int, int]]) -> Rows:
    """Rows -> rows with each cell under a merged top cell given the top's value (its first column only).
    Merges cannot overlap in a workbook; one that does is passed over, so a row costs one merge a column at most
    (a hostile file's thousand merges over every row cost nothing more)."""
    spans = sorted(spans, key=lambda s: s[1])
    i = 0
    active: dict[int, tuple[int, int, Any]] = {}  # column -> (top row, bottom row, the top's value)
    for rowno, cells in rows:
        while i < len(spans) and spans[i][1] <= rowno:
            col, top, bottom = spans[i]
            i += 1
            if bottom >= rowno and (col not in active or active[col][1] < top):
                active[col] = (top, bottom, cells[col] if top == rowno and col < len(cells) else None)
        for col, (top, bottom, value) in list(active.items()):
            if bottom < rowno:
                del active[col]
            elif top < rowno and col < len(cells) and cells[col] in (None, ""):
                cells[col] = value
        yield rowno, cells


def _sheet_rows(path: Path, wb: Any, ws: Any) -> Rows:
    """A read-only sheet's rows as its XML holds them: (row number, [its values]), each row as wide as the sheet says
    it is (its declared dimension) or, past a register's width, as its last value.

    openpyxl's iter_rows pads every row to the declared dimension and yields an empty row for every number in a gap:
    a 5 KB file declaring (or holding) a cell at XFD1048576 made a million rows of 16,384 cells and never ended.
    Here a row costs what its cells in the file cost, by openpyxl's own parser of read-only sheets."""
    from openpyxl.worksheet._reader import WorkSheetParser

    declared = ws.max_column if ws.max_column and ws.max_column <= SHEET_COLUMNS else 0
    with ws._get_source() as src:
        parser = WorkSheetParser(
            src, ws._shared_strings, data_only=True, epoch=wb.epoch,
            date_formats=wb._date_formats, timedelta_formats=wb._timedelta_formats,
        )  # fmt: skip
        parsed = parser.parse()
        while True:
            try:
                rowno, cells = next(parsed)
            except StopIteration:
                return
            except Exception as e:  # broken XML, a cell openpyxl cannot read: the file is named, not a traceback
                raise RegisterUnreadable(
                    f"{path} (sheet {ws.title}): the sheet cannot be read ({type(e).__name__}); save it again"
                ) from None
            if rowno > SHEET_ROWS:
                raise RegisterTooLarge(f"{path} (sheet {ws.title}): a row numbered {rowno:,}, past Excel's last")
            values = [(c["column"], c["value"]) for c in cells if c["value"] is not None]
            width = max((col for col, _ in values), default=0)
            if width > SHEET_COLUMNS:
                raise RegisterTooLarge(
                    f"{path} (sheet {ws.title}): row {rowno:,} has a value past column {SHEET_COLUMNS:,}; a register"
                    " has a few columns (delete what lies beyond them)"
                )
            row: list[Any] = [None] * max(width, declared)
            for col, v in values:
                row[col - 1] = v
            yield rowno, row


def _serial_dates(fields: dict[str, Sequence[Any]]) -> None:
    """A date column's bare numbers read as a spreadsheet's day counts: 45968 -> 7 Nov 2025."""
    from openpyxl.utils.datetime import from_excel

    def serial(v: Any) -> bool:
        return isinstance(v, int | float) and not isinstance(v, bool) and 1 < v < 110000

    for f in DATE_FIELDS:
        column = fields.get(f)
        if column is not None and any(serial(v) for v in column):
            fields[f] = [from_excel(v) if serial(v) else v for v in column]


def _blocks_from_sheets(
    path: Path, mapping: dict[str, Any], names: list[str], rows_of: Callable[[str], Rows]
) -> Iterator[Block]:
    """A workbook's sheets (numbered rows of each, by name) -> Blocks. Every sheet with a register header is read
    (a month a sheet); a summary sheet without one is skipped. A date column holding a bare number is a day count."""
    if mapping.get("sheet"):
        if mapping["sheet"] not in names:
            raise RegisterUnreadable(f"{path}: no sheet named '{mapping['sheet']}' (it has {', '.join(names)})")
        names = [mapping["sheet"]]
    headed = written = False
    for name in names:
        try:
            yield from _blocks_from_rows(
                rows_of(name), path, mapping, name if len(names) > 1 else None, settle=_serial_dates
            )
            headed = True
        except (NoHeader, RegisterEmpty) as e:
            if len(names) == 1:
                raise
            written = written or isinstance(e, NoHeader)
            if isinstance(e, NoHeader):
                _note(name, None, "no_header")
            continue  # a summary sheet without a register header is not a register; an empty sheet is nothing
    if len(names) > 1 and not headed:
        if not written:
            raise RegisterEmpty(f"{path}: no sheet has a row")
        raise NoHeader(f"{path}: no sheet has a register header (a date and the cattle)")


def read_xlsx(path: Path, mapping: dict[str, Any]) -> Iterator[Block]:
    import openpyxl  # imported here: only spreadsheets pay for it

    bounded_zip(path)
    try:
        wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as e:  # openpyxl raises many kinds for a corrupt file
        raise RegisterUnreadable(f"{path}: not a readable XLSX workbook ({type(e).__name__})") from None

    def rows_of(name: str) -> Rows:
        try:
            ws = wb[name]  # reads the sheet's declared dimension from its XML
            spans = _merged_down(path, ws)
        except Exception as e:
            raise RegisterUnreadable(
                f"{path} (sheet {name}): the sheet cannot be read ({type(e).__name__}); save it again"
            ) from None
        rows = _sheet_rows(path, wb, ws)
        return _fill_merged(rows, spans) if spans else rows

    for name in wb.sheetnames:
        if wb[name].sheet_state != "visible":  # read all the same: a hidden month is still entries; said so
            _note(name, None, "hidden")
    try:
        yield from _blocks_from_sheets(path, mapping, list(wb.sheetnames), rows_of)
    finally:
        wb.close()


def _whole(v: Any) -> Any:
    """A spreadsheet's number as a register means it: 1.0 -> 1 (an entry number, a count); 2.5 and text as they are."""
    return int(v) if isinstance(v, float) and v.is_integer() else v


def _within_a_sheet(path: Path, name: str, height: int) -> None:
    """Refuses a sheet that reaches Excel's last row: an ODS row marked repeated (number-rows-repeated) a million
    times is a million rows, and calamine stops at row 1,048,576 without a word, so what lay past it was lost."""
    if height >= SHEET_ROWS:
        raise RegisterTooLarge(
            f"{path} (sheet {name}): {height:,} rows or more (a row repeated?); a register's sheet holds fewer than"
            f" {SHEET_ROWS:,} (delete the rows past its last entry and save it again)"
        )


def read_calamine(path: Path, mapping: dict[str, Any]) -> Iterator[Block]:
    """A LibreOffice Calc (.ods) or Excel 97-2003 (.xls) workbook, read by calamine: Kerala's offices keep registers in
    free software, and old offices in old Excel. Date cells arrive as dates; numbers as floats, made whole."""
    from python_calamine import CalamineWorkbook

    if path.suffix.lower() == ".ods":
        bounded_zip(path)
    try:
        wb = CalamineWorkbook.from_path(str(path))
        names = list(wb.sheet_names)
    except BaseException as e:  # calamine's own kinds, or a Rust panic (not an Exception) on a malformed file
        if isinstance(e, KeyboardInterrupt | SystemExit):
            raise
        raise RegisterUnreadable(
            f"{path}: not a readable {path.suffix[1:].upper()} workbook ({type(e).__name__})"
        ) from None

    def rows_of(name: str) -> Rows:
        try:
            sheet = wb.get_sheet_by_name(name)
            _within_a_sheet(path, name, sheet.height)
            rows = sheet.to_python(skip_empty_area=False)  # row 1 is the sheet's row 1
        except RegisterTooLarge:
            raise
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt | SystemExit):
                raise
            raise RegisterUnreadable(f"{path} (sheet {name}): cannot be read ({type(e).__name__})") from None
        return ((i, [_whole(c) if c != "" else None for c in r]) for i, r in enumerate(rows, 1))

    yield from _blocks_from_sheets(path, mapping, names, rows_of)


# --- JSON -----------------------------------------------------------------------------------------


def flatten(
    obj: Any, prefix: str = "", columns: dict[str, str] | None = None, lists_of_objects: bool = True
) -> dict[str, Any]:
    """A register entry (a JSON object) -> its cells: {'animal': {'kind': 'cow'}, 'owner': None} -> {'animal.kind':
    'cow', 'owner': None}; a list of values joined ({'marks': ['star', 'cut ear']} -> {'marks': 'star, cut ear'}); a
    list of objects read as what it holds: {'animal': [{'kind': 'cow'}]} -> {'animal.kind': 'cow'}, several objects
    as one (_several_objects). Judging whether a document's objects are entries (_keyed_entries), a list of objects
    is kept whole (`lists_of_objects=False`): a list of entries is not one entry's cells."""
    out: dict[str, Any] = {}
    if not isinstance(obj, dict):
        return out
    for k, v in obj.items():
        key = f"{prefix}.{k}" if prefix else str(k)
        if isinstance(v, list) and any(isinstance(x, dict) for x in v):
            if not lists_of_objects:
                out[key] = v
                continue
            objects = [flatten(x, key, columns) if isinstance(x, dict) else {key: x} for x in v]
            objects = [o for o in objects if any(_cell_text(c) for c in o.values())]
            out.update(objects[0] if len(objects) == 1 else _several_objects(objects, columns))
        elif isinstance(v, dict) and v:
            out.update(flatten(v, key, columns, lists_of_objects))
        elif isinstance(v, list):
            out[key] = _cell_text(v)
        else:
            out[key] = v
    return out


def _cell_text(v: Any) -> str:
    """A value inside a JSON list as text: 'cow' -> 'cow'; ['a', 'b'] -> 'a, b'; None -> ''."""
    if v is None:
        return ""
    if isinstance(v, list):
        return ", ".join(t for x in v if (t := _cell_text(x)))
    if isinstance(v, dict):
        return ", ".join(t for x in v.values() if (t := _cell_text(x)))
    return str(v).strip()


def _several_objects(objects: list[dict[str, Any]], columns: dict[str, str] | None) -> dict[str, Any]:
    """An entry's list of several objects (flattened) -> one object: each key's distinct values joined by '; ', but
    animals, each with a kind, as one phrase of kinds that the ingest splits into an impoundment each (as it does
    '1 cow and 2 goats' written in one cell), their count the sum of theirs when each has one:
    [{'a.kind': 'cow', 'a.count': 1}, {'a.kind': 'goat', 'a.count': 2}] -> {'a.kind': '1 cow and 2 goat', 'a.count': 3};
    [{'o.name': 'A. Nair'}, {'o.name': 'B. Pillai'}] -> {'o.name': 'A. Nair; B. Pillai'}."""
    keys = list(dict.fromkeys(k for o in objects for k in o))
    found = recognise(keys, columns)
    kind, count = (keys[found[f]] if f in found else None for f in ("species", "head_count"))
    out: dict[str, Any] = {}
    for key in keys:
        texts = [_cell_text(o.get(key)) for o in objects]
        out[key] = "; ".join(dict.fromkeys(t for t in texts if t)) or None
    if kind is not None and all(_cell_text(o.get(kind)) for o in objects):
        counts = [_cell_text(o.get(count)) if count else "" for o in objects]
        out[kind] = " and ".join(f"{n} {_cell_text(o[kind])}".strip() for n, o in zip(counts, objects, strict=True))
        if count is not None:
            out[count] = sum(int(n) for n in counts) if all(n.isdigit() for n in counts) else None
    return out


def _objects_block(rownos: list[int], objects: list[dict[str, Any]], found: list[dict[str, str]]) -> Block:
    """JSON entries (flattened objects, each with its {field: key}) -> a Block whose fields are every field any of
    them has; an entry without one reads None there."""
    names: dict[str, None] = {}
    for m in {id(m): m for m in found}.values():  # each entries' {field: key} once, in order
        names.update(dict.fromkeys(m))
    fields: dict[str, Sequence[Any]] = {}
    absent: dict[str, set[int]] = {}
    for f in names:
        column = [obj[m[f]] if f in m else None for obj, m in zip(objects, found, strict=True)]
        missing = {i for i, m in enumerate(found) if f not in m}
        if missing:
            absent[f] = missing
        fields[f] = column
    return Block(None, [], rownos, [], {}, fields, objects, found, absent)


def _json_blocks(
    items: Iterator[tuple[int, Any]],
    path: Path,
    mapping: dict[str, Any],
    going_on: Mark | None = None,
    end: Mark | None = None,
) -> Iterator[Block]:
    """JSON entries (objects, flattened) -> Blocks of BLOCK_ROWS. A line that is not JSON is an entry of its own kind
    ('unparsed'): rejected as such, not as a blank date. Going on from a Mark, the entries are counted on from its
    (the first HEADER_SEARCH_ROWS of them named the date brought); `end` gets the count."""
    columns = mapping.get("columns") or {}
    cache: dict[tuple[str, ...], dict[str, str]] = {}
    seen_header = anything = going_on is not None
    rownos: list[int] = []
    objects: list[dict[str, Any]] = []
    found: list[dict[str, str]] = []
    before = count = going_on.records if going_on is not None else 0
    for count, (rowno, item) in enumerate(items, before + 1):
        anything = True
        _bounded_entries(count, seen_header, path)
        try:
            flat = flatten(item, columns=columns) if isinstance(item, dict) else {"value": item}
        except RecursionError:  # objects in objects a thousand deep: no register's entry, rejected as unreadable
            flat = {"__unparsed__": "(nested too deep)"}
        keys = tuple(flat)
        fields = cache.get(keys)
        if fields is None:
            if "__unparsed__" in flat:
                fields = {"unparsed": "__unparsed__"}
            else:
                fields = {f: keys[i] for f, i in recognise(keys, columns).items()}
            cache[keys] = fields
        seen_header = seen_header or ("brought_at" in fields)
        rownos.append(rowno)
        objects.append(flat)
        found.append(fields)
        if len(rownos) >= BLOCK_ROWS:
            yield _objects_block(rownos, objects, found)
            rownos, objects, found = [], [], []
    if rownos:
        yield _objects_block(rownos, objects, found)
    if end is not None:
        end.records = count
    if not anything:
        raise RegisterEmpty(f"{path}: no entries")
    if not seen_header:
        raise RegisterUnreadable(f"{path}: no field naming the date brought was recognised; add a mapping file")


def _bounded_entries(count: int, seen_header: bool, path: Path) -> None:
    """The count-th JSON entry of a file read so far -> nothing, or the one-line error that ends it: entries past
    JSON_ENTRIES, or HEADER_SEARCH_ROWS entries without a field naming the date brought (`[{}, {}, ...]`)."""
    if count > JSON_ENTRIES:
        raise RegisterTooLarge(
            f"{path}: more than {JSON_ENTRIES:,} entries in one file; a register holds fewer (split it by year)"
        )
    if count > HEADER_SEARCH_ROWS and not seen_header:
        raise RegisterUnreadable(
            f"{path}: no field naming the date brought in its first {HEADER_SEARCH_ROWS} entries; add a mapping file"
        )


def _keyed_entries(node: dict[str, Any]) -> bool:
    """{'1': {'date': ..., 'kind': ...}, '2': {...}} -> True: every value an entry naming the date brought."""
    values = list(node.values())
    try:
        return bool(values) and all(
            isinstance(v, dict) and "brought_at" in recognise(tuple(flatten(v, lists_of_objects=False)), None)
            for v in values
        )
    except RecursionError:
        return False


def _rows_of_lists(node: Any) -> bool:
    return isinstance(node, list) and bool(node) and all(isinstance(x, list) for x in node)


def _json_table(data: Any) -> Iterator[tuple[int, list[Any]]] | None:
    """JSON holding a table as lists -> numbered rows, header included; None for any other JSON.

    [["No", "Date"], [1, "03/11/2025"]] -> (1, ["No", "Date"]), (2, [1, "03/11/2025"]) (a sheet's API export);
    {"columns": ["No", "Date"], "rows": [[1, "03/11/2025"]]} -> (0, ["No", "Date"]), (1, [1, "03/11/2025"]) (pandas'
    "split", Datasette's own JSON): each entry keeps its item number in the list of rows.
    """
    if _rows_of_lists(data):
        return enumerate(data, 1)
    if not isinstance(data, dict):
        return None
    header = next((v for v in data.values() if isinstance(v, list) and v and all(isinstance(x, str) for x in v)), None)
    rows = next((v for v in data.values() if _rows_of_lists(v)), None)
    if rows is None:
        return None
    if header is None:
        return enumerate(rows, 1)
    return enumerate([header, *rows])


def read_jsonl(
    path: Path, mapping: dict[str, Any], going_on: Mark | None = None, end: Mark | None = None
) -> Iterator[Block]:
    """A JSON Lines register's Blocks; going on from a Mark, those of the lines after it (_appended). `end` gets where
    the reading ended (Mark)."""
    encoding = sniff_encoding(path)
    mark = end if end is not None else Mark()
    mark.layout, mark.context, mark.rows, mark.whole = "jsonl", [encoding, "replace"], 0, True

    def items() -> Iterator[tuple[int, Any]]:
        with contextlib.ExitStack() as stack:
            if going_on is None:
                f: Any = stack.enter_context(open(path, encoding=encoding, errors="replace"))
            else:
                f = stack.enter_context(_appended(path, going_on, mark.context, newline=None))
                mark.rows = going_on.rows
            for lineno, line in enumerate(bounded_lines(f, path), mark.rows + 1):
                mark.rows = lineno
                if not line.strip():
                    continue
                try:
                    yield lineno, json.loads(line)
                except (ValueError, RecursionError):  # not JSON, or nested deeper than a parser goes: a reject
                    yield lineno, {"__unparsed__": line.strip()[:200]}

    yield from _json_blocks(items(), path, mapping, going_on, mark)


def read_json(path: Path, mapping: dict[str, Any]) -> Iterator[Block]:
    if os.stat(path).st_size > JSON_LIMIT:  # read whole, and held in memory several times over as objects
        raise RegisterTooLarge(
            f"{path}: a JSON document over {JSON_LIMIT >> 20} MB; save the register as JSON Lines (one entry a line,"
            " .jsonl) or CSV, which are read a line at a time"
        )
    try:
        text = path.read_text(encoding=sniff_encoding(path))
        if not text.strip():
            raise RegisterEmpty(f"{path}: no entries")
        data = json.loads(text)
    except (ValueError, UnicodeError) as e:
        raise RegisterUnreadable(f"{path}: not valid JSON ({e})") from None
    except RecursionError:
        raise RegisterUnreadable(f"{path}: not a register (JSON nested deeper than any register's)") from None
    if data in ([], {}):
        raise RegisterEmpty(f"{path}: no entries")
    table = _json_table(data)
    if table is not None:  # rows as lists, under a header: read as a spreadsheet is
        yield from _blocks_from_rows(table, path, mapping)
        return
    if isinstance(data, dict):  # an app's export: {"records": [...]}, {"data": {"rows": [...]}}, {"17": {...}, ...}
        stack: deque[Any] = deque([data])  # breadth first: the shallowest list of entries is the register
        data = None
        while stack:
            node = stack.popleft()
            if isinstance(node, list) and node and all(isinstance(x, dict) for x in node):
                data = node
                break
            if isinstance(node, dict):
                if _keyed_entries(node):  # entries keyed by their number, as some apps and databases export
                    data = [{"entry": k, **v} if "entry" not in v else v for k, v in node.items()]
                    break
                stack.extend(node.values())
    if not isinstance(data, list):
        raise RegisterUnreadable(f"{path}: no list of register entries found in the JSON")
    _bounded_entries(len(data), True, path)  # the document is read whole: too many entries are known at once
    yield from _json_blocks(enumerate(data, 1), path, mapping)


# The layouts read a line at a time, which a Mark can go on from.
_LAYOUTS = {".csv": "delimited", ".tsv": "delimited", ".txt": "delimited", ".jsonl": "jsonl", ".ndjson": "jsonl"}


def read_blocks(path: Path, going_on: Mark | None = None, end: Mark | None = None) -> Iterator[Block]:
    """Any register file -> its entries' rows, a Block at a time. Raises RegisterUnreadable for a file that cannot be
    read at all (at once when it is no regular file or of no format Pinfold reads, else when the reading meets it).

    A line register (CSV, TSV, text, JSON Lines) fills `end` with where its reading ended (Mark); read again going on
    from such a mark, once bytes were appended to the file, it gives the Blocks of the lines after it alone, as the
    whole file's reading would give them, or raises CannotGoOn (another format, or a line appended that changes how
    the file reads: its encoding, delimiter or dates)."""
    suffix = path.suffix.lower()
    if not regular(path):
        raise RegisterUnreadable(f"{path}: not a regular file (a pipe, a device?); a register is a file")
    if os.stat(path).st_size == 0:  # a month's file created and not yet filled
        raise RegisterEmpty(f"{path}: 0 bytes")
    mapping = load_mapping(path)
    if going_on is not None and going_on.layout != _LAYOUTS.get(suffix):
        raise CannotGoOn(f"{path}: a {suffix} file is read whole")
    if suffix == ".xlsx":
        return read_xlsx(path, mapping)
    if suffix in (".ods", ".xls"):
        return read_calamine(path, mapping)
    if suffix in (".jsonl", ".ndjson"):
        return read_jsonl(path, mapping, going_on, end)
    if suffix == ".json":
        return read_json(path, mapping)
    if suffix in (".csv", ".tsv", ".txt"):
        return read_delimited(path, mapping, going_on, end)
    raise RegisterUnreadable(f"{path}: not a register format Pinfold reads ({', '.join(sorted(REGISTER_SUFFIXES))})")


def stored_text(v: Any) -> str:
    """A cell as text for the private register: dates as ISO, None as ''."""
    if v is None:
        return ""
    if isinstance(v, dt.datetime | dt.date | dt.time):
        return v.isoformat()
    return str(v)
