"""Render a :class:`~auctionrules.rulebook.document.Document` as one HTML file to print.

A club that wants its rulebook on paper needs neither Sphinx nor a network: the
file holds its style sheet, no script, no image and no link out, and a browser's
"Print" gives the book. The rules flow from page to page as in a printed
rulebook, each heading kept with what follows it and each table on one page; the
parts a table may leave unprinted (the optional rules, the designers' section)
each start a page of their own. There is no navigation: the document is read in
order, as a printed rulebook is.
"""

from __future__ import annotations

from html import escape

from auctionrules.rulebook.document import BulletList, Document, Paragraph, Section, Table

#: Top-level sections that start a page when printed: what follows the rules proper.
PAGE_OF_THEIR_OWN = ("optional", "designer")

#: The style sheet, inline. Serif body text as printed rulebooks have it; ``@page``
#: sets A4 with margins a home printer can print; ``break-*`` keep headings with their
#: text and tables whole; the sections of :data:`PAGE_OF_THEIR_OWN` start a page.
STYLE = """\
@page { size: A4; margin: 18mm 17mm 20mm; }
html { font-family: "DejaVu Serif", Georgia, "Times New Roman", serif; color: #111; }
body { max-width: 44em; margin: 2em auto; padding: 0 1em; line-height: 1.45; }
h1 { font-size: 1.9em; margin: 0 0 .8em; }
h2 { font-size: 1.45em; margin: 1.6em 0 .5em; border-bottom: 1px solid #888; }
h3 { font-size: 1.15em; margin: 1.2em 0 .4em; }
h4, h5, h6 { font-size: 1em; margin: 1em 0 .3em; }
h1, h2, h3, h4, h5, h6 { break-after: avoid; page-break-after: avoid; }
p, li { orphans: 3; widows: 3; hyphens: auto; }
table { border-collapse: collapse; margin: .6em 0 1em; break-inside: avoid;
        page-break-inside: avoid; font-size: .95em; }
th, td { border: 1px solid #999; padding: .15em .55em; text-align: left; }
td:not(:first-child) { text-align: right; }
th { background: #eee; }
@media print {
  html { font-size: 10.5pt; }
  body { max-width: none; margin: 0; padding: 0; }
  section.new-page { break-before: page; page-break-before: always; }
  th { background: none; }
}
"""


def render(document: Document) -> str:
    """The document as a whole HTML page (UTF-8, style sheet inline), ending with a newline."""
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{escape(document.language)}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(document.title)}</title>",
        f"<style>\n{STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{escape(document.title)}</h1>",
    ]
    for section in document.sections:
        _section(section, 2, out, new_page=section.key in PAGE_OF_THEIR_OWN)
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _section(section: Section, level: int, out: list[str], *, new_page: bool = False) -> None:
    if section.empty:
        return
    key = escape(section.key, quote=True)
    out.append(f'<section class="new-page" id="{key}">' if new_page else f'<section id="{key}">')
    tag = f"h{min(level, 6)}"
    out.append(f"<{tag}>{escape(section.title)}</{tag}>")
    for block in section.blocks:
        if isinstance(block, Paragraph):
            out.append("<p>" + " ".join(escape(s.text) for s in block.sentences) + "</p>")
        elif isinstance(block, BulletList):
            out += ["<ul>", *(f"<li>{escape(item.text)}</li>" for item in block.items), "</ul>"]
        else:
            out += _table(block)
    for sub in section.subsections:
        _section(sub, level + 1, out)
    out.append("</section>")


def _table(table: Table) -> list[str]:
    head = "".join(f"<th>{escape(cell)}</th>" for cell in table.header)
    rows = ["<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in table.rows]
    return ["<table>", f"<thead><tr>{head}</tr></thead>", "<tbody>", *rows, "</tbody>",
            "</table>"]
