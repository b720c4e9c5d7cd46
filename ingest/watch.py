"""Watching a DATA_DIR: an ingest whenever a register, a rule file or pounds.csv is saved (`pinfold ingest --watch`).

Changes are gathered until the folder has been quiet for a moment (a save is often several writes and a rename), then
one ingest runs; a save made while it runs is kept and starts the next ingest as soon as it ends, so no save is lost
and two ingests never overlap. Only what an ingest reads is watched: the databases, their downloads and kept shards
may sit inside DATA_DIR (make demo puts them there) without an ingest starting another. An ingest that fails (a
register half-written, a bad file) is reported and the watch goes on; the next save tries again. The registers kept
unchanged are not normalised again (ingest/shards.py ShardCache), so an ingest after one save costs the merge and
the finish, and `pinfold serve` picks the new database up by its rename.

    watch(DATA_DIR, 'pinfold.db', 'private.db', done=print, failed=print)  # until Ctrl-C or SIGTERM

SIGTERM (kill, systemd, a container's stop) stops the watch as Ctrl-C does: a job started in the background by a
non-interactive shell ignores SIGINT, so Ctrl-C alone would leave it no clean way to stop.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from pinfold.errors import PinfoldError

from . import spare
from .build import Summary, ingest
from .sources import not_a_register

QUIET_MS = 500  # a folder quiet this long after a change is saved


def watched(data_dir: Path) -> Callable[[object, str], bool]:
    """The changes an ingest would read: DATA_DIR/pounds.csv and what is under registers/ and rules/, but not what a
    computer leaves beside them (an editor's lock or backup, '~$register.xlsx')."""
    root = data_dir.resolve()
    inputs = (root / "registers", root / "rules")

    def wanted(_change: object, path: str) -> bool:
        p = Path(path)
        if not_a_register(p.name):
            return False
        return p == root / "pounds.csv" or any(p.is_relative_to(folder) for folder in inputs)

    return wanted


def _interrupt(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Within: SIGTERM raises KeyboardInterrupt as Ctrl-C does (only the main thread may set a handler; elsewhere
    nothing changes). The previous handler is back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def watch(
    data_dir: Path | str,
    public_db: Path | str,
    private_db: Path | str,
    done: Callable[[Summary], None],
    failed: Callable[[PinfoldError], None],
    stop: threading.Event | None = None,
    workers: int | None = None,
) -> None:
    """An ingest now, then one after each save, until `stop` is set, Ctrl-C or SIGTERM: between ingests it returns; during one
    the KeyboardInterrupt is raised (the ingest it stopped leaves the previous databases as they were). `done` gets
    each ingest's Summary, `failed` each one-line error."""
    from watchfiles import watch as changes

    data_dir, public_db, private_db = Path(data_dir), Path(public_db), Path(private_db)
    busy = False

    def once() -> None:
        nonlocal busy
        spare.MAKER.stop()
        busy = True
        try:
            done(ingest(data_dir, public_db, private_db, workers=workers))
        except PinfoldError as e:
            failed(e)
        busy = False
        # the next save's ingest patches a copy of this pair: made now, while the folder is quiet (ingest/spare.py)
        spare.MAKER.start(public_db, private_db)

    try:
        with terminate_as_interrupt():
            once()
            for _ in changes(
                data_dir,
                watch_filter=watched(data_dir),
                debounce=60_000,
                step=QUIET_MS,
                stop_event=stop,
                rust_timeout=1000,
            ):
                once()
    except KeyboardInterrupt:
        if busy:  # an ingest was stopped: the caller says the previous databases are untouched
            raise
    finally:
        spare.MAKER.stop()
