"""The atomic switch of the pair, the targets' locks and what a killed ingest left behind.

Both databases are built beside their targets and renamed into place only when complete, so a crash or a kill
mid-ingest leaves the previous databases untouched.

The pair switches together. Two renames cannot be one atomic step, so the switch is recoverable instead, by a
journal (`swap_in`, `finish_swap`):

1. both new files are complete and on disk (fsync) beside their targets: `PUBLIC.db.tmp<pid>`, `PRIVATE.db.tmp<pid>`;
2. the journal `PRIVATE.db.swap` is written (to a scratch name, fsync, renamed: it exists whole or not at all). It
   names both files and the new public file's identity (device, inode, size, mtime: a rename keeps them). From here
   the switch is decided;
3. the new public database is renamed over PUBLIC.db (a server sees one new file, by stat, as before);
4. the new private database is renamed over PRIVATE.db; the journal is removed.

A kill before 2 leaves both old (the scratch files are removed by the next ingest). A kill after 2 leaves a
journal, and the next ingest, before anything else, finishes the switch (PUBLIC.db is the file the journal names:
the private one follows it in) or undoes it (it is not: the new private file goes), so the pair is both old or
both new, never an old public beside a new private, and the previous private register is never lost (it is only
replaced in step 4). Steps 3-4 and the recovery are one function, run after every switch too.

Two ingests onto one target cannot interleave: each holds an exclusive lock (fcntl.flock) on `<target>.lock` for
both targets while it runs, and a second gets a one-line message (exit 2). Under that lock the next ingest knows
every scratch file of its targets is a dead ingest's, and removes them (`remove_leftovers`).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import re
import shutil
import sqlite3
from collections.abc import Collection, Iterator
from pathlib import Path

from pinfold.errors import IngestRunning, OutputError

from .shards import owner_only

NO_SPACE = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS}


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


SWAP = ".swap"  # the journal of a switch in progress, beside the private target: 'private.db.swap'
LOCK = ".lock"  # beside each target while an ingest writes it: 'pinfold.db.lock'
# A half-built database 'pinfold.db.tmp4242' (and its '-journal'), a journal being written 'private.db.swap.tmp4242'.
_SCRATCH = re.compile(r"(?P<target>.+?)(?P<swap>\.swap)?\.tmp(?P<pid>\d+)(?:-journal|-wal|-shm)?")


def _pid_of_journal(journal: Path) -> int:
    try:
        return int(json.loads(journal.read_text())["pid"])
    except (OSError, ValueError, KeyError, TypeError):
        return 0  # unreadable: no live ingest wrote it


def remove_leftovers(folder: Path, own: Collection[str] = ()) -> None:
    """What an ingest that was killed left in a folder, put right. A switch it had decided (a journal) is finished or
    undone first (finish_swap); then its scratch folders and half-built databases, which may hold private rows, go.
    Another ingest's are left while its PID lives; those of the targets named in `own`, whose locks the caller holds,
    go whatever their PID (a PID can be reused)."""
    me = os.getpid()
    for journal in folder.glob(f"*{SWAP}"):
        if journal.name.removesuffix(SWAP) in own or not _alive(_pid_of_journal(journal)):
            finish_swap(journal)
    for p in folder.glob(".pinfold-*"):
        pid = p.name.split("-")[1]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(p, ignore_errors=True)
    for p in folder.glob("*.tmp*"):
        m = _SCRATCH.fullmatch(p.name)
        if m is None or int(m["pid"]) == me:
            continue
        # a database half built, or half copied as a spare (ingest/spare.py): both may hold private rows
        if m["target"] in own or (m["target"].endswith((".db", ".db.spare")) and not _alive(int(m["pid"]))):
            p.unlink(missing_ok=True)


def _identity(path: Path) -> list[int] | None:
    """[device, inode, size, mtime in ns] of a file: the same after a rename, different for any other file."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns]


def _sync_dir(folder: Path) -> None:
    """A rename in `folder` made durable (a file system that cannot sync a folder is left to do its best)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def swap_in(new_public: Path, public_db: Path, new_private: Path, private_db: Path) -> None:
    """Two complete, synced databases renamed over their targets as a pair (the module's steps 2-4): a kill at any
    point leaves both old, both new, or a journal from which the next ingest makes them so."""
    journal = private_db.with_name(private_db.name + SWAP)
    pending = journal.with_name(f"{journal.name}.tmp{os.getpid()}")
    record = {
        "pid": os.getpid(),
        "public": str(public_db.absolute()),
        "public_built": _identity(new_public),
        "private": str(private_db.absolute()),
        "private_new": str(new_private.absolute()),
    }
    with open(owner_only(pending), "w", encoding="utf-8") as f:
        json.dump(record, f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(pending, journal)
    _sync_dir(journal.parent)  # decided: from here on the pair ends both new, unless the public rename fails
    try:
        os.replace(new_public, public_db)
        _sync_dir(public_db.parent)
    finally:
        finish_swap(journal)


def finish_swap(journal: Path) -> None:
    """The switch a journal records, finished or undone, whichever keeps the pair together; then the journal goes.
    When the public target is the file the switch built (its identity), the new private database follows it in;
    when it is not, the public rename never happened, and the new private file goes. Safe to run again after a
    kill inside it: each step leaves what the next run needs."""
    try:
        record = json.loads(journal.read_text(encoding="utf-8"))
        public, built = Path(record["public"]), record["public_built"]
        private, new_private = Path(record["private"]), Path(record["private_new"])
    except (OSError, ValueError, KeyError, TypeError):
        journal.unlink(missing_ok=True)  # written whole or not at all (renamed into place): not one of ours
        return
    if built is not None and _identity(public) == built:
        if new_private.exists():
            os.replace(new_private, private)
            _sync_dir(private.parent)
    else:
        new_private.unlink(missing_ok=True)
    journal.unlink(missing_ok=True)


def _lock(target: Path) -> tuple[Path, int]:
    """An exclusive lock on '<target>.lock', or IngestRunning naming the process that holds it. The lock file is
    removed when released; a process that opened it just before must then find the file it locked still in place,
    or try again with the new one."""
    lock = target.with_name(target.name + LOCK)
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as e:
            raise OutputError(f"{target.parent}: cannot write the databases there ({e.strerror})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip()
            os.close(fd)
            by = f" (process {holder})" if holder.isdigit() else ""
            raise IngestRunning(
                f"{target}: another ingest{by} is writing it now; run this one when it has finished"
            ) from None
        try:
            same = os.fstat(fd).st_ino == os.stat(lock).st_ino
        except FileNotFoundError:
            same = False
        if same:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            return lock, fd
        os.close(fd)


@contextlib.contextmanager
def targets_locked(public_db: Path, private_db: Path) -> Iterator[None]:
    """Both targets locked for the block (in one order, whatever the arguments' order), released and their lock
    files removed after it. Raises IngestRunning when another ingest holds either."""
    held: list[tuple[Path, int]] = []
    try:
        for target in sorted({public_db.absolute(), private_db.absolute()}, key=str):
            held.append(_lock(target))
        yield
    finally:
        for lock, fd in reversed(held):
            lock.unlink(missing_ok=True)
            os.close(fd)


def settle(public_db: Path, private_db: Path) -> None:
    """Under the targets' lock: an interrupted switch of this pair finished or undone, every scratch file of a dead
    ingest beside either target removed, and the downloads of the public database in place built if an ingest was
    killed after its switch, before they were whole (ingest/package.py)."""
    journal = private_db.with_name(private_db.name + SWAP)
    if journal.exists():
        finish_swap(journal)
    folders: dict[Path, set[str]] = {}
    for target in (public_db, private_db):  # a name is ours only in its own folder
        folders.setdefault(target.parent.resolve(), set()).add(target.name)
    for folder, own in folders.items():
        remove_leftovers(folder, own)
    from . import package  # it reads this module's _alive

    package.complete(public_db)


def recover(public_db: Path | str, private_db: Path | str) -> None:
    """What a killed ingest left beside these targets, put right, without building anything: the pair is then both
    old or both new, and no scratch file holds private rows. Every ingest does this first; this is it alone (the
    check an operator may run). Raises IngestRunning while an ingest is writing them."""
    public_db, private_db = Path(public_db), Path(private_db)
    with targets_locked(public_db, private_db):
        settle(public_db, private_db)


# What SQLite says when the output cannot be written: full, an I/O error (a file size limit, a failing disk),
# read-only, or not openable. Told apart by the error's code, not its words.
_OUTPUT_FAILURES = {sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN}


def output_failure(e: BaseException) -> str | None:
    """What went wrong writing the databases, in a few words, or None for any other error. An OSError is told by its
    errno, a sqlite3.Error by its primary result code: SQLITE_IOERR_WRITE (778) -> 'SQLITE_IOERR_WRITE: disk I/O
    error: is the disk full?'."""
    if isinstance(e, OSError) and e.errno in NO_SPACE:
        return e.strerror or str(e)
    code = getattr(e, "sqlite_errorcode", None)
    if isinstance(e, sqlite3.Error) and code is not None and code & 0xFF in _OUTPUT_FAILURES:
        hint = ": is the disk full?" if code & 0xFF in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL) else ""
        return f"{e.sqlite_errorname}: {e}{hint}"
    return None
