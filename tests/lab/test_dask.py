"""The Dask backend on a small local cluster: the very games of ``--jobs 1``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from auctionrules.lab import Plan, Simulation
from auctionrules.lab.distributed import DaskBackend

pytest.importorskip("distributed", reason="the dask extra is not installed")


def test_local_cluster_gives_the_summary_of_one_job(tmp_path: Path) -> None:
    plan = Plan.make("hig-1992-en", 4, "random,random:bid_chance=0.3,random,random", seed=11)
    serial_out, dask_out = tmp_path / "serial.jsonl", tmp_path / "dask.jsonl"
    serial = Simulation(plan, 150, out=serial_out).summary()
    backend = DaskBackend("local", local_workers=2)
    distributed = Simulation(plan, 150, backend, out=dask_out).summary()
    assert backend.workers == 2
    assert distributed.to_dict() == serial.to_dict()
    assert dask_out.read_bytes() == serial_out.read_bytes()


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "auctionrules", "simulate", "hig-1992-en", "-g", "3", "-q",
         "--dask", "tcp://127.0.0.1:9"],
        capture_output=True, text=True, check=False, timeout=120,
    )
    assert done.returncode == 2
    assert "cannot reach the Dask scheduler tcp://127.0.0.1:9" in done.stderr
    assert "Traceback" not in done.stderr
