"""Shards: each register file, normalised in a worker process of its own, becomes a scratch SQLite database of its
rows (ingest/rows.py), so all cores work and memory stays flat whatever the size. A shard is kept for the next ingest
(ShardCache), so a register whose bytes did not change is not normalised again.

    run_shards([ShardJob(0, pound, DATA_DIR/registers/p1/2025.csv, ..., shard=work/shard-00000.db)], 2, None)
    -> (records read, files without a record)
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import hashlib
import json
import multiprocessing
import os
import shutil
import signal
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from pinfold.errors import RegisterChanged, RegisterEmpty, RegisterUnreadable
from pinfold.law.packs import packs_dir
from pinfold.law.rules import RuleBook
from pinfold.tables import insert_row

from . import entries
from .readers import CannotGoOn, Mark, read_blocks
from .rows import ShardRows
from .schema import STAGING
from .sources import Pound, Stamp, file_digest, file_stamp
from .stages import Stages

PARALLEL_FROM_BYTES = 4 << 20  # below this, worker processes cost more than they save

PAGE_SIZE, SCRATCH_PAGE_SIZE = 16384, 65536

# A worker's caches of distinct cells and law keys (lru_cache, up to 65,536 each) fill as it goes and hold mostly one
# pound's values: a worker replaced after this many registers started again from the ingest's 33 MB. At 1M rows its
# peak fell from 268 to 157 MB, and its CPU with it (55 s for the workers, 59 before: fewer evictions).
REGISTERS_PER_WORKER = 4
# The public and private databases are built in the ingest's own process, from a helper thread as well: with SQLite's
# sort threads each connection's sorts may hold several times its page cache. 16 MB a connection (not the shards'
# 32) took that process's peak at 1M rows from 284 to 191 MB, the finish's SQL no slower (14.7 s).
BUILD_CACHE_KIB = 16000


# A file that holds people (the private database, a shard, the swap journal) is its owner's alone, whatever the umask.
OWNER_ONLY = 0o600


def owner_only(path: Path | str) -> Path:
    """path -> path, the file created empty if missing and its mode 0600 either way (SQLite gives a database's
    journal files the database's own mode)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, OWNER_ONLY)
    try:
        os.fchmod(fd, OWNER_ONLY)  # os.open's mode is masked by the umask; fchmod's is not
    finally:
        os.close(fd)
    return Path(path)


def connect(
    path: Path | str, page_size: int = PAGE_SIZE, cache_kib: int = 32000, private: bool = True
) -> sqlite3.Connection:
    """A connection for building a new database file (the page size applies to a new, empty file). A private one
    (the default: shards and the private database hold names) is readable by its owner only; the public one is not."""
    if private:
        owner_only(path)
    # Not tied to its thread: the ingest fills the private database from a helper thread, one thread at a time.
    con = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    con.execute(f"PRAGMA page_size={int(page_size)}")
    con.execute("PRAGMA journal_mode=OFF")
    con.execute("PRAGMA synchronous=OFF")
    con.execute("PRAGMA temp_store=FILE")  # sorting a million rows in RAM would break the flat-memory promise
    con.execute(f"PRAGMA cache_size=-{int(cache_kib)}")
    con.execute(f"PRAGMA threads={min(os.cpu_count() or 1, 4)}")  # sorts for an index or an ORDER BY, in parallel
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
    stamp: Stamp = Stamp(0, 0, 0, 0, 0)  # file_stamp before the ingest began reading
    key: str = ""  # what made the shard (ShardCache.key)
    cached: bool = False  # the shard is a kept one: nothing to write
    # The kept shard of the register's bytes before this ingest (ShardCache.previous) and their digest: when the file
    # is those bytes and more, only the lines appended are read (write_shard)
    base: Path | None = None
    base_digest: str = ""


# Where a shard's reading of its register ended (readers.Mark, as JSON): a line register's shard has one row.
MARK = "CREATE TABLE IF NOT EXISTS _mark (state TEXT NOT NULL)"


def write_shard(job: ShardJob) -> tuple[int, int, dict[str, float]]:
    """One register file -> a shard database: its blocks of rows read (readers), their entries (entries), the rows
    those make (rows). Returns (file number, records read: 0 for an empty file, CPU seconds of each of stages.PARTS).
    Runs in a worker process.

    A register whose bytes are those of its previous shard (job.base) and more is read on from where that shard's
    reading ended (_going_on): a copy of it, the rows of the lines appended added, is the shard the whole file makes
    (tests/test_appended.py). When the file cannot be read so, for any reason (a line before changed, the appended
    lines change how the file reads, an error met in them), it is read whole, as without a base."""
    if job.base is not None:
        try:
            return _write(job, _going_on(job))
        except Exception:  # CannotGoOn, or an error the whole file's reading gives in its own words
            job.shard.unlink(missing_ok=True)
    return _write(job, None)


def _going_on(job: ShardJob) -> Mark:
    """A register's previous shard copied to the job's, and the mark its reading ended at. Raises CannotGoOn unless
    the register is the bytes that shard was made of (by their digest) and more."""
    assert job.base is not None
    with contextlib.closing(sqlite3.connect(f"file:{job.base}?mode=ro", uri=True)) as base:
        try:
            found = base.execute("SELECT state FROM _mark").fetchone()
        except sqlite3.OperationalError:
            found = None
    if found is None:
        raise CannotGoOn(f"{job.path}: its previous shard has no mark (not a line register, or no entry)")
    mark = Mark.from_json(found[0])
    if not mark.size < job.stamp.size or file_digest(job.path, mark.size) != job.base_digest:
        raise CannotGoOn(f"{job.path}: its first {mark.size:,} bytes are not those its previous shard was made of")
    shutil.copyfile(job.base, owner_only(job.shard))
    return mark


def _write(job: ShardJob, going_on: Mark | None) -> tuple[int, int, dict[str, float]]:
    """write_shard: the whole file into a new shard, or going on from a mark in a copy of the previous one."""
    con = connect(job.shard, SCRATCH_PAGE_SIZE)
    try:
        if going_on is None:
            con.executescript(STAGING)
        con.execute(MARK)
        con.execute("BEGIN")
        out = ShardRows(con, job.book, job.pound, 0, job.rel, job.token)  # the merge places it among the files
        if going_on is not None:
            out.records = int(con.execute("SELECT records FROM _shard").fetchone()[0])
        end = Mark()
        read = normalise = 0.0
        try:
            blocks = read_blocks(job.path, going_on, end)
            while True:
                start = time.process_time()
                block = next(blocks, None)
                read += time.process_time() - start
                if block is None:
                    break
                start = time.process_time()
                found = entries.read(block, job.pound.id, out.pack, out.roster)
                normalise += time.process_time() - start
                out.add(block, found)
        except RegisterEmpty:
            pass  # a month's file created and not yet filled: no records, counted as an empty file
        except RecursionError:  # a structure nested deeper than any reader goes, wherever it was met
            raise RegisterUnreadable(f"{job.path}: nested too deeply to be a register") from None
        if file_stamp(job.path) != job.stamp:
            raise RegisterChanged(f"{job.path}: changed while it was being read; ingest again once it is fully written")
        start = time.process_time()
        con.execute("DELETE FROM _shard")
        insert_row(con, "_shard", {"records": out.records})
        con.execute("DELETE FROM _mark")
        if end.layout and out.records:  # a line register with an entry: the next ingest may go on from here
            end.size = job.stamp.size
            con.execute("INSERT INTO _mark (state) VALUES (?)", (end.to_json(),))
        con.execute("COMMIT")
    finally:
        con.close()
    write = out.writing + time.process_time() - start
    return job.file_no, out.records, {"read": read, "normalise": normalise, "law": out.lawing, "write": write}


Progress = Callable[[int, int, int], None]  # (files done, files in all, records read)


def run_shards(
    jobs: list[ShardJob], workers: int, progress: Progress | None, stages: Stages | None = None
) -> tuple[int, int]:
    """Every job's shard written, by `workers` processes (1 = in this process). Returns (records read, files without
    a record); the workers' CPU time by part goes to `stages` ('shards: read', ...)."""
    total = empty = 0
    kept = [j for j in jobs if j.cached]
    for job in kept:
        n = records_in(job.shard)
        total, empty = total + n, empty + (n == 0)
    todo = [j for j in jobs if not j.cached]
    if workers <= 1 or not todo:
        results: Iterator[tuple[int, int, dict[str, float]]] = map(write_shard, todo)
        pool = None
    else:
        # Even one register of a big ingest (one saved, the others kept) goes to a worker: normalised here, its
        # caches stayed in this process through the finish (at 1M rows 258 MB, against 191 for a full ingest).
        ctx = pool_context()
        pool = ctx.Pool(
            processes=min(workers, len(todo)), maxtasksperchild=REGISTERS_PER_WORKER, initializer=plain_sigterm
        )
        # Largest registers first, so no worker is left alone with a big one at the end; the merge keeps file order.
        results = pool.imap_unordered(write_shard, sorted(todo, key=lambda j: j.stamp.size, reverse=True))
    try:
        for done, (_, n, parts) in enumerate(results, len(kept) + 1):
            total += n
            empty += n == 0
            if stages is not None:
                for part, seconds in parts.items():
                    stages.add(f"shards: {part} (CPU, all workers)", seconds)
            if progress:
                progress(done, len(jobs), total)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    return total, empty


# Threads of our own that never touch SQLite: a process may be forked beside them (build._copy_pair's copy).
FORK_SAFE_THREADS = ("pinfold-copy",)


def pool_context() -> multiprocessing.context.BaseContext:
    """Where the registers' and the package's worker processes come from: forked from this process when no other
    thread of it runs (nothing to import again), else from a fork server, a process started clean. A process forked
    while another thread is inside SQLite (a server's request, the portal's set maker) can copy a lock that thread
    holds, and waits for it for ever in its first sqlite3.connect: seen in the test suite, and possible in the
    intake's server, which ingests beside its requests."""
    methods = multiprocessing.get_all_start_methods()
    others = [
        t
        for t in threading.enumerate()
        if t is not threading.current_thread() and not t.name.startswith(FORK_SAFE_THREADS)
    ]
    if "fork" in methods and not others:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def plain_sigterm() -> None:
    """A worker ends quietly on the SIGTERM that ends its pool, whatever handler it was forked with (a watch's)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def default_workers(files: list[tuple[str, Path]]) -> int:
    """One process per core for big ingests; none extra for small ones."""
    size = sum(p.stat().st_size for _, p in files)
    return min(os.cpu_count() or 1, len(files), 8) if size >= PARALLEL_FROM_BYTES else 1


def records_in(shard: Path) -> int:
    """The records a shard was written from (its register's, rejects and all)."""
    con = sqlite3.connect(f"file:{shard}?mode=ro", uri=True)
    try:
        return int(con.execute("SELECT records FROM _shard").fetchone()[0])
    finally:
        con.close()


def shard_folder(private_db: Path) -> Path:
    """Where an ingest keeps its shards: beside the private database, whose rows they hold ('private.db' ->
    'private.shards')."""
    return private_db.with_suffix(".shards")


# What a shard's rows depend on besides its register: Pinfold's code and the libraries that read cells, the rule
# packs, the rule files and pounds.csv (roster included), and the day (an entry dated after tomorrow is a reject).
_CODE = (Path(__file__).resolve().parent, Path(__file__).resolve().parents[1] / "pinfold")
_LIBRARIES = ("pinfold", "openpyxl", "python-calamine", "phonenumbers")
SHARD_FORMAT = 1


def _code_digest() -> str:
    h = hashlib.sha256()
    for folder in _CODE:
        for path in sorted(folder.rglob("*.py")):
            h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for name in _LIBRARIES:
        with contextlib.suppress(metadata.PackageNotFoundError):
            h.update(f"{name} {metadata.version(name)}\0".encode())
    return h.hexdigest()


class ShardCache:
    """Shards kept by what made them, so an ingest normalises only the registers whose bytes changed.

    A shard is kept under a key digesting everything its rows depend on: the register's bytes and its mapping file,
    its path and pound (the pound's row of pounds.csv), and `salt` (the code, libraries, rule packs, rule files and
    the day: salt_of). Any change there is another key, so a kept shard is never stale; the keys this ingest did not
    use are removed after it (prune). The folder (shard_folder) is readable by its owner only and goes with the
    private database: shards hold private rows (names, the cells as written).

    ShardCache(Path('private.db'), salt).key(pound, 'registers/p1/2025.csv', 'e3b0...', '') -> '5f1c...'
    """

    def __init__(self, private_db: Path, salt: str):
        self.folder = shard_folder(private_db)
        self.salt = salt
        self.used: set[str] = set()
        if not private_db.exists():  # kept shards without their private database: they go with it
            shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(mode=0o700, exist_ok=True)
        self.folder.chmod(0o700)

    @staticmethod
    def salt_of(data_dir: Path, rules: str, today: dt.date) -> str:
        """What every shard of an ingest depends on besides its own register."""
        packs = sorted(packs_dir().glob("*.toml"))
        h = hashlib.sha256(f"{SHARD_FORMAT}\0{_code_digest()}\0{rules}\0{today.isoformat()}\0".encode())
        for path in packs:
            h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        return h.hexdigest()

    def key(self, pound: Pound, rel: str, digest: str, mapping: str) -> str:
        """The key of a register's shard: its bytes (digest), its mapping file's, its path and its pound."""
        what = json.dumps([self.salt, dataclasses.astuple(pound), rel, digest, mapping])
        return hashlib.sha256(what.encode()).hexdigest()[:32]

    def find(self, key: str) -> Path | None:
        """The kept shard of a key, or None; found or to be written, the key is this ingest's."""
        self.used.add(key)
        path = self.folder / f"{key}.db"
        return path if path.is_file() else None

    def previous(self, pound: Pound, rel: str, digest: str, mapping: str) -> Path | None:
        """The kept shard of a register's previous bytes (their digest: patch.Manifest.registers), made as its shard
        would be now (the same salt, pound, path and mapping), or None. Not this ingest's: pruned after it, once the
        shard made from it is kept under its own key."""
        path = self.folder / f"{self.key(pound, rel, digest, mapping)}.db"
        return path if digest and path.is_file() else None

    def keep(self, shard: Path, key: str) -> None:
        """A shard just written, kept under its key (renamed: whole or not at all)."""
        os.replace(shard, self.folder / f"{key}.db")

    def prune(self) -> None:
        """Every kept shard this ingest did not use removed (a register changed, removed, or read by older code)."""
        for path in self.folder.iterdir():
            if path.suffix != ".db" or path.stem not in self.used:
                path.unlink(missing_ok=True)
