"""Finding ruleset files and resolving ``extends`` and ``modules``.

A reference is a bundled id (``hig-1992-en``; modules are looked up among the
bundled modules) or a path ending in ``.yaml``/``.yml``, relative to the file
that names it. Resolution reads each file once per run, checks it on its own
against the partial schema, then merges: the resolved base (minus the keys a
variant does not inherit, :data:`NOT_INHERITED`), each module in order (minus
its own metadata, :data:`MODULE_METADATA`), then the file's own keys. A
reference that cannot be found, a cycle, a module named by ``extends`` or a
variant named under ``modules`` is a problem located at the reference.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from auctionrules import resources
from auctionrules.loader import artists, schema_check, suggest
from auctionrules.loader.merge import Sourced, walk
from auctionrules.loader.problems import JsonPath, Problem, json_path
from auctionrules.loader.yaml_nodes import Located, parse_text, read_file

#: Keys of the base a variant that ``extends`` it does not inherit: they describe
#: the base itself (its name, its optional rules, its provenance: the edition,
#: publisher, year and book it transcribes, and where its card split comes from).
#: Notes are inherited: the readings of the base hold for the rules a variant
#: keeps (see :func:`keep_notes`).
NOT_INHERITED: tuple[str | JsonPath, ...] = (
    "id",
    "title",
    "description",
    "optional_modules",
    "source",
    "edition",
    "publisher",
    "year",
    ("theme", "split_source"),
)
#: Where a theme names the ruleset whose theme it starts from.
THEME_FROM: JsonPath = ("theme", "from")
#: Keys of a module that describe the module and are not merged into a variant.
MODULE_METADATA = ("id", "kind", "title", "description", "modules")
_REFERENCES = ("extends", "modules")
_SUFFIXES = (".yaml", ".yml")

#: Parsed and schema-checked files, by (real path, mtime, size, display name).
_FILE_CACHE: dict[tuple[str, int, int, str], tuple[Located | None, tuple[Problem, ...]]] = {}
_FILE_CACHE_SIZE = 128


def is_bundled_id(ref: str) -> bool:
    """Whether ``ref`` is written as an id rather than a path."""
    return "/" not in ref and "\\" not in ref and not ref.endswith(_SUFFIXES)


def find(ref: str, *, relative_to: Path | None = None, module: bool = False) -> Path | None:
    """The file ``ref`` names, or ``None`` if there is none."""
    if is_bundled_id(ref):
        folder = resources.modules_dir() if module else resources.variants_dir()
        candidate = folder / f"{ref}.yaml"
        return candidate if ref and candidate.is_file() else None
    path = Path(ref)
    if relative_to is not None and not path.is_absolute():
        path = relative_to / path
    return path if path.is_file() else None  # is_file: a regular file, never a device


def not_found_message(ref: str, *, module: bool) -> str:
    """Why ``ref`` names nothing, with the closest bundled id."""
    noun = "module" if module else "variant"
    ids = resources.bundled_module_ids() if module else resources.bundled_variant_ids()
    other = resources.bundled_variant_ids() if module else resources.bundled_module_ids()
    if ref in other:
        return (
            f"{ref!r} is a variant, not a module; a variant is named by extends"
            if module
            else f"{ref!r} is a module; list it under modules, not extends"
        )
    if is_bundled_id(ref):
        hint = suggest.id_suggestion(ref, ids) or f" (bundled: {', '.join(ids)})"
        return f"unknown {noun} {ref!r}: no bundled {noun} has this id{hint}"
    return f"no such {noun} file {ref!r} (a path is relative to the file that names it)"


def display_name(path: Path, referrer: str | None, ref: str) -> str:
    """How problems name a referenced file: as the user wrote it, next to its referrer."""
    if is_bundled_id(ref) or referrer is None or Path(ref).is_absolute():
        return str(path)
    return os.path.normpath(str(Path(referrer).parent / ref))


def read_checked(path: Path, name: str) -> tuple[Located | None, tuple[Problem, ...]]:
    """``path`` parsed and checked on its own against the partial schema (cached)."""
    try:
        stat = path.stat()
        key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size, name)
    except OSError:
        key = None
    if key is not None and key in _FILE_CACHE:
        return _FILE_CACHE[key]
    located, problems = read_file(path, name)
    result = _checked(located, problems)
    if key is not None:
        if len(_FILE_CACHE) >= _FILE_CACHE_SIZE:
            _FILE_CACHE.clear()
        _FILE_CACHE[key] = result
    return result


def text_checked(text: str, name: str) -> tuple[Located | None, tuple[Problem, ...]]:
    """Like :func:`read_checked` for text that is not in a file."""
    return _checked(*parse_text(text, name))


def _checked(
    located: Located | None, problems: Sequence[Problem]
) -> tuple[Located | None, tuple[Problem, ...]]:
    if located is None:
        return None, tuple(problems)
    data = _without_nulls(located.data)
    own = schema_check.check(data, Sourced.of(located).locate, partial=True)
    return located, (*problems, *own)


def _without_nulls(value: Any) -> Any:
    """``value`` without mapping entries set to null: in a file, null removes an inherited key.

    What is left is checked on its own (a mapping of removals only is left
    out); lists are kept whole, since a null item in a list is a value.
    """
    if not isinstance(value, dict):
        return value
    result = {}
    for key, item in value.items():
        stripped = _without_nulls(item)
        if item is None or (item and stripped == {}):  # only removals: nothing to check
            continue
        result[key] = stripped
    return result


class Resolution:
    """One resolution run: the problems of every file it read, and a cycle guard."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        #: A reference could not be followed: the resolved document is incomplete.
        self.broken = False
        #: The reference that failed is the base (``extends``, ``theme.from``): the
        #: resolved document lacks whole sections, not only what a module would change.
        self.base_lost = False
        #: What the file resolved last (the one asked for) extends, found: a bundled id,
        #: or the path of the file.
        self.extends: str | None = None
        #: The optional modules of the file resolved last (the one asked for), each
        #: with where it is listed: they are checked against the whole ruleset.
        self.optional: list[tuple[JsonPath, str, Sourced]] = []
        #: JSON paths of artist items whose missing keys follow from a mistake already
        #: reported (see :func:`artists.against_inherited`).
        self.explained: set[str] = set()
        #: A list of new artists replacing the inherited theme, said in words: reported
        #: only if the resolved theme has problems (see :func:`artists.replacement`).
        self.replacement: Problem | None = None

    def problem(self, doc: Sourced, path: JsonPath, message: str) -> None:
        """Report ``message`` at ``path`` of ``doc``."""
        self.broken = True
        file, line, column = doc.locate(path)
        self.problems.append(Problem(file, line, column, message, json_path(path)))

    def file(self, path: Path, name: str, stack: tuple[Path, ...] = ()) -> Sourced | None:
        """The resolved document of the file ``path`` (``None`` if it cannot be read)."""
        located, problems = read_checked(path, name)
        self.problems.extend(problems)
        if located is None:
            self.broken = True
            return None
        real = path.resolve()
        return self.document(Sourced.of(located), real.parent, (*stack, real))

    def text(self, text: str, name: str) -> Sourced | None:
        """The resolved document of ``text`` (references relative to the working directory)."""
        located, problems = text_checked(text, name)
        self.problems.extend(problems)
        if located is None:
            return None
        return self.document(Sourced.of(located), Path.cwd(), ())

    def document(self, own: Sourced, folder: Path, stack: tuple[Path, ...]) -> Sourced:
        """``own`` with its references resolved and merged in."""
        data = own.data
        base = Sourced(own.file, {}, {}, {})
        extends = data.get("extends")
        if "extends" in data and not (isinstance(extends, str) and extends):
            self.broken = self.base_lost = True  # the schema reports it; the base is unknown
        modules = data.get("modules")
        if "modules" in data and not isinstance(modules, list):
            self.broken = True
        if isinstance(extends, str) and extends:
            target = self.reference(own, ("extends",), extends, folder, stack, module=False)
            if target is not None:
                base = target.without(*NOT_INHERITED)
            else:
                self.base_lost = True
        theme = data.get("theme")
        source = theme.get("from") if isinstance(theme, dict) else None
        if isinstance(source, str) and source:
            target = self.reference(own, THEME_FROM, source, folder, stack, module=False)
            if target is not None:  # that theme replaces the inherited one
                base = base.without("theme").merged(target.part("theme").without(*NOT_INHERITED))
            else:
                self.base_lost = True
        elif source is not None:
            self.broken = self.base_lost = True  # the schema reports it
        if isinstance(modules, list):
            for index, ref in enumerate(modules):
                if not isinstance(ref, str) or not ref:
                    self.broken = True
                    continue
                module = self.reference(own, ("modules", index), ref, folder, stack, module=True)
                if module is not None:
                    base = base.merged(module.without(*MODULE_METADATA))
        self.optional = self.check_optional_modules(own, folder, stack)
        self.extends = None
        if isinstance(extends, str) and extends and not self.base_lost:
            found = find(extends, relative_to=folder, module=False)
            bundled = is_bundled_id(extends) and found is not None and found.parent == (
                resources.variants_dir())
            self.extends = extends if bundled else (str(found) if found else None)
        inherited = base.data.get("theme")
        named = source if isinstance(source, str) and source else extends
        inherited_artists = inherited.get("artists") if isinstance(inherited, dict) else None
        base_name = named if isinstance(named, str) and named else "the ruleset it extends"
        said, explained = artists.against_inherited(own, inherited_artists, base_name)
        self.problems.extend(said)
        self.explained.update(explained)
        self.replacement = artists.replacement(own, inherited_artists, base_name)
        resolved = keep_notes(base.merged(own.without(*_REFERENCES, THEME_FROM)), own)
        # Keys in the schema's order (id and title first), whatever file set them.
        order = {k: i for i, k in enumerate(schema_check.ruleset_schema()["properties"])}
        data = dict(sorted(resolved.data.items(), key=lambda kv: order.get(kv[0], len(order))))
        return attrs.evolve(resolved, data=data)

    def reference(
        self,
        own: Sourced,
        at: JsonPath,
        ref: str,
        folder: Path,
        stack: tuple[Path, ...],
        *,
        module: bool,
    ) -> Sourced | None:
        """The resolved file ``ref`` names at ``at`` in ``own``, or ``None`` after a problem."""
        if not is_bundled_id(ref) and not ref.endswith(_SUFFIXES):
            self.problem(own, at, f"{ref!r} is neither a bundled id nor a path to a .yaml file")
            return None
        path = find(ref, relative_to=folder, module=module)
        if path is None:
            self.problem(own, at, not_found_message(ref, module=module))
            return None
        real = path.resolve()
        if real in stack:
            chain = " -> ".join(p.name for p in (*stack[stack.index(real) :], real))
            self.problem(own, at, f"{at[0]} cycle: {chain}")
            return None
        resolved = self.file(path, display_name(path, own.file, ref), stack)
        if resolved is None:
            return None
        kind = resolved.data.get("kind", "variant")
        if module and kind != "module":
            self.problem(
                own, at, f"{ref!r} is a variant, not a module; a variant is named by extends"
            )
            return None
        if not module and kind == "module":
            self.problem(own, at, f"{ref!r} is a module; list it under modules, not extends")
            return None
        return resolved

    def check_optional_modules(
        self, own: Sourced, folder: Path, stack: tuple[Path, ...]
    ) -> list[tuple[JsonPath, str, Sourced]]:
        """Each optional module must exist, and not be applied as well.

        Returns the resolved modules with where each is listed, so that the
        ruleset can be checked with each of them applied.
        """
        optional = own.data.get("optional_modules")
        found: list[tuple[JsonPath, str, Sourced]] = []
        if not isinstance(optional, list):
            return found
        applied = own.data.get("modules")
        for index, ref in enumerate(optional):
            if not isinstance(ref, str) or not ref:
                continue
            at: JsonPath = ("optional_modules", index)
            if find(ref, relative_to=folder, module=True) is None:
                self.problem(own, at, not_found_message(ref, module=True))
            elif isinstance(applied, list) and ref in applied:
                self.problem(own, at, f"module {ref!r} is applied (modules) and optional at once")
            elif is_bundled_id(ref) or ref.endswith(_SUFFIXES):
                module = self.reference(own, at, ref, folder, stack, module=True)
                if module is not None:
                    found.append((at, ref, module.without(*MODULE_METADATA)))
        return found


def keep_notes(resolved: Sourced, own: Sourced) -> Sourced:
    """``resolved`` without the inherited notes on options that ``own`` changes.

    A base's reading of an option no longer holds once a file sets that option
    itself (a note on how the open auction ends, in a file that changes how it
    ends), nor once it sets an option beside it: a reading of one rule of an
    auction tells how that auction ends (a broke auctioneer's offer that nobody
    takes is kept by the auctioneer), which another rule of the same auction can
    change (nobody buys: the card is unsold). The base's other readings are kept.
    """
    notes = resolved.data.get("notes")
    if not isinstance(notes, list):
        return resolved
    changed = [
        generic(p)
        for p in walk(own.data)
        if p[:1] not in ((), ("notes",)) and not isinstance(_value(own.data, p), (dict, list))
    ]
    kept: list[int] = []
    for index, note in enumerate(notes):
        origin = resolved.locate(("notes", index))[0]
        topic = note.get("topic") if isinstance(note, dict) else None
        if origin != own.file and isinstance(topic, str):
            parts = tuple(topic.split("."))
            # the option itself, what is inside it, or (for an option inside a section,
            # such as auctions.fixed_price) anything else in its section
            near = parts[:-1] if len(parts) > 2 else parts
            if any(path[: len(near)] == near for path in changed):
                continue
        kept.append(index)
    if len(kept) == len(notes):
        return resolved
    data = dict(resolved.data)
    data["notes"] = [notes[i] for i in kept]
    moved = {old: new for new, old in enumerate(kept)}

    def move(path: JsonPath) -> JsonPath | None:
        index = path[1] if path[:1] == ("notes",) and len(path) > 1 else None
        if not isinstance(index, int):
            return path
        new = moved.get(index)
        return None if new is None else ("notes", new, *path[2:])

    values = {m: o for p, o in resolved.values.items() if (m := move(p)) is not None}
    keys = {m: o for p, o in resolved.keys.items() if (m := move(p)) is not None}
    return attrs.evolve(resolved, data=data, values=values, keys=keys)


def generic(path: JsonPath) -> tuple[str, ...]:
    """``path`` without list indexes: how a note's topic names it."""
    return tuple(p for p in path if isinstance(p, str))


def _value(data: Any, path: JsonPath) -> Any:
    for part in path:
        data = data[part]
    return data


def kind_of(doc: Any) -> str:
    """``variant`` or ``module`` (a file that is not a mapping counts as a variant)."""
    kind = doc.get("kind", "variant") if isinstance(doc, dict) else "variant"
    return kind if isinstance(kind, str) else "variant"
