"""The bot chairs: agents from the registry, playing on the server from their views.

One task per table waits for the game to move; when a bot chair must act it
pauses (so people can follow), asks its agent with the seat's view and legal
moves (never the game), and acts through :meth:`Table.act
<auctionrules.web.table.Table.act>` like a person. The view is frozen before the
agent sees it (:meth:`View.replace <auctionrules.engine.View.replace>` gives a
frozen copy), so an agent thinking in a worker thread reads nothing the event
loop changes; slow agents (``ismcts``) think there, so the table, and every
other table, stays responsive. In a sealed auction a person may bid while a bot
thinks: the bot's action is checked again when it comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from auctionrules.agents import AgentSpec
from auctionrules.engine.agents import Agent, RandomAgent
from auctionrules.web.table import Table, TableError

LOG = logging.getLogger("auctionrules.web")

#: Agents quick enough to ask on the event loop itself (microseconds a move).
QUICK = frozenset({"random", "heuristic"})


class Bots:
    """The agents of one table's bot chairs and the task that runs them."""

    def __init__(self, table: Table) -> None:
        self.table = table
        seed = table.game.state.seed
        self.agents: dict[int, Agent] = {
            seat: chair.build(seed=f"{seed}/{seat}")
            for seat, chair in enumerate(table.chairs) if chair is not None
        }
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start playing (nothing to do at a table of persons or a finished game)."""
        if self.agents and not self.table.game.is_over and self.task is None:
            self.task = asyncio.create_task(self.run(), name=f"bots {self.table.id}")
            self.task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            LOG.error("table %s: the bots stopped", self.table.id, exc_info=task.exception())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None

    async def run(self) -> None:
        table = self.table
        game = table.game
        while not game.is_over:
            table.changed.clear()
            seat = next((s for s in game.to_act() if table.is_bot(s)), None)
            if seat is None:
                await table.changed.wait()
                continue
            # (a pause of 0 still lets the other tables and the connections have their turn)
            await asyncio.sleep(table.pause)
            version = table.version
            view = game.view(seat).replace()  # a frozen copy: the game may move meanwhile
            legal = game.legal(seat)
            agent = self.agents[seat]
            chair = table.chairs[seat]
            assert isinstance(chair, AgentSpec)
            try:
                if chair.name in QUICK:
                    action = agent.act(view, legal)
                else:
                    action = await asyncio.to_thread(agent.act, view, legal)
            except Exception:  # an agent's own failure (any registered agent's code)
                LOG.exception("table %s: the bot in chair %d failed; it plays a random legal "
                              "move instead", table.id, seat)
                action = RandomAgent(f"{game.state.seed}/{seat}/{version}").act(view, legal)
            async with table.lock:
                if table.version != version and action not in game.legal(seat):
                    continue  # the game moved on while it thought: look again
                try:
                    table.apply(seat, action)
                except TableError as exc:  # refused (or not saved): the game did not move
                    LOG.error("table %s: the bot in chair %d chose %s: %s",
                              table.id, seat, action, exc.message)
                    await asyncio.sleep(1.0)
                    continue
            await table.broadcast()
