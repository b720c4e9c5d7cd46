"""`pinfold demo-data`: a realistic, deterministic Kerala-wide DATA_DIR dated around a given day.

Registers are written in several of the contract's layouts (so the demo exercises the real ingest), with
animals in the pound now, notices falling due this week, auctions in the coming weeks, claimed and sold
animals in the past, a few complaints, a few bad rows and duplicates, one conflict-of-interest sale, and an
1857 pound's historical register. Names are invented.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from pinfold.errors import OutputError
from pinfold.law.clock import IST
from pinfold.vocabulary import species_of

HERE = Path(__file__).resolve().parent
# Package data, so that `pinfold demo-data` works from an installed wheel as from a checkout: the demo's pounds, as
# its pounds.csv is written (42 Kerala pounds with their office's public telephone, hours and address, which the
# animal page's "if you cannot pay" shows, and one 1857 pound), and the example rules it copies (demo/rules is a link
# to the repository's data/rules, their one home).
POUNDS_FILE = HERE / "pounds.csv"
EXAMPLE_RULES = HERE / "rules"
# A pound as the writers below read it: (id, name, local authority, district, village, latitude, longitude).
POUND_FIELDS = ("id", "name", "local_authority", "district", "village", "latitude", "longitude")


def _pound_rows() -> list[dict[str, str]]:
    """The rows of the demo's pounds.csv, in order: [{'id': 'tvm-corp', 'act': 'kerala-1961', 'phone': ...}, ...]."""
    with open(POUNDS_FILE, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


POUND_ROWS = _pound_rows()
POUNDS = [tuple(r[k] for k in POUND_FIELDS) for r in POUND_ROWS if r["act"] == "kerala-1961"]
(HISTORICAL,) = [tuple(r[k] for k in POUND_FIELDS) for r in POUND_ROWS if r["act"] == "act-iii-1857"]

GIVEN = [
    "Abdul",
    "Ammini",
    "Chacko",
    "Devaki",
    "Fathima",
    "Gopalan",
    "Joseph",
    "Kunhiraman",
    "Lakshmi",
    "Mariamma",
    "Mohammed",
    "Narayani",
    "Raghavan",
    "Saidu",
    "Sreedharan",
    "Thomas",
    "Ummer",
    "Varkey",
]
FAMILY = [
    "Amma",
    "Ashraf",
    "Beevi",
    "Chandy",
    "Eapen",
    "Haji",
    "Koya",
    "Kurian",
    "Kutty",
    "Mathew",
    "Menon",
    "Nair",
    "Namboothiri",
    "Panicker",
    "Pillai",
    "Rahman",
    "Varghese",
    "Warrier",
]
# Places in each district where cattle are seized: a cow is taken to the pound for the area it strayed in (K s.9,
# s.10: the pound for the land's area, or the nearest), so "place seen" in an owner's search means something.
PLACES_IN = {
    "Thiruvananthapuram": ["Kazhakkoottam", "Nedumangad", "Varkala", "Vizhinjam", "Balaramapuram", "Kovalam"],
    "Kollam": ["Chavara", "Kundara", "Sasthamcotta", "Kottarakkara", "Paravur", "Anchal"],
    "Pathanamthitta": ["Adoor", "Konni", "Ranni", "Thiruvalla", "Pandalam", "Kozhencherry"],
    "Alappuzha": ["Cherthala", "Kayamkulam", "Haripad", "Mavelikkara", "Ambalappuzha", "Kuttanad"],
    "Kottayam": ["Ettumanoor", "Pala", "Vaikom", "Changanassery", "Kanjirappally", "Erattupetta"],
    "Idukki": ["Thodupuzha", "Munnar", "Adimali", "Kattappana", "Nedumkandam", "Peermade"],
    "Ernakulam": ["Aluva", "Perumbavoor", "Kothamangalam", "Angamaly", "Muvattupuzha", "Kalamassery"],
    "Thrissur": ["Mannuthy", "Ollur", "Cherpu", "Irinjalakuda", "Chalakudy", "Kodungallur"],
    "Palakkad": ["Alathur", "Nemmara", "Kollengode", "Chittur", "Ottapalam", "Mannarkkad"],
    "Malappuram": ["Manjeri", "Perinthalmanna", "Tirur", "Kottakkal", "Nilambur", "Ponnani"],
    "Kozhikode": ["Vadakara", "Koyilandy", "Feroke", "Ramanattukara", "Thamarassery", "Balussery"],
    "Wayanad": ["Kalpetta", "Meenangadi", "Sulthan Bathery", "Mananthavady", "Vythiri", "Pulpally"],
    "Kannur": ["Taliparamba", "Payyanur", "Iritty", "Mattannur", "Thalassery", "Kuthuparamba"],
    "Kasaragod": ["Kanhangad", "Nileshwar", "Uppala", "Manjeshwaram", "Cheruvathur", "Bekal"],
    "24-Pergunnahs": ["Barrackpore", "Dum Dum", "Baraset", "Titagarh", "Naihati", "Khardah"],
}


def places_near(pound: tuple[Any, ...]) -> list[str]:
    """Where cattle brought to this pound were seized: its own village and the places of its district."""
    village, district = pound[4], pound[3]
    return [village, *(p for p in PLACES_IN.get(district, []) if p != village)]


COLOURS = ["black", "white", "brown", "red-brown", "grey", "dun", "fawn", "spotted", "black and white"]
MARKS = [
    "white patch on forehead",
    "left horn broken",
    "short tail",
    "bell on neck",
    "rope halter",
    "brand mark on right flank",
    "cut on left ear",
    "white socks on hind legs",
    "blind in left eye",
    "horns painted red",
    "nose rope, no tag",
]
_MAMMAL = ["white patch on forehead", "short tail", "cut on left ear", "white socks on hind legs", "blind in left eye"]
# Marks each kind can carry (no horns on a hen): a drawn mark a kind cannot carry is swapped for one it can, by the
# same draw, so a seed's data set changes in these words only.
MARKS_FOR = {
    "calf": [*_MAMMAL, "bell on neck", "rope halter", "nose rope, no tag"],
    "goat": [*_MAMMAL, "left horn broken", "bell on neck", "horns painted red"],
    "sheep": [*_MAMMAL, "left horn broken", "bell on neck", "horns painted red"],
    "pig": _MAMMAL,
    "horse": [*_MAMMAL, "rope halter", "brand mark on right flank"],
    "pony": [*_MAMMAL, "rope halter", "brand mark on right flank"],
    "mule": [*_MAMMAL, "rope halter", "brand mark on right flank"],
    "ass": [*_MAMMAL, "rope halter", "brand mark on right flank"],
    "elephant": ["left tusk broken", "chain on left foreleg", "cut on left ear", "blind in left eye"],
    "fowl": ["clipped wings", "ring on left leg", "short tail", "blind in left eye"],
}
# kind as written -> weight. The ingest maps every one of these onto the contract's vocabulary.
KINDS = {
    "cow": 30,
    "Cow": 8,
    "cows": 5,
    "heifer": 4,
    "milch cow": 3,
    "bull": 8,
    "bullock": 4,
    "ox": 3,
    "calf": 6,
    "buffalo": 8,
    "she-buffalo": 3,
    "he buffalo": 2,
    "goat": 12,
    "billy goat": 2,
    "nanny-goat": 2,
    "sheep": 3,
    "pig": 3,
    "hen": 3,
    "fowls": 2,
    "horse": 1,
    "ass": 1,
    "tusker": 1,
}
ML_KINDS = {
    "പശു": 10,
    "പശുക്കൾ": 3,
    "കാള": 4,
    "എരുമ": 3,
    "പോത്ത്": 2,
    "ആട്": 5,
    "pashu": 3,
    "aadu": 2,
    "കന്നുകുട്ടി": 2,
    "പന്നി": 1,
    "കോഴി": 1,
}
NOT_CATTLE = ["dog", "tiger", "monkey", "cat"]
WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}

LAYOUTS = ["ollur", "pala", "malayalam", "xlsx", "jsonl", "semicolon_utf16"]


class Demo:
    def __init__(self, today: dt.date, seed: int):
        self.today = today
        self.rng = random.Random(seed)

    def person(self) -> str:
        r = self.rng
        initial = f"{r.choice('AKMPTV')}. " if r.random() < 0.3 else ""
        return f"{initial}{r.choice(GIVEN)} {r.choice(FAMILY)}"

    def kind(self, malayalam: bool) -> str:
        table = ML_KINDS if malayalam else KINDS
        return self.rng.choices(list(table), weights=list(table.values()))[0]

    def description(self, kind: str) -> str:
        """'hen' -> 'black, clipped wings' (a mark the kind can carry), sometimes with an ear tag or Pashu Aadhaar."""
        r = self.rng
        colour, mark = r.choice(COLOURS), r.choice(MARKS)
        fits = MARKS_FOR.get(species_of(kind), MARKS)
        if mark not in fits:
            mark = fits[MARKS.index(mark) % len(fits)]
        desc = f"{colour}, {mark}"
        x = r.random()
        if species_of(kind) in ("fowl", "elephant"):  # ear tags and Pashu Aadhaar are for farm livestock
            return desc
        if x < 0.08:
            desc += f", ear tag KL-{r.randint(1, 14):02d}-{r.randint(1000, 9999)}"
        elif x < 0.11:
            desc += f", Pashu Aadhaar {r.randint(10**11, 10**12 - 1)}"
        return desc

    def entry(self, n: int, pound: tuple[Any, ...], malayalam: bool = False) -> dict[str, Any]:
        """One register entry with its outcome, dated relative to today."""
        r = self.rng
        age = int(r.triangular(0, 150, 10))
        brought = dt.datetime.combine(
            self.today - dt.timedelta(days=age),
            dt.time(r.randint(6, 19), r.choice([0, 10, 15, 20, 30, 45, 50])),
        )
        e: dict[str, Any] = {
            "no": n,
            "brought": brought,
            "kind": (kind := self.kind(malayalam)),
            "count": r.choices([1, 2, 3, 4, 6], [60, 20, 10, 6, 4])[0],
            "description": self.description(kind),
            "place": r.choice(near := places_near(pound)),
            "seizer": self.person(),
            "seizer_res": r.choice(near),
            "owner": self.person() if r.random() < 0.55 else None,
            "owner_res": r.choice(near),
        }
        d = brought.date()
        x = r.random()
        if age >= 2 and x < 0.45:  # most owners come within a few days
            e["claimed"] = d + dt.timedelta(days=min(age, r.randint(1, 7)))
        elif age >= 9 and x < 0.50:
            e["deposit"] = d + dt.timedelta(days=r.randint(1, 6))
            e["complaint"] = e["deposit"]
        elif age >= 9 and x < 0.53:
            e["release_order"] = d + dt.timedelta(days=r.randint(2, 8))
        elif age >= 8:
            e["notice"] = d + dt.timedelta(days=8)
            if age >= 17 and x < 0.85:
                e["sold"] = min(self.today, d + dt.timedelta(days=16 + r.randint(0, 10)))
                e["proceeds"] = r.choice([1500, 2500, 4000, 6500, 9000, 12000]) * e["count"]
                e["buyer"] = self.person()
            elif age >= 17 and x < 0.90:
                e["claimed"] = d + dt.timedelta(days=r.randint(9, 15))
        if r.random() < 0.03 and age <= 10:
            e["complaint"] = d + dt.timedelta(days=r.randint(1, min(10, max(1, age))))
        return e

    def spoil(self, e: dict[str, Any]) -> None:
        """Make an entry bad the way real registers are (about 2% of them)."""
        r = self.rng.random()
        if r < 0.35:
            e["count"] = -self.rng.randint(1, 3)
        elif r < 0.55:
            e["count"] = 0
        elif r < 0.8:
            e["kind"] = self.rng.choice(NOT_CATTLE)
        else:
            e["bad_date"] = self.rng.choice(["??", "31/02/2026", "next tuesday"])


def _d(d: dt.date | None, fmt: str = "%d/%m/%Y") -> str:
    return d.strftime(fmt) if d else ""


def _entries(demo: Demo, pound: tuple[Any, ...], rows: int, malayalam: bool = False) -> Iterator[dict[str, Any]]:
    es = [demo.entry(0, pound, malayalam) for _ in range(rows)]
    es.sort(key=lambda e: e["brought"])
    for i, e in enumerate(es, 1):
        e["no"] = i
        if demo.rng.random() < 0.02:
            demo.spoil(e)
        yield e
        if demo.rng.random() < 0.005:
            yield dict(e)  # the same entry written twice


@dataclass(frozen=True)
class TextLayout:
    """A delimited register layout: its header, how one entry is written, and how the file is saved."""

    header: list[str]
    row: Callable[[Demo, dict[str, Any]], list[Any]]
    encoding: str = "utf-8"
    delimiter: str = ","
    malayalam: bool = False


def write_text(layout: TextLayout, path: Path, demo: Demo, pound: tuple[Any, ...], rows: int) -> int:
    n = 0
    with open(path, "w", encoding=layout.encoding, newline="") as f:
        w = csv.writer(f, delimiter=layout.delimiter)
        w.writerow(layout.header)
        for e in _entries(demo, pound, rows, layout.malayalam):
            n += 1
            w.writerow(layout.row(demo, e))
    return n


def ollur_row(demo: Demo, e: dict[str, Any]) -> list[Any]:
    """Separate date/hour ('3.05 PM')/kind/number columns, outcome columns, fines collected."""
    b = e["brought"]
    owner = f"{e['owner']}, {e['owner_res']}" if e["owner"] else demo.rng.choice(["unknown", "-", "Not known", ""])
    return [
        e["no"], e.get("bad_date") or b.strftime("%d/%m/%Y"), b.strftime("%I.%M %p").lstrip("0"), e["kind"],
        e["count"], e["description"], e["place"], f"{e['seizer']}, {e['seizer_res']}", owner, _d(e.get("claimed")),
        _d(e.get("deposit")), _d(e.get("release_order")), _d(e.get("notice")), _d(e.get("sold")),
        f"Rs. {e['proceeds']:,}/-" if e.get("proceeds") else "", e.get("buyer", ""), _d(e.get("complaint")),
        _fine_text(demo, e),
    ]  # fmt: skip


def _fine_text(demo: Demo, e: dict[str, Any]) -> str:
    if not (e.get("claimed") or e.get("deposit")):
        return ""
    per_head = 500 if demo.rng.random() < 0.9 else demo.rng.choice([750, 1000, 2000])  # some pounds overcharge
    return f"₹{per_head * max(1, e['count']):,}"


def pala_row(demo: Demo, e: dict[str, Any]) -> list[Any]:
    """The Act's 'number and description' in one cell, 'Day and hour', outcomes in Remarks."""
    count = str(e["count"])
    if demo.rng.random() < 0.3 and e["count"] > 0:
        count = WORDS.get(e["count"], count)
    if demo.rng.random() < 0.6:
        nd = f"{count} {e['kind']} ({e['description']})"
    else:
        nd = f"{count} {e['kind']} - {e['description']}"
    remarks = [
        f"{words} {_d(e[key])}"
        for key, words in (("claimed", "delivered to owner"), ("notice", "notice posted"), ("sold", "sold"),
                           ("deposit", "released on deposit"))
        if e.get(key)
    ]  # fmt: skip
    return [
        e["no"], e.get("bad_date") or e["brought"].strftime("%d/%m/%Y %H:%M"), nd, e["place"],
        f"{e['seizer']} of {e['seizer_res']}", f"{e['owner']}, {e['owner_res']}" if e["owner"] else "N/A",
        "; ".join(remarks),
    ]  # fmt: skip


def malayalam_row(demo: Demo, e: dict[str, Any]) -> list[Any]:
    """Malayalam kinds, ISO dates, 24-hour times, unknown owners in Malayalam."""
    return [
        e["no"], e.get("bad_date") or e["brought"].strftime("%Y-%m-%d"), e["brought"].strftime("%H:%M"), e["kind"],
        e["count"], e["description"], e["place"], e["seizer"],
        e["owner"] or demo.rng.choice(["അജ്ഞാതൻ", "അറിയില്ല", ""]), _d(e.get("claimed"), "%Y-%m-%d"),
    ]  # fmt: skip


def utf16_row(demo: Demo, e: dict[str, Any]) -> list[Any]:
    """'01 Apr 2025, 1715 hrs' dates, as a spreadsheet program saves 'Unicode text'."""
    return [
        e["no"], e.get("bad_date") or e["brought"].strftime("%d %b %Y, %H%M hrs"), e["kind"], e["count"],
        e["description"], e["place"], e["seizer"], e["owner"] or "Not known", _d(e.get("claimed"), "%d-%m-%Y"),
    ]  # fmt: skip


TEXT_LAYOUTS = {
    "ollur": TextLayout(
        ["Sl. No.", "Date brought", "Hour", "Kind of cattle", "Number", "Description", "Place of seizure",
         "Name and residence of seizer", "Name and residence of owner (if known)", "Date delivered to owner",
         "Released on deposit", "Released by order", "Notice posted on", "Date of sale", "Sale proceeds", "Buyer",
         "Complaint filed on", "Fine collected"],
        ollur_row,
    ),
    "pala": TextLayout(
        ["Entry", "Day and hour", "Number and description of cattle", "Place seized", "Seizer", "Owner", "Remarks"],
        pala_row,
    ),
    "malayalam": TextLayout(
        ["ക്രമ നമ്പർ", "തീയതി", "സമയം", "ഇനം", "എണ്ണം", "വിവരണം", "പിടിച്ചെടുത്ത സ്ഥലം", "പിടിച്ചെടുത്തയാൾ", "ഉടമ",
         "ഉടമയ്ക്ക് നൽകിയ തീയതി"],
        malayalam_row, encoding="utf-8-sig", malayalam=True,
    ),
    "semicolon_utf16": TextLayout(
        ["Reg. No", "Date and time brought", "Animal", "Head", "Marks", "Place where seized", "Seized by", "Owner",
         "Claimed on"],
        utf16_row, encoding="utf-16", delimiter=";",
    ),
}  # fmt: skip


def write_xlsx(path: Path, demo: Demo, pound: tuple[Any, ...], rows: int) -> int:
    """XLSX with title rows, real date cells, a blank row and a TOTAL row."""
    import openpyxl

    wb = openpyxl.Workbook(write_only=True)
    ws = wb.create_sheet("Register")
    ws.append(["REGISTER OF CATTLE IMPOUNDED"])
    ws.append([pound[1]])
    ws.append([])
    ws.append(
        [
            "No.",
            "Date & Hour brought",
            "Cattle",
            "No. of head",
            "Description",
            "Where seized",
            "Seizer",
            "Owner",
            "Date delivered",
            "Date of sale",
            "Proceeds",
            "Purchaser",
        ]
    )
    n = total = 0
    for e in _entries(demo, pound, rows):
        n += 1
        total += max(0, e["count"])
        ws.append(
            [
                e["no"],
                e.get("bad_date") or e["brought"],
                e["kind"],
                e["count"],
                e["description"],
                e["place"],
                e["seizer"],
                e["owner"],
                e.get("claimed"),
                e.get("sold"),
                e.get("proceeds"),
                e.get("buyer"),
            ]
        )
    ws.append([])
    ws.append(["TOTAL", None, None, total])
    wb.save(path)
    return n


def write_jsonl(path: Path, demo: Demo, pound: tuple[Any, ...], rows: int) -> int:
    """JSON Lines from an app: nested objects, ISO 8601 with +05:30, null owner."""
    n = 0
    with open(path, "w", encoding="utf-8") as f:
        for e in _entries(demo, pound, rows):
            n += 1
            rec: dict[str, Any] = {
                "entryNo": e["no"],
                "broughtAt": e.get("bad_date") or e["brought"].replace(tzinfo=IST).isoformat(),
                "animal": {"kind": e["kind"], "count": e["count"], "description": e["description"]},
                "seizedAt": e["place"],
                "seizer": {"name": e["seizer"], "residence": e["seizer_res"]},
                "owner": {"name": e["owner"], "residence": e["owner_res"]} if e["owner"] else None,
                "outcome": {
                    "deliveredOn": _d(e.get("claimed"), "%Y-%m-%d") or None,
                    "noticeOn": _d(e.get("notice"), "%Y-%m-%d") or None,
                    "soldOn": _d(e.get("sold"), "%Y-%m-%d") or None,
                    "saleProceeds": e.get("proceeds"),
                    "buyer": e.get("buyer"),
                    "complaintOn": _d(e.get("complaint"), "%Y-%m-%d") or None,
                },
            }
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return n


WRITERS: dict[str, tuple[Callable[[Path, Demo, tuple[Any, ...], int], int], str]] = {
    "ollur": (partial(write_text, TEXT_LAYOUTS["ollur"]), ".csv"),
    "pala": (partial(write_text, TEXT_LAYOUTS["pala"]), ".csv"),
    "malayalam": (partial(write_text, TEXT_LAYOUTS["malayalam"]), ".csv"),
    "xlsx": (write_xlsx, ".xlsx"),
    "jsonl": (write_jsonl, ".jsonl"),
    "semicolon_utf16": (partial(write_text, TEXT_LAYOUTS["semicolon_utf16"]), ".txt"),
}


def write_historical(path: Path, demo: Demo, rows: int) -> int:
    """An 1857 register: no hour, 19th-century dates, fines in annas (s.VI)."""
    fines = {"Cow": 4, "Bullock": 4, "Buffalo": 8, "Goat": 1, "Calf": 2, "Pony": 4, "Sheep": 1}
    n = 0
    start = dt.date(1858, 1, 4)
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(
            [
                "No.",
                "Date",
                "Number and description of animals",
                "Marks",
                "Where seized",
                "Seizer",
                "Owner",
                "Fine",
            ]
        )
        for i in range(1, rows + 1):
            kind = demo.rng.choice(list(fines))
            count = demo.rng.choice([1, 1, 1, 2, 3])
            d = start + dt.timedelta(days=i * 2 + demo.rng.randint(0, 1))
            date = d.strftime("%d-%m-%Y") if i % 3 else f"{d.day}th {d:%B %Y}"
            annas = fines[kind] * count
            fine = f"Rs. {annas // 16} {annas % 16} as." if annas >= 16 else f"{annas} as."
            w.writerow(
                [
                    i,
                    date,
                    f"{count} {kind}",
                    demo.description(kind).split(", ear")[0],
                    demo.rng.choice(["Howrah", "Baraset", "Dum Dum", "Barrackpore"]),
                    f"{demo.rng.choice(['Nobin', 'Jadu', 'Gopal'])} {demo.rng.choice(['Ghose', 'Dutt', 'Mitter'])}, Burdwan",
                    "Unknown",
                    fine,
                ]
            )
            n += 1
    return n


def write_rules(out: Path, demo: Demo, pounds: list[tuple[Any, ...]]) -> None:
    rules = out / "rules"
    rules.mkdir(parents=True, exist_ok=True)
    for name in ("fine_scales.csv", "feeding_rates.csv"):
        src = EXAMPLE_RULES / name
        if not src.exists():
            raise OutputError(f"{src}: the example rules are missing (Pinfold's package data is incomplete)")
        shutil.copy(src, rules / name)
    with open(rules / "habitual_areas.csv", "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(
            [
                "act",
                "local_area",
                "species",
                "multiplier",
                "effective_from",
                "effective_to",
                "reference",
                "status",
            ]
        )
        for kind in ("cow", "buffalo", "bull"):
            w.writerow(
                [
                    "kerala-1961",
                    "Thrissur Municipal Corporation",
                    kind,
                    2,
                    "2020-01-01",
                    "",
                    "EXAMPLE habitual-trespass notification under K s.11(2) (demo data)",
                    "example",
                ]
            )
    with open(rules / "auctions.csv", "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["pound_id", "date", "time", "place", "conditions", "reference"])
        for p in pounds[::4]:
            for week in (1, 2, 3):
                day = demo.today + dt.timedelta(days=7 * week - demo.today.weekday() + 2)  # Wednesdays
                w.writerow(
                    [
                        p[0],
                        day.isoformat(),
                        "10:00",
                        f"{p[1]} yard",
                        "Cash on the fall of the hammer; lots as notified",
                        "EXAMPLE Director's order fixing place, time and conditions (K s.13(3)) (demo data)",
                    ]
                )
    with open(rules / "roster.csv", "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["name", "role", "pound_id", "local_authority"])
        w.writerow(["K. Raghavan Nair", "pound-keeper", pounds[0][0], ""])
        w.writerow(["Joseph Kurian", "member of the local authority", "", pounds[0][2]])
        w.writerow(["Ummer Koya", "police officer", "*", ""])


def plant_conflict(path: Path, pound: tuple[Any, ...], today: dt.date) -> None:
    """One sale to the pound-keeper, written as registers do ('Raghavan Nair K.'): K s.18(1) forbids it."""
    with open(path, "a", encoding="utf-8", newline="") as f:
        d = today - dt.timedelta(days=40)
        csv.writer(f).writerow(
            [
                99999,
                d.strftime("%d/%m/%Y"),
                "9.30 AM",
                "bull",
                1,
                "brown, white patch on forehead",
                places_near(pound)[1],
                "Thomas Mathew, Ollur",
                "unknown",
                "",
                "",
                "",
                _d(d + dt.timedelta(days=8)),
                _d(d + dt.timedelta(days=17)),
                "Rs. 7,500/-",
                "Raghavan Nair K.",
                "",
                "",
            ]
        )


def write_demo(out: Path, today: dt.date, rows: int = 1200, seed: int = 1961, layouts: list[str] | None = None) -> int:
    """Write the demo DATA_DIR; returns the number of register entries written (bad rows and duplicates included).

    `layouts` picks among LAYOUTS (default all), e.g. only those another tool can read, for a benchmark.
    """
    layouts = layouts or LAYOUTS
    unknown = set(layouts) - set(LAYOUTS)
    if unknown:
        raise OutputError(f"unknown layouts {sorted(unknown)}: choose from {', '.join(LAYOUTS)}")
    demo = Demo(today, seed)
    out = Path(out)
    if (out / "registers").exists():
        shutil.rmtree(out / "registers")
    (out / "registers").mkdir(parents=True, exist_ok=True)
    with open(out / "pounds.csv", "w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(POUND_ROWS[0]))
        w.writeheader()
        w.writerows(POUND_ROWS)
    write_rules(out, demo, POUNDS)
    historical_rows = min(120, max(10, rows // 20))
    per_pound = max(1, (rows - historical_rows) // len(POUNDS))
    total = 0
    for i, p in enumerate(POUNDS):
        layout = layouts[i % len(layouts)]
        writer, suffix = WRITERS[layout]
        folder = out / "registers" / p[0]
        folder.mkdir()
        path = folder / f"register-{today.year}{suffix}"
        total += writer(path, demo, p, per_pound)
        if i == 0 and layout == "ollur":  # the layout with a buyer column
            plant_conflict(path, p, today)
            total += 1
    folder = out / "registers" / HISTORICAL[0]
    folder.mkdir()
    total += write_historical(folder / "register-1858.csv", demo, historical_rows)
    return total
