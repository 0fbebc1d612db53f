"""Fixtures of the engine tests: bundled rulesets, loaded once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ("hig-1992-en", "hig-1992-fr", "taiwan", "boardpia-modern", "boardpia-renaissance",
            "cmon-2017")


@cache
def ruleset(ref: str) -> Ruleset:
    """A bundled ruleset (cached: loading is the slow part of a small test)."""
    return load_ruleset(ref)


@cache
def with_modules(base: str, *modules: str) -> Ruleset:
    """``base`` with bundled ``modules`` applied, loaded once."""
    return load_ruleset(base, modules=modules)


@pytest.fixture(scope="session")
def hig() -> Ruleset:
    """The English Hans im Glück ruleset (001)."""
    return ruleset("hig-1992-en")
