"""What a painting of each artist would pay if the round ended now: "worth now".

The page shows it on the board beside each artist's values by round. It is the
engine's own scoring (:func:`~auctionrules.engine.scoring.score_round`) of the
round as it stands, on a copy of the board, from public facts only (the counts on
the table and the board), so a spectator's view gives the same figures as a
player's and no rule of ranking or valuation is written again here.
"""

from __future__ import annotations

from auctionrules.engine.scoring import score_round
from auctionrules.engine.views import View


def worth_now(view: View) -> list[int]:
    """Per artist, what one painting would pay if the round ended now (0 for an artist
    the round would leave unranked, unless the rules price it; all 0 once the game is
    over)."""
    rules = view.rules
    index = view.round - 1
    if view.phase == "over" or not 0 <= index < rules.rounds:
        return [0] * rules.artists
    board = [list(row) for row in view.board[:index]]
    board.append([0] * rules.artists)
    score = score_round(
        counts=list(view.counts),
        owned=[],
        board=board,
        round_index=index,
        ranking=rules.ranking,
        rank_unplayed=rules.rank_unplayed,
        tie_break=rules.ranking_tie_break,
        valuation=rules.valuation,
    )
    return list(score.values)
