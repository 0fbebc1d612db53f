"""Each table on disk, so that a server killed at any moment loses nothing acknowledged.

One folder per table under the data directory::

    <data>/<table id>/table.json     the table: chairs, token digests, language, and
                                     the game record as it started (no actions yet)
    <data>/<table id>/actions.jsonl  one [seat, "action"] line per action, appended
                                     and flushed before the action is acknowledged
    <data>/<table id>/record.json    the finished game's record (atomic replace)

A new table's folder is written whole under a temporary name (``<id>.new``) and
then renamed, so a folder under its id is always a whole table. Tables leave the
live directory by a rename into one of three folders, whose names are never a
table id (:data:`ASIDE`): ``archive/`` (finished tables kept past their time:
their records stay readable), ``expired/`` (tables no person ever played, past
their idle time) and ``unreadable/`` (a folder that could not be loaded at start:
set aside with a log line, for someone to look at, so it never stops a server).

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
import shutil
import time
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
#: Where tables go when they leave the live directory (never a table id).
ARCHIVE, EXPIRED, UNREADABLE = "archive", "expired", "unreadable"
ASIDE = frozenset({ARCHIVE, EXPIRED, UNREADABLE})


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
        """Write a new table (its folder must not exist yet): whole, or not at all."""
        folder = self.folder(table_id)
        if folder.exists():
            raise FileExistsError(f"{folder} exists")
        draft = self.root / f"{table_id}.new"
        try:
            draft.mkdir()
            (draft / ACTIONS).touch()
            replace_atomically(draft / TABLE, json.dumps(meta, ensure_ascii=False, indent=1))
            os.rename(draft, folder)
        except OSError:
            shutil.rmtree(draft, ignore_errors=True)
            raise

    def rewrite(self, table_id: str, meta: Mapping[str, Any]) -> None:
        """Replace a table's ``table.json`` (atomically)."""
        replace_atomically(self.folder(table_id) / TABLE,
                           json.dumps(meta, ensure_ascii=False, indent=1))

    def set_aside(self, table_id: str, where: str) -> Path:
        """Move a table's folder into ``where`` (one of :data:`ASIDE`); its new place."""
        assert where in ASIDE
        target = self.root / where / table_id
        target.parent.mkdir(exist_ok=True)
        if target.exists():  # the same id set aside before: keep both
            target = target.with_name(f"{table_id}-{int(time.time())}")
        os.replace(self.folder(table_id), target)
        return target

    def aside(self, table_id: str) -> str | None:
        """Where table ``table_id`` was set aside (one of :data:`ASIDE`), or ``None``."""
        if not TABLE_ID.fullmatch(table_id) or table_id in ASIDE:
            return None
        return next((w for w in sorted(ASIDE) if (self.root / w / table_id).is_dir()), None)

    def finished(self) -> list[tuple[str, float]]:
        """The finished tables of the live directory, with when each game ended (its
        record's time)."""
        found = []
        for folder in self.root.iterdir():
            if TABLE_ID.fullmatch(folder.name) and folder.name not in ASIDE:
                try:
                    found.append((folder.name, (folder / RECORD).stat().st_mtime))
                except OSError:
                    continue
        return found

    def append(self, table_id: str, seat: int, action: str) -> None:
        """Add one action to the table's file, flushed to the operating system."""
        with open(self.folder(table_id) / ACTIONS, "a", encoding="utf-8") as handle:
            handle.write(json.dumps([seat, action]) + "\n")
            handle.flush()

    def finish(self, table_id: str, record: Mapping[str, Any]) -> None:
        """Write the finished game's record."""
        replace_atomically(self.folder(table_id) / RECORD, dumps(record) + "\n")

    def load(self) -> Iterator[tuple[str, Saved | None]]:
        """Every unfinished table of the directory, oldest first, read back (``None``
        for one that cannot be read: the caller sets it aside); finished tables are read
        when asked for (:meth:`read`). Drafts a kill left (``<id>.new``) are removed."""
        for draft in self.root.glob("*.new"):
            shutil.rmtree(draft, ignore_errors=True)
        folders = [f for f in self.root.iterdir()
                   if f.is_dir() and TABLE_ID.fullmatch(f.name) and f.name not in ASIDE
                   and not (f / RECORD).exists()]
        folders.sort(key=_age)
        for folder in folders:
            yield folder.name, self.read(folder.name, archived=False)

    def read(self, table_id: str, *, archived: bool = True) -> Saved | None:
        """The table ``table_id`` (``None``: no such table, or it cannot be read); an
        archived table too unless ``archived`` is false."""
        if not TABLE_ID.fullmatch(table_id) or table_id in ASIDE:
            return None
        folder = self.folder(table_id)
        if not folder.is_dir() and archived:
            folder = self.root / ARCHIVE / table_id
        if not folder.is_dir():
            return None
        try:
            meta = json.loads((folder / TABLE).read_text(encoding="utf-8"))
            if not isinstance(meta, dict):
                raise ValueError(f"{TABLE} holds no JSON object")
            actions = _read_actions(folder / ACTIONS)
        except (OSError, ValueError) as exc:
            LOG.warning("table %s cannot be read: %s", table_id, exc)
            return None
        return Saved(meta, actions)


def _age(folder: Path) -> float:
    try:
        return (folder / TABLE).stat().st_mtime
    except OSError:
        return 0.0


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
    lines = data.splitlines(keepends=True)
    for number, line in enumerate(lines, 1):
        try:
            if not line.endswith(b"\n"):
                raise ValueError("no end of line")
            seat, action = json.loads(line)
            actions.append((int(seat), str(action)))
        except (ValueError, TypeError) as exc:
            if number < len(lines):  # not a torn last line: the file is damaged
                raise ValueError(f"{path.name}:{number}: not an action: {exc}") from None
            break
        good += len(line)
    if good != len(data):
        LOG.warning("%s: a torn last line dropped (an action never acknowledged)", path)
        with open(path, "r+b") as handle:
            handle.truncate(good)
    return actions
