"""An ingest with worker processes, in a process where another thread is inside SQLite (the intake's server ingests
beside its requests; the test suite runs the portal's set maker beside ingests): no worker may wait for ever on a
lock the other thread held when it was forked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "fixtures" / "sample-registers"

BESIDE_A_BUSY_THREAD = """
import sqlite3, sys, threading
from pathlib import Path
from ingest.build import ingest


def busy(db: str, stop: threading.Event) -> None:
    while not stop.is_set():  # opening and closing: SQLite's own locks taken and let go all the time
        con = sqlite3.connect(db)
        con.execute("SELECT count(*) FROM sqlite_master").fetchall()
        con.close()


if __name__ == "__main__":
    out, stop = Path(sys.argv[1]), threading.Event()
    sqlite3.connect(out / "other.db").execute("CREATE TABLE t (x)")
    threading.Thread(target=busy, args=(str(out / "other.db"), stop), daemon=True).start()
    for n in range(12):
        ingest(Path(sys.argv[2]), out / f"p{n}.db", out / f"q{n}.db", workers=2)
        print(n, flush=True)
    stop.set()
"""


def test_workers_are_not_forked_beside_a_thread_inside_sqlite(tmp_path: Path) -> None:
    # Before: forked beside the busy thread, the workers hung in their first sqlite3.connect (a run of 12 ingests
    # hung; one of 6 did not), and a run of the tests hung so in test_sample_truth's parallel ingest. A bound, not a
    # measurement: 12 ingests of the sample registers take about 15 s.
    script = tmp_path / "ingest_beside.py"
    script.write_text(BESIDE_A_BUSY_THREAD)
    try:
        done = subprocess.run(
            [sys.executable, str(script), str(tmp_path), str(SAMPLES)], cwd=ROOT, capture_output=True, text=True,
            timeout=240, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        )  # fmt: skip
    except subprocess.TimeoutExpired as e:
        raise AssertionError(f"the ingests hung after: {e.stdout!r}") from None
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [str(n) for n in range(12)]
