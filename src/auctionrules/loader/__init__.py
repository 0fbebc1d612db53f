"""Loading rulesets: YAML file -> resolved document -> :class:`~auctionrules.Ruleset`.

Public API (stable):

- :func:`load_ruleset` (id or path) -> ``Ruleset``; raises :class:`RulesetError`.

This is a minimal version; located errors and full validation are built on it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from auctionrules import resources
from auctionrules.loader.defaults import fill_defaults
from auctionrules.loader.merge import merge
from auctionrules.model import Ruleset

__all__ = ["RulesetError", "load_ruleset", "resolve_document", "validate_file"]


class RulesetError(ValueError):
    """A ruleset could not be loaded; ``problems`` lists every reason."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@cache
def ruleset_schema() -> dict[str, Any]:
    """The ruleset JSON Schema."""
    with resources.schema_path("ruleset").open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


def _locate(ref: str, base: Path | None, module: bool) -> Path:
    folder = resources.modules_dir() if module else resources.variants_dir()
    candidate = folder / f"{ref}.yaml"
    if "/" not in ref and not ref.endswith((".yaml", ".yml")) and candidate.is_file():
        return candidate
    path = Path(ref)
    if base is not None and not path.is_absolute():
        path = base / path
    return path


def resolve_document(path: Path, _stack: tuple[Path, ...] = ()) -> dict[str, Any]:
    """The document of ``path`` with ``extends`` and ``modules`` merged in."""
    path = path.resolve()
    if path in _stack:
        raise RulesetError([f"{path}: extends cycle"])
    with path.open(encoding="utf-8") as handle:
        data: dict[str, Any] = yaml.safe_load(handle)
    base: dict[str, Any] = {}
    if "extends" in data:
        base = resolve_document(_locate(data["extends"], path.parent, False), (*_stack, path))
        for key in ("id", "title", "description", "notes", "optional_modules", "source"):
            base.pop(key, None)
    for module in data.get("modules", ()):
        module_doc = resolve_document(_locate(module, path.parent, True), (*_stack, path))
        for key in ("id", "kind", "title", "description", "modules"):
            module_doc.pop(key, None)
        base = merge(base, module_doc)
    own = {k: v for k, v in data.items() if k not in ("extends", "modules")}
    return merge(base, own)


def load_ruleset(ref: str | Path) -> Ruleset:
    """Load a bundled variant by id, or a variant file by path."""
    path = _locate(str(ref), Path.cwd(), False) if isinstance(ref, str) else Path(ref)
    document = fill_defaults(resolve_document(path), ruleset_schema())
    return Ruleset.from_document(document)


def validate_file(path: str | Path) -> list[str]:
    """Every problem of the ruleset file ``path``; an empty list if it is valid."""
    path = Path(path)
    try:
        document = resolve_document(path)
    except RulesetError as exc:
        return exc.problems
    except (OSError, yaml.YAMLError, UnicodeDecodeError) as exc:
        return [f"{path}: {exc}"]
    validator = jsonschema.Draft202012Validator(ruleset_schema())
    return [
        f"{path}: {error.message} (at {error.json_path})"
        for error in sorted(validator.iter_errors(document), key=lambda e: e.json_path)
    ]
