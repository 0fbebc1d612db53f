"""Rounds the deal tables may never reach: a warning from the arithmetic of deal and deck.

A round ends when one artist has ``round_end.artist_cards`` cards on the table,
or, earlier, when every hand is empty; with ``round_end.hands_exhausted.then``
at ``end-game`` the game is then over, whatever the round. A variant that adds a
round with a small deal (``[9, 4, 4, 0, 1]``) keeps its later rounds only in
games whose earlier rounds were short enough: the rest end with cards still in
the deck. The validator cannot play the games, but it can play the cards: the
deck is shuffled, the cards dealt so far are laid out in that order (as players
who choose at random would lay them), and a round stops at the count or when
the dealt cards are used up. The share of such deals in which a later round is
never reached is the estimate the warning gives. A fixed seed makes it the same
on every run.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

#: Shuffles per player count: enough for a share to the nearest few percent, few
#: enough for ``validate`` to stay quick.
SAMPLES = 400
#: The seed of the shuffles: a warning must not come and go between two runs.
SEED = 20260
#: A share of games below this is not worth a warning (a rare long round).
THRESHOLD = 0.05


@attrs.frozen
class Reach:
    """How often a round is not reached with one number of players."""

    players: int
    #: 0-based index of the first round that may be skipped.
    round: int
    #: Cards dealt to each player by the rounds before it.
    before: int
    #: Cards dealt to each player by that round.
    dealt: int
    #: Share of the shuffles in which it is not reached.
    share: float


def _exhausted_round(
    deck: list[int], per_round: Sequence[int], count: int, rng: random.Random
) -> int:
    """The 0-based index of the round whose hands ran out in one shuffle, or the number
    of rounds when every round ended at the count. ``per_round``: the cards dealt to
    the table's hands in each round."""
    rng.shuffle(deck)
    dealt = played = 0
    for index, cards in enumerate(per_round):
        dealt = min(len(deck), dealt + cards)
        on_table = [0] * (max(deck) + 1)
        while True:
            if played == dealt:
                return index  # every hand is empty before the count
            artist = deck[played]
            played += 1
            on_table[artist] += 1
            if on_table[artist] == count:
                break
    return len(per_round)


def unreached(doc: Mapping[str, Any]) -> list[Reach]:
    """For each player count, the first later round that a share of games never reach
    (at least :data:`THRESHOLD`), because the hands ran out in an earlier round."""
    if doc["round_end"]["hands_exhausted"]["then"] != "end-game":
        return []
    artists = doc["theme"]["artists"]
    deck = [index for index, artist in enumerate(artists) for _ in range(artist["cards"])]
    found: list[Reach] = []
    for key, options in doc["player_counts"].items():
        players = int(key)
        deal: list[int] = options["deal"]
        count = options.get("artist_cards") or doc["round_end"]["artist_cards"]
        later = [i for i, per in enumerate(deal) if per > 0 and i > 0]
        if not later:
            continue
        # dummy hands turned over without fail lay their cards out too
        dummy = options.get("dummy_hands") or {}
        flipped = dummy.get("hands", 0) if not dummy.get("flip", {}).get("optional") else 0
        dummy_deal = dummy.get("deal") or [0] * len(deal)
        per_round = [
            per * players + flipped * extra for per, extra in zip(deal, dummy_deal, strict=False)
        ]
        rng = random.Random(f"{SEED}:{players}")
        ends = [_exhausted_round(list(deck), per_round, count, rng) for _ in range(SAMPLES)]
        for index in later:
            share = sum(1 for end in ends if end < index) / SAMPLES
            if share >= THRESHOLD:
                found.append(Reach(players, index, sum(deal[:index]), deal[index], share))
                break
    return found


def message(reach: Reach, count: int) -> str:
    """The warning, in words a designer acts on."""
    n = reach.round + 1
    cards = "card" if reach.dealt == 1 else "cards"
    earlier = "round 1 deals" if n == 2 else f"rounds 1 to {n - 1} deal"
    if reach.share >= 1:
        how = "in every deal of the shuffled deck"
    else:
        how = f"in about {reach.share:.0%} of deals of the shuffled deck"
    return (
        f"with {reach.players} players, round {n} deals {reach.dealt} {cards} to each player, "
        f"but {earlier} only {reach.before} cards to each player and a round lasts until "
        f"one artist has {count} cards on the table: with the cards laid out in random "
        f"order, {how} every hand is empty before round {n} ({SAMPLES} shuffles); the game "
        f"then ends (round_end.hands_exhausted.then is end-game), so round {n} is skipped; "
        f"deal more cards in the earlier rounds, or set then: next-round"
    )


def may_end_early(doc: Mapping[str, Any]) -> bool:
    """Whether, for some number of players, the hands can run out before a later round
    that deals cards (see :func:`runs_out_before`); only with ``then: end-game`` does
    that end the game early."""
    if doc["round_end"]["hands_exhausted"]["then"] != "end-game":
        return False
    for key, options in doc["player_counts"].items():
        dummy = options.get("dummy_hands") or {}
        flipped = dummy.get("hands", 0) if not dummy.get("flip", {}).get("optional") else 0
        count = options.get("artist_cards") or doc["round_end"]["artist_cards"]
        if runs_out_before(int(key), options["deal"], dummies=flipped,
                           dummy_deal=dummy.get("deal"), artists=len(doc["theme"]["artists"]),
                           count=count) is not None:
            return True
    return False


def runs_out_before(
    players: int,
    deal: Sequence[int],
    *,
    dummies: int,
    dummy_deal: Sequence[int] | None,
    artists: int,
    count: int,
) -> int | None:
    """The 0-based index of the first round in which the hands can run out while a later
    round would deal cards, or ``None``: certain arithmetic, no estimate. A round takes at
    least ``count`` cards (one artist's) and at most one card fewer of every artist plus
    the card that ends it; hands can run out in a round if, the earlier rounds having
    taken the most, the cards left are fewer than that most."""
    longest = artists * (count - 1) + 1
    extra = list(dummy_deal or [0] * len(deal))
    dealt = 0
    for index, per in enumerate(deal[:-1]):
        dealt += per * players + dummies * extra[index]
        if dealt - longest * index < longest and any(deal[index + 1 :]):
            return index
    return None
