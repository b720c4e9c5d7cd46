"""Every file that holds a person is its owner's alone (0600, folders 0700), whatever the umask: the private
database, its half-built `private.db.tmp<pid>` during an ingest, the shards kept beside it and the ingest's scratch."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from ingest.build import ingest
from ingest.shards import shard_folder

from .conftest import SAMPLE


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The loosest umask there is (files 0666, folders 0777 unless the code says otherwise)."""
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


def _modes(folder: Path, skip: Path) -> dict[str, int]:
    """Every file and folder under `folder` but the public side (`skip`, its downloads) -> its permission bits."""
    found = {}
    for path in folder.rglob("*"):
        if path.relative_to(folder).parts[0].startswith(skip.stem):
            continue
        found[str(path.relative_to(folder))] = stat.S_IMODE(path.lstat().st_mode)
    return found


def test_private_files_are_the_owners_alone(tmp_path: Path, open_umask: None) -> None:
    out = tmp_path / "out"
    out.mkdir(mode=0o700)
    public, private = out / "pinfold.db", out / "private.db"
    during: list[dict[str, int]] = []

    def look(done: int, total: int, records: int) -> None:
        """Called while the shards are written: the half-built private database and the scratch exist."""
        during.append(_modes(out, public))

    ingest(SAMPLE, public, private, progress=look, workers=1)
    seen = {name: mode for modes in during for name, mode in modes.items()}
    assert any(name.startswith("private.db.tmp") for name in seen), seen  # the half-built one was looked at
    assert any(name.endswith(".db") and name.startswith(".pinfold-") for name in seen), seen  # and the scratch
    for modes in [*during, _modes(out, public)]:
        loose = {name: oct(mode) for name, mode in modes.items() if mode & 0o077}
        assert loose == {}, "readable by others"
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    assert stat.S_IMODE(shard_folder(private).stat().st_mode) == 0o700
    kept = list(shard_folder(private).iterdir())
    assert kept and {stat.S_IMODE(p.stat().st_mode) for p in kept} == {0o600}
    # The public database is for everyone to read: only the private side is closed.
    assert stat.S_IMODE(public.stat().st_mode) & 0o044


def test_a_second_ingest_keeps_them_closed(tmp_path: Path, open_umask: None) -> None:
    """The swap journal and the renamed pair: a re-ingest over an existing pair leaves no file of the private side open."""
    public, private = tmp_path / "pinfold.db", tmp_path / "private.db"
    ingest(SAMPLE, public, private, workers=1)
    private.chmod(0o644)  # as an older version left it
    ingest(SAMPLE, public, private, workers=1)
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
