"""A spare pair: a copy of the pair in place, made between ingests by a process that lives on (`--watch`), so the next
incremental ingest patches it at once instead of copying 1.7 GB first (ingest/build.py _copy_pair).

An incremental ingest patches a copy of the pair in place (ingest/patch.py): the served file never changes in place.
At 1M rows that copy is the longest wait of the ingest after one save (2 to 7 s, the disk's work). A watch has
minutes between saves, so once a pair is switched in it copies it (`make`), and the next ingest takes the copy
(`take`) if and only if it is a copy of the pair in place then:

- the copy is written under scratch names (`<target>.spare.tmp<pid>`) and renamed to `<target>.spare` when whole,
  then its record (`<private>.spare.json`: the identity of each file copied, read from the very descriptor the copy
  read, and of each copy) is renamed into place last: a spare without its record, or whose files are not the ones
  it names, is no spare;
- `take` runs under the targets' lock and renames the copies to the ingest's scratch names only when the pair in
  place is the pair the record names (device, inode, size, mtime: swap._identity); any other spare is removed;
- the private copy holds names: it is its owner's alone (shards.owner_only), and goes when the private database has
  gone. A copy stopped halfway (`stop`, or the process killed) leaves only scratch files, which the maker removes, or
  the next ingest does (swap.remove_leftovers) once the maker's PID is gone.

The disk it costs is one more pair while the watch runs (printed by `make bench`).

    make(Path('pinfold.db'), Path('private.db'), threading.Event()) -> True (a spare of the pair in place)
    MAKER.start(Path('pinfold.db'), Path('private.db'))  # in the background, after an ingest; MAKER.stop() before one
    take(Path('pinfold.db'), Path('private.db'), Path('pinfold.db.tmp42'), Path('private.db.tmp42')) -> True
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path

from .shards import owner_only

SPARE = ".spare"
RECORD = ".spare.json"
CHUNK = 64 << 20  # a stop is seen between chunks: at most one chunk's work after it


def names(public_db: Path, private_db: Path) -> tuple[Path, Path, Path]:
    """(public spare, private spare, record): ('pinfold.db', 'private.db') -> ('pinfold.db.spare',
    'private.db.spare', 'private.db.spare.json')."""
    return (
        public_db.with_name(public_db.name + SPARE),
        private_db.with_name(private_db.name + SPARE),
        private_db.with_name(private_db.name + RECORD),
    )


def _identity(st: os.stat_result) -> list[int]:
    """As swap._identity, of a stat already made: [device, inode, size, mtime in ns]."""
    return [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns]


def _copy(source: int, target: Path, stop: threading.Event, private: bool) -> bool:
    """The open file `source` copied to `target` (new), chunk by chunk in the kernel; False (the target removed)
    when `stop` was set before the end."""
    if private:
        owner_only(target)
    with open(target, "wb") as out:
        size, done = os.fstat(source).st_size, 0
        while done < size:
            if stop.is_set():
                break
            try:
                n = os.copy_file_range(source, out.fileno(), min(CHUNK, size - done), done, done)
            except OSError:  # a file system or kernel without it: through memory
                n = out.write(os.pread(source, min(CHUNK, size - done), done))
            if n == 0:
                break
            done += n
    if done < size:
        target.unlink(missing_ok=True)
        return False
    return True


def make(public_db: Path, private_db: Path, stop: threading.Event) -> bool:
    """A spare of the pair in place, whole, with its record; False when `stop` came first or there is no pair (then
    no spare and no scratch file is left). A spare of the pair in place already is kept; any other goes first."""
    spares = names(public_db, private_db)
    if _of_the_pair(public_db, private_db, spares):
        return True
    drop(public_db, private_db)
    scratch = [s.with_name(f"{s.name}.tmp{os.getpid()}") for s in spares]
    try:
        with open(public_db, "rb") as pub, open(private_db, "rb") as priv:
            copied = [_identity(os.fstat(pub.fileno())), _identity(os.fstat(priv.fileno()))]
            if not (_copy(pub.fileno(), scratch[0], stop, False) and _copy(priv.fileno(), scratch[1], stop, True)):
                return False
        for s, spare in zip(scratch[:2], spares[:2], strict=True):
            os.replace(s, spare)
        record = {"copied": copied, "spares": [_identity(os.stat(spares[0])), _identity(os.stat(spares[1]))]}
        with open(owner_only(scratch[2]), "w", encoding="utf-8") as f:
            json.dump(record, f)
        os.replace(scratch[2], spares[2])
        return True
    except OSError:
        drop(public_db, private_db)
        return False
    finally:
        for s in scratch:
            s.unlink(missing_ok=True)


def take(public_db: Path, private_db: Path, tmp_pub: Path, tmp_priv: Path) -> bool:
    """Under the targets' lock: the spare renamed to the ingest's scratch names when it is a copy of the pair in
    place, True; else any spare removed, False."""
    spares = names(public_db, private_db)
    try:
        if not _of_the_pair(public_db, private_db, spares):
            raise ValueError("not a spare of the pair in place")
        spares[2].unlink()
        os.replace(spares[0], tmp_pub)
        os.replace(spares[1], tmp_priv)
        return True
    except (OSError, ValueError, KeyError, TypeError):
        drop(public_db, private_db)
        return False


def _of_the_pair(public_db: Path, private_db: Path, spares: tuple[Path, Path, Path]) -> bool:
    """Whether the spares are whole copies of the pair in place: their record names the pair's files and theirs."""
    try:
        record = json.loads(spares[2].read_text(encoding="utf-8"))
        pair = [_identity(os.stat(public_db)), _identity(os.stat(private_db))]
        ours = [_identity(os.stat(spares[0])), _identity(os.stat(spares[1]))]
        return bool(record["copied"] == pair and record["spares"] == ours)
    except (OSError, ValueError, KeyError, TypeError):
        return False


def drop(public_db: Path, private_db: Path) -> None:
    """Any spare of these targets removed, its record first (a spare without its record is never taken)."""
    record, *files = reversed(names(public_db, private_db))
    record.unlink(missing_ok=True)
    for f in files:
        with contextlib.suppress(OSError):
            f.unlink(missing_ok=True)


class Maker:
    """The spare made in a thread of its own, after an ingest (`start`); `stop` before the next one: a copy half made
    is not waited for (the ingest copies the pair itself). The thread's name is one a process may be forked beside
    (shards.FORK_SAFE_THREADS): it never touches SQLite."""

    def __init__(self) -> None:
        self._running: tuple[threading.Thread, threading.Event] | None = None
        self._lock = threading.Lock()

    def start(self, public_db: Path, private_db: Path) -> None:
        with self._lock:
            self._stop()
            halt = threading.Event()
            maker = threading.Thread(
                target=make, args=(public_db, private_db, halt), name="pinfold-copy-spare", daemon=True
            )
            maker.start()
            self._running = (maker, halt)

    def stop(self) -> None:
        with self._lock:
            self._stop()

    def _stop(self) -> None:
        if self._running is not None:
            self._running[1].set()
            self._running[0].join()
            self._running = None


MAKER = Maker()  # a process's one maker: its ingests onto one pair at a time (watch, intake) share it
