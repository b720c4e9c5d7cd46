"""New pages wait for a render thread in a bounded waiting room: past it, a 503 with Retry-After at once, so 1,000
new searches at once no longer hold 1,000 requests' memory (98 -> 675 MB)."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from portal.middleware import ResponseCache
from portal.settings import Settings


def _scope(query: str) -> dict[str, Any]:
    return {
        "type": "http",
        "method": "GET",
        "scheme": "http",
        "path": "/search",
        "query_string": query.encode(),
        "headers": [(b"host", b"testserver")],
    }


class HeldRender:
    """An ASGI app whose every render waits until released: a render thread held, as by a costly search."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.rendering = 0

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.rendering += 1
        await self.release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})


async def _answers(cache: ResponseCache, app: HeldRender, requests: int, first: int = 0) -> list[tuple[int, Any]]:
    """`requests` new searches at once, every render held until each has been let in or turned away ->
    each one's status and headers."""
    app.release.clear()
    app.rendering = 0

    async def one(i: int) -> tuple[int, dict[bytes, bytes]]:
        sent: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        await cache(_scope(f"q=cow{first + i}"), None, send)
        return sent[0]["status"], dict(sent[0]["headers"])

    tasks = [asyncio.create_task(one(i)) for i in range(requests)]
    while sum(t.done() for t in tasks) + app.rendering < requests:  # each either turned away or rendering
        await asyncio.sleep(0)
    app.release.set()
    return [await t for t in tasks]


def test_new_searches_past_the_waiting_room_are_503_with_retry_after(settings: Settings) -> None:
    app = HeldRender()
    cache = ResponseCache(app, dataclasses.replace(settings, threads=2, render_queue=3))
    answers = asyncio.run(_answers(cache, app, 20))
    statuses = [status for status, _ in answers]
    assert app.rendering == 5  # 2 rendering and 3 waiting; the app never saw the other 15
    assert statuses.count(200) == 5 and statuses.count(503) == 15
    assert all(headers[b"retry-after"] == b"1" for status, headers in answers if status == 503)


def test_the_waiting_room_empties_as_renders_are_answered(settings: Settings) -> None:
    app = HeldRender()
    cache = ResponseCache(app, dataclasses.replace(settings, threads=2, render_queue=3))

    async def twice() -> list[int]:
        first = await _answers(cache, app, 5)
        second = await _answers(cache, app, 5, first=5)  # new searches again, once the first five are answered
        return [status for status, _ in first + second]

    assert asyncio.run(twice()) == [200] * 10
