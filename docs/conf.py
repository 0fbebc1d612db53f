"""Sphinx configuration of the auctionrules documentation.

Only Sphinx's own extensions, ``auctionrules.sphinxext`` and
``auctionrules.lab.sphinx`` (which needs matplotlib, in the test and docs extras)
are used, so the site builds from the test extra alone. Rulebooks, the schema
reference, the CLI reference and the lab tutorial's comparison and plots are
generated at build time; every ``doctest`` block runs under ``sphinx-build -b
doctest``.
"""

from __future__ import annotations

from pathlib import Path

DOCS = Path(__file__).resolve().parent

project = "auctionrules"
author = "auctionrules developers"
copyright = "the auctionrules developers"
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "auctionrules.sphinxext",
    "auctionrules.lab.sphinx",
]
exclude_patterns = ["_build", "generated"]
html_theme = "alabaster"
html_theme_options = {
    "description": "Modern Art rulesets as data",
    "fixed_sidebar": True,
}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
doctest_global_setup = f"""
from pathlib import Path
DOCS = Path({str(DOCS)!r})
ROOT = DOCS.parent
from auctionrules.engine import play_game
"""
