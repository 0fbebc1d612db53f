"""The answer on top of a comparison's report: what changed, in plain words, and how sure.

A designer asks "what does my rule do?". The verdict answers in a few
sentences before any table: which rules differ, the figures that moved beyond
chance (those that survive Holm's correction for all the rows), each with its
size and 95 % interval, how the agents fared, and whether the balance between
seats changed where seats measure anything. Figures are named in words
(:func:`label`): "the price of open auctions", "Krypto's final value".
"""

from __future__ import annotations

import math
import re
import textwrap

import attrs

from auctionrules.lab.comparison import ComparisonSummary, Row
from auctionrules.lab.findings import balance
from auctionrules.lab.stats import detectable
from auctionrules.lab.words import auction, pct
from auctionrules.text import player_name

#: The most figures the verdict names one by one.
SHOWN = 4

_SEAT = re.compile(r"^seat (\d+)$")


def label(row: Row, names: dict[str, str]) -> str:
    """The row's figure in words (players numbered from 1, artists by name)."""
    figure = row.figure
    seat = _SEAT.match(figure)
    if seat:
        return f"{player_name(int(seat.group(1)))}'s win rate"
    for prefix in ("share of ", "price of "):
        if figure.startswith(prefix):
            return f"the {prefix}{auction(figure[len(prefix):])}"
    if figure.startswith("final value of "):
        artist = figure[len("final value of "):]
        return f"{names.get(artist, artist)}'s final value"
    if row.section == "win rate":
        return f"{figure}'s win rate"
    for prefix, what in (("final money of ", "final money"), ("margin of ", "margin")):
        if figure.startswith(prefix):
            agent, _, rest = figure[len(prefix):].partition(" over ")
            return f"{agent}'s {what}" + (f" over {rest}" if rest else "")
    if figure == "rounds":
        return "the number of rounds"
    if figure == "lots":
        return "the number of lots a game"
    if figure.startswith("round "):
        return f"the share of games where {figure}"
    return f"the {figure}" if figure in {"final money", "winner's margin"} else figure


def effect(row: Row, names: dict[str, str]) -> str:
    """One sentence: the figure, how much it moved, the interval."""
    subject = label(row, names)
    test = row.test
    if row.kind == "rate":
        return (
            f"{_capital(subject)} is {pct(row.b)} instead of {pct(row.a)} ({_change(row)})."
        )
    ratio = row.ratio
    if ratio is not None and ratio.known():
        return (
            f"{_capital(subject)} is "
            f"{_relative(ratio.change, ratio.low, ratio.high, negative=row.a < 0)}: "
            f"{_amount(row.b)} instead of {_amount(row.a)}."
        )
    return (
        f"{_capital(subject)} is {_amount(row.b)} instead of {_amount(row.a)} "
        f"(95 % CI of the difference {_amount(test.low)} to {_amount(test.high)})."
    )


@attrs.frozen
class Verdict:
    """The verdict's parts, in the order a reader needs them."""

    #: Which rules differ.
    rules: str
    #: What moved beyond chance (a lead-in, then one sentence a figure), or that nothing did.
    moved: str
    effects: tuple[str, ...]
    #: How the agents fared, and the balance between seats.
    agents: tuple[str, ...]
    seats: str
    #: How sure the figures are.
    sureness: str
    #: Whether each ruleset on its own is fair between seats (where seats measure it).
    balance: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """Every sentence, in order."""
        return [self.rules, self.moved, *self.effects, *self.agents, self.seats,
                *self.balance, self.sureness]

    def text(self, width: int = 88) -> str:
        """The verdict as the terminal shows it: the lead, then a point a sentence."""
        out = ["Verdict", *textwrap.wrap(self.rules, width), *textwrap.wrap(self.moved, width)]
        for sentence in (*self.effects, *self.agents, self.seats, *self.balance,
                         self.sureness):
            out += textwrap.wrap(sentence, width, initial_indent="  - ",
                                 subsequent_indent="    ")
        return "\n".join(out) + "\n"


def verdict(result: ComparisonSummary) -> Verdict:
    """The verdict of a comparison."""
    a_name, b_name = result.diff.a, result.diff.b
    names = {**result.a.names, **result.b.names}
    moved = sorted((row for row in result.rows if row.holm and not _seat(row)),
                   key=lambda row: -abs(row.test.statistic))
    effects = [effect(row, names) for row in moved[:SHOWN]]
    if len(moved) > SHOWN:
        effects.append(f"{len(moved) - SHOWN} more figures move beyond chance "
                       "(the tables below mark them).")
    if moved:
        lead = f"Under {b_name} rather than {a_name}:"
    else:
        games = result.a.games
        step = 100 * detectable(1 / result.a.players, games)
        lead = (
            f"No figure moves beyond chance: none of the {len(result.rows)} figures "
            "compared survives Holm's correction. "
            + (f"With {games} games a change smaller than about {step:.0f} points in a win "
               "rate would go unseen; play more games to see smaller ones." if step < 50 else
               f"{games} game{'s' * (games != 1)} can hardly tell anything from chance: "
               "play a few hundred.")
        )
    loose = sum(row.test.significant() and not row.holm for row in result.rows)
    sureness = (
        f"How sure: every interval is 95 %; a figure counts as changed only if it "
        f"survives Holm's correction for all {len(result.rows)} figures at once"
        + (f" ({loose} more pass p < 0.05 alone, as some would by chance)" if loose else "")
        + ". Each is tested at its unit, the games paired by seed (see the method below)."
    )
    sides = ((result.diff.a, result.a), (result.diff.b, result.b))
    fair = tuple(f"{name}: {balance(side)}" for name, side in sides) \
        if result.a.seats_fixed() else ()
    return Verdict(_rules(result), lead, tuple(effects), tuple(_agents(result)),
                   _seats(result), sureness, fair)


def _rules(result: ComparisonSummary) -> str:
    diff = result.diff
    if diff.identical:
        return (f"{diff.a} and {diff.b} have the same rules: any difference below is "
                "chance alone.")
    titles = [line.title for line in diff.lines] or [o.path for o in diff.options]
    if len(titles) > SHOWN:
        listed = ", ".join(titles[:SHOWN]) + f" and {len(titles) - SHOWN} more"
    else:
        listed = " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1
                              else titles)
    count = len(titles)
    return f"{diff.b} differs from {diff.a} in {count} rule{'s' * (count != 1)}: {listed}."


def _agents(result: ComparisonSummary) -> list[str]:
    rows = [row for row in result.rows if row.section == "win rate" and not _seat(row)]
    out = []
    for row in sorted(rows, key=lambda row: -row.a)[:3]:
        still = "still " if abs(row.b - row.a) < 0.05 and not row.holm else ""
        out.append(
            f"{row.figure} {still}wins {pct(row.b)} of its seats under {result.diff.b} "
            f"({pct(row.a)} under {result.diff.a}; {_change(row)})."
        )
    return out


def _seats(result: ComparisonSummary) -> str:
    if not result.a.seats_fixed():
        return ("Balance between seats is not measured: the seats rotate among different "
                "agents, so a seat's win rate mixes them (compare with --fixed-seats, or "
                "one agent in every seat, to measure it).")
    seats = [row for row in result.rows if _seat(row)]
    changed = [row for row in seats if row.holm]
    names = {**result.a.names, **result.b.names}
    if changed:
        return "Balance between seats changed: " + " ".join(
            effect(row, names) for row in changed)
    widest = max(seats, key=lambda row: abs(row.test.difference))
    return (
        f"Balance between seats is unchanged: no player's win rate moves beyond chance "
        f"(the largest move, {label(widest, names)}, is {_change(widest)})."
    )


def _seat(row: Row) -> bool:
    return row.section == "win rate" and bool(_SEAT.match(row.figure))


def _change(row: Row) -> str:
    """The difference of a rate and its interval, or that no pair of games differed."""
    test = row.test
    if test.low == test.high == test.difference == 0:
        return f"{_points(test.difference)}, the same in every pair of games"
    if test.low == test.high or math.isnan(test.low):
        return f"{_points(test.difference)}, too few games for an interval"
    return f"{_points(test.difference)}, 95 % CI {_points(test.low)} to {_points(test.high)}"


def _points(value: float) -> str:
    """A difference of rates in percentage points, signed."""
    if math.isnan(value):
        return "?"
    return f"{100 * value:+.1f} points".replace("-", "\u2212")


def _relative(change: float, low: float, high: float, *, negative: bool = False) -> str:
    """``17 % lower (95 % CI 12-21 %)``; a factor where B is half or twice A or beyond.
    Of a negative figure (a loser's margin) a ratio below 1 is nearer 0: "smaller"."""
    factor = 1 + change
    up, down = ("larger", "smaller") if negative else ("higher", "lower")
    if factor >= 2 or 0 < factor <= 0.5:
        word = up if factor > 1 else down
        ends = sorted(_factor(1 + end) for end in (low, high) if 1 + end > 0)
        shown = f"{_times(_factor(factor))} {word}"
        if len(ends) == 2 and _times(ends[0]) != _times(ends[1]):
            return f"{shown} (95 % CI {_times(ends[0])} to {_times(ends[1])})"
        return shown
    word = up if change > 0 else down
    return f"{abs(100 * change):.0f} % {word} ({_interval(low, high)})"


def _factor(ratio: float) -> float:
    return ratio if ratio >= 1 else 1 / ratio


def _times(factor: float) -> str:
    return f"{factor:,.0f} times" if factor >= 10 else f"{factor:.1f} times"


def _interval(low: float, high: float) -> str:
    """A relative change's interval; as magnitudes when it lies on one side of 0."""
    if low >= 0 or high <= 0:
        ends = sorted((abs(100 * low), abs(100 * high)))
        return f"95 % CI {ends[0]:.0f}\u2013{ends[1]:.0f} %"
    return f"95 % CI {100 * low:+.0f} % to {100 * high:+.0f} %".replace("-", "\u2212")


def _amount(value: float) -> str:
    if math.isnan(value):
        return "?"
    text = f"{value:,.2f}" if abs(value) < 100 else f"{value:,.0f}"
    return text.replace("-", "\u2212")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
