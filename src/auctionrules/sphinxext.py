"""Sphinx extension: generated rulebooks, the schema reference and the CLI reference.

Add ``"auctionrules.sphinxext"`` to ``extensions`` in any Sphinx project's
``conf.py``, then write::

    .. auctionrules-rulebook:: hig-1992-en
       :lang: fr

    .. auctionrules-rulebook::
       :path: rules/our-club.yaml

    .. auctionrules-rulebook:: hig-1992-en
       :module: mystery-hand

    .. auctionrules-schema::

    .. auctionrules-cli::

Each directive generates reStructuredText from its single source (ruleset,
schema, argparse parser) and parses it in place, so the result is made of real
docutils nodes: sections appear in the table of contents and are linkable, and
the page is rebuilt when the ruleset or schema file changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes  # type: ignore[import-untyped, unused-ignore]
from docutils.parsers.rst import directives  # type: ignore[import-untyped, unused-ignore]
from docutils.statemachine import StringList  # type: ignore[import-untyped, unused-ignore]
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from auctionrules import __version__, resources
from auctionrules.cli.reference import cli_rst
from auctionrules.loader import load_ruleset
from auctionrules.rulebook import UnknownLanguageError, build_document, rst
from auctionrules.rulebook.reference import schema_rst

__all__ = ["CliDirective", "RulebookDirective", "SchemaDirective", "setup"]


class _GeneratedDirective(SphinxDirective):
    """Parses generated reST (titles allowed) and returns its nodes."""

    def parse_generated(self, text: str, source: str) -> list[nodes.Node]:
        """``text`` parsed as if it were written in the page; titles become subsections."""
        container = nodes.section()
        container.document = self.state.document
        lines = StringList(text.splitlines(), source=source)
        nested_parse_with_titles(self.state, lines, container)
        return list(container.children)


class RulebookDirective(_GeneratedDirective):
    """``.. auctionrules-rulebook:: ID`` (or ``:path: FILE``): a whole generated rulebook.

    Options: ``:lang:`` (default: the ruleset's language), ``:path:`` a ruleset
    file relative to the page, ``:title:`` also print the rulebook's own title,
    ``:no-example:`` leave out the worked example, ``:players-only:`` the closing
    designer section, ``:module:`` rule modules applied on top, as the command
    line's ``--module`` (bundled ids or files relative to the page, separated by
    commas, applied in order).
    """

    optional_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "lang": directives.unchanged,
        "path": directives.path,
        "title": directives.flag,
        "no-example": directives.flag,
        "players-only": directives.flag,
        "module": directives.unchanged_required,
    }

    def modules(self) -> list[str | Path]:
        """The ``:module:`` list: a bundled id as written, a file relative to the page."""
        found: list[str | Path] = []
        for item in self.options.get("module", "").split(","):
            name = item.strip()
            if not name:
                continue
            if "/" in name or name.endswith((".yaml", ".yml")):
                _, absolute = self.env.relfn2path(name)
                self.env.note_dependency(absolute)
                found.append(Path(absolute))
            else:
                found.append(name)
        return found

    def run(self) -> list[nodes.Node]:
        """Load, generate, parse."""
        ref: str | Path
        if "path" in self.options:
            _, absolute = self.env.relfn2path(self.options["path"])
            ref = Path(absolute)
            self.env.note_dependency(absolute)
        elif self.arguments:
            ref = self.arguments[0]
        else:
            raise self.error("auctionrules-rulebook needs a ruleset id or a :path: option")
        try:
            ruleset = load_ruleset(ref, self.modules())
            document = build_document(
                ruleset, self.options.get("lang"), example="no-example" not in self.options,
                designer="players-only" not in self.options,
            )
        except UnknownLanguageError as exc:
            raise self.error(str(exc)) from exc
        except Exception as exc:  # any loader failure is a document error
            raise self.error(f"cannot load ruleset {str(ref)!r}: {exc}") from exc
        text = rst.render(document, title="title" in self.options)
        return self.parse_generated(text, f"<auctionrules-rulebook {ref}>")


class SchemaDirective(_GeneratedDirective):
    """``.. auctionrules-schema::``: every option path with type, default, values, description."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Generate from the schema file and parse."""
        self.env.note_dependency(str(resources.schema_path("ruleset")))
        return self.parse_generated(schema_rst(), "<auctionrules-schema>")


class CliDirective(_GeneratedDirective):
    """``.. auctionrules-cli::``: the ``--help`` of every subcommand, one section each."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Generate from the argparse parser and parse."""
        return self.parse_generated(cli_rst(), "<auctionrules-cli>")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives; reading and writing are parallel safe (no shared state)."""
    app.add_directive("auctionrules-rulebook", RulebookDirective)
    app.add_directive("auctionrules-schema", SchemaDirective)
    app.add_directive("auctionrules-cli", CliDirective)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
