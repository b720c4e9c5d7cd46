"""`ingest_pounds`: which pounds each ingest changed, from the two databases (ingest/changed.py). The server keeps its
cached pages of every other pound across the new database, so a pound left out when its rows changed would be served
stale: each kind of change below must name its pound, and only it."""

from __future__ import annotations

import csv
import shutil
import sqlite3
from pathlib import Path

import pytest

from ingest.build import ingest
from ingest.demo import write_demo

from .conftest import TODAY

EXTRA = (
    "No.,Date and hour brought,Kind,Head,Description,Place seized,Owner\n"
    f"1,{TODAY:%d/%m/%Y} 09:00,Cow,1,grey,Ollur,unknown\n"
)


def _changed(pub: Path) -> list[set[str]]:
    """Each ingest's pounds, oldest first."""
    con = sqlite3.connect(pub)
    try:
        ids = [r[0] for r in con.execute("SELECT id FROM ingests ORDER BY id")]
        return [
            {r[0] for r in con.execute("SELECT pound_id FROM ingest_pounds WHERE ingest_id = ?", (i,))} for i in ids
        ]
    finally:
        con.close()


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("changed") / "data"
    write_demo(out, today=TODAY, rows=120, seed=3)
    shutil.rmtree(out / "earlier", ignore_errors=True)
    return out


def _pounds(data: Path) -> list[dict[str, str]]:
    with open(data / "pounds.csv", encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_each_kind_of_change_names_its_pound_and_only_it(data: Path, tmp_path: Path) -> None:
    work = tmp_path / "data"
    shutil.copytree(data, work)
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    every = {p["id"] for p in _pounds(work)}

    ingest(work, pub, priv)  # the first: nothing to compare with, every pound
    assert _changed(pub) == [every]

    ingest(work, pub, priv)  # the same files again: nothing changed
    assert _changed(pub)[-1] == set()

    # a register gains an entry
    (work / "registers" / "tcr-corp" / "extra.csv").write_text(EXTRA, encoding="utf-8")
    ingest(work, pub, priv)
    assert _changed(pub)[-1] == {"tcr-corp"}

    # a register with a row the ingest rejects, in the first pound by id: the rejects of every pound after it are
    # numbered again (rejects.id, in file order), and only this pound changed
    first = min(every)
    (work / "registers" / first / "aaa-bad.csv").write_text(
        f"No.,Date and hour brought,Kind,Head,Description,Place seized,Owner\n1,{TODAY:%d/%m/%Y} 09:00,Cow,0,grey,Ollur,\n",
        encoding="utf-8",
    )
    ingest(work, pub, priv)
    assert _changed(pub)[-1] == {first}

    # pounds.csv: one pound's village corrected (its row in `pounds`, and its entries' places)
    rows = _pounds(work)
    other = next(p for p in rows if p["id"] != "tcr-corp")
    other["village"] = other["village"] + " East"
    with open(work / "pounds.csv", "w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    ingest(work, pub, priv)
    assert _changed(pub)[-1] == {other["id"]}

    # a fine scale row of one local authority: the pounds of that authority (and Act), and no other
    with open(work / "rules" / "fine_scales.csv", encoding="utf-8", newline="") as f:
        scales = list(csv.DictReader(f))
    named = next(r for r in scales if r["local_area"] != "*" and any(
        p["local_authority"] == r["local_area"] and p["act"] == r["act"] for p in rows
    ))  # fmt: skip
    named["reference"] = named["reference"] + " (corrected)"
    with open(work / "rules" / "fine_scales.csv", "w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(scales[0]))
        w.writeheader()
        w.writerows(scales)
    ingest(work, pub, priv)
    of_area = {p["id"] for p in rows if p["local_authority"] == named["local_area"] and p["act"] == named["act"]}
    assert _changed(pub)[-1] == of_area

    # the register's entry removed again: its pound, whose history now records the removal
    (work / "registers" / "tcr-corp" / "extra.csv").unlink()
    ingest(work, pub, priv)
    assert _changed(pub)[-1] == {"tcr-corp"}
    # and the earlier ingests' rows are carried forward, as the history is
    assert len(_changed(pub)) == 7
    assert _changed(pub)[0] == every
