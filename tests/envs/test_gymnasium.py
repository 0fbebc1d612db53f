"""The single-seat Gymnasium environment, checked with Gymnasium's own ``check_env``."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env

from auctionrules.envs.gymnasium import ENV_ID, ModernArtEnv, nearest_legal

from .support import configurations, secrets_changed


def checked(environment: Any) -> None:
    """Gymnasium's ``check_env``, any warning an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(environment)


@pytest.mark.parametrize("variant,modules,players", configurations()[::3])
def test_check_env(variant: str, modules: tuple[str, ...], players: int) -> None:
    checked(gymnasium.make(ENV_ID, variant=variant, players=players, modules=modules,
                           seat=players - 1, bid_buckets=5).unwrapped)


@pytest.mark.parametrize("options", [
    {"observation": "dict"}, {"illegal": "nearest"}, {"reward": "share", "render_mode": "ansi"},
    {"reward": "rank", "seat": "random", "opponents": "random"},
    {"bid_amounts": "absolute", "limit_actions": False, "render_mode": "human"},
])
def test_check_env_with_options(options: dict[str, str]) -> None:
    checked(gymnasium.make(ENV_ID, players=3, **options).unwrapped)


def test_observation_bounds_are_finite_and_hold() -> None:
    """Every part's top comes from the rules (money from the most a player can hold,
    counts from the deck): finite, and never passed in a played game."""
    environment = gymnasium.make(ENV_ID, players=3, opponents="heuristic")
    space = environment.observation_space
    assert isinstance(space, gymnasium.spaces.Box)
    assert np.isfinite(space.high).all() and (space.high > 0).all()
    for seed in range(3):
        observation, info = environment.reset(seed=seed)
        done = False
        rng = np.random.default_rng(seed)
        while not done:
            assert space.contains(observation)
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            observation, _, done, _, info = environment.step(action)
        assert space.contains(observation)


def test_made_by_its_id_with_the_documented_import_or_none() -> None:
    """``import auctionrules.envs.gymnasium`` registers the id; with no import at all,
    Gymnasium's ``module:id`` form imports the module itself (Gymnasium 1.x has no
    entry-point plugins: an installed package cannot register ids unimported)."""
    code = (
        "import gymnasium\n"
        "env = gymnasium.make('auctionrules.envs.gymnasium:auctionrules/ModernArt-v0',"
        " players=3)\n"
        "env.reset(seed=1)\n"
        "print(type(env.unwrapped).__name__)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "ModernArtEnv"


def test_registered_id_makes_the_environment() -> None:
    environment = gymnasium.make(ENV_ID, players=5, seat=2, opponents="random:bid_chance=0.2")
    observation, info = environment.reset(seed=0)
    unwrapped = environment.unwrapped
    assert isinstance(unwrapped, ModernArtEnv)
    assert observation.shape == environment.observation_space.shape
    assert np.array_equal(info["action_mask"], unwrapped.action_masks().astype(np.int8))
    assert unwrapped.game is not None and unwrapped.game.to_act()[0] == 2


def play_episode(environment: ModernArtEnv, seed: int) -> tuple[float, int]:
    """Random legal play of the learning seat; the final reward and the number of steps."""
    rng = np.random.default_rng(seed)
    environment.reset(seed=seed)
    steps, done, reward = 0, False, 0.0
    while not done:
        action = int(rng.choice(np.flatnonzero(environment.action_masks())))
        _, reward, done, truncated, info = environment.step(action)
        assert not truncated and not info["illegal"]
        steps += 1
    return float(reward), steps


def test_episodes_end_with_the_seats_result() -> None:
    environment = ModernArtEnv(players=4, seat=1)
    for seed in range(3):
        reward, steps = play_episode(environment, seed)
        outcome = environment.game.outcome  # type: ignore[union-attr]
        assert outcome is not None and steps > 10
        assert reward == (1.0 if 1 in outcome.winners else -1.0)


def test_seeds_fix_the_episode() -> None:
    a, b = ModernArtEnv(players=3), ModernArtEnv(players=3)
    play_episode(a, 5)
    play_episode(b, 5)
    assert a.game.record() == b.game.record()  # type: ignore[union-attr]


def test_an_illegal_index_plays_the_nearest_legal_one_when_asked() -> None:
    environment = ModernArtEnv(players=4, illegal="nearest")
    environment.reset(seed=1)
    mask = environment.action_masks()
    illegal = int(np.flatnonzero(~mask)[-1])
    expected = nearest_legal(mask, illegal)
    twin = ModernArtEnv(players=4, illegal="nearest")
    twin.reset(seed=1)
    _, _, _, _, info = environment.step(illegal)
    twin.step(expected)
    assert info["illegal"] is True
    assert environment.game.record() == twin.game.record()  # type: ignore[union-attr]
    assert nearest_legal(np.array([0, 1, 0, 1, 0]), 2) == 1
    assert nearest_legal(np.array([0, 1, 0, 1, 0]), 4) == 3


def test_an_illegal_index_ends_the_episode_with_the_penalty() -> None:
    environment = ModernArtEnv(players=4, illegal="penalty", illegal_penalty=-5.0)
    environment.reset(seed=1)
    illegal = int(np.flatnonzero(~environment.action_masks())[0])
    _, reward, terminated, _, info = environment.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-5.0, True, True)
    with pytest.raises(RuntimeError, match="reset"):
        environment.step(0)


def test_opponents_one_per_other_seat() -> None:
    environment = ModernArtEnv(players=3, opponents=["random:bid_chance=0.1", "random"])
    assert [str(s) for s in environment.opponents] == ["random:bid_chance=0.1", "random"]
    with pytest.raises(ValueError, match="2 opponents for 3 other seats"):
        ModernArtEnv(players=4, opponents=["random", "random"])
    with pytest.raises(ValueError, match="unknown agent"):
        ModernArtEnv(players=4, opponents="nobody")


def test_bad_options_are_refused() -> None:
    for options in ({"illegal": "ignore"}, {"reward": "x"}, {"observation": "image"},
                    {"seat": 4}, {"render_mode": "rgb_array"}, {"seat": "any"}):
        with pytest.raises(ValueError):
            ModernArtEnv(players=4, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("observation", ["flat", "dict"])
def test_the_seat_sees_nothing_it_may_not_see(observation: str) -> None:
    """Two games that differ only in what the learning seat may not see (the others'
    hands, the dummy hands, the deck, others' sealed bids, hidden cash) give it equal
    observations."""
    rng = random.Random(3)
    for variant, players in (("hig-1992-en", 4), ("cmon-2017", 3), ("boardpia-modern", 2)):
        environment = ModernArtEnv(variant, players, seat=1, observation=observation)
        _, info = environment.reset(seed=players)
        done, steps = False, 0
        while not done:
            game = environment.game
            assert game is not None
            mine = environment._observation()
            environment.game = secrets_changed(game, 1, rng)
            theirs = environment._observation()
            environment.game = game
            if observation == "flat":
                assert np.array_equal(mine, theirs), steps
            else:
                assert all(np.array_equal(mine[k], theirs[k]) for k in mine), steps
            action = int(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
            _, _, done, _, info = environment.step(action)
            steps += 1


def test_the_default_illegal_policy_is_the_penalty_and_raise_leaves_the_game() -> None:
    from auctionrules.engine import IllegalActionError

    environment = ModernArtEnv(players=4)
    assert environment.illegal == "penalty"
    raising = ModernArtEnv(players=4, illegal="raise")
    raising.reset(seed=1)
    before = raising.game.record()  # type: ignore[union-attr]
    illegal = int(np.flatnonzero(~raising.action_masks())[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        raising.step(illegal)
    assert raising.game.record() == before  # type: ignore[union-attr]


def test_the_final_step_gives_money_ranks_and_a_mask_that_is_never_empty() -> None:
    """Under auto-reset the action after the end is ignored, but code still picks one
    from the final mask: it marks ``pass`` alone."""
    environment = ModernArtEnv(players=4, reward="rank", opponents="random")
    _, info = environment.reset(seed=2)
    done = False
    while not done:
        _, reward, done, _, info = environment.step(int(np.flatnonzero(info["action_mask"])[0]))
    outcome = environment.game.outcome  # type: ignore[union-attr]
    assert info["money"] == list(outcome.cash) and len(info["ranks"]) == 4
    assert info["rank"] == info["ranks"][0] and min(info["ranks"]) == 1
    assert reward == 1.0 - 2.0 * (info["rank"] - 1) / 3
    assert np.flatnonzero(info["action_mask"]).tolist() == [environment.table.encoding.pass_]
    assert environment.action_masks().sum() == 1


def test_auto_reset_vector_envs_keep_a_legal_first_index() -> None:
    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: ModernArtEnv(players=3, opponents="random") for _ in range(2)])
    _, infos = envs.reset(seed=4)
    episodes = 0
    for _ in range(400):
        actions = np.array([int(np.flatnonzero(m)[0]) for m in infos["action_mask"]])
        _, _, terminated, _, infos = envs.step(actions)
        episodes += int(terminated.sum())
    assert episodes >= 1


def test_opponents_are_agents_factories_specs_or_a_pool() -> None:
    from auctionrules.engine import RandomAgent
    from auctionrules.envs.opponents import OpponentPool

    made: list[str] = []

    def factory(seed: str) -> RandomAgent:
        made.append(seed)
        return RandomAgent(seed)

    mixed = ModernArtEnv(players=4, opponents=[RandomAgent(1), factory, "heuristic"])
    play_episode(mixed, 3)
    assert made and made[0].endswith("/2")
    with pytest.raises(TypeError, match="an opponent is"):
        ModernArtEnv(players=4, opponents=[3])
    pool = OpponentPool(["random", "heuristic"], weights=[1, 3])
    environment = ModernArtEnv(players=4, opponents=pool, seat="random")
    drawn = set()
    seats = set()
    for seed in range(12):
        environment.reset(seed=seed)
        drawn.update(type(a).__name__ for a in environment.agents.values())
        seats.add(environment.seat)
        assert environment.seat not in environment.agents
    assert drawn == {"RandomAgent", "HeuristicAgent"} and len(seats) > 1
    pool.add(factory)
    assert len(pool) == 3


def test_self_play_with_a_pool_of_policy_snapshots_repeats_by_seed() -> None:
    from auctionrules.envs.encoding import PolicyAgent
    from auctionrules.envs.opponents import OpponentPool

    def lowest(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(np.flatnonzero(mask)[0])

    records = []
    for _ in range(2):
        pool = OpponentPool(["heuristic"])
        pool.add(lambda seed: PolicyAgent(lowest))
        environment = ModernArtEnv(players=3, opponents=pool, seat="random")
        play_episode(environment, 9)
        records.append(environment.game.record())  # type: ignore[union-attr]
    assert records[0] == records[1]


def test_limit_actions_let_the_seat_say_its_limit_once() -> None:
    """With the limit buckets, a seat that says its limit in an open auction sees it in
    ``own_limit`` and is not asked again in that lot: the engine bids for it."""
    environment = ModernArtEnv("hig-1992-en", 4, opponents="heuristic")
    enc = environment.table.encoding
    _, info = environment.reset(seed=1)
    said: list[object] = []
    done = False
    while not done:
        mask = info["action_mask"]
        view = environment.game.view(environment.seat)  # type: ignore[union-attr]
        part = view.lot_part
        lot = None if part is None else (part.laid.cards, part.laid.leader, view.round,
                                         len(view.table) + sum(map(len, view.owned)))
        assert lot is None or lot not in said  # (never asked again in that lot)
        limits = np.flatnonzero(mask[enc.limit : enc.limit + enc.buckets])
        if limits.size:
            action = enc.limit + int(limits[-1])
            observation = environment.table.observation(
                environment.game, environment.seat)  # type: ignore[arg-type]
            assert enc.split(observation)["own_limit"][0] == 0
            said.append(lot)
            _, _, done, _, info = environment.step(action)
            continue
        _, _, done, _, info = environment.step(int(np.flatnonzero(mask)[0]))
    assert said
