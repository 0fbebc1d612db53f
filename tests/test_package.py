"""The top-level package: its public names resolve, and importing it stays cheap."""

from __future__ import annotations

import subprocess
import sys

import pytest

import auctionrules


@pytest.mark.parametrize("name", auctionrules.__all__)
def test_public_name_resolves_to_the_subpackage_object(name: str) -> None:
    value = getattr(auctionrules, name)
    module = auctionrules._LAZY[name]
    assert value is getattr(sys.modules[module], name)


def test_all_lists_exactly_the_lazy_names() -> None:
    assert sorted(auctionrules.__all__) == sorted(auctionrules._LAZY)


def test_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Board'"):
        _ = auctionrules.Board  # type: ignore[attr-defined]


def test_import_does_not_load_the_engine_or_jsonschema() -> None:
    code = "import sys, auctionrules; print(sorted(sys.modules))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "auctionrules.engine" not in loaded
    assert "jsonschema" not in loaded
