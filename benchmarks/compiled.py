"""The engine's core compiled by mypyc, timed beside the same source interpreted:
``python benchmarks/compiled.py``.

A measurement, not a build: the package installs as plain Python. The speed
floors of the engine are ratios against ``refsim.py``, the plain-Python ceiling;
on CPython 3.11 each Python call costs about a thousand instructions and each new
object about 1,300, and the engine's loops are made of calls and small objects.
This script answers the question that leaves: what would compiling the same
source give? It copies ``src/auctionrules`` and the data directories into a
temporary directory, compiles the modules of :data:`MODULES` there with mypyc
(the modules of the round's mechanics; ``state.py`` is left out, its
:meth:`State.copy` reads the instance ``__dict__``, which a compiled class has
not), checks that both trees play the very same games (the records of a few
seeds of every bundled edition), and runs ``auctionrules bench`` on each tree in
turn, the interpreted one first.

Needs mypy (the ``lint`` extra) and a C compiler with the Python headers.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The modules compiled, relative to ``src``: they compile from the source as it is.
MODULES = (
    "auctionrules/engine/decisions.py",
    "auctionrules/engine/flow.py",
    "auctionrules/engine/lot.py",
    "auctionrules/engine/legal.py",
    "auctionrules/engine/history.py",
    "auctionrules/engine/scoring.py",
    "auctionrules/engine/kept.py",
    "auctionrules/engine/agents.py",
    "auctionrules/engine/auctions/base.py",
    "auctionrules/engine/auctions/bidding.py",
    "auctionrules/engine/auctions/double.py",
    "auctionrules/engine/auctions/fixed_price.py",
)

#: A child's program: a hash of the records of a few seeded games of every edition.
_RECORDS = """
import hashlib, json
from auctionrules.engine import play_game
from auctionrules.loader import load_ruleset
from auctionrules.resources import bundled_variant_ids
digest = hashlib.sha256()
for variant in bundled_variant_ids():
    ruleset = load_ruleset(variant)
    for players in (3, 4, 5):
        for seed in range(4):
            game = play_game(ruleset, players=players, seed=seed)
            digest.update(json.dumps(game.record(), sort_keys=True).encode())
print(digest.hexdigest())
"""


def build(into: Path) -> Path:
    """A copy of the package under ``into`` with :data:`MODULES` compiled; its ``src``."""
    src = into / "src"
    shutil.copytree(ROOT / "src" / "auctionrules", src / "auctionrules")
    for name in ("schemas", "variants"):  # (found beside src, as in a checkout)
        (into / name).symlink_to(ROOT / name)
    mypyc = shutil.which("mypyc", path=str(Path(sys.executable).parent)) or shutil.which("mypyc")
    if mypyc is None:
        raise SystemExit("mypyc not found: pip install mypy (the lint extra)")
    run = subprocess.run(
        [mypyc, *MODULES], cwd=src, capture_output=True, text=True, check=False
    )
    if run.returncode:
        raise SystemExit(f"mypyc failed:\n{run.stdout[-3000:]}{run.stderr[-3000:]}")
    return src


def child(src: Path, *args: str) -> str:
    """What ``python args`` prints with ``src`` first on the path."""
    env = dict(os.environ, PYTHONPATH=str(src))
    run = subprocess.run(
        [sys.executable, *args], env=env, capture_output=True, text=True, check=False
    )
    if run.returncode:
        raise SystemExit(f"python {' '.join(args)} failed:\n{run.stderr[-3000:]}")
    return run.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="4")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    bench = [
        "-m", "auctionrules", "bench", "--games", str(args.games),
        "--players", *args.players.split(), "--repeats", str(args.repeats),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        compiled = build(Path(tmp))
        plain = ROOT / "src"
        if child(plain, "-c", _RECORDS) != child(compiled, "-c", _RECORDS):
            raise SystemExit("the compiled tree plays other games than the source")
        print("the same games in both trees (records of 4 seeds x 3-5 players x every edition)")
        for name, src in (("interpreted", plain), ("compiled (mypyc)", compiled)):
            print(f"\n{name}:")
            print(child(src, *bench), end="")


if __name__ == "__main__":
    main()
