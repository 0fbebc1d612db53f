"""Sphinx configuration of the auctionrules documentation."""

from __future__ import annotations

project = "auctionrules"
author = "auctionrules developers"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.doctest"]
exclude_patterns = ["_build"]
html_theme = "alabaster"
