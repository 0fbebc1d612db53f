"""Render a :class:`~auctionrules.rulebook.document.Document` as Markdown.

CommonMark with pipe tables, the dialect GitHub and most renderers read.
"""

from __future__ import annotations

import re

from auctionrules.rulebook.document import Document, Section, Table, flatten

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


def _heading(title: str, level: int) -> list[str]:
    return ["#" * min(level, 6) + " " + escape(title), ""]


def _section(section: Section, level: int, out: list[str]) -> None:
    flatten(section, level, out, heading=_heading, table=_table, escape=escape)


def _table(table: Table) -> list[str]:
    def row(cells: tuple[str, ...]) -> str:
        return "| " + " | ".join(escape(c) for c in cells) + " |"

    rule = "|" + "|".join(" --- " for _ in table.header) + "|"
    return [row(table.header), rule] + [row(r) for r in table.rows]
