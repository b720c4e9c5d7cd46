"""The scaling recipe as shipped (deploy/nginx-pinfold.conf): Debian's nginx on loopback in front of two
`pinfold serve` replicas of one database. A feed is served from nginx's cache; other traffic reaches both."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections import Counter
from pathlib import Path

import httpx
import pytest

from .conftest import free_port
from .test_ingest_errors import PINFOLD

RECIPE = Path(__file__).parents[1] / "deploy" / "nginx-pinfold.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def wait_for(url: str, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} exited with {proc.returncode}")
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer")


@pytest.fixture
def replicas_behind_nginx(tmp_path: Path, demo_dbs: tuple[Path, Path]):
    if not Path(NGINX).exists():
        pytest.fail("nginx is missing: `make install` installs Debian's nginx-light")
    ports = [free_port(), free_port()]
    procs = []
    for name, port in zip("ab", ports, strict=True):
        cmd = [PINFOLD, "serve", "--db", str(demo_dbs[0]), "--port", str(port), "--no-access-log"]
        procs.append(subprocess.Popen(cmd, env={**os.environ, "PINFOLD_REPLICA": name}, stderr=subprocess.DEVNULL))
    listen = free_port()
    site = (
        RECIPE.read_text()
        .replace("127.0.0.1:8001", f"127.0.0.1:{ports[0]}")
        .replace("127.0.0.1:8002", f"127.0.0.1:{ports[1]}")
        .replace("listen 80;", f"listen 127.0.0.1:{listen};")
        .replace("/var/cache/nginx/pinfold", str(tmp_path / "cache"))
    )
    (tmp_path / "pinfold.conf").write_text(site)
    (tmp_path / "logs").mkdir()
    user = "user root;\n" if os.geteuid() == 0 else ""  # as root, workers would otherwise run as nobody
    (tmp_path / "nginx.conf").write_text(
        f"{user}worker_processes 1;\npid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/logs/error.log;\n"
        "events { worker_connections 256; }\n"
        f"http {{\n  access_log off;\n  client_body_temp_path {tmp_path}/body;\n  proxy_temp_path {tmp_path}/proxy;\n"
        f"  include {tmp_path}/pinfold.conf;\n}}\n"
    )
    nginx = subprocess.Popen([NGINX, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-g", "daemon off;"])
    procs.append(nginx)
    try:
        for port in ports:
            wait_for(f"http://127.0.0.1:{port}/healthz", procs[ports.index(port)])
        wait_for(f"http://127.0.0.1:{listen}/healthz", nginx)
        yield f"http://127.0.0.1:{listen}"
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(10)


def test_two_replicas_behind_nginx(replicas_behind_nginx: str) -> None:
    with httpx.Client(base_url=replicas_behind_nginx, timeout=30) as c:
        first = c.get("/feeds/impounded.rss?district=Thrissur")
        second = c.get("/feeds/impounded.rss?district=Thrissur")
        assert first.status_code == second.status_code == 200
        assert (first.headers["x-cache-status"], second.headers["x-cache-status"]) == ("MISS", "HIT")
        assert second.content == first.content
        assert "<rss" in second.text and "http://127.0.0.1" in second.text  # links made for the proxy's Host
        # Pages and the API are not cached by nginx: they reach the replicas, and both share the work.
        answered = Counter(c.get("/healthz").headers["x-pinfold-replica"] for _ in range(20))
        answered.update(
            c.get("/api/impoundments", params={"q": q}).headers["x-pinfold-replica"]
            for q in ("cow", "buffalo", "goat", "black")
        )
        assert set(answered) == {"a", "b"} and min(answered.values()) >= 5, answered
        data = c.get("/data/pounds/pounds.json")
        assert data.status_code == 200 and c.get("/data/pounds/pounds.json").headers["x-cache-status"] == "HIT"
