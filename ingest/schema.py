"""The public and private schemas. The public one is DATA_CONTRACT.md's promise: add columns, never remove."""

from collections.abc import Callable

from .headers import OUTCOME_DATES
from .law.packs import RulePack, all_packs
from .law.status import SILENT_AFTER_DAYS, auctions_to_come, silence_from, whereabouts, whereabouts_select
from .normalise import PLURALS


def head_sql(n: str, species: str) -> str:
    """normalise.head_of in SQL: ('i.head_count', 'i.species') -> an expression giving '1 cow', '2 calves'."""
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
    return (
        f"CASE {unit} WHEN 'pie' THEN {era_notation} ELSE '₹' || printf('%,d.%02d', {minor} / 100, {minor} % 100) END"
    )


def date_sql(iso: str) -> str:
    """i18n.date_label(d, 'en') in SQL: ('i.brought_on') -> an expression giving '7 Jan 1858'."""
    month = f"substr('JanFebMarAprMayJunJulAugSepOctNovDec', 3 * strftime('%m', {iso}) - 2, 3)"
    return f"(CAST(strftime('%d', {iso}) AS INTEGER) || ' ' || {month} || ' ' || strftime('%Y', {iso}))"


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
    district TEXT, village TEXT, latitude REAL, longitude REAL
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
    source_part INTEGER
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
    shortfall_rupees TEXT, shortfall_minor INTEGER
);
CREATE TABLE ingest_summary (
    files INTEGER, records INTEGER, stored INTEGER, duplicates INTEGER, rejects INTEGER, data_version TEXT
);
"""

# Built after the rows are in (schema.FINISH): one sort per index instead of a million random inserts into six
# of them, which made the finish 14 times slower at 1M rows than at 100k.
INDEXES = """
CREATE INDEX impoundments_pound ON impoundments(pound_id, brought_at);
CREATE INDEX impoundments_brought ON impoundments(brought_at);
CREATE INDEX impoundments_status ON impoundments(status);
CREATE INDEX impoundments_district ON impoundments(district);
CREATE INDEX impoundments_species ON impoundments(species);
CREATE INDEX impoundments_tags ON impoundments(ear_tags) WHERE ear_tags != '';
CREATE INDEX notices_posted ON notices(posted_on);
CREATE INDEX notices_impoundment ON notices(impoundment_id);
CREATE INDEX auctions_date ON auctions(auction_date);
CREATE INDEX lots_impoundment ON auction_lots(impoundment_id);
CREATE INDEX lots_auction ON auction_lots(auction_id, lot_no);
"""


# Views: the feeds, the calendar and Datasette read the same SQL. Feed views follow one column contract:
# atom_id, atom_title, atom_updated (ISO with +05:30), atom_link (path), atom_summary, plus the filter columns
# district, pound_id, species, search_text. "Today" is India's date. Built when an ingest runs, from the packs then
# in PACKS_DIR: a sentence that states a period, an amount or a section reads it from the pound's pack.
def views() -> str:
    now = whereabouts()["in_pound_now"]
    return (
        f"""
CREATE VIEW impoundments_now AS
    SELECT i.*, p.name AS pound_name, {whereabouts_select()},
           a.id AS auction_id, a.auction_date AS auction_on, a.starts_at AS auction_starts_at, a.place AS auction_place,
           a.status AS auction_status, l.lot_no
    FROM impoundments i JOIN pounds p ON p.id = i.pound_id
    LEFT JOIN (auction_lots l JOIN auctions a ON a.id = l.auction_id AND a.status != 'held') ON l.impoundment_id = i.id;
CREATE VIEW current_impoundments AS
    SELECT i.* FROM impoundments i WHERE {now};
CREATE VIEW current_notices AS
    SELECT n.*, p.name AS pound_name, p.district FROM notices n JOIN pounds p ON p.id = n.pound_id
    JOIN impoundments i ON i.id = n.impoundment_id
    WHERE {now}
      AND n.posted_on <= date('now', '+330 minutes')
      AND (n.auction_earliest_on IS NULL OR n.auction_earliest_on >= date('now', '+330 minutes', '-7 days'));
CREATE VIEW upcoming_auctions AS
    SELECT a.*, p.name AS pound_name, p.district FROM auctions a JOIN pounds p ON p.id = a.pound_id
    WHERE {auctions_to_come(a="a")};
CREATE VIEW feed_impounded AS
    SELECT i.id AS atom_id,
           {head_sql("i.head_count", "i.species")} || CASE WHEN i.colour IS NOT NULL THEN ' (' || i.colour || ')' ELSE '' END
             || ' impounded at ' || p.name AS atom_title,
           CASE WHEN length(i.brought_at) = 10 THEN i.brought_at || 'T00:00:00+05:30'
                ELSE i.brought_at || ':00+05:30' END AS atom_updated,
           '/animals/' || i.id AS atom_link,
           {head_sql("i.head_count", "i.species")} || CASE WHEN i.description != '' THEN ', ' || i.description ELSE '' END
             || '. At ' || p.name || ', ' || p.district || ', brought ' || {date_sql("i.brought_on")} || '.'
             || CASE WHEN i.fine_due_minor IS NOT NULL THEN ' Fine ' || {money_sql("i.fine_due_minor", "i.money_unit")}
                     ELSE ' Fine: ' || {pack_sql("i.act", no_fine_words)} END
             || CASE WHEN r.rate_display IS NOT NULL THEN ' plus feeding ' || r.rate_display || ' a head a day' ELSE '' END
             || ' (' || {act_sql("i.act", "fine", "feeding")} || ').'
             || CASE WHEN i.seizure_adjudged_illegal = 1
                     THEN ' The seizure was adjudged illegal: the seizer pays the fines and charges, the owner nothing ('
                          || {act_sql("i.act", "seizer_pays")} || ').'
                     WHEN {now} AND i.auction_earliest_on IS NOT NULL
                     THEN ' Last day to claim before the earliest auction: '
                          || {date_sql("date(i.auction_earliest_on, '-1 day')")} || ' (' || {act_sql("i.act", "auction")} || ').'
                     ELSE ' Status: ' || i.status || '.' END AS atom_summary,
           i.district, i.pound_id, i.species, i.status, i.auction_earliest_on, i.notice_due_on,
           i.fine_due_rupees, i.brought_at AS sort_key,
           coalesce(i.description, '') || ' ' || coalesce(i.place_seized, '') || ' ' || coalesce(i.ear_tags, '')
             || ' ' || i.species AS search_text
    FROM impoundments i JOIN pounds p ON p.id = i.pound_id LEFT JOIN feeding_rates r ON r.id = i.feeding_rate_id;
CREATE VIEW feed_notices AS
    SELECT n.id AS atom_id,
           'Notice: ' || {head_sql("n.head_count", "n.species")} || ' unclaimed at ' || p.name AS atom_title,
           n.posted_on || 'T09:00:00+05:30' AS atom_updated,
           '/animals/' || n.impoundment_id AS atom_link,
           n.notice_text AS atom_summary,
           p.district, n.pound_id, n.species, n.auction_earliest_on, n.posted_on AS sort_key, n.impoundment_id,
           {now} AS current,
           coalesce(n.description, '') || ' ' || coalesce(n.place_seized, '') || ' ' || n.species AS search_text
    FROM notices n JOIN pounds p ON p.id = n.pound_id JOIN impoundments i ON i.id = n.impoundment_id;
CREATE VIEW feed_auctions AS
    SELECT a.id AS atom_id,
           CASE a.status WHEN 'proposed' THEN 'Proposed auction (the earliest day the Act allows, not a day fixed for the sale) at '
                ELSE 'Auction at ' END || p.name || ' on ' || a.auction_date || ' ' || coalesce(a.auction_time, '') AS atom_title,
           a.starts_at || ':00+05:30' AS atom_updated,
           '/pounds/' || a.pound_id || '#auction-' || a.id AS atom_link,
           a.lot_summary AS atom_summary,
           p.district, a.pound_id, a.status, a.auction_date, a.starts_at, a.place, a.lots, a.head_count,
           a.starts_at AS sort_key,
           (SELECT group_concat(l.species, ' ') FROM auction_lots l WHERE l.auction_id = a.id) AS species,
           coalesce(a.lot_summary, '') AS search_text
    FROM auctions a JOIN pounds p ON p.id = a.pound_id;
"""
        + FEED_CHANGES
    )


PRIVATE = """
CREATE TABLE register_entries (
    impoundment_id TEXT NOT NULL, source_file TEXT NOT NULL, source_row INTEGER NOT NULL, source_sheet TEXT,
    kind TEXT NOT NULL,  -- stored | duplicate | reject
    seizer_name TEXT, seizer_residence TEXT, owner_name TEXT, owner_residence TEXT, buyer_name TEXT,
    reason TEXT, raw_json TEXT NOT NULL
);
CREATE TABLE roster (name TEXT, role TEXT, pound_id TEXT, local_authority TEXT);
CREATE TABLE conflicts (
    impoundment_id TEXT NOT NULL, buyer_name TEXT, roster_name TEXT, role TEXT
);
"""
# Built after the rows are in, as INDEXES.
PRIVATE_INDEXES = ["CREATE INDEX register_entries_imp ON register_entries(impoundment_id)"]

# Scratch tables: a shard per register file (written by a worker), and the staging database they are merged into.
STAGING = """
CREATE TABLE _staged (id, pound_id, entry_no, brought_at, brought_on, brought_month, seized_on, species, species_as_written, head_count, description, colour, ear_tags, place_seized, owner_known, status, claimed_on, deposit_on, released_by_order_on, notice_posted_on, sold_on, disposed_on, complaint_filed_on, complaint_decided_on, complaint_outcome, notice_due_on, auction_earliest_on, complaint_deadline_on, left_on, days_in_pound, fine_per_head_rupees, habitual_multiplier, fine_due_rupees, fine_due_minor, fine_scale_id, fine_levied_rupees, fine_levied_minor, fine_above_scale, feeding_rate_rupees, feeding_rate_id, feeding_rupees, feeding_minor, money_unit, act, district, local_authority, seizure_assumed, brought_late, complaint_in_time, seizure_adjudged_illegal, auction_by_notice_on, sale_questioned, habitual_multiplier_exact, source_part, source_file, source_row, source_sheet, seq INTEGER);
CREATE TABLE _rejects (pound_id, source_file, source_row, source_sheet, reason, seq);
CREATE TABLE _sales (impoundment_id, pound_id, sold_on, head_seized, head_sold, days_impounded, proceeds_rupees,
    fines_rupees, feeding_rupees, expenses_rupees, balance_rupees, proceeds_minor, balance_minor, money_unit,
    surplus_held_until, surplus_claimed, conflict_of_interest, conflict_role, section, shortfall_rupees,
    shortfall_minor, seq INTEGER);
CREATE TABLE _private (impoundment_id, source_file, source_row, source_sheet, kind, seizer_name, seizer_residence,
    owner_name, owner_residence, buyer_name, reason, raw_json);
CREATE TABLE _conflicts (impoundment_id, buyer_name, roster_name, role);
CREATE TABLE _lots (pound_id, auction_date, auction_time, place, status, conditions, reference, impoundment_id,
    species, head_count, description);
CREATE TABLE _scheduled (pound_id, date, time, place, conditions, reference);
"""

_IMPOUNDMENT_COLUMNS = "id, pound_id, entry_no, brought_at, brought_on, brought_month, seized_on, species, species_as_written, head_count, description, colour, ear_tags, place_seized, owner_known, status, claimed_on, deposit_on, released_by_order_on, notice_posted_on, sold_on, disposed_on, complaint_filed_on, complaint_decided_on, complaint_outcome, notice_due_on, auction_earliest_on, complaint_deadline_on, left_on, days_in_pound, fine_per_head_rupees, habitual_multiplier, fine_due_rupees, fine_due_minor, fine_scale_id, fine_levied_rupees, fine_levied_minor, fine_above_scale, feeding_rate_rupees, feeding_rate_id, feeding_rupees, feeding_minor, money_unit, act, district, local_authority"

# Added after source_sheet (the contract grows at the end): what the law makes of the entry's dates.
_LAW_COLUMNS = "seizure_assumed, brought_late, complaint_in_time, seizure_adjudged_illegal, auction_by_notice_on, sale_questioned, habitual_multiplier_exact, source_part"
# What a copy of an entry says, beside its id: rows with one id and these alike are the entry written twice.
_COPY_KEY = "id, brought_at, species, kind, head_count, description, place"
_COPY_OF_STAGED = (
    "s.id, s.brought_at, s.species, lower(s.species_as_written), s.head_count, coalesce(s.description, ''), "
    "coalesce(s.place_seized, '')"
)

# How much of what became of an animal an entry records: one for each outcome date.
_OUTCOMES_RECORDED = " + ".join(f"({c} IS NOT NULL)" for c in OUTCOME_DATES if c != "seized_on")


def no_fine_words(p: RulePack) -> str:
    """Why an entry has no fine, in the pack's terms: the 1857 Act's own scale names no pig (1857 s.VI); Kerala's
    fine rests on a notified scale, and none is on file (K s.11(1))."""
    if p.statutory_fines:
        return f"the Act's own scale names none for this kind ({p.sections.get('fine', '')})"
    return f"no notified scale on file for this area and kind ({p.sections.get('fine', '')})"


def notice_words(act: str) -> str:
    """The notice's sentence (K s.13(2); 1857 s.VIII) in SQL over impoundments `i` and pounds `p`: its periods and
    sections from the pound's pack. A notice not yet posted counts its auction from the day it was due."""
    claim = pack_sql(act, lambda p: str(p.clock.claim_days))
    return f"""'NOTICE under ' || {act_sql(act, "notice")} || ' of ' || {pack_sql(act, lambda p: p.title)}
                 || '. The following cattle impounded at ' || p.name
                 || ' on ' || strftime('%d/%m/%Y', i.brought_on) || ' have not been claimed within ' || {claim}
                 || ' days: ' || {head_sql("i.head_count", "i.species")}
                 || CASE WHEN i.description != '' THEN ' (' || i.description || ')' ELSE '' END
                 || ', seized at ' || coalesce(i.place_seized, 'a place not recorded') || '. '
                 || CASE WHEN i.seizure_adjudged_illegal = 1
                         THEN 'The seizure was adjudged illegal: their release is ordered and they are not sold ('
                              || {act_sql(act, "seizer_pays")} || ').'
                         WHEN i.auction_earliest_on IS NOT NULL AND i.notice_posted_on IS NULL
                         THEN 'Counted from the day this notice is due, ' || strftime('%d/%m/%Y', i.notice_due_on)
                              || ': unless claimed, they will be sold by public auction on or after '
                              || strftime('%d/%m/%Y', i.auction_earliest_on) || '; posted later, the auction is later ('
                              || {act_sql(act, "auction")} || ').'
                         WHEN i.auction_earliest_on IS NOT NULL
                         THEN 'Unless claimed, they will be sold by public auction on or after '
                              || strftime('%d/%m/%Y', i.auction_earliest_on) || ' (' || {act_sql(act, "auction")} || ').'
                         ELSE 'No sale while the complaint against the seizure is pending ('
                              || {act_sql(act, "complaint_pending")} || ').'
                    END"""


# The finishing statements, in order. Each reads rows the rule packs already dated and priced. Built when an ingest
# runs, as views() is.
SUMMARY_LOTS = 20  # lots an auction's summary lists in words


def finish() -> list[str]:
    return [
        # Ids entered more than once (records.identity_key: pound, number and day brought). Rows with one id that say
        # the same (day and hour, kind, count, description, place) are one entry written twice: counted once, the copy
        # recording most of what became of the animal standing, the first in register order among equals. A month's
        # file written before the owner came and the year's written after both hold entry 17; the year's, with its
        # date delivered, stands, or the portal would show a claimed cow as in the pound. Rows with one id that say
        # different things are different entries (two numbered alike on a day): the first in register order keeps the
        # id, the next are id-2, id-3, ... Only repeated ids are grouped: one pass over _staged, no index on it.
        "CREATE TABLE scratch._repeated (id TEXT PRIMARY KEY)",
        "INSERT INTO scratch._repeated SELECT id FROM scratch._staged GROUP BY id HAVING count(*) > 1",
        f"CREATE TABLE scratch._copies ({_COPY_KEY}, first INTEGER, later INTEGER, best INTEGER, standing INTEGER, "
        "seq INTEGER, final_id TEXT)",
        # best = (outcomes << 40) - rowid: its maximum is the standing row, decoded from it below (rowid < 2^40).
        f"""INSERT INTO scratch._copies ({_COPY_KEY}, first, later, best)
        SELECT {_COPY_OF_STAGED}, min(s.rowid), count(*) - 1, max(({_OUTCOMES_RECORDED} << 40) - s.rowid)
        FROM scratch._staged s CROSS JOIN scratch._repeated r ON r.id = s.id
        GROUP BY {_COPY_OF_STAGED}""",
        """UPDATE scratch._copies SET standing = (((best >> 40) + 1) << 40) - best""",
        """UPDATE scratch._copies AS c SET final_id = c.id || CASE WHEN n.rank > 1 THEN '-' || n.rank ELSE '' END,
                                      seq = (SELECT st.seq FROM scratch._staged st WHERE st.rowid = c.standing)
        FROM (SELECT rowid AS copy, row_number() OVER (PARTITION BY id ORDER BY first) AS rank FROM scratch._copies) n
        WHERE n.copy = c.rowid""",
        "CREATE UNIQUE INDEX scratch._copies_standing ON _copies(standing)",
        "CREATE INDEX scratch._copies_id ON _copies(id)",
        "CREATE INDEX scratch._copies_seq ON _copies(seq)",
        # Every row of a repeated id, with the copy it belongs to (for the merged duplicates and the private register).
        f"""CREATE TABLE scratch._copy_rows AS
        SELECT s.rowid AS row, s.source_file, s.source_row, s.source_sheet, s.source_part, c.id, c.final_id, c.standing
        FROM scratch._staged s CROSS JOIN scratch._repeated r ON r.id = s.id
        JOIN scratch._copies c ON c.id = s.id
         AND ({", ".join("c." + k for k in _COPY_KEY.split(", ")[1:])}) IS ({_COPY_OF_STAGED.split(", ", 1)[1]})""",
        # CROSS JOIN keeps the staged rows as the outer loop, each probing the small tables by their keys. No ON
        # CONFLICT: ids are unique by construction, and a broken constraint stops the ingest rather than lose a row.
        f"""INSERT INTO impoundments
        SELECT coalesce(c.final_id, s.id), {", ".join("s." + c for c in _IMPOUNDMENT_COLUMNS.split(", ")[1:])},
               coalesce(c.later, 0), s.source_file, s.source_row, s.source_sheet,
               {", ".join("s." + c for c in _LAW_COLUMNS.split(", "))}
        FROM scratch._staged s LEFT JOIN scratch._repeated r ON r.id = s.id
        LEFT JOIN scratch._copies c ON c.standing = s.rowid
        WHERE r.id IS NULL OR c.standing IS NOT NULL ORDER BY s.rowid""",
        """INSERT INTO merged_duplicates
        SELECT source_file, source_row, source_sheet, final_id, source_part FROM scratch._copy_rows
        WHERE row != standing ORDER BY row""",
        """INSERT INTO rejects (pound_id, source_file, source_row, source_sheet, reason)
        SELECT pound_id, source_file, source_row, source_sheet, reason FROM scratch._rejects ORDER BY seq""",
        # The account of the copy of an entry that stands (above): another copy's sale, with other figures, is not it.
        """INSERT INTO sales
        SELECT coalesce(c.final_id, s.impoundment_id), s.pound_id, s.sold_on, s.head_seized, s.head_sold,
               s.days_impounded, s.proceeds_rupees, s.fines_rupees, s.feeding_rupees, s.expenses_rupees,
               s.balance_rupees, s.proceeds_minor, s.balance_minor, s.money_unit, s.surplus_held_until,
               s.surplus_claimed, s.conflict_of_interest, s.conflict_role, s.section, s.shortfall_rupees,
               s.shortfall_minor
        FROM scratch._sales s LEFT JOIN scratch._repeated r ON r.id = s.impoundment_id
        LEFT JOIN scratch._copies c ON c.seq = s.seq
        WHERE r.id IS NULL OR c.seq IS NOT NULL
        ORDER BY s.sold_on, 1""",
        # s.13 notices (K s.13(1)-(2); 1857 s.VIII): every animal not taken out of the pound before its notice day.
        f"""INSERT INTO notices
        SELECT 'notice-' || i.id, i.id, i.pound_id, coalesce(i.notice_posted_on, i.notice_due_on),
               CASE WHEN i.notice_posted_on IS NULL THEN 'due' ELSE 'posted' END,
               i.head_count, i.species, i.description, i.place_seized, p.name, i.auction_earliest_on,
               {notice_words("i.act")},
               {act_sql("i.act", "notice")}
        FROM impoundments i JOIN pounds p ON p.id = i.pound_id
        WHERE NOT (i.left_on IS NOT NULL AND i.left_on < i.notice_due_on) ORDER BY i.rowid""",
        "CREATE INDEX scratch._scheduled_at ON _scheduled(pound_id, date)",
        # Lots (K s.13(3)): held sales from the register; an animal still in the pound on its earliest auction day
        # goes to the first auction the Director scheduled at its pound from that day, while the register is not yet
        # silent on it then (status.whereabouts: a month past its earliest auction by the notice), else to a proposed
        # one that day. An animal whose page says its fate is unknown is never a lot of an auction to come.
        """INSERT INTO scratch._lots
        SELECT pound_id, sold_on, '', '', 'held', '', '', id, species, head_count, description
        FROM impoundments WHERE sold_on IS NOT NULL""",
        f"""INSERT INTO scratch._lots
        SELECT i.pound_id, coalesce(s.date, i.auction_earliest_on), coalesce(s.time, '10:00'), coalesce(s.place, ''),
               CASE WHEN s.date IS NULL THEN 'proposed' ELSE 'scheduled' END, coalesce(s.conditions, ''),
               coalesce(s.reference, ''), i.id, i.species, i.head_count, i.description
        FROM impoundments i
        LEFT JOIN scratch._scheduled s ON s.rowid = (
            SELECT s2.rowid FROM scratch._scheduled s2 WHERE s2.pound_id = i.pound_id AND s2.date >= i.auction_earliest_on
              AND s2.date <= date({silence_from()}, '+{SILENT_AFTER_DAYS} days')
            ORDER BY s2.date LIMIT 1)
        WHERE i.sold_on IS NULL AND i.auction_earliest_on IS NOT NULL
          AND NOT (i.left_on IS NOT NULL AND i.left_on <= i.auction_earliest_on)""",
        # Every auction the Director fixed is one, lots known or not (K s.13(3)).
        """INSERT INTO scratch._lots
        SELECT s.pound_id, s.date, s.time, s.place, 'scheduled', s.conditions, s.reference, NULL, NULL, 0, NULL
        FROM scratch._scheduled s""",
        # Auctions: one per pound and day, its id the pound and the day alone, so a calendar's event keeps its UID when a
        # proposed auction is fixed by the Director on that day; held (sales recorded) over scheduled over proposed.
        f"""INSERT INTO auctions
        SELECT l.pound_id || '-' || l.auction_date, l.pound_id, l.auction_date,
               nullif(max(l.auction_time), ''), l.auction_date || 'T' || coalesce(nullif(max(l.auction_time), ''), '10:00'),
               coalesce(nullif(max(l.place), ''), p.name), nullif(max(l.conditions), ''),
               CASE WHEN max(l.status = 'held') THEN 'held' WHEN max(l.status = 'scheduled') THEN 'scheduled'
                    ELSE 'proposed' END,
               count(l.impoundment_id), coalesce(sum(l.head_count), 0), NULL, nullif(max(l.reference), ''),
               {act_sql("p.act", "auction")}
        FROM scratch._lots l JOIN pounds p ON p.id = l.pound_id
        GROUP BY l.pound_id, l.auction_date ORDER BY l.auction_date, l.pound_id""",
        """INSERT INTO auction_lots
        SELECT pound_id || '-' || auction_date,
               row_number() OVER (PARTITION BY pound_id, auction_date ORDER BY impoundment_id),
               impoundment_id, species, head_count, description
        FROM scratch._lots WHERE impoundment_id IS NOT NULL""",
        *(statement for statement in INDEXES.split(";") if statement.strip()),
        # The first lots in words, for the feed and the calendar; a big sale's whole list is its lots' table (a 1,078-lot
        # auction's summary ran to 52,200 characters).
        f"""UPDATE auctions SET lot_summary = (
            SELECT group_concat('Lot ' || l.lot_no || ': ' || {head_sql("l.head_count", "l.species")}
                                || CASE WHEN l.description != '' THEN ' (' || l.description || ')' ELSE '' END, '; ')
                   || CASE WHEN auctions.lots > {SUMMARY_LOTS} THEN '; and ' || (auctions.lots - {SUMMARY_LOTS}) || ' more lots'
                           ELSE '' END
            FROM (SELECT * FROM auction_lots WHERE auction_id = auctions.id AND lot_no <= {SUMMARY_LOTS} ORDER BY lot_no) l)""",
    ]


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
"""
PUBLIC += HISTORY


def _field_label(field: str) -> str:
    """history.FIELDS in SQL: ('c.field') -> CASE c.field WHEN 'claimed_on' THEN 'Date delivered to the owner' ... END."""
    from .history import FIELDS

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
           coalesce(c.value_after, '') || ' ' || coalesce(c.value_before, '') || ' ' || c.species AS search_text
    FROM changes c LEFT JOIN pounds p ON p.id = c.pound_id;
"""
