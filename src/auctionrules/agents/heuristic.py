"""A valuation player: bids up to a share of what the lot is worth, for any ruleset.

:class:`HeuristicAgent` reads only its view, its legal moves and the public
rules the view carries (ranking values, tie-break, valuation rule, round-end
card count, double rules, player count); it never names an edition. Each
decision starts from :func:`~auctionrules.agents.valuation.expected_values`
and then follows what good human players do:

* **Buying from a rival.** The price goes to a rival, so a sale at ``p`` of a
  lot worth ``v`` gains ``v - p`` while one rival gains ``p``: against the
  average rival the break-even price is ``v * (n - 1) / n`` (the first-price
  equilibrium), scaled by ``aggression``.
* **Buying one's own lot** pays the bank, and selling it would have paid us:
  only below ``own_share`` of its value.
* **Per auction type.** Open: say the limit (``limit N``, as a player at the
  table says "I go up to N"): the engine then raises by the minimum step for the
  seat while under it, without asking it again in that lot (an auctioneer whose
  unbid lot would be theirs for nothing passes first, and says it once someone
  bids). Once-around: raise by the minimum step while under the limit. Sealed:
  bid ``shading`` of the limit. Fixed price: name
  ``price_share`` of the value, a price the auctioneer would pay themselves.
  Double: lead one only with its companion in hand; add a companion when the
  artist is worth selling.
* **Leading.** Prefer artists worth a lot to the table, more so those the seat
  already owns (``push``); lay the card that ends the round only when the
  seat's holdings would then score better than the best rival's.
"""

from __future__ import annotations

import random
from typing import Any

from mypy_extensions import mypyc_attr

from auctionrules.agents.facts import Facts
from auctionrules.agents.valuation import (
    artist_counts,
    expected_values,
    leads_rivals,
    payouts_if_ended,
)
from auctionrules.compiled import set_state, state_of
from auctionrules.engine.actions import (
    BUY,
    FLIP,
    PASS,
    Action,
    Add,
    Limit,
    Play,
    bid_of,
    price_of,
)
from auctionrules.engine.cards import DOUBLE, SEALED, TYPE_INDEX, artist_of, auction_of
from auctionrules.engine.legal import Legal
from auctionrules.engine.money import top_of
from auctionrules.engine.policies import AuctioneerTakesFree
from auctionrules.engine.rules import Rules

#: A second card's auction type, the seller's preference first (open draws the most).
_ADD_PREFERENCE = (TYPE_INDEX["open"], TYPE_INDEX["once_around"], TYPE_INDEX["sealed"],
                   TYPE_INDEX["fixed_price"])
#: Lead scores far below any value: cards to lead only when nothing else is left.
_AVOID = -1e12


#: The agent's fields: its ``__slots__``, what a copy or a pickle keeps (see
#: :mod:`auctionrules.compiled`).
FIELDS = ("aggression", "discount", "hand_weight", "own_share", "price_share", "push", "rng",
          "shading")


@mypyc_attr(allow_interpreted_subclasses=True)
class HeuristicAgent:
    """Valuation-based play for any ruleset (see the module docstring).

    Parameters (defaults are the values that won the tuning tournaments):

    ``aggression``
        Multiplies the break-even share ``(n - 1) / n`` of a lot's value bid
        for a rival's lot.
    ``shading``
        The share of that limit bid in a sealed auction.
    ``own_share``
        The share of its value up to which the auctioneer buys their own lot.
    ``price_share``
        The share of its value named as a fixed price.
    ``discount``
        The weight of a value at the start of a round (1 at its end).
    ``hand_weight``
        How much each card of the own hand counts in the projected ranking.
    ``push``
        Extra lead preference per card already owned of the artist.
    """

    __slots__ = FIELDS

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        aggression: float = 1.2,
        shading: float = 0.95,
        own_share: float = 0.65,
        price_share: float = 0.75,
        discount: float = 0.7,
        hand_weight: float = 0.5,
        push: float = 0.5,
    ) -> None:
        self.rng = random.Random(seed)
        self.aggression = aggression
        self.shading = shading
        self.own_share = own_share
        self.price_share = price_share
        self.discount = discount
        self.hand_weight = hand_weight
        self.push = push

    def __getstate__(self) -> dict[str, Any]:
        # its parameters and generator, and what a subclass keeps
        return state_of(self, FIELDS)

    def __setstate__(self, state: dict[str, Any]) -> None:
        set_state(self, state)

    def __repr__(self) -> str:
        params = ", ".join(f"{name}={getattr(self, name)}" for name in self.params())
        return f"HeuristicAgent({params})"

    @staticmethod
    def params() -> tuple[str, ...]:
        """The names of the tunable parameters."""
        return ("aggression", "shading", "own_share", "price_share", "discount",
                "hand_weight", "push")

    def act(self, state: Any, legal: Legal) -> Action:
        """The action for ``legal``, reading only the view ``state``."""
        return self.decide(Facts.of_view(state), legal)

    def decide(self, facts: Facts, legal: Legal) -> Action:
        """The action for ``legal`` from the seat's facts (what :meth:`act` does once
        the view is read; search agents call it on their sampled games)."""
        if legal.price is not None:
            return price_of(self._price(facts, legal.price))
        actions = legal.actions
        if legal.bid is not None:
            return self._bid(facts, legal)
        if not actions:
            raise ValueError(f"no legal action: {legal!r}")
        if len(actions) == 1:
            return actions[0]
        first = actions[0]
        if isinstance(first, Play):
            return self._lead(facts, legal)
        if isinstance(first, Add):
            return self._add(facts, legal)
        if BUY in actions:
            lot = facts.lot
            price = lot.price if lot is not None and lot.price is not None else 0
            return BUY if price <= self.limit(facts) else PASS
        if FLIP in actions:
            return FLIP if leads_rivals(facts, payouts_if_ended(facts)) else PASS
        return actions[0]

    # --- what things are worth --------------------------------------------------------

    def values(self, facts: Facts) -> list[float]:
        """Each artist's estimated value per card (see :mod:`.valuation`)."""
        return expected_values(facts, self.hand_weight, self.discount)

    def lot_value(self, facts: Facts) -> float:
        """The estimated value of the lot under the hammer."""
        if facts.lot is None:
            return 0.0
        values = self.values(facts)
        return sum(values[artist_of(card)] for card in facts.lot.cards)

    def limit(self, facts: Facts) -> float:
        """The most worth paying for the lot: less for one's own lot (paid to the bank)."""
        value = self.lot_value(facts)
        if facts.lot is not None and facts.lot.auctioneer == facts.seat:
            return self.own_share * value
        n = facts.rules.players
        return self.aggression * value * (n - 1) / n

    # --- decisions --------------------------------------------------------------------

    def _price(self, facts: Facts, span: tuple[int, int, int]) -> int:
        return within(span, self.price_share * self.lot_value(facts))

    def _bid(self, facts: Facts, legal: Legal) -> Action:
        lot, span = facts.lot, legal.bid
        assert lot is not None and span is not None
        auctioneer, high_bidder = lot.auctioneer, lot.high_bidder
        limit = self.limit(facts)
        lo = span[0]
        if lot.kind == SEALED:
            target = self.shading * limit
            return bid_of(within(span, target)) if target >= lo else PASS
        return open_answer(limit, legal, auctioneer=auctioneer, high_bidder=high_bidder,
                           seat=facts.seat, rules=facts.rules)

    def _lead(self, facts: Facts, legal: Legal) -> Action:
        values = self.values(facts)
        codes = facts.rules.codec.codes
        owned = artist_counts(facts, facts.owned[facts.seat])
        companions = artist_counts(facts, (c for c in facts.hand if auction_of(c) != DOUBLE))
        rules = facts.rules
        best, best_score = legal.actions[0], _AVOID * 2
        for action in legal.actions:
            code = codes[_card(action)]
            artist, kind = artist_of(code), auction_of(code)
            score = values[artist] * (1.0 + self.push * owned[artist])
            if rules.ends_unsold(facts.counts[artist] + 1):
                good = leads_rivals(facts, payouts_if_ended(facts, (artist,)))
                score = -_AVOID if good else _AVOID
            elif kind == DOUBLE:
                score = 2 * score if companions[artist] else _AVOID / 2
            if score > best_score:
                best, best_score = action, score
        return best

    def _add(self, facts: Facts, legal: Legal) -> Action:
        adds = [a for a in legal.actions if isinstance(a, Add)]
        if not adds:
            return PASS
        lot = facts.lot
        assert lot is not None
        artist = artist_of(lot.cards[0])
        may_pass = PASS in legal.actions
        if facts.rules.ends_unsold(facts.counts[artist] + 1):
            # the second card would end the round with both cards unsold
            if may_pass and not leads_rivals(facts, payouts_if_ended(facts, (artist,))):
                return PASS
        elif may_pass and lot.leader != facts.seat and self.values(facts)[artist] <= 0:
            return PASS
        codes = facts.rules.codec.codes
        return min(adds, key=lambda a: _ADD_PREFERENCE.index(auction_of(codes[_card(a)])))


def open_answer(
    limit: float, legal: Legal, *, auctioneer: int, high_bidder: int | None, seat: int,
    rules: Rules,
) -> Action:
    """What a seat that would pay up to ``limit`` answers in an open or once-around
    auction: where a limit is legal, the limit itself, and the engine bids for it
    (the lowest bid while it is within the limit and the seat is not the high bidder;
    neither the limit nor the lot's cards and values change while the lot is under the
    hammer); once around, the engine's answer on that limit, said as a bid or a pass.
    An auctioneer whose unbid lot is theirs for nothing if nobody bids passes rather
    than bid on it first (and says its limit once somebody has bid)."""
    if waits_for_a_bid(auctioneer, high_bidder, seat, rules):
        return PASS
    if legal.limit is not None:
        return limit_of(limit, legal.limit)
    span = legal.bid
    assert span is not None
    amount = rules.bidding.answer(limit, span[0], seat, high_bidder)
    return PASS if amount is None else bid_of(amount)


def waits_for_a_bid(auctioneer: int, high_bidder: int | None, seat: int, rules: Rules) -> bool:
    """Whether ``seat`` is the auctioneer of a lot nobody has bid on (``high_bidder``
    ``None``) that is theirs for nothing if nobody does: it passes rather than bid on
    it first."""
    return (high_bidder is None and auctioneer == seat
            and isinstance(rules.no_bid, AuctioneerTakesFree))


def limit_of(limit: float, span: tuple[int, int, int]) -> Limit:
    """``limit`` said as a legal limit of ``span`` (a ``Legal.limit``): the largest of
    its amounts at most ``limit``, 0 (out of the lot) below them all. The engine then
    bids the lowest bid while it is within (:meth:`Bidding.answer
    <auctionrules.engine.money.Bidding.answer>`)."""
    lo, top, step = span
    if limit >= top:
        return Limit(top)
    if limit < step:
        return Limit(lo)
    return Limit(top_of(lo, int(limit), step))


def _card(action: Action) -> Any:
    return action.card  # type: ignore[attr-defined]


def within(span: tuple[int, int, int], target: float) -> int:
    """The legal amount of ``span`` nearest below ``target`` (its minimum at least)."""
    lo, hi, step = span
    if target <= lo:
        return lo
    if target >= hi:
        return hi
    return top_of(lo, int(target), step)
