"""The PettingZoo AEC environment, checked with PettingZoo's own test functions."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, seed_test

from auctionrules.engine import IllegalActionError
from auctionrules.envs.pettingzoo import env, parallel_env, raw_env

from .support import configurations, secrets_changed

CONFIGS = configurations()


def play_out(
    environment: raw_env, seed: int, finals: dict[str, dict[str, object]] | None = None
) -> dict[str, float]:
    """Play random legal indices to the end; the total reward of each agent (and in
    ``finals`` the info each agent gets at its end)."""
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, info = environment.last()
        totals[agent] += reward
        if termination or truncation:
            if finals is not None:
                finals[agent] = info
            environment.step(None)
            continue
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


@pytest.mark.parametrize("variant,modules,players", CONFIGS)
def test_api(variant: str, modules: tuple[str, ...], players: int) -> None:
    """``api_test`` stops when the game ends (60 to 150 cycles; 400 is a bound, see
    :func:`test_games_end_within_the_cycles_of_the_api_test`): one game per
    configuration, three for the default one (some 4,000 cycles in all)."""
    seeds = range(3) if (variant, modules, players) == ("hig-1992-fr", (), 4) else range(1)
    for seed in seeds:
        environment = env(variant=variant, players=players, modules=modules, bid_buckets=6)
        environment.action_space("player_0").seed(seed)  # shared by every agent
        with warnings.catch_warnings():
            # as for PettingZoo's classic games: dict observations are the documented form
            warnings.filterwarnings("ignore", message="Observation")
            api_test(environment, num_cycles=400)


@pytest.mark.parametrize("variant,modules,players", CONFIGS[::5])
def test_games_end_within_the_cycles_of_the_api_test(
    variant: str, modules: tuple[str, ...], players: int
) -> None:
    environment = env(variant=variant, players=players, modules=modules, bid_buckets=6)
    play_out(environment, seed=1)
    assert environment.game is not None and environment.game.is_over
    assert len(environment.game.log) < 400 * players // 2


@pytest.mark.parametrize("variant,modules,players", CONFIGS)
def test_seed(variant: str, modules: tuple[str, ...], players: int) -> None:
    seed_test(lambda: env(variant=variant, players=players, modules=modules), num_cycles=60)


@pytest.mark.parametrize("variant,modules,players", CONFIGS[::7])
def test_parallel_api(variant: str, modules: tuple[str, ...], players: int) -> None:
    environment = parallel_env(variant=variant, players=players, modules=modules)
    for agent in environment.possible_agents:
        environment.action_space(agent).seed(players)
    parallel_api_test(environment, num_cycles=400 * players)


def test_spaces_are_the_same_objects() -> None:
    environment = env(players=3)
    assert environment.observation_space("player_0") is environment.observation_space("player_2")
    assert environment.action_space("player_0") is environment.action_space("player_1")
    size = environment.table.encoding.size
    assert environment.action_space("player_0").n == size


@pytest.mark.parametrize("scheme", ["win", "share", "money-share", "rank"])
def test_rewards_come_at_the_end(scheme: str) -> None:
    environment = env(players=4, reward=scheme)
    infos: dict[str, dict[str, object]] = {}
    totals = play_out(environment, seed=4, finals=infos)
    outcome = environment.game.outcome  # type: ignore[union-attr]
    assert outcome is not None
    values = [totals[f"player_{s}"] for s in range(4)]
    assert infos["player_0"]["money"] == list(outcome.cash)
    ranks: list[int] = infos["player_0"]["ranks"]  # type: ignore[assignment]
    assert [infos[f"player_{s}"]["rank"] for s in range(4)] == ranks
    assert all(ranks[s] == 1 for s in outcome.winners) and max(ranks) <= 4
    if scheme == "win":
        assert values == [1.0 if s in outcome.winners else -1.0 for s in range(4)]
    elif scheme == "rank":
        assert values == [1.0 - 2.0 * (r - 1) / 3 for r in ranks]
        assert sorted(ranks) == sorted(1 + sum(c > own for c in outcome.cash)
                                       for own in outcome.cash)  # (no tie in this game)
    else:
        assert values == pytest.approx([c / sum(outcome.cash) for c in outcome.cash])
        assert sum(values) == pytest.approx(1.0)


def test_seeded_resets_replay_the_same_game() -> None:
    a, b = env(players=5), env(players=5)
    play_out(a, seed=9)
    play_out(b, seed=9)
    assert a.game.record() == b.game.record()  # type: ignore[union-attr]


def test_sealed_bids_are_asked_one_seat_at_a_time() -> None:
    environment = raw_env(players=3)
    environment.reset(seed=0)
    game = environment.game
    assert game is not None
    seen_sealed = False
    rng = np.random.default_rng(0)
    while not game.is_over:
        lot = game.state.lot
        agent = environment.agent_selection
        masks = [environment.observe(a)["action_mask"] for a in environment.possible_agents]
        # only the selected agent has legal moves, even when several seats must bid
        assert [bool(m.any()) for m in masks] == [a == agent for a in environment.agents]
        if lot is not None and lot.sealed and len(game.to_act()) > 1:
            seen_sealed = True
            assert agent == f"player_{game.to_act()[0]}"
        mask = masks[environment.possible_agents.index(agent)]
        environment.step(int(rng.choice(np.flatnonzero(mask))))
    assert seen_sealed


def test_illegal_index_ends_the_game_under_env_and_raises_under_raw_env() -> None:
    raw = raw_env(players=4)
    raw.reset(seed=2)
    mask = raw.observe(raw.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = raw.game.snapshot()  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError):
        raw.step(illegal)
    assert raw.game.snapshot() == before  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="not in the action space"):
        raw.step(raw.table.encoding.size)

    wrapped = env(players=4)
    wrapped.reset(seed=2)
    cheat = wrapped.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(illegal)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards == {a: (-1.0 if a == cheat else 0.0) for a in wrapped.agents}


def test_calls_before_reset_are_refused() -> None:
    environment = env()
    with pytest.raises(RuntimeError, match="reset"):
        environment.step(0)


def test_ansi_render_is_the_readable_log() -> None:
    """The log speaks the ruleset's language (the default variant is the French book's)."""
    environment = env(players=3, render_mode="ansi")
    play_out(environment, seed=1)
    text = environment.render()
    assert text is not None
    assert text.splitlines()[0].startswith("Manche 1\u00a0: cartes distribuées")
    assert text.rstrip().endswith(")") and "Fin de la partie" in text
    with pytest.warns(UserWarning):
        assert env(players=3).render() is None


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="reward"):
        env(reward="points")
    with pytest.raises(ValueError, match="render_mode"):
        env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="bid_buckets"):
        env(bid_buckets=1)
    with pytest.raises(Exception, match="does not support 7 players"):
        env(players=7)


def test_an_agent_sees_nothing_it_may_not_see() -> None:
    """Two games that differ only in what an agent may not see (the others' hands, the
    dummy hands, the deck, others' sealed bids, hidden cash) give it equal observations."""
    rng = random.Random(5)
    for variant, players in (("hig-1992-en", 4), ("cmon-2017", 3), ("boardpia-modern", 2)):
        environment = raw_env(variant=variant, players=players)
        environment.reset(seed=players)
        moves = np.random.default_rng(players)
        for agent in environment.agent_iter():
            game = environment.game
            assert game is not None
            if game.is_over:
                break
            for other in environment.possible_agents:
                seat = environment.possible_agents.index(other)
                mine = environment.observe(other)
                environment.game = secrets_changed(game, seat, rng)
                theirs = environment.observe(other)
                environment.game = game
                assert np.array_equal(mine["observation"], theirs["observation"])
                assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            mask = environment.observe(agent)["action_mask"]
            environment.step(int(moves.choice(np.flatnonzero(mask))))


def test_render_test_passes_for_ansi_and_human(capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's ``render_test``: ``ansi`` returns the log, ``human`` prints its new
    lines and returns ``None``."""
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: env(players=3, render_mode=render_mode))
    assert capsys.readouterr().out.startswith("Manche 1")
    human = env(players=3, render_mode="human")
    human.reset(seed=5)
    for _ in range(30):
        human.step(int(np.flatnonzero(human.observe(human.agent_selection)["action_mask"])[0]))
        assert human.render() is None
    assert human.render() is None
    printed = capsys.readouterr().out
    assert printed == human.table.log_text(human.game) + "\n"  # type: ignore[arg-type]


def test_state_is_every_seats_observation_for_a_centralised_critic() -> None:
    environment = env(players=4)
    environment.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(40):
        agent = environment.agent_selection
        mask = environment.observe(agent)["action_mask"]
        environment.step(int(rng.choice(np.flatnonzero(mask))))
    state = environment.state()
    assert environment.state_space.contains(state)
    size = environment.table.encoding.obs_size
    for s, agent in enumerate(environment.possible_agents):
        assert np.array_equal(state[s * size : (s + 1) * size],
                              environment.observe(agent)["observation"])
    hands = environment.table.encoding.split(state[:size])["hand"].sum()
    assert hands == len(environment.game.state.hands[0])  # type: ignore[union-attr]
