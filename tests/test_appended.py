"""A register grown by lines appended (the commonest save) is read from where its previous shard's reading ended
(ingest/shards.py write_shard, readers.Mark): a copy of that shard, the appended lines' rows added, must be the shard
the whole file makes, byte for byte in every row of every table (the rows, the rejects and their reasons and row
numbers, the private register, the mark itself), and an ingest so made both databases a full ingest's.

Whether it may go on is the readers' to say, and they say no when the whole file's reading would read an earlier line
otherwise or a later line by another context: a line before changed (the first bytes are not the previous file's), an
encoding, delimiter or order of dates that the appended lines change, a last line not ended by a line feed, a CSV
record still open at the end (a quoted cell with a line break in it). Each register below is cut at every line end, its
first part read whole, then the whole file read on from there and read whole: the two shards must be one.
"""

from __future__ import annotations

import codecs
import csv
import hashlib
import io
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

import ingest.readers
import ingest.shards
from ingest.build import ingest as run_ingest
from ingest.rules_files import load_rulebook
from ingest.shards import ShardJob, write_shard
from ingest.sources import file_stamp, read_pounds
from pinfold.errors import PinfoldError
from pinfold.law.packs import pack

from .conftest import incremental_demo, make_data_dir
from .test_incremental_pounds import _assert_same, published

MESSY = Path(__file__).parent / "fixtures" / "messy"
LINE_REGISTERS = sorted(p for p in MESSY.iterdir() if p.suffix in (".csv", ".tsv", ".jsonl"))

HEADER = "No.,Date brought,Hour,Kind of cattle,Number,Description,Place of seizure,Seizer,Owner,Remarks\r\n"
ROWS = [
    '1,03/04/2025,3.05 PM,Cow,2,"black, white patch",Ollur,"Raman Nair, Ollur",unknown,\r\n',
    '2,do,7.30 AM,buffaloes,1,brown,Mannuthy,"Devaki Amma, Cherpu","Joseph Kurian, Pala",delivered 06/04/2025\r\n',
    "3,05/04/2025,,dog,1,stray,Ollur,,,\r\n",  # a reject: not cattle
    '4,-do-,9.00 AM,cow with calf,2,"red\r\nwith a bell",do,,,\r\n',  # a ditto, a line break in a quoted cell
    "TOTAL,,,,6,,,,,\r\n",
    "5,06/04/2025,10.00 AM,goat,1,,Ollur,,,\r\n",
    "\r\n",
    "6,do,10.30 AM,Cow,1,white,do,,,sold 20/04/2025\r\n",
    '1,03/04/2025,3.05 PM,Cow,2,"black, white patch",Ollur,"Raman Nair, Ollur",unknown,\r\n',  # entry 1 again
    "7,07/04/2099,1.00 PM,bull,1,,Ollur,,,\r\n",  # a reject: a day after tomorrow
    '8,do,2.00 PM,bull,1,"quoted ""twice""",Ollur,,,\n',
]
REGISTERS: dict[str, bytes] = {
    "made.csv": (HEADER + "".join(ROWS)).encode("utf-8"),
    "made-bom.csv": codecs.BOM_UTF8 + (HEADER + "".join(ROWS)).encode("utf-8"),
    "made-utf16.csv": (HEADER + "".join(ROWS)).encode("utf-16"),  # its BOM says little-endian
    "made-cr.csv": (HEADER + "".join(ROWS)).replace("\r\n", "\r").encode("utf-8"),  # a line ends at a lone CR
    "made-cp1252.csv": (HEADER + "".join(ROWS) + "9,08/04/2025,,cow,1,caf\u00e9,Ollur,,,\n").encode("cp1252"),
}
# Registers no cut of which is read on from: what the appended lines hold changes how the file reads.
NEVER = {
    "made-cp1252.csv": "its last line is not UTF-8: the file is read as cp1252, every line before it too",
    "made-cr.csv": "a line ended by a lone carriage return may end with an appended line feed",
}


def _book(data: Path):  # noqa: ANN202 - the pounds and rule book of a DATA_DIR, as the ingest reads them
    pounds = read_pounds(data)
    return pounds, load_rulebook(data / "rules", [pack(p.act) for p in pounds.values()])


def _dump(shard: Path) -> dict[str, list[tuple[str, ...]]]:
    """Every row of every table of a shard, in rowid order, each value as its SQL literal (1, 1.0 and '1' differ)."""
    con = sqlite3.connect(shard)
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        out = {}
        for t in tables:
            cols = ", ".join(f'quote("{r[1]}")' for r in con.execute(f'PRAGMA table_info("{t}")'))
            out[t] = con.execute(f'SELECT {cols} FROM "{t}" ORDER BY rowid').fetchall()
        return out
    finally:
        con.close()


class Shards:
    """Shards of one register file of a one-pound DATA_DIR, written whole or going on from a base (in this
    process), noting whether each went on."""

    def __init__(self, tmp: Path, name: str, monkeypatch: pytest.MonkeyPatch):
        self.tmp, self.data = tmp, make_data_dir(tmp, {})
        self.path = self.data / "registers" / "p1" / name
        mapping = MESSY / f"{name}.mapping.json"
        if mapping.exists():
            shutil.copy(mapping, self.path.with_name(mapping.name))
        self.pounds, self.book = _book(self.data)
        self.went_on: list[bool] = []
        real = ingest.shards._write

        def spy(job: ShardJob, going_on: object):  # noqa: ANN202
            self.went_on.append(going_on is not None)
            return real(job, going_on)

        monkeypatch.setattr(ingest.shards, "_write", spy)
        self.n = 0

    def write(self, content: bytes, base: Path | None = None, base_digest: str = "") -> Path:
        """The register file holding `content` -> its shard (going on from `base` if it can)."""
        self.path.write_bytes(content)
        self.n += 1
        shard = self.tmp / f"shard-{self.n}.db"
        job = ShardJob(0, self.pounds["p1"], self.path, f"registers/p1/{self.path.name}", shard, self.book, "v",
                       file_stamp(self.path), base=base, base_digest=base_digest)  # fmt: skip
        write_shard(job)
        return shard


def _line_ends(content: bytes) -> list[int]:
    """Each place just after a line's end (a line feed, a lone carriage return: the encoding's), but the file's end."""
    utf16 = content.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    encoding = ("utf-16-le" if content.startswith(codecs.BOM_UTF16_LE) else "utf-16-be") if utf16 else "latin-1"
    text, width = content.decode(encoding), 2 if utf16 else 1
    ends = [i + 1 for i, c in enumerate(text) if c == "\n" or (c == "\r" and text[i + 1 : i + 2] != "\n")]
    return [i * width for i in ends if i * width < len(content)]


def _cases() -> list[tuple[str, bytes]]:
    return [(p.name, p.read_bytes()) for p in LINE_REGISTERS] + list(REGISTERS.items())


@pytest.fixture(autouse=True)
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of 3 rows: the rows appended fall in blocks the whole file's reading cuts elsewhere."""
    monkeypatch.setattr(ingest.readers, "BLOCK_ROWS", 3)


@pytest.mark.parametrize(("name", "content"), _cases(), ids=[n for n, _ in _cases()])
def test_a_register_read_on_from_any_line_is_the_register_read_whole(
    name: str, content: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shards = Shards(tmp_path, name, monkeypatch)
    expected = _dump(shards.write(content))
    went_on = marked = 0
    for cut in _line_ends(content):
        try:
            base = shards.write(content[:cut])
        except PinfoldError:  # a first part no ingest would take (no header yet): no shard to go on from
            continue
        marked += bool(_dump(base)["_mark"])
        shards.went_on.clear()
        grown = shards.write(content, base, hashlib.sha256(content[:cut]).hexdigest())
        assert _dump(grown) == expected, f"{name} cut at byte {cut}: the shard differs from the whole file's"
        went_on += shards.went_on == [True]  # [True, False]: it began to, and then read the file whole
    if name in NEVER:
        assert marked and not went_on, NEVER[name]
    else:  # once an entry is read, a cut goes on (not every one: e.g. before the line proving dates month first)
        assert went_on or not marked, f"{name}: never read on from a mark"


# --- an ingest: both databases ---------------------------------------------------------------------------------------

CSV_REGISTER = "registers/tvm-corp/register-2026.csv"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    return incremental_demo(tmp_path / "data")


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """Each register an ingest wrote a shard of (workers=1: in this process), and whether it went on from a mark."""
    seen: list[tuple[str, bool]] = []
    real = ingest.shards._write

    def spy(job: ShardJob, going_on: object):  # noqa: ANN202
        seen[:] = [s for s in seen if s[0] != job.rel]  # begun going on, then read whole: read whole
        seen.append((job.rel, going_on is not None))
        return real(job, going_on)

    monkeypatch.setattr(ingest.shards, "_write", spy)
    return seen


def _against_a_full_ingest(
    demo: Path, out: Path, tmp: Path, change: Callable[[], None], reads: list[tuple[str, bool]]
) -> list[tuple[str, bool]]:
    """`change` made to the DATA_DIR, then an ingest onto the pair in `out`, and a full ingest of the same files onto
    a copy of the same pair without its kept shards (every register read whole): both databases compared row for
    row (tests/test_incremental_pounds.py). Returns the registers the first ingest read (`reads`)."""
    full = tmp / f"full-{len(list(tmp.glob('full-*')))}"
    shutil.copytree(out, full, ignore=shutil.ignore_patterns("q.shards"))
    change()
    reads.clear()
    again = run_ingest(demo, out / "p.db", out / "q.db", workers=1)
    read = sorted(reads)
    whole = run_ingest(demo, full / "p.db", full / "q.db", workers=1, full=True)
    assert again.line() == whole.line()
    _assert_same(published(out / "p.db", out / "q.db"), published(full / "p.db", full / "q.db"))
    return read


def _append(path: Path, lines: list[str]) -> None:
    with open(path, "a", encoding="utf-8", newline="") as f:
        f.writelines(lines)


def _csv_lines(register: Path) -> list[list[str]]:
    with open(register, encoding="utf-8-sig", newline="") as f:
        return list(csv.reader(f))


def test_an_ingest_of_appended_lines_is_a_full_ingests_and_an_edited_line_is_read_whole(
    demo: Path, tmp_path: Path, reads: list[tuple[str, bool]]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    run_ingest(demo, out / "p.db", out / "q.db", workers=1)
    register = demo / CSV_REGISTER
    rows = _csv_lines(register)
    jsonl = sorted(demo.rglob("*.jsonl"))[0]
    jsonl_lines = jsonl.read_text(encoding="utf-8").splitlines(keepends=True)
    last = max(int(r[0]) for r in rows[1:])
    date = rows[0].index(next(h for h in rows[0] if "date" in h.lower()))
    kind = rows[0].index(next(h for h in rows[0] if "kind" in h.lower() or "animal" in h.lower()))

    def new_lines() -> list[str]:
        ditto = [str(last + 1), *rows[-1][1:]]
        ditto[date] = "do"  # the same day as the line above: the register's last before the save
        dog = [str(last + 2), *rows[-1][1:]]
        dog[kind] = "dog"  # a reject
        lines = [ditto, rows[1], dog, [str(last + 3), *rows[-2][1:]]]  # its first entry again: a duplicate
        text = io.StringIO()
        csv.writer(text, lineterminator="\r\n").writerows(lines)
        return [text.getvalue()]

    def appended() -> None:
        _append(register, new_lines())
        _append(jsonl, [jsonl_lines[0], "{not json\n", jsonl_lines[-1]])  # a duplicate, a reject, another

    read = _against_a_full_ingest(demo, out, tmp_path, appended, reads)
    assert read == sorted([(CSV_REGISTER, True), (jsonl.relative_to(demo).as_posix(), True)])
    con = sqlite3.connect(out / "p.db")
    day = "SELECT brought_on FROM impoundments WHERE source_file = ? AND entry_no = ?"
    assert (
        con.execute(day, (CSV_REGISTER, str(last + 1))).fetchone()
        == con.execute(day, (CSV_REGISTER, rows[-1][0])).fetchone()
    )
    assert con.execute(
        "SELECT count(*) FROM rejects WHERE source_file = ? AND source_row = ?", (CSV_REGISTER, len(rows) + 3)
    ).fetchone() == (1,)
    con.close()

    def edited() -> None:  # an earlier line corrected, and one more appended: the file is read whole
        text = register.read_bytes()
        line = text.index(b"\n", 500) + 1
        register.write_bytes(text[:line] + text[line : line + 40].replace(b"1", b"2", 1) + text[line + 40 :])
        _append(register, new_lines())

    assert _against_a_full_ingest(demo, out, tmp_path, edited, reads) == [(CSV_REGISTER, False)]


def test_a_shard_gone_on_from_after_an_earlier_line_changed_is_not_the_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Why the first bytes are checked: forced to go on from a mark after an earlier line was corrected, the shard
    keeps the line as it was, and differs from the file's."""
    shards = Shards(tmp_path, "made.csv", monkeypatch)
    content = REGISTERS["made.csv"]
    cut = _line_ends(content)[3]
    base = shards.write(content[:cut])
    corrected = content.replace(b"Cow,2,", b"Cow,3,", 1)
    expected = _dump(shards.write(corrected))
    honest = shards.write(corrected, base, hashlib.sha256(content[:cut]).hexdigest())
    assert shards.went_on[-1] is False and _dump(honest) == expected  # its first bytes are not the base's
    monkeypatch.setattr(ingest.shards, "file_digest", lambda path, size=None: hashlib.sha256(content[:cut]).hexdigest())
    forced = shards.write(corrected, base, hashlib.sha256(content[:cut]).hexdigest())
    assert shards.went_on[-1] is True and _dump(forced) != expected
