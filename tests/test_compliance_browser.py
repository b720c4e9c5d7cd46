"""The scorecard in a real browser (issue 28): /compliance and a pound's card, each with its four charts (the state's,
the pound's), at 390 and 1280 px, in English and Malayalam, with nothing wider than the screen and axe-core finding
nothing serious or critical."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .axe import violations
from .conftest import LiveServer

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("PINFOLD_SHOTS", "/nonexistent"))


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("lang", ["en", "ml"])
def test_the_scorecard_reads_at_both_widths_in_both_languages(
    browser,  # noqa: F811
    live_server: LiveServer,
    width: int,
    lang: str,
) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900})
    for path in ("/compliance", "/pounds/tcr-ollur"):
        page.goto(f"{live_server.url}{path}?lang={lang}")
        page.wait_for_selector("#compliance")
        assert page.locator("#compliance td.figure a").count() > 0, path  # figures that link to their entries
        assert page.evaluate("document.documentElement.scrollWidth") <= width, path
        for kind in ("rules", "outcomes", "days", "fines"):
            chart = page.locator(f"#chart-{kind} img")
            chart.scroll_into_view_if_needed()
            assert chart.evaluate("async i => { await i.decode(); return i.naturalWidth }") > 0, (path, kind)  # drew
            assert chart.bounding_box()["width"] <= width, (path, kind)
            # a phone is given the drawing made at its width, its text at the size drawn (portal/charts.py)
            drawn = chart.evaluate("i => i.currentSrc")
            assert ("narrow=1" in drawn) == (width == 390), (path, kind, drawn)
        assert violations(page) == [], (path, width, lang)
        if SHOTS.is_dir():  # for a person to look at: PINFOLD_SHOTS=/some/folder
            page.screenshot(path=str(SHOTS / f"{path.strip('/').replace('/', '-')}-{lang}-{width}.png"), full_page=True)
    page.close()


def test_the_scorecard_page_has_no_two_landmarks_of_one_name(browser, live_server: LiveServer) -> None:  # noqa: F811
    """Before: the "By pound and year" section and the scrolling table inside it were both regions named by its heading
    (axe-core's landmark-unique, a moderate violation, which the test above does not fail on)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    for lang in ("en", "ml"):
        page.goto(f"{live_server.url}/compliance?lang={lang}")
        page.wait_for_selector("#by-pound")
        assert [v for v in violations(page, ("moderate",)) if v.startswith("landmark-unique")] == [], lang
    page.close()
