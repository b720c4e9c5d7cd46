"""Malayalam words as their case endings join them: one home for the ingest (a person's name before 'ന്റെ') and the
portal's search (a mark before 'യിൽ'). Pure functions of a word, no files."""

from __future__ import annotations

CHILLU_BASE = {"ൺ": "ണ", "ൻ": "ന", "ർ": "ര", "ൽ": "ല", "ൾ": "ള", "ൿ": "ക"}
VIRAMA = "്"

# Case endings a name takes in Malayalam, after its stem (രാഘവൻ -> രാഘവന + ്റെ; നായർ -> നായര + ുടെ; ലീല + യുടെ;
# ബാബു + വിന്റെ; സുരേഷ് -> സുരേഷ + ിനെ), and in Malayalam written in Latin letters (Prabhakaran + te, Suresh + inte).


def _split(words: str) -> list[str]:
    return words.split()


ML_ENDINGS = tuple(
    _split(
        "ുടെ ിന്റെ ്റെ ന്റെ യുടെ വിന്റെ െ ിനെ യെ വിനെ ിന് ക്ക് യ്ക്ക് ിക്ക് വിന് ും യും വും ോട് ിനോട് യോട് വിനോട് "
        "ിൽ യിൽ ിലെ ാണ് ുമായി ിന്റേത് ുടേത് യുടേത് ിനും"
    )
)
LATIN_ENDINGS = ("inte", "nte", "te", "inde", "nde", "ude", "yude", "ine", "ne", "ikku", "kku", "yodu", "odu")


def stem(word: str) -> str:
    """A name as its case endings join it: 'രാഘവൻ' -> 'രാഘവന'; 'സുരേഷ്' -> 'സുരേഷ'; 'ലീല' -> 'ലീല';
    'prabhakaran' -> 'prabhakaran'."""
    if word.endswith(VIRAMA):
        return word[:-1]
    if word[-1:] in CHILLU_BASE:
        return word[:-1] + CHILLU_BASE[word[-1]]
    return word


def without_endings(word: str) -> list[str]:
    """What a word may be before a case ending: 'രാഘവന്റെ' -> ['രാഘവന', 'രാഘവ']; 'prabhakarante' ->
    ['prabhakara', 'prabhakaran']; 'നെറ്റിയിൽ' -> ['നെറ്റി']. Stems of two letters or more."""
    endings = ENDINGS_BY_LAST.get(word[-1:])
    if not endings:
        return []
    return [word[: -len(e)] for e in endings if word.endswith(e) and len(word) - len(e) >= 2]


# The endings by their last letter: most words end in none of those letters, and cost one look-up.
ENDINGS_BY_LAST: dict[str, tuple[str, ...]] = {}
for _e in (*ML_ENDINGS, *LATIN_ENDINGS):
    ENDINGS_BY_LAST[_e[-1]] = (*ENDINGS_BY_LAST.get(_e[-1], ()), _e)
