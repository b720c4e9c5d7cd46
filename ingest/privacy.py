"""Who may not be named in public, and the one function that hides them (DATA_CONTRACT.md: no name or residence of a
seizer or an owner ever reaches the public database, a page, a feed or a log line).

An entry's people are known from its cells (`persons_of`): the owner however the register splits them (one cell of
name and residence, name and residence columns, first and last names), the claimant, the seizer, the buyer, a
signature, the numbers in a person's columns, a name the remarks give ("claimed by ..."); and, for every entry, the
private roster of officials (K s.18(1), `roster_of`). `hide` takes every word of every known person out of a public
text wherever it stands, then every name that a title or a father's name marks as a name whoever it is, then persons'
numbers and e-mail addresses. Every public column is either free text passed through `hide`, or a value the ingest
recognised: `public_kind`, `public_entry_no`, `public_reason`.

Text is compared as Unicode folds it, not as typed (`fold`): NFC, case-folded, zero-width marks dropped, an old-style
chillu (ന + ് + ZWJ) read as the atomic one (ൻ). Words are Malayalam-aware: a vowel sign or a virama belongs to its
word (a regex's \\b thinks otherwise), and a name with a case ending (രാഘവന്റെ, സുരേഷിനെ; Prabhakarante) is the name.

A word of a known person that is also a word the ingest reads (a kind, a colour, a mark, a district: an owner called
"Mani", which is also a cow's bell) is hidden only where it reads as a name: next to another word of a name, after
"of", "by", a title and the like, or before "'s". "black, mani on neck" stays for an owner called Mani; "cow of Mani"
does not.

The work is in four modules of one job each: ingest/text_folding.py (text as it is compared), ingest/people.py (who an
entry and the roster know), ingest/hiding.py (recognition and hiding) and ingest/public_cells.py (the public forms of
cells that are not free text: kinds, entry numbers, reasons, pounds, file and sheet names). This module is the one
others import from: it re-exports their names.
"""

from __future__ import annotations

from pinfold.malayalam import ENDINGS_BY_LAST, LATIN_ENDINGS, ML_ENDINGS, stem, without_endings

from .hiding import (
    Span,
    hide,
    hide_people,
    hide_prose,
)
from .normalise import name_and_residence, owner_known
from .people import (
    CAPITALISED_TITLES,
    COMMON,
    DISTRICTS,
    EMPTY,
    HOUSE_WORDS,
    INSTITUTIONS,
    LANDMARKS,
    NAME_AND_RESIDENCE,
    NAMES,
    PERSON_ROLES,
    RANKS,
    RESIDENCES,
    STOPWORDS,
    TITLES,
    Everyone,
    Persons,
    _flat_text,
    alike_for_all,
    owner_is_known,
    people_of,
    persons_in,
    persons_of,
    roster_of,
    split_cell,
)
from .public_cells import (
    NAMES_TABLE,
    SHEETS_TABLE,
    deployment_places,
    keep_real_names,
    place_field,
    previous_names,
    public_entry_no,
    public_kind,
    public_pound,
    public_pounds,
    public_reason,
    public_sheet,
    public_source,
    public_sources,
    published_name,
)
from .text_folding import (
    EMAIL,
    NAME,
    NUMBER,
    PLACEHOLDERS,
    Token,
    _enough_digits,
    fold_spellings,
    tokens,
)

fold = fold_spellings  # the name other code imports (pinfold/lexicon.py's is fold_case: NFC and case only)

__all__ = [
    "CAPITALISED_TITLES",
    "COMMON",
    "DISTRICTS",
    "EMAIL",
    "EMPTY",
    "ENDINGS_BY_LAST",
    "Everyone",
    "HOUSE_WORDS",
    "INSTITUTIONS",
    "LANDMARKS",
    "LATIN_ENDINGS",
    "ML_ENDINGS",
    "NAME",
    "NAMES",
    "NAMES_TABLE",
    "NAME_AND_RESIDENCE",
    "NUMBER",
    "PERSON_ROLES",
    "PLACEHOLDERS",
    "Persons",
    "RANKS",
    "RESIDENCES",
    "SHEETS_TABLE",
    "STOPWORDS",
    "Span",
    "TITLES",
    "Token",
    "_flat_text",
    "_enough_digits",
    "alike_for_all",
    "deployment_places",
    "fold",
    "fold_spellings",
    "hide",
    "hide_people",
    "hide_prose",
    "keep_real_names",
    "name_and_residence",
    "owner_is_known",
    "owner_known",
    "people_of",
    "persons_in",
    "persons_of",
    "place_field",
    "previous_names",
    "public_entry_no",
    "public_kind",
    "public_pound",
    "public_pounds",
    "public_reason",
    "public_sheet",
    "public_source",
    "public_sources",
    "published_name",
    "roster_of",
    "split_cell",
    "stem",
    "tokens",
    "without_endings",
]
