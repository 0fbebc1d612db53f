"""The cluster bootstrap of lot figures against what clustering does to an error."""

from __future__ import annotations

import math
import random

import pytest

from auctionrules.lab.bootstrap import CLUSTERS, LotClusters, bootstrap, price, share
from auctionrules.lab.result import GameResult


def game(index: int, prices: list[int], sealed: int = 0) -> GameResult:
    return GameResult(
        index=index, seed=index, agents=("random",) * 3, cash=(0, 0, 0), winners=(0,),
        reason="rounds", rounds=4, lots=len(prices) + sealed, unsold=0,
        sold={"open": len(prices), **({"sealed": sealed} if sealed else {})},
        prices={"open": prices, **({"sealed": [10] * sealed} if sealed else {})},
        round_ends=(), values={},
    )


def test_lots_of_one_game_count_as_one_draw() -> None:
    """Every lot of a game sells at the game's price: ten lots a game say no more than
    one, so the error is the games' (sd sqrt(2 / n)), about sqrt(10) times what ten
    independent lots a game would give."""
    rng = random.Random(7)
    n, per_game = 400, 10
    clusters = LotClusters()
    values = []
    for i in range(n):
        pa, pb = rng.choice((10, 50)), rng.choice((10, 50))
        values += [pa, pb]
        clusters.add(game(i, [pa] * per_game), game(i, [pb] * per_game))
    (found,) = bootstrap(clusters, [price("open")])
    error = (found.test.high - found.test.low) / (2 * 1.959963984540054)
    sd = 20.0  # the sd of a price that is 10 or 50 with even odds
    by_game = sd * math.sqrt(2 / n)
    assert error == pytest.approx(by_game, rel=0.12)
    assert error > 2.5 * sd * math.sqrt(2 / (n * per_game))
    assert found.test.low <= found.test.difference <= found.test.high
    assert found.test.difference == pytest.approx(found.b - found.a)


def test_shares_and_a_real_difference() -> None:
    clusters = LotClusters()
    for i in range(200):
        clusters.add(game(i, [10] * 8, sealed=2), game(i, [20] * 8, sealed=2 + i % 3))
    share_open, price_open = bootstrap(clusters, [share("open"), price("open")])
    assert share_open.a == pytest.approx(0.8)
    assert share_open.b < 0.8 and share_open.test.p < 1e-6
    assert price_open.test.difference == 10 and price_open.test.p == 0.0
    assert price_open.ratio.change == pytest.approx(1.0)


def test_games_beyond_the_clusters_share_them() -> None:
    clusters = LotClusters()
    for i in range(CLUSTERS + 5):
        clusters.add(game(i, [10]), game(i, [10]))
    assert clusters.used == CLUSTERS
    assert clusters.column("a", "count:open")[:6] == [2, 2, 2, 2, 2, 1]
    (found,) = bootstrap(clusters, [price("open")], resamples=20)
    assert (found.test.difference, found.test.p) == (0.0, 1.0)
