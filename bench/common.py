"""What the serving benchmark and the load script share: the data, a server in its own process, and wrk."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

BIN = Path(sys.executable).parent
TODAY = "2026-11-29"  # the demo is dated, so every run serves the same rows
LUA = """
local paths = {}
for line in io.lines("%s") do paths[#paths + 1] = line end
local i = 0
wrk.headers["Accept-Encoding"] = "gzip"  -- as feed readers, calendars and browsers send it
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i - 1) %% #paths + 1])
end
"""


# What a built database depends on: the ingest, the schema and the law it writes (pinfold/: its views, columns, rule
# packs) and the demo data's writer. A digest of ingest/ alone kept a database of an older schema, and the portal
# answered 503 for a column it lacked.
MADE_BY = ("ingest", "pinfold", "demo")


def ingest_version() -> str:
    """A digest of the code that builds a database (MADE_BY: code, rule packs): data and database built by other code
    are built again."""
    h = hashlib.sha256()
    top = Path(__file__).resolve().parent.parent
    for part in MADE_BY:
        root = top / part
        for f in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".toml")):
            h.update(f.relative_to(top).as_posix().encode() + f.read_bytes())
    return h.hexdigest()[:16]


def built_database(n: int, out: Path) -> Path:
    """out/serve-N/pinfold.db from `pinfold demo-data --rows N`, built once and reused while the ingest is unchanged
    (a database from an older ingest would carry its views and texts: the schema's feed views are SQL)."""
    folder = out / f"serve-{n}"
    db, stamp = folder / "pinfold.db", folder / "ingest-version"
    if db.exists() and (not stamp.exists() or stamp.read_text() != ingest_version()):
        shutil.rmtree(folder)
    if not db.exists():
        data = folder / "data"
        if not (data / "pounds.csv").exists():
            subprocess.run([str(BIN / "pinfold"), "demo-data", str(data), "--rows", str(n), "--today", TODAY],
                           check=True, stdout=subprocess.DEVNULL)  # fmt: skip
        subprocess.run([str(BIN / "pinfold"), "ingest", str(data), "--db", str(db), "--private-db",
                        str(folder / "private.db")], check=True)  # fmt: skip
        stamp.write_text(ingest_version())
    return db


def spare_made(public_db: Path, private_db: Path, seconds: float = 300) -> float:
    """Seconds until a watch's spare pair is whole (ingest/spare.py): a watch between saves, minutes apart at a
    pound, has copied its pair for the next ingest, and the benches save as a day's work would, once it has."""
    from ingest.spare import names

    record, start = names(public_db, private_db)[2], time.perf_counter()
    while not record.exists() and time.perf_counter() - start < seconds:
        time.sleep(0.2)
    return time.perf_counter() - start


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A command serving HTTP on loopback in its own process, until the block ends."""

    def __init__(self, cmd: list[str], port: int, ready_path: str, log: Path, env: dict[str, str] | None = None):
        self.cmd, self.port, self.ready_path, self.log = cmd, port, ready_path, log
        self.env = {**os.environ, **(env or {})}
        self.url = f"http://127.0.0.1:{port}"

    def __enter__(self) -> Server:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(self.cmd, stdout=self.log.open("wb"), stderr=subprocess.STDOUT, env=self.env)
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(self.url + self.ready_path, timeout=60) as r:
                    if r.status == 200:
                        return self
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"{self.cmd[0]} did not start: see {self.log}") from None
                time.sleep(0.2)

    def wait_for_log(self, text: str, seconds: float = 300) -> str:
        """The first line of the server's log holding `text`, once it is written (e.g. the warmer's 'Warmed ...')."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for line in self.log.read_text(errors="replace").splitlines():
                if text in line:
                    return line.strip()
            time.sleep(0.5)
        raise RuntimeError(f"{self.cmd[0]} wrote no '{text}' in {seconds:.0f} s: see {self.log}")

    def __exit__(self, *exc: object) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def pinfold_server(db: Path, log: Path, workers: int = 1) -> Server:
    port = free_port()
    cmd = [str(BIN / "pinfold"), "serve", "--db", str(db), "--port", str(port), "--no-access-log"]
    cmd += ["--workers", str(workers)] if workers > 1 else []
    # The address readers use, as a deployment sets it: every process warms for it from its start, not only the
    # one that happens to answer the first request.
    return Server(cmd, port, "/healthz", log, env={"PINFOLD_PUBLIC_URL": f"http://127.0.0.1:{port}"})


@dataclass
class Load:
    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    errors: int  # socket errors, timeouts and non-2xx/3xx answers

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def _ms(text: str) -> float:
    """wrk's '812.00us' / '3.41ms' / '1.20s' / '1.02m' -> milliseconds (nan for anything else)."""
    m = re.fullmatch(r"([\d.]+)(us|ms|s|m|h)", text)
    if m is None:
        return float("nan")
    return float(m.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0, "h": 3600000.0}[m.group(2)]


def wrk(base: str, paths: list[str], seconds: int, connections: int, work: Path) -> Load:
    """wrk (from Debian) in its own process: `connections` connections for `seconds`, cycling through paths."""
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: `make bench` installs it (apt-get install wrk)")
    work.mkdir(parents=True, exist_ok=True)
    listing = work / f"paths-{abs(hash(tuple(paths)))}.txt"
    listing.write_text("\n".join(paths) + "\n")
    script = listing.with_suffix(".lua")
    script.write_text(LUA % listing)
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", "60s", "-s", str(script), base],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    (work / "last-wrk.txt").write_text(out)
    done = re.search(r"(\d+) requests in ([\d.]+)(ms|s|m)", out)
    assert done, out
    secs = float(done.group(2)) * {"ms": 0.001, "s": 1.0, "m": 60.0}[done.group(3)]
    # At the start of a line: the thread stats end in a spread like '90.50%', which must not read as the median.
    p50 = re.search(r"^\s*50%\s+(\S+)", out, re.M)
    p99 = re.search(r"^\s*99%\s+(\S+)", out, re.M)
    errors = sum(int(x) for x in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors += int(non2xx.group(1)) if non2xx else 0
    return Load(int(done.group(1)), secs, _ms(p50.group(1)) if p50 else 0, _ms(p99.group(1)) if p99 else 0, errors)
