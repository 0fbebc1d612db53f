"""Loading rulesets: YAML file -> located data -> resolved document -> :class:`Ruleset`.

Public API (stable; other packages code against these names):

- :func:`load_ruleset` (bundled id or path) -> :class:`~auctionrules.Ruleset`;
  raises :class:`RulesetError` carrying *every* problem.
- :func:`validate_file` / :func:`validate_text` -> ``list[Problem]``, empty
  when valid; they never raise for bad content, and an unreadable or missing
  file is a problem too (at line 1, column 1), so a caller that must tell I/O
  errors apart (the CLI exits 2 for them) checks the path first.
- :func:`load_document` -> the resolved document with defaults filled in (what
  ``auctionrules show`` prints); :func:`origins` -> where each of its values
  was written (``show --origins``); :func:`find_ruleset` -> the file a
  reference names; :class:`Problem`, :class:`RulesetError`.
- :func:`apply_modules` -> a ruleset in hand with rule modules applied,
  validated as a file listing them under ``modules`` would be.

Pipeline, one module per step: ``yaml_nodes`` (safe, located parsing),
``schema_check`` (JSON Schema with helpful, located messages), ``resolve`` and
``merge`` (extends/modules with provenance), ``defaults``, ``semantic``
(cross-field rules), then ``Ruleset.from_document``; the ruleset is checked
again with each of its optional modules applied, and ``lint`` finds the
warnings of a valid ruleset.
"""

from __future__ import annotations

import json
import re
import stat
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from auctionrules import resources
from auctionrules.loader import lint, resolve, schema_check, semantic
from auctionrules.loader.defaults import fill_defaults
from auctionrules.loader.merge import Origin, Sourced, walk
from auctionrules.loader.problems import (
    JsonPath,
    Problem,
    RulesetError,
    json_path,
    sort_problems,
)
from auctionrules.model import Ruleset

__all__ = [
    "Problem",
    "RulesetError",
    "apply_modules",
    "find_ruleset",
    "load_document",
    "load_ruleset",
    "origins",
    "resolve_document",
    "ruleset_schema",
    "unreadable",
    "validate_file",
    "validate_text",
]


@attrs.frozen
class Outcome:
    """Everything one validation learnt: problems, and the results when there are none."""

    problems: list[Problem]
    kind: str = "variant"
    resolved: dict[str, Any] | None = None
    document: dict[str, Any] | None = None
    ruleset: Ruleset | None = None
    warnings: list[Problem] = attrs.field(factory=list)
    #: The resolved document with the origin of each value (before defaults).
    sourced: Sourced | None = None


def ruleset_schema() -> dict[str, Any]:
    """The ruleset JSON Schema (read once per process)."""
    return schema_check.ruleset_schema()


def find_ruleset(
    ref: str | Path, *, relative_to: str | Path | None = None, module: bool = False
) -> Path:
    """The file ``ref`` names: a bundled id (a module's, with ``module``) or a path.

    A path is taken relative to ``relative_to`` (default: the working
    directory). Raises :class:`FileNotFoundError` with the closest bundled id.
    """
    text = str(ref)
    if isinstance(ref, Path) and resolve.is_bundled_id(text):
        text = f"./{text}"  # a Path is a path even without a suffix
    folder = Path(relative_to or Path.cwd())
    path = resolve.find(text, relative_to=folder, module=module)
    if path is None and (folder / text).is_file():  # a file named like an id
        path = folder / text
    if path is None:
        raise FileNotFoundError(resolve.not_found_message(text, module=module))
    return path


def _outcome(ref: str | Path, *, text: str | None = None, name: str | None = None) -> Outcome:
    resolution = resolve.Resolution()
    if text is not None:
        sourced = resolution.text(text, name or "<string>")
    else:
        if (
            isinstance(ref, Path)
            or not resolve.is_bundled_id(ref)
            or (not (resources.variants_dir() / f"{ref}.yaml").is_file() and Path(ref).is_file())
        ):
            path, label = Path(ref), str(ref)
            reason = unreadable(path)
            if reason is not None:
                return Outcome([Problem(label, 1, 1, f"cannot read the file: {reason}")])
        else:
            try:
                path = find_ruleset(ref)
            except FileNotFoundError as exc:
                return Outcome([Problem(ref, 1, 1, str(exc))])
            label = str(path)
        sourced = resolution.file(path, label)
    if sourced is None:
        return Outcome(sort_problems(resolution.problems))
    outcome = attrs.evolve(
        _finish(sourced, resolution.problems, broken=resolution.broken,
                explained=frozenset(resolution.explained), base_lost=resolution.base_lost),
        sourced=sourced,
    )
    if outcome.ruleset is not None and resolution.extends is not None:
        outcome = attrs.evolve(outcome, ruleset=attrs.evolve(outcome.ruleset,
                                                             base=resolution.extends))
    replaced = resolution.replacement
    if replaced is not None and any(
        p.json_path == replaced.json_path and p not in resolution.problems
        for p in outcome.problems
    ):  # the cause of the theme's problems (a deck too small), in words
        outcome = attrs.evolve(outcome, problems=sort_problems([*outcome.problems, replaced]))
    if not resolution.optional or resolution.broken or outcome.kind == "module":
        return outcome
    # Every optional module is checked even when the ruleset has problems of its own,
    # so that one run says everything; a problem the ruleset has anyway is said once.
    seen = {(p.file, p.line, p.column, p.json_path) for p in outcome.problems}
    with_modules = [
        p
        for m in resolution.optional
        for p in _with_optional(sourced, *m)
        if (p.file, p.line, p.column, p.json_path) not in seen
    ]
    if with_modules:
        problems = sort_problems([*outcome.problems, *with_modules])
        return attrs.evolve(outcome, problems=problems, ruleset=None)
    return outcome


def unreadable(path: Path) -> str | None:
    """Why ``path`` cannot be read as a ruleset file, or ``None`` if it can be tried.

    Only regular files are read: a directory, a device (``/dev/zero`` never
    ends) or a pipe is refused by name, before any byte is read.
    """
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        return (exc.strerror or type(exc).__name__).lower()
    if stat.S_ISDIR(mode):
        return "it is a directory"
    if not stat.S_ISREG(mode):
        return "not a regular file"
    try:
        with path.open("rb"):
            pass
    except OSError as exc:
        return (exc.strerror or type(exc).__name__).lower()
    return None


def _finish(
    sourced: Sourced,
    found: list[Problem],
    *,
    broken: bool,
    explained: frozenset[str] = frozenset(),
    base_lost: bool = False,
) -> Outcome:
    """Schema-check the resolved document, fill defaults, run the semantic checks, build."""
    kind = resolve.kind_of(sourced.data)
    problems = list(found)
    if kind == "module":
        return Outcome(sort_problems(problems), kind, sourced.data)
    if broken and base_lost:  # the base is unknown: the document lacks whole sections
        return Outcome(sort_problems(problems), kind, sourced.data)
    if broken:
        # a module could not be read: the rest of the file is still checked, so that one
        # run says everything; only what the file itself wrote is blamed (a value the
        # module would have changed may look wrong without it), and nothing is "missing"
        seen = {(p.file, p.line, p.column, p.json_path) for p in problems}
        rest = _finish(sourced, [], broken=False, explained=explained).problems
        problems += [
            p for p in rest
            if p.file == sourced.file
            and not p.message.startswith("missing required key")
            and (p.file, p.line, p.column, p.json_path) not in seen
        ]
        return Outcome(sort_problems(problems), kind, sourced.data)
    invalid = schema_check.check(sourced.data, sourced.locate)
    if invalid:
        # a file's own check saw the same place: the resolved ruleset's problem says more
        # (an unknown key that is a misspelt required key)
        seen = {(p.file, p.line, p.column, p.json_path) for p in invalid}
        problems = [p for p in problems if (p.file, p.line, p.column, p.json_path) not in seen]
        # an artist item lacks its name or split only as a consequence of a mistake
        # already said (an unknown id, an id listed twice): the side effect is not said
        kept = [
            p for p in invalid
            if not (p.json_path in explained and p.message.startswith("missing required key"))
        ]
        problems += kept + _semantic_despite(sourced, invalid)
        return Outcome(sort_problems(problems), kind, sourced.data)
    document = fill_defaults(sourced.data, schema_check.ruleset_schema())
    problems += semantic.check(document, sourced.locate)
    if problems:
        return Outcome(sort_problems(problems), kind, sourced.data, document)
    try:
        ruleset = Ruleset.from_document(document)
    except (TypeError, ValueError, KeyError) as exc:  # a bug: validation let it through
        file, line, column = sourced.locate(())
        message = f"internal error building the model: {type(exc).__name__}: {exc}"
        return Outcome([Problem(file, line, column, message)], kind, sourced.data, document)
    warnings = lint.check(document, sourced.locate, _written_by(sourced))
    return Outcome([], kind, sourced.data, document, ruleset, sort_problems(warnings))


def _written_by(sourced: Sourced) -> Callable[[JsonPath], bool]:
    """Whether a path was written by the file ``sourced`` stands for (not inherited)."""

    def written(path: JsonPath) -> bool:
        origin = sourced.keys.get(path) or sourced.values.get(path)
        return origin is not None and origin[0] == sourced.file

    return written


def _with_optional(sourced: Sourced, at: JsonPath, ref: str, module: Sourced) -> list[Problem]:
    """The errors of the ruleset ``sourced`` once its optional module ``ref`` is applied.

    An optional rule is part of the rulebook: a module that breaks the ruleset
    (a deal the deck cannot serve once a dummy hand plays) is reported when the
    ruleset is validated, not when someone plays it. Each problem stays where
    the value was written (in the module or the ruleset) and names the module
    and the line that lists it.
    """
    merged = sourced.merged(module)
    # the ruleset's own file stays the one checked: a problem goes to a value it wrote
    values = {**merged.values, (): sourced.locate(())}
    combined = attrs.evolve(merged, file=sourced.file, values=values)
    found = _finish(combined, [], broken=False).problems
    file, line, column = sourced.locate(at)
    where = f"with optional module {ref!r} (listed at {file}:{line}:{column})"
    return [attrs.evolve(p, message=f"{where}: {p.message}") for p in found]


def _semantic_despite(sourced: Sourced, invalid: list[Problem]) -> list[Problem]:
    """The semantic problems of a document that also breaks the schema.

    Reported together so that a user fixes everything in one pass; a semantic
    problem about a value the schema already refused (or its parent or child)
    is left out, as it would only repeat that problem.
    """
    try:
        document = fill_defaults(sourced.data, schema_check.ruleset_schema())
    except (TypeError, ValueError, AttributeError):
        return []
    refused = [p.json_path for p in invalid]
    return [
        p
        for p in semantic.check(document, sourced.locate, guarded=True)
        if not any(_related(p.json_path, path) for path in refused)
    ]


def _related(a: str, b: str) -> bool:
    """Whether one JSON path is the other or lies inside it."""
    short, long = sorted((a, b), key=len)
    return long == short or long.startswith((short + ".", short + "["))


def validate_file(path: str | Path, *, warnings: bool = False) -> list[Problem]:
    """Every problem of the ruleset file ``path``, sorted; ``[]`` if it is valid.

    Problems are named after ``path`` as given (files it extends by their own
    paths). Never raises for bad content; a missing or unreadable file is one
    problem at line 1, column 1. With ``warnings``, the warnings of a valid
    file are listed too (``problem.severity == "warning"``); they never make
    it invalid.
    """
    outcome = _outcome(Path(path))
    return sort_problems([*outcome.problems, *outcome.warnings]) if warnings else outcome.problems


def validate_text(text: str, name: str = "<string>", *, warnings: bool = False) -> list[Problem]:
    """Like :func:`validate_file` for YAML text; relative references start at the cwd."""
    outcome = _outcome(name, text=text, name=name)
    return sort_problems([*outcome.problems, *outcome.warnings]) if warnings else outcome.problems


def load_document(ref: str | Path) -> dict[str, Any]:
    """The resolved document of a bundled id or path, defaults filled in for a variant.

    A module resolves to its own keys (with its modules merged in); a variant
    to every option, explicitly. Raises :class:`RulesetError` if invalid.
    """
    outcome = _outcome(ref)
    if outcome.problems:
        raise RulesetError(outcome.problems)
    document = outcome.document if outcome.document is not None else outcome.resolved
    return dict(document or {})


def origins(ref: str | Path) -> dict[str, tuple[str, int, int] | None]:
    """Where each option of a ruleset comes from: ``{json path: (file, line, column)}``
    for every value of its resolved document, ``None`` for a schema default.

    What ``auctionrules show --origins`` prints: which keys a file wrote, which
    it inherited (and from which file: its base, a module, another ruleset's
    theme), and which are defaults. Raises :class:`RulesetError` if invalid.
    """
    outcome = _outcome(ref)
    if outcome.problems:
        raise RulesetError(outcome.problems)
    sourced = outcome.sourced
    document = outcome.document if outcome.document is not None else outcome.resolved
    assert sourced is not None and document is not None  # set whenever there is no problem
    found: dict[str, tuple[str, int, int] | None] = {}
    for path in walk(document):
        value = _value_at(document, path)
        if isinstance(value, (dict, list)) and value:
            continue  # a leaf, or an empty section, has an origin of its own
        found[json_path(path)] = sourced.values.get(path)
    return found


def _value_at(document: Any, path: JsonPath) -> Any:
    for part in path:
        document = document[part]
    return document


def load_ruleset(ref: str | Path, modules: Sequence[str | Path] = ()) -> Ruleset:
    """Load a bundled variant by id (``"hig-1992-en"``), or a variant file by path.

    A ``str`` without a slash or a ``.yaml``/``.yml`` suffix is a bundled id;
    anything else is a path. ``modules`` (bundled module ids or paths) are
    applied on top, in order, exactly as a variant file that ``extends: ref``
    and lists them under ``modules:`` would apply them: the way to play a
    variant with its optional rules without writing that file. Raises
    :class:`RulesetError` with every problem, also when ``ref`` names a module
    (it is not a whole game).
    """
    if isinstance(modules, (str, Path)):  # one module, not its characters
        modules = [modules]
    if modules:
        name = f"<{ref} with {', '.join(map(str, modules))}>"
        outcome = _outcome(name, text=_with_modules(ref, modules), name=name)
    else:
        outcome = _outcome(ref)
    if outcome.problems:
        raise RulesetError(outcome.problems)
    if outcome.ruleset is None:
        name = str(ref)
        raise RulesetError(
            [
                Problem(
                    name,
                    1,
                    1,
                    "this is a module, not a whole game: list it under modules: of a variant",
                    "$.kind",
                )
            ]
        )
    return outcome.ruleset


def apply_modules(ruleset: Ruleset, modules: Sequence[str | Path]) -> Ruleset:
    """``ruleset`` with rule ``modules`` (bundled ids or paths) merged on top, in order.

    For a ruleset in hand rather than a file (a rulebook describing its optional
    rules, a notebook trying one): the modules are resolved, merged and the
    result validated exactly as for a variant that lists them under
    ``modules:`` (schema, defaults, semantic checks), so a module that does not
    fit the ruleset is a :class:`RulesetError` naming every problem, never a
    ruleset the engine or the rulebook would choke on. The result keeps the
    ruleset's id and title and offers no optional modules.
    """
    if isinstance(modules, (str, Path)):  # one module, not its characters
        modules = [modules]
    name = f"<{ruleset.id} with {', '.join(map(str, modules))}>"
    resolution = resolve.Resolution()
    holder = Sourced(name, {"modules": [str(m) for m in modules]}, {}, {})
    own = {k: v for k, v in ruleset.document.items() if k != "optional_modules"}
    top: dict[JsonPath, Origin] = {(): (name, 1, 1)}  # a value no module wrote: the ruleset's
    document = Sourced(name, own, top, {})
    for index, ref in enumerate(modules):
        module = resolution.reference(
            holder, ("modules", index), str(ref), Path.cwd(), (), module=True
        )
        if module is not None:
            merged = document.merged(module.without(*resolve.MODULE_METADATA))
            document = attrs.evolve(merged, file=name, values={**merged.values, **top})
    outcome = _finish(document, resolution.problems, broken=resolution.broken)
    if outcome.problems:
        raise RulesetError(outcome.problems)
    assert outcome.ruleset is not None  # a variant's document, checked without problems
    return outcome.ruleset


def _with_modules(ref: str | Path, modules: Sequence[str | Path]) -> str:
    """The variant file that extends ``ref`` with ``modules``.

    It is still the base's edition, so it keeps the base's title, description
    and provenance (a variant file would not inherit them; it inherits the
    notes) and offers the optional modules not applied; its id names both. Paths are made absolute:
    the text has no folder of its own.
    """

    def reference(item: str | Path) -> str:
        text = str(item)
        return (
            text
            if isinstance(item, str) and resolve.is_bundled_id(text)
            else str(Path(text).resolve())
        )

    def stem(item: str | Path) -> str:
        return re.sub(r"[^a-z0-9-]+", "-", Path(str(item)).stem.lower()).strip("-") or "x"

    ident = "-".join([stem(ref), "with", *map(stem, modules)])[:64].rstrip("-")
    try:
        base = load_document(ref)
    except RulesetError:  # reported, located, when the text itself is resolved
        base = {}
    document: dict[str, Any] = {"id": ident, "title": base.get("title", ident)}
    provenance = ("description", "edition", "publisher", "year", "source")
    document.update({k: base[k] for k in provenance if k in base})
    split_source = base.get("theme", {}).get("split_source")
    if split_source is not None:
        document["theme"] = {"split_source": split_source}
    applied = {str(m) for m in modules}
    left = [m for m in base.get("optional_modules", ()) if m not in applied]
    if left:
        document["optional_modules"] = left
    document["extends"] = reference(ref)
    document["modules"] = [reference(m) for m in modules]
    # JSON is YAML: every value quoted, whatever characters a path holds
    return "".join(f"{key}: {json.dumps(value)}\n" for key, value in document.items())


def resolve_document(path: str | Path) -> dict[str, Any]:
    """Deprecated name kept for early callers: :func:`load_document`."""
    return load_document(path)
