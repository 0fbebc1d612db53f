"""Invariant checks of a game state: what must hold after every action.

Used by the random-simulation tests (``play_game(..., check=True)``) and
available to anyone through :meth:`Game.check_invariants`. Each violation is
one readable line.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from auctionrules.engine.cards import OPEN, artist_of
from auctionrules.engine.flow import OVER

if TYPE_CHECKING:
    from auctionrules.engine.game import Game
    from auctionrules.engine.lot import Lot


def violations(game: Game) -> list[str]:
    """Every violated invariant of ``game`` (empty if all hold)."""
    rules = game.rules
    out: list[str] = []
    total = sum(game.state.cash) + game.state.bank_in - game.state.bank_out
    if total != game.state.money_total:
        out.append(
            f"money: players {sum(game.state.cash)} + paid to bank {game.state.bank_in} - paid "
            f"by bank {game.state.bank_out} = {total}, expected {game.state.money_total}"
        )
    for seat, cash in enumerate(game.state.cash):
        if cash < 0:
            out.append(f"money: seat {seat} has negative cash {cash}")
    lot = game.state.lot
    if lot is not None:
        out += _lot_violations(lot, game.state.cash)
    for seat, distinct in enumerate(game.state.distinct):
        if distinct != sorted(set(game.state.hands[seat])):
            out.append(f"cards: seat {seat}'s index of distinct cards is out of date")
    cards: Counter[int] = Counter(game.state.deck)
    for hand in game.state.hands:
        cards.update(hand)
    for owned in game.state.owned:
        cards.update(owned)
    cards.update(game.state.table)
    cards.update(game.state.discard)
    if lot is not None:
        cards.update(lot.cards)
    start: Counter[int] = Counter(game.state.start["deck"])
    for hand in game.state.start["hands"]:
        start.update(hand)
    start.update(game.state.start_extra)
    if cards != start:
        diff = (cards - start) + (start - cards)
        out.append(f"cards: not conserved, differing: {sorted(rules.codec.name(c) for c in diff)}")
    for seat, owned in enumerate(game.state.owned):
        if game.state.paintings[seat] < len(owned):
            out.append(
                f"cards: seat {seat} acquired {game.state.paintings[seat]} paintings but owns "
                f"{len(owned)} this round"
            )
    on_table = Counter(artist_of(c) for c in game.state.table)
    for owned in game.state.owned:
        on_table.update(artist_of(c) for c in owned)
    if lot is not None:
        on_table.update(artist_of(c) for c in lot.cards)
    for artist in range(rules.artists):
        if on_table[artist] != game.state.counts[artist]:
            out.append(
                f"cards: {rules.codec.artist_ids[artist]} count {game.state.counts[artist]} but "
                f"{on_table[artist]} on the table"
            )
        # (round_end.ending_card sold: the card that made the count is under the hammer)
        ended = game.state.phase == OVER or (rules.ending_card_sold and lot is not None)
        if not ended and rules.ends_round(game.state.counts[artist]):
            out.append(f"round: {rules.codec.artist_ids[artist]} reached the round-ending count")
    allowed = set(rules.ranking) | {0}
    for r, row in enumerate(game.state.board):
        bad = [v for v in row if v not in allowed]
        if bad:
            out.append(f"board: round {r + 1} holds values {bad} not among the ranking values")
        placed = [v for v in row if v]
        if len(placed) != len(set(placed)):
            out.append(f"board: round {r + 1} holds a ranking value twice")
    return out


def _lot_violations(lot: Lot, cash: tuple[int, ...]) -> list[str]:
    """What the lot under the hammer breaks: bids and limits beyond the money."""
    out: list[str] = []
    if lot.high_bidder is not None and lot.high > cash[lot.high_bidder]:
        out.append(f"money: seat {lot.high_bidder}'s bid {lot.high} exceeds their cash")
    if lot.limits:
        if lot.kind != OPEN:
            out.append(f"lot: limits {lot.limits} in force in a lot not auctioned open")
        for seat, said in enumerate(lot.limits):
            if said is not None and said > cash[seat]:
                out.append(f"money: seat {seat}'s limit {said} exceeds their cash")
    for seat, bid in enumerate(lot.sealed or ()):
        if bid is not None and bid > cash[seat]:
            out.append(f"money: seat {seat}'s sealed bid {bid} exceeds their cash")
    return out
