"""What one player may see: the only place that decides what is hidden (OpenSpiel's observer).

A :class:`View` never holds another player's hand, a sealed bid before the
reveal, an unrevealed dummy card, or (when ``money.screens``) another player's
cash; with screens, the public record of prices paid is included when
``money.public_prices`` is on. ``seat=None`` is the spectator's view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from auctionrules.model import AUCTION_TYPES

if TYPE_CHECKING:
    from auctionrules.engine.game import Game
    from auctionrules.engine.rules import Rules

#: Names of the game loop's phases, by phase number.
PHASES = ("lead", "auction", "flip", "over")


@attrs.frozen
class View:
    """A frozen observation; :meth:`to_dict` gives its JSON form."""

    seat: int | None
    round: int
    phase: str
    to_act: tuple[int, ...]
    hand: tuple[str, ...] | None
    hand_sizes: tuple[int, ...]
    dummy_sizes: tuple[int, ...]
    cash: tuple[int | None, ...]
    board: tuple[tuple[int, ...], ...]
    counts: tuple[int, ...]
    owned: tuple[tuple[str, ...], ...]
    table: tuple[str, ...]
    lot: tuple[tuple[str, Any], ...] | None
    sales: tuple[tuple[int, int, int], ...] | None
    outcome: tuple[tuple[str, Any], ...] | None
    #: How many cards are left undealt.
    deck_size: int
    #: The cards of earlier rounds, out of play (each was seen when laid).
    discard: tuple[str, ...]
    #: Where the round flow stands, all public: ``(turn, flipper, resume,
    #: last_card_player, last_auctioneer, dummy_next)``: the seat to lead (or that
    #: led last), the seat deciding on a dummy card, the seat that leads after it,
    #: who laid the last card, who auctioned last (the next round's starter reads
    #: these two) and which dummy hand is turned over next.
    flow: tuple[int, int, int, int, int, int]
    #: The compiled rules (public: every player knows the rules); not part of the
    #: observation's value, so views of two games under the same rules compare.
    rules: Rules = attrs.field(eq=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form."""
        return {
            "seat": self.seat,
            "round": self.round,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "hand": list(self.hand) if self.hand is not None else None,
            "hand_sizes": list(self.hand_sizes),
            "dummy_sizes": list(self.dummy_sizes),
            "cash": list(self.cash),
            "board": [list(r) for r in self.board],
            "counts": list(self.counts),
            "owned": [list(o) for o in self.owned],
            "table": list(self.table),
            "lot": dict(self.lot) if self.lot is not None else None,
            "sales": [list(s) for s in self.sales] if self.sales is not None else None,
            "outcome": dict(self.outcome) if self.outcome is not None else None,
            "deck_size": self.deck_size,
            "discard": list(self.discard),
            "flow": list(self.flow),
        }


def make_view(game: Game, seat: int | None) -> View:
    """The view of ``seat`` (``None``: public)."""
    rules = game.rules
    name = rules.codec.name
    n = game.n
    over = game.outcome is not None
    if rules.screens and not over:
        cash: tuple[int | None, ...] = tuple(
            c if s == seat else None for s, c in enumerate(game.cash)
        )
    else:
        cash = tuple(game.cash)
    lot = game.lot
    lot_items: tuple[tuple[str, Any], ...] | None = None
    if lot is not None:
        sealed = None
        if lot.sealed:
            sealed = [
                (b if s == seat else None) if b is not None else None
                for s, b in enumerate(lot.sealed)
            ]
        lot_items = (
            ("cards", [name(c) for c in lot.cards]),
            ("type", AUCTION_TYPES[lot.kind]),
            ("leader", lot.leader),
            ("adder", None if lot.adder < 0 else lot.adder),
            ("auctioneer", lot.auctioneer),
            ("high", lot.high),
            ("bids", [list(b) for b in lot.bids]),
            ("high_bidder", None if lot.high_bidder < 0 else lot.high_bidder),
            ("price", lot.price if lot.price >= 0 and lot.kind == 3 else None),
            ("sealed_done", [b is not None for b in lot.sealed] if lot.sealed else None),
            ("own_sealed_bid", sealed[seat] if sealed and seat is not None else None),
            ("asker", lot.asker),
            ("order", list(lot.order)),
            ("pos", lot.pos),
            ("passes", lot.passes),
            ("out", lot.out),
        )
    outcome = tuple(game.outcome.to_dict().items()) if game.outcome is not None else None
    return View(
        seat=seat,
        round=game.round + 1,
        phase=PHASES[game.phase],
        to_act=game.to_act(),
        hand=tuple(name(c) for c in sorted(game.hands[seat])) if seat is not None else None,
        hand_sizes=tuple(len(h) for h in game.hands[:n]),
        dummy_sizes=tuple(len(h) for h in game.hands[n:]),
        cash=cash,
        board=tuple(tuple(r) for r in game.board),
        counts=tuple(game.counts),
        owned=tuple(tuple(name(c) for c in o) for o in game.owned),
        table=tuple(name(c) for c in game.table),
        lot=lot_items,
        sales=tuple(game.sales) if rules.public_prices else None,
        outcome=outcome,
        deck_size=len(game.deck),
        discard=tuple(name(c) for c in game.discard),
        flow=(game.turn, game.flipper, game.resume, game.last_card_player,
              game.last_auctioneer, game.dummy_next),
        rules=rules,
    )
