"""The build: which modules mypyc compiles, which install is running, and the fallback.

``pyproject.toml`` declares what is compiled (``[tool.auctionrules.compile]``: whole
packages, but the modules left interpreted, each with its reason); a module named
there that is moved or renamed would otherwise only fail when the package is built.
``.ci/run`` runs the suite on the compiled install and the engine's tests on the
plain one, telling the tests which to expect (``AUCTIONRULES_EXPECT_ENGINE``).
"""

from __future__ import annotations

import ast
import os
import runpy
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import auctionrules.engine
from auctionrules.cli import main

ROOT = Path(__file__).resolve().parents[1]

#: The classes users may subclass in interpreted code, the only ones that say
#: ``allow_interpreted_subclasses`` (docs/engine.rst, "Compiled and plain Python"):
#: the strategy bases of the registry's axes, the agents' bases and built-in agents,
#: and ``Game``.
EXTENSION_POINTS = {
    "Strategy", "OpenEnding", "SealedTieBreak", "Payee", "NoBid", "RankingTieBreak",
    "Valuation", "Starter", "FlipWhen",
    "ChoiceAgent", "RandomAgent", "HeuristicAgent", "ISMCTSAgent",
    "Game",
}


def _table() -> dict[str, object]:
    table = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    return table["tool"]["auctionrules"]["compile"]  # type: ignore[no-any-return]


def _compiled_paths() -> list[str]:
    # (setup.py imports setuptools, which a Python's bare venv may lack: the build
    # itself brings it, as a build requirement)
    pytest.importorskip("setuptools")
    return runpy.run_path(str(ROOT / "setup.py"), run_name="setup")["compiled_modules"]()  # type: ignore[no-any-return]


def test_every_module_named_by_the_build_exists_and_every_interpreted_one_says_why() -> None:
    table = _table()
    named = [*table["modules"], *table["interpreted"]]  # type: ignore[misc]
    assert [path for path in named if not (ROOT / "src" / path).is_file()] == []
    assert [path for path, why in table["interpreted"].items() if not why.strip()] == []  # type: ignore[attr-defined]
    assert "auctionrules/engine/game.py" in _compiled_paths()
    assert "auctionrules/engine/errors.py" not in _compiled_paths()


def test_only_the_extension_points_allow_interpreted_subclasses() -> None:
    """A compiled class is closed unless users subclass it; none says ``serializable``
    (mypyc 2.x builds a class that says it without ``allow_interpreted_subclasses``
    without running its ``__init__`` when interpreted code calls it: a closed class
    that is copied says how in ``__reduce__``, see ``auctionrules.compiled``)."""
    flagged = set()
    for path in _compiled_paths():
        tree = ast.parse((ROOT / "src" / path).read_text("utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Call) and \
                        getattr(decorator.func, "id", "") == "mypyc_attr":
                    flags = {k.arg: ast.literal_eval(k.value) for k in decorator.keywords}
                    assert "serializable" not in flags, f"{path}:{node.lineno}"
                    if flags.get("allow_interpreted_subclasses"):
                        flagged.add(node.name)
    assert flagged == EXTENSION_POINTS


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


def test_closed_compiled_classes_copy_and_pickle_by_their_reduce() -> None:
    """The engine's closed classes (see ``auctionrules.compiled``) are made again with
    every field: the actions, a view, the rules' strategies and codec, a game in an
    auction with its state and lot."""
    import copy
    import pickle

    from auctionrules.engine import Game
    from auctionrules.engine.actions import Action
    from auctionrules.loader import load_ruleset

    game = Game.new(load_ruleset("hig-1992-en"), players=4, seed=2)
    while game.state.lot is None or not game.state.lot.bids:
        seat = game.to_act()[0]
        legal = game.legal(seat)
        game.apply(f"bid {legal.bid[0]}" if legal.bid else legal.actions[0], seat)
    view = game.view(1)
    values = [Action.parse(text) for text in ("pass", "bid 3000", "play yoko/open", "buy")]
    for make in (copy.copy, copy.deepcopy, lambda x: pickle.loads(pickle.dumps(x))):
        assert make(values) == values
        assert make(view) == view and make(view).lot == view.lot
        payee = make(game.rules.payee)
        assert type(payee) is type(game.rules.payee)
        assert (payee.options, payee.players, payee.unit) == (
            game.rules.payee.options, game.rules.payee.players, game.rules.payee.unit)
        assert make(game.rules.codec).names == game.rules.codec.names
        twin = make(game) if make is not copy.copy else game.clone()
        assert twin.snapshot() == game.snapshot() and twin.state.lot is not game.state.lot


def _source_tree(target: Path) -> Path:
    """A copy of what a build reads (the build writes beside its sources)."""
    for name in ("src", "variants", "schemas"):
        shutil.copytree(ROOT / name, target / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"))
    for name in ("setup.py", "pyproject.toml", "README.md", "MANIFEST.in"):
        shutil.copy(ROOT / name, target / name)
    return target


def _wheel(source: Path, **env: str) -> subprocess.CompletedProcess[str]:
    # (in an isolated build environment, as a user's pip builds: the one the tests run
    # in need not have the build's own requirements, setuptools>=77 and mypy)
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--verbose",
               "--wheel-dir", str(source / "dist"), str(source)]
    return subprocess.run(command, capture_output=True, text=True, check=False,
                          env={**os.environ, **env}, cwd=source)


@pytest.mark.slow
def test_a_failing_compiler_builds_plain_python_in_one_line(tmp_path: Path) -> None:
    """``pip install .`` never strands a user: where the C compiler fails, the build
    says so once and installs the same source as plain Python."""
    source = _source_tree(tmp_path)
    done = _wheel(source, CC="/bin/false", AUCTIONRULES_COMPILE="auto")
    assert done.returncode == 0, done.stderr[-3000:]
    said = [line.strip() for line in (done.stdout + done.stderr).splitlines()
            if "building plain Python" in line]
    assert said == ["auctionrules: /bin/false failed (CompileError): building plain Python "
                    "(the same engine, slower)"], said
    (wheel,) = (source / "dist").glob("auctionrules-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "auctionrules/engine/game.py" in names
    assert [name for name in names if name.endswith((".so", ".pyd"))] == []


@pytest.mark.slow
def test_a_compile_required_fails_loudly(tmp_path: Path) -> None:
    source = _source_tree(tmp_path)
    done = _wheel(source, CC="/no/such/cc", AUCTIONRULES_COMPILE="1")
    assert done.returncode != 0
    assert "AUCTIONRULES_COMPILE=1 but no C compiler" in done.stdout + done.stderr
