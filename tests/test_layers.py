"""The layers point one way: a lower layer never imports a higher one.

From the bottom: the model (``model``, ``text``, ``resources``); the loader; the
engine; the rulebook layer (rulebooks, the game log, the language catalogs); the
command line and the Sphinx extension on top. What a layer needs from above is
passed in by the caller. Checked on the source, so that a lazy import inside a
function counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import auctionrules

from .conftest import source_of

PACKAGE = source_of(auctionrules).parent

#: Package -> the packages it must never import.
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "model": ("loader", "engine", "rulebook", "cli", "agents"),
    "loader": ("engine", "rulebook", "cli", "agents"),
    "engine": ("rulebook", "cli", "agents"),
    "rulebook": ("cli",),
}


def imported(path: Path) -> set[str]:
    """Every ``auctionrules`` module ``path`` imports, anywhere in the file."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in names if name.startswith("auctionrules.")}


def sources(layer: str) -> list[Path]:
    single = PACKAGE / f"{layer}.py"
    return [single] if single.is_file() else sorted((PACKAGE / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_does_not_import_the_layers_above(layer: str) -> None:
    wrong = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in sources(layer)
        for name in sorted(imported(path))
        if name.split(".")[1] in FORBIDDEN[layer]
    ]
    assert wrong == []


def test_the_check_sees_imports() -> None:
    """The walk finds plain, from- and function-level imports (a check that cannot fail
    would prove nothing)."""
    assert "auctionrules.cli.reference" in imported(PACKAGE / "sphinxext.py")
    assert "auctionrules.rulebook.lang" in imported(PACKAGE / "rulebook" / "log.py")
    assert "auctionrules.engine.log" not in imported(PACKAGE / "cli" / "play.py")
    assert "auctionrules.rulebook.log" in imported(PACKAGE / "cli" / "play.py")
