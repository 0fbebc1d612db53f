"""The OpenSpiel game: OpenSpiel's random simulation test, and its Python IS-MCTS playing."""

from __future__ import annotations

import runpy
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from auctionrules.envs import openspiel
from auctionrules.envs.openspiel import ModernArtState, load

from .support import bundled, configurations

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"

#: Every bundled variant at every player count; the optional modules at the smallest.
CONFIGS = [
    (variant, modules, players)
    for variant, modules, players in configurations()
    if not modules or players == min(bundled(variant, modules).supported_players)
]


@pytest.mark.parametrize("variant,modules,players", CONFIGS)
def test_random_sim(variant: str, modules: tuple[str, ...], players: int) -> None:
    game = load(variant, players, modules, bid_buckets=6)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def dealt(game: pyspiel.Game, seed: int = 3) -> ModernArtState:
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == 1024
    state.apply_action(seed)
    return state


def test_registered_with_its_parameters() -> None:
    game = pyspiel.load_game(openspiel.NAME, {"variant": "taiwan", "players": 3, "deals": 8})
    assert game.num_players() == 3
    assert game.max_chance_outcomes() == 8
    assert game.get_type().parameter_specification["bid_buckets"] == openspiel.DEFAULTS[
        "bid_buckets"]
    state = dealt(load("hig-1992-en", 4))
    assert state.observation_tensor(0) == pytest.approx(
        state._shared.table.observation(state.engine_game, 0).tolist())


def test_the_chance_outcome_is_the_engines_seed() -> None:
    state = dealt(load("cmon-2017", 4), seed=17)
    game = state.engine_game
    assert game is not None and game.seed == 17
    assert state.history() == [17]


def test_clones_are_independent() -> None:
    state = dealt(load("hig-1992-fr", 4))
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert twin.engine_game is not state.engine_game
    assert len(twin.engine_game.log) == len(state.engine_game.log) + 1  # type: ignore[union-attr]
    assert str(twin) != str(state)


def test_resampling_keeps_what_the_player_knows() -> None:
    game = load("hig-1992-fr", 4)
    state = dealt(game)
    rng = np.random.default_rng(0)
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    changed = 0
    for k in range(5):
        sample = state.resample_from_infostate(player, lambda k=k: (k + 0.5) / 5)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_string(player) == state.observation_string(player)
        assert sample.legal_actions() == state.legal_actions()
        others = [h for s, h in enumerate(sample.engine_game.hands) if s != player]
        changed += others != [h for s, h in enumerate(state.engine_game.hands) if s != player]
    assert changed >= 4
    other = (player + 1) % 4
    assert state.information_state_string(other) != state.information_state_string(player)


def test_ismcts_plays_a_whole_game_against_random_bots() -> None:
    game = load("hig-1992-fr", 3, bid_buckets=4)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=4,
                           random_state=rng)
    resampled = []
    original = ModernArtState.resample_from_infostate

    def counting(self: ModernArtState, player: int, sampler: object) -> ModernArtState:
        resampled.append(player)
        return original(self, player, sampler)

    # the game loop of the documentation's example: the bot as seat 0, random seats elsewhere
    play = runpy.run_path(str(EXAMPLES / "ismcts_custom_variant.py"), run_name="example")["play"]
    ModernArtState.resample_from_infostate = counting  # type: ignore[method-assign]
    try:
        returns = play(game, bot, rng)
    finally:
        ModernArtState.resample_from_infostate = original  # type: ignore[method-assign]
    assert resampled and set(resampled) == {0}
    assert sorted(returns) in ([-1.0, -1.0, 1.0], [-1.0, 1.0, 1.0], [1.0, 1.0, 1.0],
                                       [-1.0, -1.0, -1.0])


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="reward"):
        load(reward="points")


def test_random_sim_with_money_share_rewards() -> None:
    game = load("boardpia-modern", 2, reward="share")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = dealt(game)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert sum(state.returns()) == pytest.approx(1.0)
