"""Sphinx extension: a comparison of two rulesets run, and plotted, by the docs build.

Add ``"auctionrules.lab.sphinx"`` to ``extensions`` (it needs the ``report``
extra), then::

    .. auctionrules-compare:: hig-1992-en examples/split-double.yaml
       :players: 4
       :games: 400
       :seed: 1

The build plays the games (seeded, so every build shows the same figures),
inserts the verdict, the rules' diff and the table of ``auctionrules compare``,
and the report's plots as figures (PNG files under ``generated/lab/`` of the
source directory, which the build copies like any image). A ruleset given as a
path is relative to the page, and the page is rebuilt when that file changes.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes  # type: ignore[import-untyped, unused-ignore]
from docutils.parsers.rst import directives  # type: ignore[import-untyped, unused-ignore]
from docutils.statemachine import StringList  # type: ignore[import-untyped, unused-ignore]
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from auctionrules import __version__
from auctionrules.lab.comparison import ComparisonSummary, compare
from auctionrules.lab.forest import TITLE as FOREST
from auctionrules.lab.forest import forest
from auctionrules.lab.plots import TITLES, plots
from auctionrules.lab.text import METHODS, difference, shown, shown_figure
from auctionrules.lab.verdict import verdict

__all__ = ["CompareDirective", "setup"]


class CompareDirective(SphinxDirective):
    """``.. auctionrules-compare:: A B``: options ``:players:`` (4), ``:games:`` (200),
    ``:seed:`` (0), ``:agents:`` (random), ``:module:`` (one module applied to both)."""

    required_arguments = 2
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "players": directives.positive_int,
        "games": directives.positive_int,
        "seed": int,
        "agents": directives.unchanged,
        "module": directives.unchanged,
    }

    def ruleset_ref(self, ref: str) -> str | Path:
        """A bundled id as it is; a file relative to the page (a dependency of it)."""
        if not ref.endswith((".yaml", ".yml")):
            return ref
        _, absolute = self.env.relfn2path(ref)
        self.env.note_dependency(absolute)
        return Path(absolute)

    def parse(self, lines: list[str]) -> list[nodes.Node]:
        """reStructuredText lines parsed in place."""
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source="<auctionrules-compare>"), 0, container)
        return list(container.children)

    def run(self) -> list[nodes.Node]:
        """Play, tabulate, plot."""
        a, b = (self.ruleset_ref(ref) for ref in self.arguments)
        options = self.options
        module = options.get("module")
        try:
            result = compare(
                a, b, options.get("players", 4), options.get("games", 200),
                options.get("agents", "random"), seed=options.get("seed", 0),
                modules=[module] if module else [],
            ).summary()
            labels = [f"A: {self.arguments[0]}", f"B: {self.arguments[1]}"]
            images = plots([result.a, result.b], labels)
            drawn = forest(result)
            titles = dict(TITLES)
            if drawn is not None:
                images = {"forest": drawn, **images}
                titles["forest"] = FOREST
        except Exception as exc:  # a bad ruleset or option is a document error
            raise self.error(f"auctionrules-compare: {exc}") from exc
        out = self.parse(rst_lines(result))
        key = hashlib.sha256(repr((self.arguments, sorted(options.items()))).encode())
        folder = Path(self.env.srcdir) / "generated" / "lab"
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in images.items():
            file = folder / f"compare-{key.hexdigest()[:12]}-{name}.png"
            if not file.is_file() or file.read_bytes() != data:
                file.write_bytes(data)
            figure = nodes.figure()
            figure += nodes.image(uri=f"/generated/lab/{file.name}", alt=titles[name])
            figure += nodes.caption(titles[name], titles[name])
            out.append(figure)
        return out


def rst_lines(result: ComparisonSummary) -> list[str]:
    """The verdict, the rules' diff as a list per section, then the rows as a table."""
    diff = result.diff
    found = verdict(result)
    lines = [f"**{_rst(found.rules)}**", "", _rst(found.moved), ""]
    lines += [f"- {_rst(text)}" for text in (*found.effects, *found.agents, found.seats,
                                              *found.balance)]
    lines += ["", _rst(found.sureness), ""]
    lines += [f"Rules that differ between ``{diff.a}`` (A) and ``{diff.b}`` (B):", ""]
    for section in diff.sections:
        lines += [f"- **{section.title}**", ""]
        lines += [f"  - A: {text}" for text in section.a if "\n" not in text]
        lines += [f"  - B: {text}" for text in section.b if "\n" not in text]
        lines.append("")
    for line in diff.lines:
        lines += [f"- {_rst(line.title)}: A {_rst(line.a)}, B {_rst(line.b)}", ""]
    lines += [
        f"The same {result.a.games} games, {result.a.players} players, agents "
        f"``{','.join(result.a.settings.get('agents', []))}``. "
        "\\* p < 0.05 (two-sided), \\*\\* also after Holm's correction for all the "
        f"rows. {_rst(METHODS)}",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - figure",
        "     - A",
        "     - B",
        "     - B \u2212 A",
        "     - 95 % CI",
        "     - p",
    ]
    for row in result.rows:
        low, high = difference(row, row.test.low), difference(row, row.test.high)
        values = [*shown(row, row.a, row.b), difference(row, row.test.difference),
                  f"{low} to {high}"]
        mark = "\\*\\*" if row.holm else "\\*" if row.test.significant() else ""
        lines.append(f"   * - {row.section}: {shown_figure(row)}")
        lines += [f"     - {value}" for value in values]
        lines.append(f"     - {row.test.p:.3f} {mark}".rstrip())
    lines.append("")
    return lines


def _rst(text: str) -> str:
    """Plain text safe in reStructuredText prose (its markup characters escaped)."""
    for char in "\\*`_|":
        text = text.replace(char, "\\" + char)
    return text


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("auctionrules-compare", CompareDirective)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
