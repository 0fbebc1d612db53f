"""What the artists are worth to one seat, from its view and the public rules only.

The estimate is the one strong Modern Art bots use: an artist's card is worth
what the valuation rule would pay for it if the round ended with the artists
ranked as the cards on the table (plus part of the seat's own hand) project,
zero outside the places; early in a round that figure is uncertain, so it is
discounted, less and less as the round nears its end. Everything is read from
the view and its compiled rules (ranking values, tie-break, valuation rule,
round-end card count), so it holds for every ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence

from auctionrules.engine.views import View


def artist_of(view: View, card: str) -> int:
    """The artist index of a card name (``krypto/open``)."""
    return view.rules.codec.by_name[card] // 5


def artist_counts(view: View, cards: Sequence[str]) -> list[int]:
    """How many of ``cards`` each artist has."""
    by_name = view.rules.codec.by_name
    out = [0] * view.rules.artists
    for card in cards:
        out[by_name[card] // 5] += 1
    return out


def placed_values(view: View, counts: Sequence[float]) -> list[int]:
    """What one card of each artist pays if the round ended with ``counts`` (which may
    be fractional: a projection)."""
    rules = view.rules
    # the tie-break strategy ranks whole counts: hundredths keep a projection's order
    order = rules.ranking_tie_break.rank([round(100 * c) for c in counts])
    ranked = [a for a in order if rules.rank_unplayed or counts[a] > 0][: len(rules.ranking)]
    board = [list(row) for row in view.board]
    r = view.round - 1
    board[r] = [0] * rules.artists
    for place, a in enumerate(ranked):
        board[r][a] = rules.ranking[place]
    values = [0] * rules.artists
    for a in ranked:
        values[a] = rules.valuation.value(board, r, a)
    return values


def expected_values(view: View, hand_weight: float, discount: float) -> list[float]:
    """Each artist's estimated value per card for this round.

    The projection counts the table, plus ``hand_weight`` of each card of the
    seat's own hand (cards it can lay). The estimate is multiplied by
    ``discount`` at the start of a round, rising to 1 as the leading artist
    nears the round-ending count.
    """
    rules = view.rules
    hand = artist_counts(view, view.hand or ())
    projected = [c + hand_weight * h for c, h in zip(view.counts, hand, strict=True)]
    values = placed_values(view, projected)
    needed = max(rules.artist_cards - 1, 1)
    progress = min(1.0, max(view.counts, default=0) / needed)
    factor = discount + (1.0 - discount) * progress
    return [factor * v for v in values]


def payouts_if_ended(view: View, extra: Sequence[int] = ()) -> list[int]:
    """What every seat would receive if the round ended now, with one more card of
    each artist in ``extra`` on the table (the card that would end it)."""
    counts = list(view.counts)
    for a in extra:
        counts[a] += 1
    values = placed_values(view, counts)
    by_name = view.rules.codec.by_name
    return [sum(values[by_name[c] // 5] for c in cards) for cards in view.owned]


def leads_rivals(view: View, payouts: Sequence[int]) -> bool:
    """Whether the seat's payout beats the best rival's."""
    seat = view.seat
    assert seat is not None
    rivals = [p for s, p in enumerate(payouts) if s != seat]
    return payouts[seat] > max(rivals, default=0)
