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
            [_minimum_raise(w, raise_by)] if (raise_by := r.money.minimum_raise) is not None
            else []
        ),
        _cash_limit(w),
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


def _rebid(w: Writer) -> bool:
    """Whether tied sealed bids are bid again (where the minimum raise applies too)."""
    sealed = w.ruleset.auctions.sealed
    return sealed.enabled and sealed.ties != "tie-break"


def _minimum_raise(w: Writer, raise_by: int) -> Sentence:
    """The raise applies wherever a bid tops another: open, once-around, a sealed re-bid."""
    amount = w.money(raise_by, "money.minimum_raise")
    if _rebid(w):
        return w.say("money.minimum_raise", "auctions.sealed.ties", "auctions.sealed.enabled",
                     template="@money.minimum_raise.rebid", amount=amount)
    return w.say("money.minimum_raise", "auctions.sealed.ties", "auctions.sealed.enabled",
                 amount=amount)


def _cash_limit(w: Writer) -> Sentence:
    """Nobody bids beyond their money; a fixed price may go beyond it where the price is
    unlimited, and then the sentence must not say "or offer"."""
    fp = w.ruleset.auctions.fixed_price
    deps = ("auctions.fixed_price.max_price", "auctions.fixed_price.enabled")
    if fp.enabled and fp.max_price == "unlimited":
        return w.say("@round.cash", *deps, template="@round.cash.bids")
    return w.say("@round.cash", *deps)


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
    return [
        opening,
        w.choose("auctions.open.ending", ending),
        w.choose("auctions.open.limits", w.ruleset.auctions.open.limits),
    ]


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
        raise_by = w.ruleset.money.minimum_raise
        more = (  # a re-bid tops the tied bid as any bid tops the last (Bidding.floor)
            w.word("rebid.more") if raise_by is None
            else w.word("rebid.more_by", amount=w.amount(raise_by))
        )
        sentences.append(w.choose("auctions.sealed.ties", sealed.ties, "money.minimum_raise",
                                  "theme.currency", more=more))
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
    if fp.max_price != "unlimited":  # (any price may be named: nobody is ever too poor to)
        sentences.append(_broke(w))
    return sentences


def _broke(w: Writer) -> Sentence:
    """An auctioneer who cannot name the smallest price (a price capped by their own
    money). An offer for nothing that nobody takes ends as a lot nobody buys does
    (``nobody_buys``)."""
    fp = w.ruleset.auctions.fixed_price
    path = "auctions.fixed_price.broke_auctioneer"
    deps = ("auctions.fixed_price.max_price", "auctions.fixed_price.nobody_buys",
            "money.minimum_bid", "theme.currency")
    who = w.word("broke.auctioneer", minimum=w.amount(w.ruleset.money.minimum_bid))
    if fp.broke_auctioneer == "offer-at-zero":
        otherwise = w.word("broke.unsold" if fp.nobody_buys == "unsold" else "broke.keeps")
        return w.choose(path, fp.broke_auctioneer, *deps, who=who, otherwise=otherwise)
    return w.choose(path, fp.broke_auctioneer, *deps, who=who)


_SINGLE = {
    "open": _open,
    "once_around": _once_around,
    "sealed": _sealed,
    "fixed_price": _fixed_price,
}


def _descending(w: Writer) -> list[Sentence]:
    """The house rule's auction, written once for every symbol played as one."""
    r = w.ruleset
    step = r.auctions.descending.step
    amount = w.money(5 * r.money.bid_unit if step is None else step,
                     "auctions.descending.step", "money.bid_unit")
    return [w.say("@auction.descending", "auctions.descending", step=amount)]


def auctions(w: Writer) -> Section:
    """One subsection per enabled single-card auction type (a symbol played as a
    descending auction says so), and one for the descending auction if any is."""
    subsections = []
    descending = []
    for name, build in _SINGLE.items():
        if not w.ruleset.auctions.of(name).enabled:
            continue
        path = f"auctions.{name}"
        with w.when(f"{path}.enabled", f"{path}.played_as"):  # (its own type, or not)
            if w.ruleset.auctions.played_as(name) == "descending":
                sentences = [w.choose(f"{path}.played_as", "descending")]
                descending.append(f"{path}.played_as")
            else:
                sentences = build(w)
        subsections.append(Section(path, w.word(f"auction.{name}"), [Paragraph(sentences)]))
    if descending:
        with w.when(*descending):
            sentences = _descending(w)
        subsections.append(Section("auctions.descending", w.word("auction.descending"),
                                   [Paragraph(sentences)]))
    intro = Paragraph([w.say("@auctions.intro")])
    return Section("auctions", w.word("auctions"), [intro], subsections)
