"""`make bench`: from a register saved to the alert e-mail received, the issue's target under 60 s (issue 27).

    python bench/alerts.py [--rows 1000000] [--runs 3] [--subscriptions 1000] [--matching 10] [--out bench/out]

`pinfold demo-data --rows N` ingested once (bench/common.py built_database, shared with bench/serve.py), copied to a
folder of its own; a SUBS.db of 1,000 confirmed subscriptions of which 10 search for a word only the new entry has
(the others search real words of the registers with another kind); an SMTP server on loopback (aiosmtpd) in this
process. Then, as a deployment runs it, `pinfold ingest DATA --watch` in its own process and `pinfold alerts serve`
(the portal with the form, and the sender beside it that wakes when an ingest switches a new public database in)
in another. Each run appends one entry to a register (the save), and waits until the 10 matching addresses have
their e-mail: the seconds from the save to the last e-mail, split into the ingest (save to the switch of the new
public database; the package is built after it) and notify + send (to the last e-mail). --runs runs (3); the
median and the spread are printed.
Nothing here is a test.
"""

from __future__ import annotations

import argparse
import email
import email.policy
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from aiosmtpd.controller import Controller

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from alerts import store  # noqa: E402
from bench.common import Server, built_database, free_port, spare_made  # noqa: E402
from portal.db import version  # noqa: E402

BIN = Path(sys.executable).parent
WORD = "skewbald"  # in no demo register (and a word the privacy filter keeps): the new entries' own
HEADER = "Entry,Day and hour,Number and description of cattle"  # the register layout the new entry is written in
OTHER_WORDS = ("black", "white", "brown", "grey", "horn", "patch", "forehead", "tail", "bell", "tag", "fawn")
OTHER_KINDS = ("cow", "goat", "bull", "calf", "pig", "sheep")  # never the new entry's (buffalo)


class Inbox:
    """The loopback SMTP server's handler: when each recipient's message arrived (time.perf_counter)."""

    def __init__(self) -> None:
        self.arrived: dict[str, list[float]] = {}
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 -- aiosmtpd's hook name
        m = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.lock:
            self.arrived.setdefault(str(m["To"]), []).append(time.perf_counter())
        return "250 OK"

    def count(self, addresses: list[str]) -> int:
        with self.lock:
            return sum(len(self.arrived.get(a, [])) for a in addresses)

    def last(self, addresses: list[str]) -> float:
        with self.lock:
            return max(self.arrived[a][-1] for a in addresses)


def subscribe(subs_db: Path, total: int, matching: int) -> list[str]:
    """total confirmed subscriptions, `matching` of them for WORD -> the matching ones' addresses."""
    con = store.connect(subs_db)
    con.execute("BEGIN")
    wanted = []
    for i in range(total):
        if i < matching:
            address, search = f"match{i}@bench.example", {"q": WORD, "species": "", "district": "", "pound": ""}
            wanted.append(address)
        else:
            word, kind = OTHER_WORDS[i % len(OTHER_WORDS)], OTHER_KINDS[i % len(OTHER_KINDS)]
            address, search = f"other{i}@bench.example", {"q": word, "species": kind, "district": "", "pound": ""}
        sub = store.subscribe(con, address, search, "ml" if i % 2 else "en")
        store.confirm(con, sub.token)
    con.execute("COMMIT")
    con.close()
    return wanted


def register_to_edit(data: Path) -> Path:
    """A register of the layout the new entries are written in."""
    for path in sorted((data / "registers").rglob("*.csv")):
        if path.read_text(encoding="utf-8-sig").startswith(HEADER):
            return path
    raise SystemExit(f"no register in {data} starts with {HEADER!r}")


def save_entry(register: Path, run: int) -> None:
    """The pound saves its register with one new entry: a buffalo with WORD in its description."""
    lines = register.read_text(encoding="utf-8-sig").splitlines()
    number = int(lines[-1].split(",", 1)[0]) + 1
    row = (
        f'{number},28/11/2026 0{run % 10}:15,"1 buffalo - {WORD}, left horn broken",Angamaly,Seizer of Angamaly,N/A,\n'
    )
    with open(register, "a", encoding="utf-8") as f:
        f.write(row)


def wait_for(proc: subprocess.Popen[str], words: str) -> str:
    """The watch's next output line that holds `words`."""
    assert proc.stdout is not None
    for line in proc.stdout:
        if words in line:
            return line
    raise SystemExit(f"the watch ended before saying {words!r}")


def switched(db: Path, before: str) -> float:
    """When the public database in place is no longer `before` (an ingest's switch), looked at every 10 ms."""
    while version(db) == before:
        time.sleep(0.01)
    return time.perf_counter()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--subscriptions", type=int, default=1000)
    ap.add_argument("--matching", type=int, default=10)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "out")
    args = ap.parse_args()
    built = built_database(args.rows, args.out)
    folder = args.out / f"alerts-{args.rows}"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(built.parent / "data", folder / "data")
    db, private, subs_db = folder / "pinfold.db", folder / "private.db", folder / "subs.db"
    shutil.copy(built, db)
    shutil.copy(built.parent / "private.db", private)
    if (built.parent / "private.shards").is_dir():  # the shards kept: the watch's first ingest reads no register again
        shutil.copytree(built.parent / "private.shards", folder / "private.shards")
    wanted = subscribe(subs_db, args.subscriptions, args.matching)
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    smtp = f"smtp://127.0.0.1:{port}"
    notify = [str(BIN / "pinfold"), "alerts", "notify", "--db", str(db), "--subscribers", str(subs_db)]
    watch = [str(BIN / "pinfold"), "ingest", str(folder / "data"), "--db", str(db), "--private-db", str(private)]
    unbuffered = {**os.environ, "PYTHONUNBUFFERED": "1"}  # each report as it is written, not when a buffer fills
    proc = subprocess.Popen(
        [*watch, "--watch"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=unbuffered
    )
    totals, ingests, sends = [], [], []
    try:
        wait_for(proc, "")  # its first ingest, of the files as they are (nothing new for anyone)
        subprocess.run(notify, check=True, stdout=subprocess.DEVNULL)  # a new SUBS.db notes the ingests there are
        web = free_port()
        serve = [str(BIN / "pinfold"), "alerts", "serve", "--db", str(db), "--subscribers", str(subs_db), "--smtp",
                 smtp, "--base-url", f"http://127.0.0.1:{web}", "--port", str(web), "--every", "30"]  # fmt: skip
        register = register_to_edit(folder / "data")
        print(
            f"{args.rows:,} rows, {args.subscriptions:,} subscriptions of which {len(wanted)} match; {register.name}",
            flush=True,
        )
        with Server(serve, web, "/healthz", folder / "alerts-serve.log"):
            for run in range(1, args.runs + 1):
                spare_made(db, private)  # a watch between saves has copied its pair (bench/common.py)
                had, before = inbox.count(wanted), version(db)
                saved = time.perf_counter()
                save_entry(register, run)
                switch = switched(db, before)
                while inbox.count(wanted) < had + len(wanted):
                    time.sleep(0.01)
                last = inbox.last(wanted)
                totals.append(last - saved)
                ingests.append(switch - saved)
                sends.append(last - switch)
                wait_for(proc, "")  # the watch's report (after the package): the next save comes after it
                others = sum(len(v) for k, v in inbox.arrived.items() if k not in wanted)
                print(
                    f"run {run}: {totals[-1]:.1f} s from the save to the last of {len(wanted)} e-mails "
                    f"(to the switch {ingests[-1]:.1f} s, notify + send {sends[-1]:.1f} s); e-mails to others: {others}",
                    flush=True,
                )
    finally:
        proc.terminate()
        proc.wait(60)
        controller.stop()
    spread = f"{min(totals):.1f}-{max(totals):.1f}"
    print(
        f"saved to alert: median {statistics.median(totals):.1f} s ({spread} s over {len(totals)} runs; to the switch "
        f"{statistics.median(ingests):.1f} s, notify + send {statistics.median(sends):.1f} s); target under 60 s"
    )


if __name__ == "__main__":
    main()
