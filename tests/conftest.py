"""Shared fixtures: real SQLite files built by the real ingest, the real app in-process, a real uvicorn on loopback."""

from __future__ import annotations

import datetime as dt
import shutil
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from hypothesis import settings as hypothesis_settings

from demo import write_demo
from ingest.build import ingest
from portal.app import create_app
from portal.settings import IST, Settings

# Tests never time things: Hypothesis's default 200 ms deadline per example is a timing assertion, and on a busy
# 2-core machine a first example (imports, regex compiles) can pass it and fail the run.
hypothesis_settings.register_profile("pinfold", deadline=None)
hypothesis_settings.load_profile("pinfold")

FIXTURES = Path(__file__).with_name("fixtures")
SAMPLE = FIXTURES / "sample-registers"
MESSY = FIXTURES / "messy"
# The demo is built around India's date today, so the SQL views that use date('now') have rows "this week".
TODAY = dt.datetime.now(IST).date()


def incremental_demo(root: Path) -> Path:
    """The demo the incremental ingest's tests edit and ingest again, written fresh at root: 43 registers of 30-odd
    pounds in six layouts (CSV, UTF-16, JSON Lines, XLSX), 1,500 rows (tvm-corp: 34 entries, 9 in the pound)."""
    write_demo(root, today=TODAY, rows=1500, seed=16)
    return root


@pytest.fixture(scope="session")
def sample_dbs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    out = tmp_path_factory.mktemp("sample")
    pub, priv = out / "public.db", out / "private.db"
    ingest(SAMPLE, pub, priv)
    return pub, priv


@pytest.fixture(scope="session")
def demo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("demo") / "data"
    write_demo(out, today=TODAY, rows=900, seed=1961)
    return out


@pytest.fixture(scope="session")
def demo_dbs(demo_dir: Path) -> tuple[Path, Path]:
    pub, priv = demo_dir.parent / "public.db", demo_dir.parent / "private.db"
    ingest(demo_dir, pub, priv)
    return pub, priv


@pytest.fixture(scope="session")
def settings(demo_dbs: tuple[Path, Path]) -> Settings:
    return Settings(database=demo_dbs[0], today=TODAY)


@pytest.fixture(scope="session")
def _shared_client(settings: Settings):
    from fastapi.testclient import TestClient

    with TestClient(create_app(settings), base_url="http://testserver") as c:
        yield c


@pytest.fixture
def client(_shared_client):
    """The session's client, with no cookie left by the test before: a `lang=ml` a test asked for is remembered in a
    cookie (as a reader's choice is), and the next test would read Malayalam pages where it asks for English."""
    _shared_client.cookies.clear()
    return _shared_client


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """A real uvicorn serving the app on loopback, in a thread."""

    def __init__(self, settings: Settings):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(settings)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="session")
def live_server(settings: Settings) -> Iterator[LiveServer]:
    with LiveServer(settings) as s:
        yield s


def personal_names(private_db: Path) -> set[str]:
    """Every seizer, owner and buyer name the private register holds."""
    con = sqlite3.connect(private_db)
    names: set[str] = set()
    for row in con.execute("SELECT seizer_name, owner_name, buyer_name FROM register_entries"):
        names.update(n for n in row if n and len(n) > 5)
    con.close()
    return names


@pytest.fixture(scope="session")
def demo_names(demo_dbs: tuple[Path, Path]) -> set[str]:
    names = personal_names(demo_dbs[1])
    assert len(names) > 50  # the sweep is only as good as the names it looks for
    return names


def make_data_dir(
    tmp: Path, files: dict[str, Path | bytes | str], pound_id: str = "p1", act: str = "kerala-1961"
) -> Path:
    """A tiny DATA_DIR with one pound and the given register files (a fixture path, or the bytes/text to write)."""
    root = tmp / "data"
    (root / "registers" / pound_id).mkdir(parents=True)
    (root / "pounds.csv").write_text(
        "id,name,act,local_authority,district,village,latitude,longitude\n"
        f"{pound_id},Test Pound,{act},Test Panchayat,Thrissur,Ollur,10.47,76.25\n",
        encoding="utf-8",
    )
    for name, content in files.items():
        target = root / "registers" / pound_id / name
        if isinstance(content, Path):
            shutil.copy(content, target)
        elif isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright, one per test module (tests/test_browser.py's path and flags)."""
    from playwright.sync_api import sync_playwright

    from .test_browser import CHROMIUM, FLAGS

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield b
        b.close()
