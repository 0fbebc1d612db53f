"""Sphinx extension: a comparison of two rulesets run, and plotted, by the docs build.

Add ``"auctionrules.lab.sphinx"`` to ``extensions`` (it needs the ``report``
extra), then::

    .. auctionrules-compare:: hig-1992-en examples/split-double.yaml
       :players: 4
       :games: 400
       :seed: 1

The build plays the games (seeded, so every build shows the same figures),
inserts the rules' diff and the table of ``auctionrules compare``, and the
report's four plots as figures (PNG files under ``generated/lab/`` of the
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
from auctionrules.lab.plots import TITLES, plots
from auctionrules.lab.stats import detectable
from auctionrules.lab.text import number, pct

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
            figure += nodes.image(uri=f"/generated/lab/{file.name}", alt=TITLES[name])
            figure += nodes.caption(TITLES[name], TITLES[name])
            out.append(figure)
        return out


def rst_lines(result: ComparisonSummary) -> list[str]:
    """The rules' diff as a list per section, then the rows as a table."""
    diff = result.diff
    lines = [f"Rules that differ between ``{diff.a}`` (A) and ``{diff.b}`` (B):", ""]
    for section in diff.sections:
        lines += [f"- **{section.title}**", ""]
        lines += [f"  - A: {text}" for text in section.a]
        lines += [f"  - B: {text}" for text in section.b]
        lines.append("")
    for change in diff.unstated:
        lines += [f"- ``{change.path}``: A ``{change.a!r}``, B ``{change.b!r}``", ""]
    lines += [
        f"The same {result.a.games} games, {result.a.players} players, agents "
        f"``{','.join(result.a.settings.get('agents', []))}``. "
        "\\* p < 0.05 (two-sided), \\*\\* also after Holm's correction for all the rows "
        "(tests: McNemar's for seat win rates and the paired t-test for money, margin and "
        "length, as the games are the same; two-proportion z and Welch's t for the rest). "
        f"With {result.a.games} games, a seat's win rate must move about "
        f"{100 * detectable(1 / result.a.players, result.a.games):.1f} points to be "
        "significant at 5 %.",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - figure",
        "     - A",
        "     - B",
        "     - B − A",
        "     - p",
    ]
    for row in result.rows:
        if row.kind == "rate":
            values = [pct(row.a), pct(row.b), f"{100 * row.test.difference:+.1f} pt"]
        else:
            digits = 2 if max(abs(row.a), abs(row.b)) < 100 else 0
            values = [number(row.a), number(row.b), f"{row.test.difference:+,.{digits}f}"]
        mark = "\\*\\*" if row.holm else "\\*" if row.test.significant() else ""
        lines.append(f"   * - {row.section}: {row.figure}")
        lines += [f"     - {value}" for value in values]
        lines.append(f"     - {row.test.p:.3f} {mark}".rstrip())
    lines.append("")
    return lines


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("auctionrules-compare", CompareDirective)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
