"""The bot chairs: agents from the registry, playing on the server from their views.

One task per table waits for the game to move; when a bot chair must act it
pauses (so people can follow), asks its agent with the seat's view and legal
moves (never the game), and acts through :meth:`Table.apply
<auctionrules.web.table.Table.apply>` like a person. Quick agents (``random``,
``heuristic``: a fraction of a millisecond) answer on the event loop. A search
agent (``ismcts``) thinks in a :class:`Thinkers` process, never on the event loop
nor in a thread of the server's process: the agent, a frozen copy of the view and
the legal moves go to a worker, and the action comes back with the agent's new
state, so a seeded bot plays as it would in one process. The workers run at a
lower priority than the server, so a person's action is carried out and sent
to every connection while bots think, on every table. In a sealed auction a
person may bid while a bot thinks: the bot's action is checked again when it
comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from auctionrules.agents import AgentSpec
from auctionrules.engine.actions import Action
from auctionrules.engine.agents import Agent, RandomAgent
from auctionrules.engine.legal import Legal
from auctionrules.engine.views import View
from auctionrules.web.table import Table, TableError

LOG = logging.getLogger("auctionrules.web")

#: Agents quick enough to ask on the event loop itself (well under a millisecond a move).
QUICK = frozenset({"random", "heuristic"})
#: How much lower the workers' priority is than the server's (``nice``).
NICENESS = 10


def _start_worker(server: int) -> None:
    """A worker thinks at a lower priority than the server, and leaves when the server is
    gone (even killed with ``SIGKILL``, which no shutdown code sees)."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICENESS)
    threading.Thread(target=_watch, args=(server,), name="server watch", daemon=True).start()


def _watch(server: int) -> None:
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)  # orphaned: nothing of ours to flush, no one to answer


def think(agent: Agent, view: View, legal: Legal) -> tuple[Action, Agent]:
    """What ``agent`` plays, and the agent after playing it (run in a worker)."""
    action = agent.act(view, legal)
    return action, agent


class Thinkers:
    """The worker processes of one server, started when a search bot first thinks."""

    def __init__(self, workers: int = 0) -> None:
        if workers <= 0:  # one per core the server may use
            workers = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                       else os.cpu_count() or 1)
        #: how many processes think at once
        self.workers = workers
        self._pool: Executor | None = None

    def pool(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker, initargs=(os.getpid(),))
        return self._pool

    async def think(self, agent: Agent, view: View, legal: Legal) -> tuple[Action, Agent]:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool(), think, agent, view, legal)
        except BrokenProcessPool:
            self._pool = None  # a worker died (killed, out of memory): new ones next time
            raise

    def close(self) -> None:
        """Stop the workers (each ends the decision it is in: at most a second or so)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


class Bots:
    """The agents of one table's bot chairs and the task that runs them."""

    def __init__(self, table: Table, thinkers: Thinkers) -> None:
        self.table = table
        self.thinkers = thinkers
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
            chair = table.chairs[seat]
            assert isinstance(chair, AgentSpec)
            try:
                if chair.name in QUICK:
                    action = self.agents[seat].act(view, legal)
                else:
                    action, self.agents[seat] = await self.thinkers.think(
                        self.agents[seat], view, legal)
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
