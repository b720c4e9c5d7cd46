"""The public forms of cells that are not free text (one job of ingest/privacy.py): a kind cell's kind words
(`public_kind`), an entry number's number (`public_entry_no`), a reject's reason without the cell it quotes
(`public_reason`), a pound of pounds.csv (`public_pound`), a register's file name and a workbook's sheet name
(`public_sources`, `public_sheet`: as written when recognised, else a number that stays the file's from one ingest to
the next), and the deployment's places (`deployment_places`).

    public_kind('cow of Sri Ramakrishnan Unnithan') -> 'cow'; public_entry_no('12 (Lonappan Chiramel)') -> '12'
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import sqlite3
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from pinfold.errors import RecordRejected
from pinfold.lexicon import known, place_words
from pinfold.vocabulary import (
    NOT_CATTLE,
    NUMBER_WORDS,
    species_of,
    word_species,
)

from .hiding import hide, hide_people, hide_prose
from .normalise import DITTO_MARKS, MONTHS
from .people import COMMON, EMPTY, Persons, _flat_text, persons_of, roster_of
from .text_folding import NUMBER, PLACEHOLDERS, _words, fold_spellings, tokens

# --- public values of columns that are not free text ---------------------------------------------------------------

# Words a kind cell holds besides the kind: counts, "a pair of", colours and marks ("2 black cows").
_KIND_CELL_WORDS = _words("a an the of and with nos no head heads") | COMMON | frozenset(NUMBER_WORDS)


@lru_cache(maxsize=8192)
def public_kind(kind: str) -> str:
    """A kind cell as the public reads it: the cell when every word is one the ingest reads, else its kind words.

    'Cows' -> 'Cows'; '2 pashukkal' -> '2 pashukkal'; 'bufallo' -> 'bufallo' (read as a buffalo);
    'cow of Sri Ramakrishnan Unnithan' -> 'cow'."""
    toks = tokens(kind)
    if all(t.word.isdigit() or t.word in _KIND_CELL_WORDS or word_species(t.word) for t in toks):
        return kind
    if len(toks) == 1:
        try:
            species_of(kind)
            return kind  # one word read as a kind, a letter or two off ('bufallo'): a kind, and no one's name
        except RecordRejected:
            return ""
    return " ".join(kind[t.start : t.end] for t in toks if word_species(t.word) or t.word in NOT_CATTLE)


_ENTRY_WORDS = _words("no sl sr serial entry reg receipt page vol folio s")
_NUMBER_LIKE = re.compile(r"(?<!\w)(?:(?P<code>[A-Za-z]{1,4})\s?[-/.]\s?)?(?P<number>\d[\d/.\-]*[A-Za-z]?)(?!\w)")
# A word of an entry number: a number of six digits or fewer, a letter or three before it and one after ('12a',
# 'e12'). A longer run, or more letters round it, is a person's code (a PAN, a voter ID, a phone), not the register's.
_ENTRY_CODE = re.compile(r"[a-z]{0,3}\d{1,6}[a-z]?")
_SEVEN_DIGITS = re.compile(r"\d{7}|(?:\d\D*){10}")  # a run of seven, or ten in all (an Aadhaar with dots)
_VEHICLE = re.compile(r"\b[A-Za-z]{2}[\s-]?\d{1,2}[\s-]?[A-Za-z]{1,3}[\s-]?\d{4}\b")


@lru_cache(maxsize=65536)
def public_entry_no(entry_no: str | None) -> str | None:
    """An entry number as the public reads it: its number-like part.

    '12' -> '12'; 'KTR/12/2025' -> 'KTR/12/2025'; 'Sl. 5' -> 'Sl. 5'; '12 (Lonappan Chiramel)' -> '12';
    'Lonappan' -> None; '9447012345' -> '[number]' (a mobile where the number belongs); 'ABCPK1234F 3' -> '3';
    'KLT1234567' -> None; '3456.7812.9012', 'KL 07 AB 1234' -> '[number]' (a person's code is no entry's number)."""
    if not entry_no:
        return entry_no
    if entry_no.isascii() and entry_no.isdigit():  # most registers' numbers: what _read_entry_no makes of them
        return entry_no if len(entry_no) < 7 else "[number]"
    return _read_entry_no(entry_no)


def _read_entry_no(entry_no: str) -> str | None:
    """public_entry_no of any text: its words read one by one (15 us for '12', where the digits' own test takes
    0.1 us; an entry number is read for its public column and for its id)."""
    toks = tokens(entry_no)
    plain = all(
        _ENTRY_CODE.fullmatch(t.word.casefold())
        or t.word in _ENTRY_WORDS
        or (len(t.word) <= 3 and entry_no[t.start : t.end].isupper())
        for t in toks
    )
    if not plain:
        m = _NUMBER_LIKE.search(entry_no)
        if not m:
            return None
        code = m["code"]
        # an office's code before the number is written in capitals ('KTR/12') or is a word of entry numbers
        # ('Reg/12'); a name of four letters or fewer is not ('Babu/12' -> '12')
        office = code is None or (code.isupper() and len(code) <= 3) or code.casefold() in _ENTRY_WORDS
        entry_no = m.group() if office else m["number"]
    shown = hide_people(entry_no)
    return "[number]" if shown and (_SEVEN_DIGITS.search(shown) or _VEHICLE.search(shown)) else shown


# Ten digits or more, spaced or not: a mobile or an Aadhaar, when a row shifted by a column puts one where a reason
# quotes a count ("The number of head is 9447012345"); and a run of five digits or more, a landline without its code
# ("The number of head is 2345678"): no reason quotes a number that long of its own (counts of four digits or fewer;
# sizes are written with commas, 6,019).
_LONG_NUMBER = re.compile(r"(?<!\d)\d(?:[ -]?\d){9,}(?!\d)|(?<![\d,])\d{5,}(?![\d,])")
_QUOTED_SAFE = frozenset(DITTO_MARKS) | _KIND_CELL_WORDS


def public_reason(err: RecordRejected, cells: dict[str, Any], roster: Persons = EMPTY) -> str:
    """A reject's reason as the public database holds it: the reason without the cell it quotes (`public`, given
    where the reason is raised), with no known person, titled name or person's number; should a reason quote a
    cell all the same ('...' or in brackets), that cell's text taken out unless every word of it is one the ingest
    reads; and no number of five digits or more.

    ("The date 'Kunjan Nair' could not be read ...", public "The date could not be read ...") -> the public one.
    Rejects are few: the cost is nothing."""
    reason = hide_people(err.public or str(err), *persons_of(cells), roster) or str(err)
    for value in cells.values():
        cell = _flat_text(value)
        if all(t.word.isdigit() or t.word in _QUOTED_SAFE for t in tokens(cell)):
            continue
        for quoted in (f"'{cell}'", f"({cell.strip()})"):  # a reason quotes a cell so, or in brackets (review)
            reason = reason.replace(quoted, f"{quoted[0]}…{quoted[-1]}")
    return _LONG_NUMBER.sub(NUMBER, reason)


# --- pounds.csv: what is published of a pound -------------------------------------------------------------------


def place_field(text: str | None, roster: Persons = EMPTY) -> str:
    """A place field of pounds.csv (village, local authority, district) as published: its first part, the place's
    name, without the roster's people, a titled name or a number; what follows a comma passes recognition, the
    place's name and the deployment's places known. 'Ollur' -> 'Ollur'; 'Ollur, near Kunjan Pillai's shop' ->
    'Ollur, near […] shop'; 'Ollur, Sri. Kunjan 9447012345' -> 'Ollur, [name] [number]'."""
    shown = hide_people(text, roster) or ""
    name, comma, rest = shown.partition(",")
    if not comma:
        return shown
    known_here = roster | Persons(places=place_words(name))
    return name + comma + (hide(rest, known_here) or "")


def public_pound(pound: Any, roster: Persons = EMPTY) -> Any:
    """A pound (ingest.sources.Pound) as published: its place fields (`place_field`), its name, hours and address
    made of what is recognised (`hide_prose`: the law's words too), its own and the deployment's places (`roster`'s
    places) known; its telephone, the office's, as written.

    Pound(name="Raghavan Nair's Pound", village='Ollur, Sri. Kunjan 9447012345', ...) with the roster
    ['K. Raghavan Nair'] -> Pound(name="[name] Pound", village='Ollur, [name] [number]', ...)."""
    fields = {f: place_field(getattr(pound, f), roster) for f in ("village", "local_authority", "district")}
    known_here = roster | roster_of((), fields.values())  # the places as published: a person in the village is none
    prose = {f: hide_prose(getattr(pound, f), known_here) for f in ("hours", "address")}
    return dataclasses.replace(pound, name=hide(pound.name, known_here) or "", **fields, **prose)


def public_pounds(
    pounds: dict[str, Any], roster: Iterable[dict[str, Any]], places: Iterable[str] = ()
) -> dict[str, Any]:
    """pounds.csv's pounds as published, the roster's (rules/roster.csv rows) names and the deployment's places
    (rules/places.csv, pounds.csv: RuleBook.places) known: {'p1': Pound(...)}."""
    known = roster_of((r.get("name") or "" for r in roster), places)
    return {pid: public_pound(p, known) for pid, p in pounds.items()}


def deployment_places(
    places_csv: Iterable[dict[str, str]], pounds_csv: Iterable[dict[str, str]], roster: Persons = EMPTY
) -> list[str]:
    """The place names a deployment knows, public in every text: rules/places.csv's names in English and Malayalam and
    their districts, and pounds.csv's villages, local authorities and districts as published (`place_field`'s first
    part: a person written after a comma is no place). ([{'name': 'Kuttur', 'name_ml': 'കുറ്റൂർ', 'district':
    'Thrissur'}], [{'village': 'Ollur, Sri. Kunjan', ...}]) -> ['Kuttur', 'കുറ്റൂർ', 'Thrissur', 'Ollur', ...]."""
    out: list[str] = []
    for r in places_csv:
        out += [public_place(r.get(f), roster) for f in ("name", "name_ml", "district")]
    for r in pounds_csv:
        out += [place_field(r.get(f), roster).partition(",")[0] for f in ("village", "local_authority", "district")]
    return [p for p in out if p and not any(x in p for x in PLACEHOLDERS)]


def public_place(text: str | None, roster: Persons = EMPTY) -> str:
    """A place's name of a deployment's file as public bytes may carry it, or '' when it named a person (the roster's,
    or any titled name): 'Ollur Panchayat' -> 'Ollur Panchayat'; 'Sri. Kunjan Nair' -> ''."""
    shown = (hide_people((text or "").strip(), roster) or "").strip()
    return "" if any(p in shown for p in PLACEHOLDERS) else shown


# --- a register's file name --------------------------------------------------------------------------------------

# Words a register's file name may hold besides months, the pound's places and numbers: what the file is.
_FILE_WORDS = _words(
    "register rejister registers reg book pound pounds export sheet sheets data entries entry cattle copy final "
    "draft new old vol part page scan scanned typed year month first last later earlier before after"
)
_FILE_WORD = re.compile(r"[\u0D00-\u0D7F]+|[^\W\d_]+|\d+")


def _pound_places(pound: Any) -> frozenset[str]:
    return place_words(pound.name, pound.village, pound.local_authority, pound.district)


def _recognised_name(name: str, places: frozenset[str]) -> bool:
    """Whether every word of a file's or a sheet's name is recognised: 'register-2025', 'Sheet1', 'നവംബർ 2025',
    'Ollur export' -> True; 'Kochouseph Pallan book' -> False."""
    words = _FILE_WORD.findall(fold_spellings(name))
    return all(w.isdigit() or w in _FILE_WORDS or w in MONTHS or known(w, places) for w in words)


def public_source(rel: str, pound: Any, number: int) -> str:
    """A register's path as published: as written when every word of its folders and name below the pound's folder
    is recognised (months, years and other numbers, the pound's places and name, `register` and the like, the words
    of the lexicon: 'sale', 'after', 'claim'), else the register's number in its pound.

    ('registers/p1/register-2025.csv', Pound(village='Ollur', ...), 1) -> as it is;
    ('registers/p1/Raghavan Nair book.xlsx', ..., 3) -> 'registers/p1/register-3.xlsx'."""
    head, _, below = rel.partition(f"/{pound.id}/")
    if not below:
        return rel
    stem, dot, ext = below.rpartition(".")
    if _recognised_name(stem if dot else below, _pound_places(pound)):
        return rel
    return f"{head}/{pound.id}/register-{number}{dot}{ext if dot else ''}"


# The private database keeps, from one ingest to the next, the number each unrecognised file was published under, so
# a file keeps its public name when others are added or removed (the history follows an entry by it), and a number is
# never given to another file. The numbers are given in order, never derived from the name (a hash can be guessed).
NAMES_TABLE = "register_names"
_NUMBERED = re.compile(r"/register-(\d+)(?:\.[^/]*)?$")


def previous_names(private_db: Path | str | None) -> dict[str, tuple[str, str]]:
    """The file names the previous ingest published as numbers: {'registers/p1/Kochouseph.csv': ('p1',
    'registers/p1/register-1.csv')}; {} when there is no private database or it is older than the table."""
    if private_db is None or not Path(private_db).is_file():
        return {}
    try:
        with contextlib.closing(sqlite3.connect(f"file:{Path(private_db).resolve()}?mode=ro", uri=True)) as con:
            rows = con.execute(f"SELECT file, pound_id, public_name FROM {NAMES_TABLE}").fetchall()
    except sqlite3.Error:
        return {}
    return {file: (pid, name) for file, pid, name in rows}


def public_sources(
    files: Sequence[tuple[str, Any]], data_dir: Any, pounds: dict[str, Any], private_db: Path | str | None = None
) -> list[str]:
    """[(pound id, path)] -> each register's published path (`public_source`). An unrecognised name is published as
    the number the previous ingest gave it (`previous_names`), else as a new one: its place among the pound's files,
    or the pound's highest number yet and one, whichever is higher, and never a name another file is published as.

    First ingest of p1/{Kochouseph.csv, register-2025.csv, Zacharias.csv} -> register-1, register-2025, register-3;
    then with p1/Abraham.csv added -> Abraham.csv is register-4, the others as before."""
    previous = previous_names(private_db)
    rels = [path.relative_to(data_dir).as_posix() for _, path in files]
    shown = [public_source(rel, pounds[pid], 0) for (pid, _), rel in zip(files, rels, strict=True)]
    taken = {name for name, rel in zip(shown, rels, strict=True) if name == rel}
    highest: dict[str, int] = {}
    for pid, name in previous.values():
        m = _NUMBERED.search(name)
        if m:
            highest[pid] = max(highest.get(pid, 0), int(m.group(1)))
    place: dict[str, int] = {}
    out = []
    for (pid, _), rel, name in zip(files, rels, shown, strict=True):
        place[pid] = place.get(pid, 0) + 1
        if name == rel:
            out.append(rel)
            continue
        was = previous.get(rel)
        if was and was[0] == pid and was[1] not in taken:
            name = was[1]
        else:
            n = max(place[pid], highest.get(pid, 0) + 1)
            while (name := public_source(rel, pounds[pid], n)) in taken:
                n += 1
            highest[pid] = max(highest.get(pid, 0), n)
        taken.add(name)
        out.append(name)
    return out


def keep_real_names(
    priv: sqlite3.Connection, jobs: Sequence[Any], data_dir: Path, private_db: Path | str, kept: Path
) -> None:
    """The private register's entries and rejects under their real file and sheet names (clerks find them so), once
    the duplicates are marked by the published ones; the numbers given to files kept for the next ingest
    (`NAMES_TABLE`, every number ever given). jobs: ingest.shards.ShardJob (path, rel: the published name, shard,
    key); kept: the folder of kept shards, where a shard is once the ingest has kept it."""
    priv.execute(f"CREATE TABLE IF NOT EXISTS {NAMES_TABLE} (file TEXT PRIMARY KEY, pound_id TEXT, public_name TEXT)")
    # this ingest's renamed sheets, so the two databases can be joined: (file, sheet, public_sheet)
    priv.execute("CREATE TABLE IF NOT EXISTS register_sheets (file TEXT, sheet TEXT, public_sheet TEXT)")
    names = {file: (pid, name) for file, (pid, name) in previous_names(private_db).items()}
    renamed: list[tuple[str, str]] = []
    for job in jobs:
        real = job.path.relative_to(data_dir).as_posix()
        shard = job.shard if job.shard.exists() else kept / f"{job.key}.db"
        for sheet, public in _sheet_names(shard) if job.path.suffix.lower() in _WORKBOOKS else ():
            priv.execute(
                "UPDATE register_entries SET source_sheet = ? WHERE source_file = ? AND source_sheet = ?",
                (sheet, job.rel, public),
            )
            priv.execute(
                "INSERT INTO register_sheets (file, sheet, public_sheet) VALUES (?, ?, ?)", (real, sheet, public)
            )
        if job.rel != real:
            names[real] = (job.pound.id, job.rel)
            renamed.append((real, job.rel))
    priv.executemany(
        f"INSERT OR REPLACE INTO {NAMES_TABLE} (file, pound_id, public_name) VALUES (?, ?, ?)",
        [(f, *v) for f, v in names.items()],
    )
    priv.executemany("UPDATE register_entries SET source_file = ? WHERE source_file = ?", renamed)


# --- a workbook's sheet names --------------------------------------------------------------------------------------

_WORKBOOKS = (".xlsx", ".xlsm", ".ods", ".xls")
SHEETS_TABLE = "_sheet_names"  # in a register's shard: each renamed sheet's name, for the private register


def public_sheet(con: sqlite3.Connection, sheet: str | None, pound: Any) -> str | None:
    """A workbook's sheet name as published: as written when recognised ('Sheet1', 'Nov 2025', 'നവംബർ', the pound's
    places), else what recognition keeps of it and its number among the file's renamed sheets ('Raghavan Nair' ->
    '[…] (1)', 'Kunjan Nov 2025' -> '[…] Nov 2025 (2)'). A renamed sheet is noted in the shard (`con`), so the
    private register keeps its real name (`keep_real_names`)."""
    if not sheet:
        return sheet
    places = _pound_places(pound)
    if _recognised_name(sheet, places):
        return sheet
    con.execute(f"CREATE TABLE IF NOT EXISTS {SHEETS_TABLE} (sheet TEXT PRIMARY KEY, public TEXT NOT NULL)")
    row = con.execute(f"SELECT public FROM {SHEETS_TABLE} WHERE sheet = ?", (sheet,)).fetchone()
    if row:
        return str(row[0])
    (n,) = con.execute(f"SELECT count(*) FROM {SHEETS_TABLE}").fetchone()
    public = f"{hide(sheet, Persons(places=places))} ({n + 1})"
    con.execute(f"INSERT INTO {SHEETS_TABLE} (sheet, public) VALUES (?, ?)", (sheet, public))
    return public


def _sheet_names(shard: Path) -> list[tuple[str, str]]:
    """A shard's renamed sheets: [('Raghavan Nair', '[…] (1)')]; [] for a shard without (most are)."""
    if not shard.is_file():
        return []
    with contextlib.closing(sqlite3.connect(f"file:{shard}?mode=ro", uri=True)) as con:
        try:
            return [(str(a), str(b)) for a, b in con.execute(f"SELECT sheet, public FROM {SHEETS_TABLE}")]
        except sqlite3.OperationalError:
            return []


def published_name(private_db: Path | str, file: str) -> str:
    """A register's published path, from its real one, as the private database recorded it:
    'registers/p1/Kochouseph Pallan book.csv' -> 'registers/p1/register-1.csv'; a recognised name as it is."""
    return previous_names(private_db).get(file, ("", file))[1]
