"""The schema reference, generated from its single source: the schema.

It lists every option path with its title, type, default, allowed values and
description, read from ``schemas/ruleset.schema.json``, so it cannot drift from
what the loader accepts. (The CLI reference is the CLI's own:
:mod:`auctionrules.cli.reference`.)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from auctionrules.rulebook import schema
from auctionrules.rulebook.rst import escape
from auctionrules.rulebook.sections.notes import show_value


@attrs.frozen
class Entry:
    """One documented option of the schema."""

    path: str
    title: str
    description: str
    type: str
    default: Any
    has_default: bool
    values: tuple[Any, ...]
    required: bool


def _type(node: Mapping[str, Any]) -> str:
    """A reader's name for the JSON type of ``node``."""
    kinds: list[str] = []
    if "enum" in node:
        kinds.append("enum")
    for alternative in [*node.get("anyOf", ()), *node.get("oneOf", ())]:
        sub = schema.resolve(alternative)
        if "enum" in sub:
            kinds.append("enum")
        elif "pattern" in sub and sub.get("title") == "Custom strategy":
            kinds.append("custom strategy (namespace.name)")
        else:
            kinds.append(_type(sub))
    declared = node.get("type")
    if isinstance(declared, str):
        item = node.get("items")
        if declared == "array" and isinstance(item, Mapping):
            declared = f"array of {_type(schema.resolve(item))}"
        kinds.append(declared)
    return " or ".join(dict.fromkeys(kinds)) or "any"


def entries() -> Iterator[Entry]:
    """Every property of the schema, depth first, in the schema's order.

    Map keys are written ``N`` (``player_counts.N.deal``) and list items
    ``[]`` (``theme.artists[].name``).
    """
    yield from _walk(schema.resolve(schema.ruleset_schema()), "")


def _walk(node: Mapping[str, Any], prefix: str) -> Iterator[Entry]:
    required = set(node.get("required", ()))
    for name, raw in node.get("properties", {}).items():
        sub = schema.resolve(raw)
        path = f"{prefix}{name}"
        option = schema.Option(path, sub)
        yield Entry(path, option.title, option.description, _type(sub), option.default,
                    option.has_default, option.choices(), name in required)
        yield from _children(sub, path)


def _children(node: Mapping[str, Any], path: str) -> Iterator[Entry]:
    if "properties" in node:
        yield from _walk(node, path + ".")
    extra = node.get("additionalProperties")
    if isinstance(extra, Mapping):
        yield from _walk(schema.resolve(extra), path + ".N.")
    items = node.get("items")
    if isinstance(items, Mapping):
        yield from _walk(schema.resolve(items), path + "[].")


def schema_rst() -> str:
    """The schema reference as reStructuredText (a definition list, no section titles)."""
    root = schema.ruleset_schema()
    out = [escape(str(root.get("description", ""))), ""]
    for entry in entries():
        facts = [f"*{escape(entry.type)}*"]
        if entry.required:
            facts.append("required")
        if entry.has_default:
            facts.append(f"default ``{show_value(entry.default)}``")
        if entry.values:
            facts.append("values " + ", ".join(f"``{show_value(v)}``" for v in entry.values))
        out += [f"``{entry.path}``", f"   **{escape(entry.title)}** — {'; '.join(facts)}.", ""]
        if entry.description:
            out += [f"   {escape(entry.description)}", ""]
    return "\n".join(out)

