"""The summary as text: the table ``auctionrules simulate`` prints at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from auctionrules.lab.summary import Summary

if TYPE_CHECKING:
    from auctionrules.lab.comparison import ComparisonSummary


def pct(rate: float) -> str:
    """``0.2512`` as ``25.1%``."""
    return f"{100 * rate:.1f}%"


def interval(ci: list[float] | tuple[float, float]) -> str:
    """A 95 % interval of a rate."""
    return f"[{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"


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
    for row in data["seats"]:
        out.append(
            f"  seat {row['seat']:<19} {pct(row['rate']):>6} {interval(row['ci']):<14} "
            f"money {spread(row['money'])}"
        )
    first = data["first_seat_advantage"]
    out.append(
        f"  first-seat advantage: {100 * first['advantage']:+.1f} points "
        f"{interval(first['ci'])}; games without a single winner: {data['ties']}"
    )
    out += [
        "",
        f"Final money: {spread(data['money'])}",
        f"Winner's margin over the best rival: {spread(data['margin'])}",
        f"Game length: {data['rounds']['mean']:.2f} rounds "
        f"({', '.join(f'{k} rounds: {v}' for k, v in data['rounds']['counts'].items())}), "
        f"{data['lots']['mean']:.1f} ± {data['lots']['sd']:.1f} lots",
        _reasons(data["game_ends"]),
        "",
        "Auctions (by the card that opened the lot): share of lots sold, price",
    ]
    for kind, row in data["auctions"].items():
        out.append(f"  {kind:<12} {pct(row['share']):>6}  price {spread(row['price'])}")
    if data["unsold_per_game"]:
        out.append(f"  unsold lots per game: {data['unsold_per_game']:.2f}")
    out += ["", "Rounds end on (share of games):"]
    for number_, ends in data["round_ends"].items():
        out.append(f"  round {number_}: " + ", ".join(f"{k} {pct(v)}" for k, v in ends.items()))
    out += ["", "Artists: final value, share of games as the most valuable"]
    for artist, row in data["artists"].items():
        out.append(f"  {artist:<16} {spread(row['final'])}  top {pct(row['top'])}")
    return "\n".join(out) + "\n"


def _reasons(ends: dict[str, Any]) -> str:
    return "Games end on: " + ", ".join(f"{reason} {pct(share)}" for reason, share in ends.items())


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
    out.append("")
    width = max([len(row.figure) for row in result.rows] + [20]) + 2
    out.append(f"{'':<{width}} {'A':>11} {'B':>11} {'B - A':>11} {'p':>7}")
    section = None
    for row in result.rows:
        if row.section != section:
            section = row.section
            out.append(section)
        if row.kind == "rate":
            values = (pct(row.a), pct(row.b), f"{100 * row.test.difference:+.1f} pt")
        else:
            values = (number(row.a), number(row.b), f"{'+' if row.test.difference >= 0 else '-'}"
                      f"{number(abs(row.test.difference))}")
        mark = "**" if row.holm else "*" if row.test.significant() else ""
        out.append(
            f"  {row.figure:<{width - 2}} {values[0]:>11} {values[1]:>11} {values[2]:>11} "
            f"{row.test.p:>7.3f} {mark}".rstrip()
        )
    out += [
        "",
        f"* p < 0.05 (two-sided); ** also after Holm's correction for all {len(result.rows)} "
        "rows. Rates: two-proportion z-test; means: Welch's t-test. Win rates are per seat "
        "held; a win counts for every richest player on a shared tie.",
    ]
    return "\n".join(out) + "\n"
