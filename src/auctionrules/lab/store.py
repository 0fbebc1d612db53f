"""The results file: a header line, then one JSON line per game, in index order.

The header (``{"format": "auctionrules-simulation", "version": 1, "settings":
{...}}``) records everything that decides the games except how many, so
``--resume`` continues a file only when it was made with the same settings. Each
game line is written and flushed as soon as its game is in, so an interrupted
run keeps every game it finished; a line cut short by the interruption is
dropped on resume.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from auctionrules.lab.plan import SimulationError
from auctionrules.lab.result import GameResult

FORMAT = "auctionrules-simulation"
VERSION = 1
#: Settings that name rather than decide: the variant as the user wrote it (the
#: same file by another path is the same ruleset; the digest says whether it is).
LABELS = frozenset({"variant"})


def header_line(settings: dict[str, Any]) -> str:
    """The first line of a results file."""
    return json.dumps({"format": FORMAT, "version": VERSION, "settings": settings}) + "\n"


def read_results(path: Path) -> tuple[dict[str, Any], Iterator[GameResult]]:
    """The settings of a results file and an iterator over its games (lines read
    as they are consumed; a last line cut short is skipped)."""
    handle = path.open(encoding="utf-8")
    try:
        head = json.loads(handle.readline() or "null")
    except json.JSONDecodeError:
        head = None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        handle.close()
        raise SimulationError(f"{path}: not a results file of auctionrules simulate")
    if head.get("version") != VERSION:
        handle.close()
        raise SimulationError(f"{path}: results format version {head.get('version')}")
    return head["settings"], _games(path, handle)


def _games(path: Path, handle: IO[str]) -> Iterator[GameResult]:
    with handle:
        for number, line in enumerate(handle, start=2):
            if not line.endswith("\n"):
                return  # cut short by an interruption
            try:
                yield GameResult.from_dict(json.loads(line))
            except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
                raise SimulationError(f"{path}:{number}: not a game result: {exc}") from None


class ResultsFile:
    """Writes a results file; with ``resume``, continues a compatible one."""

    def __init__(self, path: Path, settings: dict[str, Any], resume: bool = False) -> None:
        self.path = path
        self.settings = settings
        self.resume = resume and path.is_file() and path.stat().st_size > 0
        self._handle: IO[str] | None = None

    def existing(self, games: int) -> Iterator[GameResult]:
        """The games already in the file (at most ``games``), checked to be this
        run's games 0, 1, 2...; none unless resuming."""
        if not self.resume:
            return
        settings, results = read_results(self.path)
        changed = sorted(
            key for key in set(settings) | set(self.settings)
            if key not in LABELS and settings.get(key) != self.settings.get(key)
        )
        if changed:
            details = "; ".join(
                f"{key}: file {settings.get(key)!r}, now {self.settings.get(key)!r}"
                for key in changed
            )
            raise SimulationError(f"{self.path}: made with other settings ({details})")
        for expected, result in enumerate(results):
            if expected >= games:
                return
            if result.index != expected:
                raise SimulationError(
                    f"{self.path}: game {result.index} where game {expected} was expected"
                )
            yield result

    def open(self, kept: int) -> None:
        """Start writing after the first ``kept`` games (a fresh file if none)."""
        try:
            if self.resume:
                self._truncate_after(kept)
                self._handle = self.path.open("a", encoding="utf-8")
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._handle = self.path.open("w", encoding="utf-8")
                self._handle.write(header_line(self.settings))
                self._handle.flush()
        except OSError as exc:
            raise SimulationError(f"cannot write {self.path}: {exc}") from None

    def _truncate_after(self, kept: int) -> None:
        """Drop whatever follows the header and the first ``kept`` game lines: a line
        cut short (the file holds no more complete games, or ``kept`` would be more)."""
        with self.path.open("r+b") as handle:
            for _ in range(kept + 1):
                handle.readline()
            handle.truncate(handle.tell())

    def write(self, result: GameResult) -> None:
        """Append one game's line, flushed."""
        assert self._handle is not None
        self._handle.write(json.dumps(result.to_dict(), separators=(",", ":")) + "\n")
        self._handle.flush()

    def close(self) -> None:
        """Close the file."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None
