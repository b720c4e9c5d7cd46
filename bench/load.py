"""`make load`: 64 connections for 60 s of mixed traffic against a real `pinfold serve`, then the same while a
fresh ingest replaces the database under it. Prints requests, errors and latency; zero errors is the bar.
Then owners' traffic alone, and the same beside hostile SQL typed into /data's SQL box: the owners' p99 may be at
most twice what it is alone (issue 17: three such queries held every /data thread for 16 s).

    python bench/load.py [--rows 100000] [--seconds 60] [--connections 64] [--workers 1] [--out bench/out]
                         [--hostile-only] [--streams-only]

The mix, cycled in order by wrk (one thread): owner searches (a new query each time, and the popular ones),
animal pages, feeds with filters, the calendar, the JSON API and Datasette's JSON under /data. During the second
run `pinfold ingest` rebuilds the same database from its registers again and again and renames it into place.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlencode

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


# Each once ran for seconds in one step of SQLite, or took gigabytes (portal/datasette_plugin.py).
HOSTILE_SQL = [
    "select length(printf('%.*c', 2000000000, 'x')) + {n}",
    "select length(rtrim(printf('%.*c', 1999000, 'a'), printf('%.*c', 160000, 'b') || 'a')) + {n}",
    "select instr(printf('%.*c', 1999000, 'a'), printf('%.*c', 999000, 'a') || 'b') + {n}",
    "select length(hex(randomblob(1000000000))) + {n}",
    "select count(*) + {n} from impoundments a, impoundments b, impoundments c",
    "select printf('%.*c', 1999000, 'a') glob '*[' || printf('%.*c', 40000, 'c') || ']b' or {n}",
]


def owner_paths(db: Path, seed: int, n: int = 20000) -> list[str]:
    """What owners ask: searches (new ones and popular ones), animal pages and what they cost to claim. Each seed
    gives new searches (each a render), from the same animals."""
    urls = sample(db, n, seed)
    mix = []
    for i in range(n):
        mix.append(urls["searches"][i] if i % 3 == 0 else f"/animals/{urls['ids'][i % len(urls['ids'])]}")
        if i % 5 == 0:
            mix.append("/?q=black+cow")
        if i % 7 == 0:
            mix.append(f"/api/impoundments/{urls['ids'][(i * 7) % len(urls['ids'])]}/due")
    return mix


def hostile_paths(n: int = 600) -> list[str]:
    """Hostile queries for the SQL box, each a new URL (so no cache answers them)."""
    return [f"/data/pounds.json?{urlencode({'sql': HOSTILE_SQL[i % len(HOSTILE_SQL)].format(n=i)})}" for i in range(n)]


def beside_hostile_sql(url: str, owners: list[str], seconds: int, connections: int, work: Path) -> tuple[Load, Load]:
    """Owners' traffic (its own wrk) while 4 connections send hostile SQL (another wrk) -> (owners, hostile)."""
    out: dict[str, Load] = {}
    hostile = threading.Thread(target=lambda: out.update(h=wrk(url, hostile_paths(), seconds, 4, work / "hostile")))
    hostile.start()
    try:
        owner = wrk(url, owners, seconds, connections, work / "owners")
    finally:
        hostile.join()
    return owner, out["h"]


# /data requests that once held one of Datasette's threads for long (issue 24): each a new URL, so none is cached.
COSTLY_DATA = [
    "/data/pounds/impoundments.json?_where=length(description)>{n}",
    "/data/pounds/impoundments.json?_facet=species&_facet=district&_facet=status&_facet=act&_size={n}",
    "/data/pounds/impoundments.json?_search=cow+OR+buffalo+{n}&_searchmode=raw",
]
STREAM = "/data/pounds/impoundments.csv?_stream=on&_size=max"


def costly_paths(n: int = 600) -> list[str]:
    return [COSTLY_DATA[i % len(COSTLY_DATA)].format(n=i % 97 + 1) for i in range(n)]


def stream_and_hang_up(url: str, stop: threading.Event, read: int = 64 * 1024) -> None:
    """A client that opens a streamed CSV export, reads 64 KB and goes, again and again until stopped."""
    host, port = url.split("//")[1].split(":")
    while not stop.is_set():
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        try:
            conn.request("GET", STREAM)
            conn.getresponse().read(read)
        except OSError:
            pass
        finally:
            conn.close()


def beside_streams(url: str, owners: list[str], seconds: int, connections: int, work: Path) -> tuple[Load, Load]:
    """Owners' traffic while 8 clients stream CSV exports and hang up and 6 connections ask costly /data pages
    -> (owners, the costly)."""
    out: dict[str, Load] = {}
    stop = threading.Event()
    streams = [threading.Thread(target=stream_and_hang_up, args=(url, stop)) for _ in range(8)]
    costly = threading.Thread(target=lambda: out.update(c=wrk(url, costly_paths(), seconds, 6, work / "costly")))
    for t in [*streams, costly]:
        t.start()
    try:
        owner = wrk(url, owners, seconds, connections, work / "owners")
    finally:
        stop.set()
        for t in [*streams, costly]:
            t.join()
    return owner, out["c"]


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
    ap.add_argument("--hostile-only", action="store_true", help="only owners alone and beside hostile SQL")
    ap.add_argument("--streams-only", action="store_true", help="only owners alone and beside streams, costly /data")
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
    ingests: list[int] = []
    with Server(cmd, port, "/healthz", args.out / "logs" / "load.log") as server:
        wrk(server.url, owner_paths(db, 1), 5, args.connections, args.out / "wrk")  # warm: the animals' pages
        alone = wrk(server.url, owner_paths(db, 2), args.seconds, args.connections, args.out / "wrk")
        results.append(("owners' traffic (pages, search, API)", alone))
        owners = owner_paths(db, 3)
        if args.streams_only:
            beside, costly = beside_streams(server.url, owners, args.seconds, args.connections, args.out / "wrk")
            results.append(("the same beside 8 streaming clients + 6 costly /data", beside))
            results.append(("  the costly /data (a 503 Busy counts as an error)", costly))
            return report(results, ingests, alone, beside, "8 streams + 6 costly /data")
        beside, hostile = beside_hostile_sql(server.url, owners, args.seconds, args.connections, args.out / "wrk")
        results.append(("the same beside hostile SQL on 4 more connections", beside))
        results.append(("  the hostile SQL (each a 400 or NULL: 'errors')", hostile))
        if args.hostile_only:
            return report(results, ingests, alone, beside)
        results.append(("mixed traffic", wrk(server.url, paths, args.seconds, args.connections, args.out / "wrk")))
        stop = threading.Event()

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
    report(results, ingests, alone, beside)


def report(
    results: list[tuple[str, Load]], ingests: list[int], alone: Load, beside: Load, what: str = "hostile SQL"
) -> None:
    print()
    table(results)
    ratio = beside.p99_ms / alone.p99_ms if alone.p99_ms else float("nan")
    print(f"owners' p99 beside {what}: {ratio:.2f}x alone (the bar: at most 2x)")
    if any(ingests):
        print(f"ingest exit codes: {ingests}")


if __name__ == "__main__":
    main()
