"""The contract's vocabulary (DATA_CONTRACT.md 'Species'), counts and unknown owners, word by word."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ingest.headers import field_of
from ingest.normalise import owner_known, split_number_and_description, when_of
from pinfold.errors import RecordRejected
from pinfold.schema import head_sql
from pinfold.vocabulary import SPECIES, count_of, head_of, species_of

CONTRACT = {
    "cow": "heifer milch cow Cows COW പശു pashu പശുക്കൾ",
    "bull": "bull bulls stud bull കാള kaala",
    "ox": "ox oxen",
    "bullock": "bullock bullocks",
    "calf": "calf calves കന്നുകുട്ടി",
    "buffalo": "he-buffalo she-buffalo buffaloes എരുമ eruma പോത്ത് pothu",
    "elephant": "tusker elephant ആന aana",
    "camel": "camel",
    "horse": "mare gelding colt filly horse കുതിര",
    "pony": "tattoo pony",
    "mule": "mule",
    "ass": "donkey ass കഴുത",
    "pig": "hog sow boar pigs പന്നി panni",
    "sheep": "ram ewe lamb sheep ചെമ്മരിയാട്",
    "goat": "kid billy goat nanny goat goats ആട് aadu",
    "fowl": "hen cock poultry fowls കോഴി kozhi",
}
WORDS = [
    (w.replace("_", " "), canon)
    for canon, ws in CONTRACT.items()
    for w in ws.replace("milch cow", "milch_cow")
    .replace("stud bull", "stud_bull")
    .replace("billy goat", "billy_goat")
    .replace("nanny goat", "nanny_goat")
    .split()
]


@pytest.mark.parametrize(("word", "canonical"), WORDS)
def test_species_vocabulary(word: str, canonical: str) -> None:
    assert species_of(word) == canonical


@pytest.mark.parametrize(
    ("word", "canonical"),
    [
        ("bufallo", "buffalo"),  # misspellings as registers write them, one or two letters off
        ("Buffallo", "buffalo"),
        ("elephent", "elephant"),
        ("bullok", "bullock"),
        ("pashukkal", "cow"),  # Malayalam plurals in Latin letters
        ("aadukal", "goat"),
        ("pothukal", "buffalo"),
    ],
)
def test_misspelt_kinds_and_latin_malayalam_plurals(word: str, canonical: str) -> None:
    assert species_of(word) == canonical


@pytest.mark.parametrize("word", ["cattle", "Stray cattle", "livestock", "cattle (2)", "കന്നുകാലി", "animals"])
def test_cattle_in_general_is_rejected_asking_for_the_kind(word: str) -> None:
    with pytest.raises(RecordRejected, match="does not say which kind of animal"):
        species_of(word)


@pytest.mark.parametrize("word", ["dog", "cat", "tiger", "monkey", "monkeys", "bitch", "നായ"])
def test_not_cattle_is_rejected_with_that_reason(word: str) -> None:
    with pytest.raises(RecordRejected, match="not cattle under the Act"):
        species_of(word)


@pytest.mark.parametrize(
    ("text", "n"),
    [("3", 3), ("two", 2), ("one", 1), ("-2", -2), ("2.0", 2), ("രണ്ട്", 2), ("3 എണ്ണം", 3), ("൨", 2), ("brown", None)],
)
def test_counts(text: str, n: int | None) -> None:
    assert count_of(text) == n


@pytest.mark.parametrize("cell", ["", "-", "unknown", "Not known", "N/A", "അജ്ഞാതൻ", "അറിയില്ല", None])
def test_owner_unknown(cell: str | None) -> None:
    assert owner_known(cell) is False


@given(st.text(max_size=200))
def test_number_and_description_never_crashes(cell: str) -> None:
    nd = split_number_and_description(cell)
    assert isinstance(nd.kind, str) and isinstance(nd.description, str)


@given(st.text(max_size=60))
def test_dates_either_parse_or_reject_with_a_reason(cell: str) -> None:
    try:
        d, _ = when_of(cell)
    except RecordRejected as e:
        assert str(e)
    else:
        assert 1 <= d.year <= 9999


def test_a_count_of_one_kind_reads_as_a_notice_writes_it() -> None:
    assert [head_of(1, "cow"), head_of(2, "cow"), head_of(2, "calf"), head_of(3, "ox"), head_of(4, "sheep")] == [
        "1 cow", "2 cows", "2 calves", "3 oxen", "4 sheep"
    ]  # fmt: skip


@pytest.mark.parametrize("species", SPECIES)
def test_the_sql_for_a_count_of_one_kind_says_what_python_says(species: str) -> None:
    # Notices, lot summaries and feed titles are written in SQL (schema.head_sql); pages in Python (head_of).
    con = sqlite3.connect(":memory:")
    for n in (1, 2, 12):
        (in_sql,) = con.execute(f"SELECT {head_sql(':n', ':species')}", {"n": n, "species": species}).fetchone()
        assert in_sql == head_of(n, species)


@pytest.mark.parametrize(
    ("header", "field"),
    [
        ("Aadhaar No", "person_id"),  # a person's national id: private, never the animal's tag
        ("Aadhaar No. of owner", "person_id"),
        ("ഉടമയുടെ ആധാർ", "person_id"),
        ("Mobile", "person_id"),
        ("ഫോൺ നമ്പർ", "person_id"),
        ("Pashu Aadhaar", "ear_tag"),
        ("പശു ആധാർ", "ear_tag"),
        ("Animal UID", "ear_tag"),
        ("ടാഗ് നമ്പർ", "ear_tag"),
        ("Claimed by", "claimant"),  # the owner, when the owner's column is blank or missing
        ("Date claimed by owner", "claimed_on"),
        ("Date of return", "claimed_on"),
        ("Caught by", "seizer"),
        ("Caught from", "place_seized"),
        ("D.O.I.", "brought_at"),
        ("Penalty", "fine"),
    ],
)
def test_headers_by_what_they_mean(header: str, field: str) -> None:
    assert field_of(header) == field


def test_what_follows_a_bracket_stays_in_the_description_without_the_bracket() -> None:
    # "1 cow (black) of Kunjan Nair" gave "black) of Kunjan Nair": a stray bracket in every page and feed (issue 17).
    assert split_number_and_description("1 cow (black) of Kunjan Nair").description == "black, of Kunjan Nair"
    assert split_number_and_description("1 cow (black (dark))").description == "black (dark)"
    assert split_number_and_description("2 cows (black, white patch)").description == "black, white patch"
