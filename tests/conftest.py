"""Shared fixtures: paths to the repository's data."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The checkout's top directory."""
    return ROOT
