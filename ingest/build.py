"""Build the public and private databases from a DATA_DIR.

Every input record ends in exactly one place: an impoundment, a merged duplicate of one, or a reject with
file, row and reason. The work is in steps, a module each:

1. sources (ingest/sources.py): the pounds, the register files, the rule files;
2. shards (ingest/shards.py): each register file, in a worker process of its own, becomes a scratch *shard* of its
   rows (ingest/rows.py: each entry and what the law makes of it), so all cores work and memory stays flat;
3. the finish (ingest/finish.py): the shards merged, in file order, into a scratch staging database; then, in SQL,
   duplicates merged (the first entry stands, later ones are counted), s.13 notices, auction lots and auctions,
   full-text search. The law's dates and money were already computed in step 2 by the rule packs; the SQL only
   assembles rows from them. Then the history (ingest/history.py) and the open data package (ingest/package.py);
4. the switch (ingest/swap.py): both databases are built beside their targets and renamed into place, as a pair, only
   when complete, so a crash or a kill mid-ingest leaves the previous databases untouched.

    ingest(DATA_DIR, 'pinfold.db', 'private.db') -> Summary(files=3, records=10, stored=8, duplicates=1, rejects=1)
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from pinfold.errors import OutputError
from pinfold.law.packs import all_packs, pack
from pinfold.schema import PUBLIC, views

from . import changed, history, package
from .finish import _full_text, finish, mark_duplicates, merge_private, merge_public, publish_rules
from .privacy import public_pounds, public_sources
from .records import latest_day
from .rows import LawCache
from .rules_files import load_rulebook
from .schema import PRIVATE, STAGING
from .shards import (
    BUILD_CACHE_KIB,
    SCRATCH_PAGE_SIZE,
    Progress,
    ShardCache,
    ShardJob,
    connect,
    default_workers,
    owner_only,
    run_shards,
)
from .sources import (
    data_version,
    file_digest,
    file_stamp,
    mapping_digest,
    plain_rules,
    read_pounds,
    register_files,
    rules_digest,
)
from .stages import Stages
from .swap import output_failure, recover, remove_leftovers, settle, swap_in, targets_locked

__all__ = ["LawCache", "Summary", "ingest", "output_failure", "recover", "remove_leftovers"]


@dataclass
class Summary:
    files: int = 0
    records: int = 0
    stored: int = 0
    duplicates: int = 0
    rejects: int = 0
    empty: int = 0  # register files without a single entry (0 bytes, a header alone): passed over, counted
    stages: Stages = field(default_factory=Stages, compare=False, repr=False)  # how long each step took

    def line(self) -> str:
        """'files 3, records 10: stored 8, duplicates 1, rejects 1' (scripts parse this much), then what more there
        is to say: '; empty files: 1'."""
        line = (
            f"files {self.files}, records {self.records}: stored {self.stored}, "
            f"duplicates {self.duplicates}, rejects {self.rejects}"
        )
        return line + (f"; empty files: {self.empty}" if self.empty else "")


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
        settle(public_db, private_db)
        return _build(data_dir, public_db, private_db, progress, workers)


def _build(
    data_dir: Path, public_db: Path, private_db: Path, progress: Progress | None, workers: int | None
) -> Summary:
    """The ingest itself, under the targets' lock."""
    stages = Stages()
    with stages("sources"):
        pounds = read_pounds(data_dir)
        plain_rules(data_dir / "rules")
        packs = [pack(a) for a in sorted({p.act for p in pounds.values()} | set(all_packs()))]
        book = load_rulebook(data_dir / "rules", packs)
        pounds = public_pounds(pounds, book.roster)
        files = register_files(data_dir, pounds)
        stamps = [file_stamp(path) for _, path in files]
        digests = [file_digest(path) for _, path in files]
        version = data_version(files, digests, data_dir)
        latest_day.cache_clear()  # today, for this ingest (a watching process lives past midnight)
        cache = ShardCache(private_db, ShardCache.salt_of(data_dir, rules_digest(data_dir), latest_day()))
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
            pub = connect(tmp_pub, cache_kib=BUILD_CACHE_KIB, private=False)
            priv = connect(tmp_priv, cache_kib=BUILD_CACHE_KIB)
            pub.executescript(PUBLIC + views())
            priv.executescript(PRIVATE)
        except (OSError, sqlite3.Error) as e:
            raise OutputError(
                f"{tmp_pub.parent}: cannot write the databases there ({output_failure(e) or e})"
            ) from None
        pub.execute("ATTACH DATABASE ? AS scratch", (str(owner_only(work / "staging.db")),))
        pub.execute(f"PRAGMA scratch.page_size={SCRATCH_PAGE_SIZE}")
        pub.execute("PRAGMA scratch.journal_mode=OFF")
        pub.executescript(STAGING.replace("CREATE TABLE ", "CREATE TABLE scratch."))
        pub.execute("BEGIN")
        priv.execute("BEGIN")
        for p in pounds.values():
            row = {
                "id": p.id,
                "name": p.name,
                "act": p.act,
                "act_title": pack(p.act).title,
                "local_authority": p.local_authority,
                "district": p.district,
                "village": p.village,
                "latitude": p.latitude,
                "longitude": p.longitude,
                # how to reach the office, null when pounds.csv does not say
                "phone": p.phone or None,
                "hours": p.hours or None,
                "address": p.address or None,
            }
            pub.execute(f"INSERT INTO pounds ({', '.join(row)}) VALUES ({', '.join(':' + k for k in row)})", row)
        publish_rules(pub, book)
        priv.executemany(
            "INSERT INTO roster VALUES (?,?,?,?)",
            [(r.get("name"), r.get("role"), r.get("pound_id"), r.get("local_authority")) for r in book.roster],
        )
        jobs = []
        rels = public_sources(files, data_dir, pounds)  # a file's name is published only as far as recognised
        for i, (pid, path) in enumerate(files):
            rel = rels[i]
            key = cache.key(pounds[pid], rel, digests[i], mapping_digest(path))
            kept = cache.find(key)
            shard = kept or work / f"shard-{i:05d}.db"
            jobs.append(ShardJob(i, pounds[pid], path, rel, shard, book, version, stamps[i], key, kept is not None))
        summary = Summary(files=len(files), stages=stages)
        with stages("shards"):
            summary.records, summary.empty = run_shards(jobs, workers or default_workers(files), progress, stages)
        shards = [(j.shard, j.file_no) for j in jobs]
        # The private database is another file: a second thread has SQLite fill it (outside the GIL) while this
        # one builds the public database, so the private side costs no time of its own. Leaving the block waits
        # for that thread, whatever happened, before anything is closed or removed.
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="pinfold-private") as private_side:
            merged = private_side.submit(merge_private, priv, shards, stages)
            with stages("merge"):
                merge_public(pub, shards)
            dups, renamed = finish(pub, book, summary, stages)
            merged.result()
            marked = private_side.submit(mark_duplicates, priv, dups, renamed, stages)
            for job in jobs:
                if not job.cached:
                    cache.keep(job.shard, job.key)
            s = summary
            pub.execute(
                "INSERT INTO ingest_summary VALUES (?,?,?,?,?,?)",
                (s.files, s.records, s.stored, s.duplicates, s.rejects, version),
            )
            counts = (s.files, s.records, s.stored, s.duplicates, s.rejects)
            downloads = package.generation(version)
            with stages("history"):
                found = history.record(pub, public_db, data_dir, counts, version, downloads)
                changed.record(pub)  # which pounds this ingest changed (the server keeps the others' pages)
                pub.execute("COMMIT")
            pub.execute("DETACH DATABASE scratch")
            pub.close()
            with stages("full text"):
                _full_text(tmp_pub)
            with stages("private side, waited for"):
                marked.result()
        priv.execute("COMMIT")
        priv.close()
        with stages("sync"):
            for t in (tmp_pub, tmp_priv):
                with open(t, "rb") as f:
                    os.fsync(f.fileno())
        with stages("package"):
            package.build(tmp_pub, public_db, downloads)  # whole before the switch: the new database names it
        with stages("switch"):
            swap_in(tmp_pub, public_db, tmp_priv, private_db)
            package.prune(public_db, keep={downloads, found.previous_downloads})
            cache.prune()
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
