"""Issue 23: the deployment's places (rules/places.csv, every pound's village, local authority and district in
pounds.csv) are recognised in every public text, so a village the lexicon's town list lacks is not hidden; without
them it is (over-hiding, never a leak)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ingest.build import ingest
from ingest.privacy import deployment_places, roster_of
from pinfold.lexicon import MARK

from .conftest import make_data_dir

REGISTER = (
    "Sl. No.,Date brought,Kind of cattle,Number,Description,Place of seizure\n"
    '1,03/11/2025,cow,1,"black cow, from Kuttur paddy field",കുറ്റൂർ വയലിൽ\n'
    '2,04/11/2025,cow,1,"brown cow, near Puthenchira temple",Vellangallur\n'
)


def _texts(db: Path) -> list[tuple[str, str]]:
    con = sqlite3.connect(db)
    return con.execute("SELECT description, place_seized FROM impoundments ORDER BY entry_no").fetchall()


def test_a_village_only_in_places_csv_is_kept_and_without_it_hidden(tmp_path: Path) -> None:
    data = make_data_dir(tmp_path, {"register-2025.csv": REGISTER})
    with (data / "pounds.csv").open("a", encoding="utf-8") as f:  # another pound's village: a place everywhere
        f.write("p2,Vellangallur Pound,kerala-1961,Vellangallur Grama Panchayat,Thrissur,Vellangallur,10.3,76.2\n")
    (data / "registers" / "p2").mkdir()
    (data / "rules").mkdir()
    (data / "rules" / "places.csv").write_text(
        "name,name_ml,district\nKuttur,കുറ്റൂർ,Thrissur\nPuthenchira,പുത്തൻചിറ,Thrissur\n", encoding="utf-8"
    )
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    ingest(data, pub, priv)
    assert _texts(pub) == [
        ("black cow, from Kuttur paddy field", "കുറ്റൂർ വയലിൽ"),
        ("brown cow, near Puthenchira temple", "Vellangallur"),
    ]
    (data / "rules" / "places.csv").unlink()
    ingest(data, pub, priv)
    assert _texts(pub) == [
        (f"black cow, from {MARK} paddy field", f"{MARK} വയലിൽ"),
        ("brown cow, near Puthenchira temple", "Vellangallur"),  # a landmark's name, and pounds.csv's village
    ]


def test_a_person_in_a_place_file_is_no_place() -> None:
    roster = roster_of(["K. Raghavan Nair"])
    places = deployment_places(
        [{"name": "Kuttur", "name_ml": "കുറ്റൂർ", "district": "Thrissur"}, {"name": "Sri. Kunjan Pillai"}],
        [{"village": "Ollur, Lonappan Chiramel", "local_authority": "Raghavan Nair Panchayat", "district": "Thrissur"}],
        roster,
    )
    assert places == ["Kuttur", "കുറ്റൂർ", "Thrissur", "Ollur", "Thrissur"]
