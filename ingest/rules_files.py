"""DATA_DIR/rules/ read into the law's RuleBook (pinfold/law/rules.py): the files, in any encoding and delimiter a
register may come in, each row checked and a bad one a one-line RulesError naming its file and row. The law itself
reads no files.

  fine_scales.csv     act,local_area,species,amount,effective_from,effective_to,reference,status,note
  feeding_rates.csv   act,local_authority,species,rate_per_day,effective_from,effective_to,reference,status,note,days_counted
  habitual_areas.csv  act,local_area,species,multiplier,effective_from,effective_to,reference,status
  auctions.csv        pound_id,date,time,place,conditions,reference
  roster.csv          name,role,pound_id,local_authority  (PRIVATE: people barred from buying, K s.18(1))
  places.csv          name,name_ml,district[,local_area,reference]  (places a local authority names, public in every
                      text: issue 23; a place's local_area is where cattle seized there were seized, K s.11(2))
"""

from __future__ import annotations

import csv
import datetime as dt
from fractions import Fraction
from pathlib import Path

from pinfold.errors import RulesError
from pinfold.law.money import Money, parse_money
from pinfold.law.packs import RulePack
from pinfold.law.rules import DAYS_COUNTED, RateRow, RuleBook, ScheduledAuction, ratio_text, statutory_rows

from .privacy import EMPTY, Persons, deployment_places, hide_prose, roster_of
from .readers import delimiter_of, sniff_encoding
from .seizure_areas import gazetteer


def _date(v: str | None, where: str) -> dt.date | None:
    v = (v or "").strip()
    if not v:
        return None
    try:
        return dt.date.fromisoformat(v)
    except ValueError:
        raise RulesError(f"{where}: '{v}' is not a date (write YYYY-MM-DD)") from None


def _rows(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    try:
        with open(path, encoding=sniff_encoding(path), newline="") as f:
            delimiter = delimiter_of(f.readline())
            f.seek(0)
            return [
                {k.strip(): (v or "").strip() for k, v in r.items() if k}
                for r in csv.DictReader(f, delimiter=delimiter)
            ]
    except (OSError, UnicodeError, csv.Error) as e:
        raise RulesError(f"{path}: cannot be read ({e})") from None


def _multiplier(text: str) -> Money:
    """A habitual-area multiplier, exactly: '2' -> 2; '1.5' -> 3/2; '3/2' -> 3/2 (as Money, the rows' one type).
    Raises ValueError for anything else, a float's approximation included."""
    try:
        m = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"multiplier '{text}' is not a number (write 2, 1.5 or 3/2)") from None
    if m <= 0:
        raise ValueError(f"multiplier '{text}' must be more than 0")
    return Money(m)


def _days_counted(text: str) -> str:
    """A feeding rate's day convention: '' (not stated), 'nights' or 'days'; anything else is a ValueError."""
    v = text.strip().lower()
    if v and v not in DAYS_COUNTED:
        raise ValueError(f"days_counted '{text}' is not one of: {', '.join(DAYS_COUNTED)} (or empty)")
    return v


def _public(text: str, roster: Persons) -> str:
    """A rule file's published text (a note, a reference, a status, an auction's place and conditions) made of what
    is recognised: the law's and the notifications' words, the deployment's places, dates, sums, orders' numbers
    (privacy.hide_prose), the roster's people, titled names, phones and e-mail addresses hidden:
    'As per G.O.(P) No. 12/2019/LSGD; ask Sri. K. Raghavan, 9447012345' -> 'As per G.O.(P) No. 12/2019/LSGD; ask
    [name], [number]'."""
    return hide_prose(text, roster)


def _rate_rows(path: Path, area_col: str, amount_col: str, start_id: int, roster: Persons = EMPTY) -> list[RateRow]:
    out: list[RateRow] = []
    for i, r in enumerate(_rows(path), 2):
        where = f"{path} row {i}"
        try:
            amount = _multiplier(r[amount_col]) if amount_col == "multiplier" else parse_money(r[amount_col])
            out.append(
                RateRow(
                    id=start_id + len(out),
                    act=r["act"],
                    area=r.get(area_col) or "*",
                    species=r.get("species") or "*",
                    amount=amount,
                    effective_from=_date(r.get("effective_from"), where),
                    effective_to=_date(r.get("effective_to"), where),
                    reference=_public(r.get("reference", ""), roster),
                    status=_public(r.get("status", ""), roster),
                    note=_public(r.get("note", ""), roster),
                    days_counted=_days_counted(r.get("days_counted", "")),
                )
            )
        except KeyError as e:
            raise RulesError(f"{where}: needs a column {e} (the header has: {', '.join(r)})") from None
        except ValueError as e:
            raise RulesError(f"{where}: {e}") from None
    return out


def _check_multipliers(rows: list[RateRow], path: Path, packs: dict[str, RulePack]) -> None:
    """K s.11(2): "not exceeding double the fine prescribed". A multiplier above the pack's most is an error naming
    its row, never silently capped: habitual_areas.csv row 3: multiplier 5/2 is above 2 (K s.11(2))."""
    for i, row in enumerate(rows, 2):
        p = packs.get(row.act)
        if p is None:
            continue
        most = p.clock.habitual_multiplier_max
        if row.amount.rupees > most:
            rule = p.sections.get("habitual") or f"{p.title} provides for no habitual-trespass areas"
            raise RulesError(
                f"{path} row {i}: multiplier {ratio_text(row.amount.rupees)} is above {most}, the "
                f"most the Act allows ({rule})"
            )


_AREAS = (
    ("fine_scales.csv", "local_area"),
    ("feeding_rates.csv", "local_authority"),
    ("habitual_areas.csv", "local_area"),
)


def load_rulebook(rules_dir: Path, packs: list[RulePack]) -> RuleBook:
    """DATA_DIR/rules -> RuleBook with the packs' statutory scales first."""
    book = RuleBook()
    book.roster = _rows(rules_dir / "roster.csv")
    officials = roster_of(r.get("name") or "" for r in book.roster)
    places, pounds = _rows(rules_dir / "places.csv"), _rows(rules_dir.parent / "pounds.csv")
    # the rule files' own areas are places in their prose ('Choornikkara panchayat decision, 2021'), and in a
    # register's place of seizure, which names the local area of K s.11(2) by them (published as written already)
    areas = [a for f, c in _AREAS for r in _rows(rules_dir / f) if (a := r.get(c) or "") != "*"]
    book.places = deployment_places([*places, *({"name": a} for a in areas)], pounds, officials)
    book.local_areas = gazetteer(areas, pounds, places, officials)  # a matched area is published
    roster = roster_of((r.get("name") or "" for r in book.roster), book.places)
    book.fine_scales = statutory_rows(packs)
    book.fine_scales += _rate_rows(
        rules_dir / "fine_scales.csv", "local_area", "amount", len(book.fine_scales) + 1, roster
    )
    book.feeding_rates = _rate_rows(rules_dir / "feeding_rates.csv", "local_authority", "rate_per_day", 1, roster)
    book.habitual = _rate_rows(rules_dir / "habitual_areas.csv", "local_area", "multiplier", 1, roster)
    _check_multipliers(book.habitual, rules_dir / "habitual_areas.csv", {p.id: p for p in packs})
    for i, r in enumerate(_rows(rules_dir / "auctions.csv"), 2):
        where = f"{rules_dir / 'auctions.csv'} row {i}"
        d = _date(r.get("date"), where)
        if d is None:
            raise RulesError(f"{where}: an auction needs a date")
        try:
            t = dt.time.fromisoformat(r.get("time") or "10:00")
        except ValueError:
            raise RulesError(f"{where}: '{r.get('time')}' is not a time (write HH:MM)") from None
        book.auctions.append(
            ScheduledAuction(
                r["pound_id"],
                d,
                t,
                _public(r.get("place", ""), roster),
                _public(r.get("conditions", ""), roster),
                _public(r.get("reference", ""), roster),
            )
        )
    return book
