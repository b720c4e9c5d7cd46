"""Issue 23: the history publishes an old value only through today's filter, and every ingest filters the whole
history again, so what an older reading let through is gone from `changes` (and so from the animal page, the
corrections feed and changes.csv, which read it)."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from ingest.build import ingest
from ingest.history import refiltered

from .conftest import make_data_dir
from .test_history import HISTORY, REGISTER, changes

LEAK = "red cow, tied at Kochouseph Pallan's gate"


def test_an_old_value_is_published_only_through_todays_filter() -> None:
    assert refiltered(LEAK) == "red cow, tied at […] gate"
    assert refiltered("ചുവന്ന പശു, കൊച്ചൗസേപ്പ് പല്ലന്റെ ഗേറ്റിൽ") == "ചുവന്ന പശു, […] ഗേറ്റിൽ"
    assert refiltered("black, broken horn, ear tag KL-07-2331") == "black, broken horn, ear tag KL-07-2331"


def test_a_correction_does_not_keep_what_it_removed(tmp_path: Path) -> None:
    # An older Pinfold published the name, and its history kept it; the clerk then corrected the register.
    data = make_data_dir(tmp_path, {"register-2025.csv": HISTORY / "register-before.csv"})
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    con = sqlite3.connect(tmp_path / "p.db")
    with con:
        con.execute("UPDATE impoundments SET description = ? WHERE entry_no = '6'", (LEAK,))
        con.execute(
            """INSERT INTO changes (ingest_id, changed_at, impoundment_id, pound_id, entry_no, brought_on, species,
                   head_count, change, field, value_before, value_after)
               SELECT 1, '2025-11-20T10:00:00+05:30', id, pound_id, entry_no, brought_on, species, head_count,
                   'changed', 'description', 'grey', ? FROM impoundments WHERE entry_no = '6'""",
            (LEAK,),
        )
    con.close()
    (data / REGISTER).write_text(
        (HISTORY / "register-before.csv").read_text(encoding="utf-8").replace(",grey,", ",red cow tied at the gate,"),
        encoding="utf-8",
    )
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    dump = "\n".join(sqlite3.connect(tmp_path / "p.db").iterdump())
    assert "Kochouseph" not in dump and "Pallan" not in dump
    assert changes(tmp_path / "p.db") == [
        ("6", "changed", "description", "grey", "red cow, tied at […] gate", None),
        ("6", "changed", "description", "red cow, tied at […] gate", "red cow tied at the gate", "2025-11-10"),
    ]


def test_an_id_an_older_pinfold_made_of_a_persons_number_is_not_kept_as_an_alias(tmp_path: Path) -> None:
    # Found by the privacy review: an older Pinfold hashed the entry number as written into the published id, so a
    # phone in the number's column was found again from the id; the new id is made of the public number, and the
    # old one was kept as an alias of it (aliases, /animals/{old id} redirecting), for ever.
    text = "Sl. No.,Date brought,Kind of cattle,Number,Description\n9447012345,05/11/2025,cow,1,black\n"
    data = make_data_dir(tmp_path, {"register.csv": text + "7,05/11/2025,cow,1,white\n"})
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    older = "p1-" + hashlib.sha1(b"p1\x1fno\x1f9447012345\x1f2025-11-05").hexdigest()[:16]
    con = sqlite3.connect(tmp_path / "p.db")
    with con:  # as the older Pinfold published it, with a correction in its history
        con.execute("UPDATE impoundments SET id = ? WHERE entry_no = '[number]'", (older,))
        con.execute(
            """INSERT INTO changes (ingest_id, changed_at, impoundment_id, pound_id, entry_no, brought_on, species,
                   head_count, change, field, value_before, value_after)
               SELECT 1, '2025-11-20T10:00:00+05:30', id, pound_id, entry_no, brought_on, species, head_count,
                   'changed', 'description', 'grey', 'black' FROM impoundments WHERE id = ?""",
            (older,),
        )
    con.close()
    (data / "registers" / "p1" / "register.csv").write_text(text + "7,05/11/2025,cow,1,brown\n", encoding="utf-8")
    ingest(data, tmp_path / "p.db", tmp_path / "q.db")
    con = sqlite3.connect(tmp_path / "p.db")
    assert older not in "\n".join(con.iterdump())
    (now,) = con.execute("SELECT id FROM impoundments WHERE entry_no = '[number]'").fetchone()
    # its history followed it to its new id
    assert con.execute("SELECT impoundment_id, value_before FROM changes WHERE field = 'description' AND "
                       "value_after = 'black'").fetchall() == [(now, "grey")]  # fmt: skip
