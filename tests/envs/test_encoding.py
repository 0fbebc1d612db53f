"""The shared encoding: action indices both ways, the legal mask, observations that show
exactly what the seat's view shows."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numpy")

from auctionrules.engine import Bid, Game, Limit, Price, RandomAgent
from auctionrules.engine.legal import Legal
from auctionrules.envs.encoding import Encoding, bucket_amount, bucket_of
from auctionrules.envs.reader import Reader
from auctionrules.loader import load_ruleset

from .support import (
    bundled,
    configurations,
    differences,
    encode_view,
    random_moves,
    secrets_changed,
)


def test_buckets_name_min_and_max_exactly() -> None:
    span = (1000, 37000, 1000)
    amounts = [bucket_amount(b, 5, span) for b in range(5)]
    assert amounts == [1000, 10000, 19000, 28000, 37000]
    assert all(bucket_of(a, 5, span) == b for b, a in enumerate(amounts))
    # an amount between buckets maps to the nearest one
    assert bucket_of(11000, 5, span) == 1
    assert bucket_of(17000, 5, span) == 2


def test_a_narrow_range_has_one_legal_bucket_per_amount() -> None:
    game = Game.from_position(bundled("boardpia-modern"), 3,
                              hands=[["manet/open"], ["manet/sealed"], []], cash=[9, 3, 9])
    enc = Encoding(game.rules, buckets=6)
    game.apply("play manet/open", 0)
    assert game.legal(1).bid == (1, 3, 1)
    mask = enc.mask(game.legal(1))
    bids = [b for b in range(6) if mask[enc.bid + b]]
    assert [enc.action(enc.bid + b, game.legal(1)) for b in bids] == [Bid(1), Bid(2), Bid(3)]
    limits = [b for b in range(6) if mask[enc.limit + b]]
    assert [enc.action(enc.limit + b, game.legal(1)) for b in limits] == [
        Limit(1), Limit(2), Limit(3)]
    assert mask[enc.pass_] == 1
    assert int(mask.sum()) == 7


@pytest.mark.parametrize("amounts", ["range", "absolute"])
def test_every_legal_index_decodes_and_encodes_back(amounts: str) -> None:
    for variant, modules, players in configurations()[::3]:
        game = Game.new(bundled(variant, modules), players=players, seed=7)
        enc = Encoding(game.rules, buckets=7, amounts=amounts)
        rng = random.Random(players)
        while not game.is_over:
            seat = game.to_act()[0]
            legal = game.legal(seat)
            indices = enc.legal_indices(game.legal(seat))
            assert indices, legal
            actions = [enc.action(i, legal) for i in indices]
            assert len(set(actions)) == len(actions)  # every legal index is a distinct move
            assert [enc.index(a, legal) for a in actions] == indices
            for a in legal.actions:  # every discrete legal move has an index
                assert enc.index(a, legal) in indices
            game.apply(actions[rng.randrange(len(actions))], seat)


def test_illegal_indices_are_refused() -> None:
    game = Game.new(bundled("hig-1992-en"), players=4, seed=1)
    enc = Encoding(game.rules)
    legal = game.legal(0)
    mask = enc.mask(game.legal(0))
    for index in np.flatnonzero(mask == 0)[:40]:
        with pytest.raises(Exception, match=r"not legal|no bid|no price"):
            enc.action(int(index), legal)
    with pytest.raises(Exception, match="not in"):
        enc.action(enc.size, legal)
    assert not enc.mask(game.legal(1)).any()  # not seat 1's turn


def test_amounts_outside_buckets_map_to_the_nearest() -> None:
    game = Game.new(bundled("hig-1992-en"), players=4, seed=1)
    enc = Encoding(game.rules, buckets=3)
    legal = game.legal(0)
    legal_price = type(legal)(0, (), price=(1000, 100000, 1000))
    assert enc.index(Price(49000), legal_price) == enc.price + 1
    assert enc.action(enc.price + 1, legal_price) == Price(50000)


@pytest.mark.parametrize("variant,modules,players", configurations())
def test_observation_matches_the_view(variant: str, modules: tuple[str, ...], players: int) -> None:
    """The fast reader writes what a slow encoder of the View writes, at every step of a
    random game and for every seat: so it shows nothing the view hides."""
    observe_every_step(Game.new(bundled(variant, modules), players=players, seed=players))


def test_paintings_are_observed_where_the_tie_break_counts_them() -> None:
    """``winner.tie_break: most-paintings`` (tests/loader/valid/house-rules.yaml) makes
    the paintings each seat acquired part of the observation, as the view shows them;
    a ruleset without that tie-break leaves the part out."""
    house = load_ruleset(Path(__file__).parents[1] / "loader" / "valid" / "house-rules.yaml")
    game = Game.new(house, players=4, seed=5)
    assert dict(Encoding(game.rules).parts)["paintings"] == 4
    final = observe_every_step(game)
    assert Encoding(game.rules).split(final)["paintings"].tolist() == list(game.state.paintings)
    assert sum(game.state.paintings) > 0
    plain = Encoding(Game.new(bundled("hig-1992-en"), players=4).rules)
    assert dict(plain.parts)["paintings"] == 0


def observe_every_step(game: Game) -> np.ndarray:
    """Compare the fast reader with the view's encoding for every seat at every step of
    a random game; the last observation of seat 0."""
    players = game.state.n
    enc = Encoding(game.rules)
    reader = Reader(enc)
    agent = RandomAgent(3)
    out = enc.new_observation()
    steps = 0
    while True:
        for seat in range(players):
            fast = reader.observe(game.view(seat), out)
            assert fast.dtype == np.float32
            slow = encode_view(enc, game.view(seat))
            assert np.array_equal(fast, slow), (steps, seat, differences(enc, fast, slow))
        if game.is_over:
            return reader.observe(game.view(0), enc.new_observation())
        seat = game.to_act()[0]
        game.apply(agent.act(game.view(seat), game.legal(seat)), seat)
        steps += 1


@pytest.mark.parametrize("variant,modules,players", configurations()[::2])
def test_observation_hides_what_the_view_hides(
    variant: str, modules: tuple[str, ...], players: int
) -> None:
    rng = random.Random(11)
    game = Game.new(bundled(variant, modules), players=players, seed=5)
    enc = Encoding(game.rules)
    reader = Reader(enc)
    moments = 0
    while not game.is_over and moments < 25:
        random_moves(game, rng, enc, limit=rng.randint(1, 12))
        for seat in range(players):
            twin = secrets_changed(game, seat, rng)
            deck = game.state.deck
            assert twin.state.hands != game.state.hands or len({*deck}) <= 1 or not deck
            mine = reader.observe(game.view(seat), enc.new_observation())
            theirs = reader.observe(twin.view(seat), enc.new_observation())
            assert np.array_equal(mine, theirs), (seat, differences(enc, mine, theirs))
        moments += 1


def test_observation_parts_cover_the_vector() -> None:
    enc = Encoding(Game.new(bundled("hig-1992-fr"), players=4).rules)
    parts = enc.split(enc.new_observation())
    assert sum(p.size for p in parts.values()) == enc.obs_size
    assert enc.meaning(0) == "play lite-metal/open" or enc.meaning(0).startswith("play ")
    assert enc.meaning(enc.bid) == "bid bucket 0 (the minimum)"
    assert enc.meaning(enc.size - 1).endswith("(the maximum)")
    assert enc.meaning(enc.bid + 1) == f"bid bucket 1 (1/{enc.buckets - 1} of the range)"


def test_the_core_does_not_import_the_rl_extra() -> None:
    import subprocess
    import sys

    code = ("import sys, auctionrules, auctionrules.engine, auctionrules.agents, "
            "auctionrules.loader, auctionrules.cli; "
            "print([m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') "
            "if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_the_spectators_view_gives_the_public_part_alone() -> None:
    """The reader writes any view: the spectator's shows no hand, no hidden cash and no
    own sealed bid, its per-seat parts rotated to the anchor seat."""
    game = Game.new(bundled("hig-1992-en"), players=4, seed=8)
    enc = Encoding(game.rules)
    reader = Reader(enc)
    random_moves(game, random.Random(2), enc, limit=30)
    for seat in range(4):
        public = enc.split(reader.observe(game.view(None), enc.new_observation(), seat))
        own = enc.split(reader.observe(game.view(seat), enc.new_observation()))
        assert not public["hand"].any() and own["hand"].sum() == len(game.state.hands[seat])
        for name in ("hand_sizes", "board", "owned", "to_act", "phase", "round"):
            assert np.array_equal(public[name], own[name]), name


def test_a_legal_with_more_kinds_of_move_is_read_for_the_encodings_own() -> None:
    game = Game.new(bundled("hig-1992-en"), players=4, seed=1)
    enc = Encoding(game.rules, limits=False)
    legal = game.legal(0)
    # (a limit, a move this encoding does not know, as a range and as a discrete move)
    wider = Legal(0, (*legal.actions, Limit(1000)), legal.bid, legal.price,
                  limit=(1000, 50000, 1000))
    mask = enc.mask(wider)
    assert np.array_equal(mask, enc.mask(game.legal(0)))
    assert enc.action(int(np.flatnonzero(mask)[0]), wider) in legal


def test_the_own_limit_is_observed_by_its_seat_alone() -> None:
    """A seat that says its open-auction limit (``limit N``) sees it in ``own_limit``
    until the lot is settled; no other seat's observation holds it."""
    game = Game.new(bundled("hig-1992-en"), players=4, seed=1)
    enc = Encoding(game.rules)
    reader = Reader(enc)
    agent = RandomAgent(5)
    while not (game.legal(game.to_act()[0]).limit and game.legal(game.to_act()[0]).bid):
        seat = game.to_act()[0]
        game.apply(agent.act(game.view(seat), game.legal(seat)), seat)
    seat = game.to_act()[0]
    limit = game.legal(seat).bid[0] + 5 * game.rules.unit
    game.apply(Limit(limit), seat)
    for other in range(4):
        vector = reader.observe(game.view(other), enc.new_observation())
        assert np.array_equal(vector, encode_view(enc, game.view(other)))
        shown = enc.split(vector)["own_limit"].tolist()
        mine = [limit / game.rules.starting_cash] if other == seat else [0.0]
        assert shown == pytest.approx(mine)


def test_the_bounds_hold_the_declared_tops() -> None:
    """Every entry of random games' observations lies within the declared bounds."""
    from auctionrules.envs.parts import bounds

    for variant, modules, players in configurations()[::5]:
        game = Game.new(bundled(variant, modules), players=players, seed=3)
        enc = Encoding(game.rules)
        low, high = (np.array(b, dtype=np.float32) for b in bounds(game.rules))
        reader = Reader(enc)
        agent = RandomAgent(2)
        while not game.is_over:
            seat = game.to_act()[0]
            vector = reader.observe(game.view(seat), enc.new_observation())
            assert (low <= vector).all() and (vector <= high).all(), differences(enc, low, vector)
            game.apply(agent.act(game.view(seat), game.legal(seat)), seat)


def test_the_docs_tables_are_the_declaration() -> None:
    """``docs/rl-encoding.rst`` holds the parts' table, the scales and the offsets of
    ``hig-1992-fr`` at 4 players exactly as the declaration makes them."""
    from auctionrules.envs.parts import table_rst

    page = (Path(__file__).parents[2] / "docs" / "rl-encoding.rst").read_text(encoding="utf-8")
    assert table_rst() in page, "docs/rl-encoding.rst: paste auctionrules.envs.parts.table_rst()"
    enc = Encoding(Game.new(bundled("hig-1992-fr"), players=4).rules)
    offsets = ", ".join(f"``{name}`` at {enc.offsets[name]}" for name, width in enc.parts if width)
    flat = " ".join(page.split())
    assert f"the vector has {enc.obs_size} entries: {offsets} (no" in flat


def test_absolute_buckets_name_the_same_amount_wherever_it_is_legal() -> None:
    """``amounts="absolute"``: a bid bucket is one amount of the grid (from the lowest
    bid to twice the starting cash), or the legal amount nearest to it."""
    game = Game.new(bundled("hig-1992-en"), players=4, seed=1)
    enc = Encoding(game.rules, buckets=12, amounts="absolute")
    assert enc.grid[0] == 1000 and enc.grid[-1] == 200_000
    assert list(enc.grid) == sorted(set(enc.grid))
    from auctionrules.engine.legal import Legal as Plain

    for span in [(1000, 100_000, 1000), (5000, 300_000, 1000), (2000, 9000, 1000)]:
        legal = Plain(0, (), bid=span)
        for b in enc.legal_indices(legal):
            amount = enc.action(b, legal).amount  # type: ignore[attr-defined]
            grid = enc.grid[b - enc.bid]
            if span[0] <= grid <= span[1]:
                assert amount == grid
            assert enc.index(Bid(amount), legal) == b
    assert enc.meaning(enc.bid + 3) == (
        f"bid bucket 3 ({enc.grid[3]:,}, or the nearest legal amount)")


def test_a_policy_agent_plays_through_the_public_hooks() -> None:
    """``Encoding.observe``/``mask``/``action`` are all a policy needs: a PolicyAgent
    that takes the lowest legal index plays whole games beside built-in agents."""
    from auctionrules.agents import make_agent
    from auctionrules.envs.encoding import PolicyAgent

    seen: list[tuple[int, int]] = []

    def lowest(observation: np.ndarray, mask: np.ndarray) -> int:
        seen.append((observation.size, mask.size))
        return int(np.flatnonzero(mask)[0])

    game = Game.new(bundled("hig-1992-en"), players=4, seed=2)
    agents = [PolicyAgent(lowest), *(make_agent("heuristic", seed=s) for s in range(3))]
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
    enc = Encoding(game.rules)
    assert seen and set(seen) == {(enc.obs_size, enc.size)}
    view = game.view(0)
    assert np.array_equal(enc.observe(view), encode_view(enc, view))


def test_a_limit_below_the_lowest_bid_is_a_pass() -> None:
    from auctionrules.engine.legal import Legal as Plain

    game = Game.new(bundled("hig-1992-en"), players=4, seed=1)
    enc = Encoding(game.rules)
    legal = Plain(1, (), bid=(5000, 90000, 1000), limit=(0, 90000, 1000))
    assert enc.index(Limit(0), legal) == enc.index(Limit(4000), legal) == enc.pass_
    assert enc.index(Limit(5000), legal) == enc.limit
    assert enc.action(enc.limit + enc.buckets - 1, legal) == Limit(90000)
