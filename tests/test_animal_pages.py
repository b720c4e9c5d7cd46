"""What an owner is told once the animal has left the pound, and on a pound's page (issue 15): the real ingest of
small registers, the real app in-process."""

from __future__ import annotations

import datetime as dt
import sqlite3
import struct
from pathlib import Path

from pinfold.law.status import whereabouts
from portal.i18n import colour_label, head_label
from portal.search import day_sql

from . import test_law
from .conftest import TODAY
from .test_law import K_HEADER, law_db, rows
from .test_portal import parse

portal_for = test_law.portal_for  # the same fixture: the real app over a database, India's date fixed

D = dt.date


def test_a_claimed_animal_shows_no_notice_or_auction_days_and_says_how_it_left(tmp_path, portal_for) -> None:
    """K s.13(1): a notice is due only "if the cattle be not claimed within seven days from the date of their being
    impounded"; s.13(3): the auction only if "not claimed within seven days from the date of the notice". Brought 1 Nov
    2025 and delivered to the owner on 4 Nov (s.12): no notice fell due (it would have been 9 Nov, the auction 17 Nov,
    the last day to claim 16 Nov). Brought 1 Nov, notice posted 9 Nov, delivered 12 Nov: the notice was posted, the
    auction (17 Nov) never came. Both pages, on 13 Nov, say when and how the animal left; the complaint period (s.19:
    "within ten days from the date of seizure"; no seizure day recorded, so at the latest 1 Nov + 9 = 10 Nov) stays."""
    db = law_db(
        tmp_path,
        {"k1": K_HEADER + "1,01/11/2025,,cow,1,black,,,,,,,04/11/2025\n2,01/11/2025,,bull,1,red,09/11/2025,,,,,,12/11/2025\n"},
    )  # fmt: skip
    early, late = rows(db, "SELECT id, status, left_on FROM impoundments ORDER BY entry_no")
    assert (early["status"], early["left_on"], late["left_on"]) == ("claimed", "2025-11-04", "2025-11-12")
    c = portal_for(db, D(2025, 11, 13))
    page = parse(c.get(f"/animals/{early['id']}").text)
    assert "Left the pound on 4 Nov 2025: Claimed by owner." in page.by_id["where-now"]
    assert page.by_id["left"] == "4 Nov 2025: Claimed by owner"
    assert not {"notice-due", "auction-earliest", "last-day", "auction-lot"} & set(page.by_id)
    assert not any(day in page.text for day in ("9 Nov 2025", "16 Nov 2025", "17 Nov 2025"))
    assert page.by_id["complaint-deadline"].startswith("10 Nov 2025")
    assert f"/animals/{early['id']}/notice" not in page.links  # none was due, so none to print
    page = parse(c.get(f"/animals/{late['id']}").text)
    assert page.by_id["notice-due"].startswith("9 Nov 2025") and "Notice posted on" in page.text
    assert "auction-earliest" not in page.by_id and "17 Nov 2025" not in page.text
    assert "Left the pound on 12 Nov 2025: Claimed by owner." in page.by_id["where-now"]
    # its notice, as posted, no longer says the bull will be sold: it says what became of it
    notice = parse(c.get(f"/animals/{late['id']}/notice").text)
    assert "will be sold" not in notice.text and "were to be sold by public auction on or after 17 Nov" in notice.text
    assert "What became of the animal: Claimed by owner, 12 Nov 2025." in notice.by_id["notice-outcome"]


def test_a_sold_animal_tells_the_owner_how_where_and_by_when_to_collect_the_balance(tmp_path, portal_for) -> None:
    """K s.15(2)-(3): from the proceeds the fines, feeding and expenses of sale are deducted, and "the balance of the
    proceeds of sale, if any, shall be delivered to the owner ... together with an account"; s.16(3): "The surplus
    unclaimed proceeds of the sale of cattle shall be sent to the local authority, who shall hold them in deposit, and
    if no claim thereto be preferred within three months ... shall dispose of them" (s.17: to its fund). Brought 1 Nov
    2025, notice 9 Nov, sold 17 Nov for Rs 5,000: fine Rs 500 + feeding 16 nights x Rs 100 = Rs 2,100; balance Rs 2,900,
    held by Ollur Panchayat (the pound's local authority) until 17 Feb 2026."""
    db = law_db(tmp_path, {"k1": K_HEADER + "1,01/11/2025,,cow,1,black,09/11/2025,17/11/2025,Rs. 5000,,,,\n"})
    (s,) = rows(db, "SELECT * FROM sales")
    assert (s["balance_rupees"], s["surplus_held_until"]) == ("2900.00", "2026-02-17")
    c = portal_for(db, D(2025, 11, 20))
    html = c.get(f"/animals/{s['impoundment_id']}").text
    page = parse(html)
    # this register has no column for the expenses of sale: Rs 2,900 is the most the owner can be due
    assert page.by_id["balance"] == "at most ₹2,900.00" and page.by_id["proceeds"] == "₹5,000.00"
    assert "the expenses of sale, which the register does not record" in page.by_id["balance-less-expenses"]
    collect = page.by_id["collect"]
    assert "Claim it by 17 Feb 2026 from Ollur Panchayat" in collect
    assert "an account of the sale (K s.15(2)-(3))" in collect
    assert (
        "held by the local authority, in deposit for 3 months, then credited to its fund (K s.16(3), s.17)" in collect
    )
    assert "Left the pound on 17 Nov 2025: Sold at auction." in page.by_id["where-now"]
    # all of it in the first block, before the itemised money
    assert html.index('id="collect"') < html.index('id="due"')
    in_malayalam = parse(c.get(f"/animals/{s['impoundment_id']}", params={"lang": "ml"}).text)
    c.cookies.clear()
    assert "17 ഫെബ്രുവരി 2026-നകം" in in_malayalam.by_id["collect"]
    assert "തദ്ദേശ സ്ഥാപനം, 3 മാസം നിക്ഷേപമായി സൂക്ഷിക്കും" in in_malayalam.by_id["collect"]
    # after the three months, the page says so rather than promising the money
    after = parse(portal_for(db, D(2026, 2, 18)).get(f"/animals/{s['impoundment_id']}").text)
    assert "until 17 Feb 2026, which has passed: ask Ollur Panchayat whether it was claimed" in after.by_id["collect"]
    # the notice no longer says it will be sold
    notice = parse(c.get(f"/animals/{s['impoundment_id']}/notice").text)
    assert (
        "will be sold" not in notice.text and "they were to be sold by public auction on or after 17 Nov" in notice.text
    )
    assert "What became of the animal: Sold at auction, 17 Nov 2025." in notice.by_id["notice-outcome"]
    assert f"/animals/{s['impoundment_id']}/sale-account" in notice.links


def test_a_balance_is_exact_only_when_the_register_records_the_expenses_of_sale(tmp_path, portal_for) -> None:
    """K s.15(2): from the proceeds are deducted the fines, the feeding "and the expenses of the sale"; s.15(3): "the
    balance of the proceeds of sale, if any". Brought 1 Nov 2025, notice 9 Nov, sold 17 Nov for Rs 5,000: fine Rs 500
    + feeding 16 nights x Rs 100 = Rs 2,100. Entry 1 records Rs 250 of expenses: the balance is exactly 5,000 - 2,100 -
    250 = Rs 2,650. Entry 2 leaves the expenses blank: they are not recorded, so the balance is at most Rs 2,900 and
    the page says so, rather than counting them as nothing (all 196 demo sales read "expenses of sale ₹0.00").
    Entry 3 records no proceeds: the balance is not known because of the proceeds (not "a charge"), and the owner is
    still told to ask the local authority for the account and any balance (s.15(3), s.16(3))."""
    header = K_HEADER.rstrip("\n") + ",Expenses of sale\n"
    db = law_db(
        tmp_path,
        {"k1": header + "1,01/11/2025,,cow,1,black,09/11/2025,17/11/2025,Rs. 5000,,,,,250\n"
                        "2,01/11/2025,,bull,1,red,09/11/2025,17/11/2025,Rs. 5000,,,,,\n"
                        "3,01/11/2025,,ox,1,white,09/11/2025,17/11/2025,,,,,,\n"},
    )  # fmt: skip
    exact, blank, unknown = rows(
        db, "SELECT s.* FROM sales s JOIN impoundments i ON i.id = s.impoundment_id ORDER BY i.entry_no"
    )
    assert (exact["expenses_rupees"], exact["balance_rupees"]) == ("250.00", "2650.00")
    assert (blank["expenses_rupees"], blank["balance_rupees"]) == (None, "2900.00")
    assert (unknown["proceeds_rupees"], unknown["balance_rupees"]) == (None, None)
    c = portal_for(db, D(2025, 11, 20))
    page = parse(c.get(f"/animals/{exact['impoundment_id']}").text)
    assert page.by_id["balance"] == "₹2,650.00" and "balance-less-expenses" not in page.by_id
    account = parse(c.get(f"/animals/{exact['impoundment_id']}/sale-account").text)
    assert "expenses of sale ₹250.00" in account.by_id["disposal"]
    page = parse(c.get(f"/animals/{blank['impoundment_id']}").text)
    assert page.by_id["balance"] == "at most ₹2,900.00"
    account = parse(c.get(f"/animals/{blank['impoundment_id']}/sale-account").text)
    assert "expenses of sale not recorded in the register" in account.by_id["disposal"]
    assert account.by_id["balance"] == "at most ₹2,900.00" and "₹0.00" not in account.text
    page = parse(c.get(f"/animals/{unknown['impoundment_id']}").text)
    assert "does not record what the animal sold for" in page.by_id["balance-unknown"]
    assert "ask Ollur Panchayat for the account" in page.by_id["collect"]
    ml = parse(c.get(f"/animals/{unknown['impoundment_id']}", params={"lang": "ml"}).text)
    c.cookies.clear()
    assert "രജിസ്റ്ററിൽ ഇല്ല" in ml.by_id["balance-unknown"] and "Ollur Panchayat-ൽ ചോദിക്കുക" in ml.by_id["collect"]


def test_a_notice_printed_before_its_day_is_due_on_its_day(tmp_path, portal_for) -> None:
    """K s.13(1): brought 1 Nov 2025, the notice is due on 9 Nov (seven days from the day impounded, the first
    excluded). Printed on 5 Nov it said 'posted today, 9 Nov 2025' (the later of today and the due day); it is due on
    9 Nov, and its auction is counted from then: 9 Nov + 8 = 17 Nov (s.13(3))."""
    db = law_db(tmp_path, {"k1": K_HEADER + "1,01/11/2025,,cow,1,black,,,,,,,\n"})
    (a,) = rows(db, "SELECT id FROM impoundments")
    c = portal_for(db, D(2025, 11, 5))
    notice = parse(c.get(f"/animals/{a['id']}/notice").text)
    assert "today" not in notice.by_id["notice-day"] and "9 Nov 2025" in notice.by_id["notice-day"]
    assert notice.by_id["notice-auction"].startswith("17 Nov 2025") and "will be sold" in notice.text
    # Its words ("not claimed within seven days") are not yet true on 5 Nov: the screen says so before the notice,
    # and that the owner can still claim the cow (s.12); on its day, 9 Nov, the warning is gone.
    assert (
        "to be posted on 9 Nov 2025 if the animal has not been claimed by then (K s.13(1)-(2))"
        in (notice.by_id["notice-not-yet"])
    )
    assert "(K s.12)" in notice.by_id["notice-not-yet"]
    on_its_day = parse(portal_for(db, D(2025, 11, 9)).get(f"/animals/{a['id']}/notice").text)
    assert "notice-not-yet" not in on_its_day.by_id


def test_a_pound_page_opens_with_its_next_auction_and_names_lots_not_yet_known(client, demo_dbs) -> None:
    """An auction the Director fixed with no lots assigned yet read '0 lots — None'; it reads 'lots not yet known', and
    the next auction is said before the animals and the list of rates."""
    con = sqlite3.connect(demo_dbs[0])
    pound, auction = con.execute(
        f"""SELECT pound_id, id FROM auctions WHERE lots = 0 AND status = 'scheduled' AND auction_date >= '{TODAY}'
            ORDER BY auction_date LIMIT 1"""
    ).fetchone()
    html = client.get(f"/pounds/{pound}").text
    page = parse(html)
    assert "lots not yet known" in page.by_id[f"auction-{auction}"] and "None" not in page.text
    assert html.index('id="next-auction"') < html.index('id="now"') < html.index('id="rates"')
    in_malayalam = parse(client.get(f"/pounds/{pound}", params={"lang": "ml"}).text)
    client.cookies.clear()
    assert "ലോട്ടുകൾ ഇനിയും അറിവായിട്ടില്ല" in in_malayalam.by_id[f"auction-{auction}"]


def test_a_pound_page_names_the_lots_in_malayalam_from_the_lots_themselves(client, demo_dbs) -> None:
    """The lots were the English lot_summary on a Malayalam page ('Lot 1: 2 ponies (...)'); they are the auction's
    lots, each kind, head and colour in Malayalam and linked to its animal, the register's description as written."""
    con = sqlite3.connect(demo_dbs[0])
    con.row_factory = sqlite3.Row
    now = whereabouts(day_sql(TODAY))["in_pound_now"]
    lot = con.execute(
        f"""SELECT a.pound_id, a.id, l.lot_no, l.head_count, l.species, l.impoundment_id, i.colour
            FROM auctions a JOIN auction_lots l ON l.auction_id = a.id JOIN impoundments i ON i.id = l.impoundment_id
            WHERE a.status = 'scheduled' AND a.auction_date >= '{TODAY}' AND i.colour IS NOT NULL AND {now}
            ORDER BY a.auction_date LIMIT 1"""
    ).fetchone()
    page = parse(client.get(f"/pounds/{lot['pound_id']}", params={"lang": "ml"}).text)
    client.cookies.clear()
    said = page.by_id[f"auction-{lot['id']}"]
    assert f"ലോട്ട് {lot['lot_no']}: {head_label(lot['head_count'], lot['species'], 'ml')}" in said
    assert colour_label(lot["colour"], "ml") in said and "Lot " not in said
    assert f"/animals/{lot['impoundment_id']}" in page.links


def test_the_readme_shows_the_animal_page_on_a_phone_in_both_languages() -> None:
    """The README's screenshots (docs/screenshots/shoot.py): PNGs of a 390 px wide phone screen, small enough to keep."""
    root = Path(__file__).parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    for lang in ("en", "ml"):
        name = f"docs/screenshots/animal-phone-{lang}.png"
        png = (root / name).read_bytes()
        assert name in readme and png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])  # the IHDR chunk
        assert (width, height) == (390, 844) and len(png) < 200_000


def test_an_owner_is_given_one_day_to_act_on_when_the_register_records_no_notice(tmp_path, portal_for) -> None:
    """K s.13(1): a notice is posted "if the cattle be not claimed within seven days from the date of their being
    impounded"; s.13(3): "if the cattle be not claimed within seven days from the date of the notice" they are sold by
    public auction. Brought 1 Nov 2025 (the first day excluded), the notice is due on 9 Nov and the earliest auction is
    9 Nov + 8 = 17 Nov: the last day to claim is 16 Nov. On 12 Nov the register still records no notice posted: a
    notice posted only that day would allow the auction from 12 Nov + 8 = 20 Nov. The notice may have been posted on
    9 Nov and not yet entered, so 16 Nov is the one day an owner acts on: the first screen, the API, and the message to
    pass on (on the page and on its notice) give it, and 20 Nov is said only below, to explain the printed notice."""
    db = law_db(tmp_path, {"k1": K_HEADER + "1,01/11/2025,,cow,1,black,,,,,,,\n"})
    (a,) = rows(db, "SELECT id, notice_due_on, auction_earliest_on FROM impoundments")
    assert (a["notice_due_on"], a["auction_earliest_on"]) == ("2025-11-09", "2025-11-17")
    c = portal_for(db, D(2025, 11, 12))
    for lang, act_on, later in (("en", "16 Nov 2025", "20 Nov 2025"), ("ml", "16 നവംബർ 2025", "20 നവംബർ 2025")):
        html = c.get(f"/animals/{a['id']}", params={"lang": lang}).text
        c.cookies.clear()
        page = parse(html)
        first = parse(html[html.index('id="first"') : html.index("</section>", html.index('id="first"'))])
        assert page.by_id["last-day"].startswith(act_on) and later not in first.text  # one day on the first screen
        assert "#notice-gap" in first.links  # and a way to the reason a printed notice says more
        gap = page.by_id["notice-gap"]
        assert later in gap and act_on in gap and "K s.13(3)" in gap
        assert html.index('id="notice-gap"') > html.index('id="auction-earliest"')  # below the dates, under them
        notice = c.get(f"/animals/{a['id']}/notice", params={"lang": lang}).text
        c.cookies.clear()
        assert later in parse(notice).by_id["notice-auction"]  # the notice, posted today, states its own day
        assert act_on in parse(notice).by_id["notice-owner"]  # and the owner reading it is told the day to act on
        for shared in (html, notice):
            text = parse(shared).by_id["share-text"]
            assert act_on in text and "19 " not in text  # never the day before the printed notice's auction
    assert c.get(f"/api/impoundments/{a['id']}/due").json()["last_day_to_claim"] == "2025-11-16"


def test_the_number_sold_says_it_is_taken_as_every_head(tmp_path, portal_for) -> None:
    """K s.15(3)(d): the account shows "the number of cattle sold"; K s.13(3) sells unclaimed cattle, but when the
    owner appears and will not pay, s.15(1) sells "the cattle, or as many of them as may be necessary". No register
    records the number sold, so for 3 goats sold the account's 3 is Pinfold's reading and says so, with s.15(1); for
    one cow sold, one is the only number there can be and nothing is added."""
    db = law_db(
        tmp_path,
        {"k1": K_HEADER + "1,01/11/2025,,goat,3,brown,09/11/2025,17/11/2025,Rs. 5000,,,,\n"
                          "2,01/11/2025,,cow,1,black,09/11/2025,17/11/2025,Rs. 5000,,,,\n"},
    )  # fmt: skip
    goats, cow = rows(db, "SELECT s.* FROM sales s JOIN impoundments i ON i.id = s.impoundment_id ORDER BY i.entry_no")
    c = portal_for(db, D(2025, 11, 20))
    for lang, words in (("en", "Pinfold counts all 3 seized as sold"), ("ml", "അതിൽ കുറവ് വിറ്റിരിക്കാം")):
        account = parse(c.get(f"/animals/{goats['impoundment_id']}/sale-account", params={"lang": lang}).text)
        assert words in account.by_id["head-sold-taken"] and "K s.15(1)" in account.by_id["head-sold-taken"]
        account = parse(c.get(f"/animals/{cow['impoundment_id']}/sale-account", params={"lang": lang}).text)
        assert "head-sold-taken" not in account.by_id


def test_someone_sent_by_the_owner_may_claim_where_the_act_says_so(tmp_path, portal_for) -> None:
    """K s.12(a): "If the owner of the impounded cattle or his agent appears and claims the cattle the pound-keeper
    shall deliver them"; (b) "The owner or his agent, on taking back the cattle shall sign a receipt". A Kerala animal's
    page says someone the owner sends may claim, quoting s.12, and what they bring. 1857 s.VII: "If the owner appear
    and claim the Cattle": no agent, so a Barrackpore animal's page says nothing of one."""
    db = law_db(
        tmp_path,
        {
            "k1": K_HEADER + "1,01/11/2025,,cow,1,black,,,,,,,\n",
            "b1": test_law.B_HEADER + "1,05-01-1858,1 Cow,dun,,,\n",
        },
    )
    kerala, bengal = (r["id"] for r in rows(db, "SELECT id FROM impoundments ORDER BY pound_id DESC"))
    c = portal_for(db, D(2025, 11, 4))
    for lang, quoted in (("en", '"the owner of the impounded cattle or his agent"'), ("ml", "ഏജന്റോ")):
        page = parse(c.get(f"/animals/{kerala}", params={"lang": lang}).text)
        assert quoted in page.by_id["law-agent"] and "K s.12" in page.by_id["law-agent"]
        assert page.by_id["bring-agent"]
    page = parse(portal_for(db, D(1858, 1, 8)).get(f"/animals/{bengal}").text)
    assert "bring" in page.by_id and "law-agent" not in page.by_id and "bring-agent" not in page.by_id
