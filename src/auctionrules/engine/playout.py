"""Playing a game to its end with agents: the loop behind :meth:`Game.playout`.

With agents that decide from the shape of the legal moves alone
(:class:`~auctionrules.engine.agents.ChoiceAgent`, such as
:class:`~auctionrules.engine.agents.RandomAgent`) the loop skips building the
questions: it asks the agents with plain numbers (how many cards one may lead,
which bid range) and makes the state changes :meth:`Game.step` would make. That
is the fast path of random rollouts, for search and learning agents that play
thousands of games; it plays exactly the game the step-by-step loop plays,
action for action (``tests/engine/test_fast_paths.py`` compares them for every
bundled variant and every option value). Any other agent gets the step-by-step
loop, every action checked.

The fast path runs lot after lot in one loop: it leads (``RoundFlow._lead``
written out), has the lot's auction type run the auction
(:meth:`Auction.run <auctionrules.engine.auctions.Auction.run>`, which returns
the sale) and settles the sale (:meth:`RoundFlow.pay
<auctionrules.engine.flow.RoundFlow.pay>`, then the next lead). What the auctions
read is fetched once a round. The calls and lookups this saves between the small
steps of the round flow were a quarter of a random game. Every rule choice is
still the compiled strategies', and whatever is rare (a round end, a dummy card,
a lot nobody bought) goes through the game's own methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from auctionrules.engine.actions import FLIP, PASS
from auctionrules.engine.agents import Agent, ChoiceAgent, plays_by_choice
from auctionrules.engine.auctions import AUCTIONS
from auctionrules.engine.events import sold_fields
from auctionrules.engine.flow import AUCTION, FLIPPING, LEAD
from auctionrules.engine.lot import NOBODY, Lot
from auctionrules.engine.policies import BANK, to_seller

if TYPE_CHECKING:
    from auctionrules.engine.game import Game

_FLIP_OR_PASS = (FLIP, PASS)
_RUNS = tuple(auction.run for auction in AUCTIONS)


def playout(game: Game, agents: Sequence[Agent]) -> None:
    """Play ``game`` to its end, ``agents[seat]`` choosing for each seat."""
    if len(agents) != game.n:
        raise ValueError(f"{len(agents)} agents for {game.n} seats: give one per seat")
    to_act, legal, step = game.to_act, game.legal, game.step
    if not plays_by_choice(agents):
        while not game.is_over:
            seat = to_act()[0]
            step(agents[seat].act(game, legal(seat)), seat)
        return
    # An auction under way (a playout taking over mid-lot) ends step by step: a choice
    # agent's act asks itself the same questions, so the draws are the same.
    while game.phase == AUCTION:
        seat = to_act()[0]
        step(agents[seat].act(game, legal(seat)), seat)
    game._acting = game._legal = None
    chooser = list(agents)
    while True:
        phase = game.phase
        if phase == LEAD:
            _lots(game, chooser)
        elif phase == FLIPPING:  # the flipper may turn over a dummy card
            seat = game.flipper
            game._do(seat, _FLIP_OR_PASS[chooser[seat].pick(2)])
        else:
            return


def _lots(game: Game, agents: list[ChoiceAgent]) -> None:  # noqa: PLR0915 - one loop, on purpose
    """Lead, auction and settle lot after lot until the round ends or the game leaves
    the lead phase (a dummy card to decide on, the end of the game)."""
    rules, n, hands, names = game.rules, game.n, game.hands, game._names
    round_index, counts, distinct, leadable = game.round, game.counts, game.distinct, game.leadable
    hot = (game.cash, game._raw, round_index + 1, game._unit, game.bid_floor(0))
    raw, artist_cards, last_card_sold = game._raw, rules.artist_cards, rules.last_card_sold
    cash, owned, sales, payee = game.cash, game.owned, game.sales, rules.payee
    # After a sale the next seat leads, unless a dummy card may be turned over or the
    # last card sold ends the round: then RoundFlow._settled decides.
    plain_settle = not rules.dummies and not last_card_sold
    companion_rule = rules.lead_requires_companion
    while game.phase == LEAD and game.round == round_index:
        seat = game.turn
        codes = leadable(seat) if companion_rule else distinct[seat]
        code = codes[agents[seat].pick(len(codes))]
        # RoundFlow._lead, up to the auction's start (which Auction.run makes)
        hand = hands[seat]
        hand.remove(code)
        if code not in hand:
            distinct[seat].remove(code)
        raw.append(("play", round_index + 1, seat, names[code]))
        game.lot = lot = Lot(n, seat, code, code % 5)
        game.last_card_player = game.last_auctioneer = seat
        artist = code // 5
        counts[artist] += 1
        if counts[artist] >= artist_cards:
            game._end_round(exhausted=False, artist=artist)
            return
        if not hand and not last_card_sold and game._exhausted():
            game._end_round(exhausted=True)
            return
        game.phase = AUCTION
        sale = _RUNS[lot.kind](game, lot, agents, hot)
        while sale is None and game.lot is lot and game.phase == AUCTION:  # a double went on
            sale = _RUNS[lot.kind](game, lot, agents, hot)
        if sale is None:  # the lot ended without a sale, through the game's methods
            continue
        # RoundFlow.sell: pay
        winner, price = sale
        auctioneer = lot.auctioneer
        cash[winner] -= price
        if lot.adder != NOBODY:
            payments = tuple(payee.payments(lot, winner, price))
        elif price:
            payments = ((to_seller(auctioneer, winner), price),)
        else:
            payments = ()
        for to, amount in payments:
            if to == BANK:
                game.bank_in += amount
            else:
                cash[to] += amount
        owned[winner].extend(lot.cards)
        sales.append((round_index, winner, price))
        raw.append(("sold", round_index + 1, sold_fields, names, winner, price, lot.cards,
                    auctioneer, payments))
        if plain_settle:  # RoundFlow._settled and _lead_from, the usual case first
            game.lot = None
            game.last_auctioneer = auctioneer
            seat = (auctioneer + 1) % n
            if hands[seat] and not companion_rule:
                game.phase, game.turn = LEAD, seat
            else:
                game._lead_from(seat)
        else:
            game._settled(lot, winner)
