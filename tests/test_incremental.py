"""Incremental ingests (ingest/shards.py ShardCache): a register whose bytes did not change is not normalised again,
its shard kept from the ingest before; the result is the one a full ingest of the same files gives, row for row
(tests/test_incremental_pounds.py: issue 26's decision, the SQLite files need not be the same bytes).
Kept shards hold private rows: they sit beside the private database, readable by its owner only, and go with it."""

from __future__ import annotations

import csv
import os
import shutil
import sqlite3
import stat
import time
from pathlib import Path

import pytest

import ingest.build
import ingest.shards
import ingest.sources
from ingest.build import ingest as run_ingest

from .conftest import incremental_demo
from .test_incremental_pounds import _assert_same, published

REGISTER = "registers/tvm-corp/register-2026.csv"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return incremental_demo(tmp_path / "data")


@pytest.fixture
def normalised(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The registers each ingest normalises (writes a shard for), in this process (workers=1)."""
    seen: list[str] = []
    real = ingest.shards.write_shard

    def spy(job):
        seen.append(job.rel)
        return real(job)

    monkeypatch.setattr(ingest.shards, "write_shard", spy)
    return seen


def ten_more_entries(register: Path) -> None:
    """The clerk writes ten more entries: the register's last ten, numbered on."""
    with open(register, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    last = max(int(r[0]) for r in rows[1:])
    with open(register, "a", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([[str(last + n), *r[1:]] for n, r in enumerate(rows[-10:], 1)])


def test_an_unchanged_register_is_not_normalised_again_and_the_result_is_a_full_ingests(
    data: Path, tmp_path: Path, normalised: list[str]
) -> None:
    pub, priv = tmp_path / "out" / "p.db", tmp_path / "out" / "q.db"
    pub.parent.mkdir()
    first = run_ingest(data, pub, priv, workers=1)
    assert len(normalised) == first.files == 43
    full_pub, full_priv = tmp_path / "full" / "p.db", tmp_path / "full" / "q.db"
    shutil.copytree(pub.parent, full_pub.parent)  # the same pair before, for a full ingest of the same files
    ten_more_entries(data / REGISTER)
    normalised.clear()
    again = run_ingest(data, pub, priv, workers=1)
    assert normalised == [REGISTER]  # before: every one of the 43 registers, each ingest
    assert again.records == first.records + 10
    (added,) = sqlite3.connect(pub).execute("SELECT added FROM ingests ORDER BY id DESC LIMIT 1").fetchone()
    assert added == 10

    full = run_ingest(data, full_pub, full_priv, workers=1, full=True)
    assert full.line() == again.line()
    assert again.recomputed == ["tvm-corp"] and full.recomputed is None
    _assert_same(published(pub, priv), published(full_pub, full_priv))


def test_a_changed_rule_file_normalises_every_register_again(data: Path, tmp_path: Path, normalised: list[str]) -> None:
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    run_ingest(data, pub, priv, workers=1)
    scales = data / "rules" / "fine_scales.csv"
    scales.write_text(scales.read_text(encoding="utf-8").replace(",500,", ",650,", 1), encoding="utf-8")
    normalised.clear()
    run_ingest(data, pub, priv, workers=1)
    assert len(normalised) == 43  # the fines are in every register's rows
    assert len(list((tmp_path / "q.shards").glob("*.db"))) == 43  # the shards of the old scale are gone
    (fine,) = sqlite3.connect(pub).execute("SELECT max(amount_rupees) FROM fine_scales").fetchone()
    assert fine == "650.00"


def test_kept_shards_are_private_and_go_with_the_private_database(
    data: Path, tmp_path: Path, normalised: list[str]
) -> None:
    public, private = tmp_path / "www", tmp_path / "private"
    public.mkdir()
    private.mkdir()
    pub, priv = public / "p.db", private / "q.db"
    run_ingest(data, pub, priv, workers=1)
    kept = private / "q.shards"
    assert sorted(p.name for p in public.iterdir()) == ["p.db", "p.downloads"]  # nothing private beside the public
    assert stat.S_IMODE(kept.stat().st_mode) == 0o700
    (owner,) = (
        sqlite3.connect(priv).execute("SELECT owner_name FROM register_entries WHERE owner_name != ''").fetchone()
    )
    assert any(owner.encode() in p.read_bytes() for p in kept.iterdir())  # names: these are private rows
    os.unlink(priv)  # the private database goes: the shards of its rows go too, at the next ingest
    normalised.clear()
    # a file's inode alone may be reused by the next file written (it failed so once): with its change time, never
    before = {p.name: (p.stat().st_ino, p.stat().st_ctime_ns) for p in kept.iterdir()}
    run_ingest(data, pub, priv, workers=1)
    assert len(normalised) == 43
    assert all(before[p.name] != (p.stat().st_ino, p.stat().st_ctime_ns) for p in kept.iterdir())  # each written anew


@pytest.fixture
def digested(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The registers each ingest reads for their digest (ingest/sources.py file_digest), by name; every register
    taken as settled (sources.SETTLED_NS 0: the demo's files were all written a moment ago)."""
    seen: list[str] = []
    real = ingest.sources.file_digest

    def spy(path: Path) -> str:
        seen.append(path.name if path.parent.name != "tvm-corp" else f"tvm-corp/{path.name}")
        return real(path)

    monkeypatch.setattr(ingest.sources, "file_digest", spy)
    monkeypatch.setattr(ingest.sources, "SETTLED_NS", 0)
    return seen


def test_a_register_is_read_for_its_digest_only_when_its_stamp_changed(
    data: Path, tmp_path: Path, digested: list[str]
) -> None:
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    run_ingest(data, pub, priv, workers=1)
    assert len(digested) == 43
    digested.clear()
    ten_more_entries(data / REGISTER)
    assert run_ingest(data, pub, priv, workers=1).recomputed == ["tvm-corp"]
    assert digested == ["tvm-corp/register-2026.csv"]  # the other 42 digests are the manifest's
    digested.clear()
    run_ingest(data, pub, priv, workers=1, full=True)
    assert len(digested) == 43  # --full reads every byte


def test_a_register_rewritten_with_its_size_and_time_of_change_set_back_is_still_read_again(
    data: Path, tmp_path: Path, digested: list[str]
) -> None:
    # A clerk's tool saves a correction in place (same inode), the same number of bytes, and sets the file's time
    # back (os.utime, touch -d, a copy keeping times): only the ctime, which no user can set, tells it changed.
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    run_ingest(data, pub, priv, workers=1)
    register = data / REGISTER
    before = register.stat()
    text = register.read_bytes()
    corrected = text.replace(b"black", b"white", 1)  # one animal's colour, as many bytes
    assert corrected != text
    with open(register, "r+b") as f:  # in place: the same inode
        f.write(corrected)
    os.utime(register, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = register.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (before.st_ino, before.st_size, before.st_mtime_ns)
    digested.clear()
    again = run_ingest(data, pub, priv, workers=1)
    assert digested == ["tvm-corp/register-2026.csv"] and again.recomputed == ["tvm-corp"]
    (changed,) = sqlite3.connect(pub).execute("SELECT changed FROM ingests ORDER BY id DESC LIMIT 1").fetchone()
    assert changed == 1  # the entry corrected


def test_the_private_side_waits_for_its_copy_while_the_public_side_is_patched(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The private database's copy goes on while the public copy is patched (ingest/build.py _Copies): a copy slow
    to end is waited for before the private side is patched, and the result is still a full ingest's."""
    pub, priv = tmp_path / "out" / "p.db", tmp_path / "out" / "q.db"
    pub.parent.mkdir()
    run_ingest(data, pub, priv, workers=1)
    full_pub, full_priv = tmp_path / "full" / "p.db", tmp_path / "full" / "q.db"
    shutil.copytree(pub.parent, full_pub.parent)
    copy = ingest.build._copy

    def slow(source: Path, target: Path) -> None:
        if source == priv:
            time.sleep(1.5)  # the public side is patched meanwhile
        copy(source, target)

    monkeypatch.setattr(ingest.build, "_copy", slow)
    ten_more_entries(data / REGISTER)
    again = run_ingest(data, pub, priv, workers=1)
    assert again.recomputed == ["tvm-corp"]
    assert stat.S_IMODE(priv.stat().st_mode) == 0o600
    run_ingest(data, full_pub, full_priv, workers=1, full=True)
    _assert_same(published(pub, priv), published(full_pub, full_priv))
