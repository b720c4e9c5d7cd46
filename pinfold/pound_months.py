"""The public table `pound_months` (issue 28): per pound and month, what the charts of a pound, a district and the
state draw, counted once at the ingest (ingest/pound_months.py) so that no page reads every entry of a district or
of the state to draw them.

One row per pound and month in which it brought an entry or an entry left with a fine levied or collected:
  entries                       the entries brought that month (impoundments, as `compliance` counts them)
  claimed ... silent            those entries by what became of them (OUTCOMES): the owner took it back (claimed,
                                released on a deposit or an order), sold, disposed of, in the pound, the register silent
                                (status.whereabouts, on the day of the ingest in India, as `compliance` counts it)
  left_1_3 ... left_31_plus     those that left by the days they stayed (DAY_BINS)
  fines_paisa_minor             fines levied on the entries that left in that month, exact: paise (decimal rupees)
  fines_pie_minor               and pies (before 1 April 1957): a month can hold both, a pie is not a whole of paise
  fines_collected_paisa_minor   the fines collected of the entries that left that month (impoundments.
  fines_collected_pie_minor     fine_collected_minor: paid on delivery, or what a sale's proceeds paid of it,
                                pinfold/law/proceeds.py), in paise and in pies: what the charts of fines draw
A district's or the state's figures are sums of its pounds' rows.
"""

from __future__ import annotations

# What became of the entries brought, in the chart's order (column names of pound_months)
OUTCOMES = ("claimed", "sold", "disposed", "in_pound", "silent")
# Days in the pound of the entries that left it: (label, column, lowest, highest or None)
DAY_BINS = (
    ("1–3", "left_1_3", 1, 3),
    ("4–7", "left_4_7", 4, 7),
    ("8–15", "left_8_15", 8, 15),
    ("16–30", "left_16_30", 16, 30),
    ("31+", "left_31_plus", 31, None),
)
# Whether the owner took it back, from the one status vocabulary (pinfold/law/status.py STATUS_LABELS)
GOT_BACK = ("claimed", "released_on_deposit", "released_by_order")

# A district's charts read its rows by the index; the state's read them all (pounds x months: a few thousand)
TABLE = f"""
CREATE TABLE pound_months (
    pound_id TEXT NOT NULL REFERENCES pounds(id), month TEXT NOT NULL, district TEXT, entries INTEGER NOT NULL,
    {", ".join(f"{k} INTEGER NOT NULL" for k in OUTCOMES)},
    {", ".join(f"{c} INTEGER NOT NULL" for _, c, _, _ in DAY_BINS)},
    fines_paisa_minor INTEGER NOT NULL, fines_pie_minor INTEGER NOT NULL,
    fines_collected_paisa_minor INTEGER NOT NULL, fines_collected_pie_minor INTEGER NOT NULL,
    PRIMARY KEY (pound_id, month)
);
CREATE INDEX pound_months_district ON pound_months(district, month);
"""
