"""The bounds a server keeps, each documented in ``docs/web.rst`` ("Limits").

A public table must survive a careless or hostile client: every message, upload
and table count is bounded, and what goes over is refused with a message saying
the bound, never with a traceback.
"""

from __future__ import annotations

import attrs


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


DEFAULT = Limits()
