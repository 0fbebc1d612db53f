"""The summary as text: the table ``auctionrules simulate`` prints at the end."""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING

from auctionrules.lab.endings import SHORT_HEADER, deck_note, game_rows, round_table
from auctionrules.lab.stats import detectable
from auctionrules.lab.summary import Summary
from auctionrules.lab.words import interval, pct
from auctionrules.text import player_name

if TYPE_CHECKING:
    from auctionrules.lab.comparison import ComparisonSummary
    from auctionrules.lab.comparison import Row as ComparisonRow


def number(value: float) -> str:
    """A mean, rounded, with thousands separators (two decimals below 100: rounds, lots)."""
    return f"{value:,.2f}" if abs(value) < 100 else f"{value:,.0f}"


def spread(described: dict[str, float]) -> str:
    """``mean ± sd (median m)``, all three to the mean's precision."""
    digits = 2 if abs(described["mean"]) < 100 else 0
    mean, sd, median = (f"{described[key]:,.{digits}f}" for key in ("mean", "sd", "median"))
    return f"{mean} ± {sd} (median {median})"


def summary_text(summary: Summary) -> str:
    """The summary, one figure a line, in sections."""
    data = summary.to_dict()
    settings = data["settings"]
    out = [
        f"{settings.get('variant', '?')}: {data['games']} games, {data['players']} players, "
        f"agents {','.join(settings.get('agents', []))}"
        f"{' rotated' if settings.get('rotate') else ' in fixed seats'}, "
        f"seed {settings.get('seed')}"
        + (f", modules {','.join(settings['modules'])}" if settings.get("modules") else ""),
        "",
        f"Win rate (95% Wilson interval; chance {pct(data['chance'])}):",
    ]
    for agent, row in data["agents"].items():
        out.append(
            f"  {agent:<24} {pct(row['rate']):>6} {interval(row['ci']):<14} "
            f"{row['wins']}/{row['seats']} seats  money {spread(row['money'])}"
        )
        out.append(f"  {'':<24} margin over the best rival {spread(row['margin'])}")
    for row in data["seats"]:
        out.append(
            f"  {player_name(row['seat']):<24} {pct(row['rate']):>6} "
            f"{interval(row['ci']):<14} money {spread(row['money'])}"
        )
    first, fit = data["first_seat_advantage"], data["seat_balance"]
    out.append(
        f"  first player's advantage: {100 * first['advantage']:+.1f} points "
        f"{interval(first['ci'])}"
    )
    out.append(
        f"  players' wins against an even share: chi-square {fit['statistic']:.2f}, "
        f"{fit['df']} df, p = {fit['p']:.3f}"
    )
    out.append(f"  games without a single winner: {data['ties']}")
    out += [
        "",
        f"Final money: {spread(data['money'])}",
        f"Winner's margin over the best rival: {spread(data['margin'])}",
        f"Game length: {data['rounds']['mean']:.2f} rounds "
        f"({', '.join(f'{k} rounds: {v}' for k, v in data['rounds']['counts'].items())}), "
        f"{data['lots']['mean']:.1f} ± {data['lots']['sd']:.1f} lots",
        "",
        "Auctions (by the card that opened the lot): share of lots sold, price",
    ]
    for kind, row in data["auctions"].items():
        out.append(f"  {kind:<12} {pct(row['share']):>6}  price {spread(row['price'])}")
    if data["unsold_per_game"]:
        out.append(f"  unsold lots per game: {data['unsold_per_game']:.2f}")
    out += ["", "Rounds: cards dealt a hand, share of all games that play it and how it ends",
            _columns(*round_table(summary, SHORT_HEADER))]
    out += ["", "How games end:", *(f"  {way}: {share}" for way, share in game_rows(summary))]
    note = deck_note(summary)
    out += textwrap.wrap(note, 88, initial_indent="  ", subsequent_indent="  ") if note else []
    out += ["", "Artists: final value, share of games as the most valuable"]
    for artist, row in data["artists"].items():
        out.append(f"  {artist:<16} {spread(row['final'])}  top {pct(row['top'])}")
    return "\n".join(out) + "\n"


#: How the rows are tested, as the report and the documentation say it.
METHODS = (
    "The games are paired (the same seeds, deals and seats under both rulesets), and "
    "each figure is tested at the unit it is measured on: a seat's win and how a round "
    "ends, once per game, by McNemar's test; money, margins, length, artists' final "
    "values and an agent's wins (summed over its seats) by the paired t-test of the "
    "per-game differences; the share and price of each auction type, which lots decide "
    "and lots of one game are not independent, by a cluster bootstrap that resamples "
    "whole pairs of games (1,000 resamples, fixed seed). Intervals are 95 %. Win rates "
    "are per seat held; a win counts for every richest player on a shared tie."
)


def shown_figure(row: ComparisonRow) -> str:
    """The row's figure as a person reads it: a seat as its player ("Player 1")."""
    if row.section == "win rate" and row.figure.startswith("seat "):
        return player_name(int(row.figure[len("seat "):]))
    return row.figure


def shown(row: ComparisonRow, a: float, b: float) -> tuple[str, str]:
    """A row's two values: rates as percentages, means rounded."""
    if row.kind == "rate":
        return pct(a), pct(b)
    return number(a), number(b)


def difference(row: ComparisonRow, value: float) -> str:
    """A difference of the row's figure, signed: points for rates."""
    if math.isnan(value):
        return "?"
    if row.kind == "rate":
        return f"{100 * value:+.1f} pt"
    digits = 2 if max(abs(row.a), abs(row.b)) < 100 else 0
    return f"{value:+,.{digits}f}"


def _columns(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    """A small table, its columns aligned (the first to the left, the others right)."""
    table = [header, *rows]
    widths = [max(len(row[k]) for row in table) for k in range(len(header))]
    return "\n".join(
        "  " + "  ".join(cell.ljust(width) if k == 0 else cell.rjust(width)
                         for k, (cell, width) in enumerate(zip(row, widths, strict=True)))
        for row in table
    )


def comparison_text(result: ComparisonSummary) -> str:
    """The prose diff of the rules on top, then every figure under A and B."""
    a, b = result.a.settings, result.b.settings
    out = [result.diff.to_text().rstrip("\n"), ""]
    out.append(
        f"The same {result.a.games} games (seed {a.get('seed')}), {result.a.players} players, "
        f"agents {','.join(a.get('agents', []))}"
        f"{' rotated' if a.get('rotate') else ' in fixed seats'}; "
        f"A = {a.get('variant')}, B = {b.get('variant')}"
    )
    out.append(
        f"(With {result.a.games} games, a seat's win rate must move about "
        f"{100 * detectable(1 / result.a.players, result.a.games):.1f} points to be "
        "significant at 5 %.)"
    )
    out.append("")
    width = max([len(shown_figure(row)) for row in result.rows] + [20]) + 2
    out.append(f"{'':<{width}} {'A':>11} {'B':>11} {'B - A':>11} {'95% CI':>23} {'p':>7}")
    section = None
    for row in result.rows:
        if row.section != section:
            section = row.section
            out.append(section)
        values = (*shown(row, row.a, row.b), difference(row, row.test.difference),
                  f"[{difference(row, row.test.low)}, {difference(row, row.test.high)}]")
        mark = "**" if row.holm else "*" if row.test.significant() else ""
        out.append(
            f"  {shown_figure(row):<{width - 2}} {values[0]:>11} {values[1]:>11} {values[2]:>11} "
            f"{values[3]:>23} {row.test.p:>7.3f} {mark}".rstrip()
        )
    out += ["", *textwrap.wrap(f"* p < 0.05 (two-sided); ** also after Holm's correction "
                               f"for all {len(result.rows)} rows. {METHODS}", 88)]
    return "\n".join(out) + "\n"
