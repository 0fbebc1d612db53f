"""Deep merge of ruleset documents, the semantics of ``extends`` and ``modules``.

Mappings merge key by key, lists and scalars replace, and ``null`` removes the
inherited key: the three rules a variant author needs to change one option
without restating the rest.

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


def merge(base: Mapping[str, Any], overlay: Mapping[str, Any]) -> dict[str, Any]:
    """``overlay`` merged into a deep copy of ``base``; neither is modified."""
    result = copy.deepcopy(dict(base))
    for key, value in overlay.items():
        if value is None:
            result.pop(key, None)
        elif isinstance(value, Mapping) and isinstance(result.get(key), Mapping):
            result[key] = merge(result[key], value)
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

    def without(self, *keys: str) -> Sourced:
        """The document with top-level ``keys`` dropped (they are not inherited)."""
        return attrs.evolve(self, data={k: v for k, v in self.data.items() if k not in keys})

    def merged(self, overlay: Sourced) -> Sourced:
        """``overlay`` merged into this document (see :func:`merge`), origins kept.

        A path of the result was written by the overlay if the overlay has it
        (lists replace as a whole, so a list's items all come from one side),
        else by the base.
        """
        data = merge(self.data, overlay.data)
        values: dict[JsonPath, Origin] = {}
        keys: dict[JsonPath, Origin] = {}
        for path in walk(data):
            origin = overlay.values.get(path) or self.values.get(path)
            if origin is not None:
                values[path] = origin
            key_origin = overlay.keys.get(path) or self.keys.get(path)
            if key_origin is not None:
                keys[path] = key_origin
        return Sourced(overlay.file, data, values, keys)
