"""Scoring a round: ranking the artists, placing values on the board, paying owners.

Pure functions over plain lists so that a rulebook example can be checked by
hand: the ranking strategy orders the artists, the ranking values go into this
round's row, the valuation strategy prices a card of each ranked artist (of every
artist, for a strategy that ``prices_unranked``), and every owned card pays its
artist's price (an unranked artist's nothing, unless priced).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from auctionrules.engine.policies import RankingTieBreak, Valuation


@attrs.frozen
class RoundScore:
    """The result of scoring one round.

    ``ranked`` artist indices best first; ``added[a]`` the value placed this
    round; ``values[a]`` what one card of ``a`` pays (0 if unranked, unless the
    valuation ``prices_unranked``);
    ``payouts[s]`` what seat ``s`` receives.
    """

    ranked: tuple[int, ...]
    added: tuple[int, ...]
    values: tuple[int, ...]
    payouts: tuple[int, ...]


def score_round(
    *,
    counts: Sequence[int],
    owned: Sequence[Iterable[int]],
    board: list[list[int]],
    round_index: int,
    ranking: Sequence[int],
    rank_unplayed: bool,
    tie_break: RankingTieBreak,
    valuation: Valuation,
) -> RoundScore:
    """Rank, write this round's row of ``board`` (mutated) and compute payouts.

    ``owned[s]`` gives the artist index of every card seat ``s`` owns this round (any
    iterable, read once).
    """
    artists = len(counts)
    order = [a for a in tie_break.rank(counts) if rank_unplayed or counts[a] > 0]
    ranked = tuple(order[: len(ranking)])
    row = board[round_index]
    for place, a in enumerate(ranked):
        row[a] = ranking[place]
    values = [0] * artists
    for a in range(artists) if valuation.prices_unranked else ranked:
        values[a] = valuation.value(board, round_index, a)
    payouts = []
    for cards in owned:
        total = 0
        for a in cards:
            total += values[a]
        payouts.append(total)
    return RoundScore(ranked, tuple(row), tuple(values), tuple(payouts))


def worth_now(
    *,
    counts: Sequence[int],
    board: Sequence[Sequence[int]],
    round_index: int,
    ranking: Sequence[int],
    rank_unplayed: bool,
    tie_break: RankingTieBreak,
    valuation: Valuation,
) -> tuple[int, ...]:
    """What one painting of each artist would pay if the round ended now, with
    ``counts`` cards of each laid: :func:`score_round` on a copy of ``board``, so a
    table shows players the figure the rules would pay, never a second reckoning.

    ``board`` holds the values of the rounds before ``round_index`` (later rows, if
    any, are ignored); it is not changed."""
    copy = [list(row) for row in board[:round_index]]
    copy.append([0] * len(counts))
    return score_round(
        counts=counts,
        owned=(),
        board=copy,
        round_index=round_index,
        ranking=ranking,
        rank_unplayed=rank_unplayed,
        tie_break=tie_break,
        valuation=valuation,
    ).values
