"""Recognise a register's columns by what their headers mean, in English wordings or Malayalam.

A header is folded (case, punctuation, camelCase, nested JSON keys) and matched against rules in
order: the most specific meanings first, so 'Number and description of cattle' is not taken for
'Number', and 'Date delivered to owner' is not taken for the date brought.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# (field, pattern). First matching rule wins for a header; a field is taken by its first column only.
RULES: list[tuple[str, str]] = [
    ("signature", r"signature|\bsign\b|ഒപ്പ്"),  # a signature column is not the seizer's or owner's name
    # A person's Aadhaar, phone or card number: kept in the private register only. A "Pashu Aadhaar" is the animal's
    # (its ear tag), so only an Aadhaar that says it is an animal's is one.
    (
        "person_id",
        r"^(?!.*(?:pashu|animal|cattle|\bcow|\bear\b|പശു|മൃഗ|കന്നുകാലി))"
        r".*(?:aadhaa?r|\buid\b|mobile|phone|contact|voter|ration card|\bpan\b|ആധാർ|ഫോൺ|മൊബൈൽ)",
    ),
    # People of the entry who are not its owner, seizer, claimant or buyer: never a place or a description, and
    # their words are known people for the entry (ingest/privacy.py PERSON_ROLES). 'Witness name and place' is the
    # witness's, 'seizedAt.landowner' the landowner's, 'Vehicle owner' no owner of the animal.
    ("witness", r"witness|സാക്ഷി"),
    ("driver", r"driver|ഡ്രൈവർ"),
    ("informant", r"informant|informed by|reported by|complainant|വിവരം നൽകിയ|പരാതിക്കാര"),
    ("landowner", r"land ?owner|owner of (?:the )?land|property owner|സ്ഥലമുടമ|ഭൂവുടമ"),
    ("vehicle_owner", r"vehicle|വാഹന"),
    # The person who claimed the animal (its owner, when the owner's column is blank or missing); "Claimed by" is a
    # name, not the date it was claimed.
    ("claimant", r"^(?!.*(?:\bdate\b|\bday\b|\bon$)).*(?:claimant|claimed by|received by|handed over to)"),
    ("number_and_description", r"number and description|description of (?:the )?(?:cattle|animals?)|എണ്ണവും വിവരണവും"),
    ("seizer_name", r"^(?!.*(?:address|residence|വിലാസം)).*(?:seizer name|name of (?:the )?seizer|seized by name)"),
    # "Name and residence of seizer" is one cell holding both: it is `seizer`, split later.
    (
        "seizer_residence",
        r"^(?!.*\bname\b).*(?:seizer (?:residence|address|village|place)|(?:residence|address|village) of (?:the )?seizer)"
        r"|പിടിച്ച.*(?:വിലാസം|താമസ)",
    ),
    # "Owner name & address" is one cell holding both, like "Name and residence of owner": `owner`, split later.
    # An owner written over two columns, "Owner first name" and "Owner surname" (or bare "First name", "Last name").
    (
        "owner_first_name",
        r"^(?:owner(?: s)? )?(?:first|given) name(?: of (?:the )?owner)?$|^owner name (?:first|given)$",
    ),
    (
        "owner_last_name",
        r"^(?:owner(?: s)? )?(?:last name|surname|family name)(?: of (?:the )?owner)?$"
        r"|^owner name (?:last|surname|family)$",
    ),
    ("owner_name", r"^(?!.*(?:address|residence|വിലാസം)).*(?:owner(?: s)? name|name of (?:the )?owner|ഉടമ.*പേര്)"),
    (
        "owner_residence",
        r"^(?!.*\bname\b).*(?:owner(?: s)? (?:residence|address|village|place)|(?:residence|address|village) of (?:the )?owner)"
        r"|ഉടമ.*(?:വിലാസം|താമസ)",
    ),
    ("deposit_on", r"deposit|under dispute|നിക്ഷേപ"),
    ("released_by_order_on", r"released by order|release order|order of release|released under order"),
    (
        "claimed_on",
        r"deliver|claimed|\breturn(?:ed)?\b|handed (?:over|back)|releas|\bdate out\b|ഉടമയ്ക്ക്|തിരികെ നൽകിയ|വിട്ടുകൊടുത്ത|വിട്ടയച്ച",
    ),
    ("notice_posted_on", r"notice|proclamation|നോട്ടീസ്"),
    ("buyer", r"buyer|purchaser|bidder|sold to|bought by|വാങ്ങിയ"),
    (
        "sale_proceeds",
        r"proceeds|sale amount|sale price|price realised|amount realised|sold for|auction amount|\bbid\b|ലേലത്തുക",
    ),
    ("sale_expenses", r"sale expenses|expenses of sale"),
    ("sold_on", r"\bsold\b|date of sale|sale date|\bauction|\bsale\b|ലേല"),
    ("complaint_decided_on", r"complaint (?:decided|disposed)|date decided|decided on"),
    ("complaint_outcome", r"complaint (?:outcome|result|order)|(?:outcome|result) of (?:the )?complaint|വിധി"),
    ("complaint_filed_on", r"complaint|പരാതി"),
    ("disposed_on", r"disposed|other disposal|date of disposal|disposal date"),
    ("seized_on", r"(?:date|day) of seizure|seized on|seizure date|date seized|പിടിച്ചെടുത്ത തീയതി"),
    ("seizer", r"caught by"),  # before the place: "caught at" is a place, "caught by" a person
    ("place_seized", r"place|where seized|^where$|seized at|seized from|location|caught|\bspot\b|സ്ഥലം"),
    ("seizer", r"seizer|seized by|brought by|impounded by|പിടിച്ചെടുത്തയാൾ|പിടിച്ചയാൾ"),
    ("owner", r"owner|ഉടമ"),
    ("ear_tag", r"\btag\b|aadhaa?r|\buid\b|ടാഗ്|ആധാർ"),
    ("head_count", r"\bheads?\b|count|\bqty\b|quantity|^number$|^nos$|(?:number|no) of (?:cattle|animals|head)|എണ്ണം"),
    ("brought_at", r"date|day|brought|when|timestamp|impounded on|^d o i$|തീയതി|ദിവസം"),
    ("hour", r"hour|time|സമയം"),
    ("description", r"descr|\bmarks|colou?r|identification|വിവരണം|അടയാള"),
    ("description_extra", r"breed|\bsex\b|gender|\bage\b|horns?\b|ഇനവിഭാഗം"),
    ("species", r"kind|cattle|animal|species|type|ഇനം|മൃഗം"),
    ("fine", r"\bfine|penalty|പിഴ"),
    ("feeding", r"feeding|feed charge|fodder|maintenance|തീറ്റ"),
    ("remarks", r"remark|note|^status$|outcome|disposal|action taken|^result$|കുറിപ്പ്"),
    ("entry_no", r"^(?:sl|s|sr|serial|entry|reg|register|receipt)?\s*(?:no|number|num|n)?$|serial|entry|ക്രമ"),
]
_COMPILED = [(f, re.compile(p)) for f, p in RULES]


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_PUNCT = re.compile(r"[!-/:-@\[-`{-~–—‘’“”]+")


def fold_header(header: object) -> str:
    """'Date & Hour brought' -> 'date hour brought'; 'animal.kind' -> 'animal kind'; 'entryNo' -> 'entry no'."""
    s = _CAMEL.sub(" ", str(header or "").strip())
    s = _PUNCT.sub(" ", s.lower())
    return " ".join(s.split())


def field_of(header: object) -> str | None:
    """'Kind of cattle' -> 'species'; 'സമയം' -> 'hour'; 'Remarks' -> 'remarks'; '' -> None."""
    h = fold_header(header)
    if not h:
        return None
    for field, rx in _COMPILED:
        if rx.search(h):
            return field
    return None


def recognise(headers: Sequence[object], mapping: dict[str, str] | None = None) -> dict[str, int]:
    """A header row -> {field: column index}. A mapping file's {header: field} entries win.

    ['No.', 'Date', 'Cattle', 'No. of head'] -> {'entry_no': 0, 'brought_at': 1, 'species': 2, 'head_count': 3}
    """
    found: dict[str, int] = {}
    mapping = {fold_header(k): v for k, v in (mapping or {}).items()}
    for i, h in enumerate(headers):
        field = mapping.get(fold_header(h)) or field_of(h)
        if field and field not in found:
            found[field] = i
    return found


def looks_like_header(cells: Sequence[object], mapping: dict[str, str] | None = None) -> bool:
    """True when a row names at least a date and what was impounded (a kind, or number and description)."""
    fields = recognise(cells, mapping)
    has_what = "species" in fields or "number_and_description" in fields
    return has_what and "brought_at" in fields and len(fields) >= 3
