"""Reference pages generated from their single sources: the schema and the CLI parser.

The schema reference lists every option path with its title, type, default,
allowed values and description, read from ``schemas/ruleset.schema.json``; the
CLI reference is the ``--help`` of every subcommand. Neither can drift from
what the program accepts.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from auctionrules.cli import build_parser
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


def subcommands() -> dict[str, argparse.ArgumentParser]:
    """The ``auctionrules`` subcommand parsers, by name, in help order."""
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_rst() -> str:
    """The CLI reference: one section per subcommand with its ``--help``."""
    out: list[str] = []
    for name, parser in subcommands().items():
        parser.formatter_class = _formatter
        heading = f"auctionrules {name}"
        out += [heading, "-" * len(heading), "", "::", ""]
        out += [f"   {line}".rstrip() for line in parser.format_help().splitlines()]
        out.append("")
    return "\n".join(out)


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.HelpFormatter(prog, width=88)
