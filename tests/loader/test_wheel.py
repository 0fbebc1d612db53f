"""The wheel carries the variants and the schema: validate from outside the checkout.

Slow: it builds the wheel with ``pip wheel`` (plain Python, ``AUCTIONRULES_COMPILE=0``:
what is tested here is what the wheel carries, not the compiled engine),
installs it without dependencies into a fresh venv whose path ends with this
environment's site-packages (attrs, PyYAML, jsonschema), and runs the
console script from an empty directory, where only the installed package can
provide ``variants/`` and ``schemas/``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["AUCTIONRULES_COMPILE"] = "0"
    return subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=600, check=False, env=env
    )


@pytest.mark.slow
def test_wheel_installs_and_validates_a_bundled_variant(repo_root: Path, tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    built = run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "-w", str(wheels), str(repo_root)],
        tmp_path,
    )
    if built.returncode != 0:  # no recent setuptools in this environment: build it isolated
        built = run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(wheels),
             str(repo_root)],
            tmp_path,
        )
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = wheels.glob("auctionrules-*.whl")
    venv = tmp_path / "venv"
    made = run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp_path)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    # The dependencies come from this environment: its site-packages go on the new
    # venv's path *after* the venv's own, so the installed wheel wins over the
    # checkout (a path added by a .pth file has its own .pth files ignored).
    site_dir = run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                   tmp_path).stdout.strip()
    ours = [p for p in sys.path if p.endswith("site-packages")]
    Path(site_dir, "parent-env.pth").write_text("\n".join(ours) + "\n", encoding="utf-8")
    installed = run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
         "--no-index", "--ignore-installed", str(wheel)],
        tmp_path,
    )
    assert installed.returncode == 0, installed.stderr[-3000:]
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    where = run([str(python), "-c", "import auctionrules; print(auctionrules.__file__)"], outside)
    assert str(venv) in where.stdout, where.stdout + where.stderr
    bundled = run(
        [str(python), "-c",
         "from auctionrules import resources; print(resources.variants_dir())"],
        outside,
    )
    assert str(venv) in bundled.stdout, bundled.stdout + bundled.stderr
    variant = Path(bundled.stdout.strip()) / "hig-1992-en.yaml"
    script = venv / "bin" / "auctionrules"
    checked = run([str(script), "validate", str(variant)], outside)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.strip() == f"{variant}: valid"
    shown = run([str(script), "show", "hig-1992-fr"], outside)
    assert shown.returncode == 0, shown.stderr
    assert "split-equally" in shown.stdout
