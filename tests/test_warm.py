"""No reader pays a first render after an ingest: a real server picks the new database up and renders the pages most
asked for into its response cache, in both languages, keyed as its readers' requests are."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import httpx

from demo import write_demo
from ingest.build import ingest
from portal import db
from portal.middleware import SCOPED
from portal.settings import Settings

from .conftest import TODAY, LiveServer


def test_a_new_database_is_warmed_before_any_reader_asks(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_demo(data, today=TODAY, rows=120, seed=3)
    served = tmp_path / "public.db"
    ingest(data, served, tmp_path / "private.db")
    with LiveServer(Settings(database=served, today=TODAY)) as server:
        httpx.get(server.url + "/healthz", timeout=30)  # a reader: the scheme and host the cache is keyed by
        # a new ingest renamed into place, as `pinfold ingest` does
        shutil.copytree(data, tmp_path / "data2")
        (tmp_path / "data2" / "registers" / "tcr-corp" / "extra.csv").write_text(
            "No.,Date and hour brought,Kind,Head,Description,Place seized,Owner\n"
            f"1,{TODAY:%d/%m/%Y} 09:00,Cow,1,grey,Ollur,unknown\n",
            encoding="utf-8",
        )
        ingest(tmp_path / "data2", tmp_path / "next.db", tmp_path / "next-private.db")
        os.replace(tmp_path / "next.db", served)
        version = db.version(served)
        con = db.connect(served)
        pounds = [r[0] for r in con.execute("SELECT id FROM pounds")]
        con.close()
        store = server.app.cache.store
        wanted = {("en", f"/pounds/{p}") for p in pounds} | {("ml", "/calendar/auctions.ics"), ("en", "/")}
        deadline = time.monotonic() + 120  # a bound on the wait, not a measure: the warmer checks every 2 s
        while time.monotonic() < deadline:
            # one pound's pages are kept across versions, valid while their pound's tag is (portal/scopes.py)
            keys = {
                (k[4], k[5])
                for k, v in list(store._items.items())
                if k[0] == version or (k[0] == SCOPED and server.app.scopes.still(v.tag))
            }
            if wanted <= keys:
                break
            time.sleep(0.5)
        assert wanted <= keys, sorted(wanted - keys)[:5]
        # and a reader's request for one of them is the very answer kept (keyed by this server's host and scheme)
        assert httpx.get(server.url + f"/pounds/{pounds[0]}", timeout=30).status_code == 200
