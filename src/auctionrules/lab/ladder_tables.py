"""A ladder as a table: Markdown (what ``auctionrules ladder`` prints) or HTML."""

from __future__ import annotations

import html
from typing import Any

from auctionrules.lab.ladder import TIES, Ladder, Standing
from auctionrules.lab.words import interval, pct

HEADER = ("#", "agent", "rating", "95 % interval", "games", "wins", "win rate",
          "95 % interval")


def caption(settings: dict[str, Any]) -> str:
    """What was played, how the figures read, and how ties count."""
    modules = "".join(f" + {m}" for m in settings["modules"])
    games, cycle = settings["games"], settings["cycle"]
    balance = "" if games % cycle == 0 else f" (not a whole number of {cycle}-game cycles)"
    return (
        f"{settings['variant']}{modules}, {settings['players']} players, {games} games"
        f"{balance}, seed {settings['seed']}, seats and seatings rotated. Rating: "
        "openskill Plackett-Luce mean skill with its 95 % interval; win rate with its "
        f"95 % Wilson interval. {TIES}"
    )


def rows(standings: list[Standing]) -> list[tuple[str, ...]]:
    """The table's cells, best first."""
    return [
        (str(place), s.agent, f"{s.rating:.1f}", f"[{s.low:.1f}, {s.high:.1f}]", str(s.games),
         str(s.wins), pct(s.win_rate), interval(s.win_interval))
        for place, s in enumerate(standings, start=1)
    ]


def markdown(ladder: Ladder) -> str:
    """The ladder as a Markdown table under its caption."""
    body = rows(ladder.standings())
    lines = [caption(ladder.settings()), "", "| " + " | ".join(HEADER) + " |",
             "|" + "|".join("---:" if i != 1 else "---" for i in range(len(HEADER))) + "|"]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |"
              for row in body]
    return "\n".join(lines) + "\n"


def html_table(ladder: Ladder) -> str:
    """The ladder as an HTML table with its caption (a fragment to embed)."""
    body = rows(ladder.standings())
    out = ['<table class="auctionrules-ladder">',
           f"<caption>{html.escape(caption(ladder.settings()))}</caption>",
           "<thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in HEADER)
           + "</tr></thead>", "<tbody>"]
    out += ["<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>"
            for row in body]
    out += ["</tbody>", "</table>"]
    return "\n".join(out) + "\n"
