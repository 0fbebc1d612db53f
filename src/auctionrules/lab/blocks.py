"""A report as a list of blocks (headings, paragraphs, lists, tables, images), rendered
as one standalone HTML page or as Markdown with the PNGs beside it.

Both formats come from the same blocks, so they always say the same thing. The
HTML stands alone: its images are embedded as ``data:`` URIs, its style is
inline, and it loads nothing else, so it can be mailed or archived. Its
tables are real tables whose cells wrap, in a column no wider than a laptop's
screen, so nothing scrolls sideways.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from pathlib import Path

import attrs


@attrs.frozen
class Heading:
    """A section title (level 2 or 3; the page title is level 1)."""

    level: int
    text: str
    anchor: str = ""


@attrs.frozen
class Paragraph:
    """A paragraph of prose; ``css`` ``lead`` sets it in bold (the verdict's first line)."""

    text: str
    css: str = ""


@attrs.frozen
class Bullets:
    """A list of sentences."""

    items: tuple[str, ...]
    css: str = ""


@attrs.frozen
class Table:
    """A table: a header row and rows of cells (text); ``numeric`` columns align right.
    ``marked`` rows (by index) are emphasised."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[int, ...] = ()
    marked: tuple[int, ...] = ()
    caption: str = ""


@attrs.frozen
class Image:
    """A PNG, with its alternative text and caption."""

    name: str
    title: str
    data: bytes
    caption: str = ""


Block = Heading | Paragraph | Bullets | Table | Image

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #ddd; }
.verdict { background: #f3f7fb; border-left: 4px solid #2c6fad; padding: 0.6rem 1.2rem; }
.verdict li { margin: 0.3rem 0; }
.lead { font-weight: 600; }
table { border-collapse: collapse; width: 100%; margin: 0.8rem 0 1.5rem;
        font-size: 0.88rem; }
caption { text-align: left; font-weight: 600; padding: 0.3rem 0; }
th, td { border-bottom: 1px solid #e3e3e3; padding: 0.3rem 0.5rem; text-align: left;
         vertical-align: top; overflow-wrap: anywhere; }
th { background: #f6f6f4; overflow-wrap: break-word; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.marked td { background: #fdf2e9; font-weight: 600; }
figure { margin: 1rem 0 2rem; } figcaption { font-size: 0.88rem; color: #555; }
img { max-width: 100%; height: auto; display: block; }
"""


def to_html(title: str, blocks: Sequence[Block]) -> str:
    """The standalone page."""
    parts = [
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html.escape(title)}</title>", f"<style>{_STYLE}</style>", "</head>",
        "<body>", f"<h1>{html.escape(title)}</h1>",
    ]
    parts += [_html(block) for block in blocks]
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)


def _html(block: Block) -> str:
    e = html.escape
    if isinstance(block, Heading):
        anchor = f' id="{e(block.anchor)}"' if block.anchor else ""
        return f"<h{block.level}{anchor}>{e(block.text)}</h{block.level}>"
    if isinstance(block, Paragraph):
        css = f' class="{block.css}"' if block.css else ""
        return f"<p{css}>{e(block.text)}</p>"
    if isinstance(block, Bullets):
        css = f' class="{block.css}"' if block.css else ""
        return f"<ul{css}>" + "".join(f"<li>{e(item)}</li>" for item in block.items) + "</ul>"
    if isinstance(block, Table):
        return _html_table(block)
    uri = "data:image/png;base64," + base64.b64encode(block.data).decode("ascii")
    caption = f"<figcaption>{e(block.caption)}</figcaption>" if block.caption else ""
    return f'<figure><img alt="{e(block.title)}" src="{uri}">{caption}</figure>'


def _html_table(table: Table) -> str:
    e = html.escape

    def cell(tag: str, i: int, text: str) -> str:
        css = ' class="n"' if i in table.numeric else ""
        return f"<{tag}{css}>{e(text)}</{tag}>"

    out = ["<table>"]
    if table.caption:
        out.append(f"<caption>{e(table.caption)}</caption>")
    out.append("<thead><tr>" + "".join(cell("th", i, h) for i, h in enumerate(table.header))
               + "</tr></thead><tbody>")
    for k, row in enumerate(table.rows):
        css = ' class="marked"' if k in table.marked else ""
        out.append(f"<tr{css}>" + "".join(cell("td", i, c) for i, c in enumerate(row))
                   + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def to_markdown(path: Path, title: str, blocks: Sequence[Block]) -> list[Path]:
    """Write the Markdown page and its PNGs beside it (``NAME-plot.png``); the files."""
    written = [path]
    lines = [f"# {title}", ""]
    for block in blocks:
        if isinstance(block, Heading):
            lines += ["#" * block.level + " " + block.text, ""]
        elif isinstance(block, Paragraph):
            lines += [f"**{block.text}**" if block.css == "lead" else block.text, ""]
        elif isinstance(block, Bullets):
            lines += [f"- {item}" for item in block.items] + [""]
        elif isinstance(block, Table):
            lines += _markdown_table(block)
        else:
            image = path.with_name(f"{path.stem}-{block.name}.png")
            image.write_bytes(block.data)
            written.append(image)
            lines += [f"![{block.title}]({image.name})", ""]
            if block.caption:
                lines += [f"*{block.caption}*", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return written


def _markdown_table(table: Table) -> list[str]:
    def row(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    lines = [f"**{table.caption}**", ""] if table.caption else []
    lines.append(row(table.header))
    lines.append(row(["---:" if i in table.numeric else "---" for i in range(len(table.header))]))
    lines += [row(cells) for cells in table.rows]
    return [*lines, ""]
