"""What alerts say, in English and Malayalam: one home for the form's answers and the messages' words."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "confirm_subject": {"en": "Confirm your Pinfold alert", "ml": "നിങ്ങളുടെ Pinfold അറിയിപ്പ് സ്ഥിരീകരിക്കുക"},
    "confirm_body": {
        "en": "Someone asked Pinfold to e-mail this address when an animal matching this search is brought to a"
        " pound:\n{search}\n\nTo start the alerts, open this link:\n{confirm}\n\nIf it was not you, do nothing:"
        " the address is forgotten in 48 hours and nothing else is sent.\n",
        "ml": "ഈ തിരച്ചിലുമായി പൊരുത്തപ്പെടുന്ന ഒരു മൃഗത്തെ പൗണ്ടിൽ എത്തിക്കുമ്പോൾ ഈ വിലാസത്തിലേക്ക് ഇ-മെയിൽ അയയ്ക്കാൻ"
        " ആരോ Pinfold-നോട് ആവശ്യപ്പെട്ടു:\n{search}\n\nഅറിയിപ്പുകൾ തുടങ്ങാൻ ഈ ലിങ്ക് തുറക്കുക:\n{confirm}\n\n"
        "അത് നിങ്ങളല്ലെങ്കിൽ ഒന്നും ചെയ്യേണ്ട: 48 മണിക്കൂറിനുള്ളിൽ വിലാസം മറക്കും, മറ്റൊന്നും അയയ്ക്കില്ല.\n",
    },
    "alert_subject": {
        "en": "Pinfold: {n} animal(s) matching your search brought to a pound",
        "ml": "Pinfold: നിങ്ങളുടെ തിരച്ചിലുമായി പൊരുത്തപ്പെടുന്ന {n} മൃഗം പൗണ്ടിൽ",
    },
    "alert_body": {
        "en": "Brought to a pound, and matching your search ({search}):\n\n{animals}\n\n"
        "Stop these e-mails (one click): {unsubscribe}\nAll your alerts: {manage}\n",
        "ml": "പൗണ്ടിൽ എത്തിച്ചത്, നിങ്ങളുടെ തിരച്ചിലുമായി പൊരുത്തപ്പെടുന്നത് ({search}):\n\n{animals}\n\n"
        "ഈ ഇ-മെയിലുകൾ നിർത്താൻ (ഒറ്റ ക്ലിക്ക്): {unsubscribe}\nനിങ്ങളുടെ എല്ലാ അറിയിപ്പുകളും: {manage}\n",
    },
    "manage_subject": {"en": "Your Pinfold alerts", "ml": "നിങ്ങളുടെ Pinfold അറിയിപ്പുകൾ"},
    "manage_body": {
        "en": "To see or end the alerts sent to this address, open:\n{manage}\n",
        "ml": "ഈ വിലാസത്തിലേക്കുള്ള അറിയിപ്പുകൾ കാണാനോ നിർത്താനോ തുറക്കുക:\n{manage}\n",
    },
    "asked": {
        "en": "Thank you. If this address can receive e-mail, a message with a link to confirm is on its way."
        " Nothing else is sent until the link is followed.",
        "ml": "നന്ദി. ഈ വിലാസത്തിൽ ഇ-മെയിൽ ലഭിക്കുമെങ്കിൽ, സ്ഥിരീകരിക്കാനുള്ള ലിങ്കുള്ള ഒരു സന്ദേശം വരുന്നുണ്ട്."
        " ലിങ്ക് തുറക്കുന്നതുവരെ മറ്റൊന്നും അയയ്ക്കില്ല.",
    },
    "confirmed": {
        "en": "Confirmed: you will be e-mailed when an animal matching this search is brought to a pound.",
        "ml": "സ്ഥിരീകരിച്ചു: ഈ തിരച്ചിലുമായി പൊരുത്തപ്പെടുന്ന മൃഗത്തെ പൗണ്ടിൽ എത്തിക്കുമ്പോൾ ഇ-മെയിൽ ലഭിക്കും.",
    },
    "unknown_link": {
        "en": "This link is not known: it was used already, or it was not confirmed within 48 hours.",
        "ml": "ഈ ലിങ്ക് അറിയില്ല: ഇത് ഇതിനകം ഉപയോഗിച്ചു, അല്ലെങ്കിൽ 48 മണിക്കൂറിനുള്ളിൽ സ്ഥിരീകരിച്ചില്ല.",
    },
    "unsubscribed": {
        "en": "Done: no more e-mails for this search.",
        "ml": "ചെയ്തു: ഈ തിരച്ചിലിന് ഇനി ഇ-മെയിലുകൾ ഇല്ല.",
    },
    "unsubscribe_button": {"en": "Stop these e-mails", "ml": "ഈ ഇ-മെയിലുകൾ നിർത്തുക"},
    "manage_title": {"en": "Your alerts", "ml": "നിങ്ങളുടെ അറിയിപ്പുകൾ"},
    "end_all": {"en": "End all and forget this address", "ml": "എല്ലാം നിർത്തി ഈ വിലാസം മറക്കുക"},
    "forgotten": {"en": "Done: the address is forgotten.", "ml": "ചെയ്തു: വിലാസം മറന്നു."},
    "too_many": {
        "en": "Too many requests: try again in an hour.",
        "ml": "വളരെയധികം അപേക്ഷകൾ: ഒരു മണിക്കൂർ കഴിഞ്ഞ് വീണ്ടും ശ്രമിക്കുക.",
    },
    "bad_address": {
        "en": "That is not an e-mail address: write it as name@example.com.",
        "ml": "അതൊരു ഇ-മെയിൽ വിലാസമല്ല: name@example.com എന്ന രീതിയിൽ എഴുതുക.",
    },
    "cross_site": {
        "en": "This form can only be sent from Pinfold's own pages.",
        "ml": "ഈ ഫോം Pinfold-ന്റെ സ്വന്തം പേജുകളിൽ നിന്ന് മാത്രമേ അയയ്ക്കാനാകൂ.",
    },
    "manage_ask": {"en": "Send me a link to my alerts", "ml": "എന്റെ അറിയിപ്പുകളിലേക്കുള്ള ലിങ്ക് അയയ്ക്കുക"},
    "manage_hint": {
        "en": "Nothing more to do here. Later, to see or end every alert of an address, ask for a link:",
        "ml": "ഇവിടെ ഇനി ഒന്നും ചെയ്യേണ്ടതില്ല. പിന്നീട്, ഒരു വിലാസത്തിലെ എല്ലാ അറിയിപ്പുകളും കാണാനോ നിർത്താനോ ലിങ്ക് ചോദിക്കുക:",
    },
    "back": {"en": "Back to the page you were on", "ml": "നിങ്ങൾ കണ്ടിരുന്ന പേജിലേക്ക് മടങ്ങുക"},
    "alerts_title": {"en": "E-mail alerts", "ml": "ഇ-മെയിൽ അറിയിപ്പുകൾ"},
    "the_search": {"en": "The search: {search}", "ml": "തിരച്ചിൽ: {search}"},
}


def w(key: str, lang: str) -> str:
    """w('confirmed', 'ml') -> its Malayalam; any other language -> English."""
    return WORDS[key].get(lang, WORDS[key]["en"])


WORDS.update(
    {
        "form_heading": {
            "en": "E-mail me when an animal matching this search is brought to a pound",
            "ml": "ഈ തിരച്ചിലുമായി പൊരുത്തപ്പെടുന്ന മൃഗത്തെ പൗണ്ടിൽ എത്തിക്കുമ്പോൾ എനിക്ക് ഇ-മെയിൽ അയയ്ക്കുക",
        },
        "like_this": {"en": "Tell me about animals like this", "ml": "ഇതുപോലുള്ള മൃഗങ്ങളെക്കുറിച്ച് എന്നെ അറിയിക്കുക"},
        "email_label": {"en": "E-mail address", "ml": "ഇ-മെയിൽ വിലാസം"},
        "form_button": {"en": "E-mail me", "ml": "എനിക്ക് ഇ-മെയിൽ അയയ്ക്കുക"},
        "asked_manage": {
            "en": "If this address has alerts, a link to see and end them is on its way.",
            "ml": "ഈ വിലാസത്തിന് അറിയിപ്പുകളുണ്ടെങ്കിൽ, അവ കാണാനും നിർത്താനുമുള്ള ലിങ്ക് വരുന്നുണ്ട്.",
        },
    }
)
