"""`pinfold accounts`: add (the password from standard input, hashed with argon2id, never in the file or the output),
list, remove (its sessions end), and one-line refusals."""

from __future__ import annotations

import subprocess
from pathlib import Path

from intake import accounts

from .test_ingest_errors import PINFOLD


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([PINFOLD, "accounts", *args], input=stdin, capture_output=True, text=True)


def test_accounts_are_added_listed_and_removed_and_the_password_is_never_kept(tmp_path: Path) -> None:
    acc = str(tmp_path / "accounts.db")
    added = run("add", "asha", "--pound", "p1", "--pound", "p2", "--accounts", acc, stdin="s3cret-pass\n")
    assert added.returncode == 0 and "s3cret-pass" not in added.stdout + added.stderr
    assert run("add", "root", "--admin", "--accounts", acc, stdin="another-pass\n").returncode == 0
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.is_file())
    assert b"s3cret-pass" not in raw and b"$argon2id$" in raw
    assert (tmp_path / "accounts.db").stat().st_mode & 0o077 == 0  # the owner's alone
    assert run("list", "--accounts", acc).stdout.splitlines() == ["asha\tp1,p2", "root\tadmin"]
    with accounts.opened(acc) as con:
        token = accounts.open_session(con, "asha")
        assert accounts.session(con, token) is not None
    assert run("remove", "asha", "--accounts", acc).returncode == 0
    with accounts.opened(acc) as con:
        assert accounts.session(con, token) is None
    assert run("list", "--accounts", acc).stdout.splitlines() == ["root\tadmin"]


def test_a_refused_account_is_one_line(tmp_path: Path) -> None:
    acc = str(tmp_path / "accounts.db")
    for args, stdin in ((("add", "asha", "--pound", "p1"), "short\n"), (("add", "asha"), "long enough pass\n"),
                        (("remove", "nobody"), "")):  # fmt: skip
        r = run(*args, "--accounts", acc, stdin=stdin)
        assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr, r.stderr
    run("add", "asha", "--pound", "p1", "--accounts", acc, stdin="long enough pass\n")
    again = run("add", "asha", "--pound", "p1", "--accounts", acc, stdin="long enough pass\n")
    assert again.returncode == 2 and "exists" in again.stderr
