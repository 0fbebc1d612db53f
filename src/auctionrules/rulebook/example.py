"""The worked scoring example, computed by the engine from a seeded game.

A printed rulebook explains scoring with an example; a generated one can do
better and show a real game of this very ruleset, so the example can never
disagree with the rules. The engine's ``scored`` event carries what is needed:
the ranked artists, the value each one added this round, the board's column
totals, what a card sold for and the payout per seat.

The engine is part of the core package, so the example is always computed; an
error while playing or reading the game is a bug and propagates (a rulebook that
silently lost its example would hide it). Every sentence of the example depends
on every option (``*``): any rule can change how a game goes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from auctionrules.engine import play_game
from auctionrules.rulebook.document import Block, Paragraph, Section, Sentence, Table
from auctionrules.rulebook.writer import Param, Writer

#: Seed of the example game: fixed, so the rulebook is reproducible.
SEED = 7

_ALL = "*"


def example(w: Writer) -> Section | None:
    """The scoring of one round of a seeded game, or ``None`` if no round was scored."""
    players = _players(w)
    game = play_game(w.ruleset, players, SEED)
    return _section(w, players, [e.to_dict() for e in game.events])


def _players(w: Writer) -> int:
    """Four players if the ruleset allows it without dummy hands, else its smallest count."""
    plain = [pc.players for pc in w.ruleset.player_counts if not pc.dummy_hands.hands]
    return 4 if 4 in plain else (plain or list(w.ruleset.supported_players))[0]


def _pick(scored: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    """The first round that shows cumulative values (an artist with earlier markers)."""
    for event in scored:
        added, board = event["added"], event["board"]
        if any(board[a] != added[a] for a in board):
            return event
    return scored[0]


def _section(w: Writer, players: int, events: list[dict[str, Any]]) -> Section | None:
    scored = [e for e in events if e["kind"] == "scored"]
    if not scored:
        return None
    event = _pick(scored)
    number = event["round"]
    ends = [e for e in events if e["kind"] == "round-end" and e["round"] == number]
    counts: Mapping[str, int] = ends[0].get("counts", {}) if ends else {}
    ranked: list[str] = list(event["ranked"])
    r = w.ruleset
    rows = []
    for artist in r.theme.artists:
        place = w.catalog.ordinal(ranked.index(artist.id) + 1) if artist.id in ranked else "-"
        rows.append((
            artist.name.get(w.lang),
            str(counts.get(artist.id, "")),
            place,
            r.amount(event["added"][artist.id]),
            r.amount(event["board"][artist.id]),
            r.amount(event["values"][artist.id]),
        ))
    header = [w.noun().text.capitalize(), w.word("cards"), w.word("place"), w.word("added"),
              w.word("column"), w.word("paid")]
    table = Table(header, rows, Sentence("@example.table", "", (_ALL,)))
    intro = w.say("@example.intro", _ALL, seed=str(SEED), players=str(players),
                  round=str(number))
    blocks: list[Block] = [Paragraph([intro]), table]
    blocks.append(Paragraph(_explain(w, event)))
    return Section("scoring.example", w.word("example"), blocks)


def _explain(w: Writer, event: Mapping[str, Any]) -> list[Sentence]:
    """One ranked artist with earlier markers, one unranked one, and the payouts."""
    r = w.ruleset
    names = {a.id: a.name.get(w.lang) for a in r.theme.artists}
    ranked: list[str] = list(event["ranked"])
    added, board, values = event["added"], event["board"], event["values"]
    sentences = []
    for artist in ranked:
        if board[artist] != added[artist]:
            sentences.append(w.say(
                "@example.cumulative", _ALL, name=names[artist],
                place=w.catalog.ordinal(ranked.index(artist) + 1),
                added=r.amount(added[artist]), earlier=r.amount(board[artist] - added[artist]),
                value=r.amount(values[artist]),
            ))
            break
    for artist, name in names.items():
        if artist not in ranked and board[artist]:
            sentences.append(w.say("@example.unranked", _ALL, name=name,
                                   board=r.amount(board[artist])))
            break
    payouts = [
        f"{w.word('seat', n=seat + 1)} {r.amount(amount)}"
        for seat, amount in enumerate(event["payouts"])
    ]
    sentences.append(w.say("@example.payouts", _ALL,
                           payouts=Param(w.catalog.join(payouts), (_ALL,))))
    return sentences
