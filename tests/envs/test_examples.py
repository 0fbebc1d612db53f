"""The examples under docs/examples run, on a tiny budget."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("matplotlib")

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def example(name: str) -> dict[str, object]:
    return runpy.run_path(str(EXAMPLES / name), run_name="example")


def test_policy_gradient_example_trains_and_plots(tmp_path: Path) -> None:
    main = example("train_policy_gradient.py")["main"]
    picture = tmp_path / "curve.png"
    result: dict[str, Any] = main(["--episodes", "40", "--eval", "6", "--eval-every", "20",
                                   "--players", "3", "--plot", str(picture)])  # type: ignore[operator]
    assert [episodes for episodes, _ in result["curve"]] == [0, 20, 40]
    assert result["opponents"] == "heuristic"
    shares = [share for _, share in result["curve"]]
    shares += [result["baseline"], result["lowest"], result["greedy"]]
    assert all(0.0 <= share <= 1.0 for share in shares)
    assert 0.0 < result["baseline"] < 1 / 3  # a random seat gets some money, less than heuristics
    assert picture.stat().st_size > 1000


def test_ismcts_example_plays_the_club_variant() -> None:
    main = example("ismcts_custom_variant.py")["main"]
    results = main(["--games", "1", "--simulations", "2"])  # type: ignore[operator]
    assert len(results) == 1 and len(results[0]) == 3
