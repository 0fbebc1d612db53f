"""Every option with a closed set of values is typed in the model with exactly the
schema's values, and the model's defaults are read from the schema (that they equal
it is checked in ``tests/loader/test_schema.py``).

The schema is the one source of truth: a value added to an ``enum`` in
``schemas/ruleset.schema.json`` and not to the model's ``Literal`` (or the
reverse) fails here, as does an option the model types as plain ``str``.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, get_type_hints

import attrs
import pytest

from auctionrules import model
from auctionrules.schema import resolve, ruleset_schema


def enums(node: Mapping[str, Any]) -> tuple[tuple[Any, ...], bool]:
    """The enum values of a schema entry (direct or among its alternatives), and whether
    it also accepts a custom strategy name."""
    values: list[Any] = list(node.get("enum", ()))
    custom = False
    for alternative in node.get("anyOf", ()):
        sub = resolve(alternative)
        values += sub.get("enum", ())
        custom = custom or sub.get("title") == "Custom strategy"
    return tuple(values), custom


def section(kind: Any) -> Any:
    """The model class a field's type holds (itself, or a tuple's items), or ``None``."""
    if get_origin(kind) is tuple:
        kind = get_args(kind)[0]
    return kind if isinstance(kind, type) and attrs.has(kind) else None


def options(
    node: Mapping[str, Any], cls: Any, path: str
) -> Iterator[tuple[str, Mapping[str, Any], Any]]:
    """``(option path, schema entry, model field type)`` of every property of ``node``
    that ``cls`` mirrors, depth first."""
    hints = get_type_hints(cls)
    for name, raw in node.get("properties", {}).items():
        if name not in hints:
            continue  # extends, modules: consumed by resolution
        sub = resolve(raw)
        yield f"{path}{name}", sub, hints[name]
        child = section(hints[name])
        if child is None:
            continue
        inner = f"{path}{name}"
        for key, mark in (("additionalProperties", ".N"), ("items", "[]")):
            if isinstance(sub.get(key), Mapping):
                sub = resolve(sub[key])
                inner += mark
        yield from options(sub, child, f"{inner}.")


def literal(kind: Any) -> tuple[tuple[Any, ...], bool]:
    """The values of a ``Literal`` type, and whether it is ``Literal[...] | str``."""
    if get_origin(kind) is Literal:
        return get_args(kind), False
    if get_origin(kind) in (typing.Union, types.UnionType):
        members = get_args(kind)
        found = [get_args(m) for m in members if get_origin(m) is Literal]
        return (found[0] if found else ()), str in members
    return (), False


ALL = list(options(resolve(ruleset_schema()), model.Ruleset, ""))
ENUMS = [(path, node, kind) for path, node, kind in ALL if enums(node)[0]]


def test_every_enum_of_the_schema_is_found() -> None:
    """The walk above reaches every enum the schema writes (26 when written; each
    definition holding one is used once)."""
    assert len(ENUMS) == repr(ruleset_schema()).count("'enum'")
    assert "auctions.double.payee" in {path for path, _, _ in ENUMS}


@pytest.mark.parametrize(("path", "node", "kind"), ENUMS, ids=[p for p, _, _ in ENUMS])
def test_the_model_types_an_enum_with_the_schemas_values(
    path: str, node: Mapping[str, Any], kind: Any
) -> None:
    values, custom = enums(node)
    assert literal(kind) == (values, custom), f"{path}: {kind}"


def test_defaults_are_read_not_written() -> None:
    """The model's source states no option default of its own: each is read with
    ``default("...")``, so the schema is the only place to change one."""
    source = Path(model.__file__).read_text(encoding="utf-8")
    for line in source.splitlines():
        stripped = line.strip()
        if ":" in stripped and " = " in stripped and not stripped.startswith(("#", "def")):
            _, _, value = stripped.partition(" = ")
            if value.startswith(("'", '"')) or value in ("True", "False") or value.isdigit():
                pytest.fail(f"a default written in the model: {stripped}")
