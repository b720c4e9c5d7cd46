"""Pages for owners: search, an animal, its notice and sale account, pounds and districts."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from markupsafe import Markup

from pinfold.law.clock import auction_if_posted
from pinfold.law.packs import all_packs, pack
from pinfold.law.status import auctions_to_come
from pinfold.schema import SUMMARY_LOTS
from pinfold.vocabulary import SPECIES

from .. import db, history
from ..daily import Daily, daily
from ..deps import DbDep, LangDep, SearchDep, SettingsDep, TodayDep, VersionDep
from ..errors import BadRequest, Moved, NotFound
from ..forgiving import Forgiven, forgive
from ..i18n import district_label, law_text, t
from ..law import (
    auction_of,
    due_for,
    last_day_to_claim,
    rates_listed,
    rates_shown_on,
    rulebook,
    seizure_area_note,
    shown_on,
)
from ..qr import qr_svg
from ..render import fragment, render
from ..search import Query, in_pound_now_by_pound, latest, search, without_each_word
from ..search import animal as animal_row
from ..share import message, whatsapp
from . import compliance as scorecard

router = APIRouter(include_in_schema=False)


MAX_PAGE = 20_000  # 1M rows at 50 a page: no search has more pages than this


def _page_number(value: str | None) -> int:
    """?page=2 -> 2; absent -> 1; 'x', 0 or past MAX_PAGE -> a 400 saying so."""
    if not value:
        return 1
    if not value.isdigit() or not 1 <= int(value) <= MAX_PAGE:
        raise BadRequest(
            f"page must be a whole number from 1 to {MAX_PAGE:,}, not '{value[:20]}'",
            ml=f"പേജ് 1 മുതൽ {MAX_PAGE:,} വരെയുള്ള ഒരു പൂർണസംഖ്യ ആയിരിക്കണം, '{value[:20]}' അല്ല",
            param="page",
        )
    return int(value)


def _url(params: list[tuple[str, str]], **change: str | None) -> str:
    """The search's address with some parameters changed (None drops one): a page, or a filter dropped."""
    kept = [(k, v) for k, v in params if k not in change]
    kept += [(k, v) for k, v in change.items() if v]
    return "/?" + urlencode(kept) if kept else "/"


@router.get("/", response_class=HTMLResponse)
def home(
    request: Request, con: DbDep, lang: LangDep, today: TodayDep, settings: SettingsDep, query: SearchDep
) -> HTMLResponse:
    params = request.query_params
    page = _page_number(params.get("page"))
    asked = [
        (k, params[k]) for k in ("q", "species", "district", "pound", "from", "to", "lang", "exact") if params.get(k)
    ]
    found = None
    pages = 0
    # a word the index does not know is read as the nearest it knows, unless the owner asked for the words as typed
    forgiven = forgive(con, query) if query.words and params.get("exact") != "1" else Forgiven(query)
    if query.searched:
        query = forgiven.query
        found = search(con, query, today, limit=settings.page_size, offset=(page - 1) * settings.page_size)
        pages = max(1, -(-found.total // settings.page_size))
        if page > pages:
            raise BadRequest(
                f"this search has {pages} page{'s' if pages > 1 else ''}; there is no page {page}",
                ml=f"ഈ തിരച്ചിലിന് {pages} പേജ് മാത്രം; {page}-ാം പേജ് ഇല്ല",
                param="page",
            )
    # Nothing found for several words: each word whose leaving out finds something, with that search's address
    without = [
        (word, _url(asked, q=words, page=None), n)
        for word, words, n in (without_each_word(con, query) if found is not None and not found.total else [])
    ]
    # The filters in force, each with the address of the same search without it: an empty result offers to drop them.
    chosen = {
        "species": query.species_chosen,
        "district": query.district,
        "pound": query.pound,
        "from": params.get("from", ""),
        "to": params.get("to", ""),
    }
    in_force = [(k, v, _url(asked, **{k: None, "page": None})) for k, v in chosen.items() if v]
    if query.species and not query.species_chosen:  # a kind read from the words ('black cow'): the words hold it
        in_force.insert(0, ("species_in_words", query.species, ""))
    # A saved search is a feed: the same words and filters, read the same way (deps.get_search).
    saved = {k: params[k] for k in ("q", "species", "district", "pound") if params.get(k)}
    if lang == "ml":  # a Malayalam page links its feed in Malayalam
        saved["lang"] = "ml"
    pounds = db.pounds_by_name(con)
    return render(
        request,
        "index.html",
        lang,
        today,
        q=query.q,
        form=chosen,
        found=found,
        rows=found.rows if found else [],
        page=page,
        pages=pages,
        page_url=lambda n: _url(asked, page=str(n) if n > 1 else None),
        in_force=in_force,
        without=without,
        forgiven=forgiven,
        as_typed=_url(asked, exact="1", page=None),
        latest=[] if query.searched else latest(con, today),
        searched=query.searched,
        feed_url="/feeds/impounded.rss" + ("?" + urlencode(saved) if saved else ""),
        choices=_choices(con, lang, chosen, pounds),
        pound_names={p["id"]: p["name"] for p in pounds},
    )  # fmt: skip


# The search form's kinds, districts and pounds as rendered, by (version of the file, language, the kind, district and
# pound chosen): the same few dozen options on every search page (0.65 ms of a new search's 3 ms render at 1M rows).
_CHOICES: dict[tuple[str, ...], Markup] = {}
_MOST_CHOICES = 256


def _choices(con: Any, lang: str, chosen: dict[str, str], pounds: list[dict[str, Any]]) -> Markup:
    """The form's three lists (templates/_choices.html) with the kind, district and pound `chosen` selected, kept for
    the version of the file the connection reads (db.Connection.version); made each time when it is not known."""
    version = getattr(con, "version", "")
    key = (version, lang, chosen["species"], chosen["district"], chosen["pound"])
    made = _CHOICES.get(key) if version else None
    if made is None:
        made = fragment(
            "_choices.html", lang, form=chosen, species_list=SPECIES, districts=db.districts(con), pounds=pounds
        )
        if version:
            if len(_CHOICES) >= _MOST_CHOICES or any(k[0] != version for k in _CHOICES):
                _CHOICES.clear()  # a new file's, or too many: the old go
            _CHOICES[key] = made
    return made


def _notice_auction(a: dict[str, Any], n: dict[str, Any], pk: Any, today: dt.date) -> tuple[dt.date | None, Any]:
    """(day the notice is printed as posted, or None; the auction day it states): a notice not yet posted, printed
    today while the animal is in the pound, is posted today, and its auction counted from today (K s.13(3))."""
    printed_on, auction = None, _date(n["auction_earliest_on"])
    in_pound = bool(a["in_pound_now"])  # impounded or its notice posted, the register not silent (law/status.py)
    # Not before its day, though: a notice due on the 4th, printed on the 1st, is due on the 4th ("posted today, 4 Dec"
    # was printed on 1 Dec), and its auction is counted from that day.
    if n["status"] == "due" and auction is not None and in_pound and n["posted_on"] <= today.isoformat():
        printed_on = max(today, dt.date.fromisoformat(n["posted_on"]))
        auction = max(auction, auction_if_posted(pk, dt.date.fromisoformat(a["brought_on"]), printed_on))
    return printed_on, auction


def _later_by_notice(a: dict[str, Any], n: dict[str, Any] | None, pk: Any, today: dt.date) -> dt.date | None:
    """The auction day a notice not recorded as posted states when printed today (_notice_auction), if it is later
    than the earliest auction, which counts from the day the notice was due (K s.13(3)); else None. The animal page
    and the notice give it only to explain the printed notice, below the one day to act on (law.last_day_to_claim):
    brought 1 Nov 2025, no notice recorded, on 12 Nov -> 20 Nov 2025 (the earliest is 17 Nov)."""
    if n is None or n["status"] != "due":
        return None
    auction, earliest = _notice_auction(a, n, pk, today)[1], _date(a["auction_earliest_on"])
    return auction if auction and earliest and auction > earliest else None


def _share(
    request: Request, a: dict[str, Any], pound: dict[str, Any] | None, last_day: dt.date | None, lang: str, show: bool
) -> dict[str, Any]:
    """The message to pass on about an animal in the pound and its WhatsApp link (share.py); none once it has left."""
    if not show or pound is None:
        return {"share": "", "share_link": ""}
    url = f"{str(request.base_url).rstrip('/')}/animals/{a['id']}" + ("?lang=ml" if lang == "ml" else "")
    text = message(a, pound, last_day, url, lang)
    return {"share": text, "share_link": whatsapp(text)}


def _date(v: str | None) -> dt.date | None:
    return dt.date.fromisoformat(v) if v else None


def _animal(con: Any, animal_id: str, today: dt.date) -> dict[str, Any]:
    a = animal_row(con, animal_id, today)
    if a is None:
        moved = history.moved_to(con, animal_id)  # its day brought was corrected: the old address still works
        if moved:
            raise Moved(animal_id, moved)
        raise NotFound(
            f"No impounded animal has the id '{animal_id[:80]}'.",
            ml=f"'{animal_id[:80]}' എന്ന ഐഡിയുള്ള മൃഗം പൗണ്ട് രജിസ്റ്ററുകളിൽ ഇല്ല.",
        )
    return a


def _lot(con: Any, a: dict[str, Any], today: dt.date) -> dict[str, Any] | None:
    """The auction to come an animal in the pound is a lot of, with its lot number, labelled proposed or scheduled
    (K s.13(3): a proposed day is the earliest the Act allows); None once it has left, or when that day has gone by
    (then it may be sold any day: no auction anybody can go to)."""
    lot = auction_of(con, a["id"]) if a["in_pound_now"] else None
    if lot is None or lot["auction_date"] < today.isoformat():
        return None
    number = db.one(
        con,
        """SELECT l.lot_no FROM auction_lots l JOIN auctions au ON au.id = l.auction_id
           WHERE l.impoundment_id = ? AND au.auction_date = ?""",
        (a["id"], lot["auction_date"]),
    )
    return {**lot, "lot_no": number["lot_no"] if number else None}


def _day(iso: str | None, today: dt.date) -> dt.date | None:
    """A register's day, if it has come by `today`: ('2025-11-03', 5 Nov 2025) -> 3 Nov 2025; a later one -> None."""
    day = dt.date.fromisoformat(iso[:10]) if iso else None
    return day if day and day <= today else None


def _cannot_pay(
    a: dict[str, Any], pound: dict[str, Any] | None, due: Any, book: Any, today: dt.date
) -> dict[str, Any] | None:
    """What an owner who cannot pay today is told, for an animal in the pound now (pinfold/law/status.py) whose owner
    owes the sum: the sum today, what it grows by by tomorrow (the same dues counted a day later, K s.4, s.12), and
    whether a complaint of the seizure, and so a deposit (K s.14, s.19), is still open today. None otherwise."""
    if not a["in_pound_now"] or due.owner_owes_nothing:
        return None
    tomorrow = due_for(a, book, today + dt.timedelta(days=1)).total
    dl = due.deadlines
    latest = dl.complaint_latest_on or dl.complaint_deadline_on
    grows = tomorrow - due.total if tomorrow is not None and due.total is not None else None
    return {
        "total": due.total,
        "grows": grows if grows else None,  # nothing more tomorrow: no growth to speak of
        "complaint_open": today <= dl.complaint_deadline_on,
        "complaint_deadline_on": dl.complaint_deadline_on,
        # no seizure day recorded: past the earliest last day, the complaint may still be in time (law/clock.py)
        "complaint_maybe_open": dl.seizure_assumed and dl.complaint_deadline_on < today <= latest,
        "complaint_latest_on": latest,
        # a complaint the register records as filed is not one still to be made (K s.14: the deposit of an owner
        # "about to make a complaint under section 19"), nor one whose time has passed; decided, it is over
        "complaint_filed_on": _day(a.get("complaint_filed_on"), today),
        "complaint_decided_on": _day(a.get("complaint_decided_on"), today),
    }


# Pages of one animal read a few rows by key (well under a millisecond of SQL), so they run on the event loop:
# a hop through the thread pool cost a quarter of their time under load (307 -> 420 pages/s at 1M rows). Pages
# that search stay plain `def`, in the pool: a first count at 1M rows takes half a second and would stall the loop.
@router.get("/animals/{animal_id}", response_class=HTMLResponse)
async def animal(
    request: Request, animal_id: str, con: DbDep, lang: LangDep, today: TodayDep, version: VersionDep
) -> HTMLResponse:
    try:
        a = _animal(con, animal_id, today)
    except NotFound:
        removed = history.removal(con, animal_id)
        if removed is None:
            raise
        # Removed from the register after it was published: 410, with what the history says of it.
        changes = history.changes_of(con, animal_id)
        pound = db.one(con, "SELECT * FROM pounds WHERE id = ?", (removed["pound_id"],))
        return render(request, "removed.html", lang, today, status_code=410, c=removed, changes=changes, pound=pound)
    pound = db.one(con, "SELECT * FROM pounds WHERE id = ?", (a["pound_id"],))
    silent, auction_open = a["register_silent"], a["auction_may_be_held"]
    book = rulebook(con, version)
    due = due_for(a, book, shown_on(a, today))
    # The one day to act on, as the lists, the feeds, the API and the notice give it (law.last_day_to_claim)
    last_day = last_day_to_claim(a)
    sale = db.one(con, "SELECT * FROM sales WHERE impoundment_id = ?", (animal_id,))
    # No notice falls due for an animal that left before its day (K s.13(1)): then there is none to print.
    notice = db.one(con, "SELECT * FROM notices WHERE impoundment_id = ?", (animal_id,))
    pk = pack(a["act"])
    brought = dt.date.fromisoformat(a["brought_on"])
    return render(
        request,
        "animal.html",
        lang,
        today,
        a=a,
        pound=pound,
        due=due,
        seizure_note=seizure_area_note(a, due),  # K s.11(2): which note the fine needs, as the API's basis reads it
        pack=pk,
        last_day=last_day,
        sale=sale,
        notice=notice,
        **_share(request, a, pound, last_day, lang, bool(a["in_pound_now"])),
        later_by_notice=_later_by_notice(a, notice, pk, today),
        lot=_lot(con, a, today),
        left_on=_date(a["left_on"]),
        silent=silent,
        auction_open=auction_open,
        era_day=brought,
        seized_earliest=brought - dt.timedelta(days=pk.clock.seizure_at_most_days_before),
        changes=history.changes_of(con, animal_id),
        cannot_pay=_cannot_pay(a, pound, due, book, today),
    )


@router.get("/animals/{animal_id}/notice", response_class=HTMLResponse)
async def notice(request: Request, animal_id: str, con: DbDep, lang: LangDep, today: TodayDep) -> HTMLResponse:
    a = _animal(con, animal_id, today)
    n = db.one(con, "SELECT * FROM notices WHERE impoundment_id = ?", (animal_id,))
    pk = pack(a["act"])
    if n is None:
        raise NotFound(law_text("no_notice", pk, "en"), ml=law_text("no_notice", pk, "ml"))
    # A notice not yet posted, printed while the animal is in the pound, is posted today at the earliest: its auction
    # is counted "from the date of the notice" (K s.13(3)), the day shown, not from the day it fell due. Not for an
    # entry the register has gone silent on: where that animal is, nobody knows.
    printed_on, auction = _notice_auction(a, n, pk, today)
    in_pound = bool(a["in_pound_now"])
    # the animal's page, as a QR code and a short address in print: the notice on the wall leads to it, in the
    # notice's language (as the message to pass on does: _share)
    page_url = f"{str(request.base_url).rstrip('/')}/animals/{animal_id}" + ("?lang=ml" if lang == "ml" else "")
    # the message to pass on gives the animal page's day to act on, not the day before the printed notice's auction
    last_day = last_day_to_claim(a)
    return render(
        request, "notice.html", lang, today, n=n, a=a, pack=pk, printed_on=printed_on, auction=auction,
        era_day=dt.date.fromisoformat(a["brought_on"]), page_url=page_url, short_url=page_url.split("://", 1)[-1],
        page_qr=qr_svg(page_url, t("notice_qr_label", lang)), last_day=last_day,
        later_by_notice=_later_by_notice(a, n, pk, today) if in_pound else None,
        **_share(request, a, db.one(con, "SELECT * FROM pounds WHERE id = ?", (a["pound_id"],)), last_day, lang,
                 in_pound),
    )  # fmt: skip


@router.get("/animals/{animal_id}/sale-account", response_class=HTMLResponse)
async def sale_account(
    request: Request, animal_id: str, con: DbDep, lang: LangDep, today: TodayDep, version: VersionDep
) -> HTMLResponse:
    a = _animal(con, animal_id, today)
    s = db.one(con, "SELECT * FROM sales WHERE impoundment_id = ?", (animal_id,))
    if s is None:
        raise NotFound(
            "The register records no sale of this animal.", ml="ഈ മൃഗത്തിന്റെ വിൽപന രജിസ്റ്ററിൽ രേഖപ്പെടുത്തിയിട്ടില്ല."
        )
    pound = db.one(con, "SELECT * FROM pounds WHERE id = ?", (a["pound_id"],))
    return render(
        request, "sale_account.html", lang, today, a=a, s=s, pound=pound, pack=pack(a["act"]),
        era_day=dt.date.fromisoformat(s["sold_on"]),
        # (c)'s feeding days as its rate counts them, for (b) to state beside its nights
        feeding_days=due_for(a, rulebook(con, version), dt.date.fromisoformat(s["sold_on"])).days_in_pound,
    )  # fmt: skip


# The animals in the pound now a pound's or a district's page lists, the nearest last day first; the rest are a
# search away (a link says how many). At 1M demo rows a pound held 5,700 and its page took 350 ms to list them all.
LISTED_IN_POUND = 100


def _pound_list(
    con: Any, today: dt.date, where: str = "1", params: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """Pounds with the animals in each now; entries the register is silent on (status.whereabouts) are not."""
    now = in_pound_now_by_pound(con, today)
    pounds = db.rows(con, f"SELECT p.* FROM pounds p WHERE {where} ORDER BY p.district, p.name", params or {})
    return [{**p, "now": now.get(p["id"], 0)} for p in pounds]


def _in_pound_listed(con: Any, query: Query, today: dt.date) -> tuple[list[dict[str, Any]], int]:
    """(the first LISTED_IN_POUND animals in the pound now that `query` finds, the nearest last day first; how many
    there are in all), as the owner's search finds and orders them."""
    found = search(con, query, today, limit=LISTED_IN_POUND)
    return [r for r in found.rows if r["in_pound_now"]], found.in_pound_now


@router.get("/pounds", response_class=HTMLResponse)
def pounds(request: Request, con: DbDep, lang: LangDep, today: TodayDep) -> HTMLResponse:
    return render(request, "list.html", lang, today, heading=t("pounds", lang), pounds=_pound_list(con, today))


@router.get("/districts/{district}", response_class=HTMLResponse)
def district(request: Request, district: str, con: DbDep, lang: LangDep, today: TodayDep) -> HTMLResponse:
    ps = _pound_list(con, today, "p.district = :district", {"district": district})
    if not ps:
        raise NotFound(
            f"No pound is listed in a district called '{district[:80]}'.",
            ml=f"'{district[:80]}' എന്ന ജില്ലയിൽ പൗണ്ട് ഒന്നും ഇല്ല.",
        )
    rows, now = _in_pound_listed(con, Query(district=district), today)
    return render(
        request,
        "list.html",
        lang,
        today,
        heading=district_label(district, lang),
        heading_is_name=district_label(district, lang) == district,
        district_id=district,
        pounds=ps,
        rows=rows,
        now=now,
        **scorecard.context(con, district=district, lang=lang, today=today),
    )


@router.get("/pounds/{pound_id}", response_class=HTMLResponse)
def pound_page(
    request: Request,
    pound_id: str,
    con: DbDep,
    lang: LangDep,
    today: TodayDep,
    version: VersionDep,
    settings: SettingsDep,
) -> HTMLResponse:
    p = db.one(con, "SELECT * FROM pounds WHERE id = ?", (pound_id,))
    if p is None:
        raise NotFound(f"No pound has the id '{pound_id[:80]}'.", ml=f"'{pound_id[:80]}' എന്ന ഐഡിയുള്ള പൗണ്ട് ഇല്ല.")
    pk = pack(p["act"])
    book = rulebook(con, version)
    last_entry = db.one(
        con, "SELECT substr(max(brought_at), 1, 10) AS d FROM impoundments WHERE pound_id = ?", (pound_id,)
    )
    on = rates_shown_on(last_entry["d"] if last_entry else None, today)
    rates = rates_listed(book, pk, p["local_authority"], on)  # K s.11(4): the list every pound must display
    rows, now = _in_pound_listed(con, Query(pound=pound_id), today)
    # left in the pound by the register but silent on for a month: counted, and searchable, not "in the pound now";
    # those the register leaves in the pound counted at the ingest (pound_months: 58 ms to 0.1 ms at 1M entries)
    left_in_pound = "SELECT coalesce(sum(in_pound + silent), 0) FROM pound_months WHERE pound_id = ?"
    silent = con.execute(left_in_pound, (pound_id,)).fetchone()[0] - now
    auctions = db.rows(
        con, f"SELECT * FROM auctions WHERE pound_id = ? AND {auctions_to_come('?')} ORDER BY auction_date, id",
        (pound_id, today.isoformat()),
    )  # fmt: skip
    # Each auction's first lots, in the page's language from the lots themselves (not the English lot_summary)
    lots: dict[str, list[dict[str, Any]]] = {a["id"]: [] for a in auctions}
    for lot in db.rows(
        con,
        f"""SELECT l.auction_id, l.lot_no, l.impoundment_id, l.head_count, l.species, l.description, i.colour
            FROM auction_lots l JOIN impoundments i ON i.id = l.impoundment_id
            WHERE l.auction_id IN (SELECT value FROM json_each(?)) AND l.lot_no <= {SUMMARY_LOTS}
            ORDER BY l.auction_id, l.lot_no""",
        (json.dumps(list(lots)),),
    ):
        lots[lot["auction_id"]].append(lot)
    return render(
        request,
        "pound.html",
        lang,
        today,
        pound=p,
        pack=pk,
        rates=rates,
        rates_on=on,
        rows=rows,
        now=now,
        silent=silent,
        auctions=auctions,
        lots=lots,
        webcal_site=webcal_site(request, settings),
        **scorecard.context(con, p, lang=lang, today=today),
    )


def _daily_page(request: Request, lang: str, today: dt.date, d: Daily, back: str, **ctx: Any) -> HTMLResponse:
    site = str(request.base_url).rstrip("/")
    return render(request, "daily.html", lang, today, d=d, back=back, site=site, **ctx)


@router.get("/pounds/{pound_id}/daily", response_class=HTMLResponse)
def pound_daily(request: Request, pound_id: str, con: DbDep, lang: LangDep, today: TodayDep) -> HTMLResponse:
    """A pound's printable daily list: brought since yesterday, last day to claim this week (portal/daily.py)."""
    p = db.one(con, "SELECT * FROM pounds WHERE id = ?", (pound_id,))
    if p is None:
        raise NotFound(f"No pound has the id '{pound_id[:80]}'.", ml=f"'{pound_id[:80]}' എന്ന ഐഡിയുള്ള പൗണ്ട് ഇല്ല.")
    d = daily(con, today, pound=pound_id)
    return _daily_page(request, lang, today, d, f"/pounds/{pound_id}", pound=p, place=p["name"], place_is_name=True)


@router.get("/districts/{district}/daily", response_class=HTMLResponse)
def district_daily(request: Request, district: str, con: DbDep, lang: LangDep, today: TodayDep) -> HTMLResponse:
    """A district's printable daily list, over all its pounds."""
    if db.one(con, "SELECT 1 AS x FROM pounds WHERE district = ?", (district,)) is None:
        raise NotFound(
            f"No pound is listed in a district called '{district[:80]}'.",
            ml=f"'{district[:80]}' എന്ന ജില്ലയിൽ പൗണ്ട് ഒന്നും ഇല്ല.",
        )
    d = daily(con, today, district=district)
    label = district_label(district, lang)
    back = f"/districts/{quote(district)}"
    return _daily_page(request, lang, today, d, back, place=label, place_is_name=label == district)


def webcal_site(request: Request, settings: Any) -> str:
    """Where a calendar app subscribes from (templates/_calendar_links.html): the configured public URL, else the
    request's host, as webcal:// ('https://pounds.example/' -> 'webcal://pounds.example'): the scheme that opens a
    calendar app, which then fetches the address over HTTP(S) and keeps it up to date."""
    site = (settings.public_url or str(request.base_url)).rstrip("/")
    return "webcal://" + site.split("://", 1)[-1]


@router.get("/feeds", response_class=HTMLResponse)
def feeds_index(request: Request, con: DbDep, lang: LangDep, today: TodayDep, settings: SettingsDep) -> HTMLResponse:
    # the sections each Act posts notices and holds auctions under, from the packs
    cites = {k: "; ".join(p.citation(k) for p in all_packs().values()) for k in ("notice", "auction")}
    return render(
        request, "feeds.html", lang, today, districts=db.districts(con), cites=cites,
        webcal_site=webcal_site(request, settings),
    )  # fmt: skip


@router.get("/favicon.ico", include_in_schema=False)
async def favicon() -> RedirectResponse:
    """Browsers ask for /favicon.ico on every site, whatever the page links: the portal's icon, not a 404."""
    return RedirectResponse("/static/favicon.svg", status_code=301)
