"""A CSV cell as text a spreadsheet shows and does not run, for every CSV Pinfold writes for people to open: Datasette's
exports (portal/datasette_app.py) and the intake's list of rows turned away (intake/pages.py)."""

from __future__ import annotations

import re

# OWASP's rule (CSV injection): a cell starting with one of these is run as a formula by Excel, LibreOffice and Sheets
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def inert_cell(cell: str) -> str:
    """A leading apostrophe before = + - @ tab CR, numbers kept as they are: '=HYPERLINK("http://x")' ->
    '\\'=HYPERLINK("http://x")', '-12.5' -> '-12.5', '-5' -> '-5'."""
    if cell.startswith(FORMULA_START) and not NUMBER.fullmatch(cell):
        return "'" + cell
    return cell
