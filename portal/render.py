"""Pages rendered from jinja2 templates with the language's labels and the era's money notation."""

from __future__ import annotations

import datetime as dt
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from fractions import Fraction
from functools import cache, partial
from operator import itemgetter
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, Template, nodes, select_autoescape
from markupsafe import Markup, escape

from pinfold.law.money import Money, indian_grouped
from pinfold.law.packs import RulePack, UnknownAct, pack
from pinfold.law.rules import ratio_text
from pinfold.vocabulary import weekday_label

from .i18n import (
    colour_label,
    date_label,
    district_label,
    head_label,
    law_text,
    rate_status_label,
    species_label,
    status_label,
    t,
)

ENV = Environment(
    loader=FileSystemLoader(Path(__file__).with_name("templates")),
    autoescape=select_autoescape(["html"]),  # every value is escaped: HTML in a register stays inert
    # the templates are the package's files, the same for the life of the process: not looked at again on every
    # get_template and include (a stat each, six a search page)
    auto_reload=False,
)


def tel_digits(phone: str | None) -> str:
    """A telephone as a tel: link's digits: '0487 237 0000' -> '04872370000'; '+91 487 2370000' -> '+914872370000'."""
    return re.sub(r"[^\d+]", "", phone or "")


ENV.filters["tel"] = tel_digits


def money_text(m: Money | str | None, on: dt.date | str | None) -> str:
    """Money (or an exact decimal string) in the notation of its day: 'Rs 2 4 as.' before 1957, '₹2,500.00' after."""
    if m is None or m == "":
        return "—"
    if isinstance(m, str):
        m = Money(Fraction(m))
    if isinstance(on, str):
        on = dt.date.fromisoformat(on[:10])
    return m.display(on)


def act_title(act: str, lang: str = "en") -> str:
    """A rule pack's id as people read it: 'kerala-1961' -> 'The Kerala Cattle Trespass Act, 1961'; in Malayalam
    '1961-ലെ കേരള കന്നുകാലി അതിക്രമ നിയമം'."""
    try:
        return pack(act).words("title", lang)
    except UnknownAct:
        return act


def count_text(n: object) -> str:
    """A count as people in India read it, grouped as money is (money.indian_grouped): 113045 -> '1,13,045';
    2500 -> '2,500'; anything else as it is."""
    return indian_grouped(n) if isinstance(n, int) and not isinstance(n, bool) else str(n)


def sale_figure(sale: dict[str, Any], column: str, lang: str) -> str:
    """A sale's balance or shortfall as its account can state it: exact when the register records the expenses of
    sale (K s.15(2)), else the balance at most and the shortfall at least: ({'balance_rupees': '1800.00',
    'expenses_rupees': None, ...}, 'balance', 'en') -> 'at most ₹1,800.00'."""
    amount = money_text(sale[f"{column}_rupees"], sale["sold_on"])
    if sale["expenses_rupees"] is not None or not sale[f"{column}_minor"]:
        return amount
    return f"{t('balance_at_most' if column == 'balance' else 'at_least', lang)} {amount}"


class Disposed(NamedTuple):
    """What the proceeds of a sale paid of one charge: all of it ('600.00', '600.00', None), a part ('3150.00',
    '2400.00', '750.00' not covered) or, when the charge is not recorded, nothing known (None, None, None)."""

    charged: str | None
    paid: str | None
    not_covered: str | None


def proceeds_disposed(sale: dict[str, Any]) -> dict[str, Disposed]:
    """How a sale's proceeds are disposed of (K s.15(2), s.16; 1857 s.XI), charge by charge in the order the Act names
    them (fines, feeding, expenses of sale): only what the proceeds cover is deducted. Proceeds Rs 3,000, fine 600,
    feeding 3,150, expenses 400 -> fines paid 600; feeding paid 2,400, 750 not covered; expenses paid 0, 400 not
    covered. Unknown proceeds: every charge as charged."""
    left = Fraction(sale["proceeds_rupees"]) if sale.get("proceeds_rupees") is not None else None
    out: dict[str, Disposed] = {}
    for column in ("fines", "feeding", "expenses"):
        charged = sale.get(f"{column}_rupees")
        if charged is None or left is None:
            out[column] = Disposed(charged, charged, None)
            continue
        paid = min(left, Fraction(charged))
        left -= paid
        short = Fraction(charged) - paid
        out[column] = Disposed(charged, str(paid), str(short) if short else None)
    return out


def written(value: object) -> Markup:
    """A register's or a rule file's own words, or a name, shown as written in either language: 'Mannuthy' ->
    '<span class="written">Mannuthy</span>' (escaped). Pages mark them so, and the Malayalam test passes over them."""
    return Markup('<span class="written">{}</span>').format(value)


def reference(ref: str, pk: RulePack | None, lang: str) -> Markup:
    """What a figure rests on: a rule file's reference as written; the Act's own scale by its title in the page's
    language ('Act III of 1857 (Cattle Trespass), 1857 s.VI' -> '1857-ലെ മൂന്നാം നിയമം (...), 1857 s.VI')."""
    if pk is not None and ref == pk.fine_reference:
        return Markup("{}, {}").format(pk.words("title", lang), pk.sections.get("fine", ""))
    return written(ref)


def note_text(note: str, pk: RulePack | None, lang: str) -> Markup:
    """A rate's note: the pack's own note on its scale in the page's language, else as the rule file writes it."""
    if pk is not None and note and note == pk.fine_scale_note:
        return Markup("{}").format(pk.words("fine_scale_note", lang))
    return written(note)


def lang_switch_url(request: Request, lang: str) -> str:
    params = dict(request.query_params)
    params["lang"] = "en" if lang == "ml" else "ml"
    return f"{request.url.path}?{urlencode(params)}"


# What a template says in the page's language, by the name templates know it: its labels, dates, statuses, kinds,
# heads, districts, colours; each i18n function takes the language last. Pages call them (t('search')); the row of a
# list of animals, rendered for every new animal shown, has them as filters ('search'|t: row_environment).
WORDS: dict[str, Callable[..., str]] = {
    "t": t,
    "date": date_label,
    "weekday": weekday_label,
    "status": status_label,
    "species": species_label,
    "head": head_label,
    "district": district_label,
    "colour": colour_label,
}


def words_of(lang: str) -> dict[str, Any]:
    """What a template says in the page's language (WORDS, each bound to `lang`), and `lang` itself:
    words_of('ml')['t']('search') -> 'തിരയുക'."""
    return {"lang": lang, **{name: partial(word, lang=lang) for name, word in WORDS.items()}}


def fragment(template: str, lang: str, **ctx: Any) -> Markup:
    """A part of a page rendered on its own, in `lang`, to be kept and put in pages as it is ({{ part }})."""
    return Markup(ENV.get_template(template).render(**words_of(lang), **ctx))


# A row of a list of animals (templates/_result_row.html) is a function of the page's language, whether the page is a
# pound's own (then it has no pound column) and the row's values the template reads; kept by exactly those, a page of
# rows is mostly joined strings (a new search's page shares most of its rows with searches before it: about 1.2 ms of
# a new search's render at 200k rows). Keyed by the values themselves, never by an id, a kept row cannot be stale:
# a new file or a new day that changes what a row says changes its key.
ROW_TEMPLATE = "_result_row.html"
MOST_KEPT_ROW_HTML = 20_000  # about 1 KB each
# What a row's context holds besides its words (filters, row_environment): all a kept row's key holds.
ROW_NAMES = ("r", "in_pound_page", "lang")


def row_fields(template: str = ROW_TEMPLATE) -> tuple[str, ...]:
    """The keys of the row `r` a row template reads, in the order it reads them: "{{ r['id'] }}{{ r['species'] }}"
    -> ('id', 'species'). Anything that would make the key miss what a row shows is refused (ValueError): `r` read
    other than as r['<constant>'], or a name other than ROW_NAMES (the page's words are the row's filters)."""
    source = ENV.loader.get_source(ENV, template)[0] if ENV.loader else ""
    tree = ENV.parse(source)
    read = [n for n in tree.find_all(nodes.Getitem) if isinstance(n.node, nodes.Name) and n.node.name == "r"]
    keys = [n.arg.value for n in read if isinstance(n.arg, nodes.Const) and isinstance(n.arg.value, str)]
    uses = [n for n in tree.find_all(nodes.Name) if n.name == "r"]
    if len(keys) != len(uses):
        raise ValueError(f"{template} reads the row other than as r['<column>']: its kept rows would be wrong")
    names = {n.name for n in tree.find_all(nodes.Name)} - set(ROW_NAMES)
    if names:
        raise ValueError(
            f"{template} reads {sorted(names)}, which a kept row's key does not hold (its words are filters: 'x'|t)"
        )
    return tuple(dict.fromkeys(keys))


def row_environment(lang: str) -> Environment:
    """ENV with the page's words (WORDS) as filters bound to `lang`, for the row template alone. A row is rendered for
    every new animal a page shows (17 of a new search's 50 at 1M rows), so its labels ('description'|t) are folded
    into the template's compiled code, once per language, and each word of a value is one plain call (a call in a
    template goes through jinja2's Context.call): 14 us a row, where the same row with calls took 50."""
    env = ENV.overlay(cache_size=8)  # a cache of its own: ENV never compiles the row template (it has no such filters)
    env.filters = {**ENV.filters, **{name: partial(word, lang=lang) for name, word in WORDS.items()}}
    return env


@cache
def row_template(lang: str) -> Template:
    """The row template, compiled for `lang` (row_environment): 'en' -> its English, labels written in."""
    return row_environment(lang).get_template(ROW_TEMPLATE)


def row_html(r: dict[str, Any], lang: str, in_pound_page: bool) -> Markup:
    """One row of a list of animals, "<tr>...</tr>", rendered afresh: in a context holding only ROW_NAMES (no globals
    to copy in: 9 us of a row's 22), so it cannot show what its key does not hold."""
    template = row_template(lang)
    context = template.new_context({"r": r, "in_pound_page": in_pound_page, "lang": lang}, shared=True)
    try:
        return Markup(template.environment.concat(template.root_render_func(context)))  # as Template.render does
    except Exception:
        template.environment.handle_exception()  # raises, with the template's line in the traceback
        raise


class KeptRowHtml:
    """Rows as rendered, by (language, a pound's own page, the values the row template reads), least recently shown
    dropped beyond `most`."""

    def __init__(self, most: int = MOST_KEPT_ROW_HTML):
        self.most, self.fields = most, row_fields()
        self._values = itemgetter(*self.fields)
        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple[Any, ...], Markup] = OrderedDict()

    def shown(self, rows: list[dict[str, Any]], lang: str, in_pound_page: bool) -> Markup:
        """The rows of a list, each as "\n<tr>...</tr>\n", in `lang`: kept, or rendered (row_html) and kept.
        [] -> ''."""
        keys = [(lang, in_pound_page, self._values(r)) for r in rows]
        with self._lock:
            found = [self._kept.get(key) for key in keys]
            for key, html in zip(keys, found, strict=True):
                if html is not None:
                    self._kept.move_to_end(key)
        made: dict[tuple[Any, ...], Markup] = {}
        shown: list[str] = []
        for key, r, html in zip(keys, rows, found, strict=True):
            if html is None:
                html = made[key] = row_html(r, lang, in_pound_page)
            shown.append(html)
        if made:
            with self._lock:
                self._kept.update(made)
                while len(self._kept) > self.most:
                    self._kept.popitem(last=False)
        return Markup("\n" + "\n\n".join(shown) + "\n") if shown else Markup("")  # each row is Markup already

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


KEPT_ROW_HTML = KeptRowHtml()


def render(
    request: Request, template: str, lang: str, today: dt.date, status_code: int = 200, **ctx: Any
) -> HTMLResponse:
    era_day = ctx.get("era_day", today)
    pk = ctx.get("pack")
    words = words_of(lang)
    html = ENV.get_template(template).render(
        # a sentence about the law, its periods, amounts and sections from the page's rule pack (i18n.law_text)
        law=(lambda key, **kw: law_text(key, pk, lang, era_day, **kw)) if pk is not None else None,
        today=today,
        **words,
        # the rows of a list of animals (templates/_results.html), each kept once rendered (KeptRowHtml)
        result_rows=lambda rows, in_pound_page=False: KEPT_ROW_HTML.shown(list(rows), lang, bool(in_pound_page)),
        money=lambda m: money_text(m, era_day),
        m=money_text,
        sale_figure=lambda sale, column: sale_figure(sale, column, lang),
        proceeds_disposed=proceeds_disposed,
        act_title=lambda act: act_title(act, lang),
        # a text of the page's rule pack in its language ('roles.notice_place'), from the pack's [ml] table
        act_words=(lambda key: pk.words(key, lang)) if pk is not None else None,
        written=written,
        bold=lambda v: Markup("<strong>{}</strong>").format(v),
        # a day in a sentence, as its words and as a machine reads it: <time datetime="2025-11-20">20 Nov 2025</time>
        dated=lambda d: Markup('<time datetime="{}">{}</time>').format(str(d)[:10], date_label(d, lang)),
        reference=lambda ref: reference(ref, pk, lang),
        note=lambda n: note_text(n, pk, lang),
        rate_status=lambda s: rate_status_label(s, lang),
        fmt=lambda key, **kw: Markup(escape(t(key, lang))).format(**{k: count_text(v) for k, v in kw.items()}),
        count=count_text,
        ratio=ratio_text,
        days_counted=lambda key: t(f"days_counted_{key}", lang),
        # the same page in the other language; a page that cannot be asked for again (an answer to a form) gives its own
        lang_switch_url=ctx.pop("lang_switch_url", None) or lang_switch_url(request, lang),
        # the alerts' form, where `pinfold alerts serve` put its words (templates/_alert_form.html); else none
        alert_words=request.scope.get("pinfold.alert_words"),
        here=request.url.path + (f"?{request.url.query}" if request.url.query else ""),  # the page, for a link back
        **ctx,
    )
    resp = HTMLResponse(html, status_code=status_code)
    if request.query_params.get("lang") == lang:
        resp.set_cookie("lang", lang, max_age=365 * 86400, samesite="lax")
    return resp
