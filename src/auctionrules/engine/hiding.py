"""What each seat may see: the one place that decides what is hidden.

:func:`sight` says, for one seat (or a spectator), what of the game it may see;
:func:`seen` applies it to an entry of the history, the event that seat reads.
Everything that shows the game to somebody goes through them: every view
(:mod:`.views`, with the parts :mod:`.kept` shares between views), the public
events (:attr:`Game.events <auctionrules.engine.Game.events>`, a spectator's),
a seat's own events (:func:`events_seen`: the log the terminal shows a person),
and so the adapters, the servers, the log and the agents, which read views and
events only. The caches of :mod:`.kept` store what :func:`sight` decided, once
a game; they decide nothing.

Never shown to anybody, so absent from every view and event rather than
decided here: another hand's cards (a view holds each hand's size), a dummy
hand's cards before one is turned over (then a ``flip`` event and the table
show it), the undealt deck (its size).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from auctionrules.engine.events import Event
from auctionrules.engine.history import materialise

if TYPE_CHECKING:
    from auctionrules.engine.game import Game
    from auctionrules.engine.rules import Rules

__all__ = ["Sight", "events_seen", "seen", "sight", "sights"]


class Sight:
    """What one seat (``seat``; ``None``: a spectator) may see, as :func:`sight`
    decided it: ``hand`` its own hand; per seat, ``cash``, ``sealed`` (a sealed bid
    before the reveal) and ``limits`` (an open-auction limit) say whose it sees;
    ``sales`` the prices paid. Derived, for the views' speed: ``cash_all`` and
    ``limits_all`` (every seat's: no mask to apply), ``cash_seats`` (whose cash)."""

    __slots__ = (
        "cash", "cash_all", "cash_seats", "hand", "limits", "limits_all", "sales", "sealed",
        "seat",
    )

    def __init__(  # noqa: PLR0917 - the decision's parts, in the order sight() writes them
        self,
        seat: int | None,
        hand: bool,
        cash: tuple[bool, ...],
        sealed: tuple[bool, ...],
        sales: bool,
        limits: tuple[bool, ...],
    ) -> None:
        self.seat = seat
        self.hand = hand
        self.cash = cash
        self.sealed = sealed
        self.sales = sales
        self.limits = limits
        self.cash_all = all(cash)
        self.cash_seats = tuple([other for other, shown in enumerate(cash) if shown])
        self.limits_all = all(limits)


def sight(rules: Rules, seat: int | None, over: bool = False) -> Sight:
    """What ``seat`` (``None``: a spectator) may see under ``rules``; ``over``: once
    the game is over. The whole of the game's hidden information, decided here."""
    seats = range(rules.players)

    def own_or_all(everyone: bool) -> tuple[bool, ...]:
        """Per seat: shown to ``seat`` if it is its own, or if ``everyone`` sees it."""
        return tuple([everyone or other == seat for other in seats])

    return Sight(
        seat,
        # its own hand, nobody else's (a spectator has none)
        hand=seat is not None,
        # behind screens (money.screens) its own cash only, until the game is over
        cash=own_or_all(not rules.screens or over),
        # its own sealed bid; the others' are opened together by the reveal event
        sealed=own_or_all(False),
        # the prices paid: where they are public (money.public_prices)
        sales=rules.public_prices,
        # an open-auction limit: its own, or every one where limits are announced
        # (auctions.open.limits); the others hear only the bids the engine makes on it
        limits=own_or_all(rules.limits_announced),
    )


@lru_cache(maxsize=64)
def sights(rules: Rules, over: bool = False) -> tuple[Sight, ...]:
    """Every seat's :func:`sight` under ``rules`` (``over``: once the game is over), the
    spectator's last: made once for the rules (the compiled rules are one value that
    every game, clone and determinization under them shares), and only stored here."""
    return tuple([sight(rules, seat, over) for seat in (*range(rules.players), None)])


def seen(entry: tuple[Any, ...], look: Sight) -> Event | None:
    """The event of a history entry as ``look`` (what :func:`sight` decided) sees it, or
    ``None`` where it sees nothing of it. What it may not see is left out: a limit
    (the bids and passes the engine makes on it are then shown as any other, not
    marked ``automatic``), a sealed bid's amount."""
    event = materialise(entry)
    kind = event.kind
    if kind == "limit":
        return event if look.limits[event["seat"]] else None
    if kind == "sealed-bid":
        if look.sealed[event["seat"]]:
            return event
        return Event(kind, event.round, {"seat": event["seat"]})
    if (kind in ("bid", "pass") and "automatic" in event.fields
            and not look.limits[event["seat"]]):
        fields = dict(event.fields)
        del fields["automatic"]
        return Event(kind, event.round, fields)
    return event


def events_seen(game: Game, seat: int | None, start: int = 0) -> tuple[list[Event], int]:
    """The events ``seat`` (``None``: a spectator) has seen of the game's history from
    entry ``start``, and where the history stands (the ``start`` of the next call).
    ``events_seen(game, None)[0] == list(game.events)``."""
    raw = game.state._raw
    look = sights(game.rules)[game.state.n if seat is None else seat]
    shown = [event for entry in raw[start:] if (event := seen(entry, look)) is not None]
    return shown, len(raw)
