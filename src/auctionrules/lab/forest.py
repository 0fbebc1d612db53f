"""The forest plot of a comparison: every difference B - A with its 95 % interval.

Rates and means cannot share an axis, so the plot has two panels: rates in
percentage points, means as the relative change B / A - 1 in percent. Each row
is a dot (the estimate) on a line (the interval); a row that survives Holm's
correction is drawn in red, one that passes p < 0.05 alone in orange, the rest
in grey, so what moved stands out at a glance. Rows whose value never differs
within a pair of games (the rounds of a game that always has four) say
nothing and are left out.
"""

from __future__ import annotations

import math
import textwrap
from typing import Any

from auctionrules.lab.comparison import ComparisonSummary, Row
from auctionrules.lab.plots import figure, png
from auctionrules.lab.verdict import label

TITLE = "Differences B \u2212 A with their 95% intervals"
#: Holm-significant, p < 0.05 alone, neither.
_COLOURS = ("#c0392b", "#e67e22", "#7f8c8d")


def forest(result: ComparisonSummary) -> bytes | None:
    """The forest plot as PNG bytes; ``None`` when no row has an interval to draw."""
    fig = forest_figure(result)
    return None if fig is None else png(fig)


def forest_figure(result: ComparisonSummary) -> Any:
    """The forest plot's figure (:func:`forest`), ``None`` when it has nothing to draw."""
    names = {**result.a.names, **result.b.names}
    rates = [r for r in result.rows if r.kind == "rate" and _drawn(r.test.low, r.test.high)]
    means = [r for r in result.rows
             if r.kind == "mean" and r.ratio is not None and r.ratio.known()
             and _drawn(r.ratio.low, r.ratio.high)]
    panels = [(rows, axis) for rows, axis in (
        (rates, "B \u2212 A (percentage points)"),
        (means, "B / A \u2212 1 (%)"),
    ) if rows]
    if not panels:
        return None
    labelled = [[_wrapped(label(row, names)) for row in rows] for rows, _ in panels]
    # a row as high as its tallest label in the panel (a label wraps onto two lines
    # rather than lose its end)
    heights = [len(texts) * (0.1 + 0.16 * max(t.count("\n") + 1 for t in texts))
               for texts in labelled]
    fig = figure()
    fig.set_size_inches(8, 1.0 + sum(heights) + 0.6 * len(panels))
    grid = fig.add_gridspec(len(panels), 1, height_ratios=heights)
    for k, ((rows, axis), texts) in enumerate(zip(panels, labelled, strict=True)):
        ax = fig.add_subplot(grid[k])
        _panel(ax, rows, texts, axis)
    fig.suptitle(TITLE)
    return fig


def _drawn(low: float, high: float) -> bool:
    return not (math.isnan(low) or math.isnan(high)) and not low == high == 0


def _panel(ax: Any, rows: list[Row], texts: list[str], axis: str) -> None:
    for y, row in enumerate(rows):
        if row.kind == "rate":
            centre, low, high = (100 * v for v in (row.test.difference, row.test.low,
                                                   row.test.high))
        else:
            assert row.ratio is not None
            centre, low, high = (100 * v for v in (row.ratio.change, row.ratio.low,
                                                   row.ratio.high))
        colour = _COLOURS[0] if row.holm else _COLOURS[1] if row.test.significant() \
            else _COLOURS[2]
        ax.plot([low, high], [y, y], color=colour, linewidth=2)
        ax.plot([centre], [y], "o", color=colour, markersize=5)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(rows)), texts, fontsize="small")
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xlabel(axis)
    ax.grid(axis="x", alpha=0.3)


def _wrapped(text: str) -> str:
    """A row's label, capitalised, on lines of at most 36 characters: whole, never cut."""
    return textwrap.fill(text[:1].upper() + text[1:], 36)
