"""A field's reading (ingest/fields.py) met with cells registers hold that its rules did not foresee."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ingest.build import ingest

from .conftest import make_data_dir


def test_an_amount_that_is_no_number_is_no_amount(tmp_path: Path) -> None:
    """JSON as Python reads it takes Infinity and NaN for numbers: a fine of Infinity stopped the whole ingest with a
    traceback (OverflowError, Money of an infinite float). Such an amount is read as one that is not an amount
    ('abc'): the entry is stored, its fine left blank, as the register gives none Pinfold can read."""
    register = (
        '[{"No": 1, "Date brought": "03/11/2025", "Kind": "cow", "Number": 1, "Fine": Infinity},\n'
        ' {"No": 2, "Date brought": "03/11/2025", "Kind": "cow", "Number": 1, "Fine": NaN},\n'
        ' {"No": 3, "Date brought": "03/11/2025", "Kind": "cow", "Number": 1, "Fine": -Infinity,'
        ' "Date of sale": "19/11/2025", "Sale proceeds": Infinity}]'
    )
    data = make_data_dir(tmp_path, {"register.json": register})
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    con = sqlite3.connect(tmp_path / "p.db")
    got = con.execute("SELECT entry_no, fine_levied_rupees FROM impoundments ORDER BY entry_no").fetchall()
    assert got == [("1", None), ("2", None), ("3", None)]
    assert con.execute("SELECT proceeds_rupees FROM sales").fetchall() == [(None,)]
