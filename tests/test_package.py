"""The open data package (ingest/package.py): the demo's CSV files and datapackage.json validated with the
frictionless library, so the published schema and the data cannot drift apart; the /downloads page and files."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import shutil
import sqlite3
from pathlib import Path

import frictionless
import pytest
from fastapi.testclient import TestClient

from ingest.build import ingest
from ingest.package import SPLIT, declared, part_name
from pinfold.schema import DATAPACKAGE, downloads_root
from portal.app import create_app
from portal.settings import Settings

from .conftest import TODAY, make_data_dir
from .test_history import HISTORY
from .test_portal import parse


def parse_links(html: str) -> list[str]:
    return parse(html).links


def package_of(public_db: Path) -> Path:
    """The folder of the downloads the database names (its latest ingest's)."""
    (name,) = sqlite3.connect(public_db).execute("SELECT downloads FROM ingests ORDER BY id DESC LIMIT 1").fetchone()
    return downloads_root(public_db) / name


def errors(report: frictionless.Report) -> list[str]:
    return [f"{task.name}: {e.type} {e.note}" for task in report.tasks for e in task.errors]


def paths(resource: dict) -> list[str]:
    """A resource's files: one, or a split table's, one per pound."""
    return [resource["path"]] if isinstance(resource["path"], str) else resource["path"]


def table_rows(folder: Path, resource: dict) -> list[list[str]]:
    """A table's rows as its files hold them, the header once (each file of a split table repeats it)."""
    rows: list[list[str]] = []
    for path in paths(resource):
        with open(folder / path, encoding="utf-8", newline="") as f:
            rows += list(csv.reader(f))[1 if rows else 0 :]
    return rows


def test_the_demo_package_is_valid(demo_dbs: tuple[Path, Path]) -> None:
    report = frictionless.validate(package_of(demo_dbs[0]) / DATAPACKAGE)
    assert report.valid, errors(report)[:10]
    descriptor = json.loads((package_of(demo_dbs[0]) / DATAPACKAGE).read_text(encoding="utf-8"))
    tables = [r for r in descriptor["resources"] if "schema" in r]
    assert [r["name"] for r in tables] == list(declared())  # every public table, as schema.PUBLIC declares them
    con = sqlite3.connect(demo_dbs[0])
    for r in tables:  # whole: every row of the database (a split table: in its files together)
        rows = table_rows(package_of(demo_dbs[0]), r)
        assert len(rows) - 1 == con.execute(f"SELECT count(*) FROM {r['name']}").fetchone()[0]


def test_the_package_describes_every_field_with_its_type_keys_and_the_licence(demo_dbs: tuple[Path, Path]) -> None:
    descriptor = json.loads((package_of(demo_dbs[0]) / DATAPACKAGE).read_text(encoding="utf-8"))
    assert descriptor["licenses"][0]["name"] == "ODbL-1.0" and "opendatacommons" in descriptor["licenses"][0]["path"]
    schemas = {r["name"]: r["schema"] for r in descriptor["resources"] if "schema" in r}
    undescribed = [(t, f["name"]) for t, s in schemas.items() for f in s["fields"] if not f.get("description")]
    assert undescribed == []
    fields = {f["name"]: f for f in schemas["impoundments"]["fields"]}
    assert (fields["head_count"]["type"], fields["brought_on"]["type"], fields["brought_at"]["type"]) == (
        "integer", "date", "string",
    )  # fmt: skip
    assert fields["species"]["constraints"] == {"required": True}
    assert schemas["impoundments"]["primaryKey"] == ["id"]
    assert {"fields": ["pound_id"], "reference": {"resource": "pounds", "fields": ["id"]}} in schemas["impoundments"][
        "foreignKeys"
    ]
    assert {"fields": ["ingest_id"], "reference": {"resource": "ingests", "fields": ["id"]}} in schemas["changes"][
        "foreignKeys"
    ]


@pytest.mark.parametrize(
    ("table", "spoil", "error"),
    [
        ("impoundments", lambda rows: rows[1].__setitem__(9, "two"), "type-error"),  # head_count not a number
        ("impoundments", lambda rows: rows[1].__setitem__(1, "no-such-pound"), "foreign-key"),
        ("notices", lambda rows: rows.append(rows[1]), "primary-key"),  # a notice twice
        ("pounds", lambda rows: [r.append("x") for r in rows], "extra-label"),  # a column the schema lacks
    ],
)
def test_a_package_whose_data_drifted_from_its_schema_is_invalid(demo_dbs, tmp_path: Path, table, spoil, error):
    copy = shutil.copytree(package_of(demo_dbs[0]), tmp_path / "package")
    descriptor = json.loads((copy / DATAPACKAGE).read_text(encoding="utf-8"))
    for r in descriptor["resources"]:  # the digests would catch any edit: take them away to see the schema catch it
        r.pop("hash", None), r.pop("bytes", None)
    (copy / DATAPACKAGE).write_text(json.dumps(descriptor), encoding="utf-8")
    # a split table: a file of a pound with rows (each file has the header; `spoil` reads row 1)
    (resource,) = [r for r in descriptor["resources"] if r["name"] == table]
    path = next(p for p in paths(resource) if (copy / p).read_text(encoding="utf-8").count("\n") > 1)
    with open(copy / path, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    spoil(rows)
    with open(copy / path, "w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    report = frictionless.validate(copy / DATAPACKAGE)
    assert not report.valid and error in {e.type for task in report.tasks for e in task.errors}


def test_the_digest_catches_a_file_changed_after_the_ingest(demo_dbs, tmp_path: Path) -> None:
    copy = shutil.copytree(package_of(demo_dbs[0]), tmp_path / "package")
    text = (copy / "pounds.csv").read_text(encoding="utf-8")
    (copy / "pounds.csv").write_text(text.replace("Pound", "Pund", 1), encoding="utf-8")
    report = frictionless.validate(copy / DATAPACKAGE)
    assert not report.valid and "hash-count" in {e.type for task in report.tasks for e in task.errors}


def test_the_downloads_page_is_linked_from_every_page_and_serves_every_file(client, demo_dbs) -> None:
    assert "/downloads" in parse_links(client.get("/").text)
    assert "/downloads" in parse_links(client.get("/pounds").text)
    page = client.get("/downloads")
    assert page.status_code == 200
    links = parse_links(page.text)
    for table in declared():
        assert f"/downloads/{table}.csv" in links
    assert {"/downloads/datapackage.json", "/downloads/pinfold.db"} <= set(links)
    impoundments = client.get("/downloads/impoundments.csv")
    assert impoundments.headers["content-type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(impoundments.text)))
    con = sqlite3.connect(demo_dbs[0])
    assert rows[0] == [r[1] for r in con.execute("PRAGMA table_info(impoundments)")]
    assert len(rows) - 1 == con.execute("SELECT count(*) FROM impoundments").fetchone()[0]
    assert client.get("/downloads/datapackage.json").json()["name"] == "pinfold"
    db = client.get("/downloads/pinfold.db")
    assert db.content == demo_dbs[0].read_bytes() and "attachment" in db.headers["content-disposition"]
    for name in ("private.db", "..%2Fprivate.db", "q.db", "impoundments_fts.csv", "register_entries.csv"):
        assert client.get(f"/downloads/{name}").status_code == 404, name
    assert client.get("/downloads", params={"lang": "ml"}).status_code == 200
    client.cookies.clear()


def test_the_downloads_page_says_how_to_open_a_csv_in_a_spreadsheet(client) -> None:
    """The CSVs are UTF-8 without a byte order mark (Frictionless' default): Excel reads Malayalam in them as garbage
    unless told the encoding, so the page says how, in both languages."""
    for lang, words in (("en", "65001: Unicode (UTF-8)"), ("ml", "മലയാളം വാക്കുകൾ ശരിയായി കാണില്ല")):
        page = client.get("/downloads", params={"lang": lang}).text
        said = page[page.index('id="csv-encoding"') :]
        assert words in said[: said.index("</p>")]
    client.cookies.clear()
    assert not client.get("/downloads/impoundments.csv").content.startswith(b"\xef\xbb\xbf")


def test_the_downloads_switch_with_the_database(tmp_path: Path) -> None:
    # Each ingest builds its downloads before its database is renamed into place, and the database names them: a
    # server always serves the files of the database it reads. Two generations are kept, the older ones go.
    data = make_data_dir(tmp_path, {"register-2025.csv": HISTORY / "register-before.csv"})
    pub = tmp_path / "p.db"
    ingest(data, pub, tmp_path / "q.db")
    with TestClient(create_app(Settings(database=pub, today=TODAY))) as c:
        assert len(list(csv.reader(io.StringIO(c.get("/downloads/impoundments.csv").text)))) == 7
        first = package_of(pub)
        shutil.copy(HISTORY / "register-after.csv", data / "registers" / "p1" / "register-2025.csv")
        ingest(data, pub, tmp_path / "q.db")
        changes = list(csv.reader(io.StringIO(c.get("/downloads/changes.csv").text)))
        assert len(changes) == 6 and package_of(pub) != first
        ingest(data, pub, tmp_path / "q.db")
        kept = {p.name for p in downloads_root(pub).iterdir()}
        assert len(kept) == 2 and first.name not in kept and package_of(pub).name in kept
        assert c.get("/downloads/pinfold.db").content == pub.read_bytes()


def test_a_package_with_history_is_valid(tmp_path: Path) -> None:
    # Changes of every kind and an alias (entry 3's day brought corrected), each row pointing at its ingest.
    text = (HISTORY / "register-after.csv").read_text(encoding="utf-8").replace("3,05/11/2025,", "3,04/11/2025,")
    data = make_data_dir(tmp_path, {"register-2025.csv": HISTORY / "register-before.csv"})
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    (data / "registers" / "p1" / "register-2025.csv").write_text(text, encoding="utf-8")
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    con = sqlite3.connect(tmp_path / "p.db")
    assert con.execute("SELECT count(*) FROM changes").fetchone()[0] == 6
    assert con.execute("SELECT count(*) FROM aliases").fetchone()[0] == 1
    report = frictionless.validate(package_of(tmp_path / "p.db") / DATAPACKAGE)
    assert report.valid, errors(report)


def test_the_big_tables_are_one_file_per_pound_in_the_pounds_order(demo_dbs: tuple[Path, Path]) -> None:
    # Issue 26: a file per pound, so an ingest that changed one pound rewrites that pound's files only.
    folder = package_of(demo_dbs[0])
    descriptor = json.loads((folder / DATAPACKAGE).read_text(encoding="utf-8"))
    con = sqlite3.connect(demo_dbs[0])
    pounds = [r[0] for r in con.execute("SELECT id FROM pounds ORDER BY rowid")]
    split = {r["name"]: r for r in descriptor["resources"] if isinstance(r["path"], list)}
    assert set(split) == set(SPLIT) == {
        "impoundments", "merged_duplicates", "notices", "auctions", "auction_lots", "sales",
    }  # fmt: skip
    for name, r in split.items():
        assert r["path"] == [f"{name}/{part_name(p)}.csv" for p in pounds]
        assert [p["pound_id"] for p in r["parts"]] == pounds
        header = [c[0] for c in declared()[name]["columns"]]
        for part in r["parts"]:  # each file: the header, then that pound's rows; its size and digest as listed
            data = (folder / part["path"]).read_bytes()
            rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
            assert rows[0] == header and part["bytes"] == len(data)
            assert part["hash"] == "sha256:" + hashlib.sha256(data).hexdigest()
            pound = header.index("pound_id") if "pound_id" in header else None
            assert pound is None or {r[pound] for r in rows[1:]} <= {part["pound_id"]}
        # the files together are the table: every row once, a pound's rows in the table's own order
        rows = table_rows(folder, r)[1:]
        assert len(rows) == con.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
        head = len(",".join(header)) + 2  # the header and its CRLF, counted once
        assert r["bytes"] == sum(p["bytes"] for p in r["parts"]) - head * (len(r["parts"]) - 1)
    lots = table_rows(folder, split["auction_lots"])
    auctions = {r[0]: r[1] for r in table_rows(folder, split["auctions"])[1:]}
    order = [auctions[lot[0]] for lot in lots[1:]]  # a lot's pound is its auction's
    assert order == sorted(order, key=pounds.index)


def test_a_pounds_file_name_is_never_a_path_of_its_own() -> None:
    assert part_name("tvm-corp") == "tvm-corp"
    assert part_name("Aluva pound") == "_pound-" + hashlib.sha256(b"Aluva pound").hexdigest()[:12]
    assert part_name("../etc") == part_name("../etc") != "../etc" and "/" not in part_name("../etc")
    assert part_name(None) == "_none"


def test_a_split_table_is_served_whole_and_by_pound(client, demo_dbs) -> None:
    folder = package_of(demo_dbs[0])
    descriptor = json.loads((folder / DATAPACKAGE).read_text(encoding="utf-8"))
    (sales,) = [r for r in descriptor["resources"] if r["name"] == "sales"]
    whole = client.get("/downloads/sales.csv")
    assert whole.status_code == 200 and whole.headers["content-type"] == "text/csv; charset=utf-8"
    # the header once, then each pound's rows in the pounds' order: the files, their headers but the first left out
    expected = b"".join(
        (folder / p).read_bytes().split(b"\r\n", 1)[1] if n else (folder / p).read_bytes()
        for n, p in enumerate(sales["path"])
    )
    assert whole.content == expected and int(whole.headers["content-length"]) == sales["bytes"] == len(expected)
    assert whole.headers["etag"] and 'filename="sales.csv"' in whole.headers["content-disposition"]
    page = parse_links(client.get("/downloads").text)
    for part in sales["parts"]:
        assert f"/downloads/{part['path']}" in page
        one = client.get(f"/downloads/{part['path']}")
        assert one.status_code == 200 and one.content == (folder / part["path"]).read_bytes()
    for bad in ("sales/nope.csv", "sales/..%2Fpounds.csv", "pounds/x.csv", "sales/tvm-corp.db", "x/y/z.csv"):
        assert client.get(f"/downloads/{bad}").status_code == 404, bad
    client.cookies.clear()


WRITTEN_UNDER_A_WATCH = """
import sys
from pathlib import Path
from ingest import package
from ingest.watch import terminate_as_interrupt
package.PARALLEL_FROM_BYTES = 0  # two worker processes however small the database
db = Path(sys.argv[1])
with terminate_as_interrupt():  # as `pinfold ingest --watch` runs every ingest: SIGTERM raises KeyboardInterrupt
    for n in range(12):
        package.build(db, db, f"generation-{n}")
"""


def test_the_package_writers_end_quietly_under_a_watch(demo_dbs, tmp_path: Path) -> None:
    # The pool ends its workers with SIGTERM. Forked with the watch's handler, a worker raised KeyboardInterrupt where
    # the signal found it, once inside a queue lock's release: the lock stayed held and the other worker waited on it
    # for ever (a watch's ingest at 1M rows hung after its switch). Before: 1 or 2 tracebacks in 12 builds, each time.
    import subprocess
    import sys

    db = tmp_path / "p.db"
    shutil.copyfile(demo_dbs[0], db)
    script = tmp_path / "build.py"
    script.write_text(WRITTEN_UNDER_A_WATCH)
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, str(script), str(db)], cwd=root, capture_output=True, text=True, timeout=600,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "KeyboardInterrupt" not in done.stderr
