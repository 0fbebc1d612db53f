"""Sphinx configuration of the auctionrules documentation.

Only Sphinx's own extensions, ``auctionrules.sphinxext`` and
``auctionrules.lab.sphinx`` (which needs matplotlib, in the test and docs extras)
are used, so the site builds from the test extra alone, and from the docs
extra alone too: the reinforcement-learning libraries the API pages document
(the ``rl`` extra) are stood in for by autodoc's mocks when they are not
installed, so ``pip install '.[docs]'`` then ``sphinx-build`` works. Rulebooks, the schema
reference, the CLI reference and the lab tutorial's comparison and plots are
generated at build time; every ``doctest`` block runs under ``sphinx-build -b
doctest``.
"""

from __future__ import annotations

from importlib import import_module
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
#: What the ``rl`` extra brings and autodoc imports (``auctionrules.envs``): mocked
#: only when missing, so a full install documents the real base classes.


def _missing(name: str) -> bool:
    try:
        import_module(name)
    except ImportError:
        return True
    return False


autodoc_mock_imports = [name for name in ("gymnasium", "pettingzoo", "pyspiel") if _missing(name)]
autodoc_typehints = "description"
doctest_global_setup = f"""
from pathlib import Path
DOCS = Path({str(DOCS)!r})
ROOT = DOCS.parent
from auctionrules.engine import play_game
"""
