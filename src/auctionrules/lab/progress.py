"""Progress of a long run on stderr: a ``rich`` bar on a terminal, plain lines otherwise.

The bar (rate and time left) needs the ``terminal`` extra; without it, or when
stderr is a file or a pipe, a line every few seconds says the same.
"""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO


class Progress:
    """A ``progress(done, total)`` hook; :meth:`close` when the run ends."""

    def __init__(self, label: str, stream: TextIO | None = None, every: float = 5.0) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.every = every
        self._start = time.monotonic()
        self._first: int | None = None
        self._last = 0.0
        self._bar: Any = None
        self._task: Any = None
        if self.stream.isatty():
            try:  # the terminal extra is optional
                from rich.console import Console  # noqa: PLC0415
                from rich.progress import (  # noqa: PLC0415
                    BarColumn,
                    MofNCompleteColumn,
                    TaskProgressColumn,
                    TextColumn,
                    TimeRemainingColumn,
                )
                from rich.progress import Progress as Bar  # noqa: PLC0415
            except ImportError:
                pass
            else:
                self._bar = Bar(
                    TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TaskProgressColumn(), TextColumn("{task.fields[rate]} games/s"),
                    TimeRemainingColumn(), console=Console(file=self.stream),
                    transient=True,
                )

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self._first is None:
            self._first, self._start = done, now
        played, elapsed = done - self._first, now - self._start
        rate = played / elapsed if elapsed > 0 else 0.0
        if self._bar is not None:
            if self._task is None:
                self._bar.start()
                self._task = self._bar.add_task(self.label, total=total, rate="-")
            self._bar.update(self._task, completed=done, rate=f"{rate:,.0f}")
            return
        if now - self._last < self.every and done < total:
            return
        self._last = now
        left = f", {(total - done) / rate:,.0f} s left" if rate > 0 and done < total else ""
        speed = f", {rate:,.0f} games/s" if played else ""  # (none played yet, or all read back)
        print(
            f"{self.label}: {done}/{total} games ({100 * done / total:.0f}%){speed}{left}",
            file=self.stream, flush=True,
        )

    def close(self) -> None:
        """Remove the bar."""
        if self._bar is not None and self._task is not None:
            self._bar.stop()
