"""`make bench`: Pinfold's ingest against its peers on the same rows, in one run, with ratios.

    python bench/run.py [--rows 100000,1000000] [--runs 3] [--out bench/out]

For each N: `pinfold demo-data --rows N` writes registers in five layouts (CSV, CSV with BOM and Malayalam
headers, CSV with 'number and description' cells, UTF-16 semicolon text, JSON Lines) plus an 1857 register.
The peers read the same rows: the registers of one layout are concatenated into one file per layout (so a peer
pays its start-up once per layout, not once per pound), then

  - `sqlite-utils insert --csv` (type detection on, its default), raw, no normalising at all;
  - the same with `--no-detect-types`;
  - plain `sqlite3` executemany of rows already split into tuples (the floor: no parsing, no normalising).

Pinfold runs twice: a full ingest (its stages printed: read, normalise, law, write, and the finish step by step), then
again after one register gained ten entries: an incremental ingest (ingest/patch.py: the one pound recomputed and
patched into a copy of the pair, the others' shards kept), its stages and the disk it costs printed too (the copy of
the previous pair it patches, the kept shards); then the same change once more, patched into the spare pair a watch
or the intake copies between saves (ingest/spare.py), as a saved register is published by them. Each comparison
runs --runs times (3), and the medians are printed with their spread. Each runs in its own process; peak RSS is that
process tree's largest resident set. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

BIN = Path(sys.executable).parent
LAYOUTS = "ollur,pala,malayalam,jsonl,semicolon_utf16"


def measured(cmd: list[str]) -> tuple[float, float]:
    """Run a command in a fresh helper process: (wall seconds, peak RSS in MB of its largest process)."""
    helper = (
        "import resource, subprocess, sys, time\n"
        "t = time.perf_counter()\n"
        "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)\n"
        "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    out = subprocess.run([sys.executable, "-c", helper, *cmd], check=True, capture_output=True, text=True).stdout
    seconds, kb = out.split()
    return float(seconds), int(kb) / 1024


def concatenate(data: Path, out: Path) -> list[tuple[Path, list[str]]]:
    """One file per layout with every pound's rows of that layout; returns (file, sqlite-utils options)."""
    out.mkdir(parents=True, exist_ok=True)
    groups: dict[str, list[Path]] = {}
    for f in sorted((data / "registers").rglob("*.*")):
        header = b"" if f.suffix == ".jsonl" else f.read_bytes().split(b"\n", 1)[0]
        groups.setdefault(f"{f.suffix}-{header!r}", []).append(f)
    made = []
    for i, files in enumerate(groups.values()):
        first = files[0]
        target = out / f"layout{i}{first.suffix}"
        if first.suffix == ".txt":  # UTF-16 with semicolons
            with open(target, "w", encoding="utf-16", newline="") as w:
                for j, f in enumerate(files):
                    lines = f.read_text(encoding="utf-16").splitlines(keepends=True)
                    w.writelines(lines if j == 0 else lines[1:])
            made.append((target, ["--csv", "--delimiter", ";", "--encoding", "utf-16"]))
        elif first.suffix == ".jsonl":
            with open(target, "wb") as w:
                for f in files:
                    w.write(f.read_bytes())
            made.append((target, ["--nl"]))
        else:
            with open(target, "w", encoding="utf-8", newline="") as w:
                for j, f in enumerate(files):
                    lines = f.read_text(encoding="utf-8-sig").splitlines(keepends=True)
                    w.writelines(lines if j == 0 else lines[1:])
            made.append((target, ["--csv"]))
    return made


def split_rows(files: list[tuple[Path, list[str]]]) -> list[tuple[str, list[str], list[tuple]]]:
    """The floor's input: every file already split into (table, columns, rows)."""
    tables = []
    for i, (path, opts) in enumerate(files):
        if "--nl" in opts:
            docs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
            cols = sorted({k for d in docs for k in d})
            rows = [tuple(json.dumps(d.get(c)) if isinstance(d.get(c), dict) else d.get(c) for c in cols) for d in docs]
        else:
            enc = "utf-16" if "utf-16" in opts else "utf-8"
            delim = ";" if ";" in opts else ","
            with open(path, encoding=enc, newline="") as f:
                reader = csv.reader(f, delimiter=delim)
                cols = next(reader)
                rows = [tuple(r) for r in reader]
        tables.append((f"t{i}", [f"c{j}" for j in range(len(cols))], rows))
    return tables


def floor(pickled: Path, db: Path) -> None:
    """Run in its own process: executemany of pre-split rows, timed from the first insert to the commit."""
    import pickle

    tables = pickle.loads(pickled.read_bytes())
    con = sqlite3.connect(db, isolation_level=None)
    t = time.perf_counter()
    con.execute("BEGIN")
    for name, cols, rows in tables:
        con.execute(f"CREATE TABLE {name} ({', '.join(cols)})")
        width = len(cols)
        con.executemany(
            f"INSERT INTO {name} VALUES ({','.join('?' * width)})",
            [r[:width] + (None,) * (width - len(r)) for r in rows],
        )
    con.execute("COMMIT")
    print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def ten_more_entries(data: Path) -> tuple[Path, int]:
    """The clerk of one pound writes ten more entries in its register (the last ten, numbered on); returns the
    register and its size before, to put it back."""
    register = sorted((data / "registers").rglob("*.csv"))[-1]
    size = register.stat().st_size
    with open(register, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    last = max(int(r[0]) for r in rows[1:] if r and r[0].isdigit())
    with open(register, "a", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([[str(last + k), *r[1:]] for k, r in enumerate(rows[-10:], 1)])
    return register, size


def one_more_entry(data: Path, description: str) -> tuple[Path, int]:
    """The clerk saves one more entry, described so; returns the register and its size before, to put it back."""
    from ingest.headers import recognise

    for register in sorted((data / "registers").rglob("*.csv"), reverse=True):  # one with a description column
        with open(register, encoding="utf-8-sig", newline="") as f:
            rows = list(csv.reader(f))
        if "description" in (fields := recognise(rows[0])):
            break
    size = register.stat().st_size
    entry = list(rows[-1])
    entry[0] = str(max(int(r[0]) for r in rows[1:] if r and r[0].isdigit()) + 1)
    entry[fields["description"]] = description
    with open(register, "a", encoding="utf-8", newline="") as f:
        csv.writer(f).writerow(entry)
    return register, size


def ten_more_entries_ingested(data: Path, cmd: list[str]) -> tuple[float, float]:
    """(seconds, peak MB) of `cmd` (an ingest) after one register gained ten entries; the register put back after."""
    register, size = ten_more_entries(data)
    try:
        return measured(cmd)
    finally:
        with open(register, "r+b") as f:
            f.truncate(size)


def spare_pair(work: Path) -> None:
    """The spare pair a watch or the intake makes between saves (ingest/spare.py), made here as they make it: the
    next ingest patches it instead of copying the pair first. The one-off `pinfold ingest` makes none."""
    import threading

    from ingest import spare

    if not spare.make(work / "p.db", work / "q.db", threading.Event()):
        raise RuntimeError("no spare pair could be made")


def save_to_visible(data: Path, work: Path) -> float:
    """Seconds from a register's save to its new entry in the portal's search: `pinfold serve` on the bench's public
    database and `pinfold ingest --watch` onto it (its shards kept by the ingests before), the save made once the
    watch has its spare pair (ingest/spare.py), the search polled."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from common import pinfold_server, spare_made

    # An ear tag: a word the published text keeps (an unknown word is hidden as a name might be: ingest/privacy.py)
    word = f"KL-99-{int(time.time() * 10) % 100000:05d}"
    ingest = [str(BIN / "pinfold"), "ingest", str(data), "--db", str(work / "p.db"), "--private-db", str(work / "q.db")]
    with pinfold_server(work / "p.db", work / "serve.log") as server:
        watcher = subprocess.Popen([*ingest, "--watch"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        register = size = None
        try:
            assert watcher.stdout and watcher.stdout.readline().startswith("files "), "the watch's first ingest failed"
            # A watch between saves (minutes apart at a pound) has copied its pair for the next ingest
            # (ingest/spare.py): the save comes once that copy is whole, as it would in a day's work.
            spare_made(work / "p.db", work / "q.db")
            time.sleep(1)
            register, size = one_more_entry(data, f"black, ear tag {word}")
            saved = time.perf_counter()
            while True:
                with urllib.request.urlopen(f"{server.url}/api/impoundments?q={word}&limit=1", timeout=60) as r:
                    if json.load(r)["total"] >= 1:
                        return time.perf_counter() - saved
                if time.perf_counter() - saved > 600:
                    raise RuntimeError("the saved entry never showed")
                time.sleep(0.1)
        finally:
            watcher.send_signal(signal.SIGTERM)  # as Ctrl-C (a background job may ignore SIGINT)
            watcher.wait(60)
            if register is not None and size is not None:
                with open(register, "r+b") as f:
                    f.truncate(size)


Result = tuple[str, float, float, int]  # (tool, seconds, peak MB, records)


def bench(n: int, out: Path) -> tuple[list[Result], list[tuple[str, float]]]:
    """One run at N rows: Pinfold's full ingest, then the same files with one register grown by ten entries (the
    shards of the others kept), then the peers. Returns the results and Pinfold's stages (full ingest)."""
    data, work = out / f"data-{n}", out / f"work-{n}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    if not (data / "pounds.csv").exists():
        subprocess.run([str(BIN / "pinfold"), "demo-data", str(data), "--rows", str(n), "--layouts", LAYOUTS, "--today", "2026-11-29"],
                       check=True, stdout=subprocess.DEVNULL)  # fmt: skip
    files = concatenate(data, work / "layouts")
    results: list[Result] = []
    ingest = [str(BIN / "pinfold"), "ingest", str(data), "--db", str(work / "p.db"), "--private-db", str(work / "q.db")]
    secs, rss = measured([*ingest, "--stages", str(work / "stages.json")])
    stages = [(name, seconds) for name, seconds in json.loads((work / "stages.json").read_text())]
    records = sqlite3.connect(work / "p.db").execute("SELECT records FROM ingest_summary").fetchone()[0]
    results.append(("pinfold ingest (full normalising, both databases)", secs, rss, records))
    secs, rss = ten_more_entries_ingested(data, [*ingest, "--stages", str(work / "stages-incremental.json")])
    results.append(("pinfold ingest again, one register +10 (incremental)", secs, rss, records))
    stages += [(f"disk, MB: {name}", mb) for name, mb in disk(work).items()]  # before a spare pair doubles the pair
    subprocess.run(ingest, check=True, stdout=subprocess.DEVNULL)  # back to the full ingest's files
    spare_pair(work)
    secs, rss = ten_more_entries_ingested(data, [*ingest, "--stages", str(work / "stages-spare.json")])
    results.append(("the same, into a spare pair (as --watch, the intake)", secs, rss, records))
    for prefix, name in (("incremental", "stages-incremental.json"), ("with the spare", "stages-spare.json")):
        stages += [(f"{prefix}: {stage}", seconds) for stage, seconds in json.loads((work / name).read_text())]
    results.append(("save to visible in the portal's search (--watch)", save_to_visible(data, work), 0.0, records))
    for label, extra in (
        ("sqlite-utils insert --csv", []),
        ("sqlite-utils insert --csv --no-detect-types", ["--no-detect-types"]),
    ):
        db = work / f"su{len(results)}.db"
        script = " && ".join(
            shlex.join(
                [
                    str(BIN / "sqlite-utils"),
                    "insert",
                    str(db),
                    f"t{i}",
                    str(p),
                    *opts,
                    *(extra if "--nl" not in opts else []),
                ]
            )
            for i, (p, opts) in enumerate(files)
        )
        secs, rss = measured(["sh", "-c", script])
        results.append((label, secs, rss, records))
    import pickle

    pickled = work / "rows.pickle"
    pickled.write_bytes(pickle.dumps(split_rows(files)))
    out_line = subprocess.run([sys.executable, __file__, "--floor", str(pickled), str(work / "floor.db")],
                              check=True, capture_output=True, text=True).stdout  # fmt: skip
    secs_s, kb = out_line.split()
    results.append(("sqlite3 executemany of pre-split rows (floor)", float(secs_s), int(kb) / 1024, records))
    return results, stages


def disk(work: Path) -> dict[str, float]:
    """What an incremental ingest costs in disk, in MB: the copy of the previous pair it patches (both databases,
    beside the targets until the switch; a watch or an intake keeps it between ingests as its spare pair,
    ingest/spare.py), and the kept shards (every register's rows, kept between ingests)."""
    shards = sum(p.stat().st_size for p in (work / "q.shards").iterdir())
    public, private = (work / "p.db").stat().st_size, (work / "q.db").stat().st_size
    return {"copy of the public database": public / 1e6, "copy of the private database": private / 1e6,
            "kept shards": shards / 1e6}  # fmt: skip


def spread(values: list[float], fmt: str = "{:.2f}") -> str:
    """'12.31 (11.90-13.02)': the median of the runs and their spread."""
    ordered = sorted(values)
    median = ordered[len(ordered) // 2]
    return fmt.format(median) + (f" ({fmt.format(ordered[0])}-{fmt.format(ordered[-1])})" if len(values) > 1 else "")


def report(n: int, runs: list[tuple[list[Result], list[tuple[str, float]]]]) -> None:
    """Each run's table, then the medians and spreads of the runs, then Pinfold's stages."""
    records = runs[0][0][0][3]
    print(f"\n{records:,} register records ({n:,} asked), five layouts + an 1857 register, {len(runs)} run(s)")
    for r, (results, _) in enumerate(runs, 1):
        full = results[0][1]
        print(f"\nrun {r}: {'tool':52} {'seconds':>8} {'rows/s':>9} {'peak MB':>8} {'s / full s':>11}")
        for label, secs, rss, _ in results:
            print(f"       {label:52} {secs:8.2f} {records / secs:9,.0f} {rss:8.0f} {secs / full:10.2f}x")
    # s / full s: a peer's seconds over Pinfold's full ingest's (above 1: Pinfold is faster); the incremental ingest's
    print(f"\n{'tool (median of the runs, spread)':52} {'seconds':>22} {'peak MB':>16} {'s / full s':>22}")
    for i, (label, *_) in enumerate(runs[0][0]):
        secs = [results[i][1] for results, _ in runs]
        rss = [results[i][2] for results, _ in runs]
        ratio = [results[i][1] / results[0][1] for results, _ in runs]
        print(f"{label:52} {spread(secs):>22} {spread(rss, '{:.0f}'):>16} {spread(ratio):>22}")
    print(
        "\nPinfold's full ingest, then the incremental one, by stage (median of the runs; 'CPU, all workers' is summed"
    )
    print("over the processes); then the disk an incremental ingest costs (MB)")
    names = [name for name, _ in runs[0][1]]
    total = sorted(results[0][1] for results, _ in runs)[len(runs) // 2]
    for name in names:
        secs = [dict(stages).get(name, 0.0) for _, stages in runs]
        median = sorted(secs)[len(secs) // 2]
        if name.startswith("disk"):
            print(f"  {name:60} {spread(secs, '{:.0f}'):>22}")
        elif median >= 0.005 * total or not name.startswith(("finish: ", "incremental: finish: ")):
            print(f"  {name:60} {spread(secs):>22} {100 * median / total:5.1f}%")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", default="100000,1000000")
    ap.add_argument("--runs", default=3, type=int, help="runs of each comparison, for their spread")
    ap.add_argument("--out", default="bench/out", type=Path)
    ap.add_argument("--floor", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.floor:
        floor(Path(args.floor[0]), Path(args.floor[1]))
        return
    print(f"machine: {os.cpu_count()} cores; python {sys.version.split()[0]}; sqlite {sqlite3.sqlite_version}")
    for n in (int(x) for x in args.rows.split(",")):
        runs = []
        for _ in range(args.runs):
            runs.append(bench(n, args.out))
            if len(runs) < args.runs:  # each run's figures as soon as they are in (a long bench may be stopped)
                print(f"\n(after {len(runs)} of {args.runs} runs)")
                report(n, runs)
                sys.stdout.flush()
        report(n, runs)


if __name__ == "__main__":
    main()
