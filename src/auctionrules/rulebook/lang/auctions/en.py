"""English sentences of the auction types (the rulebook's "Auctions" section), merged
into the catalog's ``SENTENCES`` (see :mod:`auctionrules.rulebook.lang`)."""

from __future__ import annotations

SENTENCES: dict[str, str] = {
    # Auctions
    "@auctions.intro": "The kinds of auction are the following.",
    "@auction.open": (
        "All players, the auctioneer included, may bid, each time they are asked; each bid "
        "must top the last one."
    ),
    "auctions.open.auctioneer_may_bid=false": (
        "All players but the auctioneer may bid, each time they are asked; each bid must top "
        "the last one. The auctioneer may not bid on their own card: when asked, they pass."
    ),
    "auctions.open.ending=full-round-of-passes": (
        "To close the auction, the players are asked in turn from the auctioneer's left: the "
        "auction ends when every player but the highest bidder has passed since the last bid "
        "(everyone, if nobody bid), and a player who passed may bid again later. The highest "
        "bidder buys the card."
    ),
    "auctions.open.ending=pass-is-final": (
        "The players are asked in turn from the auctioneer's left, the highest bidder passed "
        "over; a player who passes drops out of the auction for good, and the auction ends "
        "when only the highest bidder is left in, or nobody is. The highest bidder buys the "
        "card."
    ),
    "auctions.open.limits=private": (
        "Instead of answering each time they are asked, a player may name the most they will "
        "pay for the card, their limit: from then on, whenever they are asked, the lowest bid "
        "is made for them while it is within their limit and they do not hold the highest "
        "bid, and otherwise they pass. The limit stays secret: the others hear only the bids."
    ),
    "auctions.open.limits=announced": (
        "Instead of answering each time they are asked, a player may announce aloud the most "
        "they will pay for the card, their limit: from then on, whenever they are asked, the "
        "lowest bid is made for them while it is within their limit and they do not hold the "
        "highest bid, and otherwise they pass."
    ),
    "@auction.once_around": (
        "Each player has exactly one chance to bid or to pass, and each bid must be higher "
        "than the last one."
    ),
    "auctions.once_around.auctioneer_turn=last": (
        "Bidding starts with the player on the auctioneer's left and goes clockwise back to "
        "the auctioneer, who bids last. The last bid wins."
    ),
    "auctions.once_around.auctioneer_may_bid=false": (
        "In this game the auctioneer may not bid on their own card: their turn is a pass."
    ),
    "auctions.once_around.auctioneer_turn=first": (
        "The auctioneer bids first; then the others, from the auctioneer's left, clockwise. "
        "The last bid wins."
    ),
    "@auction.sealed": (
        "Every player, the auctioneer included, secretly takes the money of their bid in "
        "their closed fist (an empty fist is no bid); all fists are opened together and the "
        "highest bid wins."
    ),
    "auctions.sealed.tie_break=auctioneer-first": (
        "If two or more players tie for the highest bid, the card goes to the first of them "
        "in seat order starting with the auctioneer and going clockwise: a tied auctioneer "
        "buys the card."
    ),
    "auctions.sealed.tie_break=auctioneer-last": (
        "If two or more players tie for the highest bid, the card goes to the first of them "
        "in seat order starting on the auctioneer's left and going clockwise; the auctioneer "
        "comes last."
    ),
    "auctions.sealed.ties=tie-break": "",
    "auctions.sealed.ties=re-bid": (
        "If two or more players tie for the highest bid, only the tied players bid once "
        "more, in secret, each {more} (an empty fist keeps the tied bid); the highest of "
        "these bids wins. A second tie is settled as follows."
    ),
    "auctions.sealed.ties=re-bid-or-unsold": (
        "If two or more players tie for the highest bid, only the tied players bid once "
        "more, in secret, each {more} (an empty fist keeps the tied bid); the highest of "
        "these bids wins. If they tie again, the card is not sold: it stays "
        "on the table, owned by nobody, and counts for the ranking."
    ),
    "auctions.open.played_as=descending": (
        "In this game a card with the open auction symbol is sold by a descending "
        "auction (see below)."
    ),
    "auctions.once_around.played_as=descending": (
        "In this game a card with the once-around auction symbol is sold by a descending "
        "auction (see below)."
    ),
    "auctions.sealed.played_as=descending": (
        "In this game a card with the sealed auction symbol is sold by a descending "
        "auction (see below)."
    ),
    "auctions.fixed_price.played_as=descending": (
        "In this game a card with the fixed-price auction symbol is sold by a descending "
        "auction (see below)."
    ),
    "@auction.descending": (
        "A house rule. The auctioneer names a starting price, as for a fixed price. "
        "Starting on the auctioneer's left and going clockwise, the auctioneer last, each "
        "player in turn may buy the card at the current price or pass; the first who "
        "accepts buys it, paying the auctioneer (the bank, if the auctioneer buys it). A "
        "player without the money for the price must pass. When everyone has passed, the "
        "price falls by {step} and the players are asked again from the auctioneer's left. "
        "If the price cannot fall that far and everyone passes, the auctioneer keeps the "
        "card without paying."
    ),
    "@auction.fixed_price": (
        "The auctioneer names a price. Starting on the auctioneer's left and going "
        "clockwise, each player in turn may buy the card at that price or pass; the first "
        "who accepts buys it."
    ),
    "auctions.fixed_price.max_price=auctioneer-cash": (
        "The auctioneer may not name a price higher than the money they have."
    ),
    "auctions.fixed_price.max_price=unlimited": (
        "The auctioneer may name any price, even one higher than the money they have; a "
        "buyer still needs the money to pay it."
    ),
    "auctions.fixed_price.nobody_buys=auctioneer-buys": (
        "If nobody buys, the auctioneer must buy the card at the price they named, paying "
        "the bank."
    ),
    "auctions.fixed_price.nobody_buys=auctioneer-takes-free": (
        "If nobody buys, the auctioneer keeps the card without paying."
    ),
    "auctions.fixed_price.nobody_buys=unsold": (
        "If nobody buys, nobody gets the card: it stays on the table unsold and still "
        "counts for the ranking."
    ),
    "auctions.fixed_price.above_cash=unsold": (
        "If nobody buys a price higher than the auctioneer's own money, the card is not "
        "sold: it stays on the table and still counts for the ranking. A price the "
        "auctioneer cannot pay wins them nothing."
    ),
    "auctions.fixed_price.above_cash=auctioneer-pays-all": (
        "If nobody buys a price higher than the auctioneer's own money, the auctioneer "
        "buys the card for all the money they have (nothing, if they have none)."
    ),
    "auctions.fixed_price.broke_auctioneer=offer-at-zero": (
        "{who} offers the card for nothing: the first player from the left who accepts "
        "takes it free, {otherwise}."
    ),
    "auctions.fixed_price.broke_auctioneer=auctioneer-keeps": (
        "{who} holds no auction and keeps the card free."
    ),
    "@auction.double": (
        "A double card is never auctioned alone: it is auctioned together with a second card "
        "of the same {noun} that is not a double. The two cards are one lot, sold by the "
        "kind of auction of the second card, and the highest bidder buys both."
    ),
    "auctions.double.who_may_add=anyone": (
        "The player who plays the double may add the second card from their hand. If they "
        "cannot or will not, the player on their left may add one, then each other player "
        "in turn, clockwise."
    ),
    "auctions.double.who_may_add=leader-only": (
        "Only the player who plays the double may add the second card, from their own hand. "
        "They then auction both cards as one lot and receive the whole price."
    ),
    "auctions.double.nobody_adds=leader-keeps": (
        "If nobody adds a second card, the player who played the double takes it without "
        "paying."
    ),
    "auctions.double.nobody_adds=unsold": (
        "If nobody adds a second card, the double stays on the table unsold; it counts for "
        "the ranking."
    ),
    "auctions.double.lead_requires_companion=false": (
        "A player may play a double without holding a second card for it."
    ),
    "auctions.double.lead_requires_companion=true": (
        "A player may play a double only while holding a second card that could be added "
        "to it, and must then add that card: nobody else adds one. They auction both cards "
        "as one lot and receive the whole price."
    ),
    "auctions.double.lead_requires_companion": (
        "With {counts} players, a player may play a double only while holding a second card "
        "that could be added to it, and must then add that card: nobody else adds one. With "
        "other numbers of players, no second card is needed."
    ),
    "auctions.double.auctioneer=adder": (
        "Whoever adds the second card becomes the auctioneer of the lot, and play goes on "
        "from their left: the players in between lose their turn as auctioneer."
    ),
    "auctions.double.auctioneer=leader": (
        "The player who played the double stays the auctioneer of the lot, whoever added "
        "the second card."
    ),
    "auctions.double.payee=adder": (
        "The player who added the second card receives the whole price; it is not split "
        "with the player who played the double."
    ),
    "auctions.double.payee=auctioneer": (
        "The auctioneer of the lot receives the whole price; the player who played the "
        "double receives nothing unless they auction the lot themselves."
    ),
    "@double.paid.adder_not_auctioning": (
        "The player who added the second card receives the whole price, although the player "
        "who played the double auctions the lot; the price is not split."
    ),
    "@double.paid.leader_auctions": (
        "The auctioneer of the lot, the player who played the double, receives the whole "
        "price, whoever added the second card."
    ),
    "auctions.double.payee=split-equally": (
        "When another player added the second card, the price is split equally between the "
        "player who played the double and the player who added the second card."
    ),
    "auctions.double.split.odd_unit_to=adder": (
        "If the price does not split evenly, the odd {unit} goes to the player who added the "
        "second card."
    ),
    "auctions.double.split.odd_unit_to=leader": (
        "If the price does not split evenly, the odd {unit} goes to the player who played "
        "the double."
    ),
    "auctions.double.split.seller_wins=own-share-to-bank": (
        "If one of the two sellers buys the lot, they pay their own share to the bank and "
        "the other share to the other seller."
    ),
    "auctions.double.split.seller_wins=all-to-bank": (
        "If one of the two sellers buys the lot, they pay the whole price to the bank."
    ),
}
