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
from auctionrules.lab.endings import GAME_HEADER, deck_note, game_rows, round_table
from auctionrules.lab.findings import findings
from auctionrules.lab.plots import TITLES, plots
from auctionrules.lab.summary import Summary
from auctionrules.lab.text import spread
from auctionrules.lab.words import AUCTIONS, auction, interval, pct
from auctionrules.text import player_name

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
    images = plots([summary], [str(settings.get("variant", ""))])
    blocks: list[Block] = [
        Paragraph(
            f"{data['games']} games of {settings.get('variant', '?')} with {data['players']} "
            f"players ({', '.join(settings.get('agents', []))}, "
            f"{'rotating one seat a game' if settings.get('rotate') else 'in fixed seats'}), "
            f"seed {settings.get('seed')}."
        ),
        Heading(2, "In short", "verdict"),
        Bullets(tuple(findings(summary).lines()), "verdict"),
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
        fit = data["seat_balance"]
        blocks.append(Table(
            ("Player", "Win rate", "95 % CI", "Final money"),
            tuple((player_name(row["seat"]), pct(row["rate"]), interval(row["ci"]),
                   spread(row["money"])) for row in data["seats"]),
            numeric=(1, 2), caption=(
                f"Balance between seats (chi-square {fit['statistic']:.2f} on {fit['df']} "
                f"degrees of freedom, p = {fit['p']:.3f})"),
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
        *_endings(summary, images.pop("rounds", None)),
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
    for name, image in images.items():
        caption = CAPTIONS[name].replace(" under A (solid) and B (dashed)", "").replace(
            "; A solid, B dashed", "")
        blocks += [Heading(3, TITLES[name]), Image(name, TITLES[name], image, caption)]
    return blocks


def _endings(summary: Summary, image: bytes | None) -> list[Block]:
    """How each round and each game ends: the deal beside what the games did with it."""
    header, rows = round_table(summary)
    blocks: list[Block] = [
        Heading(2, "How rounds and games end", "endings"),
        Table(header, tuple(rows), numeric=tuple(range(1, len(header))),
              caption="Each round: the cards each hand is dealt, the share of games that "
                      "play it, and how it ends (shares of all games)"),
        Table(GAME_HEADER, tuple(game_rows(summary)), numeric=(1,)),
    ]
    note = deck_note(summary)
    if note:
        blocks.append(Paragraph(note))
    if image is not None:
        blocks.append(Image("rounds", TITLES["rounds"], image, CAPTIONS["rounds"]))
    return blocks


def _in_rulebook_order(item: tuple[str, Any]) -> tuple[int, str]:
    kind = item[0]
    return (list(AUCTIONS).index(kind) if kind in AUCTIONS else len(AUCTIONS), kind)
