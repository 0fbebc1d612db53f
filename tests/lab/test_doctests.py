"""The examples in the lab's docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["runner", "comparison"])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"auctionrules.lab.{name}")
    failed, tried = doctest.testmod(module)
    assert tried > 0 and failed == 0
