"""Everything reachable, nothing broken: a crawl of the demo from /, /pounds and /feeds in both languages, following
every same-site link of the pages, the feeds and the calendar into the JSON API and /data's canned queries. Every
feed is read by feedparser and the calendar by icalendar, as subscribers' programs read them."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import feedparser
import icalendar
import pytest
import yaml
from fastapi.testclient import TestClient

from demo import write_demo
from ingest.build import ingest
from portal.app import create_app
from portal.settings import Settings

from .conftest import TODAY

METADATA = Settings().metadata

STARTS = ["/", "/pounds", "/feeds"]


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        href = a.get("href") if tag in ("a", "link") else None
        if href:
            self.links.append(href)


def same_site(base: str, href: str) -> str | None:
    """'/pounds/x' -> '/pounds/x'; 'https://www.openstreetmap.org/...' -> None; '#lot-1' -> None."""
    if href.startswith("#") or href.startswith(("mailto:", "tel:")):
        return None
    url = urlsplit(urljoin("http://testserver" + base, href))
    if url.netloc != "testserver":
        return None
    return url.path + (f"?{url.query}" if url.query else "")


def canned_queries() -> set[str]:
    meta = yaml.safe_load(METADATA.read_text(encoding="utf-8"))
    return {f"/data/pounds/{name}" for name in meta["databases"]["pounds"].get("queries", {})}


def followed_from(path: str, canned: set[str]) -> bool:
    """Whether a page's links are followed: every portal page's; in /data only the database page's, for its canned
    queries (Datasette's own pages link every row, sort and facet of every table: Datasette's to test, not ours)."""
    return not path.startswith("/data") or path.split("?")[0] == "/data/pounds"


def wanted(path: str, came_from: str, canned: set[str]) -> bool:
    """A link the crawl fetches: any portal address; in /data what the portal links, and the canned queries."""
    if not path.startswith("/data") or not came_from.startswith("/data"):
        return True
    return path.split("?")[0] in canned


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A small demo of its own (every kind of page, a few of each): the crawl fetches every address it links."""
    out = tmp_path_factory.mktemp("crawl")
    write_demo(out / "data", today=TODAY, rows=150, seed=7)
    ingest(out / "data", out / "public.db", out / "private.db")
    with TestClient(create_app(Settings(database=out / "public.db", today=TODAY))) as c:
        yield c


def test_a_crawl_of_the_demo_finds_no_broken_link_and_every_feed_reads(client) -> None:
    seen: set[str] = set()
    todo: deque[tuple[str, str]] = deque()
    for lang in ("en", "ml"):
        for start in STARTS:
            todo.append((f"{start}?lang={lang}", "start"))
    broken: dict[str, tuple[int, str]] = {}
    feeds = calendars = pages = 0
    canned = canned_queries()
    try:
        while todo:
            path, came_from = todo.popleft()
            if path in seen:
                continue
            seen.add(path)
            r = client.get(path, follow_redirects=True)
            if r.status_code != 200:
                broken[path] = (r.status_code, came_from)
                continue
            kind = r.headers.get("content-type", "")
            found: list[str] = []
            if kind.startswith("text/html"):
                pages += 1
                parser = Links()
                parser.feed(r.text)
                found = parser.links
            elif kind.startswith(("application/rss+xml", "application/atom+xml")):
                feeds += 1
                feed = feedparser.parse(r.content)
                assert not feed.bozo, (path, feed.get("bozo_exception"))
                found = [e.link for e in feed.entries]
            elif kind.startswith("text/calendar"):
                calendars += 1
                cal = icalendar.Calendar.from_ical(r.content)
                found = [str(e.get("url")) for e in cal.walk("VEVENT") if e.get("url")]
            if not followed_from(path, canned):
                continue
            for href in found:
                target = same_site(path, href)
                if target and target not in seen and wanted(target, path, canned):
                    todo.append((target, path))
    finally:
        client.cookies.clear()
    assert broken == {}
    assert pages > 100 and feeds >= 30 and calendars >= 15  # the crawl went everywhere it should
