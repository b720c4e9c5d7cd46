"""What issue 26 made cheaper gives the same bytes as the plain way: a row of a list of animals rendered from its
language's compiled row (portal/render.py row_template: its labels folded into the code, a context of its own) is the
row jinja2 renders when every word is called at render time in a context with every global; rows read as tuples and
named once (portal/db.py rows) are dict(sqlite3.Row)'s, key for key and in order, even where two columns share a name;
and a search page, a pound's page, the API, a feed and the calendar read the same whatever rows are kept."""

from __future__ import annotations

import datetime as dt
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from jinja2 import Environment, Template, pass_context

from portal import db
from portal.app import create_app
from portal.render import ENV, KEPT_ROW_HTML, ROW_TEMPLATE, WORDS, row_html
from portal.search import KEPT_ROWS, Query, parse_query, search, select
from portal.settings import Settings

from .conftest import TODAY

# searches that between them list animals of every status, kind and district the demo has, in the pound and gone
QUERIES = ["cow", "black cow", "buffalo", "calf", "goat horn", "white", "brown bull"]


@pytest.fixture
def served(demo_dbs: tuple[Path, Path], tmp_path: Path) -> Iterator[Path]:
    """A copy of the demo's public database, read with its version known (so its rows are kept)."""
    path = tmp_path / "public.db"
    shutil.copyfile(demo_dbs[0], path)
    KEPT_ROWS.clear()
    KEPT_ROW_HTML.clear()
    yield path
    KEPT_ROWS.clear()
    KEPT_ROW_HTML.clear()


def _rows(path: Path) -> list[dict[str, Any]]:
    """The rows of the first two pages of each of QUERIES (every animal when the query is '')."""
    con = db.connect_version(path, db.version(path))
    try:
        found = []
        for query in [Query(date_from=dt.date(1900, 1, 1)), *map(parse_query, QUERIES)]:  # every animal, then some
            for offset in (0, 50):
                found += search(con, query, TODAY, limit=50, offset=offset).rows
        return found
    finally:
        con.close()


def _called(word: Callable[..., str], lang: str, context: Any, value: Any, *args: Any) -> str:
    """A word called at render time, as a page's t('x') is: a pass_context filter is never folded into the code."""
    return word(value, *args, lang=lang)


def plain_row_template(lang: str) -> Template:
    """The row template as jinja2 renders any template: the same loader and escaping, every word called when the row
    is rendered (nothing folded), and Template.render's context, with every global."""
    env = Environment(loader=ENV.loader, autoescape=ENV.autoescape)
    env.filters = {**ENV.filters, **{name: pass_context(partial(_called, word, lang)) for name, word in WORDS.items()}}
    return env.get_template(ROW_TEMPLATE)


@pytest.mark.parametrize("lang", ["en", "ml"])
def test_a_row_from_its_languages_compiled_row_is_the_plainly_rendered_row(served: Path, lang: str) -> None:
    rows = _rows(served)
    assert len({r["status"] for r in rows}) >= 3 and any(r["in_pound_now"] for r in rows)  # the rows mean something
    assert any(r["last_day_to_claim"] for r in rows) and any(r["register_silent"] for r in rows)
    plain = plain_row_template(lang)
    for in_pound_page in (False, True):
        for r in rows:
            expected = plain.render(r=r, in_pound_page=in_pound_page, lang=lang)
            assert str(row_html(r, lang, in_pound_page)) == expected, (r["id"], in_pound_page)
            assert str(KEPT_ROW_HTML.shown([r], lang, in_pound_page)) == f"\n{expected}\n"


# Two rows as the row template, with the page's words called (t('description')), wrote them before its words were
# filters: an animal in the pound whose last day has passed, and one an 1857 register is silent on, on a pound's page.
IN_POUND = {"id": "tcr-ollur/2026/17", "in_pound_now": True, "head_count": 2, "species": "calf",
            "colour": "black and white", "description": "black & white <calf>, KL-08-0042", "pound_id": "tcr-ollur",
            "pound_name": "Ollur Pound", "district": "Thrissur", "brought_on": "2026-11-20", "days_in_pound": 10,
            "status": "impounded", "register_silent": False, "last_day_to_claim": "2026-11-28",
            "auction_may_be_held": True, "place_seized": "Mannuthy <east>"}  # fmt: skip
SILENT = {**IN_POUND, "id": "x-1857/1858/3", "in_pound_now": False, "head_count": 1, "species": "bull", "colour": None,
          "description": "", "brought_on": "1858-01-14", "days_in_pound": None, "register_silent": True,
          "last_day_to_claim": None, "auction_may_be_held": False, "place_seized": None}  # fmt: skip
WRITTEN = [
    (
        IN_POUND,
        "en",
        False,
        '<tr class="in-pound">\n  <td><a href="/animals/tcr-ollur/2026/17">2 calves</a></td>\n  \n'
        '  <td data-label="Description"><span class="written">black &amp; white &lt;calf&gt;, KL-08-0042</span><br><small class="seized">'
        'Seized at: <span class="written">Mannuthy &lt;east&gt;</span></small></td>\n'
        '  <td data-label="Pound"><a href="/pounds/tcr-ollur" class="written">Ollur Pound</a><br><small class="written">'
        'Thrissur</small></td>\n  <td data-label="Brought to the pound">20 Nov 2026</td>\n'
        '  <td data-label="Days in pound">10</td>\n  <td data-label="Status" class="status-impounded">In the pound</td>\n'
        '  <td data-label="Last day to claim before auction"><strong>28 Nov 2026</strong><br><small class="warn">passed: '
        "it may be sold any day; claim it now</small></td>\n</tr>",
    ),
    (
        IN_POUND,
        "ml",
        False,
        '<tr class="in-pound">\n  <td><a href="/animals/tcr-ollur/2026/17">2 കന്നുകുട്ടി '
        '(കറുപ്പ്, വെള്ള)</a></td>\n  \n  <td data-label="വിവരണം"><span class="written">black &amp; white &lt;calf&gt;, '
        'KL-08-0042</span><br><small class="seized">പിടിച്ചെടുത്ത സ്ഥലം: <span class="written">Mannuthy &lt;east&gt;</span></small></td>\n  <td data-label="പൗണ്ട്"><a href="/pounds/tcr-ollur" class="written">Ollur Pound</a><br>'
        '<small>തൃശ്ശൂർ</small></td>\n  <td data-label="പൗണ്ടിൽ എത്തിച്ചത്">20 നവംബർ 2026</td>\n'
        '  <td data-label="പൗണ്ടിലെ ദിവസങ്ങൾ">10</td>\n  <td data-label="നില" class="status-impounded">പൗണ്ടിൽ</td>\n'
        '  <td data-label="ലേലത്തിനു മുമ്പ് തിരികെ വാങ്ങാനുള്ള അവസാന ദിവസം"><strong>28 നവംബർ 2026</strong><br>'
        '<small class="warn">കഴിഞ്ഞു: ഏതു ദിവസവും വിൽക്കാം; ഉടൻ തിരികെ വാങ്ങുക</small></td>\n</tr>',
    ),
    (
        SILENT,
        "en",
        True,
        '<tr>\n  <td><a href="/animals/x-1857/1858/3">1 bull</a></td>\n  \n'
        '  <td data-label="Description"><span class="written"></span></td>\n  \n  <td data-label="Brought to the pound">14 Jan 1858</td>\n'
        '  <td data-label="Days in pound">—</td>\n  <td data-label="Status" class="status-impounded">No outcome recorded in '
        'the register</td>\n  <td data-label="Last day to claim before auction"></td>\n</tr>',
    ),
    (
        SILENT,
        "ml",
        True,
        '<tr>\n  <td><a href="/animals/x-1857/1858/3">1 കാള</a></td>\n  \n'
        '  <td data-label="വിവരണം"><span class="written"></span></td>\n  \n  <td data-label="പൗണ്ടിൽ എത്തിച്ചത്">14 ജനുവരി 1858</td>\n'
        '  <td data-label="പൗണ്ടിലെ ദിവസങ്ങൾ">—</td>\n  <td data-label="നില" class="status-impounded">രജിസ്റ്ററിൽ '
        'തുടർനടപടി രേഖപ്പെടുത്തിയിട്ടില്ല</td>\n  <td data-label="ലേലത്തിനു മുമ്പ് തിരികെ വാങ്ങാനുള്ള അവസാന ദിവസം"></td>\n</tr>',
    ),
]


@pytest.mark.parametrize(("r", "lang", "in_pound_page", "written"), WRITTEN)
def test_a_row_reads_as_it_did_when_its_words_were_called(
    r: dict[str, Any], lang: str, in_pound_page: bool, written: str
) -> None:
    KEPT_ROW_HTML.clear()
    assert str(row_html(r, lang, in_pound_page)) == written
    assert str(KEPT_ROW_HTML.shown([r, r], lang, in_pound_page)) == f"\n{written}\n\n{written}\n"


def _as_rows(con: sqlite3.Connection, sql: str, params: Any = ()) -> list[list[tuple[str, Any]]]:
    """What dict(sqlite3.Row) makes of each row, as (name, value) pairs in order (dicts compare without order)."""
    con.row_factory = sqlite3.Row
    return [list(dict(r).items()) for r in con.execute(sql, params)]


def test_rows_read_as_tuples_are_sqlite_rows_dicts_key_for_key_and_in_order(served: Path) -> None:
    con = db.connect(served)
    try:
        for sql in (
            f"{select(TODAY)} ORDER BY i.rowid LIMIT 400",
            "SELECT * FROM feed_impounded LIMIT 200",
            "SELECT * FROM feed_auctions",
            "SELECT id, name FROM pounds ORDER BY name",
            "SELECT * FROM pounds WHERE 0",  # no rows
        ):
            assert [list(r.items()) for r in db.rows(con, sql)] == _as_rows(con, sql), sql
        # two columns of one name: the first's value, where the name first comes, as sqlite3.Row reads it
        sql = "SELECT 1 AS a, 2 AS b, 3 AS a, 4 AS c"
        assert [list(r.items()) for r in db.rows(con, sql)] == _as_rows(con, sql) == [[("a", 1), ("b", 2), ("c", 4)]]
    finally:
        con.close()


PAGES = [
    "/?q=black+cow",
    "/?q=cow&page=2",
    "/?q=buffalo&lang=ml",
    "/?q=calf&district=Thrissur",
    "/api/impoundments?q=cow&limit=40",
    "/feeds/impounded.rss?q=cow",
    "/feeds/notices.atom?lang=ml",
    "/calendar/auctions.ics?q=cow",
    "/calendar/auctions.ics?lang=ml",
]


def test_pages_read_the_same_whatever_rows_are_kept(settings: Settings, demo_dbs: tuple[Path, Path]) -> None:
    """Each address rendered with nothing kept, then by another app (whose response cache is empty) with the rows and
    rows' HTML of every address kept: the same bytes."""
    con = db.connect(demo_dbs[0])
    pound = db.rows(con, "SELECT id FROM pounds ORDER BY id LIMIT 1")[0]["id"]
    con.close()
    pages = [*PAGES, f"/pounds/{pound}", f"/pounds/{pound}?lang=ml"]
    afresh = {}
    for page in pages:
        KEPT_ROWS.clear()
        KEPT_ROW_HTML.clear()
        answer = TestClient(create_app(settings)).get(page)  # no lifespan: no warmer
        assert answer.status_code == 200, page
        afresh[page] = answer.content
    kept = TestClient(create_app(settings))
    for page in pages:
        kept.cookies.clear()
        kept.get(page)
    assert len(KEPT_ROW_HTML._kept) > 50  # what the renders below read
    kept = TestClient(create_app(settings))
    for page in pages:
        kept.cookies.clear()  # a ?lang=ml is remembered in a cookie, as a reader's choice is
        assert kept.get(page).content == afresh[page], page
