"""The rules that differ between two rulesets, as option paths and as prose.

Two rulesets are compared on their resolved documents (defaults filled in), so
a value written out and the same value inherited from the schema are equal.
The prose lists, per rulebook section, the sentences of both rulebooks that
state a differing option, plus the sentences that exist in one rulebook only
because of one (the split-price details of a split-equally payee, say).
Metadata (title, edition, notes...) is not a rule and is left out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from auctionrules.model import Ruleset
from auctionrules.rulebook import schema
from auctionrules.rulebook.build import build_document
from auctionrules.rulebook.document import Document, Section, Sentence, covers
from auctionrules.rulebook.lang import catalog
from auctionrules.rulebook.sections.notes import show_value

#: Sections that describe the ruleset rather than state a rule.
_SKIPPED_SECTIONS = frozenset({"designer"})


@attrs.frozen
class OptionChange:
    """One option whose value differs; ``None`` stands for an absent option."""

    path: str
    a: Any
    b: Any

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``{"path", "a", "b"}``."""
        return {"path": self.path, "a": self.a, "b": self.b}


@attrs.frozen
class SectionChange:
    """The differing sentences of one rulebook section, from each side."""

    key: str
    title: str
    a: tuple[str, ...]
    b: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``{"section", "title", "a": [...], "b": [...]}``."""
        return {"section": self.key, "title": self.title, "a": list(self.a), "b": list(self.b)}


@attrs.frozen
class RulesDiff:
    """Everything that differs between ruleset ``a`` and ruleset ``b``."""

    a: str
    b: str
    lang: str
    options: tuple[OptionChange, ...]
    sections: tuple[SectionChange, ...]
    #: Differing options that no sentence states (shown with their two values).
    unstated: tuple[OptionChange, ...] = ()

    @property
    def identical(self) -> bool:
        """Whether the two rulesets have the same rules."""
        return not self.options

    def to_dict(self) -> dict[str, Any]:
        """JSON form, for ``auctionrules diff --format json``."""
        return {
            "a": self.a,
            "b": self.b,
            "identical": self.identical,
            "options": [o.to_dict() for o in self.options],
            "sections": [s.to_dict() for s in self.sections],
        }

    def to_text(self) -> str:
        """The prose report, grouped by section, in the diff's language."""
        cat = catalog(self.lang)
        if self.identical:
            return cat.word("identical", a=self.a, b=self.b) + "\n"
        out = [cat.word("differ", a=self.a, b=self.b), ""]
        for section in self.sections:
            out.append(section.title)
            out += [f"  {self.a}: {_one_line(t)}" for t in section.a]
            out += [f"  {self.b}: {_one_line(t)}" for t in section.b]
            out.append("")
        for change in self.unstated:
            title = schema.option(change.path).title if _known(change.path) else change.path
            title = cat.option_title(change.path, title)
            out.append(cat.word("option", title=title, path=change.path,
                                a=_show(change.a), b=_show(change.b)))
        return "\n".join(out).rstrip("\n") + "\n"


def _known(path: str) -> bool:
    try:
        schema.option(path)
    except KeyError:
        return False
    return True


def _show(value: Any) -> str:
    return "-" if value is None else show_value(value)


def _one_line(text: str) -> str:
    return text.replace("\n", " / ")


def flatten(value: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """``(path, leaf)`` pairs: mappings and lists of mappings are followed into."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield from flatten(item, f"{prefix}{key}.")
    elif isinstance(value, list | tuple) and value and all(isinstance(v, Mapping) for v in value):
        for index, item in enumerate(value):
            yield from flatten(item, f"{prefix}{index}.")
    else:
        yield prefix.rstrip("."), value


def option_changes(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[OptionChange]:
    """Leaf options whose values differ, metadata left out, in ``a``'s order then ``b``'s."""
    left = {p: v for p, v in flatten(a) if p.split(".")[0] not in schema.METADATA_KEYS}
    right = {p: v for p, v in flatten(b) if p.split(".")[0] not in schema.METADATA_KEYS}
    paths = list(dict.fromkeys([*left, *right]))
    return [OptionChange(p, left.get(p), right.get(p)) for p in paths
            if left.get(p) != right.get(p)]


def _titled(document: Document) -> Iterator[tuple[Section, str]]:
    def walk(section: Section, trail: str) -> Iterator[tuple[Section, str]]:
        title = f"{trail} › {section.title}" if trail else section.title
        yield section, title
        for sub in section.subsections:
            yield from walk(sub, title)

    for top in document.sections:
        if top.key not in _SKIPPED_SECTIONS:
            yield from walk(top, "")


Placed = set[tuple[str, str]]


def _relevant(section: str, unit: Sentence, paths: list[str], other_texts: Placed,
              other_keys: Placed) -> bool:
    """Whether ``unit`` states a difference: compared within its section, so a rule that
    one ruleset offers as an optional rule and the other applies is still reported."""
    if (section, unit.text) in other_texts:
        return False
    owner = unit.owner
    if owner is not None and any(covers(owner, p) for p in paths):
        return True
    return (section, unit.key) not in other_keys and any(unit.depends_on(p) for p in paths)


def _placed(document: Document) -> tuple[Placed, Placed]:
    """``(section key, text)`` and ``(section key, catalog key)`` of every unit."""
    texts: Placed = set()
    keys: Placed = set()
    for section, _ in _titled(document):
        for unit in section.units():
            texts.add((section.key, unit.text))
            keys.add((section.key, unit.key))
    return texts, keys


def diff(a: Ruleset, b: Ruleset, lang: str = "en") -> RulesDiff:
    """Compare ``a`` and ``b``; the prose is written in ``lang``."""
    options = option_changes(a.document, b.document)
    paths = [o.path for o in options]
    doc_a = build_document(a, lang, example=False)
    doc_b = build_document(b, lang, example=False)
    texts_a, keys_a = _placed(doc_a)
    texts_b, keys_b = _placed(doc_b)
    order: dict[str, str] = {}
    found: dict[str, tuple[list[str], list[str]]] = {}
    stated: set[str] = set()
    for side, document, texts, keys in ((0, doc_a, texts_b, keys_b), (1, doc_b, texts_a, keys_a)):
        for section, title in _titled(document):
            for unit in section.units():
                if not _relevant(section.key, unit, paths, texts, keys):
                    continue
                order.setdefault(section.key, title)
                bucket = found.setdefault(section.key, ([], []))[side]
                if unit.text not in bucket:
                    bucket.append(unit.text)
                stated.update(p for p in paths if unit.depends_on(p))
    sections = tuple(
        SectionChange(key, title, tuple(found[key][0]), tuple(found[key][1]))
        for key, title in order.items()
    )
    unstated = tuple(o for o in options if o.path not in stated)
    return RulesDiff(a.id, b.id, lang, tuple(options), sections, unstated)
