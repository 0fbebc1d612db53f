"""Playing a round and the four single-card auction types.

Each auction type is a subsection written only when the type is enabled; its
sentences are conditional on ``auctions.<type>.enabled`` so that switching a
type off changes exactly the sentences that described it.
"""

from __future__ import annotations

from auctionrules.model import AUCTION_TYPES
from auctionrules.rulebook.document import Paragraph, Section, Sentence
from auctionrules.rulebook.writer import Writer


def playing(w: Writer) -> Section:
    """The auctioneer's turn, payment, bidding rules and the no-bid rule."""
    r = w.ruleset
    turn = [w.say("@round.turn"), w.say("@round.pay"), w.say("@round.order")]
    bids = [
        _bid_unit(w),
        w.say("money.minimum_bid", minimum=w.money(r.money.minimum_bid, "money.minimum_bid")),
        *(
            [w.say("money.minimum_raise", amount=w.money(raise_by, "money.minimum_raise"))]
            if (raise_by := r.money.minimum_raise) is not None
            else []
        ),
        w.say("@round.cash"),
        w.choose("no_bid", r.no_bid),
    ]
    disabled = [
        w.choose(
            f"auctions.{t}.enabled", False, auction=w.word(f"auction.{t}").lower()
        )
        for t in AUCTION_TYPES
        if not r.auctions.of(t).enabled
    ]
    kinds = [w.say("@round.kinds")]
    blocks = [Paragraph(turn), Paragraph(kinds + disabled), Paragraph(bids)]
    blocks.append(Paragraph([w.say("@round.empty_hand")]))
    return Section("playing", w.word("playing"), blocks)


def _bid_unit(w: Writer) -> Sentence:
    """"Multiples of 1" says nothing: a unit of one is said as whole amounts."""
    unit = w.ruleset.money.bid_unit
    if unit == 1:
        currency = w.ruleset.theme.currency.name.get(w.lang)
        return w.say("money.bid_unit=1", "theme.currency", currency=currency)
    return w.say("money.bid_unit", unit=w.money(unit, "money.bid_unit"))


def _open(w: Writer) -> list[Sentence]:
    ending = w.ruleset.auctions.open.ending
    may_bid = "auctions.open.auctioneer_may_bid"
    opening = (  # the shared text says the auctioneer may bid: it depends on the option
        w.say("@auction.open", may_bid)
        if w.ruleset.auctions.open.auctioneer_may_bid
        else w.choose(may_bid, False)
    )
    return [opening, w.choose("auctions.open.ending", ending)]


def _once_around(w: Writer) -> list[Sentence]:
    once = w.ruleset.auctions.once_around
    turn = once.auctioneer_turn
    sentences = [
        w.say("@auction.once_around"),
        w.choose("auctions.once_around.auctioneer_turn", turn),
    ]
    if not once.auctioneer_may_bid:
        sentences.append(w.choose("auctions.once_around.auctioneer_may_bid", False))
    return sentences


def _sealed(w: Writer) -> list[Sentence]:
    sealed = w.ruleset.auctions.sealed
    sentences = [w.say("@auction.sealed")]
    if sealed.ties != "tie-break":  # (the books': the tie-break alone, said below)
        sentences.append(w.choose("auctions.sealed.ties", sealed.ties))
    if sealed.ties != "re-bid-or-unsold":  # (a second tie unsold: no tie-break)
        sentences.append(
            w.choose("auctions.sealed.tie_break", sealed.tie_break, "auctions.sealed.ties")
        )
    return sentences


def _fixed_price(w: Writer) -> list[Sentence]:
    fp = w.ruleset.auctions.fixed_price
    sentences = [
        w.say("@auction.fixed_price"),
        w.choose("auctions.fixed_price.max_price", fp.max_price),
        w.choose("auctions.fixed_price.nobody_buys", fp.nobody_buys),
    ]
    if fp.max_price == "unlimited" and fp.nobody_buys == "auctioneer-buys":
        # the only case where the auctioneer may owe more than they have
        sentences.append(
            w.choose(
                "auctions.fixed_price.above_cash",
                fp.above_cash,
                "auctions.fixed_price.max_price",
                "auctions.fixed_price.nobody_buys",
            )
        )
    sentences.append(
        w.choose(
            "auctions.fixed_price.broke_auctioneer",
            fp.broke_auctioneer,
            "auctions.fixed_price.max_price",
        )
    )
    return sentences


_SINGLE = {
    "open": _open,
    "once_around": _once_around,
    "sealed": _sealed,
    "fixed_price": _fixed_price,
}


def auctions(w: Writer) -> Section:
    """One subsection per enabled single-card auction type."""
    subsections = []
    for name, build in _SINGLE.items():
        if not w.ruleset.auctions.of(name).enabled:
            continue
        path = f"auctions.{name}"
        with w.when(f"{path}.enabled"):
            sentences = build(w)
        subsections.append(Section(path, w.word(f"auction.{name}"), [Paragraph(sentences)]))
    intro = Paragraph([w.say("@auctions.intro")])
    return Section("auctions", w.word("auctions"), [intro], subsections)
