"""The response cache: whole responses per database version, day, host, language and URL; gzip for clients that ask;
one render for a burst of requests for the same new URL."""

from __future__ import annotations

import gzip
import threading
import time

import httpx
import pytest
from fastapi.testclient import TestClient

import portal.routes.feeds
from portal.app import create_app
from portal.cache import Cached, ResponseStore
from portal.settings import Settings


def test_a_repeat_is_replayed_gzipped_and_identical(client) -> None:
    url = "/feeds/impounded.atom?district=Kollam"
    first = client.get(url, headers={"accept-encoding": "identity"})
    second = client.get(url, headers={"accept-encoding": "gzip"})
    assert first.status_code == second.status_code == 200
    assert second.headers["content-encoding"] == "gzip" and "content-encoding" not in first.headers
    assert second.content == first.content  # httpx has undone the gzip: the same bytes
    assert int(second.headers["content-length"]) < len(first.content) / 3  # the length sent, compressed
    assert "Accept-Encoding" in second.headers["vary"] and second.headers["etag"] == first.headers["etag"]


def test_a_big_response_is_gzipped_off_the_event_loop(client, monkeypatch: pytest.MonkeyPatch) -> None:
    # zlib lets go of the interpreter's lock: a big body (a calendar of 500 auctions, 770 KB: 15.6 ms at level 6)
    # compressed in a thread leaves the event loop answering others; a small one is compressed where it is.
    import asyncio

    from portal.middleware import GZIP_IN_A_THREAD

    on_loop: dict[int, bool] = {}
    made = Cached.with_gzip

    def with_gzip(self: Cached) -> Cached:
        try:
            asyncio.get_running_loop()
            on_loop[len(self.body)] = True
        except RuntimeError:
            on_loop[len(self.body)] = False
        return made(self)

    monkeypatch.setattr(Cached, "with_gzip", with_gzip)
    for url in ("/api/impoundments?limit=500", "/api/impoundments?limit=2"):
        first = client.get(url, headers={"accept-encoding": "identity"})
        again = client.get(url, headers={"accept-encoding": "gzip"})
        assert again.headers["content-encoding"] == "gzip" and again.content == first.content
    big, small = sorted(on_loop, reverse=True)
    assert big > GZIP_IN_A_THREAD > small
    assert on_loop == {big: False, small: True}


def test_responses_that_set_a_cookie_are_not_kept(settings: Settings) -> None:
    with TestClient(create_app(settings)) as own:  # its own cookie jar: the language cookie stays in this test
        first = own.get("/?lang=ml&q=buffalo")
        again = own.get("/?lang=ml&q=buffalo")
    assert "set-cookie" in first.headers and "set-cookie" in again.headers  # each answer rendered, with its cookie


def test_errors_are_not_kept(client) -> None:
    assert client.get("/api/impoundments?from=not-a-date").status_code == 400
    assert "etag" not in client.get("/api/impoundments?from=not-a-date").headers


def test_the_store_keeps_within_its_bytes() -> None:
    store = ResponseStore(max_entries=100, max_bytes=10_000)
    for i in range(10):
        store.put((str(i),), Cached.of(200, [(b"content-type", b"image/png")], bytes(3000)))
    assert len(store) == 3 and store.get(("9",)) is not None and store.get(("0",)) is None
    text = Cached.of(200, [(b"content-type", b"text/calendar")], b"BEGIN:VEVENT\r\n" * 500)
    assert text.compressible and text.gzipped is None  # compressed when first replayed, not when stored
    squeezed = text.with_gzip()
    assert squeezed.gzipped is not None and gzip.decompress(squeezed.gzipped) == text.body


def test_a_burst_for_one_new_url_makes_one_render(live_server, monkeypatch: pytest.MonkeyPatch) -> None:
    renders = []
    real = portal.routes.feeds.render_calendar

    def slow_counted_render(*args, **kwargs):  # slow enough that the burst arrives while it runs
        renders.append(1)
        time.sleep(0.5)
        return real(*args, **kwargs)

    monkeypatch.setattr(portal.routes.feeds, "render_calendar", slow_counted_render)
    url = f"{live_server.url}/calendar/auctions.ics?district=Idukki"
    bodies: list[bytes] = []

    def fetch() -> None:
        bodies.append(httpx.get(url, timeout=30).content)

    burst = [threading.Thread(target=fetch) for _ in range(12)]
    for t in burst:
        t.start()
    for t in burst:
        t.join()
    assert len(bodies) == 12 and len(set(bodies)) == 1 and bodies[0].startswith(b"BEGIN:VCALENDAR")
    assert len(renders) == 1
