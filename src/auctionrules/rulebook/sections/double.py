"""The double auction: who may add the second card, who auctions, who is paid.

This is where the editions disagree most (001: the adder takes all, 004: the
price is split, 002/003: the new auctioneer), so every branch of the payee rule
is its own catalog entry.
"""

from __future__ import annotations

from auctionrules.rulebook.document import Paragraph, Section, Sentence
from auctionrules.rulebook.writer import Param, Writer


def _companion(w: Writer) -> Sentence:
    rule = w.ruleset.auctions.double.lead_requires_companion
    path = "auctions.double.lead_requires_companion"
    if isinstance(rule, bool):
        return w.choose(path, rule)
    if not rule:
        return w.choose(path, False)
    counts = Param(w.catalog.either([str(n) for n in sorted(rule)]), (path,))
    return w.say(path, counts=counts)


def _payee(w: Writer) -> list[Sentence]:
    d = w.ruleset.auctions.double
    sentences = [w.choose("auctions.double.payee", d.payee)]
    if d.payee == "split-equally":
        unit = w.money(w.ruleset.money.bid_unit, "money.bid_unit")
        with w.when("auctions.double.payee"):
            sentences.append(w.choose("auctions.double.split.odd_unit_to", d.split.odd_unit_to,
                                      unit=unit))
            sentences.append(w.choose("auctions.double.split.seller_wins", d.split.seller_wins))
    return sentences


def double(w: Writer) -> Section | None:
    """The double auction subsection, or ``None`` when doubles are not in the game."""
    d = w.ruleset.auctions.double
    if not d.enabled:
        return None
    with w.when("auctions.double.enabled"):
        lead = [
            w.say("@auction.double", noun=w.noun()),
            w.choose("auctions.double.who_may_add", d.who_may_add),
            w.choose("auctions.double.nobody_adds", d.nobody_adds),
            _companion(w),
        ]
        sold = [w.choose("auctions.double.auctioneer", d.auctioneer), *_payee(w)]
    return Section("auctions.double", w.word("auction.double"), [Paragraph(lead), Paragraph(sold)])
