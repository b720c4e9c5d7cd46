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


def bar_chart(
    title: str,
    x_labels: list[str],
    series: list[tuple[str, list[int | None]]],
    stacked: bool = False,
    empty: str = "",
) -> bytes:
    """A grouped bar chart as a standalone SVG document: ('Departures', ['2024', '2025'], [('Notice late', [3, 1])])
    -> b'<?xml ...<svg ...>'; `stacked` piles a month's series into one bar; `empty` is written across a chart with
    nothing to draw, in the page's language. A value None (a rule the Act does not have) draws no bar."""
    chart = (pygal.StackedBar if stacked else pygal.Bar)(
        title=title, style=STYLE, js=[], width=800, height=420, legend_at_bottom=True, legend_at_bottom_columns=2,
        print_values=False, show_y_guides=True, truncate_legend=-1, margin=16, min_scale=1,
        no_data_text=empty or "—",
    )  # fmt: skip
    chart.x_labels = x_labels
    for name, values in series:
        chart.add(name, values)
    svg: bytes = chart.render()
    return svg


def table_of(x_labels: list[str], series: list[tuple[str, list[Any]]]) -> dict[str, Any]:
    """The chart's numbers as the page's table: {'columns': x_labels, 'rows': [(name, values), ...]}."""
    return {"columns": x_labels, "rows": series}
