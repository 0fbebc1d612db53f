"""What the human seat sees: one view drawn as text, with ``rich`` when it is there.

Everything drawn comes from the seat's :class:`~auctionrules.engine.views.View`
(and the public rules), so the screen cannot show more than the view allows:
another player's money behind screens is ``hidden`` because the view holds
``None`` there, a sealed bid is shown only as "has bid". ``rich`` (the optional
``terminal`` extra) draws tables and colours on a terminal; piped output, or a
missing ``rich``, gets the same content as plain lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO, Any

from auctionrules.engine.views import View
from auctionrules.model import Ruleset
from auctionrules.rulebook.log import GameLog

#: Phase names as a player reads them.
_PHASES = {"lead": "laying a card", "auction": "auction", "flip": "dummy card", "over": "over"}


def rich_available() -> bool:
    """Whether the optional ``rich`` package can be imported."""
    try:
        import rich  # noqa: F401 - an optional extra, imported on demand
    except ImportError:
        return False
    return True


class Screen:
    """Draws views and lines for one seat; ``fancy`` uses ``rich``."""

    def __init__(
        self, ruleset: Ruleset, names: Sequence[str], out: IO[str], fancy: bool,
        lang: str | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.names = list(names)
        self.log = GameLog(ruleset, names, lang)  # card and artist names in the log's words
        self.out = out
        self.console: Any = None
        if fancy:
            from rich.console import Console

            self.console = Console(file=out, highlight=False)

    def say(self, text: str, style: str | None = None) -> None:
        """One line (``style`` is a rich style, ignored in plain output)."""
        if self.console is not None:
            from rich.text import Text

            self.console.print(Text(text, style=style or ""))
        else:
            print(text, file=self.out, flush=True)

    def money(self, amount: int | None) -> str:
        """An amount in the variant's currency format (``hidden`` for ``None``)."""
        return "hidden" if amount is None else self.ruleset.amount(amount)

    def card(self, card: str) -> str:
        """A card as a player reads it: ``Krypto (open)``."""
        return self.log.card(card)

    def show(self, view: View, rule_line: str = "") -> None:
        """The whole of ``view``: players, board, table, hand, the lot and whose turn."""
        rules = view.rules
        self.say("")
        self.say(
            f"Round {view.round} of {rules.rounds}: {_PHASES.get(view.phase, view.phase)}",
            "bold",
        )
        self._table(
            ["player", "money", "hand", "bought this round"],
            [
                [self.names[s], self.money(view.cash[s]), str(view.hand_sizes[s]),
                 ", ".join(self.card(c) for c in view.owned[s]) or "-"]
                for s in range(rules.players)
            ],
        )
        artists = [self.log.artist(a) for a in rules.codec.artist_ids]
        rows = [
            [f"round {r + 1}", *(self.money(v) if v else "." for v in row)]
            for r, row in enumerate(view.board[: view.round - 1])
        ]
        rows.append(["column", *(self.money(sum(col)) for col in zip(*view.board, strict=True))])
        rows.append(["cards now", *map(str, view.counts)])
        self._table(["board", *artists], rows)
        if view.table:
            self.say("On the table: " + ", ".join(self.card(c) for c in view.table))
        if view.dummy_sizes:
            self.say(f"Dummy hands: {', '.join(map(str, view.dummy_sizes))} cards")
        self._lot(view, rule_line)
        hand = view.hand or ()
        self.say("Your hand: " + (", ".join(self.card(c) for c in hand) or "empty"), "cyan")
        turn = ", ".join(self.names[s] for s in view.to_act) or "nobody"
        self.say(f"To act: {turn}")

    def _lot(self, view: View, rule_line: str) -> None:
        if view.lot is None:
            return
        lot = dict(view.lot)
        cards = " + ".join(self.card(c) for c in lot["cards"])
        kind = str(lot["type"]).replace("_", " ")
        self.say(f"Lot: {cards}, {kind} auction by {self.names[lot['auctioneer']]}", "yellow")
        if rule_line:
            self.say(f"  Rule: {rule_line}")
        if lot.get("price") is not None:
            self.say(f"  Fixed price: {self.money(lot['price'])}")
        elif lot.get("sealed_done") is not None:
            done = [self.names[s] for s, d in enumerate(lot["sealed_done"]) if d]
            self.say(f"  Sealed bids given by: {', '.join(done) or 'nobody yet'}")
            if lot.get("own_sealed_bid") is not None:
                self.say(f"  Your sealed bid: {self.money(lot['own_sealed_bid'])}")
        elif lot.get("high_bidder") is not None:
            who = self.names[lot["high_bidder"]]
            self.say(f"  High bid: {self.money(lot['high'])} by {who}")
        elif lot["type"] != "double":
            self.say("  No bid yet")
        said = [
            f"{self.names[seat]} out" if limit == 0
            else f"{self.names[seat]} up to {self.money(limit)}"
            for seat, limit in enumerate(lot.get("limits") or ()) if limit is not None
        ]
        if said:
            self.say(f"  Limits: {', '.join(said)}")

    def _table(self, header: list[str], rows: list[list[str]]) -> None:
        if self.console is not None:
            from rich.table import Table

            table = Table(*header, show_edge=False)
            for row in rows:
                table.add_row(*row)
            self.console.print(table)
            return
        widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
        for row in [header, *rows]:
            self.say("  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
