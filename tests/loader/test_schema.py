"""The schema is the one source of truth: every option is exercised, every default agrees.

Coverage is computed from ``schemas/ruleset.schema.json`` itself: every
property path (``auctions.double.split.odd_unit_to``, ``player_counts.*.deal``,
``theme.artists[].split.open``) and every enum value of every option must
appear in a *valid* ruleset that a test loads: a bundled variant or module, or
a fixture under ``valid/``. A new option without a test that uses it fails
here, listing it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest

from auctionrules import model, resources
from auctionrules.loader import load_document, load_ruleset, ruleset_schema, validate_file
from auctionrules.text import Text

VALID = sorted((Path(__file__).parent / "valid").glob("*.yaml"))


def resolve_ref(schema: Mapping[str, Any], node: Mapping[str, Any]) -> Mapping[str, Any]:
    while "$ref" in node:
        target: Any = schema
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def schema_options(
    schema: Mapping[str, Any], node: Mapping[str, Any], path: str = ""
) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """``(property path, enum values)`` for every property under ``node``."""
    node = resolve_ref(schema, node)
    enums: list[Any] = list(node.get("enum", ()))
    for raw in (*node.get("anyOf", ()), *node.get("oneOf", ())):
        branch = resolve_ref(schema, raw)
        enums += branch.get("enum", ())
        if branch.get("type") == "array" and isinstance(branch.get("items"), dict) and path:
            yield from schema_options(schema, branch["items"], f"{path}[]")
    if path:
        yield path, tuple(enums)
    for name, sub in node.get("properties", {}).items():
        yield from schema_options(schema, sub, f"{path}.{name}" if path else name)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):
        yield from schema_options(schema, extra, f"{path}.*")
    if isinstance(node.get("items"), dict):
        yield from schema_options(schema, node["items"], f"{path}[]")


def document_options(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """``(property path, value)`` for every value of a document, in the schema's notation."""
    if path:
        yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            step = "*" if path == "player_counts" else key
            yield from document_options(item, f"{path}.{step}" if path else step)
    elif isinstance(value, list):
        for item in value:
            yield from document_options(item, f"{path}[]")


def valid_documents() -> list[tuple[str, dict[str, Any]]]:
    """Every valid ruleset the tests load, as written and resolved."""
    import yaml

    files = [
        *(resources.variants_dir() / f"{v}.yaml" for v in resources.bundled_variant_ids()),
        *(resources.modules_dir() / f"{m}.yaml" for m in resources.bundled_module_ids()),
        *VALID,
    ]
    documents = []
    for path in files:
        assert validate_file(path) == [], path
        documents.append((path.name, yaml.safe_load(path.read_text(encoding="utf-8"))))
    return documents


def test_every_schema_option_and_enum_value_is_exercised() -> None:
    schema = ruleset_schema()
    options = dict(schema_options(schema, schema))
    used: dict[str, set[str]] = {}
    for _, document in valid_documents():
        for path, value in document_options(document):
            used.setdefault(path, set()).add(repr(value))
    missing = [path for path in options if path not in used]
    unused_values = [
        f"{path}={value!r}"
        for path, values in options.items()
        for value in values
        if repr(value) not in used.get(path, set())
    ]
    assert missing == [], f"options no valid test file sets: {missing}"
    assert unused_values == [], f"enum values no valid test file uses: {unused_values}"


def test_coverage_walk_sees_the_whole_schema() -> None:
    """The walk itself: it must find nested, per-count and per-item options."""
    options = dict(schema_options(ruleset_schema(), ruleset_schema()))
    assert "auctions.double.split.odd_unit_to" in options
    assert "player_counts.*.dummy_hands.flip.hand" in options
    assert "theme.artists[].split.double" in options
    assert "auctions.double.lead_requires_companion[]" in options
    assert options["auctions.double.payee"] == ("adder", "auctioneer", "split-equally")
    assert len(options) > 60


# -- model defaults ----------------------------------------------------------------

#: Model class -> the schema node it mirrors.
MIRRORS: dict[type, str] = {
    model.Ruleset: "",
    model.Theme: "$defs/theme",
    model.Currency: "$defs/currency",
    model.Money: "$defs/money",
    model.DummyHands: "$defs/dummy_hands",
    model.DummyFlip: "$defs/dummy_flip",
    model.Open: "$defs/open",
    model.OnceAround: "$defs/once_around",
    model.Sealed: "$defs/sealed",
    model.FixedPrice: "$defs/fixed_price",
    model.Double: "$defs/double",
    model.DoubleSplit: "$defs/double/properties/split",
    model.RoundEnd: "$defs/round_end",
    model.HandsExhausted: "$defs/round_end/properties/hands_exhausted",
    model.Scoring: "$defs/scoring",
    model.NextRound: "$defs/next_round",
    model.Winner: "$defs/winner",
}


def schema_node(pointer: str) -> Mapping[str, Any]:
    node: Any = ruleset_schema()
    for part in filter(None, pointer.split("/")):
        node = node[part]
    return resolve_ref(ruleset_schema(), node)


def plain(value: Any) -> Any:
    """A model default in the schema's form."""
    if isinstance(value, Text):
        return value.to_data()
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


@pytest.mark.parametrize("cls", list(MIRRORS), ids=lambda c: c.__name__)
def test_model_defaults_equal_schema_defaults(cls: type) -> None:
    properties = schema_node(MIRRORS[cls])["properties"]
    for field in attrs.fields(cls):
        if field.name not in properties:
            continue
        sub = resolve_ref(ruleset_schema(), properties[field.name])
        if "default" in sub:
            assert field.default is not attrs.NOTHING, f"{cls.__name__}.{field.name}"
            default = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                default = default.factory()
            if attrs.has(type(default)):
                continue  # a nested section: its own class is checked
            assert plain(default) == sub["default"], f"{cls.__name__}.{field.name}"
        elif field.default is not attrs.NOTHING and not attrs.has(type(field.default)):
            assert field.default in (None, ()), f"{cls.__name__}.{field.name} has no schema default"


def test_every_schema_property_has_a_model_field() -> None:
    for cls, pointer in MIRRORS.items():
        names = {f.name for f in attrs.fields(cls)}
        for prop in schema_node(pointer)["properties"]:
            if (cls, prop) in ((model.Ruleset, "extends"), (model.Ruleset, "modules")):
                continue  # consumed by resolution
            if (cls, prop) == (model.Theme, "from"):
                continue  # consumed by resolution
            assert prop in names, f"{cls.__name__} lacks {prop}"


def test_an_empty_section_builds_the_default_model() -> None:
    """The minimal fixture states nothing optional: the model equals its defaults."""
    ruleset = load_ruleset(Path(__file__).parent / "valid" / "no-extends.yaml")
    assert ruleset.auctions == model.Auctions()
    assert ruleset.money == model.Money()
    assert ruleset.round_end == model.RoundEnd()
    assert ruleset.next_round == model.NextRound()
    assert ruleset.winner == model.Winner()
    assert ruleset.theme.currency == model.Currency()
    assert load_document(Path(__file__).parent / "valid" / "no-extends.yaml")["rounds"] == 4


def test_every_property_has_a_title_or_description() -> None:
    """Editors and the generated reference show them."""
    schema = ruleset_schema()
    bare = [
        path
        for path, _ in schema_options(schema, schema)
        if not path.endswith(("[]", ".*")) and not _described(schema, path)
    ]
    assert bare == [], bare


def _described(schema: Mapping[str, Any], path: str) -> bool:
    """Whether the property at ``path`` has a title or description (its own or its $ref's)."""
    node: Mapping[str, Any] = schema
    raw: Mapping[str, Any] = schema
    for part in path.replace("[]", ".[]").split("."):
        node = resolve_ref(schema, node)
        if part == "[]":
            raw = node["items"]
        elif part == "*":
            raw = node["additionalProperties"]
        else:
            raw = node["properties"][part]
        node = raw
    return any(k in raw or k in resolve_ref(schema, raw) for k in ("title", "description"))
