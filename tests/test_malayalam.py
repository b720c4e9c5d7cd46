"""Malayalam, whole: every fixed sentence a person meets is in the language they chose; register text stays as
written. The real app in-process, pages parsed."""

from __future__ import annotations

import re

import pytest

from .test_portal import parse

MALAYALAM = re.compile(r"[\u0D00-\u0D7F]")


@pytest.fixture
def ml(client):
    yield lambda path, **params: client.get(path, params={**params, "lang": "ml"})
    client.cookies.clear()  # ?lang= is remembered in a cookie: the session's other tests read English


@pytest.mark.parametrize(
    ("path", "params", "status"),
    [
        ("/pounds/no-such-pound", {}, 404),
        ("/animals/no-such-animal", {}, 404),
        ("/districts/Atlantis", {}, 404),
        ("/no/such/page", {}, 404),
        ("/", {"q": "black", "page": "0"}, 400),
        ("/", {"from": "31/12/2025"}, 400),
        ("/", {"species": "dog"}, 400),
        ("/", {"district": "Atlantis"}, 400),
    ],
)
def test_an_error_page_speaks_malayalam(ml, path: str, params: dict, status: int) -> None:
    r = ml(path, **params)
    assert r.status_code == status
    page = parse(r.text)
    heading_and_message = page.text.split("Pinfold", 2)[-1]
    # Before: the heading was Malayalam and the sentence saying what was wrong English.
    sentences = [s for s in re.split(r"(?<=[.:])\s", heading_and_message) if re.search(r"[A-Za-z]{4,}", s)]
    english_only = [s for s in sentences if not MALAYALAM.search(s) and "Act" not in s and "RSS" not in s]
    assert english_only == [], english_only


def test_the_search_example_is_in_malayalam(ml) -> None:
    html = ml("/").text
    (placeholder,) = re.findall(r'placeholder="([^"]+)"', html)
    assert MALAYALAM.search(placeholder)


def test_the_results_name_kind_and_colour_in_malayalam(ml) -> None:
    # Before: "2 പശു" and then the colour only in the register's English ("black and white, bell on neck").
    html = ml("/", q="black cow").text
    first = re.findall(r'<td><a href="/animals/[^"]+">([^<]+)</a></td>', html)
    assert first and all("പശു" in f for f in first) and sum("(കറുപ്പ്" in f for f in first) > len(first) // 2
