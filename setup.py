"""Build auctionrules: the engine compiled by mypyc where it can be, plain Python elsewhere.

What mypyc compiles is declared in ``pyproject.toml`` (``[tool.auctionrules.compile]``:
whole packages and single modules, and each module left interpreted with the reason).
The ``.py`` files ship beside the extensions, so the package also runs where they are
not built. ``AUCTIONRULES_COMPILE`` chooses:

* unset or ``auto``: compile; where that fails (no compiler, no Python headers, a
  compiler that fails), say so in one line and build plain Python;
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
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"

#: The commands that only write metadata or the source distribution (pip runs
#: ``egg_info`` and ``dist_info`` before the build, each in a process of its own).
METADATA_ONLY = frozenset(("egg_info", "dist_info", "sdist"))


def compiled_modules() -> list[str]:
    """The modules mypyc compiles, as paths relative to ``src``: every module of the
    table's ``packages`` and its ``modules``, but those it names ``interpreted``."""
    table = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    compile_ = table["tool"]["auctionrules"]["compile"]
    found = [path for package in compile_["packages"] for path in (SRC / package).rglob("*.py")]
    paths = {path.relative_to(SRC).as_posix() for path in found} | set(compile_["modules"])
    return sorted(paths - set(compile_["interpreted"]))


def _setting() -> str:
    value = os.environ.get("AUCTIONRULES_COMPILE", "auto").strip().lower()
    if value in ("0", "no", "false", "off"):
        return "off"
    return "required" if value in ("1", "yes", "true", "on") else "auto"


def _plain(why: str) -> list[object]:
    """No extension: the one line that says why, or the failure when one was required."""
    if _setting() == "required":
        raise SystemExit(f"auctionrules: AUCTIONRULES_COMPILE=1 but {why}")
    print(f"auctionrules: {why}: building plain Python (the same engine, slower)",
          file=sys.stderr)
    return []


def _missing_toolchain() -> str | None:
    """Why no extension can be built here, found before mypyc's minutes of work."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r} is not on the PATH)"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return None if headers.is_file() else f"the Python headers are missing ({headers})"


def _extensions() -> list[object]:
    words = [arg for arg in sys.argv[1:] if arg.isidentifier()]
    if _setting() == "off" or (words and all(word in METADATA_ONLY for word in words)):
        return []
    missing = _missing_toolchain()
    if missing is not None:
        return _plain(missing)
    try:
        from mypyc.build import mypycify  # noqa: PLC0415 - needed only when compiling
    except ImportError:
        return _plain("mypyc is not installed")
    os.chdir(SRC)  # (mypyc names the modules by their paths)
    try:
        return list(mypycify(
            ["--config-file", str(ROOT / "pyproject.toml"), *compiled_modules()],
            opt_level="3", multi_file=True, target_dir=str(ROOT / "build" / "mypyc"),
        ))
    except (Exception, SystemExit) as error:  # (mypyc exits on a type error)
        return _plain(f"mypyc failed ({error})")
    finally:
        os.chdir(ROOT)


class BuildExt(build_ext):
    """Build the extensions; where the compiler fails, fall back to plain Python
    (:func:`_plain`) rather than strand the install."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            for extension in self.extensions:  # (nothing half-built is installed)
                Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)
            compiler = getattr(self.compiler, "compiler_so", None) or ["the C compiler"]
            _plain(f"{compiler[0]} failed ({type(error).__name__})")


class BuildPy(build_py):
    """Copy the bundled ``variants/`` and ``schemas/`` into the package."""

    def run(self) -> None:
        super().run()
        for name in ("variants", "schemas"):
            target = Path(self.build_lib) / "auctionrules" / name
            shutil.copytree(ROOT / name, target, dirs_exist_ok=True)


if __name__ == "__main__":
    setup(
        ext_modules=_extensions(),
        cmdclass={"build_py": BuildPy, "build_ext": BuildExt},
        options={"build_ext": {"parallel": os.cpu_count() or 1}},
    )
