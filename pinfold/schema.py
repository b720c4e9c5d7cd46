"""The public database as users rely on it (DATA_CONTRACT.md: "The public database"): every public table and view,
declared once here and read by the ingest that fills them, the portal that serves them (its API models, its pages)
and the open data package that describes them. Add columns, never remove.
"""

from collections.abc import Callable
from pathlib import Path

from .law.clock import ISO_OFFSET
from .law.compliance import columns_sql, departed
from .law.compliance import rules as compliance_rules
from .law.packs import RulePack, all_packs
from .law.rules import NOT_NOTIFIED
from .law.status import (
    IN_POUND,
    PROPOSED_MEANS,
    STATUS_LABELS,
    TODAY_IN_INDIA,
    auctions_to_come,
    whereabouts,
    whereabouts_select,
)
from .pound_months import TABLE as POUND_MONTHS
from .vocabulary import PLURALS

# The fields that hold a date besides the date brought: what became of the animal, and the day it was seized.
OUTCOME_DATES = (
    "claimed_on",
    "deposit_on",
    "released_by_order_on",
    "notice_posted_on",
    "sold_on",
    "disposed_on",
    "complaint_filed_on",
    "complaint_decided_on",
    "seized_on",
)


COLUMN_WORDS = {
    "claimed_on": "date delivered to the owner",
    "deposit_on": "date released on deposit",
    "released_by_order_on": "date released by order",
    "notice_posted_on": "date the notice was posted",
    "sold_on": "date of sale",
    "disposed_on": "date disposed of",
    "complaint_filed_on": "date the complaint was filed",
    "complaint_decided_on": "date the complaint was decided",
    "seized_on": "date of seizure",
}


# The compared fields, in the order a page lists them, with their English label (FIELDS_ML, below, the Malayalam).
FIELDS: dict[str, str] = {
    "entry_no": "Entry number",
    "brought_at": "Date brought",
    "species": "Kind",
    "head_count": "Number of head",
    "description": "Description",
    "place_seized": "Place seized",
    "owner_known": "Owner known",
    # 'Date of seizure', 'Date delivered to the owner', ...: the words a reject's reason uses for these columns
    **{f: COLUMN_WORDS[f][0].upper() + COLUMN_WORDS[f][1:] for f in ("seized_on", *OUTCOME_DATES) if f in COLUMN_WORDS},
    "complaint_outcome": "Outcome of the complaint",
    "fine_levied_rupees": "Fine levied (rupees)",
    "fine_due_rupees": "Fine due on the scale (rupees)",
    "feeding_rupees": "Feeding charges (rupees)",
    "sale_proceeds_rupees": "Proceeds of sale (rupees)",
    "sale_expenses_rupees": "Expenses of sale (rupees)",
}
# Each field's label in Malayalam (FIELDS the English): the portal's history and downloads, the intake's reasons.
FIELDS_ML: dict[str, str] = {
    "entry_no": "എൻട്രി നമ്പർ",
    "brought_at": "കൊണ്ടുവന്ന തീയതി",
    "species": "ഇനം",
    "head_count": "എണ്ണം",
    "description": "വിവരണം",
    "place_seized": "പിടിച്ചെടുത്ത സ്ഥലം",
    "owner_known": "ഉടമയെ അറിയാം",
    "seized_on": "പിടിച്ചെടുത്ത തീയതി",
    "claimed_on": "ഉടമയ്ക്ക് തിരികെ നൽകിയ തീയതി",
    "deposit_on": "തുക കെട്ടിവച്ച് വിട്ടുകൊടുത്ത തീയതി",
    "released_by_order_on": "ഉത്തരവ് പ്രകാരം വിട്ടുകൊടുത്ത തീയതി",
    "notice_posted_on": "നോട്ടീസ് പതിച്ച തീയതി",
    "sold_on": "വിറ്റ തീയതി",
    "disposed_on": "മറ്റുവിധത്തിൽ ഒഴിവാക്കിയ തീയതി",
    "complaint_filed_on": "പരാതി നൽകിയ തീയതി",
    "complaint_decided_on": "പരാതി തീർപ്പാക്കിയ തീയതി",
    "complaint_outcome": "പരാതിയുടെ തീർപ്പ്",
    "fine_levied_rupees": "ഈടാക്കിയ പിഴ (രൂപ)",
    "fine_due_rupees": "നിരക്കു പ്രകാരമുള്ള പിഴ (രൂപ)",
    "feeding_rupees": "തീറ്റച്ചെലവ് (രൂപ)",
    "sale_proceeds_rupees": "വിൽപനത്തുക (രൂപ)",
    "sale_expenses_rupees": "വിൽപനച്ചെലവ് (രൂപ)",
}


def head_sql(n: str, species: str) -> str:
    """vocabulary.head_of in SQL: ('i.head_count', 'i.species') -> an expression giving '1 cow', '2 calves'."""
    irregular = " ".join(f"WHEN '{kind}' THEN '{plural}'" for kind, plural in PLURALS.items())
    return f"({n} || ' ' || CASE WHEN {n} = 1 THEN {species} ELSE CASE {species} {irregular} ELSE {species} || 's' END END)"


def money_sql(minor: str, unit: str) -> str:
    """Money.display in SQL, from a *_minor column and money_unit: (600, 'paisa') -> '₹6.00'; (294, 'pie') -> 'Rs 1 8 as. 6 p.'."""
    rs, annas, pies = f"({minor} / 192)", f"({minor} % 192 / 12)", f"({minor} % 12)"
    era_notation = (
        f"trim(CASE WHEN {rs} > 0 THEN 'Rs ' || {rs} || ' ' ELSE '' END"
        f" || CASE WHEN {annas} > 0 OR ({rs} = 0 AND {pies} = 0) THEN {annas} || ' as. ' ELSE '' END"
        f" || CASE WHEN {pies} > 0 THEN {pies} || ' p.' ELSE '' END)"
    )
    return f"CASE {unit} WHEN 'pie' THEN {era_notation} ELSE '₹' || {indian_grouped_sql(f'({minor} / 100)')} || printf('.%02d', {minor} % 100) END"


def indian_grouped_sql(n: str) -> str:
    """money.indian_grouped in SQL, for whole rupees of a sum of *_minor (never negative: fines, charges, proceeds):
    ('x') -> an expression giving '1,49,000' for 149000, written out to 10^17 (past SQLite's largest integer in paise).
    """
    whens = [f"WHEN {n} < 1000 THEN CAST({n} AS TEXT)"]
    for pairs in range(0, 8):
        top = 10 ** (5 + 2 * pairs)
        groups = [f"printf('%02d', {n} / {10 ** (3 + 2 * j)} % 100)" for j in reversed(range(pairs))]
        head = f"({n} / {10 ** (3 + 2 * pairs)})"
        parts = [f"CAST({head} AS TEXT)", *groups, f"printf('%03d', {n} % 1000)"]
        whens.append(f"WHEN {n} < {top} THEN " + " || ',' || ".join(parts))
    return f"(CASE {' '.join(whens)} END)"


def date_sql(iso: str) -> str:
    """i18n.date_label(d, 'en') in SQL: ('i.brought_on') -> an expression giving '7 Jan 1858'."""
    month = f"substr('JanFebMarAprMayJunJulAugSepOctNovDec', 3 * strftime('%m', {iso}) - 2, 3)"
    return f"(CAST(strftime('%d', {iso}) AS INTEGER) || ' ' || {month} || ' ' || strftime('%Y', {iso}))"


def status_sql(status: str) -> str:
    """i18n.status_label(s, 'en') in SQL: ('i.status') -> an expression giving 'Claimed by owner' for 'claimed'."""
    whens = " ".join(f"WHEN '{k}' THEN '{en.replace(chr(39), chr(39) * 2)}'" for k, (en, _) in STATUS_LABELS.items())
    return f"CASE {status} {whens} ELSE {status} END"


def basis_sql(status: str) -> str:
    """What a figure rests on when neither the Act nor a notification (rules.NOT_NOTIFIED), in SQL, for a summary:
    ('s.status') -> CASE s.status WHEN 'example' THEN ' (example figure, not a notified rate)' ... ELSE '' END."""
    whens = " ".join(f"WHEN '{k}' THEN ' ({en.replace(chr(39), chr(39) * 2)})'" for k, (en, _) in NOT_NOTIFIED.items())
    return f"CASE {status} {whens} ELSE '' END"


def pack_sql(act: str, value: Callable[[RulePack], str]) -> str:
    """What each rule pack says, by a row's Act: ('i.act', title) -> CASE i.act WHEN 'kerala-1961' THEN '...' END."""
    whens = " ".join(f"WHEN '{p.id}' THEN '{value(p).replace(chr(39), chr(39) * 2)}'" for p in all_packs().values())
    return f"CASE {act} {whens} END"


def act_sql(act: str, *keys: str) -> str:
    """The sections each Act gives for keys: ('i.act', 'fine') -> CASE i.act WHEN 'kerala-1961' THEN 'K s.11(1)' ... END."""
    return pack_sql(act, lambda p: p.citation(*keys))


PUBLIC = """
CREATE TABLE pounds (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, act TEXT NOT NULL, act_title TEXT, local_authority TEXT,
    district TEXT, village TEXT, latitude REAL, longitude REAL, phone TEXT, hours TEXT, address TEXT
);
CREATE TABLE impoundments (
    id TEXT PRIMARY KEY,
    pound_id TEXT NOT NULL REFERENCES pounds(id),
    entry_no TEXT,
    brought_at TEXT NOT NULL,
    brought_on TEXT NOT NULL,
    brought_month TEXT NOT NULL,
    seized_on TEXT,
    species TEXT NOT NULL,
    species_as_written TEXT,
    head_count INTEGER NOT NULL CHECK (head_count >= 1),
    head_count_assumed INTEGER NOT NULL DEFAULT 0,
    description TEXT,
    colour TEXT,
    ear_tags TEXT,
    place_seized TEXT,
    owner_known INTEGER NOT NULL,
    status TEXT NOT NULL,
    claimed_on TEXT,
    deposit_on TEXT,
    released_by_order_on TEXT,
    notice_posted_on TEXT,
    sold_on TEXT,
    disposed_on TEXT,
    complaint_filed_on TEXT,
    complaint_decided_on TEXT,
    complaint_outcome TEXT,
    notice_due_on TEXT,
    auction_earliest_on TEXT,
    complaint_deadline_on TEXT,
    left_on TEXT,
    days_in_pound INTEGER,
    fine_per_head_rupees TEXT,
    habitual_multiplier INTEGER,
    fine_due_rupees TEXT,
    fine_due_minor INTEGER,
    fine_scale_id INTEGER,
    fine_levied_rupees TEXT,
    fine_levied_minor INTEGER,
    fine_above_scale INTEGER,
    fine_collected_rupees TEXT,
    fine_collected_minor INTEGER,
    feeding_rate_rupees TEXT,
    feeding_rate_id INTEGER,
    feeding_rupees TEXT,
    feeding_minor INTEGER,
    money_unit TEXT,
    act TEXT NOT NULL,
    district TEXT,
    local_authority TEXT,
    duplicates_merged INTEGER NOT NULL DEFAULT 0,
    source_file TEXT NOT NULL,
    source_row INTEGER NOT NULL,
    source_sheet TEXT,
    seizure_assumed INTEGER NOT NULL DEFAULT 0,
    brought_late INTEGER,
    complaint_in_time INTEGER,
    seizure_adjudged_illegal INTEGER,
    auction_by_notice_on TEXT,
    sale_questioned TEXT,
    habitual_multiplier_exact TEXT,
    source_part INTEGER,
    seizure_local_area TEXT,
    seizure_area_assumed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE merged_duplicates (
    source_file TEXT NOT NULL, source_row INTEGER NOT NULL, source_sheet TEXT,
    impoundment_id TEXT NOT NULL REFERENCES impoundments(id), source_part INTEGER
);
CREATE TABLE rejects (
    id INTEGER PRIMARY KEY, pound_id TEXT, source_file TEXT NOT NULL, source_row INTEGER, source_sheet TEXT,
    reason TEXT NOT NULL
);
CREATE TABLE fine_scales (
    id INTEGER PRIMARY KEY, act TEXT NOT NULL, local_area TEXT NOT NULL, species TEXT NOT NULL,
    amount_rupees TEXT NOT NULL, amount_display TEXT, effective_from TEXT, effective_to TEXT,
    reference TEXT, status TEXT, note TEXT
);
CREATE TABLE habitual_areas (
    id INTEGER PRIMARY KEY, act TEXT NOT NULL, local_area TEXT NOT NULL, species TEXT NOT NULL,
    multiplier INTEGER, effective_from TEXT, effective_to TEXT, reference TEXT, status TEXT,
    multiplier_exact TEXT NOT NULL
);
CREATE TABLE feeding_rates (
    id INTEGER PRIMARY KEY, act TEXT NOT NULL, local_authority TEXT NOT NULL, species TEXT NOT NULL,
    rate_per_day_rupees TEXT NOT NULL, rate_display TEXT, effective_from TEXT, effective_to TEXT,
    reference TEXT, status TEXT, note TEXT, days_counted TEXT NOT NULL, days_counted_stated INTEGER NOT NULL
);
CREATE TABLE notices (
    id TEXT PRIMARY KEY, impoundment_id TEXT NOT NULL REFERENCES impoundments(id), pound_id TEXT NOT NULL,
    posted_on TEXT NOT NULL, status TEXT NOT NULL, head_count INTEGER, species TEXT, description TEXT,
    place_seized TEXT, place_impounded TEXT, auction_earliest_on TEXT, notice_text TEXT, section TEXT
);
CREATE TABLE auctions (
    id TEXT PRIMARY KEY, pound_id TEXT NOT NULL REFERENCES pounds(id), auction_date TEXT NOT NULL,
    auction_time TEXT, starts_at TEXT, place TEXT, conditions TEXT, status TEXT NOT NULL, lots INTEGER,
    head_count INTEGER, lot_summary TEXT, reference TEXT, section TEXT
);
CREATE TABLE auction_lots (
    auction_id TEXT NOT NULL REFERENCES auctions(id), lot_no INTEGER NOT NULL,
    impoundment_id TEXT NOT NULL REFERENCES impoundments(id), species TEXT, head_count INTEGER, description TEXT
);
CREATE TABLE sales (
    impoundment_id TEXT PRIMARY KEY REFERENCES impoundments(id), pound_id TEXT NOT NULL, sold_on TEXT NOT NULL,
    head_seized INTEGER, head_sold INTEGER, days_impounded INTEGER,
    proceeds_rupees TEXT, fines_rupees TEXT, feeding_rupees TEXT, expenses_rupees TEXT, balance_rupees TEXT,
    proceeds_minor INTEGER, balance_minor INTEGER, money_unit TEXT,
    surplus_held_until TEXT, surplus_claimed INTEGER NOT NULL DEFAULT 0,
    conflict_of_interest INTEGER NOT NULL DEFAULT 0, conflict_role TEXT, section TEXT,
    shortfall_rupees TEXT, shortfall_minor INTEGER, buyer_checked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE compliance (
    pound_id TEXT NOT NULL REFERENCES pounds(id), year TEXT NOT NULL, act TEXT NOT NULL, district TEXT,
    entries INTEGER NOT NULL, {compliance_columns}
);
CREATE TABLE ingest_summary (
    files INTEGER, records INTEGER, stored INTEGER, duplicates INTEGER, rejects INTEGER, data_version TEXT
);
"""
# the scorecard's columns, one pair per rule of pinfold/law/compliance.py: departures and their share in percent
PUBLIC = (
    PUBLIC.replace("{compliance_columns}", columns_sql()) + POUND_MONTHS
)  # the charts' figures, per pound and month

# Built after the rows are in (schema.FINISH): one sort per index instead of a million random inserts into six
# of them, which made the finish 14 times slower at 1M rows than at 100k. By pound: an incremental ingest reads and
# replaces the changed pounds' notices and sales (ingest/changed.py, ingest/patch.py), not every pound's.
INDEXES = """
CREATE INDEX impoundments_pound ON impoundments(pound_id, brought_at);
CREATE INDEX impoundments_brought ON impoundments(brought_at);
CREATE INDEX impoundments_status ON impoundments(status);
CREATE INDEX impoundments_district ON impoundments(district);
CREATE INDEX impoundments_species ON impoundments(species);
CREATE INDEX impoundments_tags ON impoundments(ear_tags) WHERE ear_tags != '';
CREATE INDEX notices_posted ON notices(posted_on);
CREATE INDEX notices_impoundment ON notices(impoundment_id);
CREATE INDEX notices_pound ON notices(pound_id);
CREATE INDEX sales_pound ON sales(pound_id);
CREATE INDEX auctions_date ON auctions(auction_date);
CREATE INDEX lots_impoundment ON auction_lots(impoundment_id);
CREATE INDEX lots_auction ON auction_lots(auction_id, lot_no);
"""


# The owner's search reads the impoundments in two orders, each the rowid order of a table with a full-text index over
# it, so a page of results is the first rows of an index scan, never a sort of every match (1M rows: 200k match
# 'black'). The impoundments themselves, newest first (their rowid order: the table is filled in this order). And the
# animals the register leaves in the pound, the nearest last day to claim first (impoundments_in_pound): whichever
# of them are in the pound now (status.whereabouts: not a month past their earliest auction by the notice) are then
# a rowid range of it, from the first whose earliest auction is on or after the day a month ago. An entry whose
# earliest auction is not its auction by the notice (a complaint stops or delays the sale) is not in it: they are few,
# and the search reads them from impoundments by a partial index (impoundments_auction_held_back).
SUMMARY_LOTS = 20  # lots an auction's summary (auctions.lot_summary) lists in words; its lots' table holds them all


def impoundments_order(brought_at: str = "brought_at", id: str = "id") -> str:
    """The order impoundments are stored in, newest first: ('i.brought_at', 'i.id') -> 'i.brought_at DESC, i.id'."""
    return f"{brought_at} DESC, {id}"


FTS_COLUMNS = ["description", "species", "species_as_written", "colour", "place_seized", "ear_tags", "district",
               "pound_id"]  # fmt: skip
_IN_POUND = f"status IN ({', '.join(repr(s) for s in IN_POUND)})"
HELD_BACK = f"{_IN_POUND} AND (auction_earliest_on IS NULL OR auction_earliest_on != auction_by_notice_on)"
# The impoundments that are rows of impoundments_in_pound (the others in the pound are HELD_BACK), over impoundments'
# own columns, and the order of its rows: within a day, the order the impoundments are stored in (their rowids').
IN_POUND_ROWS = f"{_IN_POUND} AND auction_earliest_on IS NOT NULL AND auction_earliest_on = auction_by_notice_on"
IN_POUND_ORDER = f"auction_earliest_on, {impoundments_order()}"
# One rowid in every IN_POUND_SPACING of impoundments_in_pound is left free by a full ingest, so an incremental one
# puts an animal in among the others by moving the few rows up to the next free rowid, not every row after it
# (ingest/patch.py _in_pound). Its readers read rowid ranges and rowid order, never a count of rowids (a bitmap of
# portal/matchsets.py is as many bits longer: 1 in 16).
IN_POUND_SPACING = 16
# A notice posted before its day (the owner's seven days still run from the day brought, K s.13(1)): its notice day is
# not its earliest auction less the days between them, the order the notices feed reads impoundments_in_pound in.
POSTED_EARLY = f"{_IN_POUND} AND notice_posted_on < notice_due_on"


def search_index() -> list[str]:
    """The statements that build impoundments_in_pound and its full-text index, after impoundments_fts."""
    columns = ", ".join(FTS_COLUMNS)
    return [
        "CREATE TABLE impoundments_in_pound (impoundment INTEGER NOT NULL, auction_earliest_on TEXT NOT NULL)",
        # the n-th row at rowid n + (n - 1) // (IN_POUND_SPACING - 1): 1..15, 17..31, ...
        f"""INSERT INTO impoundments_in_pound (rowid, impoundment, auction_earliest_on)
            SELECT n + (n - 1) / {IN_POUND_SPACING - 1}, i, auction_earliest_on FROM (
              SELECT row_number() OVER (ORDER BY {IN_POUND_ORDER}) AS n, rowid AS i, auction_earliest_on
              FROM impoundments WHERE {IN_POUND_ROWS})
            ORDER BY n""",
        # a day's rows in their order: an animal's row found by its day and impoundment, its place by its neighbours'
        "CREATE INDEX impoundments_in_pound_day ON impoundments_in_pound(auction_earliest_on, impoundment)",
        f"CREATE VIRTUAL TABLE impoundments_fts_in_pound USING fts5({columns}, content='', tokenize='porter')",
        f"""INSERT INTO impoundments_fts_in_pound(rowid, {columns})
            SELECT q.rowid, {", ".join("i." + c for c in FTS_COLUMNS)}
            FROM impoundments_in_pound q JOIN impoundments i ON i.rowid = q.impoundment ORDER BY q.rowid""",
        f"CREATE INDEX impoundments_auction_held_back ON impoundments(auction_earliest_on) WHERE {HELD_BACK}",
        f"CREATE INDEX impoundments_notice_posted_early ON impoundments(notice_posted_on) WHERE {POSTED_EARLY}",
        # The lots of the auctions to be held (scheduled or proposed), in their auction's order, so the feed and the
        # calendar ask of each auction whether any of its lots is an animal the search finds: a range of this index.
        f"CREATE VIRTUAL TABLE impoundments_fts_lots USING fts5({columns}, content='', tokenize='porter')",
        f"""INSERT INTO impoundments_fts_lots(rowid, {columns})
            SELECT l.rowid, {", ".join("i." + c for c in FTS_COLUMNS)}
            FROM auction_lots l JOIN auctions a ON a.id = l.auction_id AND a.status != 'held'
            JOIN impoundments i ON i.id = l.impoundment_id ORDER BY l.rowid""",
    ]


# Views: the feeds, the calendar and Datasette read the same SQL. Feed views follow one column contract:
# atom_id, atom_title, atom_updated (ISO with India's offset), atom_link (path), atom_summary, plus the filter columns
# district, pound_id, species, search_text. "Today" is India's date. Built when an ingest runs, from the packs then
# in PACKS_DIR: a sentence that states a period, an amount or a section reads it from the pound's pack.
def views() -> str:
    where = whereabouts()
    now = where["in_pound_now"]
    return (
        f"""
CREATE VIEW impoundments_now AS
    SELECT i.*, p.name AS pound_name, {whereabouts_select()},
           a.id AS auction_id, a.auction_date AS auction_on, a.starts_at AS auction_starts_at, a.place AS auction_place,
           a.status AS auction_status, l.lot_no
    FROM impoundments i JOIN pounds p ON p.id = i.pound_id
    LEFT JOIN (auction_lots l JOIN auctions a ON a.id = l.auction_id AND {auctions_to_come(a="a")})
        ON l.impoundment_id = i.id;
CREATE VIEW current_impoundments AS
    SELECT i.* FROM impoundments i WHERE {now};
CREATE VIEW current_notices AS
    SELECT n.*, p.name AS pound_name, p.district FROM notices n JOIN pounds p ON p.id = n.pound_id
    JOIN impoundments i ON i.id = n.impoundment_id
    WHERE {now}
      AND n.posted_on <= {TODAY_IN_INDIA}
      AND (n.auction_earliest_on IS NULL OR n.auction_earliest_on >= date({TODAY_IN_INDIA}, '-7 days'));
CREATE VIEW upcoming_auctions AS
    SELECT a.*, p.name AS pound_name, p.district FROM auctions a JOIN pounds p ON p.id = a.pound_id
    WHERE {auctions_to_come(a="a")};
CREATE VIEW feed_impounded AS
    SELECT i.id AS atom_id,
           {head_sql("i.head_count", "i.species")} || CASE WHEN i.colour IS NOT NULL THEN ' (' || i.colour || ')' ELSE '' END
             || ' impounded at ' || p.name AS atom_title,
           CASE WHEN length(i.brought_at) = 10 THEN i.brought_at || 'T00:00:00{ISO_OFFSET}'
                ELSE i.brought_at || ':00{ISO_OFFSET}' END AS atom_updated,
           '/animals/' || i.id AS atom_link,
           {head_sql("i.head_count", "i.species")} || CASE WHEN i.description != '' THEN ', ' || i.description ELSE '' END
             || '. At ' || p.name || ', ' || p.district || ', brought ' || {date_sql("i.brought_on")} || '.'
             || CASE WHEN i.fine_due_minor IS NOT NULL THEN ' Fine ' || {money_sql("i.fine_due_minor", "i.money_unit")}
                          || {basis_sql("s.status")}
                     ELSE ' Fine: ' || {pack_sql("i.act", no_fine_words)} END
             || CASE WHEN r.rate_display IS NOT NULL THEN ' plus feeding ' || r.rate_display || ' a head a day'
                          || {basis_sql("r.status")} ELSE '' END
             || ' (' || {act_sql("i.act", "fine", "feeding")} || ').'
             || CASE WHEN i.seizure_adjudged_illegal = 1
                     THEN ' The seizure was adjudged illegal: the seizer pays the fines and charges, the owner nothing ('
                          || {act_sql("i.act", "seizer_pays")} || ').'
                     WHEN {now} AND i.auction_earliest_on IS NOT NULL
                     THEN ' Last day to claim before its auction: '
                          || {date_sql(where["last_day_to_claim"])} || ' (' || {act_sql("i.act", "auction")} || ').'
                     ELSE ' Status: ' || {status_sql("i.status")} || '.' END AS atom_summary,
           i.district, i.pound_id, i.species, i.status, i.auction_earliest_on, i.notice_due_on,
           i.fine_due_rupees, i.brought_at AS sort_key,
           -- what the summary is made of, for the feed's words in another language (portal/feeds.py)
           i.head_count, i.colour, i.description, p.name AS pound_name, i.brought_on, i.act,
           CASE WHEN i.fine_due_minor IS NOT NULL THEN {money_sql("i.fine_due_minor", "i.money_unit")} END AS fine_due,
           r.rate_display, s.status AS fine_status, r.status AS feeding_status, i.seizure_adjudged_illegal,
           {now} AS in_pound_now,
           {where["last_day_to_claim"]} AS last_day_to_claim,
           coalesce(i.description, '') || ' ' || coalesce(i.place_seized, '') || ' ' || coalesce(i.ear_tags, '')
             || ' ' || i.species AS search_text
    FROM impoundments i JOIN pounds p ON p.id = i.pound_id LEFT JOIN feeding_rates r ON r.id = i.feeding_rate_id
         LEFT JOIN fine_scales s ON s.id = i.fine_scale_id;
CREATE VIEW feed_notices AS
    SELECT n.id AS atom_id,
           'Notice: ' || {head_sql("n.head_count", "n.species")} || ' unclaimed at ' || p.name AS atom_title,
           n.posted_on || 'T09:00:00{ISO_OFFSET}' AS atom_updated,
           '/animals/' || n.impoundment_id AS atom_link,
           n.notice_text AS atom_summary,
           p.district, n.pound_id, n.species, n.auction_earliest_on, n.posted_on AS sort_key, n.impoundment_id,
           {now} AS current,
           n.head_count, n.description, p.name AS pound_name, i.brought_on, n.posted_on, n.section,
           coalesce(n.description, '') || ' ' || coalesce(n.place_seized, '') || ' ' || n.species AS search_text
    FROM notices n JOIN pounds p ON p.id = n.pound_id JOIN impoundments i ON i.id = n.impoundment_id;
CREATE VIEW feed_auctions AS
    SELECT a.id AS atom_id,
           CASE a.status WHEN 'proposed' THEN 'Proposed auction ({PROPOSED_MEANS[0]}) at '
                ELSE 'Auction at ' END || p.name || ' on ' || {date_sql("a.auction_date")} || coalesce(', ' || a.auction_time, '') AS atom_title,
           -- dated when it became known, the ingest that published or last changed it (as the calendar's
           -- LAST-MODIFIED), never its start: a reader would sort an auction a fortnight away above today's news
           coalesce(v.modified_at, (SELECT max(ingested_at) FROM ingests)) AS atom_updated,
           '/pounds/' || a.pound_id || '#auction-' || a.id AS atom_link,
           a.lot_summary AS atom_summary,
           p.district, a.pound_id, a.status, a.auction_date, a.starts_at, a.place, a.lots, a.head_count,
           a.starts_at AS sort_key,
           (SELECT group_concat(l.species, ' ') FROM auction_lots l WHERE l.auction_id = a.id) AS species,
           coalesce(a.lot_summary, '') AS search_text,
           coalesce(v.sequence, 0) AS sequence, v.modified_at,
           p.name AS pound_name, a.auction_time,
           (SELECT json_group_array(json_array(l.lot_no, l.head_count, l.species, coalesce(l.description, '')))
            FROM (SELECT * FROM auction_lots WHERE auction_id = a.id AND lot_no <= {SUMMARY_LOTS} ORDER BY lot_no) l)
             AS lots_json
    FROM auctions a JOIN pounds p ON p.id = a.pound_id
    LEFT JOIN auction_versions v ON v.auction_id = a.id;  -- each auction's version: ingest/auction_history.py
"""
        + FEED_CHANGES
        + feed_compliance()
    )


def feed_compliance() -> str:
    """The view of entries whose register records a departure from a scorecard rule (pinfold/law/compliance.py), the
    latest recorded day first: 'The register records: Notice recorded after its day, or not recorded (K s.13(1)-(2))'."""
    rules = compliance_rules(TODAY_IN_INDIA)
    said = " || ".join(
        f"CASE WHEN {departed(r)} THEN '{r.label}' || coalesce(' (' || nullif({act_sql('i.act', r.section)}, '') || ')', '')"
        f" || '; ' ELSE '' END"
        if r.section
        else f"CASE WHEN {departed(r)} THEN '{r.label}; ' ELSE '' END"
        for r in rules
    )
    day = "max(i.brought_on, coalesce(i.notice_posted_on, ''), coalesce(i.left_on, ''), coalesce(i.sold_on, ''))"
    # the rules departed from, by key, for the feed's words in another language (portal/feeds.py): 'notice_late,...'
    keys = " || ".join(f"CASE WHEN {departed(r)} THEN '{r.key},' ELSE '' END" for r in rules)
    return f"""
CREATE VIEW feed_compliance AS
    SELECT 'compliance-' || i.id AS atom_id,
           'The register records: ' || rtrim({said}, '; ') || ' — ' || {head_sql("i.head_count", "i.species")}
             || ' at ' || p.name AS atom_title,
           {day} || 'T00:00:00{ISO_OFFSET}' AS atom_updated,
           '/animals/' || i.id AS atom_link,
           'Entry ' || coalesce(i.entry_no, 'without a number') || ', brought ' || {date_sql("i.brought_on")} || ', '
             || p.name || ', ' || p.district || '. What the register records, not a finding: see /compliance.'
             AS atom_summary,
           i.district, i.pound_id, i.species, i.id AS impoundment_id, {day} AS sort_key,
           coalesce(i.description, '') || ' ' || i.species AS search_text,
           rtrim({keys}, ',') AS departed_rules, i.head_count, p.name AS pound_name, i.entry_no, i.brought_on, i.act
    FROM impoundments i JOIN pounds p ON p.id = i.pound_id LEFT JOIN sales s ON s.impoundment_id = i.id
    WHERE {" OR ".join(departed(r) for r in rules)};
"""


def no_fine_words(p: RulePack) -> str:
    """Why an entry has no fine, in the pack's terms: the 1857 Act's own scale names no pig (1857 s.VI); Kerala's
    fine rests on a notified scale, and none is on file (K s.11(1))."""
    if p.statutory_fines:
        return f"the Act's own scale names none for this kind ({p.sections.get('fine', '')})"
    return f"no notified scale on file for this area and kind ({p.sections.get('fine', '')})"


# The history of what was published (ingest/history.py): each ingest's row, the changes it found against the database
# it replaced, and the ids entries had before theirs changed. Carried from one database to the next, so it grows.
HISTORY = """
CREATE TABLE ingests (
    id INTEGER PRIMARY KEY, ingested_at TEXT NOT NULL, data_version TEXT NOT NULL, compared_with TEXT,
    pinfold_version TEXT, files INTEGER NOT NULL, records INTEGER NOT NULL, stored INTEGER NOT NULL,
    duplicates INTEGER NOT NULL, rejects INTEGER NOT NULL, added INTEGER NOT NULL, removed INTEGER NOT NULL,
    changed INTEGER NOT NULL, changes INTEGER NOT NULL, rule_files TEXT NOT NULL, downloads TEXT
);
CREATE TABLE changes (
    id INTEGER PRIMARY KEY, ingest_id INTEGER NOT NULL REFERENCES ingests(id), changed_at TEXT NOT NULL,
    impoundment_id TEXT NOT NULL, pound_id TEXT NOT NULL, entry_no TEXT, brought_on TEXT NOT NULL,
    species TEXT NOT NULL, head_count INTEGER NOT NULL,
    change TEXT NOT NULL CHECK (change IN ('added', 'removed', 'changed')),
    field TEXT, value_before TEXT, value_after TEXT, status_before TEXT, left_on_before TEXT
);
CREATE INDEX changes_impoundment ON changes(impoundment_id);
CREATE TABLE aliases (
    alias TEXT PRIMARY KEY, impoundment_id TEXT NOT NULL, ingest_id INTEGER NOT NULL REFERENCES ingests(id)
);
CREATE TABLE auction_versions (
    auction_id TEXT PRIMARY KEY, sequence INTEGER NOT NULL, modified_at TEXT NOT NULL, digest TEXT NOT NULL
);
CREATE TABLE ingest_pounds (
    ingest_id INTEGER NOT NULL REFERENCES ingests(id), pound_id TEXT NOT NULL, PRIMARY KEY (ingest_id, pound_id)
);
"""
PUBLIC += HISTORY


def _field_label(field: str) -> str:
    """FIELDS in SQL: ('c.field') -> CASE c.field WHEN 'claimed_on' THEN 'Date delivered to the owner' ... END."""
    return (
        f"CASE {field} " + " ".join(f"WHEN '{f}' THEN '{label}'" for f, label in FIELDS.items()) + f" ELSE {field} END"
    )


FEED_CHANGES = f"""
CREATE VIEW feed_changes AS
    SELECT 'change-' || c.id AS atom_id,
           CASE WHEN c.change = 'added' THEN 'Added to the register: '
                WHEN c.change = 'removed' THEN 'Removed from the register: '
                WHEN coalesce(c.value_before, '') = '' THEN 'Recorded: '  -- filled in, as a register is kept up
                ELSE 'Corrected: ' END || {head_sql("c.head_count", "c.species")} || ' at ' || coalesce(p.name, c.pound_id)
             || CASE WHEN c.field IS NOT NULL THEN ', ' || lower({_field_label("c.field")}) ELSE '' END AS atom_title,
           c.changed_at AS atom_updated,
           '/animals/' || c.impoundment_id AS atom_link,
           CASE c.change
                WHEN 'changed' THEN {_field_label("c.field")} || ': ' || coalesce(nullif(c.value_after, ''), 'blank')
                                    || ' (was ' || coalesce(nullif(c.value_before, ''), 'blank') || ').'
                WHEN 'removed' THEN 'Removed from the register after it was published (its status then: '
                                    || coalesce(c.status_before, 'not known') || ').'
                ELSE 'Added to the register.' END
             || ' Entry ' || coalesce(c.entry_no, 'without a number') || ', brought ' || {date_sql("c.brought_on")}
             || ', ' || coalesce(p.name, c.pound_id) || CASE WHEN p.district != '' THEN ', ' || p.district ELSE '' END
             || '.' AS atom_summary,
           p.district, c.pound_id, c.species, c.change, c.field, c.impoundment_id, c.ingest_id, c.id AS sort_key,
           c.head_count, coalesce(p.name, c.pound_id) AS pound_name, c.value_before, c.value_after, c.status_before,
           c.entry_no, c.brought_on,
           coalesce(c.value_after, '') || ' ' || coalesce(c.value_before, '') || ' ' || c.species AS search_text
    FROM changes c LEFT JOIN pounds p ON p.id = c.pound_id;
"""


# The published files: a public database's downloads sit beside it, in a folder per ingest (ingest/package.py builds
# them, portal/routes/downloads.py serves them).
# Datasette's metadata.yml, which also describes the API's and the package's columns: the repository's top-level
# file, linked here (not resolved: a wheel copies it through the link, as pyproject.toml's package data says)
METADATA = Path(__file__).parent / "metadata.yml"
DATAPACKAGE = "datapackage.json"
SQLITE_FILE = "pinfold.db"


def downloads_root(public_db: Path) -> Path:
    """'/srv/pinfold.db' -> '/srv/pinfold.downloads': the generations of that database's downloads."""
    return public_db.with_suffix(".downloads")
