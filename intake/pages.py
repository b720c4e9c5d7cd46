"""The intake's pages: Jinja templates, autoescaped (a register's cells are the clerk's text, never markup)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable

from jinja2 import DictLoader, Environment, select_autoescape

from pinfold.csv_cells import inert_cell
from pinfold.schema import FIELDS, FIELDS_ML
from pinfold.vocabulary import date_label, species_label

from .i18n import reason, refusal, t
from .registers import SHOWN_ROWS

_BASE = """<!doctype html>
<html lang="{{ lang }}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{% block title %}{{ t('title', lang) }}{% endblock %}</title>
<style>
body{font-family:"Noto Sans","Noto Sans Malayalam",system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;
line-height:1.5;color:#1a1a1a;background:#fff}
header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;
border-bottom:1px solid #666;margin-bottom:1rem;padding-bottom:.5rem}
a{color:#0645ad}label{display:block;font-weight:bold;margin-top:.75rem}
input,select,button{font:inherit;padding:.5rem;max-width:100%;box-sizing:border-box}
input[type=text],input[type=password]{width:20rem}select{width:auto}
button{margin-top:.75rem;border:1px solid #333;border-radius:4px;background:#eee;color:#111;cursor:pointer}
button.primary{background:#0b5394;color:#fff}
.wrap{overflow-x:auto}table{border-collapse:collapse;margin:.5rem 0}
th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top}
.error{color:#a00000;font-weight:bold}.ok{color:#0a5c0a;font-weight:bold}
dl.counts{display:grid;grid-template-columns:auto auto;gap:.25rem 1rem;width:max-content}dl.counts dd{margin:0}
form.inline{display:inline-block;margin-right:1rem}
label.confirm{font-weight:normal;margin:.5rem 0 0}
div.decide{position:sticky;bottom:0;background:#fff;border-top:1px solid #666;padding:0 0 .75rem}
@media (max-width:40rem){.wrap table,.wrap tbody,.wrap tr,.wrap td{display:block;width:auto}.wrap tr:has(th){display:none}
.wrap tr{border:1px solid #999;margin:0 0 .5rem;padding:.25rem .5rem}.wrap td{border:0;padding:.1rem 0}
.wrap td::before{content:attr(data-label) ": ";font-weight:bold}}
</style></head>
<body><header><strong>{{ t('title', lang) }}</strong>
<span><a href="{{ here }}?lang={{ 'en' if lang == 'ml' else 'ml' }}" lang="{{ 'en' if lang == 'ml' else 'ml' }}">{{ t('language', lang) }}</a>
{% if account %} · {{ t('signed_in_as', lang) }} {{ account.user }}
<form class="inline" method="post" action="/signout"><input type="hidden" name="csrf_token" value="{{ csrf }}">
<button type="submit">{{ t('sign_out', lang) }}</button></form>{% endif %}</span></header>
<main>{% block main %}{% endblock %}</main></body></html>"""

_SIGNIN = """{% extends "base" %}{% block main %}<h1>{{ t('sign_in', lang) }}</h1>
{% if message %}<p class="error" role="alert">{{ message }}</p>{% endif %}
<form method="post" action="/signin"><input type="hidden" name="csrf_token" value="{{ csrf }}">
<label for="username">{{ t('username', lang) }}</label>
<input type="text" id="username" name="username" autocomplete="username" required>
<label for="password">{{ t('password', lang) }}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<div><button class="primary" type="submit">{{ t('sign_in', lang) }}</button></div></form>{% endblock %}"""

_HOME = """{% extends "base" %}{% block main %}<h1>{{ t('upload', lang) }}</h1>
{% if message %}<p class="ok" role="status">{{ message }}</p>{% endif %}
<form method="post" action="/upload" enctype="multipart/form-data">
<input type="hidden" name="csrf_token" value="{{ csrf }}">
<label for="pound">{{ t('pound', lang) }}</label>
<select id="pound" name="pound">{% for id, name in pounds %}<option value="{{ id }}">{{ name }} ({{ id }})</option>{% endfor %}</select>
<label for="register">{{ t('register_file', lang) }}</label>
<input type="file" id="register" name="register" required accept=".csv,.tsv,.txt,.xlsx,.ods,.xls,.json,.jsonl,.ndjson">
<p>{{ t('formats', lang) }}</p>
<button class="primary" type="submit">{{ t('check', lang) }}</button></form>
{% if waiting %}<h2>{{ t('waiting', lang) }}</h2><ul id="waiting">{% for u in waiting %}<li><a href="/uploads/{{ u.id }}">{{ u.name }}</a> ({{ u.pound_id }}): {{ t('checked_by', lang).format(who=u.user, when=u.when) }}</li>{% endfor %}</ul>{% endif %}
{% if published %}<h2>{{ t('published_day', lang) }}</h2><ul id="published">{% for u in published %}<li><a href="/uploads/{{ u.id }}">{{ u.name }}</a> ({{ u.pound_id }}): {{ t('published_by', lang).format(who=u.user, when=u.when) }}</li>{% endfor %}</ul>{% endif %}{% endblock %}"""

_REPORT = """{% extends "base" %}{% from "more" import more %}{% block main %}<h1>{{ t('report', lang) }} {{ up.name }} ({{ up.pound_id }})</h1>
{% if r.error %}<p class="error" role="alert">{{ t('refused', lang) }}: {{ refusal(r.error, lang) }}</p>{% else %}
<h2>{{ t('this_file', lang) }}</h2>{% include "counts" %}
{% if r.pound and r.pound.records != r.records %}<p id="pound-counts">{{ t('with_pound', lang) }}: {{ t('records', lang) }} {{ r.pound.records }} · {{ t('stored', lang) }} {{ r.pound.stored }} · {{ t('duplicates', lang) }} {{ r.pound.duplicates }} · {{ t('rejects', lang) }} {{ r.pound.rejects }}</p>{% endif %}
{% set removed = r.counted.removed %}
{% if not r.records and not r.replaces %}<p class="error" role="alert" id="nothing">{{ t('nothing_to_publish', lang) }}</p>{% elif not r.records %}<p class="error" role="alert" id="no-entries">{{ t('no_entries', lang) }}</p>{% endif %}
{% if rechecked %}<p class="error" role="alert" id="rechecked">{{ t('rechecked', lang) }}</p>{% endif %}
{% if removed %}<p class="error" role="alert" id="removes">{{ t('removes', lang).format(n=removed) }}</p>{% endif %}
{% if r.one_reason %}<p class="error" role="alert" id="one-reason">{{ t('one_reason', lang).format(n=r.one_reason_rows, records=r.records, reason=reason(r.one_reason, lang)) }}</p>{% endif %}
{% if r.month_first_cell %}<p class="error" role="alert" id="month-first">{{ t('month_first', lang).format(row=r.month_first_row or '?', cell=r.month_first_cell) }}</p>{% endif %}
{% if r.other_pounds %}<p class="error" role="alert" id="other-pound">{{ t('other_pound', lang).format(pounds=r.other_pounds | map(attribute='name') | join(', '), pound=pound_name) }}</p>{% endif %}
{% if r.replaces %}<h2>{{ t('changes', lang) }}</h2>{% if r.changes %}<div class="wrap" tabindex="0" role="region" aria-label="{{ t('changes', lang) }}"><table id="changes">
<tr><th scope="col">{{ t('entry', lang) }}</th><th scope="col">{{ t('change', lang) }}</th><th scope="col">{{ t('field', lang) }}</th>
<th scope="col">{{ t('before', lang) }}</th><th scope="col">{{ t('after', lang) }}</th></tr>
{% for c in r.changes[:shown] %}<tr><td data-label="{{ t('entry', lang) }}">{{ c.entry_no or '' }} {{ day(c.brought_on, lang) }}</td><td data-label="{{ t('change', lang) }}">{{ t(c.change, lang) }}</td>
<td data-label="{{ t('field', lang) }}">{{ field(c.field, lang) }}</td><td data-label="{{ t('before', lang) }}">{{ value(c.field, c.value_before, lang) }}</td>
<td data-label="{{ t('after', lang) }}">{{ value(c.field, c.value_after, lang) }}</td></tr>{% endfor %}</table></div>{{ more(r.counted.changes, 'changes', lang) }}
{% else %}<p>{{ t('no_changes', lang) }}</p>{% endif %}{% endif %}
{% if r.rejected %}<h2>{{ t('rejected_rows', lang) }}</h2><div class="wrap" tabindex="0" role="region" aria-label="{{ t('rejected_rows', lang) }}"><table id="rejects">
<tr><th scope="col">{{ t('row', lang) }}</th><th scope="col">{{ t('reason', lang) }}</th><th scope="col">{{ t('cells', lang) }}</th></tr>
{% for x in r.rejected[:shown] %}<tr><td data-label="{{ t('row', lang) }}">{{ x.row }}{% if x.sheet %} ({{ x.sheet }}){% endif %}</td><td data-label="{{ t('reason', lang) }}">{{ reason(x.reason, lang) }}</td>
<td data-label="{{ t('cells', lang) }}">{% for k, v in cells(x.cells, lang) %}<b>{{ k }}</b>: {{ v }}{% if not loop.last %}; {% endif %}{% endfor %}</td></tr>{% endfor %}
</table></div>{{ more(r.counted.rejected, 'rejects', lang) }}<p><a id="rejects-csv" href="/uploads/{{ up.id }}/rejects.csv" download>{{ t('rejects_csv', lang).format(n=r.counted.rejected) }}</a></p>{% endif %}
{% if r.merged %}<h2>{{ t('merged_rows', lang) }}</h2><p>{{ t('merged_why', lang) }}</p><ul id="merged">
{% for m in r.merged[:shown] %}<li><b>{{ t('row', lang) }} {{ m.row }}{% if m.sheet %} ({{ m.sheet }}){% endif %}</b>: {{ merged_into(m, lang) }}</li>{% endfor %}
</ul>{{ more(r.counted.merged, 'merged', lang) }}{% endif %}
{% if r.notes %}<h2>{{ t('read_notes', lang) }}</h2><ul id="read-notes">
{% for x in r.notes[:shown] %}<li><b>{% if x.row %}{{ t('row', lang) }} {{ x.row }}{% if x.sheet %} ({{ x.sheet }}){% endif %}{% else %}{{ t('sheet', lang) }} {{ x.sheet }}{% endif %}</b>: {{ t('note_' ~ x.why, lang) }}</li>{% endfor %}
</ul>{{ more(r.counted.notes or 0, 'read-notes', lang) }}{% endif %}
{% if r.same_number %}<h2>{{ t('same_number_rows', lang) }}</h2><p class="error" role="alert" id="same-number-why">{{ t('same_number_why', lang) }}</p><ul id="same-number">
{% for x in r.same_number[:shown] %}<li><b>{{ t('row', lang) }} {{ x.row }}</b>: {{ t('same_number_entry', lang).format(entry=x.entry_no, kind=species(x.species, lang), day=day(x.brought_on, lang), file=x.other_file, row=x.other_row, other_kind=species(x.other_species, lang)) }}</li>{% endfor %}
</ul>{{ more(r.counted.same_number or 0, 'same-number', lang) }}{% endif %}
<h2>{{ t('public_lines', lang) }}</h2>{% if not r.lines %}<p id="lines">{{ t('no_lines', lang) }}</p>{% else %}<div class="wrap" tabindex="0" role="region" aria-label="{{ t('public_lines', lang) }}"><table id="lines">
<tr><th scope="col">{{ t('entry', lang) }}</th><th scope="col">{{ t('brought', lang) }}</th><th scope="col">{{ t('kind', lang) }}</th>
<th scope="col">{{ t('head', lang) }}</th><th scope="col">{{ t('description', lang) }}</th><th scope="col">{{ t('place', lang) }}</th></tr>
{% for l in r.lines[:shown] %}<tr><td data-label="{{ t('entry', lang) }}">{{ l.entry_no or '' }}</td><td data-label="{{ t('brought', lang) }}">{{ day(l.brought_on, lang) }}</td><td data-label="{{ t('kind', lang) }}">{{ species(l.species, lang) }}</td>
<td data-label="{{ t('head', lang) }}">{{ l.head_count }}{% if l.head_count_assumed %} <small class="assumed">({{ t('head_assumed', lang) }})</small>{% endif %}</td><td data-label="{{ t('description', lang) }}">{{ l.description or '' }}</td><td data-label="{{ t('place', lang) }}">{{ l.place_seized or '' }}</td></tr>{% endfor %}
</table></div>{{ more(r.counted.lines, 'lines', lang) }}{% endif %}{% endif %}
<div class="decide">{% if not r.error and (r.records or r.replaces) %}{% if r.other_pounds %}{% if unconfirmed %}<p class="error" role="alert" id="unconfirmed">{{ t('unconfirmed', lang) }}</p>{% endif %}
<label class="confirm"><input type="checkbox" name="ours" value="yes" form="publish" required> {{ t('ours', lang).format(pound=pound_name) }}</label>{% endif %}
{% if removed %}{% if unconfirmed_removes %}<p class="error" role="alert" id="unconfirmed-removes">{{ t('unconfirmed_removes', lang) }}</p>{% endif %}
<label class="confirm"><input type="checkbox" name="removes" value="yes" form="publish" required> {{ t('removes_ok', lang).format(n=removed) }}</label>{% endif %}
<form class="inline" id="publish" method="post" action="/uploads/{{ up.id }}/publish"><input type="hidden" name="csrf_token" value="{{ csrf }}">
<button class="primary" type="submit">{{ t('publish', lang) }}</button></form>{% endif %}
<form class="inline" method="post" action="/uploads/{{ up.id }}/discard"><input type="hidden" name="csrf_token" value="{{ csrf }}">
<button type="submit">{{ t('discard', lang) }}</button></form></div>{% endblock %}"""

# "... and 1,234 more", below a list cut at SHOWN_ROWS, of `n` rows in all
_MORE = """{% macro more(n, id, lang) %}{% if n > shown %}<p id="{{ id }}-more">{{ t('more_rows', lang).format(n='{:,}'.format(n - shown), shown=shown) }}</p>{% endif %}{% endmacro %}"""

# A file's counts (Report): what was read, published, merged and turned away
_COUNTS = """<dl class="counts" id="file-counts"><dt>{{ t('records', lang) }}</dt><dd>{{ r.records }}</dd><dt>{{ t(stored_key or 'stored', lang) }}</dt>
<dd>{{ r.stored }}</dd><dt>{{ t('duplicates', lang) }}</dt><dd>{{ r.duplicates }}</dd>
<dt>{{ t('rejects', lang) }}</dt><dd>{{ r.rejects }}</dd></dl>"""

_DONE = """{% extends "base" %}{% from "more" import more %}{% block main %}<h1>{{ up.name }} ({{ up.pound_id }})</h1>
{% if failure %}<p class="error" role="alert">{{ t('failed', lang) }}: {{ failure }}</p>
{% else %}<p class="ok" role="status">{{ t('live', lang).format(when=when, who=up.user) }}</p>
{% if r.counted.removed %}<p id="removed">{{ t('removed_done', lang).format(n=r.counted.removed) }}</p>{% endif %}
<h2>{{ t('this_file', lang) }}</h2>{% with stored_key = 'published' %}{% include "counts" %}{% endwith %}
{% if r.rejected %}<h2>{{ t('rejected_rows', lang) }}</h2><ul id="rejects">{% for x in r.rejected[:shown] %}<li>{{ t('row', lang) }} {{ x.row }}{% if x.sheet %} ({{ x.sheet }}){% endif %}: {{ reason(x.reason, lang) }}</li>{% endfor %}</ul>{{ more(r.counted.rejected, 'rejects', lang) }}
<p><a id="rejects-csv" href="/uploads/{{ up.id }}/rejects.csv" download>{{ t('rejects_csv', lang).format(n=r.counted.rejected) }}</a></p>{% endif %}
{% if r.lines %}<h2>{{ t('on_portal', lang) }}</h2><ul id="on-portal">{% for l in r.lines[:shown] %}<li><a href="{{ public_url }}/animals/{{ l.id }}">{{ l.entry_no or '' }} {{ day(l.brought_on, lang) }} {{ species(l.species, lang) }}</a></li>{% endfor %}</ul>{{ more(r.counted.lines, 'lines', lang) }}{% endif %}
<p id="portal-summary">{{ t('whole_portal', lang) }}: {% for k in ('files', 'records', 'stored', 'duplicates', 'rejects', 'empty') %}{% if k != 'empty' or portal[k] %}{% if not loop.first %} · {% endif %}{{ t('portal_' + k, lang) }} {{ '{:,}'.format(portal[k]) }}{% endif %}{% endfor %}</p>{% endif %}
<p><a href="/">{{ t('another', lang) }}</a></p>{% endblock %}"""

_ERROR = """{% extends "base" %}{% block main %}<h1>{{ t('error', lang) }} {{ code }}</h1>
<p class="error" role="alert">{{ message }}</p><p><a href="/">{{ t('back', lang) }}</a></p>{% endblock %}"""

env = Environment(
    loader=DictLoader(
        {
            "base": _BASE,
            "counts": _COUNTS,
            "more": _MORE,
            "signin": _SIGNIN,
            "home": _HOME,
            "report": _REPORT,
            "done": _DONE,
            "error": _ERROR,
        }
    ),
    autoescape=select_autoescape(default=True, default_for_string=True),
)
env.globals["t"] = t
env.globals["shown"] = SHOWN_ROWS
env.globals["reason"] = reason
env.globals["refusal"] = refusal
env.globals["species"] = species_label  # the portal's words for each kind, in both languages
env.globals["field"] = lambda f, lang: "" if not f else (FIELDS_ML if lang == "ml" else FIELDS).get(f, f)
env.globals["value"] = lambda f, v, lang: "" if v is None else species_label(str(v), lang) if f == "species" else v
env.globals["day"] = date_label  # and its dates: '3 Nov 2025', never an ISO date a clerk does not write
env.globals["cells"] = lambda raw, lang: cells_written(raw, lang)
env.globals["merged_into"] = lambda m, lang: merged_into(m, lang)


def merged_into(m: dict[str, object], lang: str) -> str:
    """Where a row merged as a duplicate went, in the clerk's words: {'entry_no': '1', 'brought_on': '2025-11-03',
    'species': 'cow', 'into_file': '', 'into_row': 2}, 'en' -> 'merged into entry no. 1 (Cow, brought 3 Nov 2025):
    the same as row 2 of this file'; an entry in another of the pound's files names that file and row."""
    entry = t("merged_entry" if m.get("entry_no") else "merged_entry_unnumbered", lang).format(
        entry=m.get("entry_no"),
        day=date_label(str(m["brought_on"]), lang) if m.get("brought_on") else "?",
        kind=species_label(str(m.get("species")), lang),
    )
    row = f"{m.get('into_row')}" + (f" ({m['into_sheet']})" if m.get("into_sheet") else "")
    where = (
        t("merged_other_file", lang).format(row=row, file=m["into_file"])
        if m.get("into_file")
        else t("merged_same_file", lang).format(row=row)
    )
    return f"{entry}: {where}"


def cells_written(raw: object, lang: str = "en") -> list[tuple[str, object]]:
    """A rejected row's cells as the report lists them, the blank ones left out (on a phone a row of eighteen columns,
    most of them empty, was a screen long), a spreadsheet's date as the clerk's program shows it: {'No.': '5',
    'Buyer': ' ', 'Date': '2025-11-04T00:00:00'} -> [('No.', '5'), ('Date', '4 Nov 2025')]; a row not in columns
    (a line of text) -> [('', line)]."""
    if not isinstance(raw, dict):
        return [("", raw)]
    return [(k, _shown(v, lang)) for k, v in raw.items() if v is not None and str(v).strip() != ""]


# A spreadsheet's date or date and time cell, as the private register keeps it (ingest.readers.stored_text): ISO
_SHEET_DATETIME = re.compile(r"(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d+)?)?")


def _shown(value: object, lang: str) -> object:
    """A cell as the report shows it: '2025-11-04T00:00:00' -> '4 Nov 2025', '2025-11-04T14:30:00' -> '4 Nov 2025
    14:30' (a date cell of Excel's, which the clerk saw as a date, not as ISO text); any other value as written."""
    found = _SHEET_DATETIME.fullmatch(value) if isinstance(value, str) else None
    if not found:
        return value
    try:
        day = date_label(found[1], lang)
    except ValueError:
        return value
    return day if found[2] == "00:00" and found[3] in (None, ":00") else f"{day} {found[2]}"


def rejects_as_csv(rejected: Iterable[dict[str, object]], lang: str) -> str:
    """The rows turned away as CSV (with a BOM: Excel then reads it as UTF-8): Row, Sheet, Reason, then every column
    any of them wrote, in the order first met. A cell that a spreadsheet would run as a formula ('=', '+', '-', '@')
    is given a leading apostrophe; a Sheet column only when a row names its sheet; `rejected` is read twice (a list, or
    a RejectsFile). [{'row': 4, 'sheet': None, 'reason': ..., 'cells': {'No.': '3'}}] -> '\ufeffRow,Reason,No.\r\n4,...,3\r\n'."""
    columns: dict[str, None] = {}
    sheets = False  # a workbook of one sheet names none: then no Sheet column, empty in every row
    for x in rejected:
        sheets = sheets or bool(x.get("sheet"))
        for k, _ in cells_written(x.get("cells"), lang):
            columns.setdefault(k or t("cells", lang), None)
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow([t("row", lang), *([t("sheet", lang)] if sheets else []), t("reason", lang), *columns])
    for x in rejected:
        written = {k or t("cells", lang): v for k, v in cells_written(x.get("cells"), lang)}
        w.writerow([x.get("row"), *([x.get("sheet") or ""] if sheets else []), reason(str(x.get("reason")), lang),
                    *(_inert(written.get(c, "")) for c in columns)])  # fmt: skip
    return "\ufeff" + out.getvalue()


def _inert(value: object) -> str:
    """A cell as text a spreadsheet shows and does not run (pinfold.csv_cells): '=1+2' -> "'=1+2"; '-5' -> '-5'."""
    return inert_cell("" if value is None else str(value))


def render(name: str, **values: object) -> str:
    """One page as HTML: render('signin', lang='en', csrf='...', message='') -> '<!doctype html>...'."""
    return env.get_template(name).render(**values)
