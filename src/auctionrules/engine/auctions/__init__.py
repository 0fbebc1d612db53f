"""The auction types, one stateless strategy object each, which owns its whole flow.

A lot's auction type picks its object from :data:`AUCTIONS` (indexed by the
type index of :mod:`auctionrules.engine.cards`). Each object sets its lot up
(:meth:`Auction.start`), writes once what a seat may do
(:meth:`Auction.question`, from which the ``Legal``, a choice agent's plain
questions and the reasons of a refusal all come), asks the seats in its order,
answers for a seat where its rules say so, logs the answers and returns how its
lot is settled (:meth:`Auction.run`); the round flow carries the settlement out.
The double's object runs the adding of the second card, after which the lot
goes on as the second card's type. The per-lot state lives in the
:class:`~auctionrules.engine.lot.Lot`.
"""

from typing import Final

from auctionrules.engine.auctions.base import Added, Auction, Settlement
from auctionrules.engine.auctions.bidding import OnceAround, OpenAuction
from auctionrules.engine.auctions.descending import DescendingAuction
from auctionrules.engine.auctions.double import DoubleAuction
from auctionrules.engine.auctions.fixed_price import FixedPriceAuction
from auctionrules.engine.auctions.sealed import SealedAuction

#: The auction strategies by index (:data:`~auctionrules.engine.cards.KIND_NAMES`): the
#: card symbols' types, then the types a symbol may be played as. (``Final``: compiled
#: code reads it as a constant, not from the module's dictionary at every lot.)
AUCTIONS: Final[tuple[Auction, ...]] = (
    OpenAuction(),
    OnceAround(),
    SealedAuction(),
    FixedPriceAuction(),
    DoubleAuction(),
    DescendingAuction(),
)

__all__ = [
    "AUCTIONS",
    "Added",
    "Auction",
    "DescendingAuction",
    "DoubleAuction",
    "FixedPriceAuction",
    "OnceAround",
    "OpenAuction",
    "SealedAuction",
    "Settlement",
]
