"""QR codes for printed pages (segno): a notice on an office wall leads whoever reads it to the animal's page."""

from __future__ import annotations

import segno
from markupsafe import Markup, escape


def qr_svg(url: str, label: str) -> Markup:
    """The URL as an inline SVG QR code named for a screen reader: ('https://x/animals/a', 'QR code') ->
    Markup('<svg role="img" aria-label="QR code" ...>...</svg>'). Error correction M: a notice may get stained."""
    svg = segno.make(url, error="m").svg_inline(scale=4, border=4, title=str(label), svgclass="qr")
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1))  # noqa: S704
