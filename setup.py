"""Build auctionrules: the engine compiled by mypyc where a C compiler is at hand.

The engine's modules (:data:`COMPILED`) are plain typed Python, checked by mypy;
mypyc compiles the very same files into C extension modules, and the ``.py``
files ship beside them, so the package also runs where the extensions are not
built. ``AUCTIONRULES_COMPILE`` chooses:

* unset or ``auto``: compile if a C compiler and the Python headers are found,
  else build plain Python and say why;
* ``0``: plain Python (no compiler needed, a quick build);
* ``1``: compile, and fail the build if that is not possible.

``auctionrules --version`` and ``auctionrules.engine.COMPILED`` tell which one is
installed. The bundled variants and schemas, kept at the top of the repository,
are copied into the package.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent

#: The compiled modules, relative to ``src``: the engine's mechanics, the game and its
#: views, the actions and legal moves, the built-in agents (random, heuristic, ismcts:
#: their decisions and search), the RL observation's writer and mask. Left interpreted:
#: errors, and what runs once a game or once a run (loading the rules' registry, the
#: agents' registry, records, replay, the benchmark).
COMPILED = (
    "auctionrules/agents/facts.py",
    "auctionrules/agents/heuristic.py",
    "auctionrules/agents/ismcts.py",
    "auctionrules/agents/search.py",
    "auctionrules/agents/valuation.py",
    "auctionrules/engine/actions.py",
    "auctionrules/engine/agents.py",
    "auctionrules/engine/asking.py",
    "auctionrules/engine/auctions/__init__.py",
    "auctionrules/engine/auctions/base.py",
    "auctionrules/engine/auctions/bidding.py",
    "auctionrules/engine/auctions/descending.py",
    "auctionrules/engine/auctions/double.py",
    "auctionrules/engine/auctions/fixed_price.py",
    "auctionrules/engine/auctions/sealed.py",
    "auctionrules/engine/cards.py",
    "auctionrules/engine/decisions.py",
    "auctionrules/engine/determinization.py",
    "auctionrules/engine/dummy.py",
    "auctionrules/engine/events.py",
    "auctionrules/engine/flow.py",
    "auctionrules/engine/game.py",
    "auctionrules/engine/history.py",
    "auctionrules/engine/invariants.py",
    "auctionrules/engine/kept.py",
    "auctionrules/engine/legal.py",
    "auctionrules/engine/lot.py",
    "auctionrules/engine/money.py",
    "auctionrules/engine/outcome.py",
    "auctionrules/engine/policies.py",
    "auctionrules/engine/readout.py",
    "auctionrules/engine/refusals.py",
    "auctionrules/engine/rules.py",
    "auctionrules/engine/scoring.py",
    "auctionrules/engine/seats.py",
    "auctionrules/engine/state.py",
    "auctionrules/engine/views.py",
    "auctionrules/envs/masker.py",
    "auctionrules/envs/reader.py",
)


#: The commands that only write metadata or the source distribution. pip runs two of
#: them (``egg_info``, ``dist_info``) before the build, each in a process of its own:
#: the engine is compiled only when something is built, not three times.
METADATA_ONLY = frozenset(("egg_info", "dist_info", "sdist"))


def _metadata_only() -> bool:
    """Whether every command asked is a metadata one (anything else, or any doubt,
    compiles: an option's value that reads as a word counts as a command here)."""
    words = [arg for arg in sys.argv[1:] if arg.isidentifier()]
    return bool(words) and all(word in METADATA_ONLY for word in words)


def _setting() -> str:
    value = os.environ.get("AUCTIONRULES_COMPILE", "auto").strip().lower()
    if value in ("0", "no", "false", "off"):
        return "off"
    if value in ("1", "yes", "true", "on"):
        return "required"
    return "auto"


def _missing_toolchain() -> str | None:
    """Why no extension can be built here, or ``None`` if it can."""
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"the Python headers are missing ({headers})"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r} is not on the PATH)"
    return None


def _extensions() -> list[object]:
    setting = _setting()
    if setting == "off":
        print("auctionrules: AUCTIONRULES_COMPILE=0: building plain Python", file=sys.stderr)
        return []
    if _metadata_only():
        return []
    missing = _missing_toolchain()
    if missing is not None:
        if setting == "required":
            raise SystemExit(f"auctionrules: AUCTIONRULES_COMPILE=1 but {missing}")
        print(
            f"auctionrules: {missing}: building plain Python (the same engine, slower)",
            file=sys.stderr,
        )
        return []
    from mypyc.build import mypycify  # noqa: PLC0415 - needed only when compiling

    os.chdir(ROOT / "src")  # (mypyc names the modules by their paths)
    try:
        return list(mypycify(
            ["--config-file", str(ROOT / "pyproject.toml"), *COMPILED],
            opt_level="3",
            # one C file per module, so that the C compiler runs on every core
            multi_file=True,
            target_dir=str(ROOT / "build" / "mypyc"),
        ))
    finally:
        os.chdir(ROOT)


class BuildExt(build_ext):
    """Compile the C files of one extension on every core.

    mypyc puts the engine in one shared extension of some forty C files (a file a
    module), and the build compiles an extension's files one after the other; the
    ``parallel`` option runs only whole extensions side by side. So each extension's
    files are handed to the compiler one at a time from a pool of threads (each
    waits on its ``gcc``)."""

    def build_extensions(self) -> None:
        compile_files = self.compiler.compile
        workers = os.cpu_count() or 1

        def compile_each(sources: list[str], *args: object, **kwargs: object) -> list[str]:
            if len(sources) < 2 or workers < 2:
                return compile_files(sources, *args, **kwargs)
            with ThreadPoolExecutor(workers) as pool:
                done = pool.map(lambda source: compile_files([source], *args, **kwargs), sources)
                return [obj for objects in done for obj in objects]

        self.compiler.compile = compile_each  # type: ignore[method-assign]
        super().build_extensions()


class BuildPy(build_py):
    """Copy the bundled ``variants/`` and ``schemas/`` into the package."""

    def run(self) -> None:
        super().run()
        for name in ("variants", "schemas"):
            target = Path(self.build_lib) / "auctionrules" / name
            shutil.copytree(ROOT / name, target, dirs_exist_ok=True)


setup(
    ext_modules=_extensions(),
    cmdclass={"build_py": BuildPy, "build_ext": BuildExt},
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
