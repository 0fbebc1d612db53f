"""The learned agent: numpy inference over the shared encoding, weights saved with what
they were trained for, refused for another game; its training script runs."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from auctionrules.agents import make_agent
from auctionrules.engine import Game
from auctionrules.envs.encoding import Encoding
from auctionrules.envs.learned import LearnedAgent, Network, load, make, save

from .support import bundled

ROOT = Path(__file__).resolve().parents[2]


def network_for(variant: str, players: int, seed: int = 0) -> tuple[Network, dict[str, str]]:
    enc = Encoding(Game.new(bundled(variant), players=players).rules)
    network = Network.new([enc.obs_size, 16, enc.size], np.random.default_rng(seed))
    return network, {"variant": variant, "players": str(players), "buckets": "12",
                     "amounts": "range", "limits": "True"}


def test_saved_weights_play_legal_games_and_repeat(tmp_path: Path) -> None:
    network, meta = network_for("hig-1992-en", 4)
    path = tmp_path / "w.npz"
    save(path, network, meta)
    loaded, notes = load(path)
    assert notes["variant"] == "hig-1992-en" and notes["players"] == "4"
    records = []
    for _ in range(2):
        agent = make(seed=1, weights=str(path), temperature=1.0)
        game = Game.new(bundled("hig-1992-en"), players=4, seed=3)
        agents = [agent, *(make_agent("heuristic", seed=s) for s in range(3))]
        while not game.is_over:
            seat = game.to_act()[0]
            game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
        records.append(game.record())
    assert records[0] == records[1]
    x = np.ones(network.layers[0][0].shape[0], dtype=np.float32)
    assert np.array_equal(loaded.logits(x), network.logits(x))


def test_weights_for_another_game_are_refused() -> None:
    network, meta = network_for("hig-1992-en", 4)
    game = Game.new(bundled("hig-1992-en"), players=3, seed=1)
    with pytest.raises(ValueError, match="for hig-1992-en at 4 players"):
        LearnedAgent(network, meta).act(game.view(0), game.legal(0))
    with pytest.raises(FileNotFoundError, match=r"rl_train\.py"):
        make(weights=str(ROOT / "no-such.npz"))


def test_the_training_script_trains_and_writes_weights(tmp_path: Path) -> None:
    import runpy
    import sys

    out = tmp_path / "trained.npz"
    argv = sys.argv
    sys.argv = ["rl_train.py", "--games", "6", "--epochs", "1", "--hidden", "8",
                "--pg-games", "3", "--eval-games", "2", "--out", str(out)]
    try:
        runpy.run_path(str(ROOT / "benchmarks" / "rl_train.py"), run_name="__main__")
    finally:
        sys.argv = argv
    network, meta = load(out)
    assert meta["imitation_games"] == "6" and meta["pg_games"] == "3"
    assert "against_heuristic" in meta
    assert network.layers[0][0].shape[1] == 8


def test_the_shipped_weights_play_hig_1992_en_at_four() -> None:
    """The weights shipped with the package: trained for hig-1992-en at 4 players, they
    play a whole game beside three heuristic players, greedily and legally."""
    agent = make(seed=2)
    assert agent.meta["variant"] == "hig-1992-en" and agent.meta["players"] == "4"
    assert agent.meta["against_heuristic"].startswith("103/500")
    game = Game.new(bundled("hig-1992-en"), players=4, seed=11)
    agents = [make_agent("heuristic", seed=s) for s in range(3)]
    agents.insert(1, agent)
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
    assert game.outcome is not None
