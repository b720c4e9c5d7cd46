"""The public and private schemas. The public one is DATA_CONTRACT.md's promise: add columns, never remove."""

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
    source_sheet TEXT
);
CREATE TABLE merged_duplicates (
    source_file TEXT NOT NULL, source_row INTEGER NOT NULL, source_sheet TEXT,
    impoundment_id TEXT NOT NULL REFERENCES impoundments(id)
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
    multiplier INTEGER NOT NULL, effective_from TEXT, effective_to TEXT, reference TEXT, status TEXT
);
CREATE TABLE feeding_rates (
    id INTEGER PRIMARY KEY, act TEXT NOT NULL, local_authority TEXT NOT NULL, species TEXT NOT NULL,
    rate_per_day_rupees TEXT NOT NULL, rate_display TEXT, effective_from TEXT, effective_to TEXT,
    reference TEXT, status TEXT, note TEXT
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
    conflict_of_interest INTEGER NOT NULL DEFAULT 0, conflict_role TEXT, section TEXT
);
CREATE TABLE ingest_summary (
    files INTEGER, records INTEGER, stored INTEGER, duplicates INTEGER, rejects INTEGER, data_version TEXT
);
CREATE INDEX impoundments_pound ON impoundments(pound_id, brought_at);
CREATE INDEX impoundments_brought ON impoundments(brought_at);
CREATE INDEX impoundments_status ON impoundments(status);
CREATE INDEX impoundments_district ON impoundments(district);
CREATE INDEX impoundments_species ON impoundments(species);
CREATE INDEX impoundments_tags ON impoundments(ear_tags) WHERE ear_tags != '';
CREATE INDEX notices_posted ON notices(posted_on);
CREATE INDEX auctions_date ON auctions(auction_date);
CREATE INDEX lots_impoundment ON auction_lots(impoundment_id);
"""

# Views: the feeds, the calendar and Datasette read the same SQL. Feed views follow one column contract:
# atom_id, atom_title, atom_updated (ISO with +05:30), atom_link (path), atom_summary, plus the filter columns
# district, pound_id, species, search_text. "Today" is India's date.
VIEWS = """
CREATE VIEW current_impoundments AS
    SELECT i.* FROM impoundments i WHERE i.status IN ('impounded', 'notice_posted');
CREATE VIEW current_notices AS
    SELECT n.*, p.name AS pound_name, p.district FROM notices n JOIN pounds p ON p.id = n.pound_id
    JOIN impoundments i ON i.id = n.impoundment_id
    WHERE i.status IN ('impounded', 'notice_posted')
      AND n.posted_on <= date('now', '+330 minutes')
      AND (n.auction_earliest_on IS NULL OR n.auction_earliest_on >= date('now', '+330 minutes', '-7 days'));
CREATE VIEW upcoming_auctions AS
    SELECT a.*, p.name AS pound_name, p.district FROM auctions a JOIN pounds p ON p.id = a.pound_id
    WHERE a.status IN ('scheduled', 'proposed') AND a.auction_date >= date('now', '+330 minutes');
CREATE VIEW feed_impounded AS
    SELECT i.id AS atom_id,
           i.head_count || ' ' || i.species || CASE WHEN i.colour IS NOT NULL THEN ' (' || i.colour || ')' ELSE '' END
             || ' impounded at ' || p.name AS atom_title,
           CASE WHEN length(i.brought_at) = 10 THEN i.brought_at || 'T00:00:00+05:30'
                ELSE i.brought_at || ':00+05:30' END AS atom_updated,
           '/animals/' || i.id AS atom_link,
           i.head_count || ' ' || i.species || CASE WHEN i.description != '' THEN ', ' || i.description ELSE '' END
             || '. At ' || p.name || ', ' || p.district || ', brought ' || i.brought_on || '.'
             || CASE WHEN i.fine_due_rupees IS NOT NULL THEN ' Fine Rs ' || i.fine_due_rupees ELSE ' Fine: no notified scale on file' END
             || CASE WHEN i.feeding_rate_rupees IS NOT NULL THEN ' plus feeding Rs ' || i.feeding_rate_rupees || ' a head a day' ELSE '' END
             || ' (' || CASE i.act WHEN 'kerala-1961' THEN 'K s.11, s.12' ELSE '1857 s.VI, s.VII' END || ').'
             || CASE WHEN i.status IN ('impounded', 'notice_posted') AND i.auction_earliest_on IS NOT NULL
                     THEN ' Last day to claim before auction: ' || date(i.auction_earliest_on, '-1 day') || '.'
                     ELSE ' Status: ' || i.status || '.' END AS atom_summary,
           i.district, i.pound_id, i.species, i.status, i.auction_earliest_on, i.notice_due_on,
           i.fine_due_rupees, i.brought_at AS sort_key,
           coalesce(i.description, '') || ' ' || coalesce(i.place_seized, '') || ' ' || coalesce(i.ear_tags, '')
             || ' ' || i.species AS search_text
    FROM impoundments i JOIN pounds p ON p.id = i.pound_id;
CREATE VIEW feed_notices AS
    SELECT n.id AS atom_id,
           'Notice: ' || n.head_count || ' ' || n.species || ' unclaimed at ' || p.name AS atom_title,
           n.posted_on || 'T09:00:00+05:30' AS atom_updated,
           '/animals/' || n.impoundment_id AS atom_link,
           n.notice_text AS atom_summary,
           p.district, n.pound_id, n.species, n.auction_earliest_on, n.posted_on AS sort_key,
           i.status IN ('impounded', 'notice_posted') AS current,
           coalesce(n.description, '') || ' ' || coalesce(n.place_seized, '') || ' ' || n.species AS search_text
    FROM notices n JOIN pounds p ON p.id = n.pound_id JOIN impoundments i ON i.id = n.impoundment_id;
CREATE VIEW feed_auctions AS
    SELECT a.id AS atom_id,
           'Auction at ' || p.name || ' on ' || a.auction_date || ' ' || coalesce(a.auction_time, '') AS atom_title,
           a.starts_at || ':00+05:30' AS atom_updated,
           '/pounds/' || a.pound_id || '#auction-' || a.id AS atom_link,
           a.lot_summary AS atom_summary,
           p.district, a.pound_id, a.status, a.auction_date, a.starts_at, a.place, a.lots, a.head_count,
           a.starts_at AS sort_key,
           (SELECT group_concat(l.species, ' ') FROM auction_lots l WHERE l.auction_id = a.id) AS species,
           coalesce(a.lot_summary, '') AS search_text
    FROM auctions a JOIN pounds p ON p.id = a.pound_id;
"""

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
CREATE INDEX register_entries_imp ON register_entries(impoundment_id);
"""
