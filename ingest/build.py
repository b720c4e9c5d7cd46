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

An ingest after a change is incremental (ingest/patch.py): when the pair in place was made from the same code, rule
packs, common rule files and day, only the pounds whose inputs changed are finished (steps 3 on their shards alone)
and patched into a copy of the previous pair, which is then switched as above; `full=True` (`pinfold ingest --full`)
rebuilds everything, and is what an incremental ingest equals row for row (tests/test_incremental_pounds.py).

    ingest(DATA_DIR, 'pinfold.db', 'private.db') -> Summary(files=3, records=10, stored=8, duplicates=1, rejects=1)
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
import sqlite3
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pinfold.errors import OutputError
from pinfold.law.packs import all_packs, pack
from pinfold.schema import PUBLIC, views
from pinfold.tables import insert_row, insert_rows

from . import auction_history, changed, history, package, patch, spare
from .finish import (
    RECORDS,
    _full_text,
    _mark_duplicates,
    _merge_private,
    finish,
    mark_duplicates,
    merge_private,
    merge_public,
    publish_rules,
)
from .privacy import keep_real_names, public_pounds, public_sources
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
    file_digests,
    file_stamp,
    mapping_digest,
    plain_rules,
    read_pounds,
    register_files,
)
from .stages import Stages
from .swap import _identity, output_failure, recover, remove_leftovers, settle, swap_in, targets_locked

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
    # the pounds an incremental ingest recomputed (ingest/patch.py), in the registers' order; None: a full ingest
    recomputed: list[str] | None = field(default=None, compare=False)

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
    full: bool = False,
) -> Summary:
    """DATA_DIR -> public and private databases, atomically, as a pair (see the module's docstring). Paths may be
    given as str. Incremental when it can be, unless `full`. Raises a PinfoldError for a file it cannot read, or when
    another ingest is writing the targets."""
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
        return _build(data_dir, public_db, private_db, progress, workers, full)


@dataclass
class _Run:
    """One ingest's inputs and scratch files, as the full and the incremental paths share them."""

    data_dir: Path
    public_db: Path
    private_db: Path
    work: Path
    tmp_pub: Path
    tmp_priv: Path
    pounds: dict[str, Any]
    book: Any
    version: str
    jobs: list[ShardJob]
    cache: ShardCache
    manifest: patch.Manifest
    summary: Summary
    stages: Stages
    copied: _Copies | None = None  # the previous pair being copied for an incremental ingest (_copy_pair)


@dataclass
class _Copies:
    """The pair in place being copied to the scratch names an incremental ingest patches, one file after the other
    in the copier's thread: the public one first, as the patch needs it first; the private copy goes on through the
    patch and the history (at 1M rows 1,165 and 637 MB, 2 to 7 s in all: the disk's work)."""

    public: Future[None]
    private: Future[None]

    def wait(self) -> None:
        """Both copies whole (their error raised)."""
        self.public.result()
        self.private.result()

    def done(self) -> None:
        """Before the scratch pair is discarded or built again: the copier has ended (its error ignored)."""
        for copy in (self.public, self.private):
            with contextlib.suppress(BaseException):
                copy.result()


def _copy_pair(copier: ThreadPoolExecutor, public_db: Path, private_db: Path, tmp_pub: Path, tmp_priv: Path) -> _Copies:
    """A watch's spare of the pair in place taken (ingest/spare.py: renamed, at once), else the two files copied in
    the copier's thread, started before the registers are read (the shards are the processors' work)."""
    if spare.take(public_db, private_db, tmp_pub, tmp_priv):
        taken: Future[None] = Future()
        taken.set_result(None)
        return _Copies(taken, taken)
    return _Copies(copier.submit(_copy, public_db, tmp_pub), copier.submit(_copy, private_db, owner_only(tmp_priv)))


def _copy(source: Path, target: Path) -> None:
    """`source` copied over `target` (whose mode stays: the private copy is its owner's alone from the start)."""
    shutil.copyfile(source, target)


def _build(
    data_dir: Path, public_db: Path, private_db: Path, progress: Progress | None, workers: int | None, full: bool
) -> Summary:
    """The ingest itself, under the targets' lock."""
    stages = Stages()
    with stages("sources"):
        pounds = read_pounds(data_dir)
        plain_rules(data_dir / "rules")  # regular files only: a pipe named like a rule file is refused, not read
        common = patch.common_digest(data_dir, pounds)  # as written: the places every pound's texts are read by
        packs = [pack(a) for a in sorted({p.act for p in pounds.values()} | set(all_packs()))]
        book = load_rulebook(data_dir / "rules", packs)
        pounds = public_pounds(pounds, book.roster, book.places)
        files = register_files(data_dir, pounds)
        previous = patch.Manifest.read(private_db)
        stamps = [file_stamp(path) for _, path in files]
        # a register whose stamp is the one the pair in place was made from is not read again (--full reads all)
        known = previous.files if previous is not None and not full else {}
        digests, settled = file_digests([path for _, path in files], stamps, known)
        mappings = [mapping_digest(path) for _, path in files]
        version = data_version(files, digests, data_dir)
        latest_day.cache_clear()  # today, for this ingest (a watching process lives past midnight)
        # What every shard depends on besides its own register and pound (ingest/patch.py: the common inputs)
        salt = ShardCache.salt_of(data_dir, common, latest_day())
        cache = ShardCache(private_db, salt)
        rels = public_sources(
            files, data_dir, pounds, private_db
        )  # a file's name is published only as far as recognised
        rules = patch.pound_rules(book)
        each = patch.pound_digests(
            pounds, [(pid, rels[i], digests[i], mappings[i]) for i, (pid, _) in enumerate(files)], rules
        )
        sources: dict[str, list[str]] = {}
        for i, (pid, _) in enumerate(files):
            sources.setdefault(pid, []).append(rels[i])
        manifest = patch.Manifest(
            version, salt, each, sources, registers=dict(zip(rels, digests, strict=True)), files=settled
        )
        recompute = None
        if not full and private_db.is_file():
            recompute = patch.changed(previous, [_identity(public_db), _identity(private_db)], salt, each)
        sizes = [path.stat().st_size for _, path in files]
        if (
            recompute
            and sum(n for (pid, _), n in zip(files, sizes, strict=True) if pid in set(recompute)) > sum(sizes) / 2
        ):
            recompute = None  # most of the rows changed: a full ingest is the shorter way
    try:
        work = Path(tempfile.mkdtemp(prefix=f".pinfold-{os.getpid()}-", dir=private_db.parent))
    except OSError as e:
        raise OutputError(f"{private_db.parent}: cannot write the databases there ({e})") from None
    tmp_pub = public_db.with_name(public_db.name + f".tmp{os.getpid()}")
    tmp_priv = private_db.with_name(private_db.name + f".tmp{os.getpid()}")
    copier, copied = ThreadPoolExecutor(1, thread_name_prefix="pinfold-copy"), None
    try:
        _discard(tmp_pub, tmp_priv)
        owner_only(tmp_priv)  # the private database to be, its owner's alone from the start
        jobs = []
        before = previous.registers if previous is not None else {}
        for i, (pid, path) in enumerate(files):
            mapping = mappings[i] + rules.get(pid, "")
            key = cache.key(pounds[pid], rels[i], digests[i], mapping)
            kept = cache.find(key)
            shard = kept or work / f"shard-{i:05d}.db"
            # the register's shard before it changed, made as its shard would be now: an append is read alone
            was = before.get(rels[i], "")
            base = None if kept else cache.previous(pounds[pid], rels[i], was, mapping)
            jobs.append(
                ShardJob(
                    i, pounds[pid], path, rels[i], shard, book, version, stamps[i], key, kept is not None, base, was
                )
            )
        summary = Summary(files=len(files), stages=stages)
        if recompute is not None and previous is not None:
            copied = _copy_pair(copier, public_db, private_db, tmp_pub, tmp_priv)
        with stages("shards"):
            summary.records, summary.empty = run_shards(jobs, workers or default_workers(files), progress, stages)
        jobs = [_kept(cache, j) for j in jobs]  # each new shard kept at once (it is whole), read from there
        run = _Run(data_dir, public_db, private_db, work, tmp_pub, tmp_priv, pounds, book, version, jobs, cache,
                   manifest, summary, stages, copied)  # fmt: skip
        if recompute is not None and previous is not None:
            try:
                return _incremental(run, recompute, previous)
            except patch.Fallback:
                if copied is not None:
                    copied.done()  # a copy still under way would write into the full ingest's scratch files
                _discard(tmp_pub, tmp_priv)
                summary.recomputed = None
        return _full(run)
    except BaseException as e:
        # Anything at all (a bad file, Ctrl-C, a dead worker): the half-built files go, the previous databases stay.
        if copied is not None:
            copied.done()
        _discard(tmp_pub, tmp_priv)
        failure = output_failure(e)
        if failure is not None:
            raise OutputError(f"{public_db.parent}: cannot write the databases ({failure})") from None
        raise
    finally:
        copier.shutdown()
        shutil.rmtree(work, ignore_errors=True)


def _discard(*files: Path) -> None:
    for t in files:
        t.unlink(missing_ok=True)


def _closing(*cons: sqlite3.Connection | None) -> None:
    for con in cons:
        if con is not None:
            with contextlib.suppress(sqlite3.Error):
                con.close()


def _insert_pounds(pub: sqlite3.Connection, pounds: dict[str, Any]) -> None:
    """The pounds as published, in pounds.csv's order."""
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
        insert_row(pub, "pounds", row)


def _staging(pub: sqlite3.Connection, work: Path) -> None:
    """The scratch staging database, new, attached to a connection building a public database."""
    (work / "staging.db").unlink(missing_ok=True)  # an incremental ingest that fell back left its own
    pub.execute("ATTACH DATABASE ? AS scratch", (str(owner_only(work / "staging.db")),))
    pub.execute(f"PRAGMA scratch.page_size={SCRATCH_PAGE_SIZE}")
    pub.execute("PRAGMA scratch.journal_mode=OFF")
    pub.executescript(STAGING.replace("CREATE TABLE ", "CREATE TABLE scratch."))


def _full(run: _Run) -> Summary:
    """Both databases built anew from every shard (the module's steps 3 and 4)."""
    stages, summary, tmp_pub, tmp_priv = run.stages, run.summary, run.tmp_pub, run.tmp_priv
    pub = priv = None
    try:
        try:
            _discard(tmp_pub, tmp_priv)
            pub = connect(tmp_pub, cache_kib=BUILD_CACHE_KIB, private=False)
            priv = connect(tmp_priv, cache_kib=BUILD_CACHE_KIB)
            pub.executescript(PUBLIC + views())
            priv.executescript(PRIVATE)
        except (OSError, sqlite3.Error) as e:
            raise OutputError(
                f"{tmp_pub.parent}: cannot write the databases there ({output_failure(e) or e})"
            ) from None
        _staging(pub, run.work)
        pub.execute("BEGIN")
        priv.execute("BEGIN")
        _insert_pounds(pub, run.pounds)
        publish_rules(pub, run.book)
        insert_rows(
            priv,
            "roster",
            ({c: r.get(c) for c in ("name", "role", "pound_id", "local_authority")} for r in run.book.roster),
        )
        shards = [(j.shard, j.file_no) for j in run.jobs]
        # The private database is another file: a second thread has SQLite fill it (outside the GIL) while this
        # one builds the public database, so the private side costs no time of its own. Leaving the block waits
        # for that thread, whatever happened, before anything is closed or removed.
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="pinfold-private") as private_side:
            merged = private_side.submit(merge_private, priv, shards, stages)
            with stages("merge"):
                merge_public(pub, shards)
            patch.reserve(pub)  # rowids free below the newest entry, for the next incremental ingests
            dups, renamed = finish(pub, run.book, summary, stages)
            patch.release(pub)
            merged.result()
            marked = private_side.submit(mark_duplicates, priv, dups, renamed, stages)
            s = summary
            _summary_row(pub, s, run.version)
            counts = (s.files, s.records, s.stored, s.duplicates, s.rejects)
            downloads = package.generation(run.version)
            with stages("history"):
                found = _history(run, pub, counts, downloads, None)
                pub.execute("COMMIT")
            pub.execute("DETACH DATABASE scratch")
            pub.close()
            with stages("full text"):
                _full_text(tmp_pub)
            with stages("private side, waited for"):
                marked.result()
                keep_real_names(priv, run.jobs, run.data_dir, run.private_db, run.cache.folder)  # clerks find them so
        priv.execute("COMMIT")
        priv.close()
    except BaseException:
        _closing(pub, priv)
        raise
    return _publish(run, downloads, found.previous_downloads)


def _summary_row(pub: sqlite3.Connection, s: Summary, version: str) -> None:
    """The one row of `ingest_summary`: what this ingest read and made of it."""
    row = {"files": s.files, "records": s.records, "stored": s.stored, "duplicates": s.duplicates,
           "rejects": s.rejects, "data_version": version}  # fmt: skip
    insert_row(pub, "ingest_summary", row)


def _history(
    run: _Run, pub: sqlite3.Connection, counts: tuple[int, int, int, int, int], downloads: str, pounds: list[str] | None
) -> history.Found:
    """The history of this ingest, in the public database being built (full: `pounds` None; incremental: the
    pounds recomputed); what follows from it for the server goes here too, for both ways of ingesting."""
    found = history.record(pub, run.public_db, run.data_dir, counts, run.version, downloads, pounds=pounds)
    auction_history.record(pub, pounds)  # each auction's SEQUENCE and LAST-MODIFIED (portal/ical.py)
    changed.record(pub, pounds)  # which pounds this ingest changed (the server keeps the others' pages)
    return found


def _kept(cache: ShardCache, job: ShardJob) -> ShardJob:
    """A shard just written, kept under its key (ShardCache.keep); the job then names it there."""
    if job.cached:
        return job
    cache.keep(job.shard, job.key)
    return dataclasses.replace(job, shard=cache.folder / f"{job.key}.db", cached=True)


def _publish(run: _Run, downloads: str, previous_downloads: str | None) -> Summary:
    """The pair synced and switched into place, what it was made from recorded; then its package built, from the
    public file in place (the lock held: no other can be switched in meanwhile), so the switch does not wait for it."""
    stages = run.stages
    with stages("sync"):
        for t in (run.tmp_pub, run.tmp_priv):
            with open(t, "rb") as f:
                os.fsync(f.fileno())
    with stages("switch"):
        swap_in(run.tmp_pub, run.public_db, run.tmp_priv, run.private_db)
        spare.drop(run.public_db, run.private_db)  # a copy of the pair before, if a full ingest left one
        run.cache.prune()
        run.manifest.pair = [_identity(run.public_db), _identity(run.private_db)]
        run.manifest.write(run.private_db)
    with stages("package, after the switch"):
        # killed before it is whole: settle builds it; the pounds not recomputed keep the previous files (linked)
        package.build(run.public_db, run.public_db, downloads, previous_downloads, run.summary.recomputed)
        package.prune(run.public_db, keep={downloads, previous_downloads})
    return run.summary


def _incremental(run: _Run, recompute: list[str], previous: patch.Manifest) -> Summary:
    """The changed pounds finished on their own shards and patched into a copy of the previous pair (ingest/patch.py);
    raises patch.Fallback when they cannot be."""
    stages, summary, tmp_pub, tmp_priv = run.stages, run.summary, run.tmp_pub, run.tmp_priv
    summary.recomputed = recompute
    mine = [j for j in run.jobs if j.pound.id in set(recompute)]
    shards = [(j.shard, j.file_no) for j in mine]
    mini_path = run.work / "changed.db"
    mini = pub = priv = None
    try:
        copied = run.copied
        assert copied is not None  # started with the shards (_build)
        with stages("finish of the changed pounds"):
            mini = connect(mini_path, cache_kib=BUILD_CACHE_KIB)
            mini.executescript(PUBLIC)
            _staging(mini, run.work)
            mini.execute("BEGIN")
            _insert_pounds(mini, {p: run.pounds[p] for p in recompute})
            merge_public(mini, shards)
            book = dataclasses.replace(
                run.book, auctions=[a for a in run.book.auctions if a.pound_id in set(recompute)]
            )
            theirs = Summary()  # the changed pounds' counts
            dups, renamed = finish(mini, book, theirs, stages)
            mini.execute("COMMIT")
            mini.execute("DETACH DATABASE scratch")
            mini.close()
            mini = None
        with stages("copy of the public database"):  # what the shards and the finish left of it
            copied.public.result()
        pub = connect(tmp_pub, cache_kib=BUILD_CACHE_KIB, private=False)
        pub.execute("ATTACH DATABASE ? AS mini", (str(mini_path),))
        pub.execute("BEGIN")
        # The records stored: the copy's, less the changed pounds' there, plus theirs now (a count of every
        # impoundment read the whole table, 0.28 s of CPU at 1M rows); the duplicates and rejects are a few.
        (stored,) = pub.execute("SELECT stored FROM ingest_summary").fetchone()
        stored -= pub.execute(
            f"SELECT count(*) FROM impoundments WHERE pound_id IN ({', '.join('?' * len(recompute))}) AND {RECORDS}",
            recompute,
        ).fetchone()[0]
        with stages("patch"):
            pub.execute("DELETE FROM pounds")
            _insert_pounds(pub, run.pounds)
            order = list(dict.fromkeys(j.pound.id for j in run.jobs))
            patch.patch_public(pub, recompute, order, stages)
        s = summary
        s.stored = stored + theirs.stored
        s.duplicates = pub.execute(f"SELECT count(*) FROM merged_duplicates WHERE {RECORDS}").fetchone()[0]
        s.rejects = pub.execute("SELECT count(*) FROM rejects").fetchone()[0]
        pub.execute("DELETE FROM ingest_summary")
        _summary_row(pub, s, run.version)
        counts = (s.files, s.records, s.stored, s.duplicates, s.rejects)
        downloads = package.generation(run.version)
        with stages("history"):
            found = _history(run, pub, counts, downloads, recompute)
        pub.execute("COMMIT")
        pub.close()
        pub = None
        with stages("copy of the private database"):  # what the patch and the history left of it
            copied.private.result()
        with stages("private side"):
            priv = connect(tmp_priv, cache_kib=BUILD_CACHE_KIB)
            priv.execute("BEGIN")
            gone = {rel for p in recompute for rel in previous.sources.get(p, []) + run.manifest.sources.get(p, [])}
            patch.patch_private(priv, gone)
            _merge_private(priv, shards)
            _mark_duplicates(priv, dups, renamed)
            keep_real_names(priv, mine, run.data_dir, run.private_db, run.cache.folder)
            priv.execute("COMMIT")
            priv.close()
            priv = None
    except BaseException:
        _closing(mini, pub, priv)
        raise
    return _publish(run, downloads, found.previous_downloads)
