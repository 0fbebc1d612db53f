"""Every table of one server: created from checked requests, resumed at start.

The manager owns the tables and their bots; routes ask it for a table by id.
At start it reads the data directory back (:mod:`.store`) and resumes every
unfinished table: its game goes on at the position it was killed in, its bots
playing again. A finished table stays readable (its page, its record): the most
recent ones are kept in memory, the others read back from disk when asked for.
"""

from __future__ import annotations

import logging
import secrets

from auctionrules.engine import EngineError, Game
from auctionrules.web.bots import Bots
from auctionrules.web.limits import Limits
from auctionrules.web.requests import RequestError, TableSpec
from auctionrules.web.store import Store
from auctionrules.web.table import Table, TableError

LOG = logging.getLogger("auctionrules.web")


class Tables:
    """The tables of a server, on the event loop that serves them."""

    def __init__(self, store: Store, limits: Limits, pause: float) -> None:
        self.store = store
        self.limits = limits
        #: a bot's pause before acting, for tables whose request names none
        self.pause = pause
        self.tables: dict[str, Table] = {}
        self.bots: dict[str, Bots] = {}

    def unfinished(self) -> int:
        return sum(not t.game.is_over for t in self.tables.values())

    def get(self, table_id: str) -> Table:
        """The table ``table_id``; :class:`TableError` (404) if there is none."""
        table = self.tables.get(table_id)
        if table is None:
            saved = self.store.read(table_id)  # a finished table no longer in memory
            try:
                table = None if saved is None else Table.resume(table_id, saved, self.store)
            except (EngineError, KeyError, TypeError, ValueError) as exc:
                LOG.warning("table %s cannot be read back: %s", table_id, exc)
            if table is None:
                raise TableError(404, f"no table {table_id!r} on this server")
            self._add(table)
        return table

    def create(self, spec: TableSpec) -> tuple[Table, dict[int, str], str]:
        """A new table playing ``spec``, its bots started; with the seat and host tokens."""
        if self.unfinished() >= self.limits.tables:
            raise RequestError(503, [f"this server already has {self.limits.tables} unfinished "
                                     "tables, its limit; try again when one has finished"])
        table_id = secrets.token_urlsafe(9)
        game = Game.new(rules=spec.rules, seed=spec.seed)
        table, tokens, host = Table.create(
            table_id, game, spec.seats, language=spec.language, pause=spec.pause,
            variant=spec.variant, store=self.store,
        )
        self._add(table)
        return table, tokens, host

    def resume(self) -> int:
        """Read back every table of the data directory; how many games go on."""
        going = 0
        for table_id, saved in self.store.load():
            try:
                table = Table.resume(table_id, saved, self.store)
            except (EngineError, KeyError, TypeError, ValueError) as exc:
                LOG.warning("table %s cannot be resumed, left on disk: %s", table_id, exc)
                continue
            self._add(table)
            going += not table.game.is_over
        return going

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        bots = self.bots[table.id] = Bots(table)
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
        for bots in self.bots.values():
            await bots.stop()
