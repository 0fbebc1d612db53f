"""``benchmarks/train.py``, the ``learned`` agent's training: its gradients are the
loss's, and its stages chain from a searched game to weights the agent plays."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from auctionrules.agents import make_agent
from auctionrules.engine import Game
from auctionrules.loader import load_ruleset

np = pytest.importorskip("numpy")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "train.py"


def _train() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_gradients_are_the_losss() -> None:
    """Backpropagation against finite differences of -log(sum of the target's
    probabilities), for every parameter kind, the prior's weight included."""
    train = _train()
    rng = np.random.default_rng(4)
    rows, inputs, heads = 6, 7, 5
    x = rng.normal(size=(rows, inputs))
    prior = (rng.random((rows, heads)) < 0.3).astype(float)
    mask = np.ones((rows, heads))
    mask[:, 3] = 0.0
    target = np.zeros((rows, heads))
    target[np.arange(rows), rng.integers(0, 3, rows)] = 1.0
    target[0, 4] = 1.0  # (two choices naming the same move)
    params = [rng.normal(size=(inputs, 4)), rng.normal(size=4), rng.normal(size=(4, heads)),
              rng.normal(size=heads), np.array([1.5])]

    def loss() -> float:
        return train._score(params, x, prior, mask, target)[0]

    grads = train._gradients(params, x, prior, mask, target)
    for p, g in zip(params, grads, strict=True):
        for index in [(0,) * p.ndim, tuple(s - 1 for s in p.shape)]:
            keep = p[index]
            p[index] = keep + 1e-6
            up = loss()
            p[index] = keep - 1e-6
            down = loss()
            p[index] = keep
            assert g[index] == pytest.approx((up - down) / 2e-6, rel=1e-4, abs=1e-7)


def test_the_wilson_interval_holds_the_rate() -> None:
    train = _train()
    low, high = train.wilson(350, 1000)
    assert low < 0.35 < high
    assert (round(low, 3), round(high, 3)) == (0.321, 0.380)


@pytest.mark.slow
def test_a_searched_game_becomes_weights_the_agent_plays(tmp_path: Path) -> None:
    train = _train()
    records = tmp_path / "records.jsonl"
    train.collect(records, games=1, seed=1, iterations=1)
    train.collect(records, games=1, seed=1, iterations=1)  # (resumed: nothing more to play)
    assert train.count_lines(records) == 1
    train.dataset(records, tmp_path / "dataset.npz")
    with np.load(tmp_path / "dataset.npz") as loaded:
        data = {key: loaded[key] for key in loaded.files}
    assert len(data["x"]) > 10
    assert (data["target"] * data["mask"]).sum(axis=1).min() >= 1
    args = train.argparse.Namespace(epochs=2, seed=1, lr=1e-3, decay=1e-4, members=2,
                                    decides=",".join(train.DECIDES))
    arrays = train.ensemble(data, 1, (8,), args)
    assert arrays["w0"].shape[0] == 2
    assert all(np.isfinite(array).all() for array in arrays.values())
    weights = tmp_path / "weights.npz"
    np.savez_compressed(weights, **arrays)
    agents = [make_agent("learned", seed=0, weights=str(weights))] + [
        make_agent("heuristic", seed=s) for s in (1, 2, 3)]
    game = Game.new(load_ruleset("hig-1992-en"), players=4, seed=9)
    game.playout(agents)
    assert game.outcome is not None
