"""The five auction types, one stateless strategy object each.

A lot's auction type picks its object from :data:`AUCTIONS` (indexed by the
type index of :mod:`auctionrules.engine.cards`); the double's object runs the
adding of the second card, after which the lot switches to the second card's
type. Every object answers the same four questions for the game loop: who must
act (:meth:`Auction.to_act`), what they may do (:meth:`Auction.legal`), why an
action is refused (:meth:`Auction.check`, ``None`` if it is legal; nothing is
changed), and what an accepted action does (:meth:`Auction.apply`). The
per-lot state lives in the :class:`~auctionrules.engine.lot.Lot`.

:meth:`Auction.playout` is the fast path of random rollouts: it runs the
auction with :class:`~auctionrules.engine.agents.ChoiceAgent` s, asking them the
plain questions that ``to_act``/``legal`` would have framed, and changes the
state as ``apply`` does (with the same helpers, or their few lines inlined in
the bidding loops). It must choose exactly what ``to_act()[0]``, ``legal`` and
``ChoiceAgent.act`` would: ``tests/engine/test_fast_paths.py`` compares it with
the step-by-step loop for every bundled variant.
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
