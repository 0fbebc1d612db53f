"""Render a :class:`~auctionrules.rulebook.document.Document` as Markdown.

CommonMark with pipe tables, the dialect GitHub and most renderers read.
"""

from __future__ import annotations

import re

from auctionrules.rulebook.document import BulletList, Document, Paragraph, Section, Table

_SPECIAL = re.compile(r"([\\`*_|<>\[\]#])")


def escape(text: str) -> str:
    """Backslash every character Markdown could read as markup."""
    return _SPECIAL.sub(r"\\\1", text)


def render(document: Document) -> str:
    """The document as Markdown text ending with one newline."""
    out: list[str] = [f"# {escape(document.title)}", ""]
    for section in document.sections:
        _section(section, 2, out)
    return "\n".join(out).rstrip("\n") + "\n"


def _section(section: Section, level: int, out: list[str]) -> None:
    if section.empty:
        return
    out += ["#" * min(level, 6) + " " + escape(section.title), ""]
    for block in section.blocks:
        if isinstance(block, Paragraph):
            out += [" ".join(escape(s.text) for s in block.sentences), ""]
        elif isinstance(block, BulletList):
            out += [f"- {escape(item.text)}" for item in block.items] + [""]
        else:
            out += [*_table(block), ""]
    for sub in section.subsections:
        _section(sub, level + 1, out)


def _table(table: Table) -> list[str]:
    def row(cells: tuple[str, ...]) -> str:
        return "| " + " | ".join(escape(c) for c in cells) + " |"

    rule = "|" + "|".join(" --- " for _ in table.header) + "|"
    return [row(table.header), rule] + [row(r) for r in table.rows]
