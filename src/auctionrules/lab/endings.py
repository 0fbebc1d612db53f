"""How each round and each game ends, as the report's tables and the text say it.

A variant whose late deals are small can end on empty hands before its last
round: the rules promise five rounds and most games play four. These rows put
the deal beside what the games did with it, round by round, so the skipped
round and its cause read off one table.
"""

from __future__ import annotations

from collections import Counter

from auctionrules.lab.summary import Summary
from auctionrules.lab.words import ROUND_ENDS, pct

#: How a game ends (its outcome's reason), in words.
GAME_ENDS = {
    "rounds-complete": "every round played, the last on an artist's last card",
    "hands-exhausted": "on empty hands",
    "no-playable-card": "nobody can lead a card",
}
#: The round table's columns, and as the terminal's narrower table heads them.
ROUND_HEADER = ("Round", "Cards dealt a hand", "Played in", "Ends on an artist's last card",
                "Ends on empty hands", "Ends as nobody can lead")
SHORT_HEADER = ("", "dealt", "played", "last card", "empty hands", "nobody leads")
GAME_HEADER = ("The game ends", "Share of games")


def round_table(summary: Summary, header: tuple[str, ...] = ROUND_HEADER,
                ) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """Per round of the ruleset: its deal, the share of games that play it and how it
    ends (shares of all games); the header and the rows, without the column of rounds
    nobody could lead in if there are none."""
    deal = summary.frame.deal if summary.frame is not None else ()
    games = summary.games or 1
    stuck = any(ends.get("no-playable-card") for ends in summary.round_ends.values())
    width = len(header) if stuck else len(header) - 1
    rows = []
    for number in range(1, summary.planned_rounds() + 1):
        ends = summary.round_ends.get(number, Counter())
        rows.append((
            f"round {number}",
            str(deal[number - 1]) if number <= len(deal) else "?",
            pct(summary.reached(number)),
            *(pct(ends.get(end, 0) / games) for end in ROUND_ENDS),
        )[:width])
    return header[:width], rows


def game_rows(summary: Summary) -> list[tuple[str, str]]:
    """Each way a game ends (why, after how many rounds), commonest first."""
    planned, games = summary.planned_rounds(), summary.games or 1
    rows = []
    for (reason, rounds), count in sorted(summary.endings.items(),
                                          key=lambda item: (-item[1], item[0])):
        way = GAME_ENDS.get(reason, reason)
        if reason != "rounds-complete":
            way = (f"{way} in round {rounds}, "
                   + ("the last" if rounds >= planned else
                      f"round{'s' * (planned - rounds > 1)} "
                      f"{_span(rounds + 1, planned)} never played"))
        rows.append((way[:1].upper() + way[1:], pct(count / games)))
    return rows


def deck_note(summary: Summary) -> str:
    """The cards never dealt when a game ends early; empty when none did."""
    tally = summary.early_deck
    if not tally:
        return ""
    n = sum(tally.values())
    mean = sum(value * count for value, count in tally.items()) / n
    cards = (f"{mean:.1f} cards on average (from {min(tally)} to {max(tally)})"
             if min(tally) != max(tally) else f"{min(tally)} cards")
    return (f"In the {n} game{' that ends' if n == 1 else 's that end'} before round "
            f"{summary.planned_rounds()}, {cards} are still in the deck, never dealt.")


def _span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first} to {last}"
