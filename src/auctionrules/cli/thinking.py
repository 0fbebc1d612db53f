"""A search in progress, on stderr: what ``play`` shows while an agent thinks.

A searching agent (one with a ``progress`` hook, such as ``ismcts``) reports each
determinization. On a terminal the count is redrawn in place and wiped when
the move is made; elsewhere (``play --progress`` into a file or a pipe) each
searched decision is one line once made. stdout, the game's log, is untouched.
"""

from __future__ import annotations

import functools
import time
from typing import Any, TextIO


class Thinking:
    """Shows the searches of the agents :meth:`attach` ed to it on ``stream``."""

    def __init__(self, stream: TextIO, live: bool) -> None:
        self.stream = stream
        self.live = live
        self._name = ""
        self._done = 0
        self._start = 0.0

    def attach(self, agent: Any, name: str) -> None:
        """Report ``agent``'s searches as ``name`` (agents without a hook: nothing)."""
        if hasattr(agent, "progress"):
            agent.progress = functools.partial(self.update, name)

    def update(self, name: str, done: int, budget: int) -> None:
        """``done`` determinizations of ``budget`` (0: a time budget)."""
        if done == 1 or name != self._name:
            self._name, self._start = name, time.monotonic()
        self._done = done
        if self.live:
            of = f"/{budget}" if budget else ""
            self.stream.write(f"\r{name} thinking: {done}{of} determinizations\x1b[K")
            self.stream.flush()

    def moved(self) -> None:
        """The agent has moved: wipe the live count, or write the finished search's line."""
        if not self._done:
            return
        if self.live:
            self.stream.write("\r\x1b[K")
        else:
            seconds = time.monotonic() - self._start
            plural = "" if self._done == 1 else "s"
            self.stream.write(
                f"{self._name}: {self._done} determinization{plural}, {seconds:.1f} s\n"
            )
        self.stream.flush()
        self._done = 0
