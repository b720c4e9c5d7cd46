"""A clerk in a real browser (Debian's Chromium through Playwright) against the real commands: an account added by
`pinfold accounts add`, `pinfold intake` and `pinfold serve` on loopback. The clerk signs in, uploads a register
with good rows, a bad date, an unknown kind and a person's name in a description; the report lists the rejects with
their reasons and the public line without the name; Publish makes the entries searchable on the portal; a second
upload of the same file name with one corrected entry shows that one change before publishing."""

from __future__ import annotations

import subprocess
from pathlib import Path

import httpx
import pytest

from .axe import violations
from .conftest import free_port
from .intake_fixtures import CLERK, CORRECTED, PASSWORD, REGISTER, make_intake
from .test_browser import CHROMIUM, FLAGS
from .test_ingest_errors import PINFOLD
from .test_scaling import wait_for

pytestmark = pytest.mark.browser


def test_a_clerk_uploads_checks_and_publishes_a_register(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    data, pub, priv, acc = make_intake(tmp_path)
    acc.unlink()  # the account comes from the command, as a deployment adds it
    added = subprocess.run([PINFOLD, "accounts", "add", CLERK, "--pound", "p1", "--accounts", str(acc)],
                           input=PASSWORD + "\n", capture_output=True, text=True)  # fmt: skip
    assert added.returncode == 0, added.stderr
    assert PASSWORD not in acc.read_bytes().decode("latin-1")  # hashed, never in clear
    subprocess.run([PINFOLD, "ingest", str(data), "--db", str(pub), "--private-db", str(priv)], check=True)
    public, staff = free_port(), free_port()
    portal = subprocess.Popen([PINFOLD, "serve", "--db", str(pub), "--port", str(public), "--no-access-log"])
    intake = subprocess.Popen(
        [PINFOLD, "intake", str(data), "--db", str(pub), "--private-db", str(priv), "--accounts", str(acc),
         "--port", str(staff), "--public-url", f"http://127.0.0.1:{public}"],
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    register = tmp_path / "nov.csv"
    try:
        wait_for(f"http://127.0.0.1:{public}/healthz", portal)
        wait_for(f"http://127.0.0.1:{staff}/signin", intake)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(f"http://127.0.0.1:{staff}/")
            assert violations(page) == []
            page.get_by_label("Username").fill(CLERK)
            page.get_by_label("Password").fill(PASSWORD)
            page.get_by_role("button", name="Sign in").click()
            page.wait_for_selector("#register")
            assert violations(page) == []
            page.goto(f"http://127.0.0.1:{staff}/?lang=ml")
            assert page.get_by_label("രജിസ്റ്റർ ഫയൽ").count() == 1 and violations(page) == []
            page.goto(f"http://127.0.0.1:{staff}/?lang=en")
            register.write_text(REGISTER, encoding="utf-8")
            page.get_by_label("Register file").set_input_files(register)
            page.get_by_role("button", name="Check the file").click()
            page.wait_for_selector("#lines")
            rejects = page.inner_text("#rejects")
            assert "31/02/2025" in rejects and "unicorn" in rejects and rejects.count("\n") >= 2
            lines = page.inner_text("#lines")
            assert "brown bull of [name]" in lines and "Kunjan" not in lines
            assert violations(page) == []
            assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1 or page.locator(".wrap").count()
            page.goto(page.url + "?lang=ml")
            assert "പ്രസിദ്ധീകരിക്കുക" in page.inner_text("main") and violations(page) == []
            page.goto(page.url.split("?")[0] + "?lang=en")
            page.get_by_role("button", name="Publish").click()
            page.wait_for_selector(".ok")
            assert "live on the portal" in page.inner_text("main") and violations(page) == []
            assert "31/02/2025" in page.inner_text("#rejects")  # what was turned away, said again once published
            links = page.locator("main a[href*='/animals/']")
            assert links.count() == 2
            animal = httpx.get(links.first.get_attribute("href") or "", timeout=10)
            assert animal.status_code == 200 and "Kunjan" not in animal.text
            found = httpx.get(f"http://127.0.0.1:{public}/api/impoundments", params={"q": "brown bull"}, timeout=10)
            assert found.status_code == 200 and "p1-" in found.text and "Kunjan" not in found.text
            register.write_text(CORRECTED, encoding="utf-8")
            page.goto(f"http://127.0.0.1:{staff}/")
            page.get_by_label("Register file").set_input_files(register)
            page.get_by_role("button", name="Check the file").click()
            page.wait_for_selector("#changes")
            changes = page.locator("#changes tr")
            assert changes.count() == 2 and "black with white star" in page.inner_text("#changes")
            browser.close()
    finally:
        for proc in (portal, intake):
            proc.terminate()
            proc.wait(20)
    logged = subprocess.run([PINFOLD, "accounts", "log", "--accounts", str(acc)], capture_output=True, text=True)
    assert [line.split("\t")[1:3] for line in logged.stdout.splitlines()] == [
        [CLERK, "uploaded"], [CLERK, "published"], [CLERK, "uploaded"]]  # fmt: skip
    assert PASSWORD not in (intake.stderr.read() if intake.stderr else "")


def test_publish_and_discard_are_in_reach_on_a_phone_however_long_the_report(tmp_path: Path) -> None:
    """The review of 3 Dec: a register of 121 entries put Publish and Discard 12,000 px down a phone, past every
    public line; they stay at the foot of the screen as the clerk reads (the page as the intake serves it)."""
    from playwright.sync_api import sync_playwright
    from starlette.testclient import TestClient

    from ingest.build import ingest
    from intake.app import Settings

    from .intake_fixtures import HEADER
    from .test_intake import signed_in, upload

    data, pub, priv, acc = make_intake(tmp_path)
    ingest(data, pub, priv)
    c: TestClient = signed_in(Settings(data, pub, priv, acc))
    rows = "".join(
        f'{i},{i % 28 + 1:02d}/10/2025,9.30 AM,cow,1,black,Ollur,"R. Pillai, Ollur",unknown\n' for i in range(120)
    )
    page = upload(c, HEADER + rows).text
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        tab = browser.new_page(viewport={"width": 390, "height": 844})
        tab.set_content(page)
        assert tab.evaluate("document.documentElement.scrollHeight") > 5 * 844
        for button in ("Publish", "Discard"):
            box = tab.get_by_role("button", name=button).bounding_box()
            assert box and box["y"] + box["height"] <= 844, (button, box)
        tab.mouse.wheel(0, 3000)
        box = tab.get_by_role("button", name="Publish").bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844
        browser.close()
