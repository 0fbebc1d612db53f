"""The docs' speed tables are the benchmark scripts' recorded figures: rerunning
``benchmarks/rl_bench.py --record`` changes both, and a page edited by hand (or a
record without its page) fails here."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from auctionrules.cli import main

ROOT = Path(__file__).resolve().parents[2]


def rl_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rl_bench", ROOT / "benchmarks" / "rl_bench.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pettingzoo_page_shows_the_recorded_figures() -> None:
    bench = rl_bench()
    record = json.loads(bench.RECORD.read_text(encoding="utf-8"))
    page = bench.PAGE.read_text(encoding="utf-8")
    expected = f"{bench.START}\n\n{bench.table_rst(record)}\n\n{bench.END}"
    assert expected in page, (
        "docs/rl-pettingzoo.rst and benchmarks/rl_bench.json differ: run "
        "python benchmarks/rl_bench.py --record")
    assert {row["players"] for row in record["rows"]} == {3, 4, 5}


def test_recording_writes_the_table_into_the_page(tmp_path: Path) -> None:
    bench = rl_bench()
    page = tmp_path / "page.rst"
    page.write_text(f"Speed\n\n{bench.START}\n\nold table\n\n{bench.END}\n\nAPI\n",
                    encoding="utf-8")
    record = {"date": "2026-01-01", "build": "compiled", "variant": "hig-1992-fr",
              "games": 10, "repeats": 1, "load": 1.0, "cores": 2,
              "rows": [{"players": 4, "env": 1000, "raw_env": 900, "gymnasium": 500,
                        "refsim": 100000}]}
    bench.write_page(record, page)
    text = page.read_text(encoding="utf-8")
    assert "old table" not in text and "1,000" in text and "0.010" in text
    assert text.startswith("Speed\n") and text.endswith("\n\nAPI\n")


def test_auctionrules_bench_times_the_environments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "10", "--players", "3", "--repeats", "1",
                 "--table", "none"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for name in ("PettingZoo env() step", "Gymnasium step"):
        (row,) = [line for line in lines if name in line and line.split()[0] == "3"]
        assert "steps/s" in row
        assert float(row.split(name)[1].split()[0]) > 0
    assert main(["bench", "--games", "3", "--players", "3", "--repeats", "1", "--table",
                 "none", "--no-envs"]) == 0
    assert "Gymnasium step" not in capsys.readouterr().out
