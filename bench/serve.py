"""`make bench` (serving): a real `pinfold serve` and its peers on loopback, loaded by wrk in another process.

    python bench/serve.py [--rows 1000000] [--seconds 10] [--connections 16] [--out bench/out]

The data: `pinfold demo-data --rows N`, ingested once (out/serve-N/). The peers, in the same run, on the same
database file: Datasette 0.65.5 itself (`datasette serve -i`, its `_search=`), and the same feed and calendar as
datasette-atom and datasette-ics make them from canned queries that follow their column contracts (given the
time zone and a stable uid, their best configuration). The peers live in their own venv (out/peers-venv) so their
plugins never load into Pinfold's /data.

Each scenario is a list of URLs that wrk cycles through with 16 connections (one wrk thread, so one list in
order): "one URL" is what a newspaper link or a feed reader polling does, and is served from Pinfold's response
cache after the first request; "a new URL each request" never repeats within the run, so every request is a
render. Nothing here is a test: it prints a table.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import TODAY, Load, Server, built_database, free_port, pinfold_server, wrk  # noqa: E402

PEERS = ["datasette==0.65.5", "datasette-atom==0.9", "datasette-ics==0.5.2"]

# Canned queries in the peers' column contracts, over the same SQL views Pinfold's feeds read. The LIMIT is a bound
# parameter, as in Pinfold's own query: with a literal LIMIT 50 SQLite plans the district feed as a sort of every
# row in the district (250 ms at 1M) instead of walking the date index (3 ms).
PEER_METADATA = {
    "databases": {
        "pinfold": {
            "queries": {
                "impounded_atom": {
                    "title": "Newest impoundments",
                    "sql": "SELECT atom_id, atom_title, atom_updated, atom_link, atom_summary AS atom_content "
                    "FROM feed_impounded WHERE district = :district ORDER BY sort_key DESC LIMIT :limit",
                },
                "auctions_ics": {
                    "title": "Cattle pound auctions",
                    "sql": "SELECT atom_id AS event_uid, atom_title AS event_name, starts_at AS event_dtstart, "
                    "'Asia/Kolkata' AS event_tzid, atom_summary AS event_description FROM feed_auctions "
                    "WHERE auction_date >= date(:today, '-30 days') AND status IN ('scheduled', 'proposed') "
                    "ORDER BY sort_key LIMIT :limit",
                },
            }
        }
    }
}


def peer_datasette(db: Path, out: Path) -> Server:
    venv = out / "peers-venv"
    if not (venv / "bin" / "datasette").exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", *PEERS], check=True)
    meta = out / "peers-metadata.json"
    meta.write_text(json.dumps(PEER_METADATA, indent=2))
    port = free_port()
    cmd = [str(venv / "bin" / "datasette"), "serve", "-i", str(db), "--port", str(port), "--metadata", str(meta),
           "--setting", "sql_time_limit_ms", "60000", "--setting", "default_cache_ttl", "300"]  # fmt: skip
    return Server(cmd, port, "/pinfold.json", out / "logs" / "peer.log")


def sample(db: Path, n: int, seed: int = 1961) -> dict[str, list[str]]:
    """URL lists for the scenarios, from what the database holds. A new query is made as an owner types one: one or
    two words of a real description and its kind, now and then a district, a pound or an ear tag; each URL differs
    from every other (a `page` of the results, or a filter), so none is answered from the response cache."""
    con = sqlite3.connect(f"file:{db}?mode=ro&immutable=1", uri=True)
    rng = random.Random(seed)
    ids = [r[0] for r in con.execute("SELECT id FROM impoundments WHERE rowid % 37 = 0 LIMIT 40000")]
    rng.shuffle(ids)
    described = con.execute(
        "SELECT description, species, district, pound_id, ear_tags FROM impoundments WHERE rowid % 97 = 0 LIMIT 20000"
    ).fetchall()
    searches, api, feeds, calendars = [], [], [], []
    feed_names = ["impounded", "notices", "auctions"]
    for i in range(n):
        desc, kind, district, pound, tags = described[i % len(described)]
        words = [w for w in re.findall(r"[a-z]{3,}", (desc or "").lower()) if w not in ("and", "the", "with")]
        q = " ".join(rng.sample(words, min(len(words), rng.choice([1, 2])))) or kind
        if rng.random() < 0.7:
            q += f" {kind}"
        params = {"q": q}
        if rng.random() < 0.3:
            params["district"] = district
        elif rng.random() < 0.1:
            params["pound"] = pound
        if tags and rng.random() < 0.1:
            params = {"q": tags.split()[0]}
        unique = {**params, "page": "1"} if i % 2 else params  # the same search asked for its first page
        searches.append("/?" + urllib.parse.urlencode(unique))
        api.append("/api/impoundments?" + urllib.parse.urlencode({**params, "limit": str(50 - i % 3)}))
        feeds.append(f"/feeds/{feed_names[i % 3]}.rss?" + urllib.parse.urlencode(params))
        calendars.append("/calendar/auctions.ics?" + urllib.parse.urlencode(params))
    return {"ids": ids[:n], "searches": searches, "api": api, "feeds": feeds, "calendars": calendars}


def table(rows: list[tuple[str, str, Load, str]]) -> None:
    print(f"{'scenario':58} {'server':10} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6}  ratio")
    for name, server, load, ratio in rows:
        rate = f"{load.rate:8,.0f}" if load.rate >= 10 else f"{load.rate:8.2f}"
        print(f"{name:58} {server:10} {rate} {load.p50_ms:8.1f} {load.p99_ms:8.1f} {load.errors:6}  {ratio}")


def first_render_ms(base: str, path: str) -> float:
    """One request for a URL nobody has asked for since the server started: what the first reader after an
    ingest waits (everyone else asking meanwhile waits for this same render)."""
    t = time.perf_counter()
    with urllib.request.urlopen(base + path, timeout=120) as r:
        r.read()
    return (time.perf_counter() - t) * 1000


def correctness(ours: str, peer: str, today: str) -> list[str]:
    """What a feed reader and a calendar make of each: time zones and ids, checked with real parsers."""
    import feedparser
    from icalendar import Calendar

    def get(url: str) -> bytes:
        with urllib.request.urlopen(url, timeout=120) as r:
            return bytes(r.read())

    lines = []
    for label, url in (
        ("Pinfold", f"{ours}/calendar/auctions.ics"),
        ("datasette-ics", f"{peer}/pinfold/auctions_ics.ics?today={today}&limit=500"),
    ):
        body = get(url)
        try:
            cal = Calendar.from_ical(body)
            events = cal.walk("VEVENT")
            tzids = {str(e["DTSTART"].params.get("TZID")) for e in events if "TZID" in e["DTSTART"].params}
            zones = {str(z["TZID"]) for z in cal.walk("VTIMEZONE")}
            first = events[0]["DTSTART"].dt if events else None
            utc = (
                first.astimezone(dt.UTC).strftime("%H:%M UTC")
                if isinstance(first, dt.datetime) and first.tzinfo
                else "floating (no zone)"
            )
            lines.append(f"{label:14} calendar: {len(events)} events; first starts {first} = {utc}; "
                         f"TZIDs without a VTIMEZONE: {sorted(tzids - zones) or 'none'}")  # fmt: skip
        except Exception as e:  # a peer's calendar that a real parser refuses is a finding, not a crash
            lines.append(f"{label:14} calendar: icalendar cannot read it ({type(e).__name__}: {e})")
    for label, url in (
        ("Pinfold", f"{ours}/feeds/impounded.atom?district=Thrissur"),
        ("datasette-atom", f"{peer}/pinfold/impounded_atom.atom?district=Thrissur&limit=50"),
    ):
        f = feedparser.parse(get(url))
        ids = [e.get("id") or "" for e in f.entries]
        iri = all(re.match(r"^[a-z][a-z0-9+.-]*:", i) for i in ids)  # RFC 4287: atom:id is an absolute IRI
        lines.append(f"{label:14} feed: {len(f.entries)} entries, well-formed {not f.bozo}, ids e.g. {ids[0] if ids else None} "
                     f"(absolute IRIs, as RFC 4287 requires: {iri}), updated e.g. {f.entries[0].get('updated') if f.entries else None}")  # fmt: skip
    return lines


def _warmed_lines(server: Server) -> list[str]:
    return [line.strip() for line in server.log.read_text(errors="replace").splitlines() if "Warmed" in line]


def with_ten_entries(data: Path, work: Path) -> Path:
    """A copy of DATA_DIR (hard links) where one pound's register folder has gained a register of 10 entries brought
    today: what a clerk's save of one register adds (issue 26's 'one register + 10 entries')."""
    copy = work / "data-plus-10"
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(data, copy, copy_function=os.link)
    with open(copy / "pounds.csv", encoding="utf-8", newline="") as f:
        pound = min(r["id"] for r in csv.DictReader(f) if r["act"] == "kerala-1961")  # an Act in force today
    lines = ["No.,Date and hour brought,Kind,Head,Description,Place seized,Owner"]
    day = dt.date.fromisoformat(TODAY)
    lines += [
        f"{900000 + i},{day:%d/%m/%Y} {8 + i % 10:02d}:00,Cow,1,brown bench cow {i},Ollur,unknown" for i in range(10)
    ]
    (copy / "registers" / pound / "saved-today.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return copy


def after_a_new_database(
    db: Path, out: Path, secs: int, conns: int, workers: int = 1
) -> list[tuple[str, str, Load, str]]:
    """The four kinds of new query (an owner's search, the API, a feed, the calendar), each a new URL every request:
    on a server that has run a while (the same kinds asked for `secs` each, so its search sets are those a running
    server holds), in the minute after it picks up a new database (one register + 10 entries, ingested beforehand so
    the ingest takes no CPU from the measure; kept in out/next for the next run) and once its warmer is done."""
    live, work = out / "live", out / "next"
    made_from = f"{db.stat().st_size}-{db.stat().st_mtime_ns}"
    reuse = (work / "made-from").exists() and (work / "made-from").read_text().strip() == made_from
    for d in (live, work) if not reuse else (live,):
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
    served = live / "pinfold.db"
    shutil.copy(db, served)
    ingest_s = 0.0
    if not reuse:
        shutil.copy(db, work / "pinfold.db")  # the history of the next database continues the served one
        data = with_ten_entries(db.parent / "data", work)
        began = time.perf_counter()
        subprocess.run([str(Path(sys.executable).parent / "pinfold"), "ingest", str(data), "--db",
                        str(work / "pinfold.db"), "--private-db", str(work / "private.db")],
                       check=True, stdout=subprocess.DEVNULL)  # fmt: skip
        ingest_s = time.perf_counter() - began
        (work / "made-from").write_text(made_from)
    urls = sample(db, 30000, seed=26)  # other queries than the rows above asked
    third = len(urls["searches"]) // 3
    kinds = [("searches", "owner search"), ("api", "JSON API"), ("feeds", "feed"), ("calendars", "calendar")]
    rows = []
    with pinfold_server(served, out / "logs" / "pinfold-new-db.log", workers=workers) as ours:
        while len(_warmed_lines(ours)) < workers:  # each process warms its own cache
            time.sleep(0.5)
        before = {k: wrk(ours.url, urls[k][:third], secs, conns, out / "wrk") for k, _ in kinds}
        aside = live / "pinfold.db.new"
        os.link(work / "pinfold.db", aside)
        os.replace(aside, served)  # as `pinfold ingest` switches: a rename onto the served path
        picked = time.perf_counter()
        during = {k: wrk(ours.url, urls[k][third : 2 * third], secs, conns, out / "wrk") for k, _ in kinds}
        spent = time.perf_counter() - picked
        while len(_warmed_lines(ours)) < 2 * workers:
            time.sleep(0.5)
        warm_line = _warmed_lines(ours)[-1]
        after = {k: wrk(ours.url, urls[k][2 * third :], secs, conns, out / "wrk") for k, _ in kinds}
    label_of = dict(kinds) if workers == 1 else {k: f"{v} ({workers} processes)" for k, v in kinds}
    for k, label in label_of.items():
        rows.append((f"{label}, new query, on the database before", "pinfold", before[k], ""))
        rows.append((f"{label}, new query, first {spent:.0f} s after a new database", "pinfold", during[k], ""))
        rows.append((f"{label}, new query, after the warmer is done", "pinfold", after[k], ""))
    ingested = f"ingested in {ingest_s:.1f} s beforehand" if ingest_s else "ingested by an earlier run"
    print(f"new database: one register + 10 entries, {ingested}; the server: {warm_line.split(':', 1)[-1].strip()}")
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--out", type=Path, default=Path("bench/out"))
    ap.add_argument("--new-database-only", action="store_true", help="only the rows after a new database (issue 26)")
    ap.add_argument("--workers", type=int, default=1, help="server processes in the rows after a new database")
    args = ap.parse_args()
    db = built_database(args.rows, args.out).resolve()
    if args.new_database_only:
        table(after_a_new_database(db, args.out, args.seconds, args.connections, args.workers))
        return
    n_rows = (
        sqlite3.connect(f"file:{db}?mode=ro&immutable=1", uri=True)
        .execute("SELECT count(*) FROM impoundments")
        .fetchone()[0]
    )
    urls = sample(db, 30000)
    secs, conns, work = args.seconds, args.connections, args.out / "wrk"
    print(
        f"machine: {os.cpu_count()} cores; {n_rows:,} impoundments; wrk, 1 thread, {conns} connections, {secs} s each"
    )

    def run(base: str, paths: list[str], seconds: int = secs, warm: bool = False) -> Load:
        if warm:  # one URL, measured warm: an earlier run may have pushed it out of Pinfold's cache
            first_render_ms(base, paths[0])
        return wrk(base, paths, seconds, conns, work)

    # One server at a time: a peer still finishing slow queries must not take CPU from the next measurement.
    with peer_datasette(db, args.out) as peer:
        # Longer for the peer's search: under 16 connections its first answers take tens of seconds.
        ds_search = run(peer.url, ["/pinfold/impoundments.json?_search=black+cow"], max(60, 4 * secs))
        atom = run(peer.url, ["/pinfold/impounded_atom.atom?district=Thrissur&limit=50"])
        ics = run(peer.url, ["/pinfold/auctions_ics.ics?today=2026-11-29&limit=500"])
    # "One URL" runs are measured warm; the first render of each is measured on its own, just before.
    one_urls = ["/?q=black+cow", "/api/impoundments?q=black+cow", f"/animals/{urls['ids'][0]}",
                "/feeds/impounded.rss?district=Thrissur", "/calendar/auctions.ics",
                "/data/pounds/impoundments.json?_search=black+cow"]  # fmt: skip
    # the scorecard and a pound page with its card and chart, first render (uncached): issue 28 asks under 50 ms
    pound_id = (
        sqlite3.connect(f"file:{db}?mode=ro&immutable=1", uri=True).execute("SELECT min(id) FROM pounds").fetchone()[0]
    )
    one_urls += ["/compliance", f"/pounds/{pound_id}"]
    with pinfold_server(db, args.out / "logs" / "pinfold.log") as ours:
        # The warmer renders the pages most asked for after a start (portal/warm.py); measured once it is done
        warmed = ours.wait_for_log("Warmed")
        cold = {path: first_render_ms(ours.url, path) for path in one_urls}
        search_one = run(ours.url, ["/?q=black+cow"], warm=True)
        search_new = run(ours.url, urls["searches"])
        api_one = run(ours.url, ["/api/impoundments?q=black+cow"], warm=True)
        api_new = run(ours.url, urls["api"])
        animal_one = run(ours.url, [f"/animals/{urls['ids'][0]}"], warm=True)
        animal_new = run(ours.url, [f"/animals/{i}" for i in urls["ids"][1:]])
        feed_one = run(ours.url, ["/feeds/impounded.rss?district=Thrissur"], warm=True)
        feed_new = run(ours.url, urls["feeds"])
        cal_one = run(ours.url, ["/calendar/auctions.ics"], warm=True)
        cal_new = run(ours.url, urls["calendars"])
        data_search = run(ours.url, ["/data/pounds/impoundments.json?_search=black+cow"], warm=True)
    # Every request a render is CPU-bound in one process; `--workers 2` is one process per core of this machine.
    animals = [f"/animals/{i}" for i in urls["ids"][1:]]
    with pinfold_server(db, args.out / "logs" / "pinfold-2.log", workers=2) as ours2:
        ours2.wait_for_log("Warmed")
        run(ours2.url, animals[len(animals) // 2 :], 2)  # both workers warm: first connections and pages
        animal_new_2 = run(ours2.url, animals[: len(animals) // 2])

    def x(a: Load, b: Load) -> str:
        if not b.requests:
            return f"> {a.requests:,}x the peer (it answered none in {b.seconds:.0f} s)"
        return f"{a.rate / b.rate:,.1f}x the peer"

    rows = [
        ("Datasette impoundments.json?_search=black+cow", "datasette", ds_search, "(peer)"),
        ("datasette-atom feed, district=Thrissur", "datasette", atom, "(peer)"),
        ("datasette-ics calendar of auctions", "datasette", ics, "(peer)"),
        ("owner search /?q=black+cow, one URL", "pinfold", search_one, x(search_one, ds_search)),
        ("owner search, a new query each request", "pinfold", search_new, x(search_new, ds_search)),
        ("JSON API /api/impoundments?q=black+cow, one URL", "pinfold", api_one, x(api_one, ds_search)),
        ("JSON API, a new query each request", "pinfold", api_new, x(api_new, ds_search)),
        ("/data impoundments.json?_search=black+cow (mounted)", "pinfold", data_search, x(data_search, ds_search)),
        ("animal page, one animal", "pinfold", animal_one, ""),
        ("animal page, a new animal each request", "pinfold", animal_new, ""),
        ("the same, `pinfold serve --workers 2`", "pinfold", animal_new_2, ""),
        ("/feeds/impounded.rss?district=Thrissur, one URL", "pinfold", feed_one, x(feed_one, atom)),
        ("feed, a new query each request (a render each)", "pinfold", feed_new, x(feed_new, atom)),
        ("/calendar/auctions.ics, one URL", "pinfold", cal_one, x(cal_one, ics)),
        ("calendar, a new query each request", "pinfold", cal_new, x(cal_new, ics)),
    ]
    rows += after_a_new_database(db, args.out, secs, conns)
    print()
    table(rows)
    print("\nfirst render after a start or an ingest (one request, then cached): "
          + "; ".join(f"{path} {ms:,.0f} ms" for path, ms in cold.items()))  # fmt: skip
    print(f"after a start, before the runs above: {warmed.split(':', 1)[-1].strip()}")
    print()
    with peer_datasette(db, args.out) as peer, pinfold_server(db, args.out / "logs" / "pinfold.log") as ours:
        for line in correctness(ours.url, peer.url, "2026-11-29"):
            print(line)


if __name__ == "__main__":
    main()
