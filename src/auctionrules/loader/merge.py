"""Deep merge of ruleset documents, the semantics of ``extends`` and ``modules``.

Mappings merge key by key, lists and scalars replace, and ``null`` removes the
inherited key: the three rules a variant author needs to change one option
without restating the rest. In a list merged by key (the artists by ``id``, the
notes by ``topic``), an item ``{id: krypto, remove: true}`` removes the inherited
item of that key: the list counterpart of ``null``.

Every merged document keeps its *provenance*: for each JSON path, the file,
line and column where the value that survived the merge was written. A
problem found in the resolved ruleset (a split that no longer adds up once a
module changed it, say) is then reported in the file that set the value.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from auctionrules.loader.problems import JsonPath
from auctionrules.loader.yaml_nodes import Located

#: Where a value was written: file name, 1-based line and column.
Origin = tuple[str, int, int]


#: Lists whose items merge with the inherited item of the same key, by list path:
#: ``(key, replaces)``. With ``replaces`` (artists: board order matters) the inherited
#: order is kept, new items follow, and a list none of whose keys is inherited
#: replaces the inherited list; without it (notes) the file's own items come first,
#: in its order (so a problem's path names the item as the file numbers it), then
#: the inherited items it does not restate.
KEYED_LISTS: dict[JsonPath, tuple[str, bool]] = {
    ("theme", "artists"): ("id", True),
    ("notes",): ("topic", False),
}

#: The key of an item of a keyed list that removes the inherited item of its key.
REMOVE = "remove"

#: Where each item goes in a merged keyed list: ``(base positions, overlay positions)``;
#: ``None`` for an item that is removed (``remove: true``, and the item it removes).
Layout = tuple[list[int | None], list[int | None]]


def removes(item: Any) -> bool:
    """Whether a keyed list's item removes the inherited item of its key."""
    return isinstance(item, Mapping) and item.get(REMOVE) is True


def keyed_layout(base: Any, overlay: Any, rule: tuple[str, bool]) -> Layout | None:
    """Where each inherited and each new item goes in the merged list, or ``None``
    when ``overlay`` replaces ``base`` (an item without its key, a key given twice,
    or, for a list that ``replaces``, no inherited key among its items). An item
    whose key is inherited shares that item's position."""
    key, replaces = rule
    if not (isinstance(base, list) and isinstance(overlay, list)):
        return None
    if not all(isinstance(item, Mapping) for item in (*base, *overlay)):
        return None
    inherited = [item.get(key) for item in base]
    ids = [item.get(key) for item in overlay]
    if None in ids or len(set(map(repr, ids))) < len(ids):
        return None
    if replaces and not any(i in inherited for i in ids):
        return None
    if replaces:
        new = iter(range(len(base), len(base) + len(ids)))
        ours = [inherited.index(i) if i in inherited else next(new) for i in ids]
        theirs = list(range(len(base)))
    else:
        rest = iter(range(len(ids), len(ids) + len(base)))
        theirs = [ids.index(i) if i in ids else next(rest) for i in inherited]
        ours = list(range(len(ids)))
    gone = {position for position, item in zip(ours, overlay, strict=True) if removes(item)}
    kept = {old: new for new, old in enumerate(sorted(set(theirs + ours) - gone))}
    return [kept.get(p) for p in theirs], [kept.get(p) for p in ours]


def merge(
    base: Mapping[str, Any], overlay: Mapping[str, Any], path: JsonPath = ()
) -> dict[str, Any]:
    """``overlay`` merged into a deep copy of ``base``; neither is modified.

    ``path`` is where both documents sit in a ruleset (the root by default):
    it tells which lists merge by key.
    """
    result = copy.deepcopy(dict(base))
    for key, value in overlay.items():
        at = (*path, key)
        rule = KEYED_LISTS.get(at)
        layout = keyed_layout(result.get(key), value, rule) if rule else None
        if value is None:
            result.pop(key, None)
        elif isinstance(value, Mapping) and isinstance(result.get(key), Mapping):
            result[key] = merge(result[key], value, at)
        elif layout is not None:
            theirs, ours = layout
            items: dict[int, Any] = {
                p: item for p, item in zip(theirs, result[key], strict=True) if p is not None
            }
            for item, position in zip(value, ours, strict=True):
                if position is None:
                    continue
                inherited = items.get(position)
                items[position] = (
                    merge(inherited, item, (*at, position))
                    if inherited is not None
                    else copy.deepcopy(item)
                )
            result[key] = [items[i] for i in sorted(items)]
        elif rule is not None and isinstance(value, list):
            # nothing inherited to remove: a removal is dropped (the loader says it
            # removes nothing)
            result[key] = [copy.deepcopy(item) for item in value if not removes(item)]
        else:
            result[key] = copy.deepcopy(value)
    return result


def walk(value: Any, path: JsonPath = ()) -> Iterator[JsonPath]:
    """Every JSON path inside ``value``, ``path`` itself first."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from walk(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from walk(item, (*path, index))


@attrs.frozen
class Sourced:
    """A (resolved) document with the origin of each of its values and keys.

    ``file`` is the file the document stands for: positions of values that no
    file wrote (defaults filled in later) fall back to their nearest written
    ancestor, and ultimately to line 1 of ``file``.
    """

    file: str
    data: dict[str, Any]
    values: Mapping[JsonPath, Origin]
    keys: Mapping[JsonPath, Origin]

    @classmethod
    def of(cls, located: Located) -> Sourced:
        """A single file's document, each value's origin in that file."""
        name = located.file
        return cls(
            name,
            located.data,
            {p: (name, *pos) for p, pos in located.values.items()},
            {p: (name, *pos) for p, pos in located.keys.items()},
        )

    def locate(self, path: JsonPath, *, key: bool = False) -> Origin:
        """Where ``path`` (its key, if ``key`` and it has one) was written."""
        if key and path in self.keys:
            return self.keys[path]
        while path and path not in self.values:
            path = path[:-1]
        return self.values.get(path, (self.file, 1, 1))

    def without(self, *keys: str | JsonPath) -> Sourced:
        """The document with ``keys`` dropped (they are not inherited): top-level
        names, or paths to a key inside a mapping."""
        data = copy.deepcopy(self.data)
        for key in keys:
            *parents, last = (key,) if isinstance(key, str) else key
            holder = _at(data, tuple(parents))
            if isinstance(holder, dict):
                holder.pop(last, None)
        return attrs.evolve(self, data=data)

    def part(self, key: str) -> Sourced:
        """The document reduced to its top-level ``key``, with that key's origins."""
        data = {key: copy.deepcopy(self.data[key])} if key in self.data else {}
        return attrs.evolve(
            self,
            data=data,
            values={p: o for p, o in self.values.items() if p[:1] == (key,)},
            keys={p: o for p, o in self.keys.items() if p[:1] == (key,)},
        )

    def moved(self, moves: Mapping[JsonPath, list[int | None]]) -> Sourced:
        """The origins of items of the lists at ``moves`` moved to their new positions
        (those of a removed item dropped)."""
        if not moves:
            return self

        def move(path: JsonPath) -> JsonPath | None:
            for list_path, positions in moves.items():
                n = len(list_path)
                index = path[n] if path[:n] == list_path and len(path) > n else None
                if isinstance(index, int):
                    position = positions[index] if index < len(positions) else None
                    return None if position is None else (*list_path, position, *path[n + 1 :])
            return path

        def kept(origins: Mapping[JsonPath, Origin]) -> dict[JsonPath, Origin]:
            return {new: o for p, o in origins.items() if (new := move(p)) is not None}

        return attrs.evolve(self, values=kept(self.values), keys=kept(self.keys))

    def merged(self, overlay: Sourced) -> Sourced:
        """``overlay`` merged into this document (see :func:`merge`), origins kept.

        A path of the result was written by the overlay if the overlay has it
        (lists replace as a whole, so a list's items all come from one side,
        except in a list merged by key, whose items the overlay's positions
        are moved to), else by the base.
        """
        data = merge(self.data, overlay.data)
        layouts = {
            path: layout
            for path, rule in KEYED_LISTS.items()
            if (layout := keyed_layout(_at(self.data, path), _at(overlay.data, path), rule))
        }
        base = self.moved({path: theirs for path, (theirs, _) in layouts.items()})
        overlay = overlay.moved({path: ours for path, (_, ours) in layouts.items()})
        values: dict[JsonPath, Origin] = {}
        keys: dict[JsonPath, Origin] = {}
        for path in walk(data):
            origin = overlay.values.get(path) or base.values.get(path)
            if origin is not None:
                values[path] = origin
            key_origin = overlay.keys.get(path) or base.keys.get(path)
            if key_origin is not None:
                keys[path] = key_origin
        return Sourced(overlay.file, data, values, keys)


def _at(data: Any, path: JsonPath) -> Any:
    """The value at ``path`` in ``data``, or ``None``."""
    for part in path:
        if isinstance(data, Mapping) and part in data:
            data = data[part]
        else:
            return None
    return data
