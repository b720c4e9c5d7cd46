"""A DATA_DIR of two pounds, a register with good rows, a bad date, an unknown kind and a person's name in a
description, and an intake over them with one clerk of pound p1 (shared by the tests/test_intake*.py)."""

from __future__ import annotations

from pathlib import Path

from intake import accounts

HEADER = "Sl. No.,Date brought,Hour,Kind of cattle,Number,Description,Place of seizure,Name and residence of seizer,Name and residence of owner (if known)\n"
REGISTER = (
    HEADER
    + '1,03/11/2025,9.30 AM,cow,1,black with white patch,Mannuthy,"Raman Pillai, Ollur","Kunjan Nair, Ollur"\n'
    + '2,04/11/2025,10.00 AM,bull,1,brown bull of Kunjan Nair,Ollur,"Raman Pillai, Ollur","Kunjan Nair, Ollur"\n'
    + '3,31/02/2025,11.15 AM,buffalo,2,black,Nadathara,"Raman Pillai, Ollur",unknown\n'
    + '4,06/11/2025,2.30 PM,unicorn,1,white,Ollur,"Raman Pillai, Ollur",unknown\n'
)
# The same file with entry 1's description corrected: one change for the public.
CORRECTED = REGISTER.replace("black with white patch", "black with white star")
CLERK, PASSWORD = "asha", "correct horse battery"


def make_intake(tmp: Path) -> tuple[Path, Path, Path, Path]:
    """(DATA_DIR, public db, private db, accounts db): pounds p1 and p2 (p2 with a register of its own), a clerk
    of p1 and a clerk of p2. Nothing ingested yet."""
    data = tmp / "data"
    for pid in ("p1", "p2"):
        (data / "registers" / pid).mkdir(parents=True)
    (data / "pounds.csv").write_text(
        "id,name,act,local_authority,district,village,latitude,longitude\n"
        "p1,Ollur Pound,kerala-1961,Ollur Panchayat,Thrissur,Ollur,10.47,76.25\n"
        "p2,Pala Pound,kerala-1961,Pala Municipality,Kottayam,Pala,9.71,76.68\n",
        encoding="utf-8",
    )
    (data / "registers" / "p2" / "p2.csv").write_text(REGISTER.replace("Mannuthy", "Pala"), encoding="utf-8")
    acc = tmp / "accounts.db"
    accounts.add(acc, CLERK, PASSWORD, ["p1"])
    accounts.add(acc, "binu", "another password", ["p2"])
    return data, tmp / "pinfold.db", tmp / "private.db", acc
