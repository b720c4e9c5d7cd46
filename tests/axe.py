"""axe-core in a real browser (axe-playwright-python drives it through Playwright): the accessibility rules a page
breaks, for any test that has a page open. Shared by the tests of /data and of the portal's pages."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe

# What an assistive-technology user cannot get past; "moderate" and "minor" are reported, not failed on.
BLOCKING = ("serious", "critical")
ALL_IMPACTS = ("minor", "moderate", *BLOCKING)


def violations(page: Any, impacts: tuple[str, ...] = BLOCKING) -> list[str]:
    """The page's violations of those impacts, one line each: 'color-contrast (serious): 3 nodes, e.g. a.cross'."""
    results = Axe().run(page)
    found = []
    for v in results.response["violations"]:
        if v["impact"] in impacts:
            example = v["nodes"][0]["target"] if v["nodes"] else ""
            found.append(f"{v['id']} ({v['impact']}): {len(v['nodes'])} nodes, e.g. {example}")
    return found
