"""`pinfold ingest --watch` (ingest/watch.py): a register saved is in the public database moments later, a save made
while an ingest runs is not lost, and SIGTERM stops the watch cleanly even when SIGINT is ignored (as it is for a job a
non-interactive shell starts in the background)."""

from __future__ import annotations

import csv
import os
import signal
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import pytest

import ingest.watch
from demo import write_demo

from .conftest import TODAY
from .test_ingest_errors import PINFOLD

REGISTER = "registers/tvm-corp/register-2026.csv"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    write_demo(root, today=TODAY, rows=600, seed=5)
    return root


def save_entry(data: Path, number: int, description: str) -> None:
    """The clerk writes an entry (the register's last, renumbered and described anew) and saves the register."""
    path = data / REGISTER
    with open(path, encoding="utf-8-sig", newline="") as f:
        header, *rows = list(csv.reader(f))
    entry = dict(zip(header, rows[-1], strict=False))
    entry.update({"Sl. No.": str(number), "Description": description})
    with open(path, "a", encoding="utf-8", newline="") as f:
        csv.writer(f).writerow([entry[h] for h in header])


def published(db: Path, description: str) -> int:
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            return con.execute("SELECT count(*) FROM impoundments WHERE description = ?", (description,)).fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def within(seconds: float, ready) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if ready():
            return True
        time.sleep(0.1)
    return False


def seen_by_the_watch(data: Path, ready, seconds: float = 120) -> bool:
    """Wait for `ready`, touching the register every few seconds: the watch begins only after its first ingest, at a
    moment the test cannot see, and a save made before it began is (rightly) not news to it. A touch changes no entry."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if within(3, ready):
            return True
        os.utime(data / REGISTER)
    return False


def idle(pub: Path, quiet: float = 3.0, seconds: float = 120) -> None:
    """Until no ingest has held the public database's lock for `quiet` seconds (the watch's debounce is 0.5 s: an
    ingest a save asked for has begun by then)."""
    lock, deadline = pub.with_name(pub.name + ".lock"), time.monotonic() + seconds
    since = time.monotonic()
    while time.monotonic() < deadline:
        if lock.exists():
            since = time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
        time.sleep(0.05)


def background_job() -> None:
    """The child starts as `make test &` from a script starts its jobs: SIGINT ignored, and inherited so."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def test_a_saved_register_is_published_and_sigterm_stops_the_watch(data: Path, tmp_path: Path) -> None:
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    cmd = [PINFOLD, "ingest", data, "--db", pub, "--private-db", priv, "--watch"]
    watcher = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=background_job
    )
    try:
        first = watcher.stdout.readline()  # the first ingest, before any save
        assert first.startswith("files 43, records ")
        save_entry(data, 90001, "grey, ear tag KL-07-90001")
        assert seen_by_the_watch(data, lambda: published(pub, "grey, ear tag KL-07-90001") == 1)
        assert watcher.stdout.readline().startswith("files 43, records ")
        idle(pub)  # a touch made during that ingest starts another: SIGTERM during it would (rightly) exit 130
    finally:
        watcher.send_signal(signal.SIGTERM)
        out, err = watcher.communicate(timeout=60)
    assert watcher.returncode == 0, err
    assert err.strip().splitlines()[-1] == "pinfold: stopped watching"
    left = [
        p.name for p in tmp_path.iterdir() if p.name.startswith(".pinfold") or ".tmp" in p.name or ".lock" in p.name
    ]
    assert left == []


def test_a_save_made_while_an_ingest_runs_starts_another(data: Path, tmp_path: Path, monkeypatch) -> None:
    # The second save comes while the ingest of the first is still running, after it has read the registers: the
    # watch keeps it and ingests again as soon as that ingest ends.
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    real, calls, stop = ingest.watch.ingest, [], threading.Event()

    def ingesting(*args, **kwargs):
        summary = real(*args, **kwargs)
        calls.append(summary.records)
        if len(calls) == 2:
            save_entry(data, 90003, "white, ear tag KL-07-90003")
        if len(calls) == 3:
            stop.set()
        return summary

    monkeypatch.setattr(ingest.watch, "ingest", ingesting)
    failures: list[Exception] = []
    watching = threading.Thread(
        target=ingest.watch.watch, args=(data, pub, priv, lambda s: None, failures.append, stop), daemon=True
    )
    watching.start()
    assert within(120, lambda: len(calls) == 1)
    save_entry(data, 90002, "black, ear tag KL-07-90002")
    # A touch while the second ingest runs joins the save made during it: one more ingest either way.
    assert seen_by_the_watch(data, lambda: len(calls) >= 2)
    watching.join(120)
    assert not watching.is_alive() and failures == []
    assert calls[1:] == [calls[0] + 1, calls[0] + 2]
    assert published(pub, "black, ear tag KL-07-90002") == published(pub, "white, ear tag KL-07-90003") == 1
