"""The table's full rulebook as one HTML page (the Markdown is served as it is).

The same :class:`~auctionrules.rulebook.document.Document` that ``auctionrules
docs`` renders as Markdown or reStructuredText, written as HTML: headings,
paragraphs, lists and tables, every text escaped.
"""

from __future__ import annotations

from html import escape

from auctionrules.rulebook.document import BulletList, Document, Paragraph, Section

_PAGE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/static/style.css">
</head>
<body class="rulebook">
<main>
<h1>{title}</h1>
{body}
</main>
</body>
</html>
"""


def page(document: Document, lang: str) -> str:
    """The whole rulebook as a standalone HTML page."""
    out: list[str] = []
    for section in document.sections:
        _section(section, 2, out)
    return _PAGE.format(lang=escape(lang), title=escape(document.title), body="\n".join(out))


def _section(section: Section, level: int, out: list[str]) -> None:
    if section.empty:
        return
    tag = f"h{min(level, 6)}"
    out.append(f'<section id="{escape(section.key)}"><{tag}>{escape(section.title)}</{tag}>')
    for block in section.blocks:
        if isinstance(block, Paragraph):
            out.append("<p>" + " ".join(escape(s.text) for s in block.sentences) + "</p>")
        elif isinstance(block, BulletList):
            items = "".join(f"<li>{escape(item.text)}</li>" for item in block.items)
            out.append(f"<ul>{items}</ul>")
        else:
            head = "".join(f"<th>{escape(cell)}</th>" for cell in block.header)
            rows = "".join(
                "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>"
                for row in block.rows
            )
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
    for sub in section.subsections:
        _section(sub, level + 1, out)
    out.append("</section>")
