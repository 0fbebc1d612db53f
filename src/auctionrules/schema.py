"""The ruleset JSON Schema as data: read once, ``$ref`` followed, a node or default by path.

The schema (``schemas/ruleset.schema.json``) is the one place where an option's
values and default are written. This module sits at the bottom of the package
(beside :mod:`auctionrules.model`, which takes its defaults from here), so that
every layer reads the schema the same way.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from auctionrules.resources import schema_path

__all__ = ["default", "node", "resolve", "ruleset_schema"]


@cache
def ruleset_schema() -> Mapping[str, Any]:
    """The ruleset JSON Schema, parsed once (do not modify it)."""
    with schema_path("ruleset").open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


def resolve(item: Mapping[str, Any], schema: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``item`` with its local ``$ref`` chain followed; the referring keywords win."""
    schema = ruleset_schema() if schema is None else schema
    result = dict(item)
    for _ in range(32):
        if "$ref" not in result:
            return result
        target: Any = schema
        for part in str(result.pop("$ref")).removeprefix("#/").split("/"):
            target = target[part]
        merged = dict(target)
        merged.update(result)
        result = merged
    raise ValueError("$ref chain too deep")


@cache
def _node(path: str) -> Mapping[str, Any]:
    found = resolve(ruleset_schema())
    for part in filter(None, path.split(".")):
        properties = found.get("properties", {})
        if part in properties:
            found = resolve(properties[part])
        elif isinstance(found.get("additionalProperties"), dict):
            found = resolve(found["additionalProperties"])
        elif isinstance(found.get("items"), dict) and (part.isdigit() or part == "N"):
            found = resolve(found["items"])
        else:
            raise KeyError(path)
    return found


def node(path: str) -> Mapping[str, Any]:
    """The schema entry of option ``path`` (``money.starting_cash``,
    ``player_counts.3.deal`` or generic ``player_counts.N.deal``); ``KeyError`` if the
    schema has no such option. The root for ``""``."""
    return _node(path)


def default(path: str) -> Any:
    """The schema default of option ``path``; ``KeyError`` if it has none.

    A mutable default (a mapping or list) is returned as a fresh copy.
    """
    entry = node(path)
    if "default" not in entry:
        raise KeyError(f"{path} has no default in the schema")
    value = entry["default"]
    return json.loads(json.dumps(value)) if isinstance(value, (dict, list)) else value
