"""Shared fixtures: paths to the repository's data; the start method of worker processes."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--start-method", choices=multiprocessing.get_all_start_methods(), default=None,
        help="how worker processes start (default: Python's own); .ci/run runs the lab "
             "with forkserver, Linux's default from Python 3.14",
    )


def pytest_configure(config: pytest.Config) -> None:
    method = config.getoption("--start-method")
    if method is not None:
        multiprocessing.set_start_method(method, force=True)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The checkout's top directory."""
    return ROOT


#: The package's source in the checkout: the tests that read the source (scans, the
#: fields a class declares) read it here, whichever install they run on (a compiled
#: module's ``__file__`` is its extension, not its text).
SOURCE = ROOT / "src"


def source_of(module: object) -> Path:
    """The checkout's source file of ``module`` (a package: its ``__init__.py``)."""
    name: str = module.__name__  # type: ignore[attr-defined]
    path = SOURCE.joinpath(*name.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
