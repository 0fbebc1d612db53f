"""Reports: a simulation's summary or a comparison, with its plots, as one standalone HTML
page or as Markdown with the PNGs beside it (:mod:`.blocks` renders both).

A comparison's report opens with its verdict (:mod:`.compare_report`); a
simulation's with what it found in a few sentences, then its tables.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from auctionrules.lab.blocks import (
    Block,
    Bullets,
    Heading,
    Image,
    Paragraph,
    Table,
    to_html,
    to_markdown,
)
from auctionrules.lab.compare_report import CAPTIONS, comparison_blocks
from auctionrules.lab.comparison import ComparisonSummary
from auctionrules.lab.plots import TITLES, plots
from auctionrules.lab.summary import Summary
from auctionrules.lab.text import interval, pct, spread
from auctionrules.lab.words import AUCTIONS, auction

SUFFIXES = (".html", ".htm", ".md")


def check_suffix(path: str | Path) -> None:
    """Refuse a report name whose format is unknown (before any game is played)."""
    if Path(path).suffix.lower() not in SUFFIXES:
        raise ValueError(f"{path}: a report is .html or .md")


def write_report(path: str | Path, result: Summary | ComparisonSummary) -> list[Path]:
    """Write the report of a simulation or a comparison; the files written."""
    path = Path(path)
    check_suffix(path)
    if isinstance(result, ComparisonSummary):
        a, b = result.a.settings.get("variant", "A"), result.b.settings.get("variant", "B")
        title = f"{a} vs {b}: {result.a.games} games"
        blocks = comparison_blocks(result)
    else:
        title = f"{result.settings.get('variant', '?')}: {result.games} games"
        blocks = summary_blocks(result)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() == ".md":
        return to_markdown(path, title, blocks)
    path.write_text(to_html(title, blocks), encoding="utf-8")
    return [path]


def summary_blocks(summary: Summary) -> list[Block]:
    """A simulation's report: what it found, its tables, its charts."""
    data = summary.to_dict()
    settings = data["settings"]
    fixed = summary.seats_fixed()
    blocks: list[Block] = [
        Paragraph(
            f"{data['games']} games of {settings.get('variant', '?')} with {data['players']} "
            f"players ({', '.join(settings.get('agents', []))}, "
            f"{'rotating one seat a game' if settings.get('rotate') else 'in fixed seats'}), "
            f"seed {settings.get('seed')}."
        ),
        Heading(2, "In short", "verdict"),
        Bullets(tuple(_findings(summary, data)), "verdict"),
        Heading(2, "Who wins", "wins"),
        Table(
            ("Agent", "Win rate", "95 % CI", "Wins / seats", "Final money", "Margin over the "
             "best rival"),
            tuple((agent, pct(row["rate"]), interval(row["ci"]), f"{row['wins']}/{row['seats']}",
                   spread(row["money"]), spread(row["margin"]))
                  for agent, row in data["agents"].items()),
            numeric=(1, 2, 3), caption=f"Win rate per seat held (an even share is "
                                       f"{pct(data['chance'])})",
        ),
    ]
    if fixed:
        blocks.append(Table(
            ("Player", "Win rate", "95 % CI", "Final money"),
            tuple((f"player {row['seat'] + 1}", pct(row["rate"]), interval(row["ci"]),
                   spread(row["money"])) for row in data["seats"]),
            numeric=(1, 2), caption="Balance between seats",
        ))
    blocks += [
        Heading(2, "Money and length", "money"),
        Table(("Figure", "Mean \u00b1 sd (median)"), (
            ("Final money", spread(data["money"])),
            ("Winner's margin over the best rival", spread(data["margin"])),
            ("Rounds", spread(data["rounds"])),
            ("Lots", spread(data["lots"])),
            ("Games without a single winner", str(data["ties"])),
        ), numeric=(1,)),
        Heading(2, "Auctions", "auctions"),
        Table(("Auction (card that opened the lot)", "Share of lots sold", "Price"),
              tuple((auction(kind), pct(row["share"]), spread(row["price"]))
                    for kind, row in sorted(data["auctions"].items(), key=_in_rulebook_order)),
              numeric=(1, 2)),
        Heading(2, "Artists", "artists"),
        Table(("Artist", "Final value", "Most valuable in"),
              tuple((summary.name(artist), spread(row["final"]), pct(row["top"]))
                    for artist, row in data["artists"].items()),
              numeric=(1, 2)),
        Heading(2, "Charts", "charts"),
    ]
    label = str(settings.get("variant", ""))
    for name, image in plots([summary], [label]).items():
        caption = CAPTIONS[name].replace(" under A (solid) and B (dashed)", "").replace(
            "; A solid, B dashed", "")
        blocks += [Heading(3, TITLES[name]), Image(name, TITLES[name], image, caption)]
    return blocks


def _in_rulebook_order(item: tuple[str, Any]) -> tuple[int, str]:
    kind = item[0]
    return (list(AUCTIONS).index(kind) if kind in AUCTIONS else len(AUCTIONS), kind)


def _findings(summary: Summary, data: dict[str, Any]) -> list[str]:
    out = []
    for agent, row in sorted(data["agents"].items(), key=lambda item: -item[1]["rate"])[:3]:
        out.append(f"{agent} wins {pct(row['rate'])} of its seats (95 % CI "
                   f"{interval(row['ci'])}; an even share is {pct(data['chance'])}).")
    if summary.seats_fixed():
        first = data["first_seat_advantage"]
        out.append(f"The first player's advantage over an even share: "
                   f"{100 * first['advantage']:+.1f} points (95 % CI {interval(first['ci'])}).")
    else:
        out.append("Seats rotate among different agents, so the balance between seats is "
                   "not measured (use fixed seats, or one agent in every seat).")
    out.append(f"A game lasts {data['rounds']['mean']:.2f} rounds and "
               f"{data['lots']['mean']:.1f} lots on average.")
    if data["artists"]:
        best = max(data["artists"].items(), key=lambda item: item[1]["top"])
        out.append(f"{summary.name(best[0])} is the most valuable artist at the end in "
                   f"{pct(best[1]['top'])} of games.")
    return out
