"""Faults: a full disk, a register written to while it is read, a new database swapped in under a serving process.
Each ends in a one-line error naming the file with nothing half-written, or, for the server, in no failed request."""

from __future__ import annotations

import resource
import signal
import subprocess
import threading
from collections import Counter
from pathlib import Path

import httpx
import pytest

import ingest.build
from ingest.build import ingest as run_ingest
from ingest.demo import write_demo
from ingest.errors import RegisterChanged
from portal.settings import Settings

from .conftest import MESSY, TODAY, LiveServer, make_data_dir
from .test_ingest_errors import PINFOLD


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith((".pinfold", "p.db.", "q.db.")))


def test_a_full_disk_is_one_line_and_leaves_the_previous_databases(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_demo(data, today=TODAY, rows=2000, seed=7)
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    assert subprocess.run([PINFOLD, "ingest", data, "--db", pub, "--private-db", priv]).returncode == 0
    before = (pub.read_bytes(), priv.read_bytes())

    def small_disk() -> None:  # every file the ingest writes may grow to 256 KB, then writes fail as on a full disk
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (256 * 1024, 256 * 1024))

    out = subprocess.run(
        [PINFOLD, "ingest", data, "--db", pub, "--private-db", priv],
        preexec_fn=small_disk,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and str(tmp_path) in lines[0] and "cannot write the databases" in lines[0], out.stderr
    assert (pub.read_bytes(), priv.read_bytes()) == before
    assert _leftovers(tmp_path) == []


def test_a_register_written_to_while_read_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = make_data_dir(tmp_path, {"bom.csv": MESSY / "bom.csv", "other.csv": MESSY / "bom.csv"})
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    run_ingest(data, pub, priv, workers=1)
    before = (pub.read_bytes(), priv.read_bytes())
    register = data / "registers" / "p1" / "bom.csv"
    real_reader = ingest.build.read_register

    def clerk_still_typing(path: Path):  # the clerk appends a row after the ingest has read the first one
        for n, record in enumerate(real_reader(path)):
            if path == register and n == 0:
                with open(register, "a", encoding="utf-8") as f:
                    f.write('99,03/04/2025,3.05 PM,Cow,1,"black",Ollur,"A, Ollur",unknown\n')
            yield record

    monkeypatch.setattr(ingest.build, "read_register", clerk_still_typing)
    with pytest.raises(RegisterChanged) as err:
        run_ingest(data, pub, priv, workers=1)
    assert str(err.value).startswith(f"{register}: changed while it was being read")
    assert "\n" not in str(err.value)
    assert (pub.read_bytes(), priv.read_bytes()) == before
    assert _leftovers(tmp_path) == []
    monkeypatch.undo()
    run_ingest(data, pub, priv, workers=1)  # once the clerk has finished, the register goes in


def test_the_server_answers_while_a_new_database_is_swapped_in(tmp_path: Path) -> None:
    small, large = tmp_path / "small", tmp_path / "large"
    write_demo(small, today=TODAY, rows=300, seed=1)
    write_demo(large, today=TODAY, rows=600, seed=2)
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    run_ingest(small, pub, priv)
    paths = [
        "/",
        "/?q=black+cow",
        "/feeds/impounded.rss",
        "/feeds/auctions.atom?district=Thrissur",
        "/calendar/auctions.ics",
        "/api/impoundments?q=cow",
        "/data/pounds/impoundments.json?_size=5",
        "/data/pounds.json",
        "/healthz",
    ]
    statuses: Counter[int] = Counter()
    failures: list[str] = []
    stop = threading.Event()

    with LiveServer(Settings(database=pub, today=TODAY)) as server:

        def reader() -> None:
            with httpx.Client(base_url=server.url, timeout=30) as c:
                while not stop.is_set():
                    for path in paths:
                        try:
                            status = c.get(path).status_code
                        except httpx.HTTPError as e:
                            failures.append(f"{path}: {e!r}")
                            continue
                        statuses[status] += 1
                        if status != 200:
                            failures.append(f"{path}: {status}")

        readers = [threading.Thread(target=reader) for _ in range(4)]
        for t in readers:
            t.start()
        try:
            for source in (large, small, large):
                summary = run_ingest(source, pub, priv)
        finally:
            stop.set()
            for t in readers:
                t.join(60)
        with httpx.Client(base_url=server.url) as c:
            served = c.get("/data/pounds/impoundments.json?_size=1&_shape=objects").json()
            api = c.get("/api/impoundments?limit=1").json()

    assert failures == [] and statuses[200] > len(paths) * 4, (failures[:10], statuses)
    # Datasette and the portal both serve the database the last ingest built, not the file it replaced.
    assert served["filtered_table_rows_count"] == summary.stored == api["total"]
