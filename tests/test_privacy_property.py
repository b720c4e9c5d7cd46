"""Issue 23's property at the level of a whole ingest: small registers built from a vocabulary of descriptions and
generated person strings (names, titles, relations, honorifics, houses, IDs, e-mails, phones in any notation), put in
every column of a CSV and in every key of two JSON shapes (flat and nested), go through two real ingests with a
clerk's correction between them; no person string is in the public database (its dump, the history included)."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from ingest.build import ingest

from .test_privacy_recognition import DESCRIPTIONS, ascii_digits, person_strings

POUNDS = (
    "id,name,act,local_authority,district,village,latitude,longitude\n"
    "p1,Ollur Grama Panchayat Pound,kerala-1961,Ollur Grama Panchayat,Thrissur,Ollur,10.4736,76.2528\n"
)
HEADERS = [
    "Sl. No.", "Date brought", "Hour", "Kind of cattle", "Number", "Description", "Place of seizure",
    "Name and residence of seizer", "Name and residence of owner (if known)", "Witness", "Driver", "Remarks",
    "Claimed by", "Buyer", "Complaint outcome", "Informant", "Vehicle owner",
]  # fmt: skip
# Where each CSV column sits in the nested JSON shape (the export of knr-taliparamba, with people nested deeper).
NESTED = {
    "Sl. No.": ("entryNo",), "Date brought": ("broughtAt",), "Hour": ("hour",), "Kind of cattle": ("animal", "kind"),
    "Number": ("animal", "count"), "Description": ("animal", "description"), "Place of seizure": ("seizedAt", "place"),
    "Name and residence of seizer": ("seizer", "name"), "Name and residence of owner (if known)": ("owner", "name"),
    "Witness": ("witness",), "Driver": ("vehicle", "driver"), "Remarks": ("seizedAt", "landowner"),
    "Claimed by": ("claim", "by"), "Buyer": ("sale", "buyer", "name"), "Complaint outcome": ("complaint", "outcome"),
    "Informant": ("informant",), "Vehicle owner": ("vehicle", "owner"),
}  # fmt: skip
KINDS = ["Cow", "bull", "buffalo", "goat", "പശു"]
PLACES = ["Ollur", "near Sri Krishna Temple, Ollur", "paddy field", "bus stop"]
SHAPES = ["{c}, {p}", "{p}", "{p} {c}", "{c} ({p})"]


@st.composite
def entries(draw: st.DrawFn, n: int) -> tuple[list[dict[str, str]], list[str]]:
    """n register entries with person strings in drawn columns, and the parts that must not be public."""
    rows, secret = [], []
    for i in range(n):
        row = {
            "Sl. No.": str(i + 1), "Date brought": f"0{i + 1}/11/2025", "Hour": "10.30 AM",
            "Kind of cattle": draw(st.sampled_from(KINDS)), "Number": "1",
            "Description": draw(st.sampled_from(DESCRIPTIONS)), "Place of seizure": draw(st.sampled_from(PLACES)),
            "Name and residence of seizer": "", "Name and residence of owner (if known)": "", "Witness": "",
            "Driver": "", "Remarks": "", "Claimed by": "", "Buyer": "", "Complaint outcome": "", "Informant": "",
            "Vehicle owner": "",
        }  # fmt: skip
        for column in draw(st.lists(st.sampled_from(HEADERS), min_size=1, max_size=3)):
            text, parts = draw(person_strings())
            row[column] = draw(st.sampled_from(SHAPES)).format(c=row[column], p=text).strip(", ")
            secret += parts
        rows.append(row)
    return rows, secret


def _csv(rows: list[dict[str, str]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, HEADERS)
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def _nested(row: dict[str, str]) -> dict:
    """A CSV row -> the nested JSON shape (every leaf a string, as an export writes it)."""
    out: dict = {}
    for column, path in NESTED.items():
        node = out
        for key in path[:-1]:
            node = node.setdefault(key, {})
        node[path[-1]] = row[column]
    return out


def _write(data: Path, rows: list[dict[str, str]], shape: str) -> None:
    for old in (data / "registers" / "p1").iterdir():
        old.unlink()
    target = data / "registers" / "p1"
    if shape == "csv":
        (target / "register-2025.csv").write_text(_csv(rows), encoding="utf-8")
    else:
        lines = (json.dumps(r if shape == "flat" else _nested(r), ensure_ascii=False) for r in rows)
        (target / "register-2025.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _values(dump: str) -> list[str]:
    """Every literal of the public database's dump: quoted text and bare numbers."""
    return [
        m.group(2) if m.group(1) is None else m.group(1)
        for m in re.finditer(r"'((?:[^']|'')*)'|(?<![\w'])(\d[\d.]*)", dump)
    ]


def _public(part: str, values: list[str]) -> bool:
    """A person's part in a public value: a long number by its digits, a code by its letters and digits, a word as
    written (any case)."""
    digits = ascii_digits(part)
    if len(digits) >= 8:
        return any(digits in ascii_digits(v) for v in values)
    if digits:
        code = re.sub(r"[\W_]", "", part).casefold()
        return any(code in re.sub(r"[\W_]", "", v).casefold() for v in values)
    return any(part.casefold() in v.casefold() for v in values)


# Two ingests an example: few examples, seed-stable, and no shrinking (the failing register is printed whole).
@settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
@given(entries(3), st.sampled_from(["csv", "flat", "nested"]), st.sampled_from(DESCRIPTIONS), person_strings())
def test_no_person_string_in_the_public_database_after_two_ingests_and_a_correction(
    register: tuple[list[dict[str, str]], list[str]], shape: str, corrected: str, person: tuple[str, list[str]]
) -> None:
    rows, secret = register
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        (data / "registers" / "p1").mkdir(parents=True)
        (data / "pounds.csv").write_text(POUNDS, encoding="utf-8")
        _write(data, rows, shape)
        ingest(data, Path(tmp) / "p.db", Path(tmp) / "q.db")
        # The clerk corrects the first entry's description; the old one goes to the history.
        rows[0]["Description"] = f"{corrected}, {person[0]}"
        _write(data, rows, shape)
        ingest(data, Path(tmp) / "p.db", Path(tmp) / "q.db")
        con = sqlite3.connect(Path(tmp) / "p.db")
        values = _values("\n".join(con.iterdump()))
        kept = con.execute("SELECT (SELECT count(*) FROM impoundments) + (SELECT count(*) FROM rejects)").fetchone()
        con.close()
    leaked = sorted({p for p in secret + person[1] if _public(p, values)})
    assert not leaked, (leaked, shape, rows, values)
    assert kept[0] >= 1  # the register was read: its entries are impoundments or rejects
