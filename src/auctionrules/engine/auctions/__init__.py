"""The five auction types, one stateless strategy object each.

A lot's auction type picks its object from :data:`AUCTIONS` (indexed by the
type index of :mod:`auctionrules.engine.cards`); the double's object runs the
adding of the second card, after which the lot switches to the second card's
type. Each object sets its lot up (:meth:`Auction.start`) and says why an action
is refused (:meth:`Auction.check`, ``None`` if it is legal; nothing is changed),
and holds the rule helpers of its type (the sealed reveal, naming a fixed price,
what happens when nobody buys or adds). Who is asked what, and what an answer
does, is written once in :mod:`auctionrules.engine.decisions`. The per-lot state
lives in the :class:`~auctionrules.engine.lot.Lot`. An auction type writes no
history: it returns what happened (the bids a reveal opened) and the round flow,
the history's only writer, logs it.
"""

from auctionrules.engine.auctions.base import Auction
from auctionrules.engine.auctions.bidding import OnceAround, OpenAuction, SealedAuction
from auctionrules.engine.auctions.double import DoubleAuction
from auctionrules.engine.auctions.fixed_price import FixedPriceAuction

#: The auction strategies in auction-type index order.
AUCTIONS: tuple[Auction, ...] = (
    OpenAuction(),
    OnceAround(),
    SealedAuction(),
    FixedPriceAuction(),
    DoubleAuction(),
)

__all__ = [
    "AUCTIONS",
    "Auction",
    "DoubleAuction",
    "FixedPriceAuction",
    "OnceAround",
    "OpenAuction",
    "SealedAuction",
]
