"""Each table on disk, so that a server killed at any moment loses nothing acknowledged.

One folder per table under the data directory::

    <data>/<table id>/table.json     the table: chairs, token digests, language, and
                                     the game record as it started (no actions yet)
    <data>/<table id>/actions.jsonl  one [seat, "action"] line per action, appended
                                     and flushed before the action is acknowledged
    <data>/<table id>/record.json    the finished game's record (atomic replace)

``table.json`` and ``record.json`` are written whole to a temporary file that then
replaces the old one (``os.replace``), so a reader sees the old file or the new
one, never half of one. Actions are appended: a kill between two appends
leaves every acknowledged action on disk; a kill in the middle of one leaves a
torn last line, which :meth:`Store.load` drops (that action was never
acknowledged). Resuming replays the actions with the engine, so a record that
does not replay is found at start, not in the middle of a game.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

from auctionrules.engine import dumps

LOG = logging.getLogger("auctionrules.web")

TABLE, ACTIONS, RECORD = "table.json", "actions.jsonl", "record.json"
#: What a table id may be: the server makes them with ``secrets.token_urlsafe`` (never a
#: path: no dot, no slash).
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@attrs.frozen
class Saved:
    """A table read back: its ``table.json`` and its actions so far."""

    meta: dict[str, Any]
    actions: list[tuple[int, str]]


class Store:
    """The tables of one data directory."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)

    def folder(self, table_id: str) -> Path:
        return self.root / table_id

    def create(self, table_id: str, meta: Mapping[str, Any]) -> None:
        """Write a new table (its folder must not exist yet)."""
        folder = self.folder(table_id)
        folder.mkdir()
        (folder / ACTIONS).touch()
        replace_atomically(folder / TABLE, json.dumps(meta, ensure_ascii=False, indent=1))

    def append(self, table_id: str, seat: int, action: str) -> None:
        """Add one action to the table's file, flushed to the operating system."""
        with open(self.folder(table_id) / ACTIONS, "a", encoding="utf-8") as handle:
            handle.write(json.dumps([seat, action]) + "\n")
            handle.flush()

    def finish(self, table_id: str, record: Mapping[str, Any]) -> None:
        """Write the finished game's record."""
        replace_atomically(self.folder(table_id) / RECORD, dumps(record) + "\n")

    def load(self) -> Iterator[tuple[str, Saved]]:
        """Every unfinished table of the directory that can be read, oldest first (one
        that cannot is logged and left on disk, untouched); finished tables are read
        when asked for (:meth:`read`)."""
        folders = [f for f in self.root.iterdir()
                   if (f / TABLE).is_file() and not (f / RECORD).exists()]
        folders.sort(key=lambda f: (f / TABLE).stat().st_mtime)
        for folder in folders:
            saved = self.read(folder.name)
            if saved is not None:
                yield folder.name, saved

    def read(self, table_id: str) -> Saved | None:
        """The table ``table_id`` (``None``: no such table, or it cannot be read)."""
        if not TABLE_ID.fullmatch(table_id):
            return None
        folder = self.folder(table_id)
        if not (folder / TABLE).is_file():
            return None
        try:
            meta = json.loads((folder / TABLE).read_text(encoding="utf-8"))
            actions = _read_actions(folder / ACTIONS)
        except (OSError, ValueError) as exc:
            LOG.warning("table %s cannot be read, skipped: %s", table_id, exc)
            return None
        return Saved(meta, actions)


def replace_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and ``os.replace``."""
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


def _read_actions(path: Path) -> list[tuple[int, str]]:
    """The actions of a table's file; a torn last line (a kill mid-append) is cut off."""
    if not path.exists():
        return []
    data = path.read_bytes()
    actions: list[tuple[int, str]] = []
    good = 0
    for line in data.splitlines(keepends=True):
        if not line.endswith(b"\n"):
            break
        try:
            seat, action = json.loads(line)
        except ValueError:
            break
        actions.append((int(seat), str(action)))
        good += len(line)
    if good != len(data):
        LOG.warning("%s: a torn last line dropped (an action never acknowledged)", path)
        with open(path, "r+b") as handle:
            handle.truncate(good)
    return actions
