"""The rule book: a pack's statutory scale plus what `DATA_DIR/rules/` publishes (read by ingest/rules_files.py; the
law reads no files).

Files (all optional, CSV with a header row; amounts in any notation `parse_money` reads):
  fine_scales.csv     act,local_area,species,amount,effective_from,effective_to,reference,status,note
  feeding_rates.csv   act,local_authority,species,rate_per_day,effective_from,effective_to,reference,status,note,
                      days_counted (optional: how the rate counts days, DAYS_COUNTED; neither Act says)
  habitual_areas.csv  act,local_area,species,multiplier,effective_from,effective_to,reference,status
                      (multiplier: any exact amount up to the pack's most, '1.5' or '3/2'; above it, an error)
  auctions.csv        pound_id,date,time,place,conditions,reference
  roster.csv          name,role,pound_id,local_authority  (PRIVATE: people barred from buying, K s.18(1))
  places.csv          name,name_ml,district[,local_area,reference]  (a place's local area: the gazetteer that tells
                      the local area a register's place of seizure is in, K s.11(2))
`*` in local_area/local_authority/species means every area or kind. The most specific row in force on
the day wins (named area over `*`, named kind over `*`). A row of status `reported practice` (a council practice
known from the press, not a notified scale or a resolution on file) is published and shown beside the figures,
labelled, but never used to compute what is due: it cannot displace a notified or example scale.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction

from .money import DECIMALISATION, Money
from .packs import RulePack

# A figure's status, as rule files write it: what it rests on. Only these may be used to compute what is due.
STATUTE, NOTIFIED, RESOLUTION, EXAMPLE = "statute", "notified", "council resolution", "example"
# A council's practice known from press reports: published and shown, labelled, never used to compute a sum.
REPORTED = "reported practice"
# What a figure resting on neither the Act nor a notification is, said beside it wherever the figure is given without
# its rule file row (a feed's summary; the animal page): (English, Malayalam).
NOT_NOTIFIED = {
    EXAMPLE: ("example figure, not a notified rate", "ഉദാഹരണ തുക, വിജ്ഞാപനം ചെയ്ത നിരക്കല്ല"),
    RESOLUTION: ("council resolution, not a notification", "കൗൺസിൽ തീരുമാനം, വിജ്ഞാപനമല്ല"),
}

# K s.11(2) multiplies the fine of cattle "seized within such local area": the place of seizure decides it, not the
# pound (K s.10 sends cattle found on a road "to the nearest pound", which may be another local authority's). Where the
# register's place of seizure names no local area on file (blank, or a place no rule file, pounds.csv or places.csv
# names), the pound's own area is read instead, and a figure resting on that says so, with the pack's section for
# habitual areas after it: (English, Malayalam).
SEIZURE_AREA_ASSUMED = (
    "the place of seizure names no local area on file: the pound's own area is taken",
    "പിടിച്ചെടുത്ത സ്ഥലം ഫയലിലുള്ള ഒരു തദ്ദേശ പ്രദേശവുമല്ല: പൗണ്ടിന്റെ സ്വന്തം പ്രദേശം എടുത്തു",
)

# How a feeding rate counts days. Neither Act says (K s.4 and 1857 s.VII leave the rate to the local authority or
# the Magistrate), so the convention belongs to the rate row; a row that does not say gets DEFAULT_DAYS_COUNTED,
# published as Pinfold's assumption.
DAYS_COUNTED = {
    "nights": "each night in the pound, at least one (brought 3 Apr, left 5 Apr: 2 days)",
    "days": "each day or part of a day, the day brought and the day left both counted (3 to 5 Apr: 3 days)",
}
DEFAULT_DAYS_COUNTED = "nights"


def days_charged(convention: str, brought_on: dt.date, until: dt.date) -> int:
    """Days of feeding a rate charges for a stay: ('nights', 3 Apr, 5 Apr) -> 2; ('days', 3 Apr, 5 Apr) -> 3;
    ('nights', 3 Apr, 3 Apr) -> 1 (a part of a day is a day)."""
    nights = (until - brought_on).days
    return nights + 1 if convention == "days" else max(1, nights)


@dataclass(frozen=True)
class RateRow:
    id: int
    act: str
    area: str
    species: str
    amount: Money
    effective_from: dt.date | None
    effective_to: dt.date | None
    reference: str
    status: str
    note: str = ""
    days_counted: str = ""  # feeding rates: a key of DAYS_COUNTED as the rate states it, '' when it does not say

    @property
    def counts_days(self) -> str:
        """The convention applied: the row's own, or Pinfold's default when the row does not say."""
        return self.days_counted or DEFAULT_DAYS_COUNTED

    def in_force(self, on: dt.date) -> bool:
        return (self.effective_from is None or self.effective_from <= on) and (
            self.effective_to is None or on <= self.effective_to
        )


@dataclass(frozen=True)
class ScheduledAuction:
    pound_id: str
    date: dt.date
    time: dt.time
    place: str
    conditions: str
    reference: str


@dataclass
class RuleBook:
    fine_scales: list[RateRow] = field(default_factory=list)
    feeding_rates: list[RateRow] = field(default_factory=list)
    habitual: list[RateRow] = field(default_factory=list)  # amount holds the multiplier as rupees
    auctions: list[ScheduledAuction] = field(default_factory=list)
    roster: list[dict[str, str]] = field(default_factory=list)
    places: list[str] = field(default_factory=list)  # rules/places.csv and pounds.csv: public in every text
    # the gazetteer of K s.11(2): (a place or an area's name as a register may write it, the local area it is in),
    # every area a name of the rule files or a local authority of pounds.csv, public (ingest/seizure_areas.py)
    local_areas: list[tuple[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._candidates: dict[tuple[str, str, str, str, str], list[RateRow]] = {}
        self._boundaries: dict[tuple[str, str, str, str], list[dt.date]] = {}

    def fine_scale(self, act: str, area: str, species: str, on: dt.date) -> RateRow | None:
        """The scale row in force on `on` for this area and kind, most specific first (never a reported practice)."""
        return _first_in_force(self._rows_for("fine_scales", act, area, species), on)

    def feeding_rate(self, act: str, area: str, species: str, on: dt.date) -> RateRow | None:
        return _first_in_force(self._rows_for("feeding_rates", act, area, species), on)

    def reported_practices(self, act: str, area: str, species: str, on: dt.date) -> list[RateRow]:
        """Reported local practices (press reports) for this area and kind in force on a day, fines then feeding:
        shown beside the figures, labelled, never used in them."""
        return [
            r
            for table in ("fine_scales", "feeding_rates")
            for r in self._rows_for(table, act, area, species, REPORTED)
            if r.in_force(on)
        ]

    def feeding_rates_for(self, act: str, area: str, species: str) -> list[RateRow]:
        """Every feeding rate that could apply to this area and kind, most specific first."""
        return self._rows_for("feeding_rates", act, area, species)

    def feeding_boundaries(self, act: str, area: str, species: str) -> list[dt.date]:
        """Sorted days on which the feeding rate for this area and kind may change (a rate starts or ends)."""
        key = ("feeding_boundaries", act, area, species)
        found = self._boundaries.get(key)
        if found is None:
            days = set()
            for r in self.feeding_rates_for(act, area, species):
                if r.effective_from:
                    days.add(r.effective_from)
                if r.effective_to:
                    days.add(r.effective_to + dt.timedelta(days=1))
            found = self._boundaries[key] = sorted(days)
        return found

    def habitual_multiplier(self, pack: RulePack, area: str, species: str, on: dt.date) -> Fraction:
        """K s.11(2): the multiplier a notified habitual-trespass area sets, exactly ('1.5' -> 3/2), else 1. Rule
        files are checked when read: a multiplier above the pack's most (double, for K) is an error there."""
        row = self.habitual_row(pack, area, species, on)
        return Fraction(1) if row is None else row.amount.rupees

    def habitual_row(self, pack: RulePack, area: str, species: str, on: dt.date) -> RateRow | None:
        """The notification of a habitual-trespass area in force (K s.11(2)), which the multiplier rests on: its
        reference and status say whether it is the Gazette's or an example ('example' in the demo's rule files);
        None where no area of that name is notified."""
        row = _first_in_force(self._rows_for("habitual", pack.id, area, species), on)
        return None if row is None or row.area == "*" else row

    def habitual_notified(self, pack: RulePack, species: str, on: dt.date) -> bool:
        """K s.11(2): whether any local area multiplies the fine of this kind on this day, so that where the cattle
        were seized can change it: ('cow', 1 Nov 2025) -> True with Thrissur notified for cows; ('goat', ...) -> False."""
        areas = {r.area for r in self.habitual if r.act == pack.id and r.area != "*"}
        return any(self.habitual_multiplier(pack, a, species, on) != 1 for a in areas)

    def _rows_for(self, table: str, act: str, area: str, species: str, status: str | None = None) -> list[RateRow]:
        """The rows that could apply, most specific first (named area, then named kind, then the latest start): every
        row but reported practices, or only the rows of one status. Worked out once per table, area, kind and status:
        a lookup by day then scans two or three rows, not the table."""
        key = (table, act, area, species, status or "")
        found = self._candidates.get(key)
        if found is None:
            rows: list[RateRow] = getattr(self, table)
            found = [
                r
                for r in rows
                if r.act == act
                and r.area in ("*", area)
                and r.species in ("*", species)
                and (r.status == status if status else r.status != REPORTED)
            ]
            found.sort(
                key=lambda r: ((r.area != "*") * 2 + (r.species != "*"), r.effective_from or dt.date.min), reverse=True
            )
            self._candidates[key] = found
        return found


def _first_in_force(rows: list[RateRow], on: dt.date) -> RateRow | None:
    for r in rows:
        if r.in_force(on):
            return r
    return None


def ratio_text(r: Fraction) -> str:
    """An exact ratio as people write it: 2 -> '2'; 3/2 -> '1.5'; 1/3 -> '1/3' (no decimal is exact)."""
    text = Money(r).decimal_str()
    return text.rstrip("0").rstrip(".") if "." in text else text


def _scale_ends(pack: RulePack) -> dt.date:
    """The last day an Act's own scale can fine: the Act's end, or the day before India's coinage was decimalised
    (1 Apr 1957: a scale in annas is never a current fine), whichever is first. 1857 -> 31 Dec 1871 (Act I of 1871
    repealed it); 1871 -> 31 Mar 1957."""
    before_decimal = DECIMALISATION - dt.timedelta(days=1)
    end = pack.in_force.end
    return before_decimal if end is None else min(end, before_decimal)


def statutory_rows(packs: list[RulePack]) -> list[RateRow]:
    """The scales written into an Act itself (1857 s.VI, 1871 s.12) as rows of the published table."""
    rows: list[RateRow] = []
    for p in packs:
        for kind, amount in sorted(p.statutory_fines.items()):
            rows.append(
                RateRow(
                    id=len(rows) + 1,
                    act=p.id,
                    area="*",
                    species=kind,
                    amount=amount,
                    effective_from=p.in_force_from,
                    effective_to=_scale_ends(p),
                    reference=p.fine_reference,
                    status=p.fine_scale_status,
                    note=p.fine_scale_note,
                )
            )
    return rows
