"""DATA_CONTRACT.md, the project's public promise, holds: every column it lists is in the public database the ingest
builds, every kind is the vocabulary's, every address answers. A promise the code stops keeping fails here."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from pinfold.vocabulary import SPECIES

CONTRACT = (Path(__file__).resolve().parents[1] / "DATA_CONTRACT.md").read_text(encoding="utf-8")


def section(name: str) -> str:
    return CONTRACT.split(f"<!-- {name} -->", 1)[1].split(f"<!-- /{name} -->", 1)[0]


def promised_columns() -> dict[str, list[str]]:
    """'- `pounds`: `id` `name` ...' -> {'pounds': ['id', 'name', ...]}."""
    found = {}
    for line in section("columns").strip().splitlines():
        table, columns = line.removeprefix("- ").split(":", 1)
        found[table.strip("` ")] = re.findall(r"`([a-z_]+)`", columns)
    return found


def test_every_promised_column_is_published(demo_dbs) -> None:
    con = sqlite3.connect(demo_dbs[0])
    missing = {}
    for table, columns in promised_columns().items():
        have = {r[1] for r in con.execute(f'PRAGMA table_info("{table}")')}
        assert have, f"{table}: no such table or view"
        missing[table] = [c for c in columns if c not in have]
    assert {t: m for t, m in missing.items() if m} == {}


def test_the_species_are_the_vocabularys() -> None:
    assert re.findall(r"`([a-z]+)`", section("species")) == SPECIES


@pytest.mark.parametrize("path", re.findall(r"^\| `(/[^`]*)` \|", section("urls"), flags=re.M))
def test_every_promised_address_answers(client, demo_dbs, path: str) -> None:
    con = sqlite3.connect(demo_dbs[0])
    animal, pound, district = con.execute(
        """SELECT i.id, i.pound_id, i.district FROM impoundments i JOIN sales s ON s.impoundment_id = i.id
           JOIN notices n ON n.impoundment_id = i.id LIMIT 1"""
    ).fetchone()
    url = path.replace("{id}", animal).replace("{name}", district)
    if url.startswith("/pounds/"):
        url = f"/pounds/{pound}"
    response = client.get(url, follow_redirects=True)
    assert response.status_code == 200, url
