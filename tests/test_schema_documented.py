"""The schema documents itself: editors and the generated reference show these texts."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from auctionrules import resources

SCHEMA: dict[str, Any] = json.loads(resources.schema_path("ruleset").read_text("utf-8"))


def nodes(node: Any, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every named property and definition below ``node``, with its path."""
    if not isinstance(node, dict):
        return
    for name, sub in node.get("properties", {}).items():
        yield f"{path}.{name}", sub
        yield from nodes(sub, f"{path}.{name}")
    for key in ("items", "additionalProperties"):
        yield from nodes(node.get(key), f"{path}.{key}")
    for key in ("oneOf", "anyOf", "allOf"):
        for index, sub in enumerate(node.get(key, [])):
            yield from nodes(sub, f"{path}.{key}[{index}]")


CASES = [
    *((f"$defs.{name}", node) for name, node in SCHEMA["$defs"].items()),
    *nodes(SCHEMA, "$"),
    *(case for name, node in SCHEMA["$defs"].items() for case in nodes(node, f"$defs.{name}")),
]


def test_the_schema_has_an_id_and_a_dialect() -> None:
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["$id"].endswith("/ruleset.schema.json")


@pytest.mark.parametrize(("path", "node"), CASES, ids=[path for path, _ in CASES])
def test_every_property_and_definition_has_a_title_and_a_description(
    path: str, node: dict[str, Any]
) -> None:
    shown = dict(node)
    while "$ref" in shown and not (shown.get("title") and shown.get("description")):
        # a bare reference shows its target's texts (its own override them)
        target = SCHEMA["$defs"][shown.pop("$ref").removeprefix("#/$defs/")]
        shown = {**target, **shown}
    assert shown.get("title"), f"{path} has no title"
    assert shown.get("description"), f"{path} has no description"
