"""One table: a game, its chairs and their tokens, its connections.

Every action goes through :meth:`Table.act`, under the table's lock: the engine
checks it (an illegal one raises and leaves the game as it was), the store
appends it, and only then does the engine carry it out and every connection
hear of it. A seat is claimed with its token; the table keeps only the tokens'
SHA-256 digests (what ``table.json`` holds), so a copy of the data directory
cannot be used to take a seat. A person's chair nobody has used yet (no
connection, no action) is *free*: at a listed table anyone may take it from the
lobby's list (:meth:`Table.take`), which gives it a new token.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import secrets
import time
from collections.abc import Sequence
from typing import Any, Protocol

from auctionrules.agents import AgentSpec
from auctionrules.engine import EngineError, Game
from auctionrules.engine.actions import Action
from auctionrules.engine.legal import Legal
from auctionrules.engine.replay import start_game
from auctionrules.rulebook.lang import catalog
from auctionrules.text import player_name
from auctionrules.web.present import Presenter
from auctionrules.web.store import Saved, Store

FORMAT = "auctionrules-table"
VERSION = 1


class TableError(Exception):
    """A request about a table the server refuses: ``status`` and a clear message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Connection(Protocol):
    """A live connection: the seat it holds (``None``: a spectator) and how to reach it."""

    seat: int | None
    #: log lines already sent to it
    sent: int
    #: held while a message is built and sent, so messages leave in the order of the
    #: positions they show
    lock: asyncio.Lock

    async def send(self, message: dict[str, Any]) -> None: ...


def new_token() -> str:
    """An unguessable token (128 bits from :mod:`secrets`)."""
    return secrets.token_urlsafe(16)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_names(chairs: Sequence[AgentSpec | None], lang: str) -> list[str]:
    """``Player 1`` for a person at seat 0, ``Player 2 (heuristic)`` for a bot at seat 1,
    in ``lang``."""
    phrases = catalog(lang).log
    return [
        player_name(seat, lang) if chair is None
        else phrases["player.agent"].format(player=player_name(seat, lang), agent=chair.name)
        for seat, chair in enumerate(chairs)
    ]


class Table:
    """A game being played on the server."""

    def __init__(
        self,
        table_id: str,
        game: Game,
        chairs: Sequence[AgentSpec | None],
        *,
        language: str,
        pause: float,
        variant: str,
        tokens: dict[int, str],
        host: str,
        store: Store,
        created: float | None = None,
        private: bool = False,
        taken: Sequence[int] = (),
    ) -> None:
        self.id = table_id
        self.game = game
        self.chairs = tuple(chairs)
        self.language = language
        self.pause = pause
        self.variant = variant
        self.names = seat_names(chairs, language)
        self.presenter = Presenter(game.rules.ruleset, language, self.names)
        self._tokens = tokens  # seat -> digest
        self._host = host  # digest
        self.store = store
        #: when the table was made (seconds since the epoch)
        self.created = time.time() if created is None else created
        #: a private table is not listed in the lobby
        self.private = private
        #: the persons' chairs someone has used (connected to or acted from)
        self.taken = set(taken)
        self.lock = asyncio.Lock()
        #: set whenever the game moves, so the bots look again
        self.changed = asyncio.Event()
        self.connections: set[Connection] = set()
        #: how many actions each seat has made (a page knows its own action was carried
        #: out when its count grows)
        self.acted = [0] * game.state.n
        for seat, _ in game.log:
            self.acted[seat] += 1
        self.taken |= {s for s in self._tokens if self.acted[s]}
        self.lines: list[str] = []
        #: the final money and winners, in words, once the game is over
        self.result: list[str] | None = None
        self._described = 0
        self._describe()

    # --- creation and resumption --------------------------------------------------------

    @classmethod
    def create(
        cls,
        table_id: str,
        game: Game,
        chairs: Sequence[AgentSpec | None],
        *,
        language: str,
        pause: float,
        variant: str,
        store: Store,
        private: bool = False,
    ) -> tuple[Table, dict[int, str], str]:
        """A new table, not yet written (:meth:`write`); with the persons' seat tokens and
        the host's."""
        tokens = {seat: new_token() for seat, chair in enumerate(chairs) if chair is None}
        host = new_token()
        table = cls(
            table_id, game, chairs, language=language, pause=pause, variant=variant,
            tokens={seat: digest(t) for seat, t in tokens.items()}, host=digest(host),
            store=store, private=private,
        )
        return table, tokens, host

    def write(self) -> None:
        """Write the new table to its store."""
        self.store.create(self.id, self.meta())

    def meta(self) -> dict[str, Any]:
        """What ``table.json`` holds."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "id": self.id,
            "chairs": [None if c is None else str(c) for c in self.chairs],
            "tokens": {str(seat): value for seat, value in self._tokens.items()},
            "host": self._host,
            "language": self.language,
            "pause": self.pause,
            "variant": self.variant,
            "created": self.created,
            "private": self.private,
            "taken": sorted(self.taken),
            "start": self._start(),
        }

    def _start(self) -> dict[str, Any]:
        """The record of the game as it started: the deal, no action yet."""
        record = self.game.record(self.names)
        record["actions"], record["outcome"] = [], None
        return record

    @classmethod
    def resume(cls, table_id: str, saved: Saved, store: Store) -> Table:
        """The table as it was: the starting record replayed with every saved action
        (each checked by the engine); :class:`EngineError` if they do not replay."""
        meta = saved.meta
        if meta.get("format") != FORMAT or meta.get("version") != VERSION:
            raise EngineError(f"not a table file of this version ({meta.get('format')!r}, "
                              f"{meta.get('version')!r})")
        game = start_game(meta["start"])
        for index, (seat, action) in enumerate(saved.actions):
            try:
                game.apply(action, seat)
            except EngineError as exc:
                raise EngineError(f"action {index} ({seat}, {action!r}) does not replay: "
                                  f"{exc}") from None
        chairs = [None if c is None else AgentSpec.parse(c) for c in meta["chairs"]]
        return cls(
            table_id, game, chairs, language=meta["language"], pause=float(meta["pause"]),
            variant=meta["variant"], tokens={int(s): d for s, d in meta["tokens"].items()},
            host=meta["host"], store=store, created=meta.get("created"),
            private=bool(meta.get("private", False)), taken=meta.get("taken", ()),
        )

    # --- seats --------------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int | None:
        """The seat ``token`` holds (``None``: no token, a spectator); :class:`TableError`
        for a token that holds no seat here."""
        if token is None or token == "":
            return None
        given = digest(token)
        for seat, held in self._tokens.items():
            if hmac.compare_digest(given, held):
                return seat
        raise TableError(403, "this seat token is not valid at this table")

    def use(self, seat: int | None) -> None:
        """Mark a person's chair as used (its link opened, or an action from it).

        Kept in memory only, so opening a link never waits for the disk: after a
        restart a chair counts as used once someone has acted from it (or took it
        from the lobby's list)."""
        if seat is not None:
            self.taken.add(seat)

    def free(self) -> list[int]:
        """The persons' chairs nobody has used yet."""
        return sorted(set(self._tokens) - self.taken)

    def take(self, seat: int) -> str:
        """A new token for the free chair ``seat`` (its old one no longer holds it);
        :class:`TableError` (409) if the chair is not free."""
        if seat not in self.free() or self.private:
            raise TableError(409, f"chair {seat} is not free at this table")
        token = new_token()
        self._tokens[seat] = digest(token)
        self.taken.add(seat)
        self._rewrite()
        return token

    def _rewrite(self) -> None:
        # (a chair marked used only in memory is at worst listed free after a restart)
        with contextlib.suppress(OSError):
            self.store.rewrite(self.id, self.meta())

    def is_host(self, token: str | None) -> bool:
        return token is not None and hmac.compare_digest(digest(token), self._host)

    def is_bot(self, seat: int) -> bool:
        return self.chairs[seat] is not None

    @property
    def version(self) -> int:
        """How many actions the game has seen: the position's number."""
        return len(self.game.log)

    # --- acting -------------------------------------------------------------------------

    async def act(self, seat: int, text: object) -> None:
        """Carry out ``text`` for ``seat``, write it, tell every connection.

        :class:`TableError` (400 malformed, 409 not allowed now) leaves the game, its
        file and every connection as they were."""
        if not isinstance(text, str) or len(text) > 100:
            raise TableError(400, "an action is a short text such as 'bid 3000' or 'pass'")
        async with self.lock:
            try:
                action = Action.parse(text)
            except EngineError as exc:
                raise TableError(400, str(exc)) from None
            self.apply(seat, action)
        await self.broadcast()

    def apply(self, seat: int, action: Action) -> None:
        """Check, write, then carry out ``action`` (the caller holds the lock)."""
        game = self.game
        if seat not in game.to_act() or action not in game.legal(seat):
            try:
                game.apply(action, seat)  # refused, with the engine's reason
            except EngineError:  # told in the player's words and language
                reason = self.presenter.refusal(game.view(seat), game.legal(seat), str(action))
                raise TableError(409, reason) from None
            raise AssertionError("an action outside the legal moves was carried out")
        try:
            self.store.append(self.id, seat, str(action))
        except OSError as exc:
            raise TableError(503, f"the server cannot save the action, so it was not "
                                  f"played: {exc}") from None
        game.apply(action, seat)
        self.acted[seat] += 1
        self._describe()
        if game.is_over:
            self.store.finish(self.id, game.record(self.names))
        self.changed.set()

    def _describe(self) -> None:
        """Put the new events into the table's log lines (and the result, at the end)."""
        game = self.game
        events = game.events
        for event in events[self._described:]:
            line = self.presenter.log.describe(event)
            if line is not None:
                self.lines.append(line)
        self._described = len(events)
        if game.is_over and game.outcome is not None:
            self.result = self.presenter.log.result(game.outcome, game.state.n)
        else:
            self.result = None

    # --- telling the connections --------------------------------------------------------

    def message(self, seat: int | None, start: int = 0) -> dict[str, Any]:
        """The ``state`` message of ``seat`` (a spectator's for ``None``): built from its
        view, its legal moves and the public log only."""
        game = self.game
        if seat is None:
            view, legal = game.view(None), None
        else:
            view, legal = game.view(seat), game.legal(seat)
        message = self.presenter.message(
            view, legal if legal is not None else Legal(-1, ()), self.lines, start, self.version
        )
        if legal is None:
            message["legal"] = None
        message["table"] = self.id
        message["result"] = self.result
        message["acted"] = None if seat is None else self.acted[seat]
        return message

    async def send_state(self, connection: Connection) -> None:
        """Send ``connection`` its seat's state, with the log lines it has not had.

        The message is built under the connection's lock: two broadcasts in a row
        cannot overtake each other, so a page never sees an older position after a
        newer one, nor log lines out of order."""
        async with connection.lock:
            message = self.message(connection.seat, connection.sent)
            connection.sent = len(self.lines)
            await connection.send(message)

    async def broadcast(self) -> None:
        """Every connection its new state (one that fails is dropped)."""
        for connection in list(self.connections):
            try:
                await self.send_state(connection)
            except Exception:  # a closed socket: the client reconnects if it can
                self.connections.discard(connection)

    def record(self) -> dict[str, Any]:
        """The game record so far (the same JSON ``auctionrules replay`` reads)."""
        return self.game.record(self.names)
