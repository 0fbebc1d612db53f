"""The report of a comparison, as blocks (:mod:`.blocks`): the verdict first, then the
rules that differ, the effects with their intervals, the charts and the method."""

from __future__ import annotations

import math
from collections.abc import Sequence

from auctionrules.lab.blocks import Block, Bullets, Heading, Image, Paragraph, Table
from auctionrules.lab.bootstrap import CLUSTERS, RESAMPLES
from auctionrules.lab.comparison import ComparisonSummary, Row
from auctionrules.lab.forest import TITLE as FOREST
from auctionrules.lab.forest import forest
from auctionrules.lab.plots import TITLES, plots
from auctionrules.lab.text import METHODS, difference, shown
from auctionrules.lab.verdict import label, verdict
from auctionrules.rulebook.diff import SectionChange

#: The sections of the rows, as the tables' captions.
SECTIONS = {
    "win rate": "Win rates (per seat held)",
    "money": "Money at the end",
    "length": "Length of a game",
    "auctions": "Auctions, by the card that opened the lot (share of lots sold, mean price)",
    "round ends": "How rounds end",
    "artists": "What the artists are worth at the end",
}
#: What each chart shows, under it.
CAPTIONS = {
    "money": "Each agent's final money under A (solid) and B (dashed).",
    "seats": "Each seat holds the same agent in every game, so this is the balance "
             "between seats: the dotted line is an even share.",
    "rounds": "Each round's bar: the share of games in which it ends on an artist's last "
              "card, on empty hands or as nobody can lead, and in grey the games that never "
              "play it.",
    "artists": "Each artist's mean value on the board after each round, by name; A solid, "
               "B dashed.",
    "prices": "Prices per auction type: the box holds the middle half of the prices, the "
              "whiskers the 5th to 95th percentile.",
}


def comparison_blocks(result: ComparisonSummary) -> list[Block]:
    """Every block of the report, the verdict before the first table."""
    a, b = result.diff.a, result.diff.b
    settings = result.a.settings
    agents = ", ".join(settings.get("agents", []))
    seating = "rotating one seat a game" if settings.get("rotate") else "in fixed seats"
    found = verdict(result)
    blocks: list[Block] = [
        Paragraph(
            f"The same {result.a.games} games (seed {settings.get('seed')}) of "
            f"{result.a.players} players ({agents}, {seating}), played under {a} (A) "
            f"and under {b} (B)."
        ),
        Heading(2, "Verdict", "verdict"),
        Paragraph(found.rules, "lead"),
        Paragraph(found.moved),
    ]
    if found.effects:
        blocks.append(Bullets(found.effects, "verdict"))
    blocks += [Bullets((*found.agents, found.seats, *found.balance)),
               Paragraph(found.sureness)]
    blocks += _rules(result)
    blocks += _effects(result)
    blocks += _charts(result)
    blocks += _method(result)
    return blocks


def _rules(result: ComparisonSummary) -> list[Block]:
    diff = result.diff
    blocks: list[Block] = [Heading(2, "What the rules say", "rules")]
    if diff.identical:
        return [*blocks, Paragraph(f"{diff.a} and {diff.b} have the same rules.")]
    blocks.append(Paragraph(
        "Each rulebook's own sentences where the rules differ, section by section "
        "(tables: the rows that differ)."
    ))
    for section in diff.sections:
        blocks.append(Heading(3, section.title))
        blocks += _section(diff.a, diff.b, section)
    if diff.lines:
        blocks.append(Table(
            ("Rule", f"A: {diff.a}", f"B: {diff.b}"),
            tuple((line.title, line.a, line.b) for line in diff.lines),
            caption="Every rule that differs",
        ))
    return blocks


def _section(a: str, b: str, section: SectionChange) -> list[Block]:
    blocks: list[Block] = []
    proses = [" ".join(_sentence(text) for text in sentences if "\n" not in text)
              for sentences in (section.a, section.b)]
    for name, prose in zip((a, b), proses, strict=True):
        if any(proses):  # (only a table differs: its rows say it all)
            blocks.append(Paragraph(f"{name}: {prose or 'says nothing of this.'}"))
    tables_a = [t.split("\n") for t in section.a if "\n" in t]
    tables_b = [t.split("\n") for t in section.b if "\n" in t]
    for index in range(max(len(tables_a), len(tables_b))):
        left = tables_a[index] if index < len(tables_a) else []
        right = tables_b[index] if index < len(tables_b) else []
        blocks += _tables(a, left, b, right)
    return blocks


def _tables(a: str, left: list[str], b: str, right: list[str]) -> list[Block]:
    """A rulebook table under both rulesets: one table of the rows that differ when
    both have the same columns; otherwise each ruleset's own table whole, so that
    neither loses a column (a fifth round) nor shows an empty cell."""
    if left and right and left[0] != right[0]:
        return [Table(_cells(lines[0]), tuple(_cells(row) for row in lines[1:]),
                      caption=f"{name}")
                for name, lines in ((a, left), (b, right))]
    header = _cells((left or right)[0])
    rows = [(a, *_cells(row)) for row in left[1:] if row not in right]
    rows += [(b, *_cells(row)) for row in right[1:] if row not in left]
    return [Table(("Rulebook", *header), tuple(rows))] if rows else []


def _sentence(text: str) -> str:
    """A rulebook line as a sentence (a list item such as "Yoko: 13 cards" gets a full
    stop, so that the lines of a section read as prose)."""
    text = text.strip()
    return text if text[-1:] in ".!?:;\u00bb\u201d" else f"{text}."


def _cells(row: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in row.split("|"))


def _effects(result: ComparisonSummary) -> list[Block]:
    names = {**result.a.names, **result.b.names}
    blocks: list[Block] = [Heading(2, "Effects", "effects")]
    plot = forest(result)
    if plot is not None:
        blocks.append(Image("forest", FOREST, plot,
                            "Red: the difference survives Holm's correction for all the "
                            "figures; orange: p < 0.05 alone; grey: within chance. Rates in "
                            "percentage points, means as the change relative to A."))
    for section, caption in SECTIONS.items():
        rows = [row for row in result.rows if row.section == section]
        if rows:
            blocks.append(Table(
                ("Figure", "A", "B", "B \u2212 A", "95 % CI", "B / A \u2212 1", "p"),
                tuple(_row(row, names) for row in rows),
                numeric=(1, 2, 3, 4, 5, 6),
                marked=tuple(k for k, row in enumerate(rows) if row.holm),
                caption=caption,
            ))
    blocks.append(Paragraph(
        "Highlighted rows survive Holm's correction for all "
        f"{len(result.rows)} figures; the others are within what chance gives."
    ))
    return blocks


def _row(row: Row, names: dict[str, str]) -> tuple[str, ...]:
    value_a, value_b = shown(row, row.a, row.b)
    ratio = row.ratio
    relative = (f"{100 * ratio.change:+.1f} %" if ratio is not None and ratio.known()
                else "")
    cells = (
        value_a, value_b, difference(row, row.test.difference),
        f"{difference(row, row.test.low)} to {difference(row, row.test.high)}",
        relative, _p(row.test.p),
    )
    name = label(row, names)
    return (name[:1].upper() + name[1:], *(cell.replace("-", "\u2212") for cell in cells))


def _p(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3f}" if not math.isnan(p) else "?"


def _charts(result: ComparisonSummary) -> list[Block]:
    labels = (f"A: {result.diff.a}", f"B: {result.diff.b}")
    images = plots([result.a, result.b], labels)
    blocks: list[Block] = [Heading(2, "Charts", "charts")]
    for name, data in images.items():
        blocks += [Heading(3, TITLES[name]), Image(name, TITLES[name], data, CAPTIONS[name])]
    return blocks


def _method(result: ComparisonSummary) -> list[Block]:
    a, b = result.a.settings, result.b.settings
    keys: Sequence[tuple[str, str]] = (
        ("variant", "Variant"), ("ruleset", "Ruleset id"), ("digest", "Rules digest"),
        ("modules", "Optional modules"), ("players", "Players"), ("agents", "Agents"),
        ("seed", "Seed"), ("rotate", "Agents rotate seats"), ("games", "Games"),
    )
    return [
        Heading(2, "Method", "method"),
        Paragraph(METHODS),
        Paragraph(
            f"The cluster bootstrap draws {RESAMPLES:,} resamples of the pairs of games "
            f"(games beyond {CLUSTERS:,} are summed into {CLUSTERS:,} groups by index, "
            "which leaves the standard error as it is and keeps memory flat); its "
            "standard error gives the interval (estimate \u00b1 1.96 errors) and the "
            "p-value. Holm's step-down correction (Holm 1979) then keeps a figure as "
            "changed only while its p-value stays under 5 % divided by the number of "
            "figures not yet kept. Relative changes of per-game means use the "
            "delta method for a ratio of paired means (Cochran 1977, 6.4)."
        ),
        Table(("Setting", "A", "B"),
              tuple((title, _setting(a.get(key)), _setting(b.get(key))) for key, title in keys),
              caption="Settings, as the results file records them"),
    ]


def _setting(value: object) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)
