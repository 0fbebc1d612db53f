"""The bounds a server keeps, each documented in ``docs/web.rst`` ("Limits").

A public table must survive a careless or hostile client: every message, upload,
table count, creation rate and bot budget is bounded, and what goes over is
refused with a message saying the bound, never with a traceback. The bounds an
operator may want to change have a flag of ``auctionrules serve``.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

#: The strengths a table may ask of a search bot, weakest first: determinizations per
#: decision (``ismcts``'s ``iterations``; about 5 ms each in the plain-Python engine).
STRENGTHS: Mapping[str, int] = {"weak": 16, "medium": 48, "strong": 160}
#: The strength of a search bot whose chair names none.
DEFAULT_STRENGTH = "medium"


@attrs.frozen
class Limits:
    """What one server accepts."""

    #: bytes of one message: a WebSocket frame or the body of an action request
    message: int = 4 * 1024
    #: bytes of the body of a create-table or validate request (a pasted variant file)
    upload: int = 256 * 1024
    #: unfinished tables at once (finished ones stay readable and do not count)
    tables: int = 100
    #: finished tables kept in memory (the others are read back from disk when asked for)
    finished: int = 200
    #: live connections (players and spectators) at one table
    connections: int = 64
    #: seconds a bot may pause before it acts
    pause: float = 10.0
    #: tables one client (one address) may create in a minute
    per_minute: int = 10
    #: seconds a table may wait for its first move by a person before it expires
    idle: float = 30 * 60.0
    #: seconds a finished table stays on the server before it is archived
    keep: float = 7 * 24 * 3600.0
    #: the most determinizations per decision a search bot is given (the strongest
    #: strength is cut down to it)
    iterations: int = STRENGTHS["strong"]
    #: processes that search for the bots (0: one per core of the machine)
    workers: int = 0

    def strengths(self) -> dict[str, int]:
        """Each strength's determinizations per decision on this server."""
        return {name: min(n, self.iterations) for name, n in STRENGTHS.items()}


DEFAULT = Limits()
