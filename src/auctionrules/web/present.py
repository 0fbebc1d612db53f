"""What one connection is sent: its seat's view, its legal moves, the public log, in words.

A message is built from three things only: ``game.view(seat)`` (a spectator's
``game.public_view()``), ``game.legal(seat)`` and the table's public log lines
(:class:`~auctionrules.rulebook.log.GameLog`, the rulebook's phrases). Nothing
else of the game is read, so a message can hold nothing the view hides. The raw
view and legal moves go as they are (``view``, ``legal``: for scripts and other
front ends); the rest is the same information put into words in the table's
language, so the page stays a thin renderer with no rule and no phrase of its own
about the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from auctionrules.engine.legal import Legal
from auctionrules.engine.money import Bidding
from auctionrules.engine.views import View
from auctionrules.model import Ruleset
from auctionrules.rulebook import build_document
from auctionrules.rulebook.document import Document
from auctionrules.rulebook.log import GameLog
from auctionrules.web.words import words

#: The verbs that name a card, and the bare verbs, of the legal moves.
_CARD_VERBS = ("play", "add")
_BARE_VERBS = ("pass", "buy", "flip")


class Presenter:
    """The words of one table: its ruleset, language and seat names."""

    def __init__(self, ruleset: Ruleset, lang: str, names: Sequence[str]) -> None:
        self.ruleset = ruleset
        self.lang = lang
        self.names = list(names)
        self.log = GameLog(ruleset, names, lang)
        self.words = words(lang)
        self.artists = [a.name.get(lang) for a in ruleset.theme.artists]
        self._document: Document | None = None

    @property
    def document(self) -> Document:
        """The table's rulebook in its language, as ``auctionrules docs`` writes it (worked
        example and designer section included); built on first use."""
        if self._document is None:
            self._document = build_document(self.ruleset, self.lang)
        return self._document

    def rule(self, lot: Mapping[str, Any]) -> str:
        """The first sentence of the rulebook's section on the auction under way."""
        waiting = lot["type"] == "double" and len(lot["cards"]) == 1
        key = "auctions.double" if waiting else f"auctions.{lot['type']}"
        try:
            units = list(self.document.section(key).units())
        except KeyError:
            return ""
        return units[0].text if units else ""

    def money(self, amount: int | None) -> str | None:
        return None if amount is None else self.log.money(amount)

    def who(self, seat: object) -> str:
        return self.log.who(seat)

    def message(
        self, view: View, legal: Legal, lines: Sequence[str], start: int, version: int
    ) -> dict[str, Any]:
        """The ``state`` message of ``view``'s seat: the log from line ``start`` on."""
        data = view.to_dict()
        legal_data = legal.to_dict()
        seat = view.seat
        return {
            "type": "state",
            "version": version,
            "seat": seat,
            "phase": data["phase"],
            "round": data["round"],
            "view": data,
            "legal": legal_data,
            "controls": self.controls(legal_data),
            "players": self.players(data),
            "board": self.board(data),
            "hand": (None if data["hand"] is None
                     else [{"card": c, "label": self.log.card(c)} for c in data["hand"]]),
            "lot": self.lot(data["lot"]),
            "waiting": [self.who(s) for s in data["to_act"]],
            "log": {"from": start, "lines": list(lines[start:])},
        }

    def controls(self, legal: Mapping[str, Any]) -> dict[str, Any]:
        """The legal moves as the page's controls: a labelled button per discrete action,
        and each amount (``bid``, ``price``, ``limit`` where the engine offers limit bids)
        as its range in words."""
        buttons = []
        for text in legal["actions"]:
            verb, _, card = text.partition(" ")
            if verb in _CARD_VERBS:
                label = self.words[verb].format(card=self.log.card(card))
            elif verb in _BARE_VERBS:
                label = self.words[verb]
            else:  # an action a newer engine offers: its own text
                label = text
            buttons.append({"action": text, "label": label})
        amounts: dict[str, Any] = {}
        for kind in ("bid", "price", "limit"):
            rng = legal.get(kind)
            if rng:
                low, high, step = rng
                amounts[kind] = {
                    "min": low, "max": high, "step": step,
                    "text": self.words["range"].format(
                        low=self.log.money(low), high=self.log.money(high),
                        step=self.log.money(step)),
                }
        return {"buttons": buttons, **amounts}

    def players(self, data: Mapping[str, Any]) -> list[dict[str, Any]]:
        cash = data["cash"]
        return [
            {
                "seat": seat,
                "name": self.names[seat],
                "you": seat == data["seat"],
                "cash": self.money(cash[seat]),
                "cards": data["hand_sizes"][seat],
                "paintings": data["paintings"][seat],
                "owned": [self.log.card(c) for c in data["owned"][seat]],
                "to_act": seat in data["to_act"],
            }
            for seat in range(len(self.names))
        ]

    def board(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "artists": self.artists,
            "rows": [[self.money(v) if v else "" for v in row] for row in data["board"]],
            "counts": data["counts"],
            "table": [self.log.card(c) for c in data["table"]],
        }

    def lot(self, lot: Mapping[str, Any] | None) -> dict[str, Any] | None:
        if lot is None:
            return None
        auction = self.log.phrases.get(f"auction.{lot['type']}", lot["type"])
        high = lot.get("high_bidder")
        price = lot.get("price")
        own = lot.get("own_sealed_bid")
        return {
            "cards": [self.log.card(c) for c in lot["cards"]],
            "auction": auction,
            "rule": self.rule(lot),
            "auctioneer": self.words["auctioneer"].format(who=self.who(lot["auctioneer"])),
            "high": (None if high is None else self.words["high"].format(
                amount=self.log.money(lot["high"]), who=self.who(high))),
            "price": (None if price is None
                      else self.words["asked"].format(amount=self.log.money(price))),
            "own_sealed_bid": self.money(own) if isinstance(own, int) else None,
            "limits": self.limits(lot),
        }

    def limits(self, lot: Mapping[str, Any]) -> list[str]:
        """The limits said aloud in an open auction (the view's ``limits``, where the
        engine has limit bids), in words: a limit below the next bid the rules allow
        (``limit 0``, or one the bidding has passed) is "out", unless its seat holds the
        high bid."""
        said = lot.get("limits") or ()
        high, high_bidder = lot.get("high") or 0, lot.get("high_bidder")
        money = self.ruleset.money
        bidding = Bidding(money.bid_unit, money.minimum_bid, money.minimum_raise or money.bid_unit)
        lowest = bidding.floor(high)
        return [
            self.words["limit_of"].format(who=self.who(seat), amount=self.log.money(amount))
            if amount >= lowest or seat == high_bidder
            else self.words["out_of"].format(who=self.who(seat))
            for seat, amount in enumerate(said) if amount is not None
        ]
