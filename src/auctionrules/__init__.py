"""The rules of Reiner Knizia's Modern Art as data.

Rulesets (one per edition or house variant) are YAML files validated against
``schemas/ruleset.schema.json`` and loaded into a frozen :class:`Ruleset`.
"""

from auctionrules.model import AUCTION_TYPES, Ruleset
from auctionrules.text import Text

__all__ = ["AUCTION_TYPES", "Ruleset", "Text"]
__version__ = "0.1.0"
