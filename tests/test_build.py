"""The build: which modules mypyc compiles, and which install is running.

``setup.py`` names the compiled modules by path; a module moved or renamed would
otherwise only fail when the package is built. Every module of the engine and of
the built-in agents is either compiled or named here as interpreted, so a new one
is a decision, not an accident. ``.ci/run`` runs the suite on the compiled install
and the engine's tests on the plain one, telling the tests which to expect
(``AUCTIONRULES_EXPECT_ENGINE``).
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import auctionrules.engine
from auctionrules.cli import main

ROOT = Path(__file__).resolve().parents[1]

#: Modules of the engine and of the built-in agents left interpreted: exceptions, and
#: what runs once a game, once a run or outside the game loop.
INTERPRETED = {
    "engine": {
        "__init__.py", "bench.py", "errors.py", "play.py", "record.py",
        "registry.py", "replay.py", "setup.py",
    },
    "agents": {"__init__.py", "match.py", "registry.py"},
}


def _compiled_paths() -> list[str]:
    tree = ast.parse((ROOT / "setup.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED":
            return [element.value for element in node.value.elts]  # type: ignore[attr-defined]
    raise AssertionError("setup.py has no COMPILED")


@pytest.mark.parametrize("package", sorted(INTERPRETED))
def test_the_compiled_modules_exist_and_every_module_is_placed(package: str) -> None:
    compiled = _compiled_paths()
    src = ROOT / "src"
    assert [path for path in compiled if not (src / path).is_file()] == []
    found = (src / "auctionrules" / package).rglob("*.py")
    modules = {str(path.relative_to(src)) for path in found}
    left = {path for path in modules - set(compiled)
            if Path(path).name not in INTERPRETED[package]}
    assert left == set(), "compile these in setup.py or name them in INTERPRETED"


def test_the_install_is_the_one_expected() -> None:
    """Under ``.ci/run`` the suite knows which install it runs on."""
    expected = os.environ.get("AUCTIONRULES_EXPECT_ENGINE")
    if expected is None:
        pytest.skip("AUCTIONRULES_EXPECT_ENGINE is not set (only .ci/run sets it)")
    assert expected in ("compiled", "pure")
    assert auctionrules.engine.COMPILED is (expected == "compiled")


def test_version_names_the_install(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    kind = "compiled" if auctionrules.engine.COMPILED else "pure Python"
    assert out.startswith("auctionrules ") and out.rstrip().endswith(f"({kind})")


def test_version_does_not_slow_validate() -> None:
    """``--version`` imports the engine only when asked: ``validate`` does not."""
    code = (
        "import sys; from auctionrules.cli import build_parser; build_parser(); "
        "print('auctionrules.engine' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"


def test_every_serializable_compiled_class_allows_interpreted_subclasses() -> None:
    """See ``auctionrules.compiled``: mypyc builds a class that is serializable alone
    without running ``__init__`` when interpreted code calls it."""
    src = ROOT / "src"
    for path in _compiled_paths():
        tree = ast.parse((src / path).read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "mypyc_attr":
                flags = {k.arg: ast.literal_eval(k.value) for k in node.keywords}
                if flags.get("serializable"):
                    assert flags.get("allow_interpreted_subclasses"), f"{path}:{node.lineno}"


def test_engine_values_made_from_interpreted_code_hold_their_fields() -> None:
    import copy
    import pickle

    from auctionrules.engine import Event, Legal
    from auctionrules.engine.actions import PASS
    from auctionrules.engine.lot import Lot

    legal = Legal(2, (PASS,), bid=(3000, 9000, 1000))
    lot = Lot(4, 1, 7, 2)
    event = Event("bid", 1, {"seat": 2, "amount": 3000})
    for made in (legal, copy.deepcopy(legal), pickle.loads(pickle.dumps(legal))):
        assert (made.seat, made.actions, made.bid, made.price) == (2, (PASS,), (3000, 9000, 1000),
                                                                   None)
    for made_lot in (lot, copy.deepcopy(lot), pickle.loads(pickle.dumps(lot))):
        assert (made_lot.n, made_lot.leader, made_lot.cards, made_lot.kind) == (4, 1, [7], 2)
    assert pickle.loads(pickle.dumps(event)) == event and event["amount"] == 3000
