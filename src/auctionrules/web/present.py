"""What one connection is sent: its seat's view, its legal moves, the public log, in words.

A message is built from three things only: ``game.view(seat)`` (a spectator's
``game.view(None)``), ``game.legal(seat)`` and the table's public log lines
(:class:`~auctionrules.rulebook.log.GameLog`, the rulebook's phrases). Nothing
else of the game is read, so a message can hold nothing the view hides. The raw
view and legal moves go as they are (``view``, ``legal``: for scripts and other
front ends); the rest is the same information put into words in the table's
language, so the page stays a thin renderer with no rule and no phrase of its own
about the game. What needs a rule is the engine's: the amounts offered come from
:class:`~auctionrules.engine.legal.Legal`, "worth now" from
:func:`~auctionrules.engine.scoring.worth_now`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from auctionrules.engine.legal import Legal
from auctionrules.engine.money import Bidding
from auctionrules.engine.scoring import worth_now
from auctionrules.engine.views import View
from auctionrules.model import Ruleset
from auctionrules.rulebook import build_document
from auctionrules.rulebook.document import Document
from auctionrules.rulebook.log import GameLog
from auctionrules.web.words import words

#: The verbs that name a card, and the bare verbs, of the legal moves.
_CARD_VERBS = ("play", "add")
_BARE_VERBS = ("pass", "buy", "flip")
#: The amounts a seat may be offered, in the order the page draws them.
_AMOUNTS = ("bid", "price", "limit")


def ink(color: str) -> str:
    """The text colour that reads on a ``#rrggbb`` background: near black on a light
    one, white on a dark one (by the background's relative luminance, WCAG's)."""
    channels = [int(color[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#1d1d1f" if luminance > 0.25 else "#ffffff"


class Presenter:
    """The words of one table: its ruleset, language and seat names."""

    def __init__(self, ruleset: Ruleset, lang: str, names: Sequence[str]) -> None:
        self.ruleset = ruleset
        self.lang = lang
        self.names = list(names)
        self.log = GameLog(ruleset, names, lang)
        self.words = words(lang)
        theme = ruleset.theme
        self.artists = [a.name.get(lang) for a in theme.artists]
        self._index = {a.id: i for i, a in enumerate(theme.artists)}
        self.colors = theme.colors()
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
        key = "auctions.double" if _offering_double(lot) else f"auctions.{lot['type']}"
        try:
            units = list(self.document.section(key).units())
        except KeyError:
            return ""
        return units[0].text if units else ""

    def money(self, amount: int | None) -> str | None:
        return None if amount is None else self.log.money(amount)

    def who(self, seat: object) -> str:
        return self.log.who(seat)

    def figure(self, amount: int) -> str:
        """``amount`` as the language writes the money, without the currency's name where
        it would follow the digits (``20,000``, ``20 000``): a figure in a column headed
        by what it counts."""
        currency = self.ruleset.theme.currency
        return self.log.catalog.money(amount, currency.format, currency.thousands_separator,
                                      None)

    def tile(self, card: str) -> dict[str, Any]:
        """A card as the page draws it: its artist's colour and its auction symbol."""
        artist_id, _, auction = card.partition("/")
        index = self._index.get(artist_id, 0)
        color = self.colors[index]
        return {
            "card": card,
            "label": self.log.card(card),
            "artist": self.artists[index],
            "auction": auction,
            "auction_label": self.log.phrases.get(f"auction.{auction}", auction),
            "color": color,
            "ink": ink(color),
        }

    def message(
        self, view: View, legal: Legal, lines: Sequence[str], start: int, version: int
    ) -> dict[str, Any]:
        """The ``state`` message of ``view``'s seat: the log from line ``start`` on."""
        data = view.to_dict()
        legal_data = legal.to_dict()
        seat = view.seat
        controls = self.controls(legal_data, data["lot"])
        return {
            "type": "state",
            "version": version,
            "seat": seat,
            "phase": data["phase"],
            "round": data["round"],
            "round_text": self.words["round_of"].format(n=data["round"],
                                                        of=self.ruleset.rounds),
            "view": data,
            "legal": legal_data,
            "controls": controls,
            "turn": self.turn(legal_data) if seat is not None else None,
            "players": self.players(data),
            "board": self.board(view, data),
            "hand": (None if data["hand"] is None
                     else [self.tile(c) for c in data["hand"]]),
            "lot": self.lot(data["lot"]),
            "waiting": [self.who(s) for s in data["to_act"]],
            "standings": self.standings(data),
            "log": {"from": start, "lines": list(lines[start:])},
        }

    def controls(
        self, legal: Mapping[str, Any], lot: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """The legal moves as the page's controls: a labelled button per discrete action,
        and each amount (``bid``, ``price``, ``limit`` where the engine offers limit bids)
        as its range in words. The range's lowest amount is the engine's (``Legal``):
        the page puts it in the amount field at each new decision."""
        double = lot is not None and _offering_double(lot)
        buttons = []
        for text in legal["actions"]:
            verb, _, card = text.partition(" ")
            if verb in _CARD_VERBS:
                label = self.words[verb].format(card=self.log.card(card))
            elif verb == "pass" and double:  # declining to add: no second card
                label = self.words["no_second"]
            elif verb in _BARE_VERBS:
                label = self.words[verb]
            else:  # an action a newer engine offers: its own text
                label = text
            button: dict[str, Any] = {"action": text, "label": label}
            if verb in _CARD_VERBS:
                button["tile"] = self.tile(card)
            buttons.append(button)
        amounts: dict[str, Any] = {}
        for kind in _AMOUNTS:
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

    def turn(self, legal: Mapping[str, Any]) -> dict[str, str] | None:
        """The banner of a seat that must act (``None`` while it waits): what its legal
        moves ask of it, in a sentence."""
        verbs = {text.partition(" ")[0] for text in legal["actions"]}
        kinds = {kind for kind in _AMOUNTS if legal.get(kind)}
        if not verbs and not kinds:
            return None
        key = ("turn.lead" if "play" in verbs else "turn.add" if "add" in verbs
               else "turn.price" if "price" in kinds else "turn.buy" if "buy" in verbs
               else "turn.flip" if "flip" in verbs else "turn.bid" if "bid" in kinds
               else "turn.other")
        return {"title": self.words["your_turn"], "text": self.words[key]}

    def players(self, data: Mapping[str, Any]) -> list[dict[str, Any]]:
        cash = data["cash"]
        return [
            {
                "seat": seat,
                "name": self.names[seat],
                "you": seat == data["seat"],
                "cash": self.money(cash[seat]),
                "cards": data["hand_sizes"][seat],
                "cards_text": self.words["cards_in_hand"].format(n=data["hand_sizes"][seat]),
                "paintings": data["paintings"][seat],
                "owned": [self.log.card(c) for c in data["owned"][seat]],
                "owned_tiles": [self.tile(c) for c in data["owned"][seat]],
                "to_act": seat in data["to_act"],
            }
            for seat in range(len(self.names))
        ]

    def board(self, view: View, data: Mapping[str, Any]) -> dict[str, Any]:
        """The board: each artist's values by round, the cards laid this round, and what
        a painting would pay if the round ended now (the engine's scoring; none once the
        game is over)."""
        amount = self.figure
        worth: list[str] = []
        if data["phase"] != "over":
            rules = view.rules
            worth = [amount(v) if v else "0" for v in worth_now(
                counts=view.counts, board=view.board, round_index=view.round - 1,
                ranking=rules.ranking, rank_unplayed=rules.rank_unplayed,
                tie_break=rules.ranking_tie_break, valuation=rules.valuation)]
        return {
            "artists": self.artists,
            "colors": [{"color": c, "ink": ink(c)} for c in self.colors],
            "rows": [[amount(v) if v else "" for v in row] for row in data["board"]],
            "counts": data["counts"],
            "worth": worth,
            "table": [self.log.card(c) for c in data["table"]],
            "table_tiles": [self.tile(c) for c in data["table"]],
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
            "tiles": [self.tile(c) for c in lot["cards"]],
            "auction": auction,
            "auction_line": self.words["auction"].format(auction=auction),
            "rule": self.rule(lot),
            "auctioneer": self.words["auctioneer"].format(who=self.who(lot["auctioneer"])),
            "high": (None if high is None else self.words["high"].format(
                amount=self.log.money(lot["high"]), who=self.who(high))),
            "price": (None if price is None
                      else self.words["asked"].format(amount=self.log.money(price))),
            "own_sealed_bid": (self.words["own_sealed"].format(amount=self.log.money(own))
                               if isinstance(own, int) else None),
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

    def standings(self, data: Mapping[str, Any]) -> list[dict[str, Any]] | None:
        """Each player's final money, the winners marked, once the game is over."""
        outcome = data["outcome"]
        if outcome is None:
            return None
        winners = set(outcome["winners"])
        return [
            {"name": self.names[seat], "amount": self.log.money(cash),
             "winner": seat in winners}
            for seat, cash in enumerate(outcome["cash"])
        ]

    def refusal(self, view: View, legal: Legal, text: str) -> str:
        """Why the engine refused ``text`` for ``view``'s seat, in the player's words and
        the table's language: said from the seat's own legal moves (whose turn it is,
        the range an amount must be in), never from a rule of its own."""
        w = self.words
        if view.phase == "over":
            return w["refused.over"]
        verb, _, rest = text.strip().partition(" ")
        verb = verb.lower()
        data: dict[str, Any] = legal.to_dict()
        if view.seat not in view.to_act or not legal:
            waiting = ", ".join(self.who(s) for s in view.to_act)
            return w["refused.turn"].format(who=waiting)
        if verb in _AMOUNTS:
            span = data.get(verb)
            if not span:
                return w["refused.none"].format(what=w[f"verb.{verb}"])
            low, high, step = span
            return w["refused.range"].format(
                what=w[f"what.{verb}"], low=self.log.money(low), high=self.log.money(high),
                step=self.log.money(step))
        if verb in _CARD_VERBS:
            return w["refused.card"].format(card=self.log.card(rest.strip()))
        if verb in _BARE_VERBS:
            return w["refused.none"].format(what=w[f"verb.{verb}"])
        return w["refused.other"]


def _offering_double(lot: Mapping[str, Any]) -> bool:
    """Whether ``lot`` is a double waiting for its second card."""
    return bool(lot["type"] == "double" and len(lot["cards"]) == 1)

