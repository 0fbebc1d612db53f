"""The double auction: a second card of the artist is added, then its type runs the sale."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import TYPE_CHECKING

from auctionrules.engine.actions import PASS, Action, Add, Pass
from auctionrules.engine.auctions.base import Auction, Hot, Sale
from auctionrules.engine.cards import DOUBLE
from auctionrules.engine.legal import Legal
from auctionrules.engine.lot import Lot

if TYPE_CHECKING:
    from auctionrules.engine.agents import ChoiceAgent
    from auctionrules.engine.flow import RoundFlow as Game


class DoubleAuction(Auction):
    """A double card: from its leader round the table (``double.who_may_add``) each
    may add a second card of the artist that is not a double; the lot is then
    auctioned by the second card's type. Nobody adds: ``double.nobody_adds``."""

    __slots__ = ()
    name = "double"

    def start(self, game: Game, lot: Lot) -> None:
        rules = game.rules
        order = rules.orders[lot.leader]
        order = order[-1:] + order[:-1] if rules.anyone_may_add else (lot.leader,)
        lot.order, lot.pos, lot.asker = order, 0, order[0]

    @staticmethod
    def _must_add(game: Game, lot: Lot, seat: int) -> bool:
        """Under ``lead_requires_companion`` the leader led the double *because* they hold
        its companion, and must add it: the double may not go round the table for free."""
        return game.rules.lead_requires_companion and seat == lot.leader and lot.pos == 0

    def legal(self, game: Game, lot: Lot, seat: int) -> Legal:
        adds = tuple(map(game.rules.adds.__getitem__, game.companions(seat, lot.cards[0])))
        return Legal(seat, adds if self._must_add(game, lot, seat) else (*adds, PASS))

    def check(self, game: Game, lot: Lot, seat: int, action: Action) -> str | None:
        if isinstance(action, Pass):
            if self._must_add(game, lot, seat):
                return "under the companion rule the leader must add the second card"
            return None
        if isinstance(action, Add):
            code = game.rules.codec.code(action.card)
            first = lot.cards[0]
            if code // 5 != first // 5:
                return f"the second card must be of the double's artist ({first // 5})"
            if code % 5 == DOUBLE:
                return "the second card may not be a double"
            if code not in game.hands[seat]:
                return f"{action.card} is not in seat {seat}'s hand"
            return None
        return "a double is waiting for a second card: add ARTIST/TYPE or pass"

    def run(
        self, game: Game, lot: Lot, agents: Sequence[ChoiceAgent], hot: Hot
    ) -> Sale | None:
        self.start(game, lot)
        raw, round_number = hot[1], hot[2]
        first, order, distinct = lot.cards[0], lot.order, game.distinct
        low = first // 5 * 5
        may_pass = not game.rules.lead_requires_companion  # (the leader, asked first, must add)
        for pos, seat in enumerate(order):
            lot.pos, lot.asker = pos, seat
            # legal: add any companion in hand, or pass (unless the leader must add)
            held = distinct[seat]  # the companions, as RoundFlow.companions
            companions = held[bisect_left(held, low) : bisect_left(held, low + DOUBLE)]
            index = agents[seat].pick(len(companions) + (may_pass or pos > 0))
            if index < len(companions):
                game.place_second(lot, seat, companions[index])  # goes on, or ends the round
                return None
            raw.append(("pass", round_number, seat))
        lot.pos = len(order)
        self.nobody_adds(game, lot)
        return None

    def apply(self, game: Game, lot: Lot, seat: int, action: Action) -> None:
        if isinstance(action, Add):
            game.add_second(lot, seat, game.rules.codec.code(action.card))
            return
        game._raw.append(("pass", game.round + 1, seat))
        if not lot.ask_next():
            self.nobody_adds(game, lot)

    @staticmethod
    def nobody_adds(game: Game, lot: Lot) -> None:
        """Everyone passed: ``double.nobody_adds`` says what becomes of the double."""
        if game.rules.nobody_adds_unsold:
            game.leave_unsold(lot)
        else:
            game.take_free(lot, lot.leader)
