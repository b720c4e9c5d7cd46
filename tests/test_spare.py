"""Issue 26, save to visible: a watch copies the pair it just switched in (ingest/spare.py), and the next incremental
ingest patches that copy instead of copying the pair first; a copy of any other pair is never patched, and the result
is a full ingest's row for row either way."""

from __future__ import annotations

import os
import shutil
import stat
import threading
from pathlib import Path

import pytest

from ingest import spare
from ingest.build import ingest as run_ingest
from intake.app import Settings

from .conftest import incremental_demo
from .intake_fixtures import CORRECTED, REGISTER, make_intake
from .test_incremental_pounds import REGISTER as TVM
from .test_incremental_pounds import Pair, _edit_register

OTHER = "registers/ekm-muvattupuzha/register-2026.csv"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return incremental_demo(tmp_path / "data")


def _inode(path: Path) -> int:
    return os.stat(path).st_ino


def test_the_next_ingest_patches_the_spare_and_equals_a_full_ingest(data: Path, tmp_path: Path) -> None:
    pair = Pair(tmp_path, data)
    run_ingest(data, pair.pub, pair.priv, workers=1)
    assert spare.make(pair.pub, pair.priv, threading.Event())
    public_spare, private_spare, record = spare.names(pair.pub, pair.priv)
    assert public_spare.read_bytes() == pair.pub.read_bytes() and private_spare.read_bytes() == pair.priv.read_bytes()
    assert stat.S_IMODE(os.stat(private_spare).st_mode) == 0o600 and stat.S_IMODE(os.stat(record).st_mode) == 0o600
    copies = _inode(public_spare), _inode(private_spare)

    _edit_register(data / TVM)
    incremental, _ = pair.again()  # compared row for row with a full ingest of the same files
    assert incremental.recomputed == ["tvm-corp"]
    # the files switched in are the spare's, patched: it was taken, not copied again
    assert (_inode(pair.pub), _inode(pair.priv)) == copies
    assert not any(p.exists() for p in spare.names(pair.pub, pair.priv))


def test_a_spare_of_another_pair_is_never_patched(data: Path, tmp_path: Path) -> None:
    pair = Pair(tmp_path, data)
    run_ingest(data, pair.pub, pair.priv, workers=1)
    assert spare.make(pair.pub, pair.priv, threading.Event())
    kept = tmp_path / "kept"
    kept.mkdir()
    for p in spare.names(pair.pub, pair.priv):  # the spare of the first pair, as a crashed watch might leave it
        shutil.copy2(p, kept / p.name)
    stale = _inode(spare.names(pair.pub, pair.priv)[0])

    _edit_register(data / TVM)
    run_ingest(data, pair.pub, pair.priv, workers=1)  # another pair switched in (its ingest took the spare)
    for p in spare.names(pair.pub, pair.priv):
        os.replace(kept / p.name, p)

    _edit_register(data / OTHER)
    incremental, _ = pair.again()  # the first pair patched would lack the change before: not a full ingest's rows
    assert incremental.recomputed == ["ekm-muvattupuzha"]
    assert _inode(pair.pub) != stale
    assert not any(p.exists() for p in spare.names(pair.pub, pair.priv))  # a stale spare goes


def test_a_stopped_copy_leaves_no_file(data: Path, tmp_path: Path) -> None:
    pair = Pair(tmp_path, data)
    run_ingest(data, pair.pub, pair.priv, workers=1)
    stop = threading.Event()
    stop.set()
    assert not spare.make(pair.pub, pair.priv, stop)
    assert sorted(p.name for p in pair.pub.parent.iterdir() if "spare" in p.name) == []


def test_a_watch_makes_the_spare_its_next_ingest_patches(data: Path, tmp_path: Path) -> None:
    from ingest.watch import watch

    from .test_watch import published, save_entry, seen_by_the_watch, within

    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    public_spare, _, record = spare.names(pub, priv)
    done: list[object] = []
    stop = threading.Event()
    watching = threading.Thread(target=watch, args=(data, pub, priv, done.append, done.append, stop), daemon=True)
    watching.start()
    try:
        assert within(120, lambda: record.exists())  # the first ingest's pair, copied while the folder is quiet
        copy = _inode(public_spare)
        save_entry(data, 90001, "grey, ear tag KL-07-90001")
        assert seen_by_the_watch(data, lambda: published(pub, "grey, ear tag KL-07-90001") == 1)
        assert _inode(pub) == copy  # the spare, patched
    finally:
        stop.set()
        watching.join(120)
    assert not watching.is_alive()
    assert [p.name for p in tmp_path.iterdir() if ".tmp" in p.name] == []


def test_the_intake_makes_the_spare_its_next_publish_patches(tmp_path: Path) -> None:
    from .test_intake import csrf, signed_in, upload
    from .test_watch import within

    data, pub, priv, acc = make_intake(tmp_path)
    other = (
        data / "registers" / "p2" / "p2.csv"
    )  # p2 the larger pound: p1's change is then patched in, not a full ingest
    lines = other.read_text(encoding="utf-8").splitlines(keepends=True)
    other.write_text("".join(lines) + "".join(f"{n}{lines[1][1:]}" for n in range(5, 25)), encoding="utf-8")
    run_ingest(data, pub, priv, workers=1)
    s = Settings(data, pub, priv, acc)
    c = signed_in(s)
    page = upload(c, REGISTER)
    assert c.post(page.url.path + "/publish", data={"csrf_token": csrf(page.text)}).status_code == 200
    public_spare, _, record = spare.names(pub, priv)
    assert within(60, lambda: record.exists())  # the published pair, copied after the publish
    copy = _inode(public_spare)
    page = upload(c, CORRECTED)
    assert c.post(page.url.path + "/publish", data={"csrf_token": csrf(page.text)}).status_code == 200
    assert _inode(pub) == copy  # the spare, patched
    spare.MAKER.stop()
