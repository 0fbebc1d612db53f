"""The double auction: who may add the second card, who auctions, who is paid.

This is where the editions disagree most (001: the adder takes all, 004: the
price is split, 002/003: the new auctioneer), so every branch of the payee rule
is its own catalog entry.

When only the player of the double can add the second card (``who_may_add:
leader-only``, or ``lead_requires_companion`` for every player count, under
which the leader must add it), nobody else ever auctions or shares the lot: the
rules about a second player (the new auctioneer, the split of the price) are
not written, because they describe something that cannot happen.
"""

from __future__ import annotations

from auctionrules.rulebook.document import Paragraph, Section, Sentence
from auctionrules.rulebook.writer import Param, Writer

_COMPANION = "auctions.double.lead_requires_companion"
_WHO = "auctions.double.who_may_add"


def leader_always_adds(w: Writer) -> bool:
    """Whether, at every player count, only the player of the double adds the second card."""
    d = w.ruleset.auctions.double
    every_count = all(d.requires_companion(n) for n in w.ruleset.supported_players)
    return d.who_may_add == "leader-only" or every_count


def _companion(w: Writer) -> Sentence:
    rule = w.ruleset.auctions.double.lead_requires_companion
    if isinstance(rule, bool):
        return w.choose(_COMPANION, rule)
    if not rule:
        return w.choose(_COMPANION, False)
    supported = w.ruleset.supported_players
    if all(n in rule for n in supported):
        return w.say(f"{_COMPANION}=true")
    counts = Param(w.catalog.either([str(n) for n in sorted(rule) if n in supported]),
                   (_COMPANION, "player_counts"))
    return w.say(_COMPANION, counts=counts)


#: The payee sentence where the auctioneer of a double is its player, by payee: the
#: payee rule names a role, and when the auctioneer rule gives that role (or not) to the
#: player of the double, the sentence says who that is, so that a reader never wonders
#: who is paid when another player added the second card. (Where the adder auctions,
#: the payee sentences say it as they are.)
_PAID_WHEN_LEADER_AUCTIONS = {
    "adder": "@double.paid.adder_not_auctioning",
    "auctioneer": "@double.paid.leader_auctions",
}


def _payee(w: Writer) -> list[Sentence]:
    d = w.ruleset.auctions.double
    template = _PAID_WHEN_LEADER_AUCTIONS.get(d.payee) if d.auctioneer == "leader" else None
    if template is None:
        # (the words depend on who auctions wherever the auctioneer rule picks them)
        also = ("auctions.double.auctioneer",) if d.payee in _PAID_WHEN_LEADER_AUCTIONS else ()
        sentences = [w.choose("auctions.double.payee", d.payee, *also)]
    else:
        sentences = [w.say(f"auctions.double.payee={d.payee}", "auctions.double.auctioneer",
                           template=template)]
    if d.payee == "split-equally":
        unit = w.money(w.ruleset.money.bid_unit, "money.bid_unit")
        with w.when("auctions.double.payee"):
            sentences.append(w.choose("auctions.double.split.odd_unit_to", d.split.odd_unit_to,
                                      unit=unit))
            sentences.append(w.choose("auctions.double.split.seller_wins", d.split.seller_wins))
    return sentences


def _sold(w: Writer) -> list[Sentence]:
    """Who auctions the lot and who is paid, when a second player may add the card."""
    d = w.ruleset.auctions.double
    if not leader_always_adds(w):
        with w.when(_WHO, _COMPANION):
            return [w.choose("auctions.double.auctioneer", d.auctioneer), *_payee(w)]
    if "." in d.payee:  # a custom payee strategy may pay anyone: say which it is
        with w.when(_WHO, _COMPANION):
            return [w.choose("auctions.double.payee", d.payee)]
    return []


def double(w: Writer) -> Section | None:
    """The double auction subsection, or ``None`` when doubles are not in the game."""
    d = w.ruleset.auctions.double
    if not d.enabled:
        return None
    with w.when("auctions.double.enabled"):
        lead = [w.say("@auction.double", noun=w.noun())]
        every_count = all(d.requires_companion(n) for n in w.ruleset.supported_players)
        if not every_count:
            with w.when(_COMPANION):
                lead.append(w.choose(_WHO, d.who_may_add))
                lead.append(w.choose("auctions.double.nobody_adds", d.nobody_adds))
        lead.append(_companion(w))
        sold = _sold(w)
    blocks = [Paragraph(lead)] + ([Paragraph(sold)] if sold else [])
    return Section("auctions.double", w.word("auction.double"), blocks)
