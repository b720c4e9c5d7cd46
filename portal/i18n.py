"""English and Malayalam for every label and the law's key sentences. `lang` is remembered in a cookie."""

from __future__ import annotations

import datetime as dt

from markupsafe import Markup, escape

from pinfold.law.compliance import rules as compliance_rules
from pinfold.law.packs import RulePack
from pinfold.law.rules import EXAMPLE, NOT_NOTIFIED, SEIZURE_AREA_ASSUMED
from pinfold.law.status import PROPOSED_MEANS
from pinfold.law.status import STATUS_LABELS as STATUS
from pinfold.schema import FIELDS, FIELDS_ML
from pinfold.vocabulary import (  # noqa: F401 (the templates' names)
    SPECIES_ML,
    date_label,
    head_of,
    species_label,
)

LANGS = ("en", "ml")
COMPLIANCE_RULES = compliance_rules("date('now')")

# Colours as the ingest reads them from a description (vocabulary.COLOURS), in Malayalam.
COLOURS_ML = {
    "black": "കറുപ്പ്", "white": "വെള്ള", "brown": "തവിട്ട്", "red": "ചുവപ്പ്", "grey": "ചാരനിറം", "gray": "ചാരനിറം",
    "dun": "മങ്ങിയ തവിട്ട്", "fawn": "ഇളം തവിട്ട്", "spotted": "പുള്ളി", "red-brown": "ചെമ്പൻ", "roan": "ചാര-ചുവപ്പ്",
    "bay": "ചെമ്പൻ തവിട്ട്", "chestnut": "ചെമ്പ്", "piebald": "കറുപ്പും വെള്ളയും പാണ്ട്",
    "skewbald": "തവിട്ടും വെള്ളയും പാണ്ട്", "cream": "ക്രീം", "tan": "മഞ്ഞ കലർന്ന തവിട്ട്",
}  # fmt: skip


T: dict[str, tuple[str, str]] = {
    "site_title": (
        "Pinfold: Kerala's cattle pounds, in the open",
        "പിൻഫോൾഡ്: കേരളത്തിലെ കന്നുകാലി പൗണ്ടുകൾ, എല്ലാവർക്കും കാണാൻ",
    ),
    "tagline": (
        "Find an impounded animal, what it costs to claim it and by when.",
        "പിടിച്ചെടുത്ത മൃഗത്തെ കണ്ടെത്തുക, തിരികെ വാങ്ങാൻ എത്ര തുക, എന്നുവരെ.",
    ),
    "search_title": ("Looking for a missing animal?", "കാണാതായ മൃഗത്തെ തിരയുകയാണോ?"),
    "search_again": ("Search again, without the filters", "ഫിൽട്ടറുകൾ ഇല്ലാതെ വീണ്ടും തിരയുക"),
    "kind": ("Kind", "ഇനം"),
    "any_kind": ("Any kind", "ഏതു ഇനവും"),
    "colour_marks": (
        "Colour, marks, place seen, or ear tag",
        "നിറം, അടയാളങ്ങൾ, കണ്ട സ്ഥലം, അല്ലെങ്കിൽ കാതിലെ ടാഗ്",
    ),
    # A place is searched as registers write it, in Latin letters: the Malayalam example names none.
    "search_example": ("black cow white patch Mannuthy / KL-07-1234", "കറുത്ത പശു വെള്ള പാണ്ട് / KL-07-1234"),
    "district": ("District", "ജില്ല"),
    "any_district": ("Any district", "ഏതു ജില്ലയും"),
    "pound": ("Pound", "പൗണ്ട്"),
    "any_pound": ("Any pound", "ഏതു പൗണ്ടും"),
    "from": ("Brought from", "പൗണ്ടിൽ എത്തിച്ചത്: മുതൽ"),
    "to": ("to", "വരെ"),
    "search": ("Search", "തിരയുക"),
    "results": ("Results", "ഫലങ്ങൾ"),
    "no_results": (
        "No animal matches. Try fewer words, another district, or earlier dates.",
        "പൊരുത്തമുള്ള മൃഗമില്ല. കുറച്ചു വാക്കുകൾ, മറ്റൊരു ജില്ല, അല്ലെങ്കിൽ മുൻ തീയതികൾ ശ്രമിക്കുക.",
    ),
    "latest": ("Latest impoundments", "ഏറ്റവും പുതിയ പിടിച്ചെടുക്കലുകൾ"),
    # Search results in pages, those in the pound now first; an empty result names the filters in force.
    "of": ("of", "/"),
    "page": ("Page", "പേജ്"),
    "pages": ("Pages of results", "ഫലങ്ങളുടെ പേജുകൾ"),
    "previous": ("Previous", "മുമ്പത്തെ"),
    "next": ("Next", "അടുത്ത"),
    "in_pound_now_count": ("in the pound now", "ഇപ്പോൾ പൗണ്ടിൽ"),
    "in_pound_first": (
        "Animals in the pound now come first, the one with the nearest last day to claim at the top.",
        "ഇപ്പോൾ പൗണ്ടിലുള്ളവ ആദ്യം; തിരികെ വാങ്ങാനുള്ള അവസാന ദിവസം ഏറ്റവും അടുത്തുള്ളത് ഏറ്റവും മുകളിൽ.",
    ),
    # beside the last day to claim: the Act gives no more days when the pound is shut on it (K s.13(3))
    "check_hours": (
        "come while the pound is open, its hours above",
        "പൗണ്ട് തുറന്നിരിക്കുമ്പോൾ വരിക, സമയം മുകളിൽ",
    ),
    "without_word_intro": (
        "Every word must match. Leaving one out finds:",
        "എല്ലാ വാക്കുകളും ചേരണം. ഒന്ന് ഒഴിവാക്കിയാൽ കിട്ടുന്നത്:",
    ),
    "without_word": ("without “{word}”: {n} found", "“{word}” ഇല്ലാതെ: {n} എണ്ണം"),
    # a search refused for one of its parameters (a date that is none, an unknown district): the same without it
    "search_without_it": ("Search again without it", "അതില്ലാതെ വീണ്ടും തിരയുക"),
    "filters_in_force": ("The search also asked for:", "തിരച്ചിലിൽ ഇവയും ചോദിച്ചിരുന്നു:"),
    "drop_filter": ("search without it", "ഇതില്ലാതെ തിരയുക"),
    "kind_in_words": ("a kind named in your words", "നിങ്ങളുടെ വാക്കുകളിലെ ഇനം"),
    "filter_species": ("Kind", "ഇനം"),
    "filter_district": ("District", "ജില്ല"),
    "filter_pound": ("Pound", "പൗണ്ട്"),
    "filter_from": ("Brought from", "മുതൽ"),
    "filter_to": ("Brought up to", "വരെ"),
    "subscribe": ("Subscribe to this search (RSS)", "ഈ തിരച്ചിലിന് വരിക്കാരാകുക (RSS)"),
    "subscribe_top": (
        "Be told when an animal like this arrives: this search as a feed (RSS)",
        "ഇതുപോലൊരു മൃഗം എത്തുമ്പോൾ അറിയാൻ: ഈ തിരച്ചിൽ ഫീഡായി (RSS)",
    ),
    "animal": ("Animal", "മൃഗം"),
    "description": ("Description", "വിവരണം"),
    "days_in_pound": ("Days in pound", "പൗണ്ടിലെ ദിവസങ്ങൾ"),
    "status": ("Status", "നില"),
    "last_day": ("Last day to claim before auction", "ലേലത്തിനു മുമ്പ് തിരികെ വാങ്ങാനുള്ള അവസാന ദിവസം"),
    "brought": ("Brought to the pound", "പൗണ്ടിൽ എത്തിച്ചത്"),
    "where": ("Where it is", "എവിടെയാണ്"),
    "map": ("Map", "ഭൂപടം"),
    "seized_at": ("Seized at", "പിടിച്ചെടുത്ത സ്ഥലം"),
    "cost_today": ("What it costs to claim today", "ഇന്ന് തിരികെ വാങ്ങാൻ വേണ്ട തുക"),
    "cost_when_left": ("What was due when it left the pound", "പൗണ്ടിൽ നിന്ന് വിട്ടപ്പോൾ അടയ്ക്കേണ്ടിയിരുന്ന തുക"),
    "total_then": ("Total due then", "അന്നത്തെ ആകെ തുക"),
    "pound_was": ("The pound", "പൗണ്ട്"),
    "the_sale": ("The sale", "വിൽപന"),
    "sold_on": ("Sold at auction on", "ലേലത്തിൽ വിറ്റ തീയതി"),
    "proceeds": ("proceeds", "ലേലത്തുക"),
    "balance_to_owner": (
        "The balance for the owner, after the fine, the feeding and the expenses of sale",
        "പിഴയും തീറ്റച്ചെലവും വിൽപനച്ചെലവും കഴിച്ച് ഉടമയ്ക്കുള്ള ബാക്കി",
    ),
    "shortfall": (
        "The proceeds fell short of the fine, the feeding and the expenses of sale by {shortfall}: nothing is left for "
        "the owner, and the Act makes nobody liable for the shortfall ({s_sale_account}: the balance \u201cif any\u201d).",
        "ലേലത്തുക പിഴയ്ക്കും തീറ്റച്ചെലവിനും വിൽപനച്ചെലവിനും {shortfall} കുറവായിരുന്നു: ഉടമയ്ക്ക് ബാക്കിയില്ല; ഈ "
        "കുറവിന് നിയമം ആരെയും ബാധ്യസ്ഥരാക്കുന്നില്ല ({s_sale_account}).",
    ),
    # (f) of a sale's account: only what the proceeds cover is deducted (K s.15(2)); the rest is stated, not deducted
    "not_covered": (
        "of {charged} charged; {not_covered} not covered by the proceeds",
        "ചുമത്തിയ {charged}-ൽ; {not_covered} ലേലത്തുകയിൽ നിന്ന് ലഭിച്ചില്ല",
    ),
    "disposal_order": (
        "The proceeds are set against the charges in the order {s_sale_account} names them (fines, feeding, expenses "
        "of sale): the Act does not say which comes first, so this order is Pinfold's reading.",
        "{s_sale_account} പറയുന്ന ക്രമത്തിൽ (പിഴ, തീറ്റച്ചെലവ്, വിൽപനച്ചെലവ്) ലേലത്തുക ചെലവുകളിലേക്ക് വകയിരുത്തുന്നു: "
        "ഏതാണ് ആദ്യം എന്ന് നിയമം പറയുന്നില്ല; ഈ ക്രമം Pinfold-ന്റെ വായനയാണ്.",
    ),
    "balance_unknown": (
        "The balance is not known: a charge deducted from the proceeds is not known (see the animal's page).",
        "ബാക്കി അറിയില്ല: ലേലത്തുകയിൽ നിന്ന് കിഴിക്കുന്ന ഒരു തുക അറിയില്ല (മൃഗത്തിന്റെ പേജ് കാണുക).",
    ),
    "balance_unknown_charge": (
        "The balance is not known: a charge deducted from the proceeds is not known (above).",
        "ബാക്കി അറിയില്ല: ലേലത്തുകയിൽ നിന്ന് കിഴിക്കുന്ന ഒരു തുക അറിയില്ല (മുകളിൽ).",
    ),
    "balance_unknown_proceeds": (
        "The balance is not known: the register does not record what the animal sold for.",
        "ബാക്കി അറിയില്ല: മൃഗം എത്ര തുകയ്ക്ക് വിറ്റു എന്ന് രജിസ്റ്ററിൽ ഇല്ല.",
    ),
    "balance_at_most": ("at most", "പരമാവധി"),
    "at_least": ("at least", "കുറഞ്ഞത്"),
    "expenses_not_recorded": (
        "not recorded in the register",
        "രജിസ്റ്ററിൽ രേഖപ്പെടുത്തിയിട്ടില്ല",
    ),
    "balance_less_expenses": (
        "less the expenses of sale, which the register does not record",
        "രജിസ്റ്ററിൽ രേഖപ്പെടുത്താത്ത വിൽപനച്ചെലവ് കുറയും",
    ),
    "sale_expenses_to": ("the expenses of the sale", "വിൽപനയുടെ ചെലവ്"),
    "held_until": ("held for the owner until", "ഉടമയ്ക്കായി സൂക്ഷിക്കുന്നത് ഈ തീയതി വരെ:"),
    "fine": ("Fine", "പിഴ"),
    "per_head": ("per head", "ഒരു മൃഗത്തിന്"),
    # impoundments.head_count_assumed: the register gives no number of head, and one is read
    "head_assumed": ("the register gives no number: read as 1", "രജിസ്റ്ററിൽ എണ്ണമില്ല: 1 ആയി കണക്കാക്കി"),
    "feeding": ("Feeding and watering", "തീറ്റയും വെള്ളവും"),
    "per_day": ("per head per day", "ഒരു മൃഗത്തിന് ഒരു ദിവസം"),
    "total": ("Total to pay", "ആകെ അടയ്ക്കേണ്ടത്"),
    # Why a part of the sum is not known (pinfold.law.dues.Unknown): the total is then not shown.
    "unknown_fine_no_scale": (
        "Fine not known: no notified scale for this pound's area and this kind is on file ({s_fine}); ask the "
        "pound-keeper for the list of fines that must be displayed at the pound ({s_list_displayed}).",
        "പിഴ അറിയില്ല: ഈ പ്രദേശത്തിനും ഇനത്തിനും വിജ്ഞാപനം ചെയ്ത നിരക്ക് ലഭ്യമല്ല ({s_fine}); പൗണ്ടിൽ "
        "പ്രദർശിപ്പിക്കേണ്ട പിഴപ്പട്ടിക പൗണ്ട് സൂക്ഷിപ്പുകാരനോട് ചോദിക്കുക ({s_list_displayed}).",
    ),
    "unknown_fine_not_in_statute": (
        "Fine not known: the Act's own scale ({s_fine}) names no fine for a {species}, and no other figure is on file.",
        "പിഴ അറിയില്ല: നിയമത്തിലെ നിരക്കുപട്ടികയിൽ ({s_fine}) {species} എന്ന ഇനത്തിന് പിഴ പറയുന്നില്ല; മറ്റൊരു നിരക്കും ലഭ്യമല്ല.",
    ),
    "unknown_feeding_no_rate": (
        "Feeding charges not known: no feeding and watering rate is on file from {from_day} ({s_feeding}); ask the "
        "pound-keeper for the rates that must be displayed at the pound.",
        "തീറ്റച്ചെലവ് അറിയില്ല: {from_day} മുതലുള്ള തീറ്റ-വെള്ള നിരക്ക് ലഭ്യമല്ല ({s_feeding}); പൗണ്ടിൽ "
        "പ്രദർശിപ്പിക്കേണ്ട നിരക്കുകൾ പൗണ്ട് സൂക്ഷിപ്പുകാരനോട് ചോദിക്കുക.",
    ),
    "total_unknown": (
        "Not shown: a part of it is not known (below).",
        "കാണിക്കുന്നില്ല: ഒരു ഭാഗം അറിയില്ല (താഴെ).",
    ),
    "owner_owes_nothing": (
        "The Magistrate adjudged the seizure illegal ({complaint_decided_on}): the fines and expenses are paid by the "
        "person who made the seizure, and the owner owes nothing ({s_seizer_pays}). No auction is proposed.",
        "പിടിച്ചെടുക്കൽ നിയമവിരുദ്ധമെന്ന് മജിസ്ട്രേറ്റ് വിധിച്ചു ({complaint_decided_on}): പിഴയും ചെലവും "
        "പിടിച്ചെടുത്തയാൾ അടയ്ക്കണം; ഉടമ ഒന്നും അടയ്ക്കേണ്ടതില്ല ({s_seizer_pays}). ലേലം നിർദ്ദേശിക്കുന്നില്ല.",
    ),
    "paid_by_seizer": ("paid by the seizer", "പിടിച്ചെടുത്തയാൾ അടയ്ക്കണം"),
    # "if the seizure be adjudged illegal": from the day decided; before it the owner claims on payment or deposit
    "illegal_not_yet": (
        "On this day the complaint was not yet decided: the Magistrate adjudged the seizure illegal on {decided}. "
        "Until then the owner could take the cattle back only on payment of the fines and charges ({s_claim})"
        "{or_deposit}; from that day the person who made the seizure pays them ({s_seizer_pays}).",
        "ഈ ദിവസം പരാതി തീർപ്പായിരുന്നില്ല: പിടിച്ചെടുക്കൽ നിയമവിരുദ്ധമെന്ന് മജിസ്ട്രേറ്റ് വിധിച്ചത് {decided}-ന്. "
        "അതുവരെ പിഴയും ചെലവും അടച്ച് ({s_claim}){or_deposit} മാത്രമേ ഉടമയ്ക്ക് കന്നുകാലികളെ തിരികെ "
        "എടുക്കാനാകൂ; ആ ദിവസം മുതൽ പിടിച്ചെടുത്തയാൾ അവ അടയ്ക്കണം ({s_seizer_pays}).",
    ),
    "or_deposit": (" or on their deposit ({s_deposit})", " അല്ലെങ്കിൽ കെട്ടിവച്ച് ({s_deposit})"),
    "illegal_after_release": (
        "The cattle left {how} before the Magistrate adjudged the seizure illegal ({decided}): the sum above was "
        "the owner's to pay then, and the Magistrate awards it back with the compensation, {q_repaid} ({s_repaid}).",
        "മജിസ്ട്രേറ്റ് പിടിച്ചെടുക്കൽ നിയമവിരുദ്ധമെന്ന് വിധിക്കുന്നതിനു ({decided}) മുമ്പ് കന്നുകാലികൾ {how} "
        "പോയി: മുകളിലെ തുക അന്ന് ഉടമ അടയ്ക്കേണ്ടതായിരുന്നു; നഷ്ടപരിഹാരത്തോടൊപ്പം {q_repaid} മജിസ്ട്രേറ്റ് തിരികെ "
        "നൽകാൻ വിധിക്കും ({s_repaid}).",
    ),
    # {q_repaid} for a pack that does not give its Act's own words ([quotes] repaid): said, not quoted
    "unquoted_repaid": ("with what it cost to procure the release", "വിട്ടുകിട്ടാൻ ചെലവായതെല്ലാം"),
    "left_on_payment": ("on payment ({s_claim})", "പണം അടച്ച് ({s_claim})"),
    "left_on_deposit": (
        "on deposit of the fines and charges ({s_deposit})",
        "പിഴയും ചെലവും കെട്ടിവച്ച് ({s_deposit})",
    ),
    "feeding_days_counted": (
        "Days counted as the rate counts them: {convention}.",
        "നിരക്ക് കണക്കാക്കുന്ന രീതിയിൽ ദിവസങ്ങൾ: {convention}.",
    ),
    "feeding_days_assumed": (
        "The rate does not say how it counts days (neither Act does): Pinfold counts {convention}.",
        "ദിവസങ്ങൾ എങ്ങനെ എണ്ണുന്നുവെന്ന് നിരക്ക് പറയുന്നില്ല (നിയമവും പറയുന്നില്ല): പിൻഫോൾഡ് എണ്ണുന്നത്: {convention}.",
    ),
    "reported_practice": (
        "Reported local practice, not a notified scale and not used above",
        "പത്രവാർത്തകളിൽ നിന്നുള്ള പ്രാദേശിക രീതി; വിജ്ഞാപനം ചെയ്ത നിരക്കല്ല, മുകളിലെ തുകയിൽ ഉൾപ്പെടുത്തിയിട്ടില്ല",
    ),
    # How a feeding rate counts days (pinfold.law.rules.DAYS_COUNTED): the rate's convention, never the Act's.
    "days_counted_nights": (
        "each night in the pound, at least one (brought 3 Apr, left 5 Apr: 2 days)",
        "പൗണ്ടിലെ ഓരോ രാത്രിയും, കുറഞ്ഞത് ഒന്ന് (3 ഏപ്രിൽ എത്തി, 5 ഏപ്രിൽ വിട്ടു: 2 ദിവസം)",
    ),
    "days_counted_days": (
        "each day or part of a day, the day brought and the day left both counted (3 to 5 Apr: 3 days)",
        "ഓരോ ദിവസവും ദിവസത്തിന്റെ ഭാഗവും, എത്തിയ ദിവസവും വിട്ട ദിവസവും ഉൾപ്പെടെ (3 മുതൽ 5 ഏപ്രിൽ: 3 ദിവസം)",
    ),
    "reported_practice_short": ("reported local practice", "പ്രാദേശിക രീതി (പത്രവാർത്ത)"),
    "deadlines": ("Dates that matter", "പ്രധാന തീയതികൾ"),
    "notice_due": (
        "Notice due (not claimed within {claim_days} days)",
        "നോട്ടീസ് ({claim_days} ദിവസത്തിനകം വാങ്ങിയില്ലെങ്കിൽ)",
    ),
    "auction_earliest": ("Earliest auction", "ഏറ്റവും നേരത്തെയുള്ള ലേലം"),
    "complaint_deadline": (
        "Last day to complain of an illegal seizure",
        "നിയമവിരുദ്ധ പിടിച്ചെടുക്കലിനെതിരെ പരാതിപ്പെടാനുള്ള അവസാന ദിവസം",
    ),
    "no_auction_pending": ("No auction while the complaint is pending", "പരാതി തീർപ്പാകും വരെ ലേലമില്ല"),
    "no_auction_illegal": (
        "No auction: the seizure was adjudged illegal",
        "ലേലമില്ല: പിടിച്ചെടുക്കൽ നിയമവിരുദ്ധമെന്ന് വിധിച്ചു",
    ),
    "seizure_assumed": (
        "The register does not record the day of seizure; {seizure_rule}, so the seizure was on {seized_earliest} at "
        "the earliest, and this is the earliest the last day can be ({s_complaint}).",
        "പിടിച്ചെടുത്ത ദിവസം രജിസ്റ്ററിൽ ഇല്ല; {seizure_rule}; അതിനാൽ പിടിച്ചെടുക്കൽ ഏറ്റവും നേരത്തെ {seized_earliest}-ന്; "
        "അവസാന ദിവസം ഏറ്റവും നേരത്തെ ഇതാണ് ({s_complaint}).",
    ),
    "complaint_late": (
        "A complaint recorded on {filed} is after this day: it is not a complaint under {s_complaint} and does not "
        "stop a sale.",
        "{filed}-ന് രേഖപ്പെടുത്തിയ പരാതി ഈ ദിവസത്തിനു ശേഷമാണ്: {s_complaint} പ്രകാരമുള്ള പരാതിയല്ല; വിൽപന തടയുന്നില്ല.",
    ),
    "complaint_maybe_in_time": (
        "A complaint recorded on {filed} is after this day, the earliest the last day can be: it is in time if the "
        "cattle were seized the day they were brought, which the register does not say, and is read so "
        "({s_complaint}).",
        "{filed}-ന് രേഖപ്പെടുത്തിയ പരാതി ഈ ദിവസത്തിനു ശേഷമാണ് (അവസാന ദിവസം ഏറ്റവും നേരത്തെ ഇതാണ്): കന്നുകാലികളെ "
        "പൗണ്ടിലെത്തിച്ച ദിവസം തന്നെയാണ് പിടിച്ചെടുത്തതെങ്കിൽ പരാതി സമയത്തിനുള്ളിലാണ്; രജിസ്റ്ററിൽ ആ ദിവസം ഇല്ലാത്തതിനാൽ "
        "അങ്ങനെ കണക്കാക്കുന്നു ({s_complaint}).",
    ),
    "brought_late": (
        "Seized on {seized}, brought on {brought}: more than a day between them, where {seizure_rule}.",
        "{seized}-ന് പിടിച്ചെടുത്തു, {brought}-ന് പൗണ്ടിലെത്തിച്ചു: ഒരു ദിവസത്തിലേറെ ഇടവേള; {seizure_rule}.",
    ),
    "sale_questioned_complaint_pending": (
        "Sold while a complaint made in time was not yet decided: the Act allows no sale until it is ({s_complaint_pending}).",
        "സമയത്തിനകം നൽകിയ പരാതി തീർപ്പാകുന്നതിനു മുമ്പ് വിറ്റു: തീർപ്പാകും വരെ വിൽപന നിയമം അനുവദിക്കുന്നില്ല ({s_complaint_pending}).",
    ),
    "sale_questioned_before_earliest": (
        "Sold before {earliest}, the earliest day for an auction of unclaimed cattle ({s_auction}). That is lawful only "
        "if the owner appeared and would not pay ({s_refuse_to_pay}), which the register does not record.",
        "ആരും തിരികെ വാങ്ങാത്ത മൃഗങ്ങളുടെ ലേലത്തിനുള്ള ആദ്യ ദിവസമായ {earliest}-നു മുമ്പ് വിറ്റു ({s_auction}). ഉടമ "
        "വന്ന് പണമടയ്ക്കാൻ വിസമ്മതിച്ചെങ്കിൽ മാത്രം അത് നിയമാനുസൃതം ({s_refuse_to_pay}); രജിസ്റ്ററിൽ അത് ഇല്ല.",
    ),
    "auction_lot": ("This animal's auction", "ഈ മൃഗത്തിന്റെ ലേലം"),
    "auction_proposed_explained": (
        f"proposed: {PROPOSED_MEANS[0]} ({{s_auction}})",
        f"നിർദ്ദേശിച്ചത്: {PROPOSED_MEANS[1]} ({{s_auction}})",
    ),
    "auction_scheduled_explained": ("scheduled by order ({s_auction})", "ഉത്തരവ് പ്രകാരം നിശ്ചയിച്ചത് ({s_auction})"),
    "act_applies": ("When the Act applies", "നിയമം ബാധകമായ കാലം"),
    "act_from": ("From {day}", "{day} മുതൽ"),
    "act_until": ("until {day}", "{day} വരെ"),
    "act_cattle": ("Cattle under this Act", "ഈ നിയമപ്രകാരം കന്നുകാലികൾ"),
    "act_counting": ("Periods are counted", "കാലാവധി എണ്ണുന്നത്"),
    "act_conflict": ("May not buy at its sales", "ഈ നിയമപ്രകാരമുള്ള ലേലത്തിൽ വാങ്ങാൻ പാടില്ലാത്തവർ"),
    # Advice, not law: worded as advice, with nothing the Acts do not say presented as what they say.
    "what_to_bring": (
        "What to bring (our advice: the Act does not list it)",
        "കൊണ്ടുവരേണ്ടത് (ഞങ്ങളുടെ നിർദ്ദേശം: നിയമത്തിൽ ഇല്ല)",
    ),
    "bring_1": (
        "The fine and the feeding charges due (above): the Act requires them to be paid before the animal is handed "
        "over; we suggest cash, and the sum as close as you can, since a pound may have no change.",
        "അടയ്ക്കേണ്ട പിഴയും തീറ്റച്ചെലവും (മുകളിൽ): മൃഗത്തെ വിട്ടുതരുന്നതിനു മുമ്പ് അവ അടയ്ക്കണമെന്ന് നിയമം; "
        "പണമായി, കഴിയുന്നത്ര കൃത്യമായ തുക കൊണ്ടുവരാൻ ഞങ്ങൾ നിർദ്ദേശിക്കുന്നു (പൗണ്ടിൽ ചില്ലറ ഉണ്ടാകണമെന്നില്ല).",
    ),
    "bring_2": (
        "Something that shows the animal is yours: ear tag or Pashu Aadhaar card, a photo, a neighbour who knows it.",
        "മൃഗം നിങ്ങളുടേതാണെന്ന് തെളിയിക്കുന്നത്: കാതിലെ ടാഗ് / പശു ആധാർ കാർഡ്, ഫോട്ടോ, അറിയാവുന്ന അയൽക്കാരൻ.",
    ),
    "bring_3": (
        "Identity proof, such as an Aadhaar card, a voter ID or a ration card (ask the pound which it accepts): the Act "
        "has you sign a receipt in the register ({s_claim}).",
        "തിരിച്ചറിയൽ രേഖ, ഉദാഹരണത്തിന് ആധാർ കാർഡ്, വോട്ടർ ഐഡി അല്ലെങ്കിൽ റേഷൻ കാർഡ് (ഏതാണ് സ്വീകരിക്കുക എന്ന് പൗണ്ടിൽ "
        "ചോദിക്കുക): രജിസ്റ്ററിൽ രസീത് ഒപ്പിടണമെന്ന് നിയമം ({s_claim}).",
    ),
    "bring_agent": (
        "If someone comes for you: the fine and the charges, a note from you saying they may take the animal, and their "
        "own identity proof.",
        "നിങ്ങൾക്കു പകരം മറ്റൊരാൾ വരുന്നെങ്കിൽ: പിഴയും ചെലവുകളും, മൃഗത്തെ കൊണ്ടുപോകാൻ അവർക്ക് അനുവാദമുണ്ടെന്ന് നിങ്ങൾ എഴുതിയ "
        "കുറിപ്പും, അവരുടെ തിരിച്ചറിയൽ രേഖയും.",
    ),
    "law": ("What the law says", "നിയമം പറയുന്നത്"),
    "law_claim": (
        "You may claim the animal at any time before the sale by paying the fine and the feeding charges; it is handed over and you sign a receipt in the register.",
        "വിൽപനയ്ക്കു മുമ്പ് എപ്പോൾ വേണമെങ്കിലും പിഴയും തീറ്റച്ചെലവും അടച്ച് മൃഗത്തെ തിരികെ വാങ്ങാം; രജിസ്റ്ററിൽ രസീത് ഒപ്പിടണം.",
    ),
    "law_agent": (
        "Someone you send may claim it for you and sign the receipt: the Act says {q_agent}.",
        "നിങ്ങൾ അയയ്ക്കുന്ന ഒരാൾക്ക് നിങ്ങൾക്കു വേണ്ടി മൃഗത്തെ തിരികെ വാങ്ങി രസീത് ഒപ്പിടാം: നിയമം പറയുന്നത് {q_agent}.",
    ),
    "unquoted_agent": ("", ""),
    "law_deposit": (
        "If you refuse to pay on the ground that the seizure was illegal and you are about to complain of it to the "
        "Magistrate ({s_complaint}), the animal is delivered to you on deposit of the fines and charges.",
        "പിടിച്ചെടുക്കൽ നിയമവിരുദ്ധമെന്ന കാരണത്താൽ പണമടയ്ക്കാൻ വിസമ്മതിക്കുകയും അതിനെതിരെ മജിസ്ട്രേറ്റിന് പരാതി "
        "നൽകാൻ പോകുകയുമാണെങ്കിൽ ({s_complaint}), പിഴയും ചെലവും കെട്ടിവച്ചാൽ മൃഗത്തെ വിട്ടുതരും.",
    ),
    "law_notice": (
        "If nobody claims it within {claim_days} days a notice is posted and announced by beat of drum; if it is still "
        "not claimed within {notice_to_auction_days} days of the notice it may be sold at public auction.",
        "{claim_days} ദിവസത്തിനകം ആരും വാങ്ങിയില്ലെങ്കിൽ നോട്ടീസ് പതിക്കുകയും ചെണ്ട കൊട്ടി അറിയിക്കുകയും ചെയ്യും; "
        "നോട്ടീസിന് ശേഷം {notice_to_auction_days} ദിവസത്തിനകവും വാങ്ങിയില്ലെങ്കിൽ പൊതുലേലത്തിൽ വിൽക്കാം.",
    ),
    "law_complaint": (
        "A complaint of illegal seizure goes to the Magistrate within {complaint_days} days of the seizure; "
        "compensation up to {compensation} may be awarded.",
        "നിയമവിരുദ്ധ പിടിച്ചെടുക്കലിനെതിരെ പിടിച്ചെടുത്ത് {complaint_days} ദിവസത്തിനകം മജിസ്ട്രേറ്റിന് പരാതി "
        "നൽകാം; {compensation} വരെ നഷ്ടപരിഹാരം ലഭിക്കാം.",
    ),
    "law_complaint_no_amount": (
        "A complaint of illegal seizure goes to the Magistrate within {complaint_days} days of the seizure; "
        "compensation may be awarded.",
        "നിയമവിരുദ്ധ പിടിച്ചെടുക്കലിനെതിരെ പിടിച്ചെടുത്ത് {complaint_days} ദിവസത്തിനകം മജിസ്ട്രേറ്റിന് പരാതി നൽകാം; നഷ്ടപരിഹാരം ലഭിക്കാം.",
    ),
    "printable_notice": ("Printable notice", "അച്ചടിക്കാവുന്ന നോട്ടീസ്"),
    "sale_account": ("Account of the sale", "വിൽപനയുടെ കണക്ക്"),
    "fines_and_rates": ("Fines and feeding rates in force", "പ്രാബല്യത്തിലുള്ള പിഴയും തീറ്റ നിരക്കും"),
    "on_last_entry": ("on the register's last entry,", "രജിസ്റ്ററിലെ അവസാന എൻട്രിയുടെ തീയതിയിൽ,"),
    "animals_now": ("Animals in the pound now", "ഇപ്പോൾ പൗണ്ടിലുള്ള മൃഗങ്ങൾ"),
    "upcoming_auctions": ("Upcoming auctions", "വരാനിരിക്കുന്ന ലേലങ്ങൾ"),
    "pounds_in": ("Pounds in", "പൗണ്ടുകൾ:"),
    "not_found": ("We could not find that.", "അത് കണ്ടെത്താനായില്ല."),
    "bad_request": ("That search could not be run", "ആ തിരച്ചിൽ നടത്താനായില്ല"),
    "method_not_allowed": ("This address only gives information", "ഈ വിലാസം വിവരങ്ങൾ നൽകാൻ മാത്രം"),
    "database_unavailable": ("The register is not available just now", "രജിസ്റ്റർ ഇപ്പോൾ ലഭ്യമല്ല"),
    "database_damaged": ("The register's database file is damaged", "രജിസ്റ്ററിന്റെ ഡാറ്റാബേസ് ഫയൽ കേടായിരിക്കുന്നു"),
    "not_found_help": (
        "The animal may have been entered under another number. Search by kind, colour and district instead.",
        "മൃഗം മറ്റൊരു നമ്പറിൽ രേഖപ്പെടുത്തിയിരിക്കാം. ഇനം, നിറം, ജില്ല എന്നിവ ഉപയോഗിച്ച് തിരയുക.",
    ),
    "open_data": ("Open data: tables, SQL, CSV and JSON", "ഓപ്പൺ ഡാറ്റ: പട്ടികകൾ, SQL, CSV, JSON"),
    "feeds": ("Feeds and calendar", "ഫീഡുകളും കലണ്ടറും"),
    "feeds_intro": (
        "Follow new impoundments, notices and auctions in a feed reader, or auctions in your calendar. To follow a "
        "search of your own (a kind, a colour, a mark, a place), search first, then use the link under the results.",
        "പുതിയ പിടിച്ചുകെട്ടലുകളും നോട്ടീസുകളും ലേലങ്ങളും ഫീഡ് റീഡറിലും ലേലങ്ങൾ കലണ്ടറിലും അറിയാം. സ്വന്തം തിരച്ചിൽ "
        "(ഇനം, നിറം, അടയാളം, സ്ഥലം) പിന്തുടരാൻ ആദ്യം തിരയുക, പിന്നെ ഫലങ്ങൾക്കു താഴെയുള്ള ലിങ്ക് ഉപയോഗിക്കുക.",
    ),
    "feeds_impounded": ("Animals impounded", "പിടിച്ചുകെട്ടിയ മൃഗങ്ങൾ"),
    "feeds_notices": ("Notices of unclaimed animals", "ആരും തിരികെ വാങ്ങാത്തവയുടെ നോട്ടീസുകൾ"),
    "feeds_auctions": ("Auctions", "ലേലങ്ങൾ"),
    "everywhere": ("Every pound", "എല്ലാ പൗണ്ടുകളും"),
    # an auctions calendar (templates/_calendar_links.html): subscribed to (webcal://), or downloaded once
    "calendar_subscribe": ("Subscribe in your calendar app", "കലണ്ടർ ആപ്പിൽ സബ്സ്ക്രൈബ് ചെയ്യുക"),
    "calendar_download": ("or download it", "അല്ലെങ്കിൽ ഡൗൺലോഡ് ചെയ്യുക"),
    "calendar_howto": (
        "To see auctions in a phone's or computer's calendar, subscribe (\u201cSubscribe in your calendar app\u201d) "
        "rather than downloading, so new auctions appear by themselves (Google Calendar: Other calendars, From URL, "
        "with the address of that link).",
        "ലേലങ്ങൾ ഫോണിലെയോ കമ്പ്യൂട്ടറിലെയോ കലണ്ടറിൽ കാണാൻ ഡൗൺലോഡ് ചെയ്യാതെ സബ്സ്ക്രൈബ് ചെയ്യുക (\u201cകലണ്ടർ ആപ്പിൽ "
        "സബ്സ്ക്രൈബ് ചെയ്യുക\u201d); പുതിയ ലേലങ്ങൾ തനിയെ വരും (Google Calendar: Other calendars, From URL, ആ "
        "ലിങ്കിന്റെ വിലാസത്തോടെ).",
    ),
    "feeds_filters": (
        "Every feed and the calendar take the search's filters",
        "എല്ലാ ഫീഡുകളും കലണ്ടറും തിരച്ചിലിന്റെ ഫിൽട്ടറുകൾ സ്വീകരിക്കും",
    ),
    "tag": ("Tag", "ടാഗ്"),
    "act": ("Act", "നിയമം"),
    "in_force_from": ("in force from", "മുതൽ പ്രാബല്യം"),
    "basis": ("Basis", "അടിസ്ഥാനം"),
    "lots": ("lots", "ലോട്ടുകൾ"),
    "lot": ("lot", "ലോട്ട്"),
    # An auction's status: scheduled by the Director, or proposed for the earliest lawful day (K s.13(3)).
    "auction_scheduled": ("scheduled", "നിശ്ചയിച്ചത്"),
    "auction_proposed": ("proposed", "നിർദ്ദേശിച്ചത്"),
    "auction_held": ("held", "നടന്നത്"),
    "example_warning": (NOT_NOTIFIED[EXAMPLE][0].capitalize(), NOT_NOTIFIED[EXAMPLE][1]),
    # K s.11(2) by the place of seizure (ingest/seizure_areas.py): the area it names, or the pound's, said so
    "seizure_area_assumed": (SEIZURE_AREA_ASSUMED[0].capitalize(), SEIZURE_AREA_ASSUMED[1]),
    # said only where the area of seizure gives another multiplier than the pound's own (portal/law.py
    # seizure_area_note): what it did to the fine, in the owner's words
    "seizure_area_multiplied": (
        "Seized in {area}, an area notified for habitual trespass: the fine is {times} times the scale, as for cattle "
        "seized there, whatever pound they are brought to",
        "ശീലമായ അതിക്രമത്തിന് വിജ്ഞാപനം ചെയ്ത {area} പ്രദേശത്ത് പിടിച്ചെടുത്തത്: ഏത് പൗണ്ടിൽ എത്തിച്ചാലും, അവിടെ "
        "പിടിച്ചെടുത്ത കന്നുകാലികളുടേതുപോലെ പിഴ പട്ടികയുടെ {times} മടങ്ങ്",
    ),
    "seizure_area_not_multiplied": (
        "Seized in {area}, an area not notified for habitual trespass: the fine is not multiplied as it is for cattle "
        "seized in the pound's own area",
        "ശീലമായ അതിക്രമത്തിന് വിജ്ഞാപനം ചെയ്യാത്ത {area} പ്രദേശത്ത് പിടിച്ചെടുത്തത്: പൗണ്ടിന്റെ സ്വന്തം പ്രദേശത്ത് "
        "പിടിച്ചെടുത്തവയുടേതുപോലെ പിഴ വർധിപ്പിക്കുന്നില്ല",
    ),
    "language": ("മലയാളം", "English"),
    "day": ("day", "ദിവസം"),
    "days": ("days", "ദിവസം"),
    "notice_heading": ("NOTICE", "നോട്ടീസ്"),
    "nd_cattle": ("Number and description of the cattle", "കന്നുകാലികളുടെ എണ്ണവും വിവരണവും"),
    "place_seized": ("Place where seized", "പിടിച്ചെടുത്ത സ്ഥലം"),
    "place_impounded": ("Place where impounded", "പൗണ്ടിലടച്ച സ്ഥലം"),
    # The notice's sentences (K s.13(2); 1857 s.VIII), around the register's own words (names stay as written).
    "notice_text_1": ("NOTICE under {s_notice} of {title}.", "നോട്ടീസ് ({s_notice}, {title})."),
    "notice_text_2": (
        "The following cattle, impounded at {pound} on {brought}, have not been claimed within {claim_days} days: "
        "{cattle}, seized at {place}.",
        "{pound}-ൽ {brought}-ന് പൗണ്ടിലടച്ച താഴെ പറയുന്ന കന്നുകാലികളെ {claim_days} ദിവസത്തിനകം ആരും തിരികെ "
        "വാങ്ങിയിട്ടില്ല: {cattle}; പിടിച്ചെടുത്ത സ്ഥലം: {place}.",
    ),
    # a notice posted before the claim days ran out (K s.13(1): "not claimed within seven days") cannot say they had
    "notice_text_2_early": (
        "The following cattle were impounded at {pound} on {brought}: {cattle}, seized at {place}. This notice was "
        "posted on {posted}, before the {claim_days} days from their impounding had run: it was due on {due} "
        "({s_notice}).",
        "{pound}-ൽ {brought}-ന് താഴെ പറയുന്ന കന്നുകാലികളെ പൗണ്ടിലടച്ചു: {cattle}; പിടിച്ചെടുത്ത സ്ഥലം: {place}. "
        "പൗണ്ടിലടച്ചതു മുതലുള്ള {claim_days} ദിവസം തീരുന്നതിനു മുമ്പ്, {posted}-ന് ഈ നോട്ടീസ് പതിച്ചു: ഇത് "
        "പതിക്കേണ്ടിയിരുന്നത് {due}-ന് ({s_notice}).",
    ),
    "notice_posted_early": (
        "posted early: after {claim_days} days unclaimed it was due on {due}",
        "നേരത്തെ പതിച്ചു: {claim_days} ദിവസം തിരികെ വാങ്ങാതിരുന്ന ശേഷം {due}-ന് ആയിരുന്നു പതിക്കേണ്ടിയിരുന്നത്",
    ),
    "notice_text_auction": (
        "Unless claimed within {notice_to_auction_days} days of this notice, they will be sold by public auction on or "
        "after {auction} ({s_auction}).",
        "ഈ നോട്ടീസിനു ശേഷം {notice_to_auction_days} ദിവസത്തിനകം തിരികെ വാങ്ങിയില്ലെങ്കിൽ {auction} മുതൽ പൊതുലേലത്തിൽ "
        "വിൽക്കുന്നതാണ് ({s_auction}).",
    ),
    "notice_posted_on": ("Notice posted on", "നോട്ടീസ് പതിച്ച തീയതി"),
    "notice_due_on": ("Notice due on (not yet recorded as posted)", "നോട്ടീസ് പതിക്കേണ്ട തീയതി (പതിച്ചതായി രേഖയില്ല)"),
    "not_recorded": ("not recorded in the register", "രജിസ്റ്ററിൽ രേഖപ്പെടുത്തിയിട്ടില്ല"),
    "no_sale_complaint": ("no sale while a complaint is pending", "പരാതി തീർപ്പാകുന്നതുവരെ വിൽപന ഇല്ല"),
    "no_sale_illegal": (
        "no sale: the seizure was adjudged illegal and release ordered",
        "വിൽപനയില്ല: പിടിച്ചെടുക്കൽ നിയമവിരുദ്ധമെന്ന് വിധിച്ച് വിട്ടയക്കാൻ ഉത്തരവിട്ടു",
    ),
    "notice_printed_today": (
        "not yet recorded as posted: printed today, it is posted today, and its auction is counted from today",
        "പതിച്ചതായി ഇതുവരെ രേഖയില്ല: ഇന്ന് അച്ചടിക്കുന്ന നോട്ടീസ് ഇന്നു പതിക്കുന്നു; ലേലദിവസം ഇന്നു മുതൽ എണ്ണും",
    ),
    "notice_claim_days": (
        "Impounded on (not claimed within {claim_days} days)",
        "പൗണ്ടിലടച്ച തീയതി ({claim_days} ദിവസത്തിനകം ആരും തിരികെ വാങ്ങിയില്ല)",
    ),
    "animal_page": ("The animal's page: what it costs to claim today", "മൃഗത്തിന്റെ പേജ്: ഇന്ന് തിരികെ വാങ്ങാൻ വേണ്ട തുക"),
    "auction_on_or_after": ("Public auction on or after", "പൊതുലേലം ഈ തീയതിയോ അതിനു ശേഷമോ"),
    "post_at": ("To be posted at", "പതിക്കേണ്ട സ്ഥലം"),
    "acct_a": ("(a) Number seized", "(എ) പിടിച്ചെടുത്ത എണ്ണം"),
    "acct_b": ("(b) Time impounded", "(ബി) പൗണ്ടിൽ കഴിഞ്ഞ കാലം"),
    # (b) beside (c): a stay in nights, and the feeding days of a rate that counts the day brought and the day sold
    "acct_b_both_ends": (
        "{nights} nights in the pound; feeding charged for {days} days, the day brought and the day sold both counted "
        "by the feeding rate",
        "പൗണ്ടിൽ {nights} രാത്രി; തീറ്റച്ചെലവ് {days} ദിവസത്തേക്ക്: കൊണ്ടുവന്ന ദിവസവും വിറ്റ ദിവസവും തീറ്റനിരക്ക് കണക്കാക്കുന്നു",
    ),
    "acct_c": ("(c) Fines and charges", "(സി) പിഴയും ചെലവുകളും"),
    "acct_d": ("(d) Number sold", "(ഡി) വിറ്റ എണ്ണം"),
    # the Act sells "as many of them as may be necessary" and no register records how many: sales.head_sold
    "acct_d_taken": (
        "Pinfold counts all {n} seized as sold: the register does not say how many were. If the owner came and would "
        "not pay, the Act sells only as many as the fines and charges need, so fewer may have been sold: {section}.",
        "പിടിച്ചെടുത്ത {n} എണ്ണത്തെയും വിറ്റതായി പിൻഫോൾഡ് കണക്കാക്കുന്നു: എത്ര എണ്ണം വിറ്റുവെന്ന് രജിസ്റ്ററിൽ ഇല്ല. ഉടമ വന്ന് "
        "പണം അടയ്ക്കാതിരുന്നെങ്കിൽ പിഴയ്ക്കും ചെലവുകൾക്കും വേണ്ടത്ര എണ്ണം മാത്രമേ നിയമം വിൽക്കുന്നുള്ളൂ, അതിനാൽ അതിൽ കുറവ് "
        "വിറ്റിരിക്കാം: {section}.",
    ),
    "acct_e": ("(e) Proceeds of sale", "(ഇ) വിൽപനത്തുക"),
    "acct_f": ("(f) How the proceeds were disposed of", "(എഫ്) വിൽപനത്തുക വിനിയോഗിച്ച വിധം"),
    "conflict": ("Conflict of interest", "താൽപര്യ സംഘർഷം"),
    "conflict_buyer": (
        "The buyer is on the roster of people who may not buy at a sale under the Act, as",
        "ഈ നിയമപ്രകാരമുള്ള വിൽപനയിൽ വാങ്ങാൻ പാടില്ലാത്തവരുടെ പട്ടികയിൽ വാങ്ങിയയാൾ ഉണ്ട്, പദവി",
    ),
    "sale_expenses": ("expenses of sale", "വിൽപനച്ചെലവ്"),
    "owner_balance": ("Balance for the owner", "ഉടമയ്ക്കുള്ള ബാക്കി"),
    "footer": (
        "Figures are computed from pound registers under the Kerala Cattle Trespass Act, 1961 and Act III of 1857; each cites its section or notification. Names of people are never published.",
        "1961-ലെ കേരള കന്നുകാലി അതിക്രമ നിയമവും 1857-ലെ മൂന്നാം നിയമവും അനുസരിച്ച് പൗണ്ട് രജിസ്റ്ററുകളിൽ നിന്ന് കണക്കാക്കിയ തുകകൾ; ഓരോന്നും അതിന്റെ വകുപ്പോ വിജ്ഞാപനമോ ഉദ്ധരിക്കുന്നു. വ്യക്തികളുടെ പേരുകൾ ഒരിക്കലും പ്രസിദ്ധീകരിക്കില്ല.",
    ),
    "today_in_india": ("Today in India", "ഇന്ന് (ഇന്ത്യ)"),
    "register_silent": ("No outcome recorded in the register", "രജിസ്റ്ററിൽ തുടർനടപടി രേഖപ്പെടുത്തിയിട്ടില്ല"),
    "silent_explained": (
        "The register records no claim, release or sale for this entry, more than a month after its earliest auction "
        "day, so where the animal went is not known. The figures below stop at the last day to claim before auction.",
        "ആദ്യ ലേലദിവസം കഴിഞ്ഞ് ഒരു മാസത്തിലേറെയായിട്ടും ഈ എൻട്രിക്ക് തിരികെ വാങ്ങലോ വിട്ടയക്കലോ വിൽപനയോ രജിസ്റ്ററിൽ "
        "ഇല്ല; മൃഗം എവിടെപ്പോയി എന്ന് അറിയില്ല. താഴെയുള്ള തുകകൾ ലേലത്തിനു മുമ്പ് തിരികെ വാങ്ങാവുന്ന അവസാന ദിവസം വരെയുള്ളതാണ്.",
    ),
    "search_all": (
        "The {listed} with the nearest last day to claim are listed: all {n} in the search",
        "അവസാന ദിവസം ഏറ്റവും അടുത്തുള്ള {listed} എണ്ണം മാത്രം: എല്ലാ {n} എണ്ണവും തിരയലിൽ",
    ),
    "entry": ("entry", "എൻട്രി"),
    "entries": ("entries", "എൻട്രികൾ"),
    "silent_listed": (
        "Still entered as in the pound a month after their earliest auction day: not counted as in the pound now.",
        "ആദ്യ ലേലദിവസം കഴിഞ്ഞ് ഒരു മാസത്തിനു ശേഷവും പൗണ്ടിലുള്ളതായി രേഖയിൽ: ഇപ്പോൾ പൗണ്ടിലുള്ളവയായി എണ്ണുന്നില്ല.",
    ),
    "cost_last_day": (
        "What it cost to claim on the last day before auction",
        "ലേലത്തിനു മുമ്പുള്ള അവസാന ദിവസം തിരികെ വാങ്ങാൻ വേണ്ടിയിരുന്ന തുക",
    ),
    "auction_open_explained": (
        "Its earliest auction day has come and the register records no sale yet: it may be sold at auction on any day "
        "now. Until it is sold you may still claim it. Go to the pound today with the sum below.",
        "ആദ്യ ലേലദിവസം എത്തി; വിൽപന ഇതുവരെ രജിസ്റ്ററിൽ രേഖപ്പെടുത്തിയിട്ടില്ല: ഏതു ദിവസവും ലേലം നടക്കാം. വിൽക്കും വരെ "
        "നിങ്ങൾക്ക് തിരികെ വാങ്ങാം. താഴെയുള്ള തുകയുമായി ഇന്നുതന്നെ പൗണ്ടിലെത്തുക.",
    ),
    "last_day_passed": ("passed: it may be sold any day; claim it now", "കഴിഞ്ഞു: ഏതു ദിവസവും വിൽക്കാം; ഉടൻ തിരികെ വാങ്ങുക"),
    "pounds": ("Pounds", "പൗണ്ടുകൾ"),
    "districts": ("Districts", "ജില്ലകൾ"),
    # The animal page's first screen (issue 15): what it is, where it is now, what to pay, by when, its auction.
    "site_nav": ("Pinfold", "പിൻഫോൾഡ്"),
    "nav_feeds": ("Feeds", "ഫീഡുകൾ"),
    "nav_open_data": ("Open data", "ഓപ്പൺ ഡാറ്റ"),
    "as_written": ("as the register writes it", "രജിസ്റ്ററിൽ എഴുതിയതുപോലെ"),
    "summary": ("In short", "ചുരുക്കത്തിൽ"),
    "where_now": ("Where it is now", "ഇപ്പോൾ എവിടെ"),
    "where_not_known": (
        "Not known: the register records no outcome. It was at",
        "അറിയില്ല: രജിസ്റ്ററിൽ തുടർനടപടി ഇല്ല. ഉണ്ടായിരുന്നത്:",
    ),
    "left_pound_on": ("Left the pound on {day}: {how}.", "{day}-ന് പൗണ്ടിൽ നിന്ന് പോയി: {how}."),
    "proceeds_of_sale": ("Proceeds of the sale", "ലേലത്തുക"),
    "it_was_at": ("It was at", "ഉണ്ടായിരുന്നത്:"),
    "to_pay_today": ("To pay today", "ഇന്ന് അടയ്ക്കേണ്ടത്"),
    "due_when_left": ("Due when it left", "വിട്ടപ്പോൾ അടയ്ക്കേണ്ടിയിരുന്നത്"),
    "cost_on_last_day": ("Due on the last day to claim", "തിരികെ വാങ്ങാനുള്ള അവസാന ദിവസം അടയ്ക്കേണ്ടിയിരുന്നത്"),
    # the same day for an entry with no auction (the seizure adjudged illegal): no "last day to claim" before one
    "cost_on_day": ("Due on", "അടയ്ക്കേണ്ടിയിരുന്നത്"),
    "claim_until_sold": ("Claim it before it is sold", "വിൽക്കുന്നതിനു മുമ്പ് തിരികെ വാങ്ങുക"),
    "go_today": (
        "It may be sold at auction on any day now: go to the pound today. Until it is sold you may still claim it.",
        "ഏതു ദിവസവും ലേലത്തിൽ വിൽക്കാം: ഇന്നുതന്നെ പൗണ്ടിലെത്തുക. വിൽക്കും വരെ നിങ്ങൾക്ക് തിരികെ വാങ്ങാം.",
    ),
    "lot_no": ("lot {n}", "ലോട്ട് {n}"),
    "what_to_bring_short": ("What to bring", "കൊണ്ടുവരേണ്ടത്"),
    # what to do if the owner cannot pay today (templates/_cannot_pay.html)
    "cannot_pay": ("If you cannot pay today", "ഇന്ന് പണമടയ്ക്കാൻ കഴിയില്ലെങ്കിൽ"),
    "cannot_pay_sum": (
        "To take the animal home today you pay {total}: the fine and the feeding charges ({s_claim}).",
        "മൃഗത്തെ ഇന്ന് വീട്ടിലേക്ക് കൊണ്ടുപോകാൻ {total} അടയ്ക്കണം: പിഴയും തീറ്റച്ചെലവും ({s_claim}).",
    ),
    "cannot_pay_grows": (
        "Every further day in the pound adds {grows} of feeding charges ({s_feeding}).",
        "പൗണ്ടിൽ ഓരോ ദിവസം കൂടുമ്പോഴും തീറ്റച്ചെലവായി {grows} കൂടും ({s_feeding}).",
    ),
    "cannot_pay_sum_unknown": (
        "The pound can tell you the sum: a part of it is not on file here ({s_claim}).",
        "തുക പൗണ്ടിൽ ചോദിച്ചറിയാം: അതിന്റെ ഒരു ഭാഗം ഇവിടെ രേഖയിലില്ല ({s_claim}).",
    ),
    "cannot_pay_deposit": (
        "If you believe the seizure was illegal and are about to complain of it to the Magistrate, you may leave the "
        "sum as a deposit instead of paying it, and the animal is given back to you ({s_deposit}). A complaint can be "
        "made until {until} ({s_complaint}).",
        "പിടിച്ചെടുക്കൽ നിയമവിരുദ്ധമാണെന്ന് കരുതുകയും മജിസ്ട്രേറ്റിന് പരാതി നൽകാൻ പോകുകയുമാണെങ്കിൽ, തുക "
        "അടയ്ക്കുന്നതിനു പകരം കെട്ടിവയ്ക്കാം; മൃഗത്തെ തിരികെ തരും ({s_deposit}). പരാതി {until} വരെ നൽകാം "
        "({s_complaint}).",
    ),
    # K s.19 counts from the seizure, which the register does not record: the cattle reach the pound within 24 hours
    # of it (K s.9, s.10), so its last day is one of two, the earliest already past (pinfold/law/clock.py)
    "cannot_pay_deposit_maybe": (
        "If you believe the seizure was illegal and are about to complain of it to the Magistrate, you may leave the "
        "sum as a deposit instead of paying it, and the animal is given back to you ({s_deposit}). The register does "
        "not record the day of seizure: the last day to complain was {earliest} if the cattle were seized on {seized}, "
        "and is {latest} if they were seized on the day they were brought ({s_complaint}). "
        "Ask the pound, and do not wait.",
        "പിടിച്ചെടുക്കൽ നിയമവിരുദ്ധമാണെന്ന് കരുതുകയും മജിസ്ട്രേറ്റിന് പരാതി നൽകാൻ പോകുകയുമാണെങ്കിൽ, തുക "
        "അടയ്ക്കുന്നതിനു പകരം കെട്ടിവയ്ക്കാം; മൃഗത്തെ തിരികെ തരും ({s_deposit}). പിടിച്ചെടുത്ത ദിവസം രജിസ്റ്ററിൽ ഇല്ല: "
        "{seized}-നാണ് പിടിച്ചെടുത്തതെങ്കിൽ പരാതി നൽകാനുള്ള അവസാന ദിവസം {earliest} ആയിരുന്നു; പൗണ്ടിലെത്തിച്ച "
        "ദിവസം തന്നെയാണെങ്കിൽ അത് {latest} ആണ് ({s_complaint}). പൗണ്ടിൽ ചോദിക്കുക, വൈകരുത്.",
    ),
    "cannot_pay_deposit_passed": (
        "The last day to complain of the seizure to the Magistrate was {until} ({s_complaint}): it has passed, so "
        "leaving the sum as a deposit for a complaint ({s_deposit}) no longer applies.",
        "പിടിച്ചെടുക്കലിനെതിരെ മജിസ്ട്രേറ്റിന് പരാതി നൽകാനുള്ള അവസാന ദിവസം {until} ആയിരുന്നു ({s_complaint}): അത് "
        "കഴിഞ്ഞു; അതിനാൽ പരാതിക്കായി തുക കെട്ടിവയ്ക്കൽ ({s_deposit}) ഇനി ബാധകമല്ല.",
    ),
    # K s.14: the deposit of an owner who refuses to pay "on the ground that the seizure was illegal and that the
    # owner is about to make a complaint under section 19": once the register records the complaint made, the page
    # no longer says until when one can be made
    "cannot_pay_deposit_filed": (
        "A complaint of the seizure to the Magistrate was filed on {filed} ({s_complaint}). If you are the owner who "
        "complained, you may leave the sum as a deposit instead of paying it while the Magistrate decides, and the "
        "animal is given back to you ({s_deposit}).",
        "പിടിച്ചെടുക്കലിനെതിരെ മജിസ്ട്രേറ്റിന് {filed}-ന് പരാതി നൽകിയിട്ടുണ്ട് ({s_complaint}). പരാതി നൽകിയ ഉടമ "
        "നിങ്ങളാണെങ്കിൽ, മജിസ്ട്രേറ്റ് തീരുമാനിക്കുന്നതുവരെ തുക അടയ്ക്കുന്നതിനു പകരം കെട്ടിവയ്ക്കാം; മൃഗത്തെ തിരികെ "
        "തരും ({s_deposit}).",
    ),
    "cannot_pay_deposit_decided": (
        "The Magistrate decided the complaint of the seizure on {decided} ({s_complaint}): leaving the sum as a "
        "deposit for a complaint ({s_deposit}) no longer applies.",
        "പിടിച്ചെടുക്കലിനെതിരായ പരാതി മജിസ്ട്രേറ്റ് {decided}-ന് തീർപ്പാക്കി ({s_complaint}): പരാതിക്കായി തുക "
        "കെട്ടിവയ്ക്കൽ ({s_deposit}) ഇനി ബാധകമല്ല.",
    ),
    "cannot_pay_balance": (
        "If the animal is sold, the fine, the feeding charges and the costs of the sale are taken from the price and "
        "the rest is yours, with an account of the sale ({s_sale_account}); ask {authority} for it within {months} "
        "months ({s_surplus}).",
        "മൃഗത്തെ വിറ്റാൽ, വിലയിൽ നിന്ന് പിഴയും തീറ്റച്ചെലവും വിൽപനച്ചെലവും കുറച്ച ബാക്കി തുക വിൽപനയുടെ കണക്കിനൊപ്പം "
        "നിങ്ങൾക്കുള്ളതാണ് ({s_sale_account}); {months} മാസത്തിനകം {authority}-ൽ ചോദിക്കുക ({s_surplus}).",
    ),
    # the printable daily list of a pound or a district (templates/daily.html)
    "daily_list": ("Animals in the pound: today's list", "പൗണ്ടിലെ മൃഗങ്ങൾ: ഇന്നത്തെ പട്ടിക"),
    "daily_brought": ("Brought in since {since} ({n})", "{since} മുതൽ കൊണ്ടുവന്നവ ({n})"),
    "daily_closing": (
        "Last day to claim by {until}, or already passed ({n})",
        "{until}-നകം തിരികെ വാങ്ങാനുള്ള അവസാന ദിവസം, അല്ലെങ്കിൽ അത് കഴിഞ്ഞവ ({n})",
    ),
    "daily_none": ("None.", "ഒന്നുമില്ല."),
    "daily_more": ("{n} more on the page:", "{n} എണ്ണം കൂടി പേജിൽ:"),
    "daily_claim": (
        "An owner may claim an animal at the pound until it is sold, by paying the fine and the feeding charges. "
        "Each animal's page says what is due today:",
        "വിൽക്കുന്നതുവരെ പിഴയും തീറ്റച്ചെലവും അടച്ച് ഉടമയ്ക്ക് പൗണ്ടിൽ നിന്ന് മൃഗത്തെ തിരികെ വാങ്ങാം. ഇന്ന് അടയ്ക്കേണ്ട തുക ഓരോ മൃഗത്തിന്റെയും പേജിൽ:",
    ),
    "daily_link": ("Printable daily list", "അച്ചടിക്കാവുന്ന ദിവസപ്പട്ടിക"),
    "back_to_page": ("Back", "തിരികെ"),
    "today_is": ("today", "ഇന്ന്"),  # 'a complaint can be made until today, 2 Dec 2026'
    "cannot_pay_contact": ("To reach the pound", "പൗണ്ടുമായി ബന്ധപ്പെടാൻ"),
    "phone": ("telephone", "ഫോൺ"),
    "hours": ("open", "തുറക്കുന്ന സമയം"),
    "address": ("address", "വിലാസം"),
    "details": ("The details", "വിശദാംശങ്ങൾ"),
    "the_entry": ("The register's entry", "രജിസ്റ്ററിലെ എൻട്രി"),
    "what_happened": ("What happened", "നടന്നത്"),
    "left_the_pound": ("Left the pound", "പൗണ്ടിൽ നിന്ന് പോയത്"),
    "balance_collect": (
        "Claim it by {until} from {authority}: the balance is paid to the owner with an account of the sale "
        "({s_sale_account}); unclaimed, it is held by {role_surplus_held_by}.",
        "{until}-നകം {authority}-ൽ നിന്ന് വാങ്ങുക: വിൽപനയുടെ കണക്കിനൊപ്പം ബാക്കി തുക ഉടമയ്ക്ക് നൽകണം "
        "({s_sale_account}); ആരും വാങ്ങിയില്ലെങ്കിൽ സൂക്ഷിക്കുന്നത്: {role_surplus_held_by}.",
    ),
    "balance_ask": (
        "Any balance is paid to the owner with an account of the sale ({s_sale_account}): ask {authority} for the "
        "account; unclaimed, a balance is held by {role_surplus_held_by}.",
        "ബാക്കിയുണ്ടെങ്കിൽ വിൽപനയുടെ കണക്കിനൊപ്പം ഉടമയ്ക്ക് നൽകണം ({s_sale_account}): കണക്ക് {authority}-ൽ ചോദിക്കുക; "
        "ആരും വാങ്ങാത്ത ബാക്കി സൂക്ഷിക്കുന്നത്: {role_surplus_held_by}.",
    ),
    "notice_not_yet": (
        "Not yet due: this notice is to be posted on {day} if the animal has not been claimed by then ({s_notice}). "
        "Until it is sold, the owner can claim it at the pound ({s_claim}).",
        "ഇതുവരെ സമയമായിട്ടില്ല: അതിനകം ആരും തിരികെ വാങ്ങിയില്ലെങ്കിൽ {day}-ന് ഈ നോട്ടീസ് പതിക്കും ({s_notice}). "
        "വിൽക്കുന്നതുവരെ ഉടമയ്ക്ക് പൗണ്ടിൽ നിന്ന് തിരികെ വാങ്ങാം ({s_claim}).",
    ),
    "balance_collect_passed": (
        "Unclaimed, it was held by {role_surplus_held_by} until {until}, which has passed: ask {authority} whether it "
        "was claimed.",
        "ആരും വാങ്ങാത്ത ബാക്കി {until} വരെ സൂക്ഷിച്ചു ({role_surplus_held_by}); ആ ദിവസം കഴിഞ്ഞു: അത് ആരെങ്കിലും "
        "വാങ്ങിയോ എന്ന് {authority}-ൽ അന്വേഷിക്കുക.",
    ),
    # The notice of an animal that has left the pound: the notice as it was posted, and what became of the animal.
    "animal_page_left": ("The animal's page", "മൃഗത്തിന്റെ പേജ്"),
    "notice_spent": ("This notice is no longer in force", "ഈ നോട്ടീസ് ഇപ്പോൾ പ്രാബല്യത്തിലില്ല"),
    "notice_outcome": ("What became of the animal: {how}, {day}.", "മൃഗത്തിന് പിന്നീട് സംഭവിച്ചത്: {how}, {day}."),
    "notice_text_auction_was": (
        "Unless claimed within {notice_to_auction_days} days of this notice, they were to be sold by public auction on "
        "or after {auction} ({s_auction}).",
        "ഈ നോട്ടീസിനു ശേഷം {notice_to_auction_days} ദിവസത്തിനകം തിരികെ വാങ്ങിയില്ലെങ്കിൽ {auction} മുതൽ "
        "പൊതുലേലത്തിൽ വിൽക്കാനിരുന്നതാണ് ({s_auction}).",
    ),
    "no_notice": (
        "This animal left the pound before a notice was due, so no notice was posted ({s_notice}).",
        "നോട്ടീസ് പതിക്കേണ്ട ദിവസത്തിനു മുമ്പ് മൃഗം പൗണ്ടിൽ നിന്ന് പോയി; അതിനാൽ നോട്ടീസ് പതിച്ചിട്ടില്ല ({s_notice}).",
    ),
    # The pound page: its auctions, lots known or not.
    "next_auction": ("Next auction", "അടുത്ത ലേലം"),
    "lot_cap": ("Lot", "ലോട്ട്"),
    "lots_not_known": ("lots not yet known", "ലോട്ടുകൾ ഇനിയും അറിവായിട്ടില്ല"),
    "more_lots": ("and {n} more lots", "കൂടാതെ {n} ലോട്ടുകൾ"),
    "no_auction_to_come": ("No auction to come is known.", "വരാനിരിക്കുന്ന ലേലമൊന്നും അറിവില്ല."),
    "rates_follow": ("Fines and feeding rates", "പിഴയും തീറ്റ നിരക്കും"),
    "controlled_by": ("Under", "നിയന്ത്രണം:"),
}

# What a rate row rests on, as rule files write it (pinfold.law.rules): English pages show the word as written.
RATE_STATUS_ML = {
    "statute": "നിയമത്തിലെ നിരക്ക്",
    "statute as enacted": "നിയമം പാസാക്കിയപ്പോഴുള്ള നിരക്ക്",
    "notified": "വിജ്ഞാപനം ചെയ്തത്",
    "council resolution": "കൗൺസിൽ തീരുമാനം",
    "example": "ഉദാഹരണം",
    "reported practice": "പ്രാദേശിക രീതി (പത്രവാർത്ത)",
}


# History and open data (ingest/history.py, ingest/package.py): an entry's corrections, a removed entry, the
# corrections feed, the downloads page. Field labels: English and Malayalam from pinfold/schema.py (one home).
T.update({f"field_{field}": (label, FIELDS_ML[field]) for field, label in FIELDS.items()})
T.update({
    "history_heading": ("Changes since it was published", "പ്രസിദ്ധീകരിച്ച ശേഷമുള്ള മാറ്റങ്ങൾ"),
    "corrected_on": ("Corrected on", "തിരുത്തിയത്"),
    "recorded_on": ("Recorded on", "രേഖപ്പെടുത്തിയത്"),
    "was": ("was", "മുമ്പ്"),
    "blank": ("blank", "ശൂന്യം"),
    "yes": ("yes", "ഉണ്ട്"),
    "no": ("no", "ഇല്ല"),
    "added_on": ("Added to the register; first published on", "രജിസ്റ്ററിൽ ചേർത്തു; ആദ്യം പ്രസിദ്ധീകരിച്ചത്"),
    "history_note": (
        "Pinfold keeps every change a pound makes to an entry after it was published (K s.7: the register is a "
        "public record). Names of people are never part of it.",
        "പ്രസിദ്ധീകരിച്ച ശേഷം പൗണ്ട് ഒരു എൻട്രിയിൽ വരുത്തുന്ന ഓരോ മാറ്റവും പിൻഫോൾഡ് സൂക്ഷിക്കുന്നു (K s.7: രജിസ്റ്റർ "
        "ഒരു പൊതുരേഖയാണ്). വ്യക്തികളുടെ പേരുകൾ ഇതിൽ ഒരിക്കലും ഉൾപ്പെടില്ല.",
    ),
    "removed_heading": ("Removed from the register", "രജിസ്റ്ററിൽ നിന്ന് നീക്കം ചെയ്തു"),
    "removed_explained": (
        "This entry was published, then the pound's register no longer held it. Removed on",
        "ഈ എൻട്രി പ്രസിദ്ധീകരിച്ച ശേഷം പൗണ്ടിന്റെ രജിസ്റ്ററിൽ നിന്ന് ഇല്ലാതായി. നീക്കം ചെയ്ത തീയതി",
    ),
    "removed_status": ("What the register last said of it", "രജിസ്റ്ററിൽ അവസാനം രേഖപ്പെടുത്തിയത്"),
    "removed_ask": (
        "If this was your animal, ask the pound why the entry was removed; the search may find it under another entry.",
        "ഇത് നിങ്ങളുടെ മൃഗമാണെങ്കിൽ എൻട്രി നീക്കിയതിന്റെ കാരണം പൗണ്ടിൽ ചോദിക്കുക; മറ്റൊരു എൻട്രിയിൽ തിരച്ചിലിൽ കണ്ടേക്കാം.",
    ),
    "feeds_changes": ("Corrections to the registers", "രജിസ്റ്ററുകളിലെ തിരുത്തലുകൾ"),
    "feeds_changes_intro": (
        "Entries added to a register, removed from it, or changed after they were published (a fine, a date, an "
        "outcome), as each ingest finds them. The same filters as the other feeds:",
        "പ്രസിദ്ധീകരിച്ച ശേഷം രജിസ്റ്ററിൽ ചേർത്തതോ നീക്കിയതോ മാറ്റിയതോ ആയ എൻട്രികൾ (പിഴ, തീയതി, തീർപ്പ്). മറ്റു "
        "ഫീഡുകളുടെ അതേ ഫിൽട്ടറുകൾ:",
    ),
    "downloads": ("Download all the data", "എല്ലാ ഡാറ്റയും ഡൗൺലോഡ് ചെയ്യുക"),
    "downloads_encoding": (
        "The CSV files are UTF-8, as Frictionless and most tools expect. In Excel, open one with Data > From Text/CSV "
        "and choose the file origin 65001: Unicode (UTF-8), or Malayalam words will not read right; LibreOffice asks "
        "for the character set as it opens the file.",
        "CSV ഫയലുകൾ UTF-8 ആണ്. Excel-ൽ Data > From Text/CSV വഴി തുറന്ന് file origin ആയി 65001: Unicode (UTF-8) "
        "തിരഞ്ഞെടുക്കുക; ഇല്ലെങ്കിൽ മലയാളം വാക്കുകൾ ശരിയായി കാണില്ല. LibreOffice ഫയൽ തുറക്കുമ്പോൾ character set ചോദിക്കും.",
    ),
    "downloads_intro": (
        "Every public table, whole, as CSV (UTF-8, one header row), and the whole database as one SQLite file, as "
        "the last ingest of the registers built them. No names of people are in any of them.",
        "എല്ലാ പൊതു പട്ടികകളും മുഴുവനായി CSV ആയി (UTF-8, ഒരു തലക്കെട്ട് വരി), മുഴുവൻ ഡാറ്റാബേസും ഒരു SQLite ഫയലായി, "
        "രജിസ്റ്ററുകളുടെ അവസാന ഇൻജസ്റ്റ് തയ്യാറാക്കിയതുപോലെ. ഇവയിലൊന്നിലും വ്യക്തികളുടെ പേരുകളില്ല.",
    ),
    "downloads_package": (
        "describes every file: each table's columns, their types and meaning, its keys, and the licence "
        "(a Frictionless Data Package: frictionless validate checks the files against it).",
        "ഓരോ ഫയലും വിവരിക്കുന്നു: ഓരോ പട്ടികയുടെയും കോളങ്ങൾ, അവയുടെ തരവും അർത്ഥവും, കീകൾ, ലൈസൻസ് (Frictionless "
        "Data Package: frictionless validate ഫയലുകൾ ഇതനുസരിച്ച് പരിശോധിക്കും).",
    ),
    "downloads_missing": (
        "The downloads of this database have not been built yet: they come with the next ingest of the registers.",
        "ഈ ഡാറ്റാബേസിന്റെ ഡൗൺലോഡുകൾ തയ്യാറായിട്ടില്ല: രജിസ്റ്ററുകളുടെ അടുത്ത ഇൻജസ്റ്റിൽ വരും.",
    ),
    "table": ("Table", "പട്ടിക"),
    "rows": ("Rows", "വരികൾ"),
    "size": ("Size", "വലിപ്പം"),
    "sqlite_file": ("The whole database (SQLite)", "മുഴുവൻ ഡാറ്റാബേസ് (SQLite)"),
    "downloads_by_pound": ("One file per pound", "ഓരോ പൗണ്ടിനും ഒരു ഫയൽ"),
    "licence": ("Licence", "ലൈസൻസ്"),
})  # fmt: skip

# The scorecard (issue 28, portal/routes/compliance.py): rule labels by pinfold/law/compliance.py's keys.
T.update({
    "compliance": ("How each pound keeps the law", "ഓരോ പൗണ്ടും നിയമം പാലിക്കുന്ന വിധം"),
    "compliance_lede": (
        "For each rule, the entries where the register records a departure from it, and their share of the entries "
        "brought. What the register records, not a finding about anyone.",
        "ഓരോ നിയമത്തിനും, അതിൽ നിന്നുള്ള വ്യതിയാനം രജിസ്റ്റർ രേഖപ്പെടുത്തുന്ന എൻട്രികളും കൊണ്ടുവന്ന എൻട്രികളിൽ "
        "അവയുടെ പങ്കും. രജിസ്റ്റർ രേഖപ്പെടുത്തുന്നത് മാത്രം, ആരെക്കുറിച്ചുമുള്ള കണ്ടെത്തലല്ല.",
    ),
    "compliance_all": ("Every pound's scorecard", "എല്ലാ പൗണ്ടുകളുടെയും സ്കോർകാർഡ്"),
    "compliance_rule": ("Rule", "നിയമം"),
    "compliance_state": ("All pounds", "എല്ലാ പൗണ്ടുകളും"),
    "compliance_rules": ("What is counted, and what the register cannot show", "എണ്ണുന്നത്, രജിസ്റ്ററിന് കാണിക്കാനാവാത്തതും"),
    "compliance_by_pound": ("By pound and year", "പൗണ്ടും വർഷവും അനുസരിച്ച്"),
    "compliance_query": ("The same figures as a query", "ഇതേ കണക്കുകൾ ഒരു ക്വറിയായി"),
    "compliance_table": ("The table compliance", "ഓപ്പൺ ഡാറ്റയിലെ പട്ടിക"),
    "entries_brought": ("Entries", "എൻട്രികൾ"),
    "year": ("Year", "വർഷം"),
    "not_in_act": ("—: the pound's Act has no such rule.", "—: പൗണ്ടിന്റെ നിയമത്തിൽ ഇങ്ങനെ ഒരു വ്യവസ്ഥയില്ല."),
    # a rule counted over some entries only (compliance.Rule.measured) where the register records none of them
    "not_recorded": ("not recorded", "രേഖയില്ല"),
    "not_recorded_hint": (
        "not recorded: the register records nothing the rule is counted from (a day of seizure; a buyer, with a "
        "roster of those barred from buying there), so no departure can be seen; it is not a 0.",
        "രേഖയില്ല: ഈ വ്യവസ്ഥ എണ്ണാനുള്ള വിവരം (പിടിച്ചെടുത്ത ദിവസം; വാങ്ങുന്നയാളും, അവിടെ വാങ്ങാൻ വിലക്കുള്ളവരുടെ പട്ടികയും) "
        "രജിസ്റ്ററിൽ ഇല്ല; അതിനാൽ ലംഘനം കാണാനാവില്ല; ഇത് 0 അല്ല.",
    ),
    "counted_when": ("Counted when the register records", "രജിസ്റ്റർ രേഖപ്പെടുത്തുമ്പോൾ എണ്ണുന്നു:"),
    "cannot_see": ("It cannot show", "അതിന് കാണിക്കാനാവാത്തത്:"),
    "rule_seizure_late": ("Brought later than the Act allows", "നിയമം അനുവദിക്കുന്നതിലും വൈകി കൊണ്ടുവന്നു"),
    "rule_notice_late": ("Notice recorded late, or not recorded", "നോട്ടീസ് വൈകി രേഖപ്പെടുത്തി, അല്ലെങ്കിൽ രേഖയില്ല"),
    "rule_sale_questioned": ("Sale before the lawful day, or while a complaint was pending", "നിയമപരമായ ദിവസത്തിന് മുമ്പോ പരാതി നിലനിൽക്കെയോ വിൽപന"),
    "rule_fine_above_scale": ("Fine above the scale in force", "നിലവിലുള്ള നിരക്കിലും കൂടിയ പിഴ"),
    "rule_barred_buyer": ("Sale to a person barred from buying", "വാങ്ങാൻ വിലക്കുള്ളയാൾക്ക് വിൽപന"),
    "rule_no_account": ("Sale with no account recorded", "കണക്ക് രേഖപ്പെടുത്താത്ത വിൽപന"),
    "rule_register_silent": ("Register silent on where the animal went", "മൃഗം എവിടെപ്പോയെന്ന് രജിസ്റ്ററിൽ ഇല്ല"),
    "rule_seizure_illegal": ("Seizure adjudged illegal", "പിടിച്ചെടുക്കൽ നിയമവിരുദ്ധമെന്ന് വിധിച്ചു"),
    "chart_rules_title": ("Departures the register records, per rule and year", "രജിസ്റ്റർ രേഖപ്പെടുത്തുന്ന വ്യതിയാനങ്ങൾ, നിയമവും വർഷവും അനുസരിച്ച്"),
    "chart_rules_summary": (
        "From {first} to {last}, the rule with the most departures recorded is: {rule} ({n} entries).",
        "{first} മുതൽ {last} വരെ, ഏറ്റവും കൂടുതൽ വ്യതിയാനങ്ങൾ രേഖപ്പെടുത്തിയ നിയമം: {rule} ({n} എൻട്രികൾ).",
    ),
    "chart_rules_none": ("The register records no departure from these rules.", "ഈ നിയമങ്ങളിൽ നിന്ന് ഒരു വ്യതിയാനവും രജിസ്റ്ററിൽ ഇല്ല."),
    "chart_numbers": ("The chart's numbers", "ചാർട്ടിലെ സംഖ്യകൾ"),
    "chart_empty": ("The register records nothing to draw here.", "ഇവിടെ വരയ്ക്കാൻ രജിസ്റ്ററിൽ ഒന്നുമില്ല."),
    "chart_outcomes_title": ("Entries per month brought, by what became of them", "കൊണ്ടുവന്ന മാസം അനുസരിച്ച് എൻട്രികൾ, അവയ്ക്ക് എന്തു സംഭവിച്ചു എന്നതനുസരിച്ച്"),
    "chart_outcomes_rows": ("What became of them", "എന്തു സംഭവിച്ചു"),
    "chart_outcomes_claimed": ("Claimed or released", "ഉടമ തിരികെ വാങ്ങി / വിട്ടുകൊടുത്തു"),
    "chart_outcomes_sold": ("Sold at auction", "ലേലത്തിൽ വിറ്റു"),
    "chart_outcomes_disposed": ("Disposed of", "മറ്റുവിധത്തിൽ ഒഴിവാക്കി"),
    "chart_outcomes_in_pound": ("In the pound", "പൗണ്ടിൽ"),
    "chart_outcomes_silent": ("Register silent", "രജിസ്റ്റർ നിശ്ശബ്ദം"),
    "chart_outcomes_summary": (
        "Brought from {first} to {last}: {claimed} claimed or released, {sold} sold, {disposed} disposed of, {in_pound} in the pound, {silent} where the register is silent.",
        "{first} മുതൽ {last} വരെ കൊണ്ടുവന്നവ: {claimed} തിരികെ വാങ്ങി/വിട്ടുകൊടുത്തു, {sold} വിറ്റു, {disposed} ഒഴിവാക്കി, {in_pound} പൗണ്ടിൽ, {silent} എണ്ണത്തിൽ രജിസ്റ്റർ നിശ്ശബ്ദം.",
    ),
    "chart_days_title": ("Days in the pound, of the entries that left it", "പൗണ്ടിൽ കഴിഞ്ഞ ദിവസങ്ങൾ, പുറത്തുപോയ എൻട്രികളുടെ"),
    "chart_days_rows": ("Days in the pound", "പൗണ്ടിലെ ദിവസങ്ങൾ"),
    "chart_days_left": ("Entries that left", "പുറത്തുപോയ എൻട്രികൾ"),
    "chart_days_summary": ("{n} entries left the pound; most stayed {days} days.", "{n} എൻട്രികൾ പൗണ്ടിൽ നിന്ന് പോയി; കൂടുതലും {days} ദിവസം കഴിഞ്ഞു."),
    "chart_fines_title": ("Fines levied per month, by the month the animal left", "മാസം തോറും ചുമത്തിയ പിഴ, മൃഗം പോയ മാസം അനുസരിച്ച്"),
    "chart_fines_rows": ("Month", "മാസം"),
    "chart_fines_fines": ("Fines levied", "ചുമത്തിയ പിഴ"),
    "chart_fines_summary": ("Fines the register records in {months} months from {first} to {last}; the table gives them exactly.", "{first} മുതൽ {last} വരെ {months} മാസങ്ങളിൽ രജിസ്റ്റർ രേഖപ്പെടുത്തിയ പിഴ; പട്ടികയിൽ കൃത്യമായ തുക."),
})  # fmt: skip
# What each rule counts and cannot show: the English from pinfold/law/compliance.py, the Malayalam here
COMPLIANCE_ML = {
    "counted_seizure_late": "കൊണ്ടുവന്ന ദിവസത്തിന് ഒരു ദിവസത്തിലേറെ മുമ്പുള്ള പിടിച്ചെടുക്കൽ ദിവസം",
    "counted_notice_late": "നോട്ടീസ് ദിവസം കഴിഞ്ഞ് പതിച്ചത്, അല്ലെങ്കിൽ ആ ദിവസത്തിനു ശേഷവും പൗണ്ടിലുണ്ടായിരുന്ന മൃഗത്തിന് നോട്ടീസ് രേഖയില്ലാത്തത്",
    "counted_sale_questioned": "ആദ്യ ലേല ദിവസത്തിന് മുമ്പോ, സമയത്ത് നൽകിയ പരാതി തീർപ്പാകാതിരിക്കെയോ ഉള്ള വിൽപന ദിവസം",
    "counted_fine_above_scale": "പ്രദേശത്തിനും ഇനത്തിനും ദിവസത്തിനും വിജ്ഞാപനം ചെയ്ത നിരക്കിലും കൂടുതൽ ഈടാക്കിയ പിഴ",
    "counted_barred_buyer": "പൗണ്ടിന്റെ നിയമം വിലക്കുന്ന പദവിയിലുള്ള, പട്ടികയിലെ ഒരു വാങ്ങുന്നയാൾ",
    "counted_no_account": "വിൽപനത്തുക രേഖപ്പെടുത്താത്ത വിൽപന",
    "counted_register_silent": "ആദ്യ ലേല ദിവസത്തിന് ഒരു മാസം കഴിഞ്ഞും ഫലമൊന്നും ഇല്ലാത്തത്",
    "counted_seizure_illegal": "പിടിച്ചെടുക്കൽ നിയമവിരുദ്ധമെന്ന് പറയുന്ന പരാതിയുടെ തീർപ്പ്",
    "unseen_seizure_late": "പിടിച്ചെടുക്കൽ ദിവസം രേഖപ്പെടുത്താത്ത രജിസ്റ്ററുകൾ; പിടിച്ചെടുത്ത മണിക്കൂർ",
    "unseen_notice_late": "രേഖപ്പെടുത്താത്ത നോട്ടീസ് പതിച്ചിരുന്നോ എന്ന് (രേഖയില്ല എന്നത് പതിച്ചില്ല എന്നല്ല); ചെണ്ടകൊട്ടി അറിയിക്കൽ",
    "unseen_sale_questioned": "ഉടമ വന്നിട്ടും പണം നൽകാൻ വിസമ്മതിച്ചോ എന്ന് (K s.15(1)); അങ്ങനെയെങ്കിൽ നേരത്തെയുള്ള വിൽപന നിയമപരമാണ്",
    "unseen_fine_above_scale": "നിരക്കിനെതിരെ തീറ്റച്ചെലവ്; രജിസ്റ്റർ രേഖപ്പെടുത്താത്ത പിഴകൾ; വിജ്ഞാപനം ചെയ്ത നിരക്കില്ലാത്തിടത്തെ പിഴകൾ (ഉദാഹരണ തുകയോ കൗൺസിൽ തീരുമാനമോ മാത്രം)",
    "unseen_barred_buyer": "പട്ടികയിലില്ലാത്ത വാങ്ങുന്നവർ; മറ്റൊരാൾ വഴി (പരോക്ഷമായി) വാങ്ങൽ",
    "unseen_no_account": "ഉടമയ്ക്ക് കണക്ക് നൽകിയോ എന്ന്; മിച്ചത്തുക എന്തായി എന്ന്",
    "unseen_register_silent": "രജിസ്റ്ററിനു പുറത്ത് രേഖപ്പെടുത്തിയ ഫലം",
    "unseen_seizure_illegal": "രജിസ്റ്ററിൽ രേഖപ്പെടുത്താത്ത പരാതികൾ",
}  # fmt: skip
T.update({f"{part}_{r.key}": (getattr(r, part), COMPLIANCE_ML[f"{part}_{r.key}"])
          for r in COMPLIANCE_RULES for part in ("counted", "unseen")})  # fmt: skip


# Owners III: a search that forgives what owners type (portal/forgiving.py)
T.update({
    "showing_results_for": ("Showing results for", "ഇതിനുള്ള ഫലങ്ങൾ കാണിക്കുന്നു:"),
    "search_as_typed": ("Search instead for what you typed:", "പകരം ടൈപ്പ് ചെയ്തതുപോലെ തിരയുക:"),
    "words_left_out": (
        "No animal's record has these words, so they were left out of the search:",
        "ഒരു മൃഗത്തിന്റെയും രേഖയിൽ ഈ വാക്കുകൾ ഇല്ല, അതിനാൽ അവ ഒഴിവാക്കി തിരഞ്ഞു:",
    ),
})  # fmt: skip


# Owners III: feeds and calendars in the owner's language (portal/feeds.py, portal/ical.py)
T.update({
    "feed_title_feed_impounded": ("newest impoundments", "പുതുതായി പിടിച്ചുകെട്ടിയ മൃഗങ്ങൾ"),
    "feed_title_feed_notices": ("notices of unclaimed cattle", "ആരും തിരികെ വാങ്ങാത്ത കന്നുകാലികളുടെ നോട്ടീസുകൾ"),
    "feed_title_feed_auctions": ("auctions of unclaimed cattle", "ആരും തിരികെ വാങ്ങാത്ത കന്നുകാലികളുടെ ലേലങ്ങൾ"),
    "feed_title_feed_changes": ("corrections to the registers", "രജിസ്റ്ററുകളിലെ തിരുത്തലുകൾ"),
    "feed_about_feed_impounded": (
        "Cattle newly entered in pound registers.", "പൗണ്ട് രജിസ്റ്ററുകളിൽ പുതുതായി ചേർത്ത കന്നുകാലികൾ."),
    "feed_about_feed_notices": (
        "Cattle not claimed within the days the Act gives the owner, before public auction.",
        "നിയമം ഉടമയ്ക്ക് നൽകുന്ന ദിവസങ്ങൾക്കുള്ളിൽ ആരും തിരികെ വാങ്ങാത്ത, ലേലത്തിനു മുമ്പുള്ള കന്നുകാലികൾ."),
    "feed_about_feed_auctions": (
        "Public auctions scheduled by order, or proposed for the earliest day the Act allows.",
        "ഉത്തരവു പ്രകാരം നിശ്ചയിച്ചതോ, നിയമം അനുവദിക്കുന്ന ആദ്യ ദിവസത്തേക്ക് നിർദ്ദേശിച്ചതോ ആയ പൊതു ലേലങ്ങൾ."),
    "feed_about_feed_changes": (
        "Register entries added, removed or changed after they were published.",
        "പ്രസിദ്ധീകരിച്ച ശേഷം ചേർത്തതോ നീക്കിയതോ മാറ്റിയതോ ആയ രജിസ്റ്റർ വരികൾ."),
    "feed_title_feed_compliance": (
        "what the registers record against the Acts' rules",
        "നിയമത്തിലെ വ്യവസ്ഥകൾക്കെതിരെ രജിസ്റ്ററുകൾ രേഖപ്പെടുത്തുന്നത്"),
    "feed_about_feed_compliance": (
        "Entries whose register records a departure from a rule of its Act: what the register records, not a finding.",
        "നിയമത്തിലെ ഒരു വ്യവസ്ഥയിൽ നിന്നുള്ള വ്യതിചലനം രജിസ്റ്റർ രേഖപ്പെടുത്തുന്ന വരികൾ: രജിസ്റ്റർ രേഖപ്പെടുത്തുന്നത്, ഒരു "
        "കണ്ടെത്തലല്ല."),
    "feed_is": (
        "This is a feed. A feed reader or a phone's news app checks it for you and shows each new entry as it comes: "
        "copy this address into the app.",
        "ഇതൊരു ഫീഡ് ആണ്. ഒരു ഫീഡ് റീഡറോ ഫോണിലെ വാർത്താ ആപ്പോ ഇത് നിങ്ങൾക്കായി പരിശോധിച്ച് ഓരോ പുതിയ വിവരവും "
        "വരുന്ന മുറയ്ക്ക് കാണിക്കും: ഈ വിലാസം ആപ്പിലേക്ക് പകർത്തുക."),
    "feed_address": ("Feed address", "ഫീഡ് വിലാസം"),
    "feed_without_app": (
        "Without an app, the same entries are below and on Pinfold's pages.",
        "ആപ്പ് ഇല്ലെങ്കിൽ, ഇതേ വിവരങ്ങൾ താഴെയും പിൻഫോൾഡിന്റെ പേജുകളിലും ഉണ്ട്."),
    "feed_newest": ("Newest entries", "ഏറ്റവും പുതിയവ"),
    "feed_empty": ("Nothing in this feed yet.", "ഈ ഫീഡിൽ ഇതുവരെ ഒന്നുമില്ല."),
    "notice_qr_label": ("QR code of this animal's page", "ഈ മൃഗത്തിന്റെ പേജിന്റെ QR കോഡ്"),
    "notice_qr_caption": (
        "Scan the code with a phone's camera, or type this address, to see what is due today and the last day to claim:",
        "ഇന്ന് അടയ്‌ക്കേണ്ട തുകയും തിരികെ വാങ്ങാനുള്ള അവസാന ദിവസവും കാണാൻ, ഫോൺ ക്യാമറ കൊണ്ട് കോഡ് സ്കാൻ ചെയ്യുക, "
        "അല്ലെങ്കിൽ ഈ വിലാസം ടൈപ്പ് ചെയ്യുക:"),
    # issue 24: a rule file's example figures, named in Malayalam (the file's own reference is in English)
    "example_scale_label": (
        "EXAMPLE scale for demonstration (not a Gazette notification)",
        "പ്രദർശനത്തിനുള്ള ഉദാഹരണ പിഴ പട്ടിക (ഗസറ്റ് വിജ്ഞാപനമല്ല)"),
    "example_rate_label": (
        "EXAMPLE feeding and watering rate (not a council resolution)",
        "തീറ്റയ്ക്കും വെള്ളത്തിനുമുള്ള ഉദാഹരണ നിരക്ക് (കൗൺസിൽ തീരുമാനമല്ല)"),
    # K s.11(2) multiplies the fine "within such local area" as the Government notifies: the area's notification
    "example_habitual_label": (
        "EXAMPLE habitual-trespass notification (not in the Gazette)",
        "ശീലമായ അതിക്രമ പ്രദേശത്തിന്റെ ഉദാഹരണ വിജ്ഞാപനം (ഗസറ്റിലില്ല)"),
    # The one day to act on is the last day to claim; a printed notice's later day only explains the notice
    # (templates/_notice_gap.html, notice.html), K s.13(3): "seven days from the date of the notice".
    "notice_gap_why": (
        "Why a printed notice may give a later day",
        "അച്ചടിച്ച നോട്ടീസിൽ പിന്നീടുള്ള തീയതി വരാവുന്നതെന്തുകൊണ്ട്"),
    "notice_gap": (
        "Why a printed notice may give a later day: the register does not record this animal's notice as posted. A "
        "notice posted only today puts the auction on or after {later} ({s_auction}), and the printable notice says "
        "so. The earliest auction above counts from the day the notice was due, {due}, as if it had been posted then: "
        "the earliest day the animal could lawfully be sold.",
        "അച്ചടിച്ച നോട്ടീസിൽ പിന്നീടുള്ള തീയതി വരാവുന്നതെന്തുകൊണ്ട്: ഈ മൃഗത്തിന്റെ നോട്ടീസ് പതിച്ചതായി രജിസ്റ്ററിൽ "
        "രേഖയില്ല. ഇന്നു മാത്രം പതിക്കുന്ന നോട്ടീസ് പ്രകാരം ലേലം {later}-നോ അതിനു ശേഷമോ ആണ് ({s_auction}); "
        "അച്ചടിക്കാവുന്ന നോട്ടീസിൽ അതാണുള്ളത്. മുകളിലെ ഏറ്റവും നേരത്തെയുള്ള ലേലദിവസം, നോട്ടീസ് പതിക്കേണ്ടിയിരുന്ന "
        "{due} മുതൽ, അന്ന് പതിച്ചതുപോലെ, കണക്കാക്കിയതാണ്: മൃഗത്തെ നിയമപ്രകാരം വിൽക്കാവുന്ന ഏറ്റവും നേരത്തെയുള്ള "
        "ദിവസം."),
    "notice_gap_claim_by": (
        "Claim it by {claim_by}, the last day to claim above.",
        "മുകളിലെ അവസാന ദിവസമായ {claim_by}-നകം തിരികെ വാങ്ങുക."),
    "notice_gap_go_today": (
        "That day has come: it may be sold any day now, so go to the pound today.",
        "ആ ദിവസം എത്തി: ഏതു ദിവസവും വിൽക്കാം, ഇന്നുതന്നെ പൗണ്ടിലെത്തുക."),
    "notice_owner_note": (
        "For the owner: this notice is not yet recorded as posted, so it is printed as posted today and gives the "
        "auction on or after {later}. If it was posted on its due day, {due}, the animal may lawfully be sold sooner "
        "({s_auction}).",
        "ഉടമയ്ക്ക്: ഈ നോട്ടീസ് പതിച്ചതായി ഇതുവരെ രേഖയില്ല; അതിനാൽ ഇന്ന് പതിച്ചതായി അച്ചടിക്കുന്നു, ലേലം {later}-നോ "
        "അതിനു ശേഷമോ എന്ന്. പതിക്കേണ്ടിയിരുന്ന {due}-ന് തന്നെ പതിച്ചിരുന്നെങ്കിൽ അതിനു മുമ്പുതന്നെ "
        "മൃഗത്തെ നിയമപ്രകാരം വിൽക്കാം ({s_auction})."),
    "notice_owner_claim_by": ("Claim it by {claim_by}:", "{claim_by}-നകം തിരികെ വാങ്ങുക:"),
    "share_heading": ("Pass it on", "മറ്റുള്ളവരെ അറിയിക്കുക"),
    "share_whatsapp": ("Share on WhatsApp", "വാട്ട്‌സ്ആപ്പിൽ പങ്കിടുക"),
    "share_copy": ("Or copy this message", "അല്ലെങ്കിൽ ഈ സന്ദേശം പകർത്തുക"),
    "share_in_pound": ("In a cattle pound", "കന്നുകാലി പൗണ്ടിൽ"),
    "share_last_day": ("Last day to claim before auction", "ലേലത്തിനു മുമ്പ് തിരികെ വാങ്ങാനുള്ള അവസാന ദിവസം"),
    "calendar_name": ("Pinfold: cattle pound auctions", "പിൻഫോൾഡ്: കന്നുകാലി പൗണ്ട് ലേലങ്ങൾ"),
    "calendar_auction": ("Cattle auction", "കന്നുകാലി ലേലം"),
    "calendar_proposed": ("Proposed cattle auction", "നിർദ്ദേശിച്ച കന്നുകാലി ലേലം"),
    "calendar_no_lots": ("lots not yet known", "ലോട്ടുകൾ ഇനിയും അറിവായിട്ടില്ല"),
    "calendar_head": ("head", "എണ്ണം"),
    "calendar_public": ("Public auction of unclaimed cattle", "ആരും തിരികെ വാങ്ങാത്ത കന്നുകാലികളുടെ പൊതു ലേലം"),
    "calendar_proposed_status": (f"proposed for {PROPOSED_MEANS[0]}", f"നിർദ്ദേശിച്ചത്: {PROPOSED_MEANS[1]}"),
    "calendar_none_yet": (
        "No animal is yet known to be in it: animals unclaimed by then may be sold (the pound's page lists them).",
        "ഇതിൽ ഇതുവരെ ഒരു മൃഗവും ഉള്ളതായി അറിവില്ല: അതുവരെ ആരും തിരികെ വാങ്ങാത്ത മൃഗങ്ങളെ വിൽക്കാം "
        "(പൗണ്ടിന്റെ പേജിൽ അവയുടെ പട്ടികയുണ്ട്)."),
})  # fmt: skip


# issue 24: Kerala's districts in Malayalam, for dropdowns, headings and lists (a district not here stays as written)
DISTRICTS_ML = {
    "Thiruvananthapuram": "തിരുവനന്തപുരം", "Kollam": "കൊല്ലം", "Pathanamthitta": "പത്തനംതിട്ട",
    "Alappuzha": "ആലപ്പുഴ", "Kottayam": "കോട്ടയം", "Idukki": "ഇടുക്കി", "Ernakulam": "എറണാകുളം",
    "Thrissur": "തൃശ്ശൂർ", "Palakkad": "പാലക്കാട്", "Malappuram": "മലപ്പുറം", "Kozhikode": "കോഴിക്കോട്",
    "Wayanad": "വയനാട്", "Kannur": "കണ്ണൂർ", "Kasaragod": "കാസർഗോഡ്",
}  # fmt: skip


def district_label(district: str, lang: str) -> str:
    """('Thrissur', 'ml') -> 'തൃശ്ശൂർ'; ('Thrissur', 'en') -> 'Thrissur'; a district not known -> as written."""
    return DISTRICTS_ML.get(district, district) if lang == "ml" else district


def t(key: str, lang: str) -> str:
    en, ml = T.get(key, (key, key))
    return ml if lang == "ml" else en


# The sentences that quote an Act take its words from the pack ([quotes] <key>), as {q_<key>}.
QUOTED = ("repaid", "agent")


def law_values(pack: RulePack, on: dt.date | None = None, lang: str = "en") -> dict[str, str]:
    """What a sentence about the law may say, from the pack: its periods ('claim_days': '7'), the largest compensation
    in the notation of the day ('compensation': '₹100.00'), the seizure rule and its roles ('role_surplus_held_by')
    in the page's language, and its sections as 's_<key>'."""
    values = {k: str(v) for k, v in pack.periods().items()}
    values["compensation"] = pack.compensation_max.display(on) if pack.compensation_max is not None else ""
    values["seizure_rule"] = pack.words("clock.seizure_rule", lang)
    values["title"] = pack.words("title", lang)
    values |= {f"role_{k}": pack.words(f"roles.{k}", lang) for k in pack.roles}
    values |= {f"s_{k}": v for k, v in pack.sections.items()}
    # the Act's own words a sentence quotes (a pack's [quotes]: K s.21(1) and 1857 s.XIV differ), in quotation marks;
    # a pack without them has the words said, unquoted, never another Act's words in quotation marks
    for key in QUOTED:
        words = pack.words(f"quotes.{key}", lang)
        values[f"q_{key}"] = f'"{words}"' if words else t(f"unquoted_{key}", lang)
    return values


def law_text(key: str, pack: RulePack, lang: str, on: dt.date | None = None, **extra: object) -> Markup:
    """A sentence about the law, with its periods, amounts and sections read from the pound's pack, never typed in:
    ('law_notice', kerala-1961, 'en') -> 'If nobody claims it within 7 days a notice is posted ... within 7 days of
    the notice it may be sold at public auction.' A section the pack lacks reads as nothing. The sentence is HTML:
    its words and plain values escaped, a value already Markup (a register's words marked as written) kept."""
    values = _Blank(law_values(pack, on, lang) | {k: v if isinstance(v, Markup) else str(v) for k, v in extra.items()})
    return Markup(escape(t(key, lang))).format_map(values)


class _Blank(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return ""


def rate_status_label(status: str, lang: str) -> str:
    """('example', 'ml') -> 'ഉദാഹരണം'; ('example', 'en') -> 'example'; a status no rule file is known to write -> as is."""
    return RATE_STATUS_ML.get(status, status) if lang == "ml" else status


def status_label(status: str, lang: str) -> str:
    en, ml = STATUS.get(status, (status, status))
    return ml if lang == "ml" else en


def colour_label(colour: str | None, lang: str) -> str:
    """('black and white', 'ml') -> 'കറുപ്പ്, വെള്ള'; ('black', 'en') -> 'black'; a colour without a word -> as read."""
    if not colour:
        return ""
    if lang != "ml":
        return colour
    parts = [p.strip() for p in colour.replace("&", " and ").split(" and ")]
    return ", ".join(COLOURS_ML.get(p, p) for p in parts if p)


def head_label(n: int, species: str, lang: str) -> str:
    """(2, 'calf', 'en') -> '2 calves'; (2, 'calf', 'ml') -> '2 കന്നുകുട്ടി' (a Malayalam count takes the noun as is)."""
    return f"{n} {species_label(species, lang)}" if lang == "ml" else head_of(n, species)


# issue 27: the feeds' entries in Malayalam, made from the feed views' columns (portal/feeds.py entry_words). The
# English of each is the view's own atom_title and atom_summary (pinfold/schema.py feed_* views), the contract the
# API, Datasette and the downloads read; the register's own text (descriptions, pound names) stays as written.
FEED_ML = {
    "impounded_title": "{animal}: {pound}-ൽ പിടിച്ചുകെട്ടി",
    "impounded_at": "{pound}, {district}; പൗണ്ടിൽ എത്തിച്ചത് {date}.",
    "fine": "പിഴ {fine}",
    "no_fine_statutory": "പിഴ: നിയമത്തിലെ നിരക്കുപട്ടികയിൽ ഈ ഇനത്തിന് പിഴ പറയുന്നില്ല ({section})",
    "no_fine_scale": "പിഴ: ഈ പ്രദേശത്തിനും ഇനത്തിനും വിജ്ഞാപനം ചെയ്ത നിരക്കുപട്ടിക ലഭ്യമല്ല ({section})",
    "feeding": "; തീറ്റയ്ക്ക് ഒരു മൃഗത്തിന് ഒരു ദിവസം {rate}",
    "basis": " ({basis})",  # a figure's NOT_NOTIFIED words, as the English view's summary gives them
    "seizer_pays": "പിടിച്ചെടുക്കൽ നിയമവിരുദ്ധമെന്ന് വിധിച്ചു: പിഴയും ചെലവും പിടിച്ചെടുത്തയാൾ നൽകണം, ഉടമ ഒന്നും നൽകേണ്ട ({section}).",
    "last_day": "ലേലത്തിനു മുമ്പ് തിരികെ വാങ്ങാനുള്ള അവസാന ദിവസം: {date} ({section}).",
    "status": "നില: {status}.",
    "notice_title": "നോട്ടീസ്: {animal} — {pound}-ൽ ആരും തിരികെ വാങ്ങിയില്ല",
    "notice_summary": "{animal}{description}: {pound}, {district}; പൗണ്ടിൽ എത്തിച്ചത് {brought}. നോട്ടീസ് പതിച്ചത് {posted}."
    " ആരും തിരികെ വാങ്ങിയില്ലെങ്കിൽ {auction} മുതൽ പൊതു ലേലത്തിൽ വിൽക്കാം ({section}).",
    "notice_summary_no_day": "{animal}{description}: {pound}, {district}; പൗണ്ടിൽ എത്തിച്ചത് {brought}."
    " നോട്ടീസ് പതിച്ചത് {posted} ({section}).",
    "auction_title": "{auction} — {pound}, {date}{time}",
    "auction_proposed": "നിർദ്ദേശിച്ച ലേലം (നിയമം അനുവദിക്കുന്ന ആദ്യ ദിവസം, വിൽപ്പനയ്ക്ക് നിശ്ചയിച്ച ദിവസമല്ല)",
    "auction_lot": "ലോട്ട് {n}: {animal}{description}",
    "auction_more": "കൂടാതെ {n} ലോട്ടുകൾ കൂടി",
    "change_added": "രജിസ്റ്ററിൽ ചേർത്തു",
    "change_removed": "രജിസ്റ്ററിൽ നിന്ന് നീക്കി",
    "change_recorded": "രേഖപ്പെടുത്തി",
    "change_corrected": "തിരുത്തി",
    "change_title": "{change}: {animal} — {pound}{field}",
    "change_changed": "{field}: {after} (മുമ്പ് {before}).",
    "change_removed_summary": "പ്രസിദ്ധീകരിച്ച ശേഷം രജിസ്റ്ററിൽ നിന്ന് നീക്കി (അന്നത്തെ നില: {status}).",
    "change_added_summary": "രജിസ്റ്ററിൽ ചേർത്തു.",
    "change_entry": "എൻട്രി {entry}, പൗണ്ടിൽ എത്തിച്ചത് {brought}, {pound}{district}.",
    "compliance_title": "രജിസ്റ്റർ രേഖപ്പെടുത്തുന്നത്: {rules} — {animal}, {pound}",
    "compliance_summary": "എൻട്രി {entry}, പൗണ്ടിൽ എത്തിച്ചത് {brought}, {pound}, {district}. രജിസ്റ്റർ"
    " രേഖപ്പെടുത്തുന്നതാണ്, ഒരു കണ്ടെത്തലല്ല: /compliance കാണുക.",
    "blank": "ശൂന്യം",
    "not_known": "അറിയില്ല",
    "no_number": "നമ്പറില്ലാത്തത്",
}
