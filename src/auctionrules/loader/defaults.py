"""Fill a ruleset document with the schema's defaults.

The schema is the one place defaults are written; the resolved document (what
``auctionrules show`` prints, what ``diff`` compares and what the model is built
from) carries every option explicitly, so nothing downstream repeats a default.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any


class SchemaWalker:
    """Follows ``$ref`` inside one schema document."""

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self.schema = schema

    def resolve(self, node: Mapping[str, Any]) -> Mapping[str, Any]:
        """``node`` with local ``$ref`` chains followed (sibling keywords kept)."""
        seen = 0
        while "$ref" in node:
            ref = node["$ref"]
            target: Any = self.schema
            for part in ref.removeprefix("#/").split("/"):
                target = target[part]
            merged = dict(target)
            merged.update({k: v for k, v in node.items() if k != "$ref"})
            node = merged
            seen += 1
            if seen > 32:
                raise ValueError(f"$ref chain too deep at {ref}")
        return node


def fill_defaults(document: dict[str, Any], schema: Mapping[str, Any]) -> dict[str, Any]:
    """Return a deep copy of ``document`` with every schema default filled in.

    A missing object property whose schema requires nothing is created empty
    and filled, so the result states every option that has a default (a section
    none of whose options has one is left out: it would state nothing).
    """
    walker = SchemaWalker(schema)
    result = copy.deepcopy(document)
    _fill(result, schema, walker)
    return result


def _fill(value: Any, node: Mapping[str, Any], walker: SchemaWalker) -> None:
    node = walker.resolve(node)
    if isinstance(value, dict):
        properties: Mapping[str, Any] = node.get("properties", {})
        for name, raw in properties.items():
            sub = walker.resolve(raw)
            if name not in value:
                if "default" in sub:
                    value[name] = copy.deepcopy(sub["default"])
                elif sub.get("type") == "object" and "properties" in sub and not sub.get(
                    "required"
                ):
                    section: dict[str, Any] = {}
                    _fill(section, sub, walker)
                    if section:  # (a section none of whose options has a default states
                        value[name] = section  # nothing: it is left out)
                    continue
                else:
                    continue
            _fill(value[name], sub, walker)
        extra = node.get("additionalProperties")
        if isinstance(extra, dict):
            for name, item in value.items():
                if name not in properties:
                    _fill(item, extra, walker)
    elif isinstance(value, list) and isinstance(node.get("items"), dict):
        for item in value:
            _fill(item, node["items"], walker)
