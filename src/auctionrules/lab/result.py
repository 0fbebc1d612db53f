"""One game's result: the JSON line a simulation writes, read from the public events.

Everything here comes from the game's public log (the events of the few kinds it
reads, :meth:`Game.events_of <auctionrules.engine.Game.events_of>`) and its
:class:`~auctionrules.engine.Outcome`, never from hidden state, so a result can be
recomputed from a game record.
"""

from __future__ import annotations

from typing import Any

import attrs

from auctionrules.engine import Game


@attrs.frozen
class GameResult:
    """What one game of a simulation produced.

    ``agents``, ``cash`` are by seat; ``sold`` and ``prices`` are by the auction type
    of the card that opened the lot (``double`` for a double, whichever auction
    its second card then ran); ``round_ends`` is each round's ``round-end`` reason
    (``artist-cards``: an artist's last card, e.g. the 5th; ``hands-exhausted``;
    ``no-playable-card``); ``values`` is each artist's board total after each
    round's scoring.
    """

    index: int
    seed: int
    agents: tuple[str, ...]
    cash: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    rounds: int
    lots: int
    unsold: int
    sold: dict[str, int]
    prices: dict[str, list[int]]
    round_ends: tuple[str, ...]
    values: dict[str, list[int]]
    deck: int | None = None

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.cash)

    @property
    def margin(self) -> int:
        """The richest player's money minus the best rival's (0 on a tie at the top)."""
        top = sorted(self.cash, reverse=True)
        return top[0] - top[1] if len(top) > 1 else 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON line's object."""
        return {
            "index": self.index,
            "seed": self.seed,
            "agents": list(self.agents),
            "cash": list(self.cash),
            "winners": list(self.winners),
            "reason": self.reason,
            "rounds": self.rounds,
            "lots": self.lots,
            "unsold": self.unsold,
            "sold": dict(self.sold),
            "prices": {kind: list(p) for kind, p in self.prices.items()},
            "round_ends": list(self.round_ends),
            "values": {artist: list(v) for artist, v in self.values.items()},
            "deck": self.deck,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameResult:
        """The inverse of :meth:`to_dict`."""
        return cls(
            index=int(data["index"]),
            seed=int(data["seed"]),
            agents=tuple(data["agents"]),
            cash=tuple(data["cash"]),
            winners=tuple(data["winners"]),
            reason=str(data["reason"]),
            rounds=int(data["rounds"]),
            lots=int(data["lots"]),
            unsold=int(data["unsold"]),
            sold=dict(data["sold"]),
            prices={kind: list(p) for kind, p in data["prices"].items()},
            round_ends=tuple(data["round_ends"]),
            values={artist: list(v) for artist, v in data["values"].items()},
            deck=None if data.get("deck") is None else int(data["deck"]),
        )


def result_of(game: Game, index: int, agents: tuple[str, ...]) -> GameResult:
    """The result of the finished ``game``, game ``index`` of its run."""
    outcome = game.outcome
    if outcome is None:
        raise ValueError("the game is not over")
    sold: dict[str, int] = {}
    prices: dict[str, list[int]] = {}
    round_ends: list[str] = []
    values: dict[str, list[int]] = {}
    lots = unsold = deck = 0
    kind = ""
    for event in game.events_of("deal", "play", "sold", "unsold", "round-end", "scored"):
        what = event.kind
        if what == "deal":
            deck = event["deck"]
        elif what == "play":  # a lot opens: its type is the led card's
            kind = event["card"].rpartition("/")[2]
            lots += 1
        elif what == "sold":
            sold[kind] = sold.get(kind, 0) + 1
            prices.setdefault(kind, []).append(event["price"])
        elif what == "unsold":
            unsold += 1
        elif what == "round-end":
            round_ends.append(event["reason"])
        elif what == "scored":
            for artist, value in event["board"].items():
                values.setdefault(artist, []).append(value)
    return GameResult(
        index=index,
        seed=game.state.seed,
        agents=agents,
        cash=outcome.cash,
        winners=outcome.winners,
        reason=outcome.reason.value,
        rounds=outcome.rounds_played,
        lots=lots,
        unsold=unsold,
        sold=sold,
        prices=prices,
        round_ends=tuple(round_ends),
        values=values,
        deck=deck,
    )
