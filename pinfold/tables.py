"""Rows by name: a table's columns as its one declaration gives them, and the one way rows go into a table.

A row is a mapping of column names to values. It is written by the names the table was created with, never by
position, and a row with a name missing or a name the table does not have is refused (`ColumnsMismatch`), so a
column added, removed or moved in a declaration cannot shift every value after it into the wrong column unnoticed.

    insert_rows(con, "roster", [{"name": "K. Raghavan", "role": "clerk", "pound_id": "p1", "local_authority": ""}])
    insert_columns(con, "_staged", {"id": ["p1-6c3e..."], "pound_id": ["p1"], ...})  # a block at a time
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from operator import itemgetter, length_hint
from typing import Any, NamedTuple

from .schema import PUBLIC


class ColumnsMismatch(ValueError):
    """Rows for a table whose names are not the table's columns: a bug in the code writing them, named in one line.
    ColumnsMismatch('roster', {'name', 'role'}, ('name', 'role', 'pound_id')) ->
    'rows for roster: missing pound_id; extra none'."""

    def __init__(self, table: str, names: Iterable[str], columns: Sequence[str]):
        given = set(names)
        missing = [c for c in columns if c not in given]
        extra = sorted(given.difference(columns))
        self.table, self.missing, self.extra = table, missing, extra
        super().__init__(
            f"rows for {table}: missing {', '.join(missing) or 'none'}; extra {', '.join(extra) or 'none'}"
        )


class Column(NamedTuple):
    """One declared column (SQLite's PRAGMA table_info): ('head_count', 'INTEGER', True, None, False)."""

    name: str
    type: str
    not_null: bool
    default: str | None
    primary_key: bool


@cache
def declared(table: str, declarations: str = PUBLIC) -> tuple[Column, ...]:
    """A table's columns from its CREATE TABLE in `declarations` (the public tables, pinfold/schema.py PUBLIC, by
    default; the ingest passes its private ones): 'ingest_summary' -> (Column('files', 'INTEGER', ...), ...)."""
    con = sqlite3.connect(":memory:")
    try:
        con.executescript(declarations)
        return _columns(con, table)
    finally:
        con.close()


def columns_of(table: str, declarations: str = PUBLIC) -> tuple[str, ...]:
    """A table's column names in declared order: 'ingest_summary' -> ('files', 'records', 'stored', 'duplicates',
    'rejects', 'data_version')."""
    return tuple(c.name for c in declared(table, declarations))


def _columns(con: sqlite3.Connection, table: str) -> tuple[Column, ...]:
    """The columns of a table as the connection has it, schema and all: 'scratch._scheduled' -> its six columns."""
    schema, _, name = table.rpartition(".")
    found = tuple(
        Column(r[1], r[2], bool(r[3]), r[4], bool(r[5]))
        for r in con.execute(f'PRAGMA {schema + "." if schema else ""}table_info("{name}")')
    )
    if not found:
        raise ColumnsMismatch(table, (), ("a table of that name",))
    return found


def _statement(table: str, columns: Sequence[str]) -> str:
    """'roster', ('name', 'role') -> 'INSERT INTO roster (name, role) VALUES (?,?)'."""
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({','.join('?' * len(columns))})"


def _in_order(table: str, columns: tuple[str, ...], rows: Iterable[Mapping[str, Any]]) -> Iterator[tuple[Any, ...]]:
    """Each mapping as a tuple in the table's column order, a mapping with other names refused: as many names as
    columns, each column's name among them (itemgetter, in C: a sale's 22 names cost about 1 us, not 5)."""
    get = itemgetter(*columns, *columns[:1]) if len(columns) == 1 else itemgetter(*columns)  # always a tuple
    width = len(columns)
    for row in rows:
        try:
            if len(row) != width:
                raise KeyError
            values = get(row)
        except KeyError:
            raise ColumnsMismatch(table, row.keys(), columns) from None
        yield values if width > 1 else values[:1]


def insert_rows(con: sqlite3.Connection, table: str, rows: Iterable[Mapping[str, Any]]) -> None:
    """Rows as mappings, each with every column of the table and no other name, inserted by name (one executemany):
    insert_rows(con, 'scratch._scheduled', [{'pound_id': 'p1', 'date': '2026-12-09', ...}])."""
    columns = tuple(c.name for c in _columns(con, table))
    con.executemany(_statement(table, columns), _in_order(table, columns, rows))


def insert_row(con: sqlite3.Connection, table: str, row: Mapping[str, Any]) -> int:
    """One row, as insert_rows; returns its rowid (an INTEGER PRIMARY KEY given as None is SQLite's next)."""
    columns = tuple(c.name for c in _columns(con, table))
    (values,) = _in_order(table, columns, (row,))
    return con.execute(_statement(table, columns), values).lastrowid or 0


def insert_columns(con: sqlite3.Connection, table: str, values: Mapping[str, Iterable[Any]]) -> None:
    """Rows given column-wise, each column's values in row order (a block of a register: one list per column, no
    mapping per row), the names and the lengths checked once (zip strict for a column that cannot tell its length):
    insert_columns(con, '_rejects', {'pound_id': ['p1', 'p1'], 'source_row': [4, 9], ...}) -> two rows."""
    columns = tuple(c.name for c in _columns(con, table))
    if values.keys() != frozenset(columns):
        raise ColumnsMismatch(table, values.keys(), columns)
    lengths = {c: n for c in columns if (n := length_hint(values[c], -1)) >= 0}  # lists and repeat(x, n) know theirs
    if len(set(lengths.values())) > 1:
        shown = ", ".join(f"{c} {n}" for c, n in lengths.items())
        raise ValueError(f"rows for {table}: columns of unequal length ({shown})")
    con.executemany(_statement(table, columns), zip(*(values[c] for c in columns), strict=True))
