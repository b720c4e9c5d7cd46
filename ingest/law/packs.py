"""Rule packs: one per Act, as data (`packs/<id>.toml`). Adding an Act is adding a file.

A pack says the Act's clock (days to claim, days from notice to auction, days to complain, whether a
pending complaint stops a sale), its statutory fine scale if the Act has one, the sections to cite
and who does what. Everything the engine computes reads these numbers; nothing is hard-coded per Act.
"""

from __future__ import annotations

import datetime as dt
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .money import Money

PACKS_DIR = Path(__file__).with_name("packs")


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


@dataclass(frozen=True)
class RulePack:
    id: str
    title: str
    short: str
    clock: Clock
    sections: dict[str, str]
    roles: dict[str, str]
    statutory_fines: dict[str, Money] = field(default_factory=dict)  # kind -> fine per head
    in_force_from: dt.date | None = None

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


def _load(path: Path) -> RulePack:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    fines: dict[str, Money] = {}
    for row in data.get("fine_scale", []):
        for kind in row["kinds"]:
            fines[kind] = Money.annas(int(row["annas"]))
    start = data.get("in_force_from")
    return RulePack(
        id=data["id"],
        title=data["title"],
        short=data["short"],
        clock=Clock(**data["clock"]),
        sections=dict(data.get("sections", {})),
        roles=dict(data.get("roles", {})),
        statutory_fines=fines,
        in_force_from=start if isinstance(start, dt.date) else None,
    )


@cache
def all_packs() -> dict[str, RulePack]:
    """{'kerala-1961': RulePack(...), 'act-iii-1857': ..., 'cattle-trespass-1871': ...}"""
    packs = (_load(p) for p in sorted(PACKS_DIR.glob("*.toml")))
    return {p.id: p for p in packs}


def pack(act: str) -> RulePack:
    """pack('kerala-1961') -> its RulePack; raises UnknownAct for an act with no pack."""
    try:
        return all_packs()[act]
    except KeyError:
        raise UnknownAct(act) from None
