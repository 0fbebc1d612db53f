"""OpenSpiel's observers of a Modern Art state, each an ``IIGObservationType``.

Every observer reads the engine's views (:meth:`Game.view
<auctionrules.engine.Game.view>` for a seat, :meth:`Game.public_view
<auctionrules.engine.Game.public_view>` for what everyone sees) and the public
events, never the game's hands, sealed bids or hidden cash:

=====================  ==========================================================
``perfect_recall``     the information state, a string (there is no tensor): with
                       ``public_info`` every public event so far; with
                       ``private_info`` the seat's hand as dealt each round
                       (read off its view when the round's cards come) and its
                       own sealed bid not yet revealed
without it             the observation: with both, the seat's view as the shared
                       vector (:mod:`.reader`); ``public_info`` alone, the
                       spectator's view in the same layout (per-seat parts
                       still start at the observing seat); ``private_info``
                       alone, the seat's hand, own cash and own pending sealed
                       bid (``hand``, ``cash``, ``own_sealed_bid``)
=====================  ==========================================================

``private_info=ALL_PLAYERS`` is refused: no view shows every hand. While the
cards are being dealt (before the game exists) an observation is all zeros and
the information state names the seat's own cards dealt so far.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from auctionrules.envs.encoding import Vector
from auctionrules.envs.reader import describe

if TYPE_CHECKING:
    from collections.abc import Iterable

    from auctionrules.engine.events import Event
    from auctionrules.engine.game import Game
    from auctionrules.envs.openspiel import ModernArtState
    from auctionrules.envs.table import Table

#: The parts of the private-only observation, in order.
PRIVATE_PARTS = ("hand", "cash", "own_sealed_bid")


class Record:
    """What each seat has seen of one game: the public events as text, and per seat
    its hand as each round's deal left it (from its view). Copied with its state;
    the texts, immutable, are shared."""

    __slots__ = ("_lines", "_merged", "_private", "_round", "_text", "_text_lines")

    def __init__(self, game: Game | None) -> None:
        self._lines: list[str] = []
        self._text = ""
        self._text_lines = 0
        self._round = 0
        self._private: list[list[tuple[int, str]]] = []
        #: per seat, what :meth:`merged` made: its text, the public lines and the
        #: private lines in it
        self._merged: list[tuple[str, int, int]] = []
        if game is not None:
            self._private = [[] for _ in range(game.n)]
            self._merged = [("", 0, 0)] * game.n
            self.update(game, game.events)

    def copy(self) -> Record:
        """An independent copy."""
        twin = Record(None)
        twin._lines = list(self._lines)
        twin._round = self._round
        twin._text, twin._text_lines = self._text, self._text_lines
        twin._private = [list(lines) for lines in self._private]
        twin._merged = list(self._merged)
        return twin

    def update(self, game: Game, events: Iterable[Event]) -> None:
        """Take in a move's ``events`` (and, at a new round, each seat's hand as its
        view shows it)."""
        self._lines.extend([str(e) for e in events])
        if game.round_number != self._round:
            self._round = game.round_number
            at = len(self._lines)
            for seat, lines in enumerate(self._private):
                hand = game.view(seat).hand or ()
                lines.append((at, f"p{seat} round {self._round} hand: {' '.join(hand)}"))

    def resampled(self, game: Game, seat: int) -> None:
        """After ``game`` was drawn again for ``seat`` (a determinization): the other
        seats' hands as dealt are not known, so their record says the hand each holds
        in the game drawn, from its view. The public events so far are those recorded
        (the game drawn has a history of its own): the record follows its moves."""
        at = len(self._lines)
        for other, lines in enumerate(self._private):
            if other != seat:
                hand = game.view(other).hand or ()
                lines[:] = [(at, f"p{other} drawn hand: {' '.join(hand)}")]
                self._merged[other] = ("", 0, 0)

    def public_text(self) -> str:
        """Every public event so far, a line each."""
        lines = self._lines
        if self._text_lines < len(lines):
            new = "\n".join(lines[self._text_lines :])
            self._text = f"{self._text}\n{new}" if self._text else new
            self._text_lines = len(lines)
        return self._text

    def private_lines(self, seat: int) -> list[str]:
        """The seat's hands as dealt, in order."""
        return [line for _, line in self._private[seat]]

    def merged(self, seat: int) -> str:
        """The public events with the seat's hands as dealt, in the order they came
        (made as far as it was made before, then the rest added: lines only ever come
        after the ones there are)."""
        private = self._private[seat]
        if not private:
            return self.public_text()
        made = self._merged[seat]
        lines = self._lines
        if made[1] == len(lines) and made[2] == len(private):
            return made[0]
        parts: list[str] = [made[0]] if made[0] else []
        start, done = made[1], made[2]
        for at, line in private[done:]:
            parts.extend(lines[start:at])
            parts.append(line)
            start = at
        parts.extend(lines[start:])
        text = "\n".join(parts)
        self._merged[seat] = (text, len(lines), len(private))
        return text


def make_observer(table: Table, iig_obs_type: Any) -> InfoStateObserver | VectorObserver:
    """The observer of ``iig_obs_type`` (``None``: the default observation, public and
    the seat's private information)."""
    if iig_obs_type is None:
        public, private, recall = True, True, False
    else:
        kind = iig_obs_type.private_info
        if kind == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("private_info=ALL_PLAYERS is not offered: no view shows "
                             "every player's hand")
        public = bool(iig_obs_type.public_info)
        private = kind == pyspiel.PrivateInfoType.SINGLE_PLAYER
        recall = bool(iig_obs_type.perfect_recall)
    if recall:
        return InfoStateObserver(table, public, private)
    return VectorObserver(table, public, private)


def _own_sealed_bid(state: ModernArtState, seat: int) -> int | None:
    lot = state.seat_view(seat).lot_part
    return None if lot is None else lot.own_bid


class InfoStateObserver:
    """The information state as a string (perfect recall; no tensor)."""

    def __init__(self, table: Table, public: bool, private: bool) -> None:
        self._names = table.rules.codec.names
        self._per = table.rules.hand_deal[0]
        self._public, self._private = public, private
        self.tensor = np.zeros(0, dtype=np.float32)
        self.dict: dict[str, np.ndarray] = {}
        self._token: object = None
        self._strings: dict[int, str] = {}

    def set_from(self, state: ModernArtState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: ModernArtState, player: int) -> str:
        """See the module docstring. (Kept per seat while the position's token says it
        is the same position, as :class:`VectorObserver` keeps its own.)"""
        token = state._shared.token
        if self._token is not token:
            self._token = token
            self._strings.clear()
        text = self._strings.get(player)
        if text is None:
            text = self._strings[player] = self._string(state, player)
        return text

    def _string(self, state: ModernArtState, player: int) -> str:
        record, game = state.record, state.engine_game
        if record is None or game is None:
            if not self._private:
                return "dealing"
            drawn = state._shared.drawn[player * self._per : (player + 1) * self._per]
            return f"p{player} dealt: {' '.join(self._names[c] for c in drawn)}"
        if self._public and self._private:
            body = record.merged(player)
        elif self._public:
            body = record.public_text()
        elif self._private:
            body = "\n".join(record.private_lines(player))
        else:
            return ""
        head = f"p{player}" if self._private else "public"
        if self._private:
            own = _own_sealed_bid(state, player)
            if own is not None:
                head += f" sealed bid: {own}"
        return f"{head}\n{body}"


class VectorObserver:
    """The observation as a tensor (see the module docstring)."""

    def __init__(self, table: Table, public: bool, private: bool) -> None:
        enc = table.encoding
        self._reader = table.reader
        self._public, self._private = public, private
        self._full = enc.new_observation()
        self._full_parts = enc.split(self._full)
        if public:
            # (one entry: OpenSpiel copies the tensor part by part, a call each; the
            # named parts are ``table.encoding.split(tensor)``)
            self.tensor: Vector = self._full
            self.dict: dict[str, Vector] = {"observation": self._full}
            parts = self._full_parts
        else:
            widths = {"hand": enc.kinds, "cash": 1, "own_sealed_bid": 1}
            self.tensor = np.zeros(sum(widths.values()) if private else 0, dtype=np.float32)
            self.dict = {}
            at = 0
            for name in PRIVATE_PARTS if private else ():
                self.dict[name] = self.tensor[at : at + widths[name]]
                at += widths[name]
            parts = self.dict
        #: each entry's label in the string: ``name:index``
        self._labels = [f"{name}:{i}" for name, part in parts.items() for i in range(part.size)]
        #: per entry, the words of each value written so far (see :func:`.reader.describe`)
        self._written: list[dict[float, str]] = [{} for _ in self._labels]
        self._numbers: dict[float, str] = {}
        #: per seat, the values last described and their words
        self._last: dict[int, tuple[list[float], list[str]]] = {}
        #: the position last observed (its token, held so that it is that very object)
        #: and each seat's tensor and string of it
        self._token: object = None
        self._tensors: dict[int, Vector] = {}
        self._strings: dict[int, str] = {}

    def set_from(self, state: ModernArtState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation."""
        shared = state._shared
        game = shared.game
        if game is None:
            self.tensor.fill(0.0)
            return
        # (OpenSpiel asks for every seat's tensor and string of a state, and of its
        # copies, in turn: what was made is kept per seat while the position's token
        # says it is the same position)
        token = shared.token
        if self._token is not token:
            self._token = token
            self._tensors.clear()
            self._strings.clear()
        kept = self._tensors.get(player)
        if kept is not None:
            self.tensor[:] = kept
            return
        if self._public:
            view = state.seat_view(player if self._private else None)
            self._reader.observe(view, self._full, anchor=player)
        elif self._private:
            self._reader.observe(state.seat_view(player), self._full)
            full = self._full_parts
            self.dict["hand"][:] = full["hand"]
            self.dict["cash"][0] = full["cash"][0]
            self.dict["own_sealed_bid"][0] = full["own_sealed_bid"][0]
        self._tensors[player] = self.tensor.copy()

    def string_from(self, state: ModernArtState, player: int) -> str:
        """The non-zero entries of each part, by name: ``name:index=value ...`` (empty
        while the cards are being dealt: the observation is all zeros)."""
        shared = state._shared
        if shared.game is None:
            return ""
        if self._token is shared.token:
            text = self._strings.get(player)
            if text is not None:
                return text
        self.set_from(state, player)
        last = self._last.get(player)
        if last is None:
            last = self._last[player] = ([0.0] * len(self._labels), [""] * len(self._labels))
        text = self._strings[player] = describe(
            self.tensor.tolist(), self._labels, self._written, self._numbers, *last)
        return text
