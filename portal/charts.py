"""Server-rendered SVG charts (pygal), served as images so the page's Content-Security-Policy stays as it is (an SVG's
own <style> is not inline style of the page) and no script runs: pygal's tooltips script is left out (js=[]). Every
chart has its numbers as a table and a sentence on the page beside it (templates/_charts.html)."""

from __future__ import annotations

from typing import Any

import pygal
from pygal.style import Style

# High-contrast colours a reader tells apart, one per series, in order.
COLOURS = ("#1b5e20", "#b71c1c", "#0d47a1", "#e65100", "#4a148c", "#006064", "#3e2723", "#37474f")
STYLE = Style(
    background="#ffffff", plot_background="#ffffff", foreground="#222222", foreground_strong="#000000",
    foreground_subtle="#555555", colors=COLOURS, font_family="sans-serif", label_font_size=13,
    major_label_font_size=13, legend_font_size=13, title_font_size=16, no_data_font_size=20,
)  # fmt: skip
# On a phone the longest legend names (a rule's, in Malayalam: 50 letters) fit 420 px on one line at 10 px
STYLE_NARROW = Style(**{**STYLE.to_dict(), "colors": COLOURS, "legend_font_size": 10, "label_font_size": 12,
                        "major_label_font_size": 12})  # fmt: skip


# Two drawings of each chart: WIDE for a screen wider than NARROW_SCREEN, NARROW (drawn at a phone's width, so its
# 13 px text is read at 13 px, not shrunk to half) for a phone; the page picks one (<picture>, templates/_charts.html).
WIDE, NARROW = 800, 420
NARROW_SCREEN = "(max-width: 40em)"
PLOT, LEGEND_LINE = 320, 22  # the plot's height with title and axes; a legend line's


def size(series: int, narrow: bool = False) -> tuple[int, int]:
    """A chart's width and height in px: room for the plot and one legend line per series, none for a lone series
    (its name is the title's): (8, False) -> (800, 496); (1, True) -> (420, 320)."""
    return (NARROW if narrow else WIDE), PLOT + (LEGEND_LINE * series if series > 1 else 0)


def bar_chart(
    title: str,
    x_labels: list[str],
    series: list[tuple[str, list[int | None]]],
    stacked: bool = False,
    empty: str = "",
    narrow: bool = False,
) -> bytes:
    """A grouped bar chart as a standalone SVG document: ('Departures', ['2024', '2025'], [('Notice late', [3, 1])])
    -> b'<?xml ...<svg ...>'; `stacked` piles a month's series into one bar; `empty` is written across a chart with
    nothing to draw, in the page's language; `narrow` draws it for a phone. A value None (a rule the Act does not
    have) draws no bar. The legend is one name a line, so no name of any length runs into the next."""
    width, height = size(len(series), narrow)
    # more months than fit side by side ('2025-03' takes 60 px): every n-th named, the table names them all
    every = -(-len(x_labels) * 60 // (width - 80))
    chart = (pygal.StackedBar if stacked else pygal.Bar)(
        title=title, style=STYLE_NARROW if narrow else STYLE, js=[], width=width, height=height, legend_at_bottom=True,
        legend_at_bottom_columns=1, show_legend=len(series) > 1, print_values=False, show_y_guides=True,
        truncate_legend=-1, truncate_label=-1, margin=8 if narrow else 16, spacing=4 if narrow else 10,
        legend_box_size=9 if narrow else 12, min_scale=1, no_data_text=empty or "—",
        x_labels_major_every=max(every, 1), show_minor_x_labels=every <= 1, value_formatter=lambda v: f"{v:,.0f}",
    )  # fmt: skip
    chart.x_labels = x_labels
    for name, values in series:
        chart.add(name, values)
    svg: bytes = chart.render()
    return svg


def drawn(src: str, series: int) -> dict[str, Any]:
    """Where and how big a chart's two drawings are, for _charts.html: ('/compliance/chart.svg?pound=k1', 8) ->
    {'src': ..., 'width': 800, 'height': 496, 'narrow_src': '...&narrow=1', 'narrow_width': 400, ...}."""
    (w, h), (nw, nh) = size(series), size(series, narrow=True)
    narrow_src = src + ("&" if "?" in src else "?") + "narrow=1"
    return {"src": src, "width": w, "height": h, "narrow_src": narrow_src, "narrow_width": nw, "narrow_height": nh,
            "narrow_media": NARROW_SCREEN}  # fmt: skip


def table_of(x_labels: list[str], series: list[tuple[str, list[Any]]]) -> dict[str, Any]:
    """The chart's numbers as the page's table: {'columns': x_labels, 'rows': [(name, values), ...]}."""
    return {"columns": x_labels, "rows": series}
