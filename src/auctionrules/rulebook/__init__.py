"""Generated rulebooks: a ruleset in, a document a player can learn the game from out.

The pipeline is ruleset -> :class:`~auctionrules.rulebook.document.Document`
(sections of sentences, each sentence written from a catalog template keyed by
the option it states) -> Markdown or reStructuredText. Keeping the structure in
between lets both writers stay thin and lets :mod:`auctionrules.rulebook.diff`
and the tests compare rulebooks sentence by sentence.

>>> from auctionrules.loader import load_ruleset
>>> from auctionrules.rulebook import render
>>> text = render(load_ruleset("hig-1992-fr"), format="md", lang="fr")
>>> "100\u00a0000\u00a0$" in text
True
"""

from __future__ import annotations

from auctionrules.model import Ruleset
from auctionrules.rulebook import html, markdown, rst
from auctionrules.rulebook.build import build_document
from auctionrules.rulebook.document import Document
from auctionrules.rulebook.lang import UnknownLanguageError, available

__all__ = ["FORMATS", "Document", "UnknownLanguageError", "available", "build_document", "render"]

#: Output formats of :func:`render`.
FORMATS: tuple[str, ...] = ("md", "rst", "html")


def render(
    ruleset: Ruleset,
    *,
    format: str = "md",
    lang: str | None = None,
    example: bool = True,
    designer: bool = True,
) -> str:
    """The rulebook of ``ruleset`` as Markdown (``"md"``), reStructuredText (``"rst"``) or
    one self-contained HTML page to print (``"html"``).

    ``lang`` defaults to the ruleset's own language; :class:`UnknownLanguageError`
    if there is no catalog for it, :class:`ValueError` for an unknown format.
    The player rulebook ends with a short designer section (sources, assumptions,
    options that differ from the defaults); ``designer=False`` leaves it out.
    """
    document = build_document(ruleset, lang, example=example, designer=designer)
    if format == "md":
        return markdown.render(document)
    if format == "rst":
        return rst.render(document)
    if format == "html":
        return html.render(document)
    raise ValueError(f"unsupported format: {format!r} (available: {', '.join(FORMATS)})")
