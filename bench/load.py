"""`make load`: 64 connections for 60 s of mixed traffic against a real `pinfold serve`, then the same while a
fresh ingest replaces the database under it. Prints requests, errors and latency; zero errors is the bar.

    python bench/load.py [--rows 100000] [--seconds 60] [--connections 64] [--workers 1] [--out bench/out]

The mix, cycled in order by wrk (one thread): owner searches (a new query each time, and the popular ones),
animal pages, feeds with filters, the calendar, the JSON API and Datasette's JSON under /data. During the second
run `pinfold ingest` rebuilds the same database from its registers again and again and renames it into place.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import BIN, Load, Server, built_database, free_port, wrk  # noqa: E402
from serve import sample  # noqa: E402


def mixed_paths(db: Path, n: int = 20000) -> list[str]:
    urls = sample(db, n)
    popular = ["/?q=black+cow", "/?q=buffalo&district=Thrissur", "/feeds/impounded.rss", "/feeds/auctions.atom",
               "/calendar/auctions.ics", "/feeds/notices.rss?district=Ernakulam", "/data/pounds/pounds.json",
               "/data/pounds/impoundments.json?_size=20", "/api/impoundments?q=cow&limit=20", "/pounds"]  # fmt: skip
    rng = random.Random(7)
    mix = []
    for i in range(n):
        mix.append(rng.choice(popular))
        mix.append(urls["searches"][i] if i % 4 == 0 else f"/animals/{urls['ids'][i % len(urls['ids'])]}")
        if i % 10 == 0:
            mix.append(urls["feeds"][i])
        if i % 7 == 0:
            mix.append(f"/api/impoundments/{urls['ids'][(i * 7) % len(urls['ids'])]}/due")
    return mix


def table(rows: list[tuple[str, Load]]) -> None:
    print(f"{'run':52} {'requests':>9} {'req/s':>7} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}")
    for name, load in rows:
        print(f"{name:52} {load.requests:9,} {load.rate:7,.0f} {load.p50_ms:8.1f} {load.p99_ms:8.1f} {load.errors:7}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--connections", type=int, default=64)
    ap.add_argument("--workers", type=int, default=1, help="pinfold serve --workers")
    ap.add_argument("--out", type=Path, default=Path("bench/out"))
    args = ap.parse_args()
    db = built_database(args.rows, args.out).resolve()
    data, served = db.parent / "data", db.parent / "load" / "pinfold.db"
    served.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["cp", "--reflink=auto", str(db), str(served)], check=True)
    paths = mixed_paths(db)
    port = free_port()
    cmd = [str(BIN / "pinfold"), "serve", "--db", str(served), "--port", str(port), "--no-access-log",
           "--workers", str(args.workers)]  # fmt: skip
    print(f"machine: {os.cpu_count()} cores; {args.rows:,} rows asked; wrk, 1 thread, {args.connections} connections, "
          f"{args.seconds} s; {len(set(paths)):,} distinct URLs; pinfold serve --workers {args.workers}")  # fmt: skip
    results = []
    with Server(cmd, port, "/healthz", args.out / "logs" / "load.log") as server:
        results.append(("mixed traffic", wrk(server.url, paths, args.seconds, args.connections, args.out / "wrk")))
        stop, ingests = threading.Event(), []

        def reingest() -> None:
            while not stop.is_set():
                done = subprocess.run([str(BIN / "pinfold"), "ingest", str(data), "--db", str(served), "--private-db",
                                       str(served.parent / "private.db")], capture_output=True, text=True)  # fmt: skip
                ingests.append(done.returncode)

        ingester = threading.Thread(target=reingest)
        ingester.start()
        try:
            during = wrk(server.url, paths, args.seconds, args.connections, args.out / "wrk")
        finally:
            stop.set()
            ingester.join()
        results.append((f"mixed traffic while {len(ingests)} ingests replaced the database", during))
    print()
    table(results)
    if any(ingests):
        print(f"ingest exit codes: {ingests}")


if __name__ == "__main__":
    main()
