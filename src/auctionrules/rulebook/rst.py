"""Render a :class:`~auctionrules.rulebook.document.Document` as reStructuredText.

Tables use the ``list-table`` directive, whose layout does not depend on the
width of accented or wide characters. Section adornments follow the Python
documentation convention so the output can be included in a Sphinx page.
"""

from __future__ import annotations

import re

from auctionrules.rulebook.document import Document, Section, Table, flatten

_SPECIAL = re.compile(r"([\\`*_|])")
#: Adornment characters by depth: the title, sections, subsections...
ADORNMENTS = ("=", "-", "~", "^", '"')


def escape(text: str) -> str:
    """Backslash every character reST could read as inline markup."""
    return _SPECIAL.sub(r"\\\1", text)


def render(document: Document, *, title: bool = True, depth: int = 0) -> str:
    """The document as reST; ``title=False`` leaves out the document title.

    ``depth`` shifts the section adornments, so a rulebook can be nested
    below a page's own title.
    """
    out: list[str] = []
    if title:
        out += _heading(document.title, depth)
        depth += 1
    for section in document.sections:
        _section(section, depth, out)
    return "\n".join(out).rstrip("\n") + "\n"


def _heading(text: str, depth: int) -> list[str]:
    escaped = escape(text)
    char = ADORNMENTS[min(depth, len(ADORNMENTS) - 1)]
    line = char * max(len(escaped), 3)
    if depth == 0:
        return [line, escaped, line, ""]
    return [escaped, line, ""]


def _section(section: Section, depth: int, out: list[str]) -> None:
    flatten(section, depth, out, heading=_heading, table=_table, escape=escape)


def _table(table: Table) -> list[str]:
    out = [".. list-table::", "   :header-rows: 1", ""]
    for cells in (table.header, *table.rows):
        first, *rest = cells
        out.append(f"   * - {escape(first)}")
        out += [f"     - {escape(cell)}" for cell in rest]
    return out
