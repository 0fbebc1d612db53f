"""What the rulebook needs from the ruleset schema: option titles, choices and defaults.

The schema is the single source of truth for what an option is called and what
its default is. This module reads it through :mod:`auctionrules.schema` (not
through the loader's internals) so that the generated "options that differ from
the defaults" list, the schema reference page and the diff all agree with it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from auctionrules.schema import node, resolve, ruleset_schema

__all__ = [
    "METADATA_KEYS",
    "METADATA_PATHS",
    "Option",
    "document_options",
    "non_default_options",
    "option",
    "resolve",
    "ruleset_schema",
]

#: Keys that describe a ruleset rather than a rule of play.
METADATA_KEYS: frozenset[str] = frozenset(
    {"id", "kind", "title", "description", "edition", "publisher", "year", "language",
     "source", "notes", "extends", "modules"}
)
#: Nested keys that describe where a rule came from rather than the rule itself.
METADATA_PATHS: frozenset[str] = frozenset({"theme.split_source"})


@attrs.frozen
class Option:
    """One documented property of the schema, at a concrete or generic path."""

    path: str
    node: Mapping[str, Any]

    @property
    def title(self) -> str:
        """The schema title, or the last path component."""
        return str(self.node.get("title", self.path.rsplit(".", 1)[-1]))

    @property
    def description(self) -> str:
        """The schema description, or nothing."""
        return str(self.node.get("description", ""))

    @property
    def has_default(self) -> bool:
        """Whether the schema gives a default."""
        return "default" in self.node

    @property
    def default(self) -> Any:
        """The schema default (check :attr:`has_default` first)."""
        return self.node.get("default")

    def choices(self) -> tuple[Any, ...]:
        """The finite values the option takes: enum members or ``True``/``False``."""
        values: list[Any] = list(self.node.get("enum", ()))
        for alternative in [*self.node.get("anyOf", ()), *self.node.get("oneOf", ())]:
            sub = resolve(alternative)
            values += sub.get("enum", ())
            if sub.get("type") == "boolean":
                values += [True, False]
        if self.node.get("type") == "boolean":
            values += [True, False]
        return tuple(dict.fromkeys(values))


def option(path: str) -> Option:
    """The schema entry of a concrete path such as ``player_counts.3.deal``."""
    return Option(path, node(path))


def document_options(document: Mapping[str, Any]) -> Iterator[tuple[Option, Any]]:
    """Every option of ``document`` the schema gives a default or a choice for.

    Objects are followed into; an option is reported with the value the
    document holds (``document`` is a resolved one, with defaults filled).
    """
    yield from _walk(document, resolve(ruleset_schema()), "")


def _walk(value: Any, node: Mapping[str, Any], prefix: str) -> Iterator[tuple[Option, Any]]:
    if not isinstance(value, Mapping):
        return
    properties: Mapping[str, Any] = node.get("properties", {})
    extra = node.get("additionalProperties")
    for name, item in value.items():
        if name in properties:
            sub = resolve(properties[name])
        elif isinstance(extra, dict):
            sub = resolve(extra)
        else:
            continue
        path = f"{prefix}{name}"
        opt = Option(path, sub)
        if opt.has_default or opt.choices():
            yield opt, item
        if isinstance(item, Mapping):
            yield from _walk(item, sub, path + ".")


def non_default_options(document: Mapping[str, Any]) -> list[tuple[Option, Any]]:
    """Options whose value in ``document`` is not the schema default, in document order."""
    return [
        (opt, value)
        for opt, value in document_options(document)
        if opt.has_default and value != opt.default and opt.path not in METADATA_KEYS
    ]
