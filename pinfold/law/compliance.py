"""How each pound keeps the law, rule by rule: what the register must record for an entry to count as a departure
from a rule, the section it reads, and what the register cannot show. One home for the scorecard's rules: the
public table `compliance` (pinfold/schema.py) is declared from RULES, the ingest counts with their conditions
(ingest/compliance.py), the portal labels them from here.

Each condition reads the per-entry columns the ingest already computed from the pack (brought_late, sale_questioned,
seizure_adjudged_illegal, fine_above_scale, sales.conflict_of_interest) or the one status home (status.whereabouts):
no rule is written again here. Wording accuses nobody: "the register records", never "the pound broke".
"""

from __future__ import annotations

from typing import NamedTuple

from .packs import RulePack, all_packs
from .rules import NOTIFIED, STATUTE
from .status import whereabouts

# The scales a fine can depart from: the Act's own (1857 s.VI) or the Director's Gazette notification (K s.11(1)). An
# example scale is a demonstration figure and a council's resolution no notification: a fine above either is no
# departure from K s.11(1), though impoundments.fine_above_scale still says it was above (with fine_scales.status).
LAWFUL_SCALES = (STATUTE, NOTIFIED)


class Rule(NamedTuple):
    """One rule of the scorecard: its column, the pack section it needs (None: every Act), its condition over
    impoundments `i` left-joined to sales `s`, and its words."""

    key: str
    section: str | None
    condition: str
    label: str
    counted: str  # what the register must record for an entry to be counted
    unseen: str  # what it cannot show
    # The entries the register could show a departure for (SQL over `i`), when not every entry: a pound whose
    # register records none of them shows "not recorded", not a 0 that reads as "kept the law".
    measured: str | None = None


def rules(today: str) -> tuple[Rule, ...]:
    """The scorecard's rules for the day `today` (an SQL expression): ('date(...)') -> (Rule('seizure_late', ...), ...)."""
    silent = whereabouts(today)["register_silent"]
    return (
        Rule(
            "seizure_late",
            "seizure_limit",
            "i.brought_late = 1",
            "Brought to the pound later than the Act allows",
            "a seizure day more than a day before the day brought",
            "registers that record no seizure day; the hour of seizure",
            "i.seized_on IS NOT NULL",
        ),
        Rule(
            "notice_late",
            "notice",
            f"(i.notice_posted_on > i.notice_due_on OR (i.notice_posted_on IS NULL AND i.notice_due_on < "
            f"coalesce(i.left_on, {today})))",
            "Notice recorded after its day, or not recorded",
            "a notice posted after the day it was due, or no notice for an animal still there after that day",
            "whether a notice it does not record was posted (not recorded is not not posted); the beat of drum",
        ),
        Rule(
            "sale_questioned",
            "auction",
            "i.sale_questioned IS NOT NULL",
            "Sale before the earliest lawful day, or while a complaint was pending",
            "a sale day before the earliest auction day, or while a complaint made in time was undecided",
            "whether the owner appeared and would not pay (K s.15(1)), which makes an early sale lawful",
        ),
        Rule(
            "fine_above_scale",
            "fine",
            "i.fine_above_scale = 1 AND i.fine_scale_id IN "
            f"(SELECT id FROM fine_scales WHERE status IN ({', '.join(repr(x) for x in LAWFUL_SCALES)}))",
            "Fine recorded above the scale in force",
            "a fine levied above the notified scale for the area, kind and day",
            "feeding charges against the rate; fines the register does not record; fines where the scale in force is "
            "an example or a council's resolution, not a notification",
        ),
        Rule(
            "barred_buyer",
            "conflict",
            "s.conflict_of_interest = 1",
            "Sale to a person the Act bars from buying",
            "a buyer on the roster in a role the pound's Act bars",
            "buyers not on the roster; buying through another (indirectly)",
            "s.buyer_checked = 1",
        ),
        Rule(
            "no_account",
            "sale_account",
            "i.status = 'sold' AND (s.impoundment_id IS NULL OR s.proceeds_minor IS NULL)",
            "Sale with no account recorded",
            "a sale with no proceeds recorded",
            "whether the owner was given the account; what became of the surplus",
        ),
        Rule(
            "register_silent",
            None,
            silent,
            "Register silent on where the animal went",
            "no outcome a month after the earliest auction day",
            "an outcome recorded elsewhere than in the register",
        ),
        Rule(
            "seizure_illegal",
            "compensation",
            "i.seizure_adjudged_illegal = 1",
            "Seizure adjudged illegal",
            "a complaint's outcome saying the seizure was illegal",
            "complaints not recorded in the register",
        ),
    )


RULE_KEYS = tuple(r.key for r in rules("date('now')"))
# The rules counted over some entries only, each with a column of how many the register could show it for.
MEASURED_KEYS = tuple(r.key for r in rules("date('now')") if r.measured)


def applies(rule: Rule, pack: RulePack) -> bool:
    """Whether a pound under `pack` can depart from `rule`: its Act has the section (kerala-1961, 'conflict') -> True."""
    return rule.section is None or rule.section in pack.sections


def columns_sql() -> str:
    """The scorecard's columns as declared in the public table: 'seizure_late INTEGER, seizure_late_share REAL, ...'."""
    return ", ".join(
        [f"{k} INTEGER, {k}_share REAL" for k in RULE_KEYS] + [f"{k}_measured INTEGER" for k in MEASURED_KEYS]
    )


def acts_with(rule: Rule) -> list[str]:
    """The packs whose Act has the rule: ('barred_buyer' rule) -> ['act-iii-1857', 'cattle-trespass-1871', ...]."""
    return sorted(a for a, p in all_packs().items() if applies(rule, p))


def departed(rule: Rule) -> str:
    """SQL over `i` (and `s`): the entry's register records a departure from the rule under an Act that has it."""
    acts = ", ".join(repr(a) for a in acts_with(rule)) or "NULL"
    return f"(i.act IN ({acts}) AND ({rule.condition}))"
