"""JSON Schema validation with messages a variant author can act on.

``jsonschema`` reports what failed in schema terms ("Additional properties are
not allowed", "is not valid under any of the given schemas"). Here each error
becomes a problem located at the YAML node it concerns (an unknown key at the
key itself) with a message that says what to write instead: the allowed
values, and the closest one when the author made a typo.

Two schemas are compiled once per process: the full one, for a resolved
ruleset, and a *partial* one for a single file that is only part of a ruleset
(it ``extends`` another, or is a module): the same schema with ``required``
dropped inside ``$defs`` and ``properties``, since the missing keys may be
inherited, and without the rule that a whole game has every section (modules
may bring some). The root's ``id`` and ``title`` are still required.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator, validators

from auctionrules import resources
from auctionrules.loader import suggest
from auctionrules.loader.problems import JsonPath, Problem, json_path

#: Where a path is written: ``locate(path, key=...) -> (file, line, column)``.
Locate = Callable[..., tuple[str, int, int]]

#: Plain-words explanations of the schema's patterns.
_PATTERNS = {
    "^[a-z0-9][a-z0-9-]{0,63}$": "an id: lower-case letters, digits and hyphens, at most 64",
    "^[a-z][a-z0-9-]{0,31}$": "an artist id: a lower-case letter, then lower-case letters, "
    "digits and hyphens, at most 32",
    "^[a-z]{2}$": "a two-letter language code such as 'en'",
    "^([1-9]|1[0-2])$": "a player count from 1 to 12",
    "\\{amount\\}": "a format containing {amount}",
    "^[a-z][a-z0-9_-]*\\.[a-z][a-z0-9_-]*$": "a custom strategy name, namespace.name",
}

_TYPES = {
    "integer": "an integer",
    "number": "a number",
    "string": "a string",
    "boolean": "true or false",
    "object": "a mapping",
    "array": "a list",
    "null": "null",
}


@cache
def ruleset_schema() -> dict[str, Any]:
    """The ruleset JSON Schema, read once."""
    with resources.schema_path("ruleset").open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


def partial_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` with ``required`` dropped inside ``$defs`` and ``properties``."""

    def strip(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: strip(v) for k, v in node.items() if k != "required"}
        if isinstance(node, list):
            return [strip(v) for v in node]
        return node

    result = copy.deepcopy(dict(schema))
    for section in ("$defs", "properties"):
        if section in result:
            result[section] = strip(result[section])
    # "A whole game needs these sections" is checked on the resolved ruleset, where
    # modules may have brought them; the other root rules (a module may not
    # extend) hold for each file.
    result["allOf"] = [
        rule for rule in result.get("allOf", ()) if set(rule.get("then", {})) != {"required"}
    ]
    return result


@cache
def validator(partial: bool = False) -> Any:
    """The compiled validator (cached: compiling costs more than validating).

    ``integer`` is redefined to refuse ``3.0``: YAML wrote a float, and the
    model and engine count cards and money in ints.
    """
    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    cls = validators.extend(Draft202012Validator, type_checker=checker)  # type: ignore[no-untyped-call]
    schema = ruleset_schema()
    return cls(partial_schema(schema) if partial else schema)


def check(data: Any, locate: Locate, *, partial: bool = False) -> list[Problem]:
    """Every schema problem of ``data``, located with ``locate``."""
    found = [
        explained for error in validator(partial).iter_errors(data) for explained in _explain(error)
    ]
    problems = []
    for path, at_key, message in _one_per_typo(found):
        file, line, column = locate(path, key=at_key)
        problems.append(Problem(file, line, column, message, json_path(path)))
    return problems


def _one_per_typo(
    found: list[tuple[JsonPath, bool, str]],
) -> Iterator[tuple[JsonPath, bool, str]]:
    """One problem for one misspelt key: an unknown key that is close to a missing
    required key is that key, so "missing required key" is dropped and the unknown
    key's did-you-mean says the key is required."""
    meant: dict[tuple[JsonPath, str], int] = {}
    for index, (path, at_key, message) in enumerate(found):
        if at_key and message.startswith("unknown key ") and "(did you mean " in message:
            name = message.split("(did you mean ", 1)[1].split("?)", 1)[0]
            meant[(path[:-1], name)] = index
    dropped: set[int] = set()
    required: set[int] = set()
    for index, (path, _, message) in enumerate(found):
        if message.startswith("missing required key "):
            name = repr(message.removeprefix("missing required key ").split(" ", 1)[0][1:-1])
            if (path, name) in meant:
                dropped.add(index)
                required.add(meant[(path, name)])
    for index, (path, at_key, message) in enumerate(found):
        if index in required:
            yield path, at_key, message.replace("?)", "? it is required)", 1)
        elif index not in dropped:
            yield path, at_key, message


#: `` (did you mean 'x'?)`` for the closest choice of the same concept, or nothing.
suggestion = suggest.suggestion


def clip(value: Any, limit: int = 50) -> str:
    """``repr(value)``, shortened: a message stays one readable line."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe(value: Any) -> str:
    """What a YAML value is, for "expected X, got Y"."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the string {clip(value)}"
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, list):
        return "a list"
    return "a mapping"


def _count(n: int, noun: str, plural: str | None = None) -> str:
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def _one_of(values: Any) -> str:
    return ", ".join(repr(v) for v in values)


def _explain(error: Any) -> Iterator[tuple[JsonPath, bool, str]]:
    """``(path, at_key, message)`` for one jsonschema error (several for unknown keys)."""
    path: JsonPath = tuple(error.absolute_path)
    kind = error.validator
    value = error.instance
    schema_path = list(error.absolute_schema_path)
    if "propertyNames" in schema_path:
        hint = _PATTERNS.get(error.validator_value, f"a key matching {error.validator_value!r}")
        yield (*path, value), True, f"key {clip(value)} is not {hint}"
    elif kind == "additionalProperties":
        allowed = list(error.schema.get("properties", {}))
        for key in value:
            if key not in allowed:
                hint = suggestion(key, allowed)
                if not hint and isinstance(key, str) and allowed:
                    place = suggest.real_place(key, path, ruleset_schema())
                    hint = f" (it belongs at {place})" if place else ""
                hint = hint or f" (allowed: {', '.join(allowed)})"
                yield (*path, key), True, f"unknown key {clip(key)}{hint}"
    elif kind == "required":
        missing = [name for name in error.validator_value if name not in value]
        why = (
            " (a whole game needs theme, money, player_counts and scoring)"
            if "then" in schema_path
            else ""
        )
        for name in missing:
            yield path, False, f"missing required key {name!r}{why}"
    elif kind == "enum":
        yield (
            path,
            False,
            (
                f"{clip(value)} is not one of {_one_of(error.validator_value)}"
                + suggestion(value, error.validator_value)
            ),
        )
    elif kind in ("anyOf", "oneOf"):
        yield from _explain_alternatives(error, path)
    elif kind == "type":
        expected = error.validator_value
        names = [expected] if isinstance(expected, str) else list(expected)
        wanted = " or ".join(_TYPES.get(n, n) for n in names)
        yield path, False, f"expected {wanted}, got {describe(value)}"
    elif kind == "not":
        offending = [k for k in ("extends", "optional_modules") if k in value] or [""]
        for key in offending:
            yield (*path, key), True, f"a module cannot use {key!r}; only variants can"
    elif kind == "pattern":
        hint = _PATTERNS.get(error.validator_value, f"text matching {error.validator_value!r}")
        yield path, False, f"{clip(value)} is not {hint}"
    elif kind == "uniqueItems":
        seen: list[Any] = []
        for index, item in enumerate(value):
            if item in seen:
                yield (*path, index), False, f"{clip(item)} is listed twice"
                break
            seen.append(item)
    elif kind in _BOUNDS:
        yield path, False, _BOUNDS[kind](value, error.validator_value)
    else:  # a keyword the schema does not use today: jsonschema's own words
        yield path, False, error.message if len(error.message) < 200 else f"invalid ({kind})"


#: Messages of the keywords that bound a size or a number: ``(instance, bound) -> text``.
_BOUNDS: dict[str, Callable[[Any, Any], str]] = {
    "minItems": lambda v, n: f"expected at least {_count(n, 'item')}, got {len(v)}",
    "maxItems": lambda v, n: f"expected at most {_count(n, 'item')}, got {len(v)}",
    "minProperties": lambda v, n: f"expected at least {_count(n, 'entry', 'entries')}, got none",
    "minLength": lambda v, n: "must not be empty" if n == 1 else f"{clip(v)} is too short",
    "maxLength": lambda v, n: f"{clip(v)} is longer than {_count(n, 'character')}",
    "minimum": lambda v, n: f"{v!r} is less than the minimum of {n}",
    "maximum": lambda v, n: f"{v!r} is more than the maximum of {n}",
}


def _explain_alternatives(error: Any, path: JsonPath) -> Iterator[tuple[JsonPath, bool, str]]:
    """An ``anyOf``/``oneOf``: say what each alternative wanted, or follow the one that fit.

    Policies are ``anyOf: [enum, custom strategy name]``: a typo gets the enum's
    values and the closest one. A value of the right type for one alternative
    (a text mapping with a bad language code, a list of player counts with a
    bad entry) gets that alternative's own problem, at its own place.
    """
    value = error.instance
    context = list(error.context or ())
    enums = [e for e in context if e.validator == "enum" and tuple(e.absolute_path) == path]
    if enums:
        allowed = [v for e in enums for v in e.validator_value]
        custom = any(e.validator == "pattern" for e in context) or isinstance(value, str)
        tail = " or a custom strategy name (namespace.name)" if custom else ""
        yield (
            path,
            False,
            (f"{clip(value)} is not one of {_one_of(allowed)}{tail}" + suggestion(value, allowed)),
        )
        return
    fitting = [e for e in context if e.validator != "type" or tuple(e.absolute_path) != path]
    if fitting:
        best = max(fitting, key=lambda e: len(e.absolute_path))
        yield from _explain(best)
        return
    types: list[str] = []
    for e in context:
        wanted_types = e.validator_value
        for name in [wanted_types] if isinstance(wanted_types, str) else wanted_types:
            if _TYPES.get(name, name) not in types:
                types.append(_TYPES.get(name, name))
    wanted = " or ".join(types) if types else "another value"
    yield path, False, f"expected {wanted}, got {describe(value)}"
