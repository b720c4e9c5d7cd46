"""Rule packs: one per Act, as data (`packs/<id>.toml`). Adding an Act is adding a file.

A pack says the Act's clock (days to claim, days from notice to auction, days to complain, whether a
pending complaint stops a sale), how its periods are counted and on whose authority, when the Act applied and
when it ended (with the source, or "not verified"), its definition of cattle, its statutory fine scale if it has
one, the largest compensation it allows, the sections to cite and who does what. Everything the engine computes,
and every sentence a page or a feed writes about a period, an amount or a section, reads these values; nothing is
hard-coded per Act.

The folder is `PACKS_DIR`, or the folder `PINFOLD_PACKS_DIR` names (a test adds a fourth Act in a temporary folder).

A pack's texts a page shows (its title, roles, definition of cattle, counting rule, who may not buy, its sources) have
their Malayalam as data too: an `[ml]` table keyed like the English (`[ml.roles] notice_place = "..."`), read by
`RulePack.words(key, lang)`. A pack without one reads in English in both languages. Words a page quotes from the
Act are a `[quotes]` table (`repaid`: K s.21(1)'s "together with all fines paid and expenses incurred ..."), read by
portal/i18n.py `law_values` as `{q_repaid}`.
"""

from __future__ import annotations

import datetime as dt
import os
import tomllib
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from .money import Money

PACKS_DIR = Path(__file__).with_name("packs")
PACKS_DIR_VARIABLE = "PINFOLD_PACKS_DIR"


class UnknownAct(KeyError):
    """A pound names an act with no rule pack."""


@dataclass(frozen=True)
class Clock:
    claim_days: int
    notice_to_auction_days: int
    complaint_days: int
    no_sale_while_complaint_pending: bool
    surplus_held_months: int
    habitual_multiplier_max: int
    # The longest a seizure can have been before impounding, in days (K s.9, s.10: within 24 hours): when a register
    # records no seizure day, the complaint period is counted from the earliest day the seizure can have been.
    seizure_at_most_days_before: int = 1
    seizure_rule: str = ""  # the words that bound it, with their section: 'within twenty-four hours (K s.9, s.10)'
    counting: str = "the first day is excluded"  # how a period "from" a date is counted, and on whose authority


@dataclass(frozen=True)
class InForce:
    """When an Act applied, as far as the sources at hand show. A day not verified says so in its source."""

    start: dt.date | None
    start_source: str
    end: dt.date | None = None  # the last day the Act can have applied; None while in force (or not known to end)
    end_source: str = "in force: no repeal known to Pinfold"
    replaced_by: str = ""  # the pack id of the Act that followed it, when Pinfold has one


@dataclass(frozen=True)
class AreaEnd:
    """An Act's end in some districts only: the 1871 Act in the Malabar district, repealed by K s.33."""

    districts: frozenset[str]  # lower case
    until: dt.date
    until_source: str
    replaced_by: str


@dataclass(frozen=True)
class Cattle:
    """An Act's own definition of cattle: the kinds it covers (canonical names) and where it says so."""

    kinds: frozenset[str]
    cite: str
    words: str  # the definition, or what stands for it, in the Act's words


@dataclass(frozen=True)
class Conflict:
    """Who an Act bars from buying at its sales (K s.18(1); 1857 s.X): words a roster role is matched by."""

    barred: tuple[str, ...]
    words: str
    # Roles barred only at the pounds of their own authority (K s.18(1): "no member of the local authority under
    # whose control the pound is"); every other barred role is barred at any sale under the Act, wherever the
    # roster says the person serves.
    scoped: tuple[str, ...] = ()

    def bars(self, role: str) -> bool:
        """K: 'member of the local authority' -> True; 1857: the same -> False; 'Police Officer' -> True for both."""
        return _names_any(role, self.barred)

    def scoped_to_authority(self, role: str) -> bool:
        """K: 'Panchayat member of the local authority' -> True; 'pound-keeper' -> False (barred at every sale)."""
        return _names_any(role, self.scoped)


def _names_any(role: str, words: tuple[str, ...]) -> bool:
    """Whether a roster role names any of the words, case, hyphens and spacing aside."""
    folded = " ".join(role.lower().replace("-", " ").split())
    return any(" ".join(b.lower().replace("-", " ").split()) in folded for b in words)


@dataclass(frozen=True)
class RulePack:
    id: str
    title: str
    short: str
    clock: Clock
    sections: dict[str, str]
    roles: dict[str, str]
    statutory_fines: dict[str, Money] = field(default_factory=dict)  # kind -> fine per head
    in_force: InForce = InForce(None, "not verified")
    cattle: Cattle | None = None
    fine_scale_status: str = "statute"  # how the pack's own scale is labelled where it is published
    fine_scale_note: str = ""
    compensation_max: Money | None = None  # the most a Magistrate may award for an illegal seizure
    conflict: Conflict | None = None  # None: every role on the roster is barred
    # Every text of the pack by its key ('roles.notice_place', 'cattle.words', 'title'), and the [ml] table's twins
    texts: dict[str, str] = field(default_factory=dict)
    ml: dict[str, str] = field(default_factory=dict)
    area_ends: tuple[AreaEnd, ...] = ()

    def in_district(self, district: str) -> RulePack:
        """The pack as it applies to a pound in a district: with the end the Act had there, if it ended there only.
        (1871, 'Kozhikode') -> in force until 31 Dec 1961 at the latest, followed by kerala-1961 (K s.33);
        (1871, 'Dakshina Kannada') -> unchanged."""
        where = " ".join(district.lower().split())
        for end in self.area_ends:
            if where in end.districts and (self.in_force.end is None or end.until < self.in_force.end):
                ended = replace(self.in_force, end=end.until, end_source=end.until_source, replaced_by=end.replaced_by)
                return replace(self, in_force=ended)
        return self

    def words(self, key: str, lang: str = "en") -> str:
        """A text of the pack in a language: ('roles.notice_place', 'ml') -> 'തദ്ദേശ സ്ഥാപനത്തിന്റെ ഓഫീസിൽ; ...';
        ('roles.notice_place', 'en') -> 'the office of the local authority, ...'. A key with no Malayalam reads in
        English; a key the pack lacks reads as nothing."""
        english = self.texts.get(key, "")
        return self.ml.get(key, english) if lang == "ml" else english

    @property
    def in_force_from(self) -> dt.date | None:
        return self.in_force.start

    def cite(self, *keys: str) -> list[str]:
        """pack.cite('claim', 'complaint') -> ['K s.12', 'K s.19'] (keys the pack lacks are skipped)."""
        return [self.sections[k] for k in keys if k in self.sections]

    def citation(self, *keys: str) -> str:
        """pack.citation('fine', 'claim') -> 'K s.11(1), s.12': the Act named once, each section once."""
        parts: list[str] = []
        for cite in self.cite(*keys):
            for part in cite.removeprefix(f"{self.short} ").split(", "):
                if part not in parts:
                    parts.append(part)
        return f"{self.short} {', '.join(parts)}" if parts else ""

    @property
    def fine_reference(self) -> str:
        return f"{self.title}, {self.sections.get('fine', '')}".strip(", ")

    def covers(self, species: str) -> bool:
        """Whether a kind is cattle under this Act: K covers 'fowl' (s.2(1)); the 1871 Act does not."""
        return self.cattle is None or species in self.cattle.kinds

    def applies_on(self, day: dt.date) -> bool:
        """Whether the Act can have applied on a day: on or after its start, on or before its end."""
        f = self.in_force
        return (f.start is None or f.start <= day) and (f.end is None or day <= f.end)

    def periods(self) -> dict[str, int]:
        """The periods a page states, by name: {'claim_days': 7, 'notice_to_auction_days': 7, 'complaint_days': 10}."""
        c = self.clock
        return {
            "claim_days": c.claim_days,
            "notice_to_auction_days": c.notice_to_auction_days,
            "complaint_days": c.complaint_days,
        }


def _date(value: object) -> dt.date | None:
    return value if isinstance(value, dt.date) else None


def _texts(data: dict[str, object], prefix: str = "") -> dict[str, str]:
    """A pack's TOML as texts by dotted key: {'roles': {'fines_to': 'x'}, 'title': 'y'} -> {'roles.fines_to': 'x',
    'title': 'y'} (numbers, lists and dates are not texts)."""
    out: dict[str, str] = {}
    for k, v in data.items():
        if isinstance(v, dict):
            out |= _texts(v, f"{prefix}{k}.")
        elif isinstance(v, str):
            out[f"{prefix}{k}"] = v
    return out


def _load(path: Path) -> RulePack:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    ml = data.pop("ml", {})
    fines: dict[str, Money] = {}
    for row in data.get("fine_scale", []):
        for kind in row["kinds"]:
            fines[kind] = Money.annas(int(row["annas"]))
    force = data.get("in_force", {})
    in_force = InForce(
        start=_date(force.get("from")),
        start_source=force.get("from_source", "not verified"),
        end=_date(force.get("until")),
        end_source=force.get("until_source", InForce.end_source),
        replaced_by=force.get("replaced_by", ""),
    )
    area_ends = tuple(
        AreaEnd(
            frozenset(" ".join(d.lower().split()) for d in e["districts"]),
            e["until"],
            e["until_source"],
            e.get("replaced_by", ""),
        )
        for e in force.get("ends_in", [])
    )
    cattle = data.get("cattle")
    comp = data.get("compensation_max_rupees")
    conflict = data.get("conflict")
    return RulePack(
        id=data["id"],
        title=data["title"],
        short=data["short"],
        clock=Clock(**data["clock"]),
        sections=dict(data.get("sections", {})),
        roles=dict(data.get("roles", {})),
        statutory_fines=fines,
        in_force=in_force,
        cattle=Cattle(frozenset(cattle["kinds"]), cattle["cite"], cattle["words"]) if cattle else None,
        fine_scale_status=data.get("fine_scale_status", "statute"),
        fine_scale_note=data.get("fine_scale_note", ""),
        compensation_max=Money.of(comp) if comp is not None else None,
        conflict=Conflict(tuple(conflict["barred"]), conflict["words"], tuple(conflict.get("scoped", ())))
        if conflict
        else None,
        texts=_texts(data),
        ml=_texts(ml),
        area_ends=area_ends,
    )


def packs_dir() -> Path:
    """The folder the packs are read from: PACKS_DIR, or the one PINFOLD_PACKS_DIR names."""
    return Path(os.environ.get(PACKS_DIR_VARIABLE) or PACKS_DIR)


@cache
def _packs_in(folder: str) -> dict[str, RulePack]:
    packs = (_load(p) for p in sorted((Path(folder) if folder else PACKS_DIR).glob("*.toml")))
    return {p.id: p for p in packs}


def all_packs() -> dict[str, RulePack]:
    """{'kerala-1961': RulePack(...), 'act-iii-1857': ..., 'cattle-trespass-1871': ...}"""
    # Keyed by the variable's text, not a Path: the ingest asks for a pack several times a record, and building a
    # Path each time cost a fifth of the 100k ingest's CPU.
    return _packs_in(os.environ.get(PACKS_DIR_VARIABLE) or "")


def pack(act: str) -> RulePack:
    """pack('kerala-1961') -> its RulePack; raises UnknownAct for an act with no pack."""
    try:
        return all_packs()[act]
    except KeyError:
        raise UnknownAct(act) from None
