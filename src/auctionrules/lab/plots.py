"""The report's plots (the ``report`` extra: matplotlib), as PNG bytes.

Each plot draws one summary, or two overlaid (a comparison: A solid, B dashed
or hatched). Only matplotlib's object-oriented API is used (``Figure`` rendered
by the Agg canvas), never ``pyplot``: no global backend is switched and nothing
needs a display. Distributions are drawn from the summaries' value counts, so a
report of a million games costs what one of a thousand does.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Sequence
from typing import Any

from auctionrules.lab.stats import quantile
from auctionrules.lab.summary import Summary
from auctionrules.lab.words import AUCTIONS, ROUND_ENDS, auction
from auctionrules.text import player_name

#: Plot name -> title, in the report's order.
TITLES = {
    "money": "Final money per agent",
    "seats": "Seat balance: win rate per player (95% Wilson interval)",
    "rounds": "How each round ends (share of games)",
    "artists": "Artist value after each round (mean board total)",
    "prices": "Prices per auction type (box: quartiles; whiskers: 5th-95th percentile)",
}
_STYLES = ("-", "--")


def figure() -> Any:
    """A new figure (the import is here: the extra is optional)."""
    try:
        from matplotlib.figure import Figure  # noqa: PLC0415
    except ImportError:
        raise ImportError(
            "reports need the report extra: pip install 'auctionrules[report]'"
        ) from None
    return Figure(figsize=(8, 4.2), dpi=100, layout="constrained")


def png(fig: Any) -> bytes:
    """The figure as PNG bytes."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


def plots(summaries: Sequence[Summary], labels: Sequence[str]) -> dict[str, bytes]:
    """The plots of :data:`TITLES` for one summary, or two overlaid, as PNG bytes."""
    return {name: png(fig) for name, fig in figures(summaries, labels).items()}


def figures(summaries: Sequence[Summary], labels: Sequence[str]) -> dict[str, Any]:
    """The figures of :func:`plots`. Seat balance only where each seat holds the same
    agent in every game (:meth:`Summary.seats_fixed`): when different agents rotate,
    every seat's rate is their average and says nothing."""
    out = {"money": _money(summaries, labels)}
    if summaries[0].seats_fixed():
        out["seats"] = _seats(summaries, labels)
    out["rounds"] = _rounds(summaries, labels)
    out["artists"] = _artists(summaries, labels)
    out["prices"] = _prices(summaries, labels)
    return out


def _axes() -> tuple[Any, Any]:
    fig = figure()
    return fig, fig.add_subplot()


def _titled(fig: Any, ax: Any, name: str, **legend: Any) -> Any:
    ax.set_title(TITLES[name])
    ax.legend(**{"fontsize": "small", **legend})
    return fig


def _money(summaries: Sequence[Summary], labels: Sequence[str]) -> Any:
    fig, ax = _axes()
    values = [v for summary in summaries for tally in summary.agent_money.values() for v in tally]
    low, high = min(values, default=0), max(values, default=1)
    bins = [low + (high - low) * i / 40 for i in range(41)] if high > low else 10
    for style, summary, label in zip(_STYLES, summaries, labels, strict=False):
        for k, (agent, tally) in enumerate(summary.agent_money.items()):
            name = agent if len(summaries) == 1 else f"{agent} ({label})"
            total = sum(tally.values())
            ax.hist(list(tally), weights=[c / total for c in tally.values()], bins=bins,
                    histtype="step", linestyle=style, linewidth=1.5, color=f"C{k}", label=name)
    ax.set_xlabel("final money")
    ax.set_ylabel("share of the agent's seats")
    ax.xaxis.set_major_formatter(_thousands())
    return _titled(fig, ax, "money")


def _seats(summaries: Sequence[Summary], labels: Sequence[str]) -> Any:
    fig, ax = _axes()
    players = summaries[0].players
    width = 0.8 / len(summaries)
    for k, (summary, label) in enumerate(zip(summaries, labels, strict=False)):
        xs, rates, low, high = [], [], [], []
        for seat in range(players):
            rate, (lo, hi) = summary.seat_rate(seat)
            xs.append(seat + (k - (len(summaries) - 1) / 2) * width)
            rates.append(rate)
            low.append(rate - lo)
            high.append(hi - rate)
        ax.bar(xs, rates, width=width * 0.9, yerr=[low, high], capsize=4, label=label,
               hatch="//" if k else None, alpha=0.85)
    ax.axhline(1 / players, color="grey", linestyle=":", label=f"chance (1/{players})")
    ax.set_xticks(range(players), [player_name(s) for s in range(players)])
    ax.set_ylabel("win rate")
    return _titled(fig, ax, "seats")


def _rounds(summaries: Sequence[Summary], labels: Sequence[str]) -> Any:
    """Per round, the share of games it ends each way, stacked, and of games that never
    play it: a round a deal leaves unreached shows as the grey top of its bar."""
    fig, ax = _axes()
    last = max(summary.planned_rounds() for summary in summaries)
    width = 0.8 / len(summaries)
    ends = (*ROUND_ENDS, "")
    colours = ("C0", "C1", "C3", "#cccccc")
    legend: set[str] = set()
    for k, summary in enumerate(summaries):
        xs = [number + (k - (len(summaries) - 1) / 2) * width for number in range(1, last + 1)]
        bottom = [0.0] * last
        for end, colour in zip(ends, colours, strict=True):
            heights = [
                (summary.round_ends.get(number, Counter()).get(end, 0) / summary.games if end
                 else 1 - summary.reached(number))
                if summary.games and number <= summary.planned_rounds() else 0.0
                for number in range(1, last + 1)
            ]
            name = ROUND_ENDS.get(end, "not played")
            shown = any(heights) and name not in legend
            ax.bar(xs, heights, width=width * 0.9, bottom=bottom, color=colour,
                   hatch="//" if k else None, edgecolor="white" if k else None,
                   label=name if shown else None)
            legend |= {name} if shown else set()
            bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    ax.set_xticks(range(1, last + 1), [f"round {number}" for number in range(1, last + 1)])
    ax.set_ylabel("share of games")
    ax.set_ylim(0, 1.0)
    ax.yaxis.set_major_formatter(_percent())
    if len(summaries) > 1:
        ax.set_xlabel(" | ".join(f"{label} {'hatched' if k else 'plain'}"
                                 for k, label in enumerate(labels)))
    return _titled(fig, ax, "rounds", loc="upper left", bbox_to_anchor=(1.01, 1))


def _percent() -> Any:
    from matplotlib.ticker import PercentFormatter  # noqa: PLC0415 - optional extra

    return PercentFormatter(1.0, decimals=0)


def _artists(summaries: Sequence[Summary], labels: Sequence[str]) -> Any:
    fig, ax = _axes()
    colours: dict[str, Any] = {}
    for style, summary, label in zip(_STYLES, summaries, labels, strict=False):
        for artist, means in summary.mean_values().items():
            name = summary.name(artist)
            name = name if len(summaries) == 1 else f"{name} ({label})"
            line = ax.plot(range(1, len(means) + 1), means, linestyle=style, marker="o",
                           color=colours.get(artist), label=name)[0]
            colours.setdefault(artist, line.get_color())
    ax.set_xlabel("round")
    ax.set_ylabel("board total")
    ax.yaxis.set_major_formatter(_thousands())
    ax.xaxis.set_major_locator(_integer_locator())
    return _titled(fig, ax, "artists", fontsize="x-small", ncol=2)


def _thousands() -> Any:
    from matplotlib.ticker import StrMethodFormatter  # noqa: PLC0415 - optional extra

    return StrMethodFormatter("{x:,.0f}")


def _integer_locator() -> Any:
    from matplotlib.ticker import MaxNLocator  # noqa: PLC0415 - optional extra

    return MaxNLocator(integer=True)


def _prices(summaries: Sequence[Summary], labels: Sequence[str]) -> Any:
    fig, ax = _axes()
    kinds = sorted({kind for summary in summaries for kind in summary.prices},
                   key=lambda kind: (list(AUCTIONS).index(kind) if kind in AUCTIONS else 9, kind))
    width = 0.8 / len(summaries)
    for k, (summary, label) in enumerate(zip(summaries, labels, strict=False)):
        stats, positions = [], []
        for i, kind in enumerate(kinds):
            tally = summary.prices.get(kind)
            if tally:
                stats.append(_box(tally, label if i == 0 else None))
                positions.append(i + (k - (len(summaries) - 1) / 2) * width)
        boxes = ax.bxp(stats, positions=positions, widths=width * 0.8, showfliers=False,
                       patch_artist=True)
        for patch in boxes["boxes"]:
            patch.set_facecolor(f"C{k}")
            patch.set_alpha(0.6)
    # one word a line ("once-around / auctions"): five types side by side fit the width
    ax.set_xticks(range(len(kinds)), [auction(kind).replace(" ", "\n") for kind in kinds])
    ax.set_ylabel("price")
    ax.yaxis.set_major_formatter(_thousands())
    ax.set_title(TITLES["prices"])
    if len(summaries) > 1:
        ax.legend(
            [_patch(f"C{k}") for k in range(len(summaries))], list(labels), fontsize="small"
        )
    return fig


def _box(tally: Counter[int], label: str | None) -> dict[str, Any]:
    return {
        "med": quantile(tally, 0.5),
        "q1": quantile(tally, 0.25),
        "q3": quantile(tally, 0.75),
        "whislo": quantile(tally, 0.05),
        "whishi": quantile(tally, 0.95),
        "label": label or "",
    }


def _patch(colour: str) -> Any:
    from matplotlib.patches import Patch  # noqa: PLC0415 - optional extra

    return Patch(facecolor=colour, alpha=0.6)
