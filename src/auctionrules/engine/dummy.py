"""Which dummy card is turned over: the hand (alternate or random) and the card
(top or random), from ``player_counts.N.dummy_hands.flip``.

Random choices use the game's own ``random.Random(seed)``, drawn only at flip
time, so that a record (which stores the seed) replays the same flips.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from auctionrules.engine.state import State


def choose(game: State) -> tuple[int, int, int]:
    """``(dummy hand index, card index, next hand)`` of the card to turn over next;
    ``next hand`` is the hand that takes the next turn (the round flow keeps it in
    ``dummy_next``: this module changes nothing but draws from the game's generator).

    The caller made sure some dummy hand has a card. With ``hand: alternate``
    the hands take turns and an empty one is passed over; the top card of a
    hand is its first card.
    """
    rules = game.rules
    dummies = game.hands[game.n :]
    filled = [i for i, h in enumerate(dummies) if h]
    following = game.dummy_next
    if rules.flip_random_hand:
        index = filled[game.rng.randrange(len(filled))]
    else:
        index = next(
            (game.dummy_next + k) % len(dummies)
            for k in range(len(dummies))
            if dummies[(game.dummy_next + k) % len(dummies)]
        )
        following = (index + 1) % len(dummies)
    hand = dummies[index]
    card = game.rng.randrange(len(hand)) if rules.flip_random_card else 0
    return index, card, following
