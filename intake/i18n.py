"""The intake's words in English and Malayalam (the portal's `lang` switch: ?lang=ml, remembered in a cookie)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from pinfold.schema import COLUMN_WORDS, FIELDS_ML
from pinfold.vocabulary import EN_MONTHS, date_label

LANGS = ("en", "ml")

WORDS: dict[str, tuple[str, str]] = {
    "title": ("Pinfold intake: pound staff", "പിൻഫോൾഡ് ഇൻടേക്ക്: പൗണ്ട് ജീവനക്കാർ"),
    "sign_in": ("Sign in", "പ്രവേശിക്കുക"),
    "sign_out": ("Sign out", "പുറത്തിറങ്ങുക"),
    "username": ("Username", "ഉപയോക്തൃനാമം"),
    "password": ("Password", "പാസ്‌വേഡ്"),
    "wrong": ("Wrong username or password.", "ഉപയോക്തൃനാമമോ പാസ്‌വേഡോ തെറ്റാണ്."),
    "throttled": (
        "Too many wrong passwords: sign-in is closed for {minutes} minutes. Try again later.",
        "തെറ്റായ പാസ്‌വേഡുകൾ കൂടുതലായി: {minutes} മിനിറ്റ് പ്രവേശനം അടച്ചിരിക്കുന്നു. പിന്നീട് ശ്രമിക്കുക.",
    ),
    "signed_in_as": ("Signed in as", "പ്രവേശിച്ചത്"),
    "upload": ("Upload a register", "രജിസ്റ്റർ അപ്‌ലോഡ് ചെയ്യുക"),
    "pound": ("Pound", "പൗണ്ട്"),
    "register_file": ("Register file", "രജിസ്റ്റർ ഫയൽ"),
    "formats": (
        "CSV, XLSX, ODS, XLS or JSON, up to 32 MB. Nothing is published until you press Publish.",
        "CSV, XLSX, ODS, XLS അല്ലെങ്കിൽ JSON, 32 MB വരെ. പ്രസിദ്ധീകരിക്കുക അമർത്തുന്നതുവരെ ഒന്നും പ്രസിദ്ധീകരിക്കില്ല.",
    ),
    "check": ("Check the file", "ഫയൽ പരിശോധിക്കുക"),
    "report": ("What the portal will make of", "പോർട്ടൽ ഇതിൽ നിന്ന് കാണിക്കുന്നത്"),
    "records": ("Records read", "വായിച്ച രേഖകൾ"),
    "stored": ("To be published", "പ്രസിദ്ധീകരിക്കുന്നവ"),
    "duplicates": ("Duplicates merged", "ഇരട്ടിപ്പുകൾ ലയിപ്പിച്ചവ"),
    "rejects": ("Turned away", "നിരസിച്ചവ"),
    "this_file": ("This file", "ഈ ഫയൽ"),
    "published": ("Published", "പ്രസിദ്ധീകരിച്ചവ"),
    "with_pound": ("With the pound's other registers", "പൗണ്ടിന്റെ മറ്റ് രജിസ്റ്ററുകളും ചേർത്ത്"),
    "whole_portal": ("The whole portal after this publish", "ഈ പ്രസിദ്ധീകരണത്തിനു ശേഷം പോർട്ടൽ മുഴുവൻ"),
    "rejected_rows": (
        "Rows turned away: correct them in the register and upload again",
        "നിരസിച്ച വരികൾ: രജിസ്റ്ററിൽ തിരുത്തി വീണ്ടും അപ്‌ലോഡ് ചെയ്യുക",
    ),
    # The rows the ingest merged as duplicates (ingest/schema.py finish: one id, and the same day and hour, kind,
    # count, description and place; the copy recording most of what became of the animal stands)
    "merged_rows": (
        "Rows merged as duplicates: counted once, not published again",
        "ഇരട്ടിപ്പായി ലയിപ്പിച്ച വരികൾ: ഒരിക്കൽ മാത്രം എണ്ണുന്നു, വീണ്ടും പ്രസിദ്ധീകരിക്കില്ല",
    ),
    "merged_why": (
        "Each of these rows says the same as another entry of the pound: the same entry number (when it has one), day "
        "and hour brought, kind, number of head, description and place. It is read as the same entry written twice, "
        "so it is counted once: the copy that records most of what became of the animal (the first one, when they "
        "record as much) is published. If a row is in fact another animal, give it its own entry number and upload "
        "again.",
        "ഈ വരികൾ ഓരോന്നും പൗണ്ടിന്റെ മറ്റൊരു രേഖയുടെ അതേ വിവരങ്ങൾ പറയുന്നു: അതേ ക്രമനമ്പർ (ഉണ്ടെങ്കിൽ), കൊണ്ടുവന്ന "
        "ദിവസവും സമയവും, ഇനം, എണ്ണം, വിവരണം, പിടിച്ച സ്ഥലം. ഒരേ രേഖ രണ്ടുതവണ എഴുതിയതായി വായിക്കുന്നു, അതിനാൽ ഒരിക്കൽ "
        "മാത്രം എണ്ണുന്നു: മൃഗത്തിന് എന്തു സംഭവിച്ചു എന്ന് കൂടുതൽ രേഖപ്പെടുത്തിയ പകർപ്പാണ് (തുല്യമെങ്കിൽ ആദ്യത്തേത്) "
        "പ്രസിദ്ധീകരിക്കുന്നത്. ഒരു വരി യഥാർത്ഥത്തിൽ മറ്റൊരു മൃഗമാണെങ്കിൽ, അതിന് സ്വന്തം ക്രമനമ്പർ നൽകി വീണ്ടും "
        "അപ്‌ലോഡ് ചെയ്യുക.",
    ),
    # 'entry 7 of 5 Dec 2026' read as a count ('7 of ...'): the number, then what and when
    "merged_entry": (
        "merged into entry no. {entry} ({kind}, brought {day})",
        "ക്രമനമ്പർ {entry} രേഖയിൽ ലയിപ്പിച്ചു ({kind}, കൊണ്ടുവന്നത് {day})",
    ),
    "merged_entry_unnumbered": (
        "merged into an entry without a number ({kind}, brought {day})",
        "ക്രമനമ്പറില്ലാത്ത ഒരു രേഖയിൽ ലയിപ്പിച്ചു ({kind}, കൊണ്ടുവന്നത് {day})",
    ),
    # what the reading passed over (ingest/readers.py NOTE_KINDS), each with its row or sheet
    "read_notes": ("Not counted as entries", "എൻട്രികളായി എണ്ണാത്തവ"),
    "note_total": ("a total row, not an entry", "ആകെത്തുകയുടെ വരി, എൻട്രി അല്ല"),
    "note_header_again": ("the header written again, not an entry", "തലക്കെട്ട് വീണ്ടും എഴുതിയത്, എൻട്രി അല്ല"),
    "note_no_header": (
        "no register header (a date and the cattle), so not read: a summary or a notes sheet",
        "രജിസ്റ്റർ തലക്കെട്ട് (തീയതിയും കന്നുകാലിയും) ഇല്ല, അതിനാൽ വായിച്ചില്ല: സംഗ്രഹമോ കുറിപ്പുകളോ ഉള്ള ഷീറ്റ്",
    ),
    "note_hidden": (
        "hidden in the workbook, and read all the same: its entries are counted above and will be published",
        "വർക്ക്ബുക്കിൽ മറച്ചുവച്ചിരിക്കുന്നു, എങ്കിലും വായിച്ചു: അതിലെ എൻട്രികൾ മുകളിൽ എണ്ണിയിട്ടുണ്ട്, പ്രസിദ്ധീകരിക്കും",
    ),
    # entries of this file with the number and day of another file's entry of the pound: both would be published
    "same_number_rows": (
        "Entries numbered and dated as in another file of this pound",
        "ഈ പൗണ്ടിന്റെ മറ്റൊരു ഫയലിലെ അതേ ക്രമനമ്പറും തീയതിയുമുള്ള രേഖകൾ",
    ),
    "same_number_why": (
        "Each of these entries has the number and the day brought of an entry in another of the pound's files and "
        "says something else, so both would be on the portal: the same animal twice, if this file corrects that one. "
        "To correct a file, upload the corrected one under the same name: it then replaces it. If they are two "
        "animals, give one of them its own number.",
        "ഈ രേഖകൾ ഓരോന്നിനും പൗണ്ടിന്റെ മറ്റൊരു ഫയലിലെ ഒരു രേഖയുടെ അതേ ക്രമനമ്പറും കൊണ്ടുവന്ന ദിവസവുമുണ്ട്, പക്ഷേ "
        "വിവരങ്ങൾ വ്യത്യസ്തമാണ്; അതിനാൽ രണ്ടും പോർട്ടലിൽ വരും: ഈ ഫയൽ ആ ഫയൽ തിരുത്തുന്നതാണെങ്കിൽ ഒരേ മൃഗം രണ്ടുതവണ. "
        "ഒരു ഫയൽ തിരുത്താൻ, തിരുത്തിയത് അതേ പേരിൽ അപ്‌ലോഡ് ചെയ്യുക: അപ്പോൾ അത് പഴയതിനു പകരമാകും. രണ്ട് മൃഗങ്ങളാണെങ്കിൽ "
        "ഒന്നിന് സ്വന്തം ക്രമനമ്പർ നൽകുക.",
    ),
    "same_number_entry": (
        "entry no. {entry} ({kind}, brought {day}): also entry no. {entry} of {file}, row {row} ({other_kind})",
        "ക്രമനമ്പർ {entry} ({kind}, കൊണ്ടുവന്നത് {day}): {file} ഫയലിലെ വരി {row}-ലും ക്രമനമ്പർ {entry} ({other_kind})",
    ),
    "merged_same_file": ("the same as row {row} of this file", "ഈ ഫയലിലെ വരി {row}-ന് സമം"),
    "merged_other_file": (
        "the same as row {row} of {file}, the copy that is published",
        "{file} ഫയലിലെ വരി {row}-ന് സമം; പ്രസിദ്ധീകരിക്കുന്നത് ആ പകർപ്പാണ്",
    ),
    "more_rows": (
        "... and {n} more: the first {shown} are listed.",
        "... കൂടാതെ {n} എണ്ണം കൂടി: ആദ്യത്തെ {shown} എണ്ണം മാത്രം കാണിക്കുന്നു.",
    ),
    "rejects_csv": (
        "Download the rows turned away, every one ({n}), as CSV (opens in Excel or LibreOffice)",
        "നിരസിച്ച വരികൾ എല്ലാം ({n}) CSV ആയി ഡൗൺലോഡ് ചെയ്യുക (Excel-ലോ LibreOffice-ലോ തുറക്കാം)",
    ),
    "row": ("Row", "വരി"),
    "sheet": ("Sheet", "ഷീറ്റ്"),
    "reason": ("Reason", "കാരണം"),
    "cells": ("As written", "എഴുതിയതുപോലെ"),
    "public_lines": ("What the public will read (names hidden)", "പൊതുജനം വായിക്കുന്നത് (പേരുകൾ മറച്ച്)"),
    "entry": ("Entry", "ക്രമനമ്പർ"),
    "brought": ("Brought", "കൊണ്ടുവന്നത്"),
    "kind": ("Kind", "ഇനം"),
    "head": ("Head", "എണ്ണം"),
    # the register gives no number of head: read as one (the fine and the feeding are per head)
    "head_assumed": ("no number in the register: read as 1", "രജിസ്റ്ററിൽ എണ്ണമില്ല: 1 ആയി വായിച്ചു"),
    "description": ("Description", "വിവരണം"),
    "place": ("Place seized", "പിടിച്ച സ്ഥലം"),
    "changes": (
        "What changes for the public (this file replaces one of the same name)",
        "പൊതുജനത്തിന് മാറുന്നത് (ഇതേ പേരിലുള്ള ഫയലിന് പകരം)",
    ),
    "no_changes": ("Nothing the public reads changes.", "പൊതുജനം വായിക്കുന്നതിൽ മാറ്റമില്ല."),
    "change": ("Change", "മാറ്റം"),
    "field": ("Field", "വിവരം"),  # not ഇനം: that is the kind of cattle, a column of the same table's neighbours
    "before": ("Before", "മുമ്പ്"),
    "after": ("After", "ശേഷം"),
    "added": ("added", "ചേർത്തത്"),
    "removed": ("removed", "നീക്കിയത്"),
    "changed": ("changed", "മാറ്റിയത്"),
    "no_entries": (
        "This file holds no entries: nothing in it would be published. Check that you chose the right file.",
        "ഈ ഫയലിൽ രേഖകളൊന്നുമില്ല: ഇതിൽ നിന്ന് ഒന്നും പ്രസിദ്ധീകരിക്കില്ല. ശരിയായ ഫയലാണോ തിരഞ്ഞെടുത്തതെന്ന് പരിശോധിക്കുക.",
    ),
    "removes": (
        "Publishing this file takes {n} entries off the portal: they are in the file of the same name published now "
        "and not in this one. If that is not what you mean, press Discard.",
        "ഈ ഫയൽ പ്രസിദ്ധീകരിച്ചാൽ {n} രേഖകൾ പോർട്ടലിൽ നിന്ന് നീക്കം ചെയ്യപ്പെടും: ഇപ്പോൾ പ്രസിദ്ധീകരിച്ചിട്ടുള്ള ഇതേ പേരിലുള്ള "
        "ഫയലിൽ അവയുണ്ട്, ഇതിലില്ല. അതല്ല ഉദ്ദേശിച്ചതെങ്കിൽ ഉപേക്ഷിക്കുക അമർത്തുക.",
    ),
    "one_reason": (
        "{n} of this file's {records} rows were turned away for one reason, the first of them: {reason} Check that this "
        "is the register you meant to upload, and that it is this pound's.",
        "ഈ ഫയലിലെ {records} വരികളിൽ {n} എണ്ണം ഒരേ കാരണത്താൽ നിരസിച്ചു; ആദ്യത്തേതിന്റെ കാരണം: {reason} ഉദ്ദേശിച്ച "
        "രജിസ്റ്റർ തന്നെയാണോ ഇതെന്നും ഇത് ഈ പൗണ്ടിന്റേതാണോ എന്നും പരിശോധിക്കുക.",
    ),
    "month_first": (
        "The dates were read month first (MM/DD/YYYY), because the date '{cell}' in row {row} can only be read that "
        "way: so a date such as 03/04/2025 was read as 4 March, not 3 April. If your register writes the day first, "
        "correct row {row} and upload again.",
        "തീയതികൾ മാസം ആദ്യം (MM/DD/YYYY) എന്ന രീതിയിൽ വായിച്ചു, കാരണം വരി {row}-ലെ '{cell}' എന്ന തീയതി അങ്ങനെ "
        "മാത്രമേ വായിക്കാനാകൂ: അതിനാൽ 03/04/2025 പോലുള്ള തീയതി ഏപ്രിൽ 3 ആയല്ല, മാർച്ച് 4 ആയി വായിച്ചു. രജിസ്റ്ററിൽ "
        "ദിവസം ആദ്യമാണ് എഴുതുന്നതെങ്കിൽ വരി {row} തിരുത്തി വീണ്ടും അപ്‌ലോഡ് ചെയ്യുക.",
    ),
    # the upload is byte for byte a register on file for another pound (a clerk who picked that pound's file)
    "other_pound": (
        "This file is, byte for byte, a register already on file for {pounds}. Publishing it here would show that "
        "pound's animals a second time, as animals of {pound}. If you picked the wrong file, press Discard.",
        "ഈ ഫയൽ, ഓരോ ബൈറ്റും, {pounds} എന്ന പൗണ്ടിനായി ഇതിനകം ഉള്ള ഒരു രജിസ്റ്റർ തന്നെയാണ്. ഇവിടെ പ്രസിദ്ധീകരിച്ചാൽ ആ "
        "പൗണ്ടിലെ മൃഗങ്ങൾ രണ്ടാമതും {pound}-ലെ മൃഗങ്ങളായി കാണിക്കും. തെറ്റായ ഫയലാണ് തിരഞ്ഞെടുത്തതെങ്കിൽ ഉപേക്ഷിക്കുക അമർത്തുക.",
    ),
    "ours": (
        "I have checked: this is {pound}'s own register",
        "പരിശോധിച്ചു: ഇത് {pound}-ന്റെ സ്വന്തം രജിസ്റ്ററാണ്",
    ),
    "unconfirmed": (
        "Not published: tick the box to say this is this pound's own register, or press Discard.",
        "പ്രസിദ്ധീകരിച്ചില്ല: ഇത് ഈ പൗണ്ടിന്റെ സ്വന്തം രജിസ്റ്ററാണെന്ന് ബോക്സിൽ അടയാളപ്പെടുത്തുക, അല്ലെങ്കിൽ ഉപേക്ഷിക്കുക അമർത്തുക.",
    ),
    "removes_ok": (
        "I mean to take these {n} entries off the portal",
        "ഈ {n} രേഖകൾ പോർട്ടലിൽ നിന്ന് നീക്കാനാണ് ഉദ്ദേശിക്കുന്നത്",
    ),
    "unconfirmed_removes": (
        "Not published: tick the box to say you mean to take those entries off the portal, or press Discard.",
        "പ്രസിദ്ധീകരിച്ചില്ല: ആ രേഖകൾ പോർട്ടലിൽ നിന്ന് നീക്കാനാണ് ഉദ്ദേശിക്കുന്നതെന്ന് ബോക്സിൽ അടയാളപ്പെടുത്തുക, അല്ലെങ്കിൽ ഉപേക്ഷിക്കുക അമർത്തുക.",
    ),
    # Publish of a check made before a file of the same name was published: the check is made again and shown
    "rechecked": (
        "Not published: a file of the same name was published for this pound after this check, so what Publish "
        "would do has changed. This is the file checked again now: read it, then press Publish again or Discard.",
        "പ്രസിദ്ധീകരിച്ചില്ല: ഈ പരിശോധനയ്ക്കു ശേഷം ഇതേ പേരിലുള്ള ഒരു ഫയൽ ഈ പൗണ്ടിനായി പ്രസിദ്ധീകരിച്ചു, അതിനാൽ പ്രസിദ്ധീകരിച്ചാൽ "
        "സംഭവിക്കുന്നത് മാറി. ഇതാണ് ഇപ്പോൾ വീണ്ടും പരിശോധിച്ച ഫലം: വായിച്ചശേഷം വീണ്ടും പ്രസിദ്ധീകരിക്കുക അല്ലെങ്കിൽ ഉപേക്ഷിക്കുക.",
    ),
    "publish": ("Publish", "പ്രസിദ്ധീകരിക്കുക"),
    "discard": ("Discard", "ഉപേക്ഷിക്കുക"),
    "discarded": ("The file was discarded; nothing was kept.", "ഫയൽ ഉപേക്ഷിച്ചു; ഒന്നും സൂക്ഷിച്ചിട്ടില്ല."),
    "refused": ("The file cannot be read", "ഫയൽ വായിക്കാനാവില്ല"),
    "live": (
        "Published: this file is live on the portal since {when}, published by {who}.",
        "പ്രസിദ്ധീകരിച്ചു: {when} മുതൽ ഈ ഫയൽ പോർട്ടലിൽ ലഭ്യമാണ്; പ്രസിദ്ധീകരിച്ചത് {who}.",
    ),
    "removed_done": (
        "{n} entries of the file published before it are no longer on the portal.",
        "മുമ്പ് പ്രസിദ്ധീകരിച്ച ഫയലിലെ {n} രേഖകൾ ഇനി പോർട്ടലിൽ ഇല്ല.",
    ),
    "nothing_to_publish": (
        "There is nothing to publish: this file holds no entries and replaces no file. Press Discard, and upload "
        "the register with its entries.",
        "പ്രസിദ്ധീകരിക്കാൻ ഒന്നുമില്ല: ഈ ഫയലിൽ രേഖകളില്ല, ഇത് മറ്റൊരു ഫയലിനു പകരവുമല്ല. ഉപേക്ഷിക്കുക അമർത്തി, രേഖകളുള്ള "
        "രജിസ്റ്റർ അപ്‌ലോഡ് ചെയ്യുക.",
    ),
    "waiting": ("Checked, waiting for Publish or Discard", "പരിശോധിച്ചു, പ്രസിദ്ധീകരിക്കാനോ ഉപേക്ഷിക്കാനോ കാത്തിരിക്കുന്നവ"),
    "checked_by": ("checked by {who} at {when}", "{when}-ന് {who} പരിശോധിച്ചു"),
    "published_day": ("Published in the last day", "കഴിഞ്ഞ ഒരു ദിവസത്തിനിടെ പ്രസിദ്ധീകരിച്ചവ"),
    "published_by": ("published by {who} at {when}", "{when}-ന് {who} പ്രസിദ്ധീകരിച്ചു"),
    "no_lines": ("None of this file's rows would be published.", "ഈ ഫയലിലെ ഒരു വരിയും പ്രസിദ്ധീകരിക്കില്ല."),
    "on_portal": ("This file's entries on the portal", "ഈ ഫയലിലെ രേഖകൾ പോർട്ടലിൽ"),
    "another": ("Upload another register", "മറ്റൊരു രജിസ്റ്റർ അപ്‌ലോഡ് ചെയ്യുക"),
    "portal_files": ("files", "ഫയലുകൾ"),
    "portal_records": ("records read", "വായിച്ച രേഖകൾ"),
    "portal_stored": ("published", "പ്രസിദ്ധീകരിച്ചവ"),
    "portal_duplicates": ("duplicates merged", "ലയിപ്പിച്ച ഇരട്ടിപ്പുകൾ"),
    "portal_rejects": ("turned away", "നിരസിച്ചവ"),
    "portal_empty": ("empty files", "ശൂന്യമായ ഫയലുകൾ"),
    "failed": ("Not published; the portal is as it was", "പ്രസിദ്ധീകരിച്ചില്ല; പോർട്ടൽ മുമ്പത്തെപ്പോലെ തന്നെ"),
    "back": ("Back to the upload", "അപ്‌ലോഡിലേക്ക് മടങ്ങുക"),
    "error": ("Error", "പിശക്"),
    "language": ("മലയാളം", "English"),
}


def t(key: str, lang: str) -> str:
    """'publish', 'ml' -> 'പ്രസിദ്ധീകരിക്കുക'."""
    en, ml = WORDS[key]
    return ml if lang == "ml" else en


# The ingest's reasons for the rows it turns away (ingest/normalise.py, pinfold/vocabulary.py), in Malayalam: the
# common forms, the cell quoted as the clerk wrote it. A reason of another form is shown in English.
def _field_ml(words: str) -> str:
    """A column as a reason names it, in Malayalam: 'date delivered to the owner' -> 'ഉടമയ്ക്ക് തിരികെ നൽകിയ തീയതി',
    'description' -> 'വിവരണം'; a column without one as written."""
    field = {w: f for f, w in COLUMN_WORDS.items()}.get(words, words.replace(" ", "_"))
    return FIELDS_ML.get(field, words)


_REASONS_ML: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (
        re.compile(r"^The date '(.*)' could not be read"),
        "'{0}' എന്ന തീയതി വായിക്കാനായില്ല (ദിവസം ആദ്യം എഴുതുക, ഉദാ. 03/04/2025).",
    ),
    (
        re.compile(r"^'(.*)' is not a real date \(day (\d+) of month (\d+) of (\d+)"),
        "'{0}' ശരിയായ തീയതിയല്ല ({3}-ലെ {2}-ാം മാസത്തിന് {1}-ാം ദിവസമില്ല).",
    ),
    (
        re.compile(r"^'(.*)' is not cattle under (?:the )?(.*), so it cannot be impounded\."),
        "'{0}' {1} പ്രകാരം കന്നുകാലിയല്ല; അതിനാൽ പൗണ്ടിൽ പിടിച്ചിടാനാവില്ല.",
    ),
    (re.compile(r"^'(.*)' is not a kind of cattle (.*) names"), "'{0}' നിയമം പറയുന്ന കന്നുകാലി ഇനങ്ങളിൽ ഒന്നല്ല; ഇനം തിരുത്തുക."),
    (
        re.compile(r"^'(.*)' does not say which kind of animal"),
        "'{0}' ഏത് ഇനം മൃഗമാണെന്ന് പറയുന്നില്ല (പശു, കാള, എരുമ, ആട്, ...): പിഴ ഇനമനുസരിച്ചാണ്.",
    ),
    (re.compile(r"^The number of head is (-?\d+): a count cannot be negative\."), "എണ്ണം {0}: എണ്ണം നെഗറ്റീവ് ആകരുത്."),
    (re.compile(r"^The number of head is 0"), "എണ്ണം 0: ഒരു രേഖയിൽ കുറഞ്ഞത് ഒരു മൃഗമെങ്കിലും വേണം."),
    (
        re.compile(r"^The date brought, (.*?), is after today: check the year"),
        lambda m: (
            f"കൊണ്ടുവന്ന തീയതി, {_day_ml(m[1])}, ഇന്നിനു ശേഷമാണ്: വർഷം പരിശോധിക്കുക (രണ്ടക്ക വർഷം 20xx ആയി "
            "വായിക്കും; വർഷം മുഴുവനായി എഴുതുക)."
        ),
    ),
    (
        re.compile(r"^The date brought, (.*?), is before (.*?) can have applied \((.*?):"),
        lambda m: (
            f"കൊണ്ടുവന്ന തീയതി, {_day_ml(m[1])}, {m[2]} ബാധകമാകുന്നതിനു മുമ്പാണ് ({_day_ml(m[3])}): തീയതി "
            "പരിശോധിക്കുക (തീയതിയുടെ സ്ഥാനത്ത് ഒരു സംഖ്യയാണോ?)."
        ),
    ),
    (
        re.compile(r"^The date brought is blank"),
        "കൊണ്ടുവന്ന തീയതി ശൂന്യമാണ്: കന്നുകാലികൾ എത്തിയ ദിവസം ഓരോ രേഖയിലും വേണം.",
    ),
    (
        re.compile(r"^The entry does not say what kind of cattle"),
        "പിടിച്ചിട്ട കന്നുകാലി ഏത് ഇനമാണെന്ന് രേഖയിൽ പറയുന്നില്ല (പശു, കാള, എരുമ, ആട്, ...).",
    ),
    (re.compile(r"^This line is not JSON"), "ഈ വരി JSON അല്ല; അതിനാൽ ഇതിൽ നിന്ന് രേഖ വായിക്കാനാവില്ല."),
    (re.compile(r"^The number of head '(.*)' is not a number"), "'{0}' എന്ന എണ്ണം ഒരു സംഖ്യയല്ല."),
    (re.compile(r"^The number of head is not a number\."), "എണ്ണം ഒരു സംഖ്യയല്ല."),
    (
        re.compile(r"^The number of head is (\d+): no pound takes in more than ([\d,]+) in one entry"),
        "എണ്ണം {0}: ഒരു രേഖയിൽ {1}-ൽ കൂടുതൽ മൃഗങ്ങളെ ഒരു പൗണ്ടും എടുക്കില്ല. ഇത് മറ്റൊരു കോളത്തിലെ സംഖ്യയാണോ (ഫോൺ, ടാഗ്, രസീത്)?",
    ),
    (re.compile(r"^The hour '(.*)' is not a time of day"), "'{0}' ഒരു ദിവസത്തിലെ സമയമല്ല (ഉദാ. 9.30 AM, 14:30)."),
    (
        re.compile(r"^The (.+?) \((.*?)\) is before the day brought \((.*?)\)\."),
        lambda m: f"{_field_ml(m[1])} ({m[2]}) കൊണ്ടുവന്ന ദിവസത്തിനു ({m[3]}) മുമ്പാണ്: തീയതി പരിശോധിക്കുക.",
    ),
    (
        re.compile(r"^The (.+?) cell holds ([\d,]+) characters, more than any register entry \(([\d,]+)\)"),
        lambda m: (
            f"{_field_ml(m[1])} കോളത്തിൽ {m[2]} അക്ഷരങ്ങളുണ്ട്, ഒരു രേഖയിലും ഉണ്ടാകുന്നതിലധികം ({m[3]}): ഫയൽ ഈ വരിയിൽ കേടായിരിക്കാം."
        ),
    ),
    (
        re.compile(r"^The (.+?) could not be read: (.*)$"),
        lambda m: f"{_field_ml(m[1])} വായിക്കാനായില്ല: {reason(m[2], 'ml')}",
    ),
    (
        re.compile(r"^The kind reads '(.*)': its letters were lost"),
        "ഇനം '{0}' എന്നാണ് വായിക്കുന്നത്: രജിസ്റ്റർ സേവ് ചെയ്തപ്പോൾ അക്ഷരങ്ങൾ നഷ്ടപ്പെട്ടു (Unicode അല്ലാത്ത CSV-യിലെ "
        "മലയാളം, Excel-ന്റെ സാധാരണ 'CSV' പോലെ). രജിസ്റ്റർ 'CSV UTF-8' ആയോ XLSX ആയോ വീണ്ടും സേവ് ചെയ്യുക.",
    ),
    (
        re.compile(r"^The kind of animal is blank"),
        "മൃഗത്തിന്റെ ഇനം ശൂന്യമാണ്: എന്താണ് പിടിച്ചിട്ടതെന്ന് രജിസ്റ്ററിൽ വേണം.",
    ),
    (
        re.compile(r"^This row holds no kind of cattle and no number"),
        "ഈ വരിയിൽ കന്നുകാലിയുടെ ഇനമോ എണ്ണമോ ഇല്ല: ഇതൊരു കുറിപ്പോ ഒപ്പോ ആണ്, രേഖയല്ല.",
    ),
]

# The intake's own refusals (its error pages: intake/app.py, the names of intake/registers.py safe_name), in Malayalam.
_ERRORS_ML: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^The file is larger than 32 MB\.$"), "ഫയൽ 32 MB-യിലും വലുതാണ്."),
    (re.compile(r"^The request must say its length\.$"), "അഭ്യർത്ഥന അതിന്റെ വലുപ്പം പറയണം."),
    (
        re.compile(r"^The form has expired or did not come from this site"),
        "ഫോമിന്റെ കാലാവധി കഴിഞ്ഞു, അല്ലെങ്കിൽ അത് ഈ സൈറ്റിൽ നിന്നുള്ളതല്ല; പേജ് വീണ്ടും തുറന്ന് വീണ്ടും ശ്രമിക്കുക.",
    ),
    (
        re.compile(r"^Your account does not publish for that pound\.$"),
        "ആ പൗണ്ടിനായി പ്രസിദ്ധീകരിക്കാൻ നിങ്ങളുടെ അക്കൗണ്ടിന് അനുമതിയില്ല.",
    ),
    (re.compile(r"^Choose a register file\.$"), "ഒരു രജിസ്റ്റർ ഫയൽ തിരഞ്ഞെടുക്കുക."),
    (re.compile(r"^No such upload\.$"), "അങ്ങനെയൊരു അപ്‌ലോഡ് ഇല്ല."),
    (
        re.compile(r"^(.*): a register's name is 1 to 120 printable characters$"),
        "{0}: രജിസ്റ്ററിന്റെ പേരിൽ 1 മുതൽ 120 വരെ അച്ചടിക്കാവുന്ന അക്ഷരങ്ങൾ വേണം",
    ),
    (
        re.compile(r"^(.*): a register's name cannot hold a folder, '\.\.' or start with a dot$"),
        "{0}: രജിസ്റ്ററിന്റെ പേരിൽ ഫോൾഡറോ '..' എന്നതോ പാടില്ല, പേര് കുത്തിൽ (.) തുടങ്ങാനും പാടില്ല",
    ),
    (
        re.compile(r"^(.*): not a register format Pinfold reads \((.*)\)$"),
        "{0}: Pinfold വായിക്കുന്ന രജിസ്റ്റർ ഫോർമാറ്റല്ല ({1})",
    ),
]


def _in_malayalam(
    text: str,
    lang: str,
    forms: list[tuple[re.Pattern[str], str]] | list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]],
) -> str:
    """`text` in the page's language: in Malayalam by the first of `forms` it matches, its groups put in (or made by
    the form's function of the match); a text of no form known, or in English, as it is."""
    if lang == "ml":
        for pattern, words in forms:
            if m := pattern.match(text):
                return words(m) if callable(words) else words.format(*m.groups())
    return text


def _day_ml(value: str) -> str:
    """A day the ingest wrote in a reason ('{day:%d %b %Y}'), in Malayalam: '3 Nov 2099' -> '3 നവംബർ 2099'; anything
    else (a cell as the clerk wrote it is never passed here) as it is."""
    parts = value.split()
    if len(parts) != 3 or parts[1] not in EN_MONTHS or not (parts[0].isdigit() and parts[2].isdigit()):
        return value
    try:
        return date_label(dt.date(int(parts[2]), EN_MONTHS.index(parts[1]) + 1, int(parts[0])), "ml")
    except ValueError:
        return value


def error_text(text: str, lang: str) -> str:
    """An error page's sentence in the page's language: 'No such upload.', 'ml' -> 'അങ്ങനെയൊരു അപ്‌ലോഡ് ഇല്ല.';
    a sentence not known stays as it is."""
    return _in_malayalam(text, lang, _ERRORS_ML)


def reason(text: str, lang: str) -> str:
    """A reject's reason in the page's language: "The date '??' could not be read (...)", 'ml' ->
    "'??' എന്ന തീയതി വായിക്കാനായില്ല (...)"; a form without a Malayalam wording stays English."""
    return _in_malayalam(text, lang, _REASONS_ML)


# Why the ingest could not read a file at all, as a clerk can act on it: the ingest's words are for whoever runs
# `pinfold ingest` (a mapping file, the README); the clerk, who cannot upload a mapping file, is told what to check
# in the file itself. A form not here is shown as the ingest words it, without the register's path (the page names
# the file above it).
_REFUSALS: list[tuple[re.Pattern[str], str, str]] = [
    (
        re.compile(r"no header row naming a date and the cattle was found in the first (\d+) rows"),
        "No row of column headings naming the date brought and the kind of cattle was found in the first {0} rows. "
        "Check that this is the register itself (not a summary, a letter or a scan) and that a row above the entries "
        "names its columns, e.g. Date brought, Kind of cattle, Number, Description. If it does, ask the "
        "administrator to describe its layout.",
        "ആദ്യത്തെ {0} വരികളിൽ, കൊണ്ടുവന്ന തീയതിയും കന്നുകാലിയുടെ ഇനവും പറയുന്ന തലക്കെട്ട് വരി കണ്ടെത്തിയില്ല. ഇത് "
        "രജിസ്റ്റർ തന്നെയാണോ (സംഗ്രഹമോ കത്തോ സ്കാനോ അല്ല) എന്നും, രേഖകൾക്ക് മുകളിലുള്ള ഒരു വരി കോളങ്ങളുടെ പേര് "
        "(ഉദാ. കൊണ്ടുവന്ന തീയതി, ഇനം, എണ്ണം, വിവരണം) പറയുന്നുണ്ടോ എന്നും പരിശോധിക്കുക. ഉണ്ടെങ്കിൽ, അതിന്റെ ഘടന "
        "വിവരിക്കാൻ അഡ്മിനിസ്ട്രേറ്ററോട് ആവശ്യപ്പെടുക.",
    ),
    (
        re.compile(r"not a readable XLSX workbook"),
        "This is not an Excel workbook Pinfold can open: it may be damaged, or another kind of file (a photo, a PDF) "
        "with .xlsx at the end of its name. Open it in Excel or LibreOffice, save it again as .xlsx or .csv and "
        "upload that.",
        "Pinfold-ന് തുറക്കാനാവുന്ന Excel വർക്ക്ബുക്ക് അല്ല ഇത്: കേടായതാകാം, അല്ലെങ്കിൽ പേരിന്റെ അവസാനം .xlsx ഉള്ള "
        "മറ്റൊരു തരം ഫയൽ (ഫോട്ടോ, PDF). Excel-ലോ LibreOffice-ലോ തുറന്ന് .xlsx ആയോ .csv ആയോ വീണ്ടും സേവ് ചെയ്ത് "
        "അത് അപ്‌ലോഡ് ചെയ്യുക.",
    ),
    (
        re.compile(r"cannot be read as \S+ text"),
        "The file is not text Pinfold can read. Open it in Excel or LibreOffice, save it as CSV (UTF-8) and upload "
        "that.",
        "Pinfold-ന് വായിക്കാനാവുന്ന ടെക്സ്റ്റ് അല്ല ഈ ഫയൽ. Excel-ലോ LibreOffice-ലോ തുറന്ന് CSV (UTF-8) ആയി സേവ് ചെയ്ത് അത് അപ്‌ലോഡ് ചെയ്യുക.",
    ),
]
_REGISTER_PREFIX = re.compile(r"^registers/[^/]+/.*?(?: \(sheet [^)]*\))?: ")


def refusal(text: str, lang: str) -> str:
    """Why a file was refused whole, for the clerk, in the page's language: "registers/p1/x.csv: no header row
    naming a date and the cattle was found in the first 30 rows; describe the layout in x.csv.mapping.json (see
    README)", 'en' -> 'No row of column headings naming the date brought and the kind of cattle ...'."""
    for pattern, en, ml in _REFUSALS:
        if m := pattern.search(text):
            return (ml if lang == "ml" else en).format(*m.groups())
    return _REGISTER_PREFIX.sub("", text, count=1)
