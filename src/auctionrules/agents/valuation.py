"""What the artists are worth to one seat, from what it knows and the public rules only.

The estimate is the one strong Modern Art bots use: an artist's card is worth
what the valuation rule would pay for it if the round ended with the artists
ranked as the cards on the table (plus part of the seat's own hand) project;
early in a round that figure is uncertain, so it is discounted, less and less as
the round nears its end. The round is priced by the engine's own scoring
(:func:`~auctionrules.engine.scoring.score_round`), never a copy of it, so the
agents pay an unranked artist what the rules pay (nothing, or under
``cumulative-always`` its column so far). Everything is read from
the seat's :class:`~auctionrules.agents.facts.Facts` and the compiled rules
(ranking values, tie-break, valuation rule, round-end card count), so it holds
for every ruleset.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from auctionrules.agents.facts import Facts
from auctionrules.engine.cards import artist_of
from auctionrules.engine.scoring import RoundScore, score_round


def artist_counts(facts: Facts, cards: Iterable[int]) -> list[int]:
    """How many of ``cards`` (codes) each artist has."""
    out = [0] * facts.rules.artists
    for card in cards:
        out[artist_of(card)] += 1
    return out


def placed_values(facts: Facts, counts: Sequence[float]) -> list[int]:
    """What one card of each artist pays if the round ended with ``counts`` (which may
    be fractional: a projection), as the engine's scoring pays it."""
    return list(_score(facts, counts, ()).values)


def _score(facts: Facts, counts: Sequence[float], owned: Sequence[Iterable[int]]) -> RoundScore:
    """The engine's scoring of this round ended with ``counts``, on a copy of the board.

    A projection's fractional counts are ranked in hundredths (the tie-break
    strategy ranks whole counts; hundredths keep a projection's order, and a
    whole count is ranked as itself)."""
    rules = facts.rules
    r = facts.round
    board = [list(row) for row in facts.board[:r]]
    board.append([0] * rules.artists)
    return score_round(
        counts=[round(100 * c) for c in counts],
        owned=owned,
        board=board,
        round_index=r,
        ranking=rules.ranking,
        rank_unplayed=rules.rank_unplayed,
        tie_break=rules.ranking_tie_break,
        valuation=rules.valuation,
    )


def expected_values(facts: Facts, hand_weight: float, discount: float) -> list[float]:
    """Each artist's estimated value per card for this round.

    The projection counts the table, plus ``hand_weight`` of each card of the
    seat's own hand (cards it can lay). The estimate is multiplied by
    ``discount`` at the start of a round, rising to 1 as the leading artist
    nears the round-ending count.
    """
    rules = facts.rules
    hand = artist_counts(facts, facts.hand)
    counts = facts.counts
    projected = [c + hand_weight * h for c, h in zip(counts, hand, strict=True)]
    values = placed_values(facts, projected)
    needed = max(rules.artist_cards - 1, 1)
    progress = min(1.0, max(counts, default=0) / needed)
    factor = discount + (1.0 - discount) * progress
    return [factor * v for v in values]


def payouts_if_ended(facts: Facts, extra: Sequence[int] = ()) -> list[int]:
    """What every seat would receive if the round ended now, with one more card of
    each artist in ``extra`` on the table (the card that would end it): the engine's
    payouts for the cards each seat owns."""
    counts = list(facts.counts)
    for a in extra:
        counts[a] += 1
    owned = [[artist_of(c) for c in cards] for cards in facts.owned[: facts.rules.players]]
    return list(_score(facts, counts, owned).payouts)


def leads_rivals(facts: Facts, payouts: Sequence[int]) -> bool:
    """Whether the seat's payout beats the best rival's."""
    seat = facts.seat
    rivals = [p for s, p in enumerate(payouts) if s != seat]
    return payouts[seat] > max(rivals, default=0)
