"""E-mail alerts on a saved search, end to end: the form in Chromium in both languages, a real SMTP server on
loopback (aiosmtpd) that receives the confirmation and the alerts, two real ingests whose `added` rows are matched,
and RFC 8058 one-click unsubscribe. The addresses never reach a public byte."""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import re
import sqlite3
import threading
from email.message import EmailMessage
from pathlib import Path

import httpx
import pytest
import uvicorn
from aiosmtpd.controller import Controller

from alerts import mail, store
from alerts.web import Alerts, make_app
from ingest.build import ingest
from portal.settings import Settings

from .conftest import TODAY, free_port, make_data_dir
from .test_browser import CHROMIUM, FLAGS

HISTORY = Path(__file__).with_name("fixtures") / "history"
REGISTER = "registers/p1/register-2025.csv"
OWNER_EN, OWNER_ML = "ammini.owner@example.org", "kunjan.karshakan@example.net"


class Inbox:
    """aiosmtpd's handler: every message the server accepted, parsed."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 -- aiosmtpd's hook name
        m = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.lock:
            self.messages.append(m)  # type: ignore[arg-type]
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.messages if m["To"] == address]


def body(m: EmailMessage) -> str:
    return m.get_body(("plain",)).get_content()  # type: ignore[union-attr]


def link(m: EmailMessage, path: str) -> str:
    return re.search(rf"http://\S+{path}\S*", body(m)).group(0)  # type: ignore[union-attr]


def entry(no: int, kind: str, description: str) -> str:
    day = TODAY.strftime("%d/%m/%Y")
    return f'{no},{day},9.00 AM,{kind},1,"{description}",Ollur,"Raman Pillai, Ollur",unknown,,\n'


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory):
    """A pound's register ingested once; an SMTP server; the portal with the alerts' routes on loopback."""
    tmp = tmp_path_factory.mktemp("alerts")
    data = make_data_dir(tmp, {"register-2025.csv": HISTORY / "register-before.csv"})
    public = tmp / "public.db"
    ingest(data, public, tmp / "private.db")
    inbox = Inbox()
    smtp_port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    alerts = Alerts(
        tmp / "subs.db", public, mail.Smtp("127.0.0.1", smtp_port, "none"), mail.Site(url, "Pinfold <a@pinfold.test>")
    )
    server = uvicorn.Server(
        uvicorn.Config(make_app(alerts, Settings(database=public, today=TODAY)), host="127.0.0.1", port=port)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        thread.join(0.05)
    yield {"tmp": tmp, "data": data, "public": public, "inbox": inbox, "alerts": alerts, "url": url}
    server.should_exit = True
    thread.join(10)
    controller.stop()


def reingest(world, *lines: str) -> None:
    with open(world["data"] / REGISTER, "a", encoding="utf-8") as f:
        f.writelines(lines)
    ingest(world["data"], world["public"], world["tmp"] / "private.db")


@pytest.mark.browser
def test_subscribe_confirm_alert_unsubscribe_in_both_languages(world) -> None:
    from playwright.sync_api import sync_playwright

    from .axe import violations

    url, inbox, alerts = world["url"], world["inbox"], world["alerts"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        page = browser.new_page()
        for address, search, lang, label in (
            (OWNER_EN, "buffalo", "en", "E-mail address"),
            (OWNER_ML, "cow", "ml", "ഇ-മെയിൽ വിലാസം"),
        ):
            page.goto(f"{url}/?q={search}&lang={lang}")
            page.get_by_label(label).fill(address)
            page.locator("#alert-form button").click()
            page.wait_for_selector("#answer")
            assert violations(page) == []
            assert page.locator("html").get_attribute("lang") == lang
        alerts.round()  # the sender: the confirmations go out
        confirm_en, confirm_ml = inbox.to(OWNER_EN), inbox.to(OWNER_ML)
        assert [len(confirm_en), len(confirm_ml)] == [1, 1]
        assert "ഈ ലിങ്ക് തുറക്കുക" in body(confirm_ml[0])

        # nothing but the confirmation until its link is followed: an ingest that adds a match sends nothing yet
        reingest(world, entry(7, "buffalo", "black, broken horn"))
        alerts.round()
        assert len(inbox.to(OWNER_EN)) == 1

        for m, search in ((confirm_en[0], "The search: buffalo"), (confirm_ml[0], "തിരച്ചിൽ: cow")):
            page.goto(link(m, "/alerts/confirm/"))
            assert page.locator("#answer").count() == 1
            assert page.locator("#alert-search").inner_text() == search  # which search is confirmed, said
            assert page.locator("header.site nav a[href='/pounds']").count() == 1  # the site's own menu
        browser.close()

    reingest(world, entry(8, "buffalo", "grey"), entry(9, "cow", "brown, white forehead"))
    alerts.round()
    alerts.round()  # at most one e-mail per subscription per ingest
    (alert_en,) = inbox.to(OWNER_EN)[1:]
    (alert_ml,) = inbox.to(OWNER_ML)[1:]
    assert "grey" in body(alert_en) and "broken horn" not in body(alert_en)  # the added entry, not the earlier one
    assert "brown" not in body(alert_en) and "brown" in body(alert_ml)
    assert "പൗണ്ടിൽ" in alert_ml["Subject"]
    assert "Last day to claim" in body(alert_en)
    animal = re.search(r"http://\S+/animals/\S+", body(alert_en)).group(0)  # type: ignore[union-attr]
    assert httpx.get(animal).status_code == 200
    assert alert_en["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    unsubscribe = alert_en["List-Unsubscribe"].strip("<>")
    assert unsubscribe in body(alert_en)
    assert httpx.get(link(alert_en, "/alerts/manage/")).status_code == 200

    # RFC 8058: the mail client POSTs once; the address is gone
    assert httpx.post(unsubscribe, data={"List-Unsubscribe": "One-Click"}).status_code == 200
    subs = sqlite3.connect(world["tmp"] / "subs.db")
    assert subs.execute("SELECT count(*) FROM addresses WHERE email = ?", (OWNER_EN,)).fetchone()[0] == 0
    reingest(world, entry(10, "buffalo", "white"), entry(11, "cow", "red"))
    alerts.round()
    assert len(inbox.to(OWNER_EN)) == 2
    assert len(inbox.to(OWNER_ML)) == 3

    # a page lists and ends all of an address's alerts, from a link sent to it; the answer does not tell who has any
    url = world["url"]
    asked = [
        httpx.post(f"{url}/alerts/manage", data={"email": a, "lang": "ml"}, headers={"Origin": url})
        for a in (OWNER_ML, OWNER_EN)
    ]
    assert asked[0].status_code == asked[1].status_code == 200 and asked[0].text == asked[1].text
    alerts.round()
    assert len(inbox.to(OWNER_EN)) == 2
    manage = link(inbox.to(OWNER_ML)[-1], "/alerts/manage/")
    listed = httpx.get(manage)
    assert "cow" in listed.text and 'lang="ml"' in listed.text
    forget = re.search(r'action="(/alerts/manage/[^"]+/forget)"', listed.text).group(1)  # type: ignore[union-attr]
    assert httpx.post(url + forget).status_code == 200
    assert subs.execute("SELECT count(*) FROM addresses").fetchone()[0] == 0

    # no public byte holds an address: the public database, the open data package, the pages the portal served
    public = world["public"].read_bytes()
    package = [f.read_bytes() for f in (world["tmp"] / "public.downloads").rglob("*") if f.is_file()]
    assert package  # the open data package was written, and is swept
    pages = [
        httpx.get(f"{world['url']}{path}").text for path in ("/?q=buffalo", "/?q=cow&lang=ml", "/feeds/impounded.rss")
    ]
    for address in (OWNER_EN, OWNER_ML):
        assert address.encode() not in public
        assert all(address.encode() not in f for f in package)
        assert all(address not in text for text in pages)
    assert (world["tmp"] / "subs.db").stat().st_mode & 0o077 == 0


def test_the_answer_does_not_tell_and_other_sites_cannot_post(world) -> None:
    url = world["url"]
    form = {"email": "someone@example.org", "q": "goat", "lang": "en"}
    first = httpx.post(f"{url}/alerts/subscribe", data=form, headers={"Origin": url})
    again = httpx.post(f"{url}/alerts/subscribe", data=form, headers={"Origin": url})
    assert (first.status_code, first.text) == (again.status_code, again.text) == (200, first.text)
    assert (
        httpx.post(f"{url}/alerts/subscribe", data=form, headers={"Origin": "http://evil.example"}).status_code == 403
    )
    assert httpx.post(f"{url}/alerts/subscribe", data=form).status_code == 403  # no Origin: not from a page
    codes = [httpx.post(f"{url}/alerts/subscribe", data=form, headers={"Origin": url}).status_code for _ in range(3)]
    assert codes[-1] == 429  # three an hour per address


def test_an_answer_is_in_the_sites_layout_and_a_refusal_leads_back_to_the_page(world) -> None:
    """The review of 7 Dec: the alerts' answers were bare pages titled 'Pinfold', with no menu and no language link,
    and an address refused ('not an e-mail address') left the owner no way back to the search typed."""
    url = world["url"]
    form = {"email": "not an address", "q": "goat", "lang": "ml", "back": "/?q=goat&lang=ml"}
    r = httpx.post(f"{url}/alerts/subscribe", data=form, headers={"Origin": url})
    assert r.status_code == 400 and 'lang="ml"' in r.text and "ഇ-മെയിൽ വിലാസമല്ല" in r.text
    assert '<header class="site">' in r.text and "<title>ഇ-മെയിൽ അറിയിപ്പുകൾ | Pinfold</title>" in r.text
    assert 'href="/?q=goat&amp;lang=ml" id="back"' in r.text and 'role="alert"' in r.text
    assert 'class="lang" href="/?lang=en"' in r.text  # an answer to a form is not asked for again: home, in English
    away = {**form, "back": "https://evil.example/"}  # a link back leaves the site never
    assert 'id="back"' not in httpx.post(f"{url}/alerts/subscribe", data=away, headers={"Origin": url}).text


def test_an_unconfirmed_address_is_forgotten_after_48_hours(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "subs.db")
    search = {"q": "cow", "species": "", "district": "", "pound": ""}
    store.subscribe(con, "late@example.org", search, "en")
    store.forget_old(con, store.now() + dt.timedelta(hours=47))
    assert con.execute("SELECT count(*) FROM addresses").fetchone()[0] == 1
    store.forget_old(con, store.now() + dt.timedelta(hours=49))
    assert con.execute("SELECT count(*) FROM addresses").fetchone()[0] == 0


def test_a_failed_delivery_is_tried_again_a_bounded_number_of_times(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "subs.db")
    site = mail.Site("http://127.0.0.1", "Pinfold <a@pinfold.test>")
    sub = store.subscribe(con, "x@example.org", {"q": "", "species": "cow", "district": "", "pound": ""}, "en")
    store.queue(con, sub, "confirm", mail.confirmation(site, sub))
    nowhere = mail.Smtp("127.0.0.1", free_port(), "none")  # nothing listens there
    at = store.now()
    for _ in range(mail.MAX_ATTEMPTS + 2):
        mail.deliver(con, nowhere, site.sender, at)
        at += dt.timedelta(hours=1)
    row = con.execute("SELECT attempts, failed_at, message FROM outbox").fetchone()
    assert (row["attempts"], row["failed_at"] is not None, row["message"]) == (mail.MAX_ATTEMPTS, True, None)


def test_the_public_server_shows_no_form(client) -> None:
    # `pinfold serve` has no alerts' routes: its pages offer no form that would post nowhere
    assert 'id="alert-form"' not in client.get("/?q=cow").text


@pytest.mark.browser
def test_the_form_reads_well_at_390_and_1280_px_in_both_languages(world) -> None:
    from playwright.sync_api import sync_playwright

    from .axe import violations

    animal = sqlite3.connect(world["public"]).execute("SELECT id FROM impoundments LIMIT 1").fetchone()[0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        for width in (390, 1280):
            page = browser.new_page(viewport={"width": width, "height": 900})
            for path in (
                "/?q=cow&lang=en",
                "/?q=cow&lang=ml",
                f"/animals/{animal}?lang=en",
                f"/animals/{animal}?lang=ml",
            ):
                page.goto(world["url"] + path)
                form = page.locator("#alert-form")
                assert form.is_visible()
                box = form.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width  # no sideways scroll
                assert violations(page) == [], path
                if "animals" in path:
                    assert form.get_by_text("ഇതുപോലുള്ള" if "ml" in path else "Tell me about animals like this").count()
                form.screenshot(path=str(world["tmp"] / f"form-{width}-{path.count('ml')}-{path[1:3]}.png"))
            page.close()
        browser.close()


def test_an_address_gets_at_most_its_daily_cap_of_alerts(world, tmp_path: Path, monkeypatch) -> None:
    from alerts import matching

    reingest(world, entry(20, "buffalo", "tan"), entry(21, "cow", "tan"))
    reingest(world, entry(22, "buffalo", "dun"), entry(23, "cow", "dun"))
    public = matching.open_public(world["public"])
    ingests = [r[0] for r in public.execute("SELECT id FROM ingests ORDER BY id DESC LIMIT 2")]
    con = store.connect(tmp_path / "subs.db")
    site = mail.Site("http://127.0.0.1", "Pinfold <a@pinfold.test>")
    for kind in ("buffalo", "cow"):  # two searches of one address
        sub = store.subscribe(con, "cap@example.org", {"q": "", "species": kind, "district": "", "pound": ""}, "en")
        store.confirm(con, sub.token)
    monkeypatch.setattr(store, "ALERTS_PER_DAY", 2)
    queued = [matching._queue_alerts(public, con, site, i, matching.added_by(public, i)) for i in ingests]
    assert sum(queued) == 2


def test_a_bad_smtp_url_is_one_line(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from cli import main

    r = CliRunner().invoke(main, ["alerts", "send", "--subscribers", str(tmp_path / "s.db"), "--smtp", "mail.example"])
    assert r.exit_code == 2 and r.output.count("\n") == 1 and "smtp+starttls://" in r.output


def test_the_sender_beside_the_server_sends_without_being_asked(world, tmp_path: Path) -> None:
    # `pinfold alerts serve` runs the sender in a thread: a confirmation queued by the form goes out on its own
    inbox, smtp = world["inbox"], world["alerts"].smtp
    alerts = Alerts(
        tmp_path / "subs.db", world["public"], smtp, mail.Site("http://x", "P <a@pinfold.test>"), every=0.05
    )
    con = store.connect(tmp_path / "subs.db")
    sub = store.subscribe(con, "thread@example.org", {"q": "", "species": "cow", "district": "", "pound": ""}, "en")
    store.queue(con, sub, "confirm", mail.confirmation(alerts.site, sub))
    thread = threading.Thread(target=alerts.run_sender, daemon=True)
    thread.start()
    for _ in range(400):  # until it arrives (a bound, not a measurement)
        if inbox.to("thread@example.org"):
            break
        alerts.stop.wait(0.05)
    alerts.stop.set()
    alerts.wake.set()
    thread.join(10)
    assert len(inbox.to("thread@example.org")) == 1


def test_starttls_and_login(tmp_path: Path) -> None:
    # a deployment's server: STARTTLS required before AUTH, a login; aiosmtpd with a certificate made here
    import ssl
    import subprocess

    from aiosmtpd.smtp import AuthResult

    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    logins: list[bytes] = []

    def authenticator(server, session, envelope, mechanism, auth_data):
        logins.append(auth_data.login)
        return AuthResult(success=auth_data.login == b"pinfold" and auth_data.password == b"s3cret")

    inbox, port = Inbox(), free_port()
    controller = Controller(
        inbox, hostname="localhost", port=port, tls_context=context, require_starttls=True,
        authenticator=authenticator, auth_require_tls=True,
    )  # fmt: skip
    controller.start()
    try:
        smtp = mail.Smtp.parse(f"smtp+starttls://pinfold:s3cret@localhost:{port}?cafile={cert}")
        site = mail.Site("http://127.0.0.1", "Pinfold <a@pinfold.test>")
        con = store.connect(tmp_path / "subs.db")
        sub = store.subscribe(con, "tls@example.org", {"q": "", "species": "cow", "district": "", "pound": ""}, "en")
        store.queue(con, sub, "confirm", mail.confirmation(site, sub))
        assert mail.deliver(con, smtp, site.sender) == (1, 0)
        assert logins == [b"pinfold"] and len(inbox.to("tls@example.org")) == 1
        wrong = mail.Smtp.parse(f"smtp+starttls://pinfold:wrong@localhost:{port}?cafile={cert}")
        store.queue(con, sub, "manage", mail.manage(site, sub.email, sub.manage_token, "en"))
        assert mail.deliver(con, wrong, site.sender) == (0, 1)  # refused: tried again later, not lost
    finally:
        controller.stop()


def test_a_malayalam_alert_says_its_animals_in_malayalam(world) -> None:
    # The alert lists the added animals as the Malayalam feed does (portal/feeds.py): before, its titles and summaries
    # were the feed view's English ('1 goat impounded at ...', 'Last day to claim ...') inside a Malayalam e-mail.
    from .test_feeds_language import ENGLISH, MALAYALAM

    address = "goat.owner@example.org"
    con = store.connect(world["tmp"] / "subs.db")
    sub = store.subscribe(con, address, {"q": "", "species": "goat", "district": "", "pound": ""}, "ml")
    store.confirm(con, sub.token)
    con.commit()
    con.close()
    world["alerts"].round()  # a new subscribers database marks the ingests there are
    reingest(world, entry(30, "goat", "white"))
    world["alerts"].round()
    (alert,) = inbox_of(world, address)
    text = body(alert).replace("white", "").replace("Test Pound", "")
    listed = text.split("\n\n")[1]  # the animals, between the opening line and the links to stop or manage
    assert MALAYALAM.search(listed) and "ആട്" in listed and "അവസാന ദിവസം" in listed
    assert not ENGLISH.search(listed), listed


def inbox_of(world, address: str) -> list[EmailMessage]:
    return world["inbox"].to(address)


def test_the_forms_rate_limit_outlives_a_restart_and_is_shared_between_processes(world, tmp_path: Path) -> None:
    # Before, the limits were counted in memory: a restart (or a second server process) began again at nothing.
    from fastapi.testclient import TestClient

    def server() -> TestClient:
        """A new `pinfold alerts serve` over the same SUBS.db: nothing kept in memory from the one before."""
        smtp, site = world["alerts"].smtp, world["alerts"].site
        app = make_app(Alerts(tmp_path / "subs.db", world["public"], smtp, site), Settings(database=world["public"]))
        return TestClient(app, base_url="http://pinfold.test")

    form = {"email": "limit@example.org", "q": "cow", "lang": "en"}
    headers = {"Origin": "http://pinfold.test"}
    with server() as first:
        codes = [first.post("/alerts/subscribe", data=form, headers=headers).status_code for _ in range(3)]
    assert codes == [200, 200, 200]
    with server() as restarted, server() as beside:
        assert restarted.post("/alerts/subscribe", data=form, headers=headers).status_code == 429
        assert beside.post("/alerts/subscribe", data=form, headers=headers).status_code == 429
    kept = sqlite3.connect(tmp_path / "subs.db").execute("SELECT group_concat(key) FROM form_hits").fetchone()[0]
    assert "limit@example.org" not in kept  # a digest, never the address


def test_a_rate_limit_ends_after_its_hour(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "subs.db")
    at = store.now()
    assert [store.allow(con, "address", "a@example.org", 2, at) for _ in range(3)] == [True, True, False]
    assert store.allow(con, "address", "a@example.org", 2, at + store.RATE_WINDOW + dt.timedelta(seconds=1))


def test_the_sender_sends_the_alerts_of_a_new_database_without_waiting_its_round(tmp_path: Path) -> None:
    # `pinfold alerts serve --every 30`: an ingest switches a new public database in; the sender sees it (one stat a
    # second) and the owner's alert goes out then. Before, it slept its whole `every` (here an hour): no alert came.
    data = make_data_dir(tmp_path, {"register-2025.csv": HISTORY / "register-before.csv"})
    public = tmp_path / "public.db"
    ingest(data, public, tmp_path / "private.db")
    inbox, port = Inbox(), free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    alerts = Alerts(
        tmp_path / "subs.db", public, mail.Smtp("127.0.0.1", port, "none"), mail.Site("http://x", "P <a@pinfold.test>"),
        every=3600,
    )  # fmt: skip
    con = store.connect(tmp_path / "subs.db")
    sub = store.subscribe(con, "soon@example.org", {"q": "", "species": "buffalo", "district": "", "pound": ""}, "en")
    store.confirm(con, sub.token)
    alerts.round()  # SUBS.db notes the ingest there is: nothing new for anyone
    thread = threading.Thread(target=alerts.run_sender, daemon=True)
    thread.start()
    try:
        with open(data / REGISTER, "a", encoding="utf-8") as f:
            f.write(entry(90, "buffalo", "black buffalo, white tail tip"))
        ingest(data, public, tmp_path / "private.db")
        for _ in range(300):  # until it arrives (a bound, not a measurement)
            if inbox.to("soon@example.org"):
                break
            alerts.stop.wait(0.1)
        assert len(inbox.to("soon@example.org")) == 1
    finally:
        alerts.stop.set()
        alerts.wake.set()
        thread.join(10)
        controller.stop()


def test_alerts_for_animals_like_this_one_ask_for_its_colour_too(world) -> None:
    """The review of 2 Dec: 'Tell me about animals like this' on a black cow's page saved 'cow · Palakkad' alone, and
    would tell an owner of every cow of the district."""
    import html
    import re

    import httpx

    con = sqlite3.connect(world["public"])
    animal, colour = con.execute("SELECT id, colour FROM impoundments WHERE colour = 'black' LIMIT 1").fetchone()
    page = html.unescape(httpx.get(f"{world['url']}/animals/{animal}", timeout=30).text)
    form = page[page.index('id="alert-form"') : page.index("</form>", page.index('id="alert-form"'))]
    assert re.search(r'name="q" value="black"', form), form
    assert "(cow, black" in form or ", black" in form
    # the answer leads back to the page the owner came from, never to another site (the review: no way back)
    url, back = world["url"], f"/animals/{animal}?lang=ml"
    form = {"email": "back@example.org", "q": "black", "species": "cow", "district": "", "pound": "", "lang": "ml"}
    answer = httpx.post(f"{url}/alerts/subscribe", data=form | {"back": back}, headers={"Origin": url}, timeout=30)
    assert answer.status_code == 200 and f'<a href="{html.escape(back)}" id="back">' in answer.text
    assert "ഇവിടെ ഇനി ഒന്നും ചെയ്യേണ്ടതില്ല" in answer.text  # the second box explained: for later
    elsewhere = form | {"email": "away@example.org", "back": "//evil.example/"}
    answer = httpx.post(f"{url}/alerts/subscribe", data=elsewhere, headers={"Origin": url}, timeout=30)
    assert answer.status_code == 200 and 'id="back"' not in answer.text and "evil.example" not in answer.text
    assert f'name="back" value="/animals/{animal}"' in page  # the form says where it was sent from
