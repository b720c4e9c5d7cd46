"""Shards: each register file, normalised in a worker process of its own, becomes a scratch SQLite database of its
rows (ingest/rows.py), so all cores work and memory stays flat whatever the size.

    run_shards([ShardJob(0, pound, DATA_DIR/registers/p1/2025.csv, ..., shard=work/shard-00000.db)], 2, None)
    -> (records read, files without a record)
"""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pinfold.errors import RegisterChanged, RegisterEmpty, RegisterUnreadable
from pinfold.law.rules import RuleBook

from . import entries
from .readers import read_blocks
from .rows import ShardRows
from .schema import STAGING
from .sources import Pound, file_stamp

PARALLEL_FROM_BYTES = 4 << 20  # below this, worker processes cost more than they save

PAGE_SIZE, SCRATCH_PAGE_SIZE = 16384, 65536


def connect(path: Path | str, page_size: int = PAGE_SIZE) -> sqlite3.Connection:
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
    """One register file -> a shard database: its blocks of rows read (readers), their entries (entries), the rows
    those make (rows). Returns (file number, records read: 0 for an empty file). Runs in a worker process."""
    con = connect(job.shard, SCRATCH_PAGE_SIZE)
    con.executescript(STAGING)
    con.execute("BEGIN")
    out = ShardRows(con, job.book, job.pound, job.file_no, job.rel, job.token)
    try:
        for block in read_blocks(job.path):
            out.add(block, entries.read(block, job.pound.id, out.pack, out.roster))
    except RegisterEmpty:
        pass  # a month's file created and not yet filled: no records, counted as an empty file
    except RecursionError:  # a structure nested deeper than any reader goes, wherever it was met
        con.close()
        raise RegisterUnreadable(f"{job.path}: nested too deeply to be a register") from None
    if file_stamp(job.path) != job.stamp:
        con.close()
        raise RegisterChanged(f"{job.path}: changed while it was being read; ingest again once it is fully written")
    con.execute("COMMIT")
    con.close()
    return job.file_no, out.records


Progress = Callable[[int, int, int], None]  # (files done, files in all, records read)


def run_shards(jobs: list[ShardJob], workers: int, progress: Progress | None) -> tuple[int, int]:
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


def default_workers(files: list[tuple[str, Path]]) -> int:
    """One process per core for big ingests; none extra for small ones."""
    size = sum(p.stat().st_size for _, p in files)
    return min(os.cpu_count() or 1, len(files), 8) if size >= PARALLEL_FROM_BYTES else 1
