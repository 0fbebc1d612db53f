"""The intermediate structure every rulebook output is rendered from.

A generated rulebook is a tree of sections holding paragraphs, lists and
tables. Each sentence keeps the catalog key it was written from and the option
paths it depends on, so that the Markdown and reST renderers share one source,
the diff can point at the sentences an option produced, and tests can check
that changing one option changes only the sentences that depend on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import attrs


def covers(dep: str, path: str) -> bool:
    """Whether a dependency on ``dep`` includes option ``path`` (or the reverse).

    ``theme.artists`` covers ``theme.artists.2.name``: a sentence built from the
    whole list changes when one item does. ``*`` covers everything (a worked
    example played by the engine depends on every rule).
    """
    if dep in ("*", path):
        return True
    return path.startswith(dep + ".") or dep.startswith(path + ".")


@attrs.frozen
class Sentence:
    """One sentence and where it comes from.

    ``key`` is the catalog key (``path=value``, ``path`` or ``@topic`` for a
    rule every edition shares); ``deps`` are the option paths whose values the
    sentence reads, including the conditions under which it is written.
    """

    key: str
    text: str
    deps: tuple[str, ...] = ()

    @property
    def owner(self) -> str | None:
        """The option path the sentence states, ``None`` for a shared rule."""
        if self.key.startswith("@"):
            return None
        return self.key.split("=", 1)[0]

    def depends_on(self, path: str) -> bool:
        """Whether changing ``path`` may change this sentence."""
        return any(covers(dep, path) for dep in self.deps)


def _sentences(items: Iterable[Sentence]) -> tuple[Sentence, ...]:
    return tuple(items)


def _cells(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(items)


def _rows(rows: Iterable[Iterable[str]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(row) for row in rows)


@attrs.frozen
class Paragraph:
    """Sentences printed as one paragraph."""

    sentences: tuple[Sentence, ...] = attrs.field(converter=_sentences)


@attrs.frozen
class BulletList:
    """An unordered list; each item is one sentence."""

    items: tuple[Sentence, ...] = attrs.field(converter=_sentences)


@attrs.frozen
class Table:
    """A table with a header row; ``source`` records the key and dependencies."""

    header: tuple[str, ...] = attrs.field(converter=_cells)
    rows: tuple[tuple[str, ...], ...] = attrs.field(converter=_rows)
    source: Sentence

    def as_sentence(self) -> Sentence:
        """The whole table as one comparable unit."""
        cells = [" | ".join(self.header)] + [" | ".join(row) for row in self.rows]
        return attrs.evolve(self.source, text="\n".join(cells))


Block = Paragraph | BulletList | Table


def _blocks(items: Iterable[Block]) -> tuple[Block, ...]:
    return tuple(items)


def _sections(items: Iterable[Section]) -> tuple[Section, ...]:
    return tuple(items)


@attrs.frozen
class Section:
    """A titled section; ``key`` is language independent (``auctions.double``)."""

    key: str
    title: str
    blocks: tuple[Block, ...] = attrs.field(converter=_blocks, default=())
    subsections: tuple[Section, ...] = attrs.field(converter=_sections, default=())

    def walk(self) -> Iterator[Section]:
        """This section, then its subsections depth first."""
        yield self
        for sub in self.subsections:
            yield from sub.walk()

    def units(self) -> Iterator[Sentence]:
        """The comparable units of this section alone (not its subsections)."""
        for block in self.blocks:
            if isinstance(block, Paragraph):
                yield from block.sentences
            elif isinstance(block, BulletList):
                yield from block.items
            else:
                yield block.as_sentence()

    @property
    def empty(self) -> bool:
        """A section with nothing to say is left out of the rulebook."""
        return not self.blocks and all(sub.empty for sub in self.subsections)


@attrs.frozen
class Document:
    """A whole generated rulebook."""

    title: str
    language: str
    sections: tuple[Section, ...] = attrs.field(converter=_sections)

    def walk(self) -> Iterator[Section]:
        """Every section, depth first."""
        for section in self.sections:
            yield from section.walk()

    def units(self) -> Iterator[tuple[str, Sentence]]:
        """``(section key, unit)`` for every sentence and table."""
        for section in self.walk():
            for unit in section.units():
                yield section.key, unit

    def section(self, key: str) -> Section:
        """The section ``key``; ``KeyError`` if the rulebook has none."""
        for section in self.walk():
            if section.key == key:
                return section
        raise KeyError(key)


def typeset(document: Document, rule: Callable[[str], str]) -> Document:
    """``document`` with ``rule`` (a language's typography) applied to every text a
    reader sees: its title, section titles, sentences and table cells. Applied once,
    to the whole rulebook, so that no text (a template, a value from the ruleset, a
    label) escapes it, whatever the output format."""

    def unit(sentence: Sentence) -> Sentence:
        return attrs.evolve(sentence, text=rule(sentence.text))

    def block(item: Block) -> Block:
        if isinstance(item, Paragraph):
            return Paragraph(unit(s) for s in item.sentences)
        if isinstance(item, BulletList):
            return BulletList(unit(s) for s in item.items)
        return Table((rule(c) for c in item.header),
                     ((rule(c) for c in row) for row in item.rows), item.source)

    def section(item: Section) -> Section:
        return Section(item.key, rule(item.title), (block(b) for b in item.blocks),
                       (section(sub) for sub in item.subsections))

    return Document(rule(document.title), document.language,
                    (section(s) for s in document.sections))


def flatten(
    section: Section,
    depth: int,
    out: list[str],
    *,
    heading: Callable[[str, int], list[str]],
    table: Callable[[Table], list[str]],
    escape: Callable[[str], str],
) -> None:
    """Append ``section`` and its subsections to ``out`` as lines of text.

    Markdown and reST differ only in headings, tables and escaping; the walk
    over paragraphs, lists and subsections is shared so both stay in step.
    """
    if section.empty:
        return
    out += heading(section.title, depth)
    for block in section.blocks:
        if isinstance(block, Paragraph):
            out += [" ".join(escape(s.text) for s in block.sentences), ""]
        elif isinstance(block, BulletList):
            out += [f"- {escape(item.text)}" for item in block.items] + [""]
        else:
            out += [*table(block), ""]
    for sub in section.subsections:
        flatten(sub, depth + 1, out, heading=heading, table=table, escape=escape)
