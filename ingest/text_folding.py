"""Text as the privacy filter compares it (one job of ingest/privacy.py): folded as Unicode folds it, not as typed
(`fold_spellings`: NFC, case-folded, zero-width marks dropped, an old-style chillu (ന + ് + ZWJ) read as the atomic one
(ൻ)), and cut into words that are Malayalam-aware (`tokens`: a vowel sign or a virama belongs to its word, which a
regex's \\b does not think). Unlike pinfold/lexicon.py's `fold_case` (NFC and case only, for the lexicon's own
lists), `fold_spellings` also undoes the ways keyboards spell one Malayalam word.

    fold_spellings('KUNJAN') -> 'kunjan'; tokens("Kunjan's cow") -> (Token(0, 6, 'kunjan'), ...)
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

from pinfold.lexicon import MARK
from pinfold.malayalam import ENDINGS_BY_LAST, without_endings

NAME, NUMBER, EMAIL = "[name]", "[number]", "[email]"
PLACEHOLDERS = frozenset({NAME, NUMBER, EMAIL, MARK})

# --- text as it is compared ----------------------------------------------------------------------------------------

_ZERO_WIDTH = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"), None)
# An old-style chillu is a consonant, a virama and a zero-width joiner; Unicode 5.1 gave each its own letter.
_OLD_CHILLU = {"ണ്\u200d": "ൺ", "ന്\u200d": "ൻ", "ര്\u200d": "ർ", "ല്\u200d": "ൽ", "ള്\u200d": "ൾ", "ക്\u200d": "ൿ"}
_CHILLU_BASE = {"ൺ": "ണ", "ൻ": "ന", "ർ": "ര", "ൽ": "ല", "ൾ": "ള", "ൿ": "ക"}
_VIRAMA = "്"
_MALAYALAM = re.compile(r"[\u0D00-\u0D7F]")


@lru_cache(maxsize=65536)
def fold_spellings(text: str) -> str:
    """A word as compared: 'KUNJAN' -> 'kunjan'; 'രാഘവന്' + ZWJ (an old chillu) -> 'രാഘവൻ'; 'സുരേഷ്' + ZWNJ ->
    'സുരേഷ്'; NFD 'കൊ' -> NFC 'കൊ'."""
    s = unicodedata.normalize("NFC", text)
    if "\u200d" in s:
        for old, new in _OLD_CHILLU.items():
            s = s.replace(old, new)
    # "nta" is written ന്റ or, since Unicode 6, ൻ്റ: one spelling
    return s.translate(_ZERO_WIDTH).replace("ൻ്റ", "ന്റ").casefold()


# A word: letters and digits, Malayalam (its vowel signs and viramas included), combining marks (an NFD accent), and
# the zero-width marks a keyboard leaves inside a Malayalam word. A placeholder this module wrote is a word of its own.
_WORD_CHARS = r"[^\W_]|[\u0D00-\u0D7F\u0300-\u036F\u00AD\u200B-\u200D\u2060\uFEFF]"
_TOKEN = re.compile(rf"\[(?:name|number|email|…)\]|(?:{_WORD_CHARS})+")


class Token(NamedTuple):
    start: int
    end: int
    word: str  # folded; a placeholder as written


@lru_cache(maxsize=65536)
def tokens(text: str) -> tuple[Token, ...]:
    """'Kunjan's cow' -> (Token(0, 6, 'kunjan'), Token(7, 8, 's'), Token(9, 12, 'cow'))."""
    found = (Token(m.start(), m.end(), fold_spellings(m.group())) for m in _TOKEN.finditer(text))
    return tuple(t for t in found if t.word)


def _split(words: str) -> list[str]:
    return words.split()


def _words(words: str) -> frozenset[str]:
    return frozenset(words.split())


# The stemmer is pinfold/malayalam.py's, shared with the portal's search; its names stay importable from here.
_GENITIVE = ("ുടെ", "ന്റെ", "്റെ", "യുടെ")
_ENDINGS_BY_LAST = ENDINGS_BY_LAST


def _malayalam(word: str) -> bool:
    return bool(_MALAYALAM.match(word))


_WORD = re.compile(rf"(?:{_WORD_CHARS})+")


@lru_cache(maxsize=65536)
def _keys(text: str) -> frozenset[str]:
    """Every word of a text as compared, and each as it may be without a case ending: the set a known person's words
    are tested against. Most texts share no key with an entry's people, and that test is all they cost."""
    words = _WORD.findall(fold_spellings.__wrapped__(text))
    keys = set(words)
    for w in words:
        if w[-1] in _ENDINGS_BY_LAST:
            keys.update(without_endings(w))
    return frozenset(keys)


_SIX_DIGITS = re.compile(r"(?:\D*\d){6}")


def _enough_digits(text: str) -> bool:
    """Six digits or more: the least a person's number has (a landline without its code)."""
    return _SIX_DIGITS.match(text) is not None
