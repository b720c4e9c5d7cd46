"""The animal page and its printable notice never disagree unexplained on the auction day (issue 27: a page said
"auction 7 Dec" while its notice, not recorded as posted, said "on or after 10 Dec", with nothing saying why)."""

from __future__ import annotations

import re
import sqlite3

from .conftest import TODAY


def test_a_notice_not_posted_is_explained_on_the_page_with_the_notices_own_day(client, demo_dbs) -> None:
    con = sqlite3.connect(demo_dbs[0])
    due = [r[0] for r in con.execute(
        """SELECT i.id FROM impoundments i JOIN notices n ON n.impoundment_id = i.id
           WHERE n.status = 'due' AND i.status = 'impounded' AND n.posted_on <= ? AND i.auction_earliest_on >= ?""",
        (TODAY.isoformat(), TODAY.isoformat()),
    )]  # fmt: skip
    con.close()
    differ = 0
    for animal in due:
        notice = client.get(f"/animals/{animal}/notice", params={"lang": "en"}).text
        stated = re.sub(r"<[^>]+>", "", re.search(r'id="notice-auction">(.*?)</td>', notice).group(1)).split(" (")[0]
        page = client.get(f"/animals/{animal}", params={"lang": "en"}).text
        gap = re.search(r'id="notice-gap">.*?<time datetime="[^"]+">([^<]+)</time>', page, re.S)
        last_day = re.sub(r"<[^>]+>", "", re.search(r'id="last-day">(.*?)</dd>', page).group(1))
        if stated not in page.split('id="notice-gap"')[0] or gap:
            differ += 1
            assert gap and gap.group(1) == stated, animal  # the page names the notice's day, and says why
        else:
            assert last_day  # agreeing: nothing to explain
    assert due and differ > 0
