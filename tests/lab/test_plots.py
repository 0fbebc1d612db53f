"""The report's plots at the size the report shows them: every label whole and inside
its figure, no two tick labels on top of each other (measured by matplotlib's own
renderer, as the PNG is drawn)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from auctionrules.lab import compare, simulate
from auctionrules.lab.comparison import ComparisonSummary
from auctionrules.lab.verdict import label

pytest.importorskip("matplotlib", reason="the report extra is not installed")

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

from auctionrules.lab.forest import forest_figure
from auctionrules.lab.plots import figures

FIVE_ROUNDS = """\
id: house-five-rounds
title: Five rounds, small late deals
extends: hig-1992-en
rounds: 5
player_counts:
  "3":
    deal: [10, 6, 4, 1, 1]
    dummy_hands:
      deal: [9, 4, 2, 1, 1]
  "4": {deal: [8, 3, 3, 2, 1]}
  "5": {deal: [7, 3, 2, 1, 1]}
"""


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> ComparisonSummary:
    path = tmp_path_factory.mktemp("plots") / "five.yaml"
    path.write_text(FIVE_ROUNDS, encoding="utf-8")
    return compare("hig-1992-en", path, 4, 40, seed=3).summary()


def _drawn(fig: Any) -> Any:
    canvas: Any = FigureCanvasAgg(fig)
    canvas.draw()
    return canvas.get_renderer()


def _tick_labels(fig: Any) -> list[list[Text]]:
    """Each axis's tick labels that are drawn (their tick within the axis's limits)."""
    out = []
    for ax in fig.axes:
        for axis, limits in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
            low, high = sorted(limits)
            out.append([tick.label1 for tick in axis.get_major_ticks()
                        if low <= tick.get_loc() <= high and tick.label1.get_visible()
                        and tick.label1.get_text()])
    return out


def _check(name: str, fig: Any) -> None:
    renderer = _drawn(fig)
    page = fig.bbox
    ticks = _tick_labels(fig)
    tick_texts = {id(text) for group in ticks for text in group}
    texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()
             and (id(t) in tick_texts or not _is_tick_label(t))]
    assert texts, name
    for text in texts:
        box = text.get_window_extent(renderer)
        assert box.x0 >= page.x0 - 1 and box.x1 <= page.x1 + 1, (name, text.get_text())
        assert box.y0 >= page.y0 - 1 and box.y1 <= page.y1 + 1, (name, text.get_text())
    for group in ticks:
        boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in group]
        for (a, box_a), (b, box_b) in combinations(boxes, 2):
            assert not box_a.overlaps(box_b), (name, a, b)


def _is_tick_label(text: Text) -> bool:
    return any(text is tick.label1 or text is tick.label2
               for ax in text.figure.axes for axis in (ax.xaxis, ax.yaxis)
               for tick in (*axis.get_major_ticks(), *axis.get_minor_ticks()))


def test_comparison_plots_fit(result: ComparisonSummary) -> None:
    labels = (f"A: {result.diff.a}", f"B: {result.diff.b}")
    drawn = figures([result.a, result.b], labels)
    assert list(drawn) == ["money", "seats", "rounds", "artists", "prices"]
    for name, fig in drawn.items():
        _check(name, fig)


def test_forest_labels_are_whole(result: ComparisonSummary) -> None:
    fig = forest_figure(result)
    _check("forest", fig)
    shown = {" ".join(t.get_text().split()) for ax in fig.axes for t in ax.get_yticklabels()}
    assert not any("\u2026" in text for text in shown)
    names = {**result.a.names, **result.b.names}
    wanted = "The share of games where round 5 ends on a last card"
    assert wanted in shown
    assert any(label(row, names) == wanted[:1].lower() + wanted[1:] for row in result.rows)


def test_simulation_plots_fit() -> None:
    summary = simulate("hig-1992-en", 5, 30, agents="heuristic,random", seed=2).summary()
    drawn = figures([summary], ["hig-1992-en"])
    assert "seats" not in drawn  # different agents rotate: seats measure nothing
    for name, fig in drawn.items():
        _check(name, fig)
