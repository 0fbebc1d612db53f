"""Every table of a server: created from checked requests, resumed at start, swept.

The manager owns the tables and their bots; routes ask it for a table by id.
At start it reads the data directory back (:mod:`.store`) and resumes every
unfinished table, logging each: its game goes on at the position it was killed
in, its bots playing again. A folder that cannot be loaded is set aside
(``unreadable/``) with a log line: one bad folder never stops a server. A
finished table stays readable (its page, its record): the most recent ones are
kept in memory, the others read back from disk when asked for.

:meth:`Tables.sweep`, run every minute, keeps the server from filling up: a table
no person has played in for :attr:`~.limits.Limits.idle` seconds since it was made
expires, and a finished table is archived :attr:`~.limits.Limits.keep` seconds
after its end. Its clock is given (``clock``), so tests move time by hand.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections import deque
from collections.abc import Callable

from auctionrules.engine import EngineError, Game
from auctionrules.web.bots import Bots, Thinkers
from auctionrules.web.limits import Limits
from auctionrules.web.requests import MAX_SEED, RequestError, TableSpec
from auctionrules.web.store import ARCHIVE, EXPIRED, UNREADABLE, Store
from auctionrules.web.table import Table, TableError

LOG = logging.getLogger("auctionrules.web")

#: What a table file that does not load may raise: anything (a file from an older
#: version, edited by hand, damaged), since one bad folder must never stop a server.
_UNLOADABLE = Exception


class RateLimitError(RequestError):
    """Too many tables from one client: ``retry_after`` seconds until it may make one."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(429, [message])
        self.retry_after = retry_after


class Tables:
    """The tables of a server, on the event loop that serves them."""

    def __init__(
        self,
        store: Store,
        limits: Limits,
        pause: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.limits = limits
        #: a bot's pause before acting, for tables whose request names none
        self.pause = pause
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.bots: dict[str, Bots] = {}
        self.thinkers = Thinkers(limits.workers)
        #: per client address, when it made its recent tables
        self._made: dict[str, deque[float]] = {}
        self._warming: asyncio.Task[None] | None = None

    def unfinished(self) -> int:
        return sum(not t.game.is_over for t in self.tables.values())

    def get(self, table_id: str) -> Table:
        """The table ``table_id``; :class:`TableError` (404, or 410 for a table that
        expired) if there is none."""
        table = self.tables.get(table_id)
        if table is None:
            saved = self.store.read(table_id)  # a finished table no longer in memory
            try:
                table = None if saved is None else Table.resume(table_id, saved, self.store)
            except _UNLOADABLE as exc:
                LOG.warning("table %s cannot be read back: %s", table_id, exc)
            if table is None:
                if self.store.aside(table_id) == EXPIRED:
                    raise TableError(410, f"table {table_id!r} expired: no one played in "
                                          f"the {self.limits.idle / 60:g} minutes after it "
                                          "was made")
                raise TableError(404, f"no table {table_id!r} on this server")
            self._add(table)
        return table

    def admit(self, client: str) -> None:
        """:class:`RateLimitError` if ``client`` made :attr:`~.limits.Limits.per_minute`
        tables in the last minute (a refused request does not count: :meth:`made`)."""
        now = self.clock()
        made = self._made.get(client)
        while made and made[0] <= now - 60:
            made.popleft()
        if made and len(made) >= self.limits.per_minute:
            wait = max(1, math.ceil(made[0] + 60 - now))
            raise RateLimitError(f"{self.limits.per_minute} tables a minute from one address "
                              f"is the limit; try again in {wait} s", wait)

    def made(self, client: str) -> None:
        """Count a table ``client`` made."""
        now = self.clock()
        if len(self._made) > 10_000:  # forget the clients that made nothing lately
            self._made = {c: d for c, d in self._made.items() if d and d[-1] > now - 60}
        self._made.setdefault(client, deque()).append(now)

    def create(self, spec: TableSpec) -> tuple[Table, dict[int, str], str]:
        """A new table playing ``spec``, its bots started; with the seat and host tokens.

        Everything that can fail is done before the table is written: the game is
        dealt and the bots built first, so a refusal leaves no folder behind."""
        if self.unfinished() >= self.limits.tables:
            raise RequestError(503, [f"this server already has {self.limits.tables} unfinished "
                                     "tables, its limit; try again when one has finished"])
        table_id = secrets.token_urlsafe(9)
        try:
            game = Game.new(rules=spec.rules, seed=spec.seed)
            table, tokens, host = Table.create(
                table_id, game, spec.seats, language=spec.language, pause=spec.pause,
                variant=spec.variant, store=self.store, private=spec.private,
            )
            table.created = self.clock()
            bots = Bots(table, self.thinkers)
            _ = table.presenter.document  # built now, not at the first lot's first action
        except (EngineError, ValueError, TypeError) as exc:
            raise RequestError(422, [f"this table cannot be set: {exc}"]) from None
        try:
            table.write()
        except OSError as exc:
            LOG.error("table %s cannot be written: %s", table_id, exc)
            raise RequestError(503, ["the server cannot save a new table now"]) from None
        self._add(table, bots)
        return table, tokens, host

    def again(self, table: Table) -> TableSpec:
        """The request of ``table`` played again: the same ruleset, chairs, language,
        pause and privacy, and a new seed drawn by the server. (Not the old seed plus
        one: the old game's record, public once it is over, holds its seed, and a seed
        known is every hand known.)"""
        return TableSpec(table.game.rules, table.chairs, secrets.randbelow(MAX_SEED + 1),
                         table.language, table.pause, table.variant, table.private)

    def resume(self) -> int:
        """Read back every table of the data directory, logging each; how many games go
        on. A table that does not load is set aside, logged, and never stops the start."""
        going = 0
        for table_id, saved in self.store.load():
            try:
                if saved is None:
                    raise ValueError("its files cannot be read")
                table = Table.resume(table_id, saved, self.store)
                bots = Bots(table, self.thinkers)
            except _UNLOADABLE as exc:
                self._set_aside(table_id, UNREADABLE, f"cannot be resumed ({exc})")
                continue
            self._add(table, bots)
            going += not table.game.is_over
            LOG.info("table %s resumed: %s, %d actions, %s", table_id, table.variant,
                     table.version, ", ".join(table.names))
        self._warming = asyncio.create_task(self._warm(), name="rulebooks")
        return going

    async def _warm(self) -> None:
        """Build each resumed table's rulebook (some tens of milliseconds each), one at a
        time between other work, so that no one's action waits for one later."""
        for table in list(self.tables.values()):
            await asyncio.sleep(0)
            _ = table.presenter.document

    def open(self) -> list[Table]:
        """The listed tables: not private, unfinished, oldest first."""
        return sorted((t for t in self.tables.values()
                       if not t.private and not t.game.is_over), key=lambda t: t.created)

    def sweep(self) -> None:
        """Expire the tables no person played in within their idle time, and archive
        the finished ones past their keeping time (their folders are moved aside)."""
        now = self.clock()
        for table_id, ended in self.store.finished():
            table = self.tables.get(table_id)
            if now - ended > self.limits.keep and not (table and table.connections):
                self._drop(table_id, ARCHIVE, "archived: its game ended "
                           f"{(now - ended) / 3600:.0f} hours ago")
        for table in list(self.tables.values()):
            persons = [s for s, chair in enumerate(table.chairs) if chair is None]
            if (persons and not table.game.is_over
                    and not any(table.acted[s] for s in persons)
                    and now - table.created > self.limits.idle and not table.connections):
                self._drop(table.id, EXPIRED, "expired: no person played in "
                           f"{(now - table.created) / 60:.0f} minutes")

    def _drop(self, table_id: str, where: str, why: str) -> None:
        bots = self.bots.pop(table_id, None)
        if bots is not None and bots.task is not None:
            bots.task.cancel()
        self.tables.pop(table_id, None)
        self._set_aside(table_id, where, why)

    def _set_aside(self, table_id: str, where: str, why: str) -> None:
        try:
            place = self.store.set_aside(table_id, where)
        except OSError as exc:
            LOG.error("table %s %s, and cannot be moved to %s/: %s", table_id, why, where, exc)
            return
        LOG.warning("table %s %s: moved to %s", table_id, why, place)

    def _add(self, table: Table, bots: Bots | None = None) -> None:
        self.tables[table.id] = table
        bots = self.bots[table.id] = bots or Bots(table, self.thinkers)
        bots.start()
        self._forget()

    def _forget(self) -> None:
        """Drop the oldest finished tables nobody is watching beyond the limit (they stay
        on disk)."""
        finished = [t for t in self.tables.values() if t.game.is_over and not t.connections]
        for table in finished[: max(0, len(finished) - self.limits.finished)]:
            del self.tables[table.id]
            del self.bots[table.id]

    async def close(self) -> None:
        if self._warming is not None:
            self._warming.cancel()
        for bots in self.bots.values():
            await bots.stop()
        self.thinkers.close()
