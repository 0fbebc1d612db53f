"""A game's log as readable text, one line per event, in a language of the catalogs.

The engine records what happened as events (:mod:`auctionrules.engine.events`)
and knows no language; saying it in words is this layer's work, above the
engine, with the phrases of :mod:`auctionrules.rulebook.lang.log`. Two things
the events alone do not say are read here:

- the rules, where they change the words: the card that ends a round is the
  ``round_end.artist_cards``-th of its artist;
- the situation a ``pass`` answers: after a double is led it declines to add a
  second card, once a lot is settled it declines to turn over a dummy card,
  anywhere else it is a pass in the auction.

A limit in an open auction is said as at a table ("Ann will go up to
40,000"; below the lowest bid, "Ann drops out of this lot") to those who know
it: its seat, and every seat where limits are announced (``auctions.open.limits``;
the events a seat reads are already as it may see them, see
:mod:`auctionrules.engine.hiding`). The bids and passes the engine then makes on
it are said like any other, but for the passes of a seat out of the lot, which go
without saying to those who know why.

Seats are named as people count them, ``Player 1`` for seat 0
(:func:`auctionrules.text.player_name`), unless names are given.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from auctionrules.rulebook.lang import Catalog, catalog
from auctionrules.rulebook.writer import money_text
from auctionrules.text import player_name

if TYPE_CHECKING:
    from auctionrules.engine.events import Event
    from auctionrules.engine.outcome import Outcome
    from auctionrules.model import Ruleset

__all__ = ["GameLog", "lines", "player_names", "result_lines"]

#: What a ``pass`` answers, by the situation it is made in.
_AUCTION, _DOUBLE_OFFER, _FLIP = "pass", "add.declined", "flip.declined"


def player_names(players: int, lang: str = "en") -> list[str]:
    """``Player 1``, ``Player 2`` ... (``Joueur 1`` ... in French) for seats 0, 1 ...:
    seats as the log names them (:func:`auctionrules.text.player_name`)."""
    return [player_name(seat, lang) for seat in range(players)]


class GameLog:
    """The words of one game's events for ``ruleset`` in ``lang`` (default: the ruleset's)."""

    def __init__(
        self, ruleset: Ruleset, names: Sequence[str] | None = None, lang: str | None = None
    ) -> None:
        self.ruleset = ruleset
        self.lang = lang or ruleset.language
        self.catalog: Catalog = catalog(self.lang)
        self.phrases = self.catalog.log
        self.names = list(names) if names is not None else None
        self.situation = _AUCTION
        #: the seats out of the lot under the hammer (their passes go without saying)
        self.out: set[object] = set()
        #: who holds the high bid of the lot under the hammer (``None``: nobody yet)
        self.high_bidder: object = None

    def say(self, key: str, **fields: object) -> str:
        """The phrase ``key`` with ``fields``."""
        return self.phrases[key].format(**fields)

    def who(self, seat: object) -> str:
        """The name of ``seat`` (given names, else ``Player 1`` for seat 0)."""
        if not isinstance(seat, int):
            return ""
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return player_name(seat, self.lang)

    def money(self, amount: int) -> str:
        """``amount`` as the log's language writes the ruleset's money."""
        return money_text(self.ruleset, self.catalog, self.lang, amount)

    def artist(self, artist_id: str) -> str:
        """An artist's name in the log's language (its id if the theme has none)."""
        try:
            return self.ruleset.theme.artist(artist_id).name.get(self.lang)
        except KeyError:
            return artist_id

    def card(self, card: str) -> str:
        """``karl-gitter/fixed_price`` -> ``Karl Gitter (fixed price)``."""
        artist, _, kind = card.partition("/")
        auction = self.phrases.get(f"auction.{kind}", kind.replace("_", " "))
        return self.say("card", artist=self.artist(artist), auction=auction)

    def cards(self, cards: Iterable[str]) -> str:
        return " + ".join(self.card(c) for c in cards)

    def describe(self, event: Event) -> str | None:
        """One line for ``event`` (indented by its depth), or ``None`` for an event
        not worth a line (a sealed bid, hidden until the reveal; the engine's passes
        for a seat out of the lot)."""
        kind = event.kind
        who = self.who(event.get("seat"))
        if kind == "deal":
            self.situation = _AUCTION
            dealt = self.catalog.join([str(n) for n in event["cards"]])
            return self.say("deal", round=event.round, cards=dealt, deck=event["deck"])
        if kind == "play":
            self.out, self.high_bidder = set(), None
            double = event["card"].endswith("/double")
            self.situation = _DOUBLE_OFFER if double else _AUCTION
            return "  " + self.say("play", who=who, card=self.card(event["card"]))
        if kind == "add":
            self.situation = _AUCTION
            return "  " + self.say("add", who=who, card=self.card(event["card"]))
        if kind == "pass":
            if event.get("automatic"):
                if event["seat"] in self.out:
                    return None  # (said once: "Ann drops out of this lot", or passes once)
                if event["seat"] != self.high_bidder:  # (past its limit: out for the lot)
                    self.out.add(event["seat"])
            if self.situation == _FLIP:
                return "  " + self.say(_FLIP, who=who)
            return "    " + self.say(self.situation, who=who)
        if kind in ("bid", "price"):
            if kind == "bid":
                self.high_bidder = event["seat"]
            return "    " + self.say(kind, who=who, amount=self.money(event["amount"]))
        if kind == "limit":  # (said aloud; the bids and passes on it follow as said)
            if event["out"]:
                self.out.add(event["seat"])
                return "    " + self.say("limit.out", who=who)
            return "    " + self.say("limit", who=who, amount=self.money(event["amount"]))
        if kind == "buy":
            return "    " + self.say("buy", who=who)
        if kind == "price-falls":
            return "    " + self.say("price-falls", amount=self.money(event["amount"]))
        if kind == "sealed-bid":
            return None
        if kind == "reveal":
            bids = ", ".join(
                self.say("reveal.bid", who=self.who(s), amount=self.money(b))
                for s, b in enumerate(event["bids"])
            )
            return "    " + self.say("reveal", bids=bids)
        if kind in ("sold", "unsold"):
            self.situation = _FLIP
            return "  -> " + self._settled(event, who)
        if kind == "flip":
            return "  " + self.say("flip", who=who, card=self.card(event["card"]))
        if kind == "round-end":
            self.situation = _AUCTION
            return self._round_end(event)
        if kind == "scored":
            return "  " + self._scored(event)
        if kind == "game-end":
            return self.say(f"game-end.{event['reason']}")
        return str(event)

    def _settled(self, event: Event, who: str) -> str:
        cards = self.cards(event["cards"])
        if event.kind == "unsold":
            return self.say("unsold", cards=cards)
        if event.get("free"):
            return self.say("sold.free", who=who, cards=cards)
        return self.say("sold", who=who, cards=cards, price=self.money(event["price"]))

    def _round_end(self, event: Event) -> str:
        reason = event["reason"]
        fields: dict[str, Any] = {"round": event.round}
        if reason == "artist-cards":
            fields["nth"] = self.catalog.ordinal(self.ruleset.round_end.artist_cards)
            fields["artist"] = self.artist(event["artist"])
        return self.say(f"round-end.{reason}", **fields)

    def _scored(self, event: Event) -> str:
        values = ", ".join(
            self.say("scored.value", artist=self.artist(a), amount=self.money(v))
            for a, v in event["values"].items()
            if v
        ) or self.say("scored.none")
        payouts = ", ".join(
            self.say("scored.payout", who=self.who(s), amount=self.money(p))
            for s, p in enumerate(event["payouts"])
        )
        return self.say("scored", values=values, payouts=payouts)

    def lines(self, events: Iterable[Event]) -> list[str]:
        """The readable log of ``events``, from the start of a game."""
        self.situation = _AUCTION
        return [text for event in events if (text := self.describe(event)) is not None]

    def result(self, outcome: Outcome, players: int) -> list[str]:
        """The final money, richest first, and the winners, one line each."""
        out = [self.say("result", reason=self.say(f"reason.{outcome.reason.value}"))]
        for seat in sorted(range(players), key=lambda s: -outcome.cash[s]):
            key = "result.winner" if seat in outcome.winners else "result.line"
            out.append("  " + self.say(key, who=self.who(seat),
                                       amount=self.money(outcome.cash[seat])))
        if not outcome.winners:
            out.append("  " + self.say("result.tie"))
        return out


def lines(
    events: Iterable[Event],
    ruleset: Ruleset,
    names: Sequence[str] | None = None,
    lang: str | None = None,
) -> list[str]:
    """The readable log of a game's ``events`` in ``lang`` (default: the ruleset's
    language); seats are called ``names`` (default: ``Player 1`` for seat 0)."""
    return GameLog(ruleset, names, lang).lines(events)


def result_lines(
    outcome: Outcome,
    ruleset: Ruleset,
    names: Sequence[str] | None = None,
    lang: str | None = None,
) -> list[str]:
    """The final money and winners of a game, one line each, in ``lang``."""
    return GameLog(ruleset, names, lang).result(outcome, len(outcome.cash))
