"""The package after an incremental ingest (issue 26, ingest/package.py): the files of the tables split per pound are
written for the pounds the ingest recomputed and hard-linked from the previous generation for every other pound, and
the package is the one a full ingest of the same files writes, file for file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import frictionless

from demo import write_demo
from ingest.build import ingest as run_ingest
from ingest.package import SPLIT
from pinfold.schema import DATAPACKAGE

from .conftest import TODAY
from .test_incremental import REGISTER, ten_more_entries
from .test_incremental_pounds import _assert_same, published
from .test_package import errors, package_of


def _parts(folder: Path) -> dict[str, str]:
    """{file of a split table: its pound} as the package's descriptor lists them."""
    descriptor = json.loads((folder / DATAPACKAGE).read_text(encoding="utf-8"))
    return {p["path"]: p["pound_id"] for r in descriptor["resources"] if r["name"] in SPLIT for p in r["parts"]}


def test_an_incremental_ingest_writes_the_changed_pounds_files_and_links_the_rest(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_demo(data, today=TODAY, rows=1500, seed=16)  # 43 registers, one pound each or more
    pub, priv = tmp_path / "out" / "p.db", tmp_path / "out" / "q.db"
    pub.parent.mkdir()
    run_ingest(data, pub, priv, workers=1)
    before = package_of(pub)
    shutil.copytree(pub.parent, tmp_path / "full")  # the same pair, for a full ingest of the same files
    ten_more_entries(data / REGISTER)  # one pound's register: tvm-corp
    again = run_ingest(data, pub, priv, workers=1)
    assert again.recomputed == ["tvm-corp"]
    after = package_of(pub)
    assert after != before and before.is_dir()  # the previous generation is kept beside (a server may be on it)
    parts = _parts(after)
    assert parts.keys() == _parts(before).keys() and len(parts) == 6 * 43  # 6 tables, a file for each of the 43 pounds
    linked = {p for p in parts if (after / p).stat().st_ino == (before / p).stat().st_ino}
    assert linked == {p for p, pound in parts.items() if pound != "tvm-corp"}
    assert (after / "impoundments/tvm-corp.csv").read_bytes() != (before / "impoundments/tvm-corp.csv").read_bytes()
    report = frictionless.validate(after / DATAPACKAGE)
    assert report.valid, errors(report)[:10]

    run_ingest(data, tmp_path / "full" / "p.db", tmp_path / "full" / "q.db", workers=1, full=True)
    full = package_of(tmp_path / "full" / "p.db")
    assert not any((full / p).stat().st_nlink > 1 for p in parts)  # a full ingest writes every file
    _assert_same(published(pub, priv), published(tmp_path / "full" / "p.db", tmp_path / "full" / "q.db"))


def test_a_previous_file_gone_is_written_again(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_demo(data, today=TODAY, rows=600, seed=16)
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    run_ingest(data, pub, priv, workers=1)
    before = package_of(pub)
    (before / "sales" / "ekm-aluva.csv").unlink()  # a file of the previous generation lost (a hand, a disk)
    ten_more_entries(data / REGISTER)
    assert run_ingest(data, pub, priv, workers=1).recomputed == ["tvm-corp"]
    report = frictionless.validate(package_of(pub) / DATAPACKAGE)
    assert report.valid, errors(report)[:10]
    assert (package_of(pub) / "sales" / "ekm-aluva.csv").stat().st_nlink == 1
