"""What a public text may be made of: the words the ingest recognises in a register's free text (issue 23).

A description, a place seized, a complaint's outcome is published word by word only as far as each word is one of
these: the animal's vocabulary (kinds, colours, marks, body parts, condition, tack, age, counts; English, Malayalam and
its transliteration, with their inflections), places (districts, towns and villages of the registers, landmark words,
and the places a deployment knows: pounds.csv, rules/places.csv), months and small joining words. Any other word is
replaced by one neutral mark (ingest/privacy.py `publish`). The list grows with evidence: a word the registers use that
is no one's name is added here, and the over-hiding figure (tests/test_privacy_corpus.py) says when one is missing.

    known('kazhuthil') -> True (kazhuthu + il); known('kochouseph') -> False
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .law_words import LAW_WORDS
from .vocabulary import COLOURS, DESCRIPTION_WORDS, GENERIC_CATTLE, KIND_WORDS, ML_MONTHS, NOT_CATTLE, NUMBER_WORDS

MARK = "[…]"  # one neutral mark for every word that is not recognised


def fold_case(word: str) -> str:
    return unicodedata.normalize("NFC", word).casefold()


def _set(words: str) -> frozenset[str]:
    return frozenset(fold_case(w) for w in words.split())


# The animal: body parts, marks, condition, tack, age, sex, in English, Malayalam and transliteration.
ANIMAL = _set(
    "animal animals cattle head heads body face nose muzzle mouth lip lips teeth tooth jaw eyes ears horned hornless "
    "polled hump humped dewlap back hind fore front leg legs foreleg forelegs hindleg hindlegs hoof hooves foot feet "
    "knee udder teat teats belly flank flanks side sides rump hip shoulder shoulders chest spine tip tips skin hair coat "
    "mark marks marked marking markings brand branded branding scar scars wound wounds wounded cut cuts notch notched "
    "notches hole holes pierced tattoo tattooed painted paint star blaze stripe striped stripes patchy patches "
    "socks sock stockings spot spotted dark light pale deep bright faded golden whitish blackish reddish brownish "
    "greyish café cafe au lait ash smoky mouse cinnamon mixed plain dotted speckled dappled ring rings tag tags tagged eartag eartags uid pashu aadhaar no nos "
    "number sl "
    "blind lame limping limp injured injury sick ill weak thin lean fat healthy pregnant milking lactating dry "
    "old young aged adult calf calves heifer heifers bullock bullocks cross breed breed crossbred desi local jersey hf "
    "holstein sindhi gir vechur kasaragod dwarf tall small big large medium long short stumpy curved curled straight "
    "bent broken missing cropped docked twisted drooping drooped loose tied tethered untied stray strayed straying "
    "wandering grazing found caught seized impounded brought escaped dead died alive "
    "rope ropes halter halters collar collars chain chains nose-rope mookkukayar bell bells mani string thread "
    "cloth bead beads garland amulet thali "
    "year years yr yrs month months mo mos week weeks day days approx approximately about aged age "
    "male female bull bulls cow cows ox oxen he she-buffalo "
    "kombu kombulla kombilla vaal chevi kannu kaal kaalu kazhuthu netti mookku mukham puram vayaru mutharam kulambu "
    "pulli pullikal paandu karutha karuppu velutha vella vellai chuvanna chuvappu thavittu chara odinja cheriya "
    "valiya neenda idathu valathu kayar kayaru manikal "
    "കൊമ്പ് കൊമ്പുള്ള കൊമ്പില്ലാത്ത വാൽ ചെവി കണ്ണ് കാൽ കാല് കഴുത്ത് നെറ്റി മൂക്ക് മുഖം പുറം വയറ് കുളമ്പ് "
    "പുള്ളി പാണ്ട് പാട് അടയാളം കറുത്ത കറുപ്പ് വെളുത്ത വെള്ള വെളുപ്പ് ചുവന്ന ചുവപ്പ് തവിട്ട് ചാര ഒടിഞ്ഞ ഒടിഞ്ഞത് "
    "തൃശ്ശൂർ പാല ചെറിയ ചെറുത് വലിയ വലുത് നീണ്ട ഇടത് ഇടത്തെ വലത് വലത്തെ കയർ മണി പശു പശുക്കൾ കാള പോത്ത് എരുമ കിടാവ് "
    "ആട് വയസ്സ് വയസ് മാസം കുരുടൻ മുടന്ത് മുറിവ് കെട്ടിയ കെട്ടിയിട്ട കണ്ടെത്തി പിടിച്ചു പിടികൂടി"
)
# What a complaint's outcome and a seizure say happened, and who did it by role (a role names no one).
EVENTS = _set(
    "claimed claim released release returned return delivered handed given sold sale auction auctioned bought buyer "
    "paid pay payment fine fined fee fees charge charges feeding fed fodder water grass straw complaint complained "
    "complainant heard hearing enquiry inquiry warned warning settled compromise compensation damage damages damaged "
    "crop crops destroyed ate eaten eating trespass trespassed trespassing police station constable officer secretary "
    "panchayat staff owner owners owned own owns seizer seized claimant person call ph phone mob mobile landline contact write email did "
    "does done miss missed report reported informed inform notice issued pending closed dismissed upheld rejected "
    "accepted refund refunded receipt rs rs. rupees paise amount noon morning evening night am pm hrs hours time date "
    "illegal illegally unlawful legal lawful allowed disallowed withdrawn adjudged seizure seizures ordered order "
    "magistrate court case sale questioned objection objected set aside valid invalid void "
    "നിയമവിരുദ്ധം നിയമവിരുദ്ധമായ നിയമവിരുദ്ധ നിയമാനുസൃതം നിയമാനുസൃത "
    "keeper guard attender clerk inspector member president "
    "seen saw noticed spotted dated on till until after before since same today yesterday held kept keeping custody pound impounding "
    "transferred shifted taken took sent send veterinary vet doctor treated treatment vaccinated unclaimed "
    "collected deposit deposited proceeds filed order ordered magistrate hour clipped wings wing tusk tusks "
    "comb feathers beak tuskless "
    "witness witnesses driver informant landowner vehicle son daughter wife husband brother relative neighbour "
    "നൽകി വിട്ടുനൽകി വിറ്റു ലേലം പിഴ പരാതി ഉടമ ഉടമസ്ഥൻ ഫോൺ മൊബൈൽ"
)
# Small words that join the animal's and the place's words.
JOINING = _set(
    "a an the of and or with without in on at near nr by from to into onto over under behind beside opposite "
    "along across inside outside between its it is was were has had have having one two both each also & + "
    "left right upper lower above below top bottom half full no not only very little some all "
    "സമീപം അടുത്ത് അടുത്ത് അരികിൽ മുന്നിൽ പിന്നിൽ ഉം ഒരു ആണ് ഇല്ല ഉള്ള ഉണ്ട് നിന്ന് വെച്ച് ഭാഗത്ത്"
)
# Landmark words: a place named after someone ('St. Antony's Church', 'Sri Krishna Temple') is kept whole before one.
LANDMARKS = _set(
    "temple kshetram statue road rd junction jn nagar school college hospital church mosque masjid colony memorial "
    "park bridge hall market stadium library ashram mutt math centre center smarakam ground mandir mandiram street "
    "lane chapel shrine kavala"
)
# Places that are no landmark's name but are places: where cattle stray.
PLACE_WORDS = _set(
    "grama gram corporation municipal bus stop stand station highway nh sh bypass village town city ward panchayat municipality area field fields "
    "paddy paddyfield compound yard gate gates canal river riverside bank beach shore pond tank lake well estate "
    "plantation rubber coconut grove farm farmland land plot vacant open public private premises side roadside "
    "junction market office post po north south east west northern southern eastern western central main new old "
    "shop shops store hotel tea stall bakery petrol pump godown factory mill quarry tower ksrtc ksheb kseb "
    "upper lower kadavu kulam padam parambu vayal thodu puzha kunnu mala pound pounds thana thannah "
    "പൗണ്ട് "
    "നിറം നിറമുള്ള ഗേറ്റ് ഗേറ്റിൽ പൂജ്യം house veedu വീട് വീട്ടിൽ വീട്ടുവളപ്പിൽ വയൽ പാടം പറമ്പ് പുഴ തോട് കുളം കവല റോഡ് ജംഗ്ഷൻ അമ്പലം ക്ഷേത്രം പള്ളി സ്കൂൾ ചന്ത മാർക്കറ്റ് ബസ് സ്റ്റോപ്പ്"
)
_ML_LANDMARK_STEMS = (
    "ക്ഷേത്ര",
    "അമ്പല",
    "റോഡ്",
    "ജംഗ്ഷ",
    "ജങ്ഷ",
    "സ്കൂ",
    "പള്ളി",
    "നഗർ",
    "കോളേജ",
    "ആശുപത്രി",
    "സ്മാരക",
    "കവല",
    "മൈതാന",
)
DISTRICTS = _set(
    "thiruvananthapuram trivandrum kollam quilon pathanamthitta alappuzha alleppey kottayam idukki ernakulam cochin "
    "kochi thrissur trichur palakkad palghat malappuram kozhikode calicut wayanad kannur cannanore kasaragod "
    "kasargod kerala bengal"
)
# Towns and villages the registers name, Kerala's and West Bengal's (Act III of 1857). Grows with evidence.
TOWNS = _set(
    "ollur mannuthy cherpu irinjalakuda chalakudy kodungallur guruvayur kunnamkulam wadakkanchery chavakkad "
    "chittur nemmara alathur kollengode ottapalam shoranur mannarkkad pattambi vaikom pala ettumanoor changanacherry "
    "kanjirappally thodupuzha adimali kattappana munnar nedumkandam kalpetta meenangadi mananthavady sulthan bathery "
    "iritty mattannur taliparamba payyanur thalassery kuthuparamba kundara karunagappally chavara sasthamcotta "
    "kottarakkara punalur paravur attingal varkala nedumangad neyyattinkara aluva angamaly perumbavoor muvattupuzha "
    "kothamangalam tripunithura kalamassery edappally vyttila kakkanad cherthala kayamkulam haripad mavelikkara "
    "chengannur adoor thiruvalla ranni konni tirur ponnani perinthalmanna manjeri nilambur kondotty vadakara "
    "koyilandy feroke ramanattukara kanhangad nileshwar uppala peringottukara thrikkur pudukad amballur "
    "bharananganam pudukkad pudukad nadathara marathakkara kuttanellur ollukkara puthur mulayam "
    "kazhakkoottam vizhinjam balaramapuram kovalam anchal pandalam kozhencherry ambalappuzha kuttanad "
    "changanassery erattupetta peermade kottakkal thamarassery balussery vythiri pulpally manjeshwaram cheruvathur "
    "bekal titagarh naihati khardah pergunnahs parganas "
    "howrah serampore chinsurah burdwan barrackpore baraset barasat kalna dum hooghly nadia krishnanagar "
    "തൃശ്ശൂർ ഒല്ലൂർ മണ്ണുത്തി ചേർപ്പ് ഇരിഞ്ഞാലക്കുട ചാലക്കുടി ചിറ്റൂർ നെന്മാറ ആലത്തൂർ വൈക്കം പാലാ തൊടുപുഴ"
)
MONTHS = _set(
    "january february march april may june july august september october november december jan feb mar apr jun jul "
    "aug sep sept oct nov dec"
) | frozenset(fold_case(m) for m in ML_MONTHS)
# Digits as words: a run of five or more is a phone written out ('nine four four seven ...'), never a count.
DIGIT_WORDS = _set(
    "zero oh o one two three four five six seven eight nine double triple പൂജ്യം ഒന്ന് രണ്ട് മൂന്ന് നാല് അഞ്ച് ആറ് ഏഴ് എട്ട് ഒമ്പത്"
)

VOCABULARY = (
    frozenset(w for phrase in KIND_WORDS for w in fold_case(phrase).split())
    | frozenset(fold_case(w) for w in (*NOT_CATTLE, *GENERIC_CATTLE, *NUMBER_WORDS))
    | frozenset(re.split(r"[|\s-]+", COLOURS))
    | frozenset(fold_case(w) for group in DESCRIPTION_WORDS for w in group.split())
    | ANIMAL
)
WORDS = VOCABULARY | EVENTS | JOINING | LANDMARKS | PLACE_WORDS | DISTRICTS | TOWNS | MONTHS

# Inflections: English plurals and participles; Malayalam case endings and postpositions after a known stem.
_LATIN_ENDINGS = ("s", "es", "ed", "d", "ing", "il", "ile", "ilum", "um", "nte", "inte", "ude", "yil", "kal", "ngal")
_ML_ENDINGS = (
    "ിൽ", "യിൽ", "ത്തിൽ", "ിലെ", "യിലെ", "ിലും", "ും", "യും", "ുള്ള", "യുള്ള", "ോടു", "ോട്", "ുടെ", "യുടെ", "ിന്റെ",
    "ന്റെ", "്റെ", "കൾ", "ക്കൾ", "ങ്ങൾ", "ാണ്", "ായി", "ിയ", "ത്തെ", "ത്ത്", "ിൽനിന്ന്", "ിന്",
)  # fmt: skip
_STEM_MIN = 3
_CHILLU = {"ണ": "ൺ", "ന": "ൻ", "ര": "ർ", "ല": "ൽ", "ള": "ൾ"}


def _stems(word: str) -> list[str]:
    """'kazhuthil' -> ['kazhuth'...]; 'കഴുത്തിൽ' -> ['കഴുത്ത']: the word as it may be without an ending."""
    out = []
    for e in _ML_ENDINGS if word[:1] >= "\u0d00" else _LATIN_ENDINGS:
        if word.endswith(e) and len(word) - len(e) >= _STEM_MIN:
            out.append(word[: -len(e)])
    return out


@lru_cache(maxsize=65536)
def known(word: str, places: frozenset[str] = frozenset()) -> bool:
    """Whether a folded word is one a public text may hold: 'tail', 'horns', 'കഴുത്തിൽ', 'ollur' -> True;
    'kochouseph' -> False. `places` are a deployment's own place words (pounds.csv, rules/places.csv)."""
    if word in WORDS or word in places or (len(word) <= 2 and word.isnumeric()):
        return True  # a word, a place, or a count or fraction ('½')
    for s in _stems(word):
        if s in WORDS or s in places or s + "u" in WORDS or s + "്" in WORDS or s + "e" in WORDS:
            return True
        chillu = s[:-1] + _CHILLU[s[-1]] if s[-1:] in _CHILLU else ""  # 'വയലിൽ' -> 'വയല' -> 'വയൽ'
        if chillu and (chillu in WORDS or chillu in places):
            return True
    return word[:1] >= "\u0d00" and word.startswith(_ML_LANDMARK_STEMS)


# A rule file's prose (rules/*.csv notes, references, an auction's place and conditions; pounds.csv's hours and
# address) is the law's and the notifications' prose: the Acts' words (pinfold/law_words.py) and these, a government
# order's references ('G.O.(P) No. 12/2019/LSGD', 'S.R.O. No. 345/2020'), an auction's terms, an office's address.
NOTIFICATIONS = _set(
    "g o p ms rt sro s r kgsro kg lsgd lsg lsgi dlb gazette extraordinary notification notifications notified notify "
    "government govt director directorate director's commissioner department order orders ordered dated vide ref "
    "example examples demonstration replace replaced practice practices reported press report reports decision "
    "decisions resolution resolutions council councils corporation municipality municipal grama gram block "
    "panchayat panchayats office offices secretary's magistrate's magistrate collector collectorate district "
    "historical history vary varies varying rate rates scale scales head per earnest deposit money cash cheque "
    "demand draft dd receipt bid bids bidder bidders highest lowest reserve upset auction auctions auctioned lot "
    "lots hammer fall public open sealed tender tenders quotation quotations yard premises ground compound near "
    "opposite hours weekday weekdays working holiday holidays sunday sundays saturday saturdays monday tuesday "
    "wednesday thursday friday mon tue tues wed thu thur thurs fri sat sun closed open lunch break daily building complex floor room counter ward wards "
    "maintenance upkeep keeping feeding watering day days night nights each every plus only inclusive exclusive "
    "gst tax taxes charges charged fixed fixing fixes kg pm am noon midday leave leaves ask asked demo data "
    "pie pies pice newspaper newspapers "
    "ഉത്തരവ് സർക്കാർ വിജ്ഞാപനം നമ്പർ തീയതി പഞ്ചായത്ത് നഗരസഭ കോർപ്പറേഷൻ ഓഫീസ് ലേലം നിരതദ്രവ്യം രൂപ "
    # an office's days and hours in Malayalam: the days of the week, from, to, time, every day, holiday
    "ഞായർ തിങ്കൾ ചൊവ്വ ബുധൻ വ്യാഴം വെള്ളി ശനി ഞായറാഴ്ച തിങ്കളാഴ്ച ചൊവ്വാഴ്ച ബുധനാഴ്ച വ്യാഴാഴ്ച വെള്ളിയാഴ്ച "
    "ശനിയാഴ്ച മുതൽ വരെ സമയം ദിവസവും അവധി"
)
RULE_WORDS = LAW_WORDS | NOTIFICATIONS


@lru_cache(maxsize=65536)
def known_in_rules(word: str, places: frozenset[str] = frozenset()) -> bool:
    """Whether a folded word is one a rule file's published prose may hold: every word `known` holds, and the law's
    and the notifications': 'aforesaid', 'lsgd', 'earnest', 'ollur' -> True; 'kochouseph' -> False."""
    if known(word, places) or word in RULE_WORDS:
        return True
    return any(s in RULE_WORDS or s + "e" in RULE_WORDS for s in _stems(word))


def landmark(word: str) -> bool:
    """'temple', 'church', 'ക്ഷേത്രത്തിന്' -> True: a word after which a name is a place's."""
    return word in LANDMARKS or (word[:1] >= "\u0d00" and word.startswith(_ML_LANDMARK_STEMS))


# A word of a place's name: letters and digits, a Malayalam word whole (its vowel signs and viramas are marks, not \w)
_PLACE_WORD = re.compile(r"(?:[^\W_]|[\u0D00-\u0D7F])+")


def place_words(*texts: str) -> frozenset[str]:
    """The words of a deployment's place names: ('Ollur Grama Panchayat', 'Ollur') -> {'ollur', 'grama', 'panchayat'}."""
    return frozenset(fold_case(w) for t in texts if t for w in _PLACE_WORD.findall(t))
