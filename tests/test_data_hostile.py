"""/data against a stranger: SQL that would hold a thread or the memory, formulas for a journalist's spreadsheet,
the server's own details, and the small ways Datasette under /data went wrong."""

from __future__ import annotations

import csv
import io
import logging

import pytest
from fastapi.testclient import TestClient

from portal.app import create_app
from portal.datasette_app import inert_cell
from portal.datasette_plugin import RESULT_LIMIT, VALUE_LIMIT
from portal.settings import Settings

# Each ran for seconds inside one step of SQLite (which no time limit interrupts) or made gigabytes.
HOSTILE = {
    "printf": "select length(printf('%.*c', 2000000000, 'x'))",
    "format": "select length(format('%!.*c', 2000000000, 'x'))",
    "randomblob": "select length(hex(randomblob(1000000000)))",
    "zeroblob": "select length(zeroblob(1000000000))",
    "replace": "select length(replace(printf('%.*c', 1999000, 'a'), printf('%.*c', 999000, 'a') || 'b', 'x'))",
    "replace growing": "select length(replace(printf('%.*c', 100000, 'x'), 'x', printf('%.*c', 10000, 'y')))",
    "trim": "select length(rtrim(printf('%.*c', 1999000, 'a'), printf('%.*c', 160000, 'b') || 'a'))",
    "instr": "select instr(printf('%.*c', 1999000, 'a'), printf('%.*c', 999000, 'a') || 'b')",
    "glob": "select printf('%.*c', 1999000, 'a') glob '*[' || printf('%.*c', 40000, 'c') || ']b'",
    "doubling": "with recursive s(x) as (select 'ab' union all select x || x from s) select length(x) from s",
    "cross join": "select count(*) from impoundments a, impoundments b, impoundments c",
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_query_is_stopped_with_a_clear_error(client, name: str) -> None:
    """A worked figure for each: before, printf('%.*c', 1e9, 'x') ran 18 s and took 3 GB; rtrim of a 1 MB value by
    an 80 KB set ran for minutes. Each is now an answer at once (NULL, as SQLite gives for a value too long; the
    length or position trim, instr and replace compute in linear time) or a
    400 that says what stopped it: too big (a value over VALUE_LIMIT), a pattern too complex (over PATTERN_LIMIT)
    or the time limit."""
    r = client.get("/data/pounds.json", params={"sql": HOSTILE[name], "_shape": "objects"})
    body = r.json()
    if r.status_code == 200:
        assert [list(row.values()) for row in body["rows"]] in ([[None]], [[0]], [[1999000]]), body["rows"]
    else:
        assert r.status_code == 400, body
        assert any(w in body["error"] for w in ("too big", "too complex", "took longer than the time limit")), body


def test_a_value_as_long_as_any_the_database_holds_is_still_read(client) -> None:
    """The limits leave every real value readable: the longest text in the public database is far under them."""
    longest = client.get(
        "/data/pounds.json",
        params={
            "sql": "select (select max(length(description)) from impoundments), (select max(length(lot_summary)) from auctions)"
        },
    )
    assert longest.status_code == 200 and max(longest.json()["rows"][0]) < VALUE_LIMIT / 10
    ok = client.get("/data/pounds.json", params={"sql": f"select length(printf('%.*c', {VALUE_LIMIT - 10}, 'x'))"})
    assert ok.json()["rows"] == [[VALUE_LIMIT - 10]]
    # printf is SQLite's own under the guard: the canned query's money still reads 'Rs 1 2 as. 3 p.' and '3.05'.
    money = client.get("/data/pounds.json", params={"sql": "select printf('%d.%02d', 3, 5), format('%5s|', 'ab')"})
    assert money.json()["rows"] == [["3.05", "   ab|"]]


def test_a_result_over_its_size_is_refused(client) -> None:
    """1,000 rows of 100 KB values would be 100 MB a column: a result stops at RESULT_LIMIT (20 MB), saying so."""
    big = VALUE_LIMIT - 1
    r = client.get(
        "/data/pounds.json",
        params={"sql": f"select printf('%.*c', {big}, 'x') as a, printf('%.*c', {big}, 'y') as b from impoundments"},
    )
    assert r.status_code == 400 and f"larger than {RESULT_LIMIT // 2**20} MB" in r.json()["error"]


def test_fts3_tokenizer_and_attach_are_denied(client) -> None:
    """fts3_tokenizer('simple') returned the address of a function in the server's memory."""
    r = client.get("/data/pounds.json", params={"sql": "select hex(fts3_tokenizer('simple'))"})
    assert r.status_code == 400 and "not authorized" in r.json()["error"]


def test_csv_exports_carry_no_formula(client) -> None:
    """A cell that starts with = + - @ tab or CR is run by Excel and LibreOffice: OWASP's rule, a leading apostrophe.
    Numbers stay numbers (a negative one starts with '-')."""
    sql = (
        "select '=HYPERLINK(\"http://x\",\"y\")' as a, '+1+1' as b, '@SUM(A1)' as c, '-2+3+cmd|'' /C calc''!A0' as d, "
        "-5 as e, '-12.5' as f, '3' as g, char(9) || '=1' as h, 'plain, with \"quotes\" and a' || char(10) || 'line' as i"
    )
    r = client.get("/data/pounds.csv", params={"sql": sql})
    assert r.status_code == 200
    (header, row) = list(csv.reader(io.StringIO(r.text, newline="")))
    assert row == [
        "'=HYPERLINK(\"http://x\",\"y\")", "'+1+1", "'@SUM(A1)", "'-2+3+cmd|' /C calc'!A0",
        "-5", "-12.5", "3", "'\t=1", 'plain, with "quotes" and a\nline',
    ]  # fmt: skip
    table = client.get("/data/pounds/impoundments.csv", params={"_stream": "on"})
    rows = list(csv.reader(io.StringIO(table.text, newline="")))
    assert len(rows) > 800 and all(not cell.startswith(("=", "+", "@")) for row in rows for cell in row)


@pytest.mark.parametrize(
    "cell,inert",
    [("=1+1", "'=1+1"), ("-1", "-1"), ("-1.5e3", "-1.5e3"), ("-", "'-"), ("-x", "'-x"), ("+91 9447", "'+91 9447"),
     ("\r=1", "'\r=1"), ("black cow", "black cow"), ("", "")],
)  # fmt: skip
def test_inert_cell(cell: str, inert: str) -> None:
    assert inert_cell(cell) == inert


def test_the_servers_details_are_not_shown(client, settings: Settings) -> None:
    for path in ("/data/-/versions", "/data/-/versions.json", "/data/-/threads.json", "/data/-/plugins.json"):
        assert client.get(path).status_code == 404, path
    databases = client.get("/data/-/databases.json")
    assert databases.status_code == 200 and str(settings.database) not in databases.text
    listed = client.get("/data/pounds.json", params={"sql": "select name, file from pragma_database_list"})
    assert listed.json()["rows"] == [["main", None]]
    assert str(settings.database.parent) not in client.get("/data/pounds").text


def test_trailing_slash_redirects_keep_the_data_prefix(client) -> None:
    for path in ("/data/pounds/", "/data/pounds/impoundments/"):
        r = client.get(path, follow_redirects=False)
        assert r.status_code == 302 and r.headers["location"] == path.rstrip("/"), r.headers["location"]


def test_ordinary_errors_are_a_4xx_and_one_log_line(client, caplog: pytest.LogCaptureFixture, capsys) -> None:
    """Before: `_sort=unknown` was a 500; it, a bad SQL and a missing database each printed a traceback with locals."""
    with caplog.at_level(logging.WARNING, logger="pinfold.data"):
        sort = client.get("/data/pounds/impoundments", params={"_sort": "unknown"})
        bad = client.get("/data/pounds.json", params={"sql": "select nothing"})
        slow = client.get(
            "/data/pounds.json",
            params={"sql": "with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c"},
        )
        missing = client.get("/data/nowhere")
    assert (sort.status_code, bad.status_code, slow.status_code, missing.status_code) == (400, 400, 400, 404)
    assert "Cannot sort table by unknown" in sort.text and "<script" not in slow.text.split("</footer>")[0][-2000:]
    printed = capsys.readouterr()
    assert "Traceback" not in printed.err + printed.out and "Traceback" not in caplog.text
    lines = printed.err.splitlines() + [r.getMessage() for r in caplog.records]
    assert len([line for line in lines if "Cannot sort" in line]) == 1
    assert len([line for line in lines if "select nothing" in line or "syntax error" in line]) == 1
    assert len([line for line in lines if "time limit" in line]) == 1


def test_304_only_for_what_was_answered_200(settings: Settings) -> None:
    """A conditional request for an address that would be a 404 was answered 304 before the app saw it."""
    with TestClient(create_app(settings)) as own:
        good = own.get("/data/pounds/pounds.json")
        etag = good.headers["etag"]
        assert own.get("/data/pounds/pounds.json", headers={"if-none-match": etag}).status_code == 304
        for path in ("/data/pounds/nowhere.json", "/animals/nobody", "/api/impoundments?from=nope"):
            first = own.get(path)
            assert first.status_code in (400, 404), path
            for validators in ({"if-none-match": "*"}, {"if-modified-since": "Fri, 01 Jan 2100 00:00:00 GMT"}):
                assert own.get(path, headers=validators).status_code == first.status_code, (path, validators)


def test_hostile_queries_do_not_hold_the_portal(settings: Settings) -> None:
    """Three hostile queries at once held every /data thread for 16 s. The SQL box runs two at a time, each
    stopped within its limits, and the portal's pages (their own connections and threads) answer meanwhile."""
    import threading

    with TestClient(create_app(settings)) as own:
        slow_sql = "select count(*) from impoundments a, impoundments b, impoundments c, impoundments d"
        answers: list[int] = []
        hostile = [
            threading.Thread(
                target=lambda: answers.append(own.get("/data/pounds.json", params={"sql": slow_sql}).status_code)
            )
            for _ in range(4)
        ]
        for t in hostile:
            t.start()
        assert own.get("/?q=black+cow").status_code == 200
        assert own.get("/data/pounds/pounds.json").status_code == 200  # a table page: not behind the SQL box
        for t in hostile:
            t.join(60)
        assert answers == [400, 400, 400, 400]


LINEAR_CASES = [
    ("trim", ("  xxhixx  ", " x")), ("ltrim", ("xxhixx", "x")), ("rtrim", ("xxhixx", "x")), ("trim", ("abc", "")),
    ("trim", ("ശ്രീ കൃഷ്ണ ശ്രീ", "ശ്രീ ")), ("trim", (None, "x")), ("trim", ("x", None)), ("trim", (123.0, "3")),
    ("trim", (b"xxhixx", b"x")), ("trim", (1200, 0)),
    ("instr", ("black cow", "cow")), ("instr", ("black cow", "")), ("instr", ("", "a")), ("instr", (None, "a")),
    ("instr", ("പശു കറുപ്പ്", "കറു")), ("instr", (b"\x00ab", b"b")), ("instr", (12345, 34)), ("instr", ("x", b"x")),
    ("replace", ("black cow", "cow", "calf")), ("replace", ("abc", "", "z")), ("replace", (None, "a", "b")),
    ("replace", ("aaa", "a", None)), ("replace", ("പശു", "ശു", "ശുക്കൾ")), ("replace", (12.5, "2", "9")),
    ("replace", (b"ab", b"b", b"c")), ("replace", ("a", "a", 5)),
]  # fmt: skip


@pytest.mark.parametrize("name,args", LINEAR_CASES)
def test_the_linear_functions_answer_as_sqlites_own(name: str, args: tuple) -> None:
    """trim, instr and replace of two values are computed by Pinfold (datasette_plugin._linear): they give what
    SQLite's own give, for text in either script, empty strings, NULLs, numbers and blobs."""
    import sqlite3

    from portal.datasette_plugin import harden

    sql = f"SELECT {name}({', '.join('?' * len(args))})"
    plain, hardened = sqlite3.connect(":memory:"), sqlite3.connect(":memory:")
    harden(hardened)
    assert hardened.execute(sql, args).fetchone()[0] == plain.execute(sql, args).fetchone()[0]
