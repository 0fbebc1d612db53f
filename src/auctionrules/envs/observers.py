"""OpenSpiel's observers of a Modern Art state, each an ``IIGObservationType``.

Every observer reads the engine's views (:meth:`Game.view
<auctionrules.engine.Game.view>` for a seat, or ``None`` for what everyone sees) and the public
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
                       bid and limit (``hand``, ``cash``, ``own_sealed_bid``,
                       ``own_limit``)
=====================  ==========================================================

``private_info=ALL_PLAYERS`` is refused: no view shows every hand. While the
cards are being dealt (before the game exists) an observation is all zeros and
the information state names the seat's own cards dealt so far.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from auctionrules.envs import chance
from auctionrules.envs.encoding import Vector
from auctionrules.envs.reader import describe

if TYPE_CHECKING:
    from collections.abc import Iterable

    from auctionrules.engine.events import Event
    from auctionrules.engine.game import Game
    from auctionrules.envs.openspiel import ModernArtState
    from auctionrules.envs.table import Table

#: The parts of the private-only observation, in order.
PRIVATE_PARTS = ("hand", "cash", "own_sealed_bid", "own_limit")


class Record:
    """What each seat has seen of one game: the public events as text, and per seat
    its hand as each round's deal left it (from its view). Copied with its state,
    in a few steps: the texts are immutable, and the public lines, only ever added
    to, are one list shared by the copies, each reading as many as it holds
    (``_count``); a copy adding lines where another added first takes its own list."""

    __slots__ = ("_count", "_lines", "_merged", "_private", "_round", "_text", "_text_lines")

    def __init__(self, game: Game | None) -> None:
        self._lines: list[str] = []
        self._count = 0
        self._text = ""
        self._text_lines = 0
        self._round = 0
        #: per seat, its hands as dealt: where each came among the public lines, and
        #: its line
        self._private: tuple[tuple[tuple[int, str], ...], ...] = ()
        #: per seat, what :meth:`merged` made: its text, the public lines and the
        #: private lines in it, its head
        self._merged: list[tuple[str, int, int, str]] = []
        if game is not None:
            self._private = ((),) * game.state.n
            self._merged = [("", 0, 0, "")] * game.state.n
            self.update(game, game.events)

    def copy(self) -> Record:
        """An independent copy."""
        twin = Record(None)
        twin._lines, twin._count = self._lines, self._count
        twin._round = self._round
        twin._text, twin._text_lines = self._text, self._text_lines
        twin._private = self._private
        twin._merged = list(self._merged)
        return twin

    def __getstate__(self) -> tuple[list[str], int, tuple[tuple[tuple[int, str], ...], ...]]:
        # (the lines held, the round and the hands as dealt; the texts made of them are
        # made again when asked: OpenSpiel pickles a state for every state it serialises)
        return self._lines[: self._count], self._round, self._private

    def __setstate__(
        self, saved: tuple[list[str], int, tuple[tuple[tuple[int, str], ...], ...]]
    ) -> None:
        self._lines, self._round, self._private = saved
        self._count = len(self._lines)
        self._text, self._text_lines = "", 0
        self._merged = [("", 0, 0, "")] * len(self._private)

    def update(self, game: Game, events: Iterable[Event]) -> None:
        """Take in a move's ``events`` (and, at a new round, each seat's hand as its
        view shows it)."""
        lines = self._lines
        if len(lines) != self._count:  # (a copy added lines of its own: take a list)
            lines = self._lines = lines[: self._count]
        lines.extend([str(e) for e in events])
        self._count = at = len(lines)
        if game.round != self._round:
            self._round = game.round
            self._private = tuple(
                (*dealt, (at, f"p{seat} round {self._round} hand: "
                              f"{' '.join(game.view(seat).hand or ())}"))
                for seat, dealt in enumerate(self._private))

    def resampled(self, game: Game, seat: int) -> None:
        """After ``game`` was drawn again for ``seat`` (a determinization): the other
        seats' hands as dealt are not known, so their record says the hand each holds
        in the game drawn, from its view. The public events so far are those recorded
        (the game drawn has a history of its own): the record follows its moves."""
        at = self._count
        private = list(self._private)
        for other in range(len(private)):
            if other != seat:
                hand = game.view(other).hand or ()
                private[other] = ((at, f"p{other} drawn hand: {' '.join(hand)}"),)
                self._merged[other] = ("", 0, 0, "")
        self._private = tuple(private)

    def public_text(self) -> str:
        """Every public event so far, a line each."""
        count = self._count
        if self._text_lines < count:
            new = "\n".join(self._lines[self._text_lines : count])
            self._text = f"{self._text}\n{new}" if self._text else new
            self._text_lines = count
        return self._text

    def private_lines(self, seat: int) -> list[str]:
        """The seat's hands as dealt, in order."""
        return [line for _, line in self._private[seat]]

    def merged(self, seat: int, head: str) -> str:
        """``head``, then the public events with the seat's hands as dealt in the order
        they came, a line each (made as far as it was made before under the same head,
        then the rest added: lines only ever come after the ones there are; the head
        is in it, so that the whole text is not copied once more to put it first)."""
        private = self._private[seat]
        if not private:
            return f"{head}\n{self.public_text()}"
        made = self._merged[seat]
        lines, count = self._lines, self._count
        if made[3] != head:
            made = (head, 0, 0, head)
        elif made[1] == count and made[2] == len(private):
            return made[0]
        parts: list[str] = [made[0]]
        start, done = made[1], made[2]
        for at, line in private[done:]:
            parts.extend(lines[start:at])
            parts.append(line)
            start = at
        parts.extend(lines[start:count])
        text = "\n".join(parts)
        self._merged[seat] = (text, count, len(private), head)
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


class InfoStateObserver:
    """The information state as a string (perfect recall; no tensor)."""

    def __init__(self, table: Table, public: bool, private: bool) -> None:
        self._names = table.rules.codec.names
        self._rules = table.rules
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
        shared = state._shared
        record = shared.record
        if record is None or shared.game is None:
            if not self._private:
                return "dealing"
            drawn = chance.dealt_to(self._rules, shared.drawn, player)
            return f"p{player} dealt: {' '.join(self._names[c] for c in drawn)}"
        head = f"p{player}" if self._private else "public"
        if self._private:
            lot = state.seat_view(player).lot_part
            if lot is not None and lot.own_bid is not None:
                head += f" sealed bid: {lot.own_bid}"
        if self._public and self._private:
            return record.merged(player, head)
        if self._public:
            body = record.public_text()
        elif self._private:
            body = "\n".join(record.private_lines(player))
        else:
            return ""
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
            widths = {"hand": enc.kinds, "cash": 1, "own_sealed_bid": 1, "own_limit": 1}
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
        #: per seat, the values last described and each entry's words (empty for a zero)
        self._last: dict[int, tuple[Vector, list[str]]] = {}
        #: the position last observed (its token, held so that it is that very object)
        #: and each seat's tensor and string of it
        self._token: object = None
        self._tensors: dict[int, Vector] = {}
        self._strings: dict[int, str] = {}
        #: whether :attr:`tensor` is all zeros (OpenSpiel asks for the tensor of a new
        #: state, still dealing, to learn its shape, twice for every tensor it reads)
        self._zeros = True

    def set_from(self, state: ModernArtState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation."""
        shared = state._shared
        game = shared.game
        if game is None:
            if not self._zeros:
                self.tensor.fill(0.0)
                self._zeros = True
            return
        self._zeros = False
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
            self.dict["own_limit"][0] = full["own_limit"][0]
        self._tensors[player] = self.tensor.copy()

    def string_from(self, state: ModernArtState, player: int) -> str:
        """The non-zero entries of each part, by name: ``name:index=value ...`` (empty
        while the cards are being dealt: the observation is all zeros)."""
        shared = state._shared
        if shared.game is None:
            return ""
        kept = None
        if self._token is shared.token:
            text = self._strings.get(player)
            if text is not None:
                return text
            kept = self._tensors.get(player)
        if kept is None:
            self.set_from(state, player)
            kept = self._tensors[player]
        last = self._last.get(player)
        if last is None:
            last = (np.zeros_like(kept), [""] * len(self._labels))
        words = last[1]
        changed = (kept != last[0]).nonzero()[0]
        text = self._strings[player] = describe(
            changed.tolist(), kept[changed].tolist(), self._labels, self._written,
            self._numbers, words)
        self._last[player] = (kept, words)  # (kept tensors are never written again)
        return text
