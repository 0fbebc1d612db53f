"""Assemble a :class:`~auctionrules.rulebook.document.Document` from a ruleset.

The order of the sections is the order of a printed rulebook. Optional rules
(``optional_modules``) are described by applying each module to the ruleset
and keeping the sentences the module adds or changes, so an optional rule is
documented by exactly the same templates as a rule in force.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from auctionrules import resources
from auctionrules.loader import apply_modules, load_document
from auctionrules.model import Ruleset
from auctionrules.rulebook import example as worked
from auctionrules.rulebook.document import (
    Block,
    BulletList,
    Document,
    Paragraph,
    Section,
    Sentence,
    Table,
    typeset,
)
from auctionrules.rulebook.lang import catalog
from auctionrules.rulebook.sections import basics, double, ending, notes, play, players
from auctionrules.rulebook.writer import Writer
from auctionrules.text import typeset as text_typeset


def module_document(module_id: str) -> dict[str, Any]:
    """The validated document of a bundled module (``variants/modules/<id>.yaml``)."""
    return load_document(resources.modules_dir() / f"{module_id}.yaml")


def with_module(ruleset: Ruleset, module_id: str) -> Ruleset:
    """``ruleset`` with the bundled module applied, as if listed under ``modules``
    (merged and validated by the loader: :class:`~auctionrules.loader.RulesetError`
    if the module does not fit the ruleset)."""
    return apply_modules(ruleset, [module_id])


def _body(w: Writer) -> list[Section]:
    auctions = play.auctions(w)
    dbl = double.double(w)
    if dbl is not None:
        auctions = Section(auctions.key, auctions.title, auctions.blocks,
                           (*auctions.subsections, dbl))
    return [
        basics.overview(w),
        basics.components(w),
        basics.setup(w),
        play.playing(w),
        auctions,
        ending.round_end(w),
        ending.scoring(w),
        ending.end_game(w),
        players.players(w),
    ]


Known = set[tuple[str, str, tuple[str, ...]]]


def _identity(unit: Sentence) -> tuple[str, str, tuple[str, ...]]:
    """A sentence in context: the same words about another player count are another rule."""
    return unit.key, unit.text, unit.deps


def _changes(w: Writer, changed: Ruleset, known: Known) -> list[Block]:
    """The sentences and tables of ``changed``'s rulebook that ``known`` lacks."""
    other = Writer(changed, w.catalog)
    sentences: list[Sentence] = []
    tables: list[Block] = []
    for section in _body(other):
        for sub in section.walk():
            for block in sub.blocks:
                if isinstance(block, Table):
                    if _identity(block.as_sentence()) not in known:
                        tables.append(block)
                    continue
                units = block.sentences if isinstance(block, Paragraph) else block.items
                sentences += [u for u in units if _identity(u) not in known]
    return ([BulletList(sentences)] if sentences else []) + tables


def _optional(w: Writer, body: list[Section]) -> Section:
    """One subsection per optional module: its title, description and the rules it changes."""
    r = w.ruleset
    known = {_identity(u) for section in body for sub in section.walk() for u in sub.units()}
    subsections = []
    for index, module_id in enumerate(r.optional_modules):
        module = module_document(module_id)
        changed = with_module(r, module_id)
        title = _text(module.get("title", module_id), w.lang)
        blocks: list[Block] = []
        if module.get("description"):
            description = _text(module["description"], w.lang)
            blocks.append(Paragraph([w.say("optional_modules", description=description)]))
        blocks += _changes(w, changed, known)
        subsections.append(Section(f"optional_modules.{index}", title, blocks))
    return Section("optional", w.word("optional"), (), subsections)


def _text(value: Any, lang: str) -> str:
    if isinstance(value, Mapping):
        return str(value.get(lang) or value.get("en") or next(iter(value.values())))
    return str(value)


def build_document(
    ruleset: Ruleset,
    lang: str | None = None,
    *,
    optional: bool = True,
    example: bool = True,
    designer: bool = True,
) -> Document:
    """The rulebook of ``ruleset`` in ``lang`` (default: the ruleset's own language).

    ``optional=False`` leaves out the optional-rules section and ``example=False``
    the worked example (neither is needed to compare two rulebooks sentence by
    sentence); ``designer=False`` the closing designer section (sources,
    assumptions, options that differ from the defaults), for a rulebook that is
    for players only.
    """
    w = Writer(ruleset, catalog(lang or ruleset.language))
    sections = _body(w)
    if example:
        section = worked.example(w)
        index = next(i for i, s in enumerate(sections) if s.key == "scoring")
        scoring = sections[index]
        sections[index] = Section(scoring.key, scoring.title, scoring.blocks,
                                  (*scoring.subsections, section))
    tail = [notes.designer(w)] if designer else []
    if optional and ruleset.optional_modules:
        tail.insert(0, _optional(w, sections))
    document = Document(ruleset.title.get(w.lang), w.lang, [*sections, *tail])
    return typeset(document, lambda text: text_typeset(text, w.lang))
