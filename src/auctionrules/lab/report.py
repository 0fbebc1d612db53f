"""Reports: the summary (or comparison) with its plots, as one HTML file or Markdown + PNGs.

The HTML stands alone: its images are embedded as ``data:`` URIs and it loads
nothing else, so it can be mailed or archived. The Markdown version writes the
PNGs beside it (``NAME-money.png``...), for a repository or a wiki.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path

from auctionrules.lab.comparison import ComparisonSummary
from auctionrules.lab.plots import TITLES, plots
from auctionrules.lab.summary import Summary
from auctionrules.lab.text import comparison_text, summary_text

SUFFIXES = (".html", ".htm", ".md")

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; }
pre { background: #f6f6f4; padding: 1rem; overflow-x: auto; font-size: 0.85rem; }
img { max-width: 100%; display: block; margin: 1rem 0 2rem; }
"""


def check_suffix(path: str | Path) -> None:
    """Refuse a report name whose format is unknown (before any game is played)."""
    if Path(path).suffix.lower() not in SUFFIXES:
        raise ValueError(f"{path}: a report is .html or .md")


def write_report(path: str | Path, result: Summary | ComparisonSummary) -> list[Path]:
    """Write the report of a simulation or a comparison; the files written."""
    path = Path(path)
    check_suffix(path)
    if isinstance(result, ComparisonSummary):
        a, b = result.a.settings.get("variant", "A"), result.b.settings.get("variant", "B")
        title = f"{a} vs {b}: {result.a.games} games"
        text = comparison_text(result)
        images = plots([result.a, result.b], [f"A: {a}", f"B: {b}"])
    else:
        title = f"{result.settings.get('variant', '?')}: {result.games} games"
        text = summary_text(result)
        images = plots([result], [str(result.settings.get("variant", ""))])
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() == ".md":
        return _markdown(path, title, text, images)
    parts = [
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        f"<title>{html.escape(title)}</title>", f"<style>{_STYLE}</style>", "</head>",
        "<body>", f"<h1>{html.escape(title)}</h1>", f"<pre>{html.escape(text)}</pre>",
    ]
    for name, data in images.items():
        uri = "data:image/png;base64," + base64.b64encode(data).decode("ascii")
        parts += [f"<h2>{html.escape(TITLES[name])}</h2>",
                  f'<img alt="{html.escape(TITLES[name])}" src="{uri}">']
    parts += ["</body>", "</html>", ""]
    path.write_text("\n".join(parts), encoding="utf-8")
    return [path]


def _markdown(path: Path, title: str, text: str, images: dict[str, bytes]) -> list[Path]:
    written = [path]
    lines = [f"# {title}", "", "```", text.rstrip("\n"), "```", ""]
    for name, data in images.items():
        image = path.with_name(f"{path.stem}-{name}.png")
        image.write_bytes(data)
        written.append(image)
        lines += [f"## {TITLES[name]}", "", f"![{TITLES[name]}]({image.name})", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return written
