"""Ranking and valuation examples of the rulebooks."""

from __future__ import annotations

from auctionrules.engine import Game
from auctionrules.engine.policies import BoardOrder, Cumulative
from auctionrules.engine.scoring import score_round
from auctionrules.model import Scoring

from .conftest import ruleset
from .helpers import last, run


def test_001_second_round_settling_up() -> None:
    """001 "Settling up after the second and third rounds": 5 Karl Gitter, 4 Christin P,
    3 Yoko, 1 Krypto, 1 Lite Metal; round 1 left LM 30, CP 20, Yoko 10. Karl Gitter
    pays 30,000, Christin P 40,000, Yoko 20,000; Lite Metal nothing this round."""
    rs = ruleset("hig-1992-en")
    game = Game.from_position(
        rs, 4,
        round=2,
        board={"lite-metal": [30000], "christin-p": [20000], "yoko": [10000]},
        hands=[["karl-gitter/open", "krypto/sealed"], ["krypto/open"], ["krypto/once_around"],
               ["krypto/fixed_price"]],
        owned=[["christin-p/open"], ["yoko/open"], ["karl-gitter/once_around"], []],
        played=["christin-p/sealed", "christin-p/once_around", "christin-p/fixed_price",
                "yoko/sealed", "yoko/once_around", "krypto/double", "lite-metal/open",
                "karl-gitter/sealed", "karl-gitter/fixed_price", "karl-gitter/double"],
    )
    events = run(game, [(0, "play karl-gitter/open")])
    scored = last(events, "scored")
    assert scored["ranked"] == ["karl-gitter", "christin-p", "yoko"]
    assert scored["values"] == {"lite-metal": 0, "yoko": 20000, "christin-p": 40000,
                                "karl-gitter": 30000, "krypto": 0}
    assert scored["board"]["lite-metal"] == 30000  # stays on the board for later rounds
    assert scored["payouts"] == [40000, 20000, 30000, 0]


def _values_over_rounds(rows: list[list[int]]) -> list[list[int]]:
    """Score rounds whose card counts are ``rows``; the per-card values of each round."""
    board = [[0] * 5 for _ in rows]
    out = []
    for r, counts in enumerate(rows):
        score = score_round(
            counts=counts, owned=[[a for a in range(5)]], board=board, round_index=r,
            ranking=(30, 20, 10), rank_unplayed=False,
            tie_break=BoardOrder(Scoring(ranking=(30, 20, 10)), 4, 1),
            valuation=Cumulative(Scoring(ranking=(30, 20, 10)), 4, 1),
        )
        out.append(list(score.values))
    return out


def test_004_krypto_valuation_example() -> None:
    """004 "Manches suivantes": Krypto first in round 1 (30), third in round 2 (40),
    unranked in round 3 (0 despite 40 on the board), second in round 4 (60)."""
    krypto = 4
    rows = [[1, 0, 0, 0, 5], [5, 4, 0, 0, 3], [5, 4, 3, 0, 1], [5, 0, 0, 0, 4]]
    values = _values_over_rounds(rows)
    assert [v[krypto] for v in values] == [30, 40, 0, 60]


def test_002_klimt_valuation_example() -> None:
    """002 "Preparing for the next round", example: Klimt 3rd (10), 1st (40), unranked
    (0), 2nd (60); Manet and Munch, ranked in round 1, earn nothing in round 2."""
    manet, munch, klimt = 0, 3, 4
    rows = [[5, 0, 0, 4, 3], [0, 4, 3, 0, 5], [5, 4, 3, 0, 1], [5, 0, 0, 0, 4]]
    values = _values_over_rounds(rows)
    assert [v[klimt] for v in values] == [10, 40, 0, 60]
    assert values[1][manet] == 0
    assert values[1][munch] == 0


def test_002_ranking_example() -> None:
    """002 "Scoring for Market Value", example: Munch 5 first, Manet and Klimt 3 each
    (Manet, further left, second), Cézanne 1 unranked."""
    values = _values_over_rounds([[3, 1, 0, 5, 3]])
    assert values[0] == [20, 0, 0, 30, 10]


def test_004_fewer_than_three_artists_ranked() -> None:
    """004 "Vente à la banque": with fewer than three artists offered, only they rank."""
    values = _values_over_rounds([[0, 0, 5, 0, 2]])
    assert values[0] == [0, 0, 30, 0, 20]
