"""The ingest's own tables: the private register, the scratch staging tables and the finish that turns staged rows
into the public tables (their declarations: pinfold/schema.py)."""

from typing import NamedTuple

from pinfold.law.status import SILENT_AFTER_DAYS, silence_from
from pinfold.schema import INDEXES, OUTCOME_DATES, SUMMARY_LOTS, act_sql, head_sql, impoundments_order, pack_sql
from pinfold.tables import columns_of

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
# Built after the rows are in, as INDEXES. By source file and row: an incremental ingest deletes, marks and renames
# the rows of the changed pounds' files (patch.patch_private, finish._mark_duplicates, privacy.keep_real_names): at 1M
# rows 0.76 s of CPU scanning the whole register, 0.08 s through this index (1.2 s to build, beside the public side).
PRIVATE_INDEXES = [
    "CREATE INDEX register_entries_imp ON register_entries(impoundment_id)",
    "CREATE INDEX register_entries_source ON register_entries(source_file, source_row)",
]


class People(NamedTuple):
    """An entry's people as the private register holds them (register_entries' columns of the same names), never
    public: People('A. Kumar', 'Ollur', 'R. Nair', 'Mannuthy', None).buyer_name -> None."""

    seizer_name: str | None
    seizer_residence: str | None
    owner_name: str | None
    owner_residence: str | None
    buyer_name: str | None


NOBODY = People(None, None, None, None, None)  # a reject's row of the private register names no one


# Scratch tables: a shard per register file (written by a worker), and the staging database they are merged into.
# Each holds its table's columns as declared, with `seq` (the record's place in the registers: (file << 32) + record)
# for the first of duplicates and the order of the finish: _staged is `impoundments` but for what the finish adds
# (duplicates_merged), _rejects is `rejects` but for its id.
STAGED = tuple(c for c in columns_of("impoundments") if c != "duplicates_merged") + ("seq",)
STAGED_SALES = (*columns_of("sales"), "seq")
STAGED_REJECTS = (*columns_of("rejects")[1:], "seq")
STAGING = f"""
CREATE TABLE _staged ({", ".join(STAGED)} INTEGER);
CREATE TABLE _rejects ({", ".join(STAGED_REJECTS)} INTEGER);
CREATE TABLE _sales ({", ".join(STAGED_SALES)} INTEGER);
CREATE TABLE _private ({", ".join(columns_of("register_entries", PRIVATE))});
CREATE TABLE _conflicts ({", ".join(columns_of("conflicts", PRIVATE))});
CREATE TABLE _shard (records INTEGER NOT NULL);
"""
STAGING += """CREATE TABLE _lots (pound_id, auction_date, auction_time, place, status, conditions, reference, impoundment_id,
    species, head_count, description);
CREATE TABLE _scheduled (pound_id, date, time, place, conditions, reference);
"""

# An auction's lot as the finish gathers them (held, scheduled, proposed), by name.
_LOTS = (
    "pound_id, auction_date, auction_time, place, status, conditions, reference, impoundment_id, species, head_count, "
    "description"
)

# A staged row as the impoundment it becomes: its id (told apart from another's: 'p1-6c3e...-2') and the duplicates
# merged into it are the finish's, every other column is the row's.
_AS_IMPOUNDMENT = ", ".join(
    {"id": "coalesce(c.final_id, s.id)", "duplicates_merged": "coalesce(c.later, 0)"}.get(c, "s." + c)
    for c in columns_of("impoundments")
)
_AS_SALE = ", ".join("coalesce(c.final_id, s.impoundment_id)" if c == "impoundment_id" else "s." + c
                     for c in columns_of("sales"))  # fmt: skip
# What a copy of an entry says, beside its id: rows with one id and these alike are the entry written twice.
_COPY_KEY = "id, brought_at, species, kind, head_count, description, place"
_COPY_OF_STAGED = (
    "s.id, s.brought_at, s.species, lower(s.species_as_written), s.head_count, coalesce(s.description, ''), "
    "coalesce(s.place_seized, '')"
)

# How much of what became of an animal an entry records: one for each outcome date.
_OUTCOMES_RECORDED = " + ".join(f"({c} IS NOT NULL)" for c in OUTCOME_DATES if c != "seized_on")


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
        "INSERT INTO scratch._repeated (id) SELECT id FROM scratch._staged GROUP BY id HAVING count(*) > 1",
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
        f"""INSERT INTO impoundments ({", ".join(columns_of("impoundments"))})
        SELECT {_AS_IMPOUNDMENT}
        FROM scratch._staged s LEFT JOIN scratch._repeated r ON r.id = s.id
        LEFT JOIN scratch._copies c ON c.standing = s.rowid
        WHERE r.id IS NULL OR c.standing IS NOT NULL ORDER BY {impoundments_order("s.brought_at", "coalesce(c.final_id, s.id)")}""",
        """INSERT INTO merged_duplicates (source_file, source_row, source_sheet, impoundment_id, source_part)
        SELECT source_file, source_row, source_sheet, final_id, source_part FROM scratch._copy_rows
        WHERE row != standing ORDER BY row""",
        f"""INSERT INTO rejects ({", ".join(STAGED_REJECTS[:-1])})
        SELECT {", ".join(STAGED_REJECTS[:-1])} FROM scratch._rejects ORDER BY seq""",
        # The account of the copy of an entry that stands (above): another copy's sale, with other figures, is not it.
        f"""INSERT INTO sales ({", ".join(columns_of("sales"))})
        SELECT {_AS_SALE}
        FROM scratch._sales s LEFT JOIN scratch._repeated r ON r.id = s.impoundment_id
        LEFT JOIN scratch._copies c ON c.seq = s.seq
        WHERE r.id IS NULL OR c.seq IS NOT NULL
        ORDER BY s.sold_on, 1""",
        # s.13 notices (K s.13(1)-(2); 1857 s.VIII): every animal not taken out of the pound before its notice day.
        f"""INSERT INTO notices (id, impoundment_id, pound_id, posted_on, status, head_count, species, description,
                                 place_seized, place_impounded, auction_earliest_on, notice_text, section)
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
        f"""INSERT INTO scratch._lots ({_LOTS})
        SELECT pound_id, sold_on, '', '', 'held', '', '', id, species, head_count, description
        FROM impoundments WHERE sold_on IS NOT NULL""",
        f"""INSERT INTO scratch._lots ({_LOTS})
        SELECT i.pound_id, coalesce(s.date, i.auction_earliest_on), coalesce(s.time, ''), coalesce(s.place, ''),
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
        f"""INSERT INTO scratch._lots ({_LOTS})
        SELECT s.pound_id, s.date, s.time, s.place, 'scheduled', s.conditions, s.reference, NULL, NULL, 0, NULL
        FROM scratch._scheduled s""",
        # Auctions: one per pound and day, its id the pound and the day alone, so a calendar's event keeps its UID when a
        # proposed auction is fixed by the Director on that day; held (sales recorded) over scheduled over proposed. A
        # proposed one has a day and no hour (starts_at the day alone): the Act leaves the time to the Director's order
        # (K s.13(3): "at such place and time ... as the Director ... directs"), and none is invented.
        f"""INSERT INTO auctions (id, pound_id, auction_date, auction_time, starts_at, place, conditions, status, lots,
                                  head_count, lot_summary, reference, section)
        SELECT l.pound_id || '-' || l.auction_date, l.pound_id, l.auction_date,
               nullif(max(l.auction_time), ''), l.auction_date || coalesce('T' || nullif(max(l.auction_time), ''), ''),
               coalesce(nullif(max(l.place), ''), p.name), nullif(max(l.conditions), ''),
               CASE WHEN max(l.status = 'held') THEN 'held' WHEN max(l.status = 'scheduled') THEN 'scheduled'
                    ELSE 'proposed' END,
               count(l.impoundment_id), coalesce(sum(l.head_count), 0), NULL, nullif(max(l.reference), ''),
               {act_sql("p.act", "auction")}
        FROM scratch._lots l JOIN pounds p ON p.id = l.pound_id
        GROUP BY l.pound_id, l.auction_date ORDER BY l.auction_date, l.pound_id""",
        """INSERT INTO auction_lots (auction_id, lot_no, impoundment_id, species, head_count, description)
        SELECT pound_id || '-' || auction_date,
               row_number() OVER (PARTITION BY pound_id, auction_date ORDER BY impoundment_id),
               impoundment_id, species, head_count, description
        FROM scratch._lots WHERE impoundment_id IS NOT NULL
        ORDER BY pound_id || '-' || auction_date, impoundment_id""",
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
