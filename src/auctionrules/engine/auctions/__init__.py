"""The five auction types, one stateless strategy object each.

A lot's auction type picks its object from :data:`AUCTIONS` (indexed by the
type index of :mod:`auctionrules.engine.cards`); the double's object runs the
adding of the second card, after which the lot switches to the second card's
type. Every object answers the same four questions for the game loop: who must
act (:meth:`Auction.to_act`), what they may do (:meth:`Auction.legal`), why an
action is refused (:meth:`Auction.check`, ``None`` if it is legal; nothing is
changed), and what an accepted action does (:meth:`Auction.apply`). The
per-lot state lives in the :class:`~auctionrules.engine.lot.Lot`.

:mod:`auctionrules.engine.playout` plays the same auctions for random rollouts,
written out in its loop; it shares these objects' rule helpers (``next_in_order``,
``FixedPriceAuction.nobody_buys``, ``DoubleAuction.nobody_adds``), and
``tests/engine/test_fast_paths.py`` holds it to the game these objects play.
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
