"""Faults: a full disk, a register written to while it is read, a new database swapped in under a serving process.
Each ends in a one-line error naming the file with nothing half-written, or, for the server, in no failed request."""

from __future__ import annotations

import resource
import shutil
import signal
import sqlite3
import subprocess
import threading
import time
from collections import Counter
from pathlib import Path

import httpx
import pytest

import ingest.shards
from demo import write_demo
from ingest.build import ingest as run_ingest
from ingest.build import recover
from pinfold.errors import RegisterChanged
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
    with open(register, "a", encoding="utf-8") as f:  # a changed register is read again (an unchanged one is not)
        f.write('98,03/04/2025,3.05 PM,Cow,1,"white",Ollur,"A, Ollur",unknown\n')
    real_reader = ingest.shards.read_blocks

    def clerk_still_typing(path: Path, *going_on):  # the clerk appends a row after the ingest has read the first ones
        for n, block in enumerate(real_reader(path, *going_on)):
            if path == register and n == 0:
                with open(register, "a", encoding="utf-8") as f:
                    f.write('99,03/04/2025,3.05 PM,Cow,1,"black",Ollur,"A, Ollur",unknown\n')
            yield block

    monkeypatch.setattr(ingest.shards, "read_blocks", clerk_still_typing)
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


# The switch's system calls: a kill is sent on entry to each, so the call itself never happens.
SWITCH_CALLS = ("fsync", "rename", "renameat", "renameat2", "unlink", "unlinkat")


def _strace(*args: str | Path, check: bool = False) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["strace", "-qq", *map(str, args)], capture_output=True, text=True, timeout=300, check=check)


def _the_pair(pub: Path, priv: Path) -> tuple[list, bytes]:
    """What a build of the pair holds: every public table but the history (its rows say when an ingest ran and what
    it found against the database before it, ingest/history.py, and ANALYZE counts them), and the private file byte
    for byte."""
    con = sqlite3.connect(pub)
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        public = [
            (t, con.execute(f'SELECT * FROM "{t}" ORDER BY 1').fetchall())
            for t in tables
            if t not in ("ingests", "changes", "aliases", "ingest_pounds", "auction_versions", "sqlite_stat1")
        ]
    finally:
        con.close()
    return public, priv.read_bytes()


@pytest.mark.skipif(shutil.which("strace") is None, reason="needs strace (apt install strace) to kill at a system call")
def test_a_kill_at_every_step_of_the_switch_leaves_both_old_or_both_new(tmp_path: Path) -> None:
    """strace kills the ingest on entry to each fsync, rename and unlink from the first fsync of the new files on (the
    switch): after each kill the public file is a whole database, old or new; after the check every ingest runs first
    (build.recover) the pair is both old or both new, byte for byte, and no scratch file is left beside them."""
    old = make_data_dir(tmp_path / "old", {"r1.csv": MESSY / "bom.csv"})
    new = make_data_dir(tmp_path / "new", {"r1.csv": MESSY / "bom.csv", "r2.csv": MESSY / "dates.csv"})
    out = tmp_path / "out"
    out.mkdir()
    pub, priv = out / "p.db", out / "q.db"
    run_ingest(new, tmp_path / "new.db", tmp_path / "new-private.db")  # the build is deterministic: the pair to expect
    both_new = _the_pair(tmp_path / "new.db", tmp_path / "new-private.db")
    run_ingest(old, pub, priv)
    both_old, old_files = _the_pair(pub, priv), (pub.read_bytes(), priv.read_bytes())
    assert both_old != both_new
    kept = shutil.copytree(out / "q.shards", tmp_path / "kept-shards")  # r1's shard, kept by the old ingest
    cmd = [PINFOLD, "ingest", new, "--db", pub, "--private-db", priv, "--workers", "1"]
    trace = tmp_path / "trace"
    _strace("-o", trace, "-e", f"trace={','.join(SWITCH_CALLS)}", *cmd, check=True)
    assert _the_pair(pub, priv) == both_new
    calls = [line.split("(", 1)[0] for line in trace.read_text().splitlines()]
    start = calls.index("fsync")  # the first fsync is the new public file's: the switch begins
    steps = [(name, calls[: i + 1].count(name)) for i, name in enumerate(calls) if i >= start]
    assert {"rename", "fsync"} <= {name for name, _ in steps}, steps
    seen = set()
    for name, nth in steps:
        for db, data in zip((pub, priv), old_files, strict=True):  # each kill starts from the old pair
            db.write_bytes(data)
        shutil.rmtree(out / "q.shards")  # and the shards it kept, so each run makes the same system calls
        shutil.copytree(kept, out / "q.shards")
        killed = _strace("-e", f"trace={name}", "-e", f"inject={name}:signal=KILL:when={nth}", *cmd)
        assert killed.returncode != 0, f"not killed before {name} #{nth}"
        public = _the_pair(pub, priv)[0]
        assert public in (both_old[0], both_new[0]), f"killed before {name} #{nth}: the public file is torn"
        recover(str(pub), str(priv))  # what the next ingest does first (paths as str work too)
        now = _the_pair(pub, priv)
        pair = "both old" if now == both_old else "both new" if now == both_new else "an old and a new side by side"
        assert pair in ("both old", "both new"), f"killed before {name} #{nth}: {pair}"
        # beside them, their downloads and the shards kept for the next ingest (ingest/shards.py ShardCache)
        assert sorted(p.name for p in out.iterdir()) == ["p.db", "p.downloads", "q.db", "q.shards"], f"{name} #{nth}"
        # the downloads the public database names are whole beside it, old or new (ingest/package.py)
        (named,) = sqlite3.connect(pub).execute("SELECT downloads FROM ingests ORDER BY id DESC LIMIT 1").fetchone()
        assert (out / "p.downloads" / named / "datapackage.json").is_file(), f"killed before {name} #{nth}"
        seen.add(pair)
    assert seen == {"both old", "both new"}  # kills before the switch was decided, and after
    assert subprocess.run(cmd, capture_output=True).returncode == 0


def test_a_second_ingest_onto_the_same_databases_is_refused_while_the_first_runs(tmp_path: Path) -> None:
    # Two ingests onto one target both reported success, and the last rename won. The first is frozen (SIGSTOP)
    # once it holds its locks, so the second certainly starts while it runs.
    data = make_data_dir(tmp_path, {"bom.csv": MESSY / "bom.csv"})
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    first = subprocess.Popen([PINFOLD, "ingest", data, "--db", pub, "--private-db", priv], stderr=subprocess.PIPE)
    try:
        lock = tmp_path / "q.db.lock"
        for _ in range(600):
            if lock.exists() and lock.read_text().strip() == str(first.pid) and (tmp_path / "p.db.lock").exists():
                break
            time.sleep(0.05)
        else:
            pytest.fail("the first ingest never took its locks")
        first.send_signal(signal.SIGSTOP)
        for public, private in ((pub, priv), (tmp_path / "other.db", priv), (pub, tmp_path / "other-private.db")):
            second = subprocess.run(
                [PINFOLD, "ingest", data, "--db", public, "--private-db", private], capture_output=True, text=True
            )
            lines = second.stderr.strip().splitlines()
            assert second.returncode == 2 and len(lines) == 1, second.stderr
            assert f"another ingest (process {first.pid}) is writing it now" in lines[0], lines
    finally:
        first.send_signal(signal.SIGCONT)
        assert first.wait(120) == 0
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == ["p.db", "q.db"]  # the locks went with it
    assert subprocess.run([PINFOLD, "ingest", data, "--db", pub, "--private-db", priv]).returncode == 0


def test_scratch_files_of_the_targets_go_even_when_their_pid_was_reused(tmp_path: Path) -> None:
    # Under the targets' lock, any scratch file of theirs is a dead ingest's: PID 1 is alive, but not an ingest.
    names = ["p.db.tmp1", "p.db.tmp1-journal", "q.db.tmp1", "q.db.swap.tmp1", "other.db.tmp1", "notes.tmp1"]
    for name in names:
        (tmp_path / name).write_bytes(b"private rows")
    recover(tmp_path / "p.db", tmp_path / "q.db")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.tmp1", "other.db.tmp1"]
    # A name is the targets' only in their folder: beside them, another pair's 'q.db' is not theirs.
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "q.db.tmp1").write_bytes(b"another pair's")
    recover(tmp_path / "elsewhere" / "p.db", tmp_path / "q.db")
    assert (tmp_path / "elsewhere" / "q.db.tmp1").exists()
