"""A message to pass on (a village's WhatsApp group, a neighbour): what the animal is, where it is now, the last day to
claim and the page's address, in the page's language. Made from the public entry alone: nothing about any person."""

from __future__ import annotations

import datetime as dt
from typing import Any
from urllib.parse import quote

from .i18n import date_label, district_label, head_label, t


def message(a: dict[str, Any], pound: dict[str, Any], last_day: dt.date | None, url: str, lang: str) -> str:
    """(entry, pound, last day, page address, 'en') -> 'In a cattle pound: 1 cow (black, white patch on forehead) at
    Ollur Municipal Pound, Thrissur. Last day to claim before auction: 7 Dec 2026. https://.../animals/x'."""
    what = head_label(a["head_count"], a["species"], lang) + (f" ({a['description']})" if a.get("description") else "")
    text = f"{t('share_in_pound', lang)}: {what}, {pound['name']}, {district_label(pound['district'], lang)}."
    if last_day is not None:
        text += f" {t('share_last_day', lang)}: {date_label(last_day, lang)}."
    return f"{text} {url}"


def whatsapp(text: str) -> str:
    """The message as a WhatsApp share link, the text prefilled: 'a b' -> 'https://wa.me/?text=a%20b'."""
    return "https://wa.me/?text=" + quote(text, safe="")
