"""Issue 23, measured the other way: what recognition hides that is no one's. For each register of the sample and the
demo, the share of the words of descriptions, places and outcomes that today's person-finding leaves (the non-person
words) and that stay public: at least 98% per register, printed; every ear tag and landmark word kept."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from ingest.privacy import PLACEHOLDERS, hide, hide_people, persons_of, roster_of, tokens
from ingest.readers import read_blocks
from pinfold.lexicon import landmark
from pinfold.vocabulary import tag_list

from .conftest import SAMPLE

TEXTS = ("description", "place_seized", "complaint_outcome")


def kept_share(data: Path) -> dict[str, tuple[int, int, list[str]]]:
    """register -> (non-person words, of them kept public, tags or landmarks lost)."""
    with (data / "pounds.csv").open(encoding="utf-8") as f:
        pounds = {r["id"]: r for r in csv.DictReader(f)}
    out: dict[str, tuple[int, int, list[str]]] = {}
    for path in sorted((data / "registers").rglob("*")):
        if not path.is_file() or path.suffix.lower() not in (".csv", ".xlsx", ".ods", ".json", ".jsonl", ".xls"):
            continue
        p = pounds.get(path.relative_to(data / "registers").parts[0], {})
        places = roster_of((), (p.get("village", ""), p.get("local_authority", ""), p.get("district", "")))
        words = kept = 0
        lost: list[str] = []
        for block in read_blocks(path):
            for i in range(len(block.rownos)):
                cells = block.cells(i)
                people = persons_of(cells)
                for field in TEXTS:
                    text = cells.get(field)
                    if not isinstance(text, str) or not text.strip():
                        continue
                    before = hide_people(text, *people) or ""
                    after = hide(text, *people, places) or ""
                    n = [t for t in tokens(before) if t.word not in PLACEHOLDERS]
                    words += len(n)
                    kept += len([t for t in tokens(after) if t.word not in PLACEHOLDERS])
                    lost += [t for t in tag_list(before) if t not in tag_list(after)]
                    lost += [t.word for t in n if landmark(t.word) and t.word not in {x.word for x in tokens(after)}]
        out[str(path.relative_to(data))] = (words, kept, lost)
    return out


@pytest.mark.parametrize("which", ["sample", "demo"])
def test_at_least_98_percent_of_non_person_words_stay_public(which: str, demo_dir: Path) -> None:
    data = SAMPLE if which == "sample" else demo_dir
    shares = kept_share(data)
    assert shares
    for register, (words, kept, lost) in shares.items():
        share = kept / words if words else 1.0
        print(f"{register}: {kept}/{words} non-person words public ({share:.1%}); tags or landmarks lost: {lost}")
        assert share >= 0.98, register
        assert not lost, register
