"""Determinization: a full game consistent with what one player has seen.

Information-set search (ISMCTS, PIMC) plays on *sampled* games: the player's
view fixes what is known; everything hidden is drawn again. :func:`determinize`
builds such a game from a :class:`~auctionrules.engine.views.View` alone (a
view carries the compiled rules), so an agent that is only ever handed views
can search; :meth:`Game.determinize <auctionrules.engine.Game.determinize>` does
the same from a game, for a seat.

What is re-sampled, and how:

* **Cards.** The unseen cards are the deck minus every card the seat has seen
  (its own hand, the table, the cards owned this round, the lot under the
  hammer, the discard of earlier rounds). They are shuffled and dealt again to
  the other players' hands, the dummy hands and the undealt deck, each keeping
  its size. A deal that leaves the game unable to go on is drawn again
  (rejection sampling, so the deal stays uniform over the consistent ones): under
  ``lead_requires_companion`` the seat to lead must hold a card it may lead, and
  a leader who led a double must hold its companion.
* **Sealed bids** other seats have made and not yet revealed: an empty fist or
  a bid anywhere in the legal range, even odds (a choice, not an inference);
  or, given a ``sealed`` model (a function of the determinized game and the
  seat's legal moves then, such as an agent's decision), the model's bid (its
  pass is an empty fist), drawn once the hands are dealt. A re-bid after a tie
  is always drawn at even odds.
* **Chance to come**: the determinized game's own generator (which dummy card
  is turned over at random) is seeded with ``seed``.
* **Money behind screens.** Every payment is public (each ``sold`` and
  ``scored`` event names it), so a player who followed the game knows every
  fortune: :meth:`Game.determinize` keeps the cash. A view alone does not hold
  the history, so :func:`determinize` takes the others' cash as ``cash`` when
  the caller kept it; otherwise it estimates each hidden fortune as the seat's
  own cash (the same payouts reach every player), raised where a public bid or
  the fixed price shows a seat holds more.

The determinized game starts its history at the determinization: its
``events`` and ``log`` are empty and it has no replayable record (its deal is a
sample). Its view of ``seat`` equals the view it was made from; the seat's own
hand never changes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from auctionrules.engine.actions import PASS, Action, Bid
from auctionrules.engine.cards import DOUBLE, FIXED_PRICE, shuffle
from auctionrules.engine.errors import EngineError
from auctionrules.engine.flow import AUCTION, LEAD, index_hands
from auctionrules.engine.legal import Legal
from auctionrules.engine.lot import CHOOSING, PRICING, REBID, SEALED, Lot
from auctionrules.engine.outcome import Outcome
from auctionrules.engine.state import State
from auctionrules.engine.views import PHASES, View

if TYPE_CHECKING:
    from auctionrules.engine.game import Game

    #: A model of a seat's sealed bid: ``model(game, legal)``, a bid or a pass.
    SealedModel = Callable[[Game, Legal], Action]

#: Deals drawn before giving up on a deal the game can go on from (each retry is
#: a shuffle; a consistent deal is found in a few tries in every bundled variant).
_TRIES = 1000


def determinize(
    view: View,
    seed: int,
    *,
    cash: Sequence[int] | None = None,
    sealed: SealedModel | None = None,
) -> Game:
    """A full game consistent with ``view``, its hidden parts drawn with ``seed``.

    ``determinize(view, seed).view(view.seat) == view``. ``cash`` gives every
    seat's money when the caller knows it (from the public history); without it
    the money a view hides is estimated (see the module docstring). ``sealed``
    models the others' unrevealed sealed bids (see the module docstring).
    """
    from auctionrules.engine.game import Game  # noqa: PLC0415 - the game module imports this one

    seat = view.seat
    if seat is None:
        raise EngineError("a spectator's view cannot be determinized: name a seat")
    rules = view.rules
    code = rules.codec.by_name
    state = State(rules, seed)
    state.phase = PHASES.index(view.phase)
    state.round = view.round - 1
    state.board = [list(row) for row in view.board]
    state.counts = tuple(view.counts)
    state.owned = tuple([tuple([code[c] for c in cards]) for cards in view.owned])
    state.table = tuple([code[c] for c in view.table])
    state.discard = [code[c] for c in view.discard]
    (state.turn, state.flipper, state.resume, state.last_card_player, state.last_auctioneer,
     state.dummy_next) = view.flow
    state.sales = tuple(view.sales or ())
    state.paintings = tuple(view.paintings)
    state.outcome = Outcome.from_dict(dict(view.outcome)) if view.outcome is not None else None
    state.cash = tuple(_cash(view, cash))
    state.bank_in = state.bank_out = 0
    state.money_total = sum(state.cash)
    state.lot = _lot(view, state, random.Random(seed)) if view.lot_part is not None else None
    own = [code[c] for c in view.hand or ()]
    _deal(state, view, own, random.Random(seed))
    seen = [*state.table, *state.discard, *[c for cards in state.owned for c in cards]]
    seen += state.lot.cards if state.lot is not None else []
    state.start = {"hands": [list(h) for h in state.hands], "deck": list(state.deck),
                   "determinized": True}
    state.start_extra = seen
    game = Game(state)
    if sealed is not None and state.lot is not None and state.lot.sealed is not None:
        _model_sealed(game, seat, sealed)
    return game


def _cash(view: View, known: Sequence[int] | None) -> list[int]:
    seat = view.seat
    assert seat is not None
    if known is not None:
        if len(known) != len(view.cash) or any(
            shown is not None and shown != given
            for shown, given in zip(view.cash, known, strict=True)
        ):
            raise EngineError(f"cash {list(known)} contradicts the view's {list(view.cash)}")
        return list(known)
    own = view.cash[seat]
    assert own is not None
    out = [own if c is None else c for c in view.cash]
    lot = view.lot_part
    if lot is not None:  # a standing bid shows a lower bound of the bidder's cash
        for bidder, amount in lot.bids:
            if view.cash[bidder] is None:
                out[bidder] = max(out[bidder], amount)
    return out


def _lot(view: View, state: State, rng: random.Random) -> Lot:
    """The lot under the hammer, the others' unrevealed sealed bids drawn again (from
    ``state``'s lowest bid and cash)."""
    rules, seat, cash = view.rules, view.seat, state.cash
    seen = view.lot_part
    assert seen is not None and seat is not None
    lot = Lot(rules.players, seen.leader, seen.cards[0], seen.kind)
    lot.cards = list(seen.cards)
    lot.adder = seen.adder
    lot.auctioneer = seen.auctioneer
    lot.high = seen.high
    lot.high_bidder = seen.high_bidder
    lot.bids = list(seen.bids)
    lot.asker, lot.order, lot.pos = seen.asker, seen.order, seen.pos
    lot.passes, lot.out = seen.passes, seen.out
    limits = seen.limits
    lot.limits = list(limits) if any(said is not None for said in limits) else None
    lot.price = seen.price
    done = seen.sealed_done
    # (the lot's stage, read off what the view shows of it)
    if lot.kind == DOUBLE:
        lot.stage = CHOOSING
    elif lot.kind == FIXED_PRICE and lot.price is None:
        lot.stage = PRICING
    elif done is not None:
        lot.stage = REBID if lot.high else SEALED
    if done is not None:
        unit = rules.unit
        # a re-bid after a tie (sealed.ties): only the tied seats (lot.bids) bid again,
        # above the tied bid (lot.high) or keeping it; the others' bids are 0
        tied = {s for s, _ in lot.bids} if lot.high else None
        floor = rules.bidding.floor(lot.high)
        sealed: list[int | None] = []
        for s, bid in enumerate(done):
            if not bid:
                sealed.append(None)
            elif s == seat:
                sealed.append(seen.own_bid)
            elif tied is not None and (s not in tied or cash[s] < floor or rng.random() < 0.5):
                sealed.append(lot.high if s in tied else 0)
            elif cash[s] < floor or rng.random() < 0.5:
                sealed.append(0)
            else:
                sealed.append(floor + rng.randrange((cash[s] - floor) // unit + 1) * unit)
        lot.sealed = sealed
    return lot


def _model_sealed(game: Game, seat: int, model: SealedModel) -> None:
    """The others' unrevealed sealed bids (not a re-bid after a tie) by ``model``."""
    lot = game.state.lot
    assert lot is not None and lot.sealed is not None
    if lot.high:
        return
    for s, bid in enumerate(lot.sealed):
        if s == seat or bid is None:
            continue
        span = game.state.bid_range(s, 0)
        if span is None:
            lot.sealed[s] = 0
            continue
        legal = Legal(s, (PASS,), span)
        action = model(game, legal)
        lot.sealed[s] = action.amount if isinstance(action, Bid) and action in legal else 0


def _deal(game: State, view: View, own: list[int], rng: random.Random) -> None:
    """Deal the unseen cards to the other hands and the deck, sizes kept; a deal
    the game cannot go on from is drawn again."""
    rules, seat = view.rules, view.seat
    assert seat is not None
    unseen = Counter(rules.deck)
    seen = Counter(own) + Counter(game.table) + Counter(game.discard)
    for cards in game.owned:
        seen.update(cards)
    if game.lot is not None:
        seen.update(game.lot.cards)
    if seen - unseen:
        names = sorted(rules.codec.names[c] for c in seen - unseen)
        raise EngineError(f"the view shows more cards than the deck holds: {names}")
    pool = sorted((unseen - seen).elements())
    sizes = [0 if s == seat else size for s, size in enumerate(view.hand_sizes)]
    sizes += list(view.dummy_sizes)
    if sum(sizes) + view.deck_size != len(pool):
        raise EngineError(
            f"the view's hand and deck sizes ({sum(sizes)} + {view.deck_size}) do not match "
            f"the {len(pool)} cards it has not seen"
        )
    for _ in range(_TRIES):
        shuffle(pool, rng)  # (the deal's own shuffle: the same draws as rng.shuffle)
        hands, at = [], 0
        for s, size in enumerate(sizes):
            if s == seat:
                hands.append(list(own))
            else:
                hands.append(pool[at : at + size])
                at += size
        game.hands, game.deck = hands, pool[at:]
        index_hands(game)
        if _can_go_on(game):
            return
    raise EngineError(f"no deal consistent with the view lets the game go on ({_TRIES} tries)")


def _can_go_on(game: State) -> bool:
    """Whether the seat to act has a legal action (a sampled hand may lack the card a
    public action shows its holder had)."""
    if not game._companion_rule:
        return True
    if game.phase == LEAD:
        return bool(game.leadable(game.turn))
    lot = game.lot
    if game.phase == AUCTION and lot is not None and lot.kind == DOUBLE and lot.pos == 0:
        return bool(game.companions(lot.leader, lot.cards[0]))
    return True
