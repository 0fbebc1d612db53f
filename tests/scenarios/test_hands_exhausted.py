"""All hands played out before any fifth card (rulebooks/README.md, row "all hands empty
before any 5th card"): 000, 001, 003 and 004 stop before the last card is auctioned (it
counts, unsold); 002 reads "as the last painting card becomes auctioned off" as sold."""

from __future__ import annotations

import pytest

from auctionrules.engine import Game, Reason

from .support import VARIANTS, cash, ids, kinds, last, play, position, scale

UNSOLD = ("hig-1992-en", "hig-1992-fr", "taiwan", "cmon-2017")
SOLD = ("boardpia-modern", "boardpia-renaissance")


def _last_round(variant: str, players: int = 3) -> Game:
    """Round 4: seat 0 holds an a1 double, seat 1 its companion, seat 2 nothing; a2 and
    a1 already have two cards each (seat 2 owns an a2)."""
    return position(
        variant, players, round=4, deck=[],
        hands=[["a1/double"], ["a1/open"]] + [[]] * (players - 2),
        played=["a2/open", "a1/sealed", "a1/sealed"],
        owned=[[], [], ["a2/sealed"]] + [[]] * (players - 3),
    )


@pytest.mark.parametrize("variant", UNSOLD)
def test_last_card_is_a_double_second_card_both_unsold(variant: str) -> None:
    """001 "An early end to the game": "In this case the game ends after the play of the
    last card, but before that card is auctioned ... The last card played is not sold,
    but does count towards the number of it's type on the table." 004 "Plus de cartes
    en main": "la partie s'arrête quand la dernière carte est proposée. Le dernier
    tableau n'est pas vendu et n'appartient à personne." Seat 1's card added to seat
    0's double is the last card: the lot is not auctioned; a1 (4 cards) is first."""
    game = _last_round(variant)
    events = play(game, variant, [(0, "play a1/double"), (0, "pass"), (1, "add a1/open")])
    assert game.is_over
    assert game.outcome is not None and game.outcome.reason is Reason.HANDS_EXHAUSTED
    assert "sold" not in kinds(events) and "bid" not in kinds(events)
    scored = last(events, "scored")
    a = ids(variant)
    assert scored["ranked"] == [a[1], a[2]]
    assert scored["payouts"] == [0, 0, 20 * scale(variant)]
    assert cash(game, variant) == [100, 100, 120]


@pytest.mark.parametrize("variant", SOLD)
def test_002_last_card_double_is_auctioned_then_the_game_ends(variant: str) -> None:
    """002 "Preparing for the next round": "If every player runs out of cards before the
    end of the fourth round, then as the last painting card becomes auctioned off, it
    triggers the end of the game. Final scoring takes place immediately." (read as: the
    last lot is auctioned). Seat 1 adds the last card and auctions; seat 2 buys for 15
    and the two a1 cards pay 30 each."""
    game = _last_round(variant)
    play(game, variant, [(0, "play a1/double"), (0, "pass"), (1, "add a1/open")])
    assert not game.is_over
    play(game, variant, [(2, "bid 15"), (0, "pass"), (1, "pass")])
    assert game.is_over
    scored = last(game.events, "scored")
    assert scored["payouts"] == [0, 0, (2 * 30 + 20) * scale(variant)]
    assert cash(game, variant) == [100, 115, 100 - 15 + 80]


@pytest.mark.parametrize("variant", UNSOLD)
def test_last_card_led_is_not_auctioned_five_players(variant: str) -> None:
    """000 "An early end to the game": "the game ends after the play of the last card,
    but before that card is auctioned. The artist with most examples on the table is
    valued at 30, the second best 20 and so on as usual. The last card played is not
    sold". Five players; seat 3 leads the very last card, a third a2: a1 (3 cards) wins
    the tie with a2 (3, the unsold last card included) as the artist further left."""
    game = position(
        variant, 5, round=4, deck=[],
        hands=[[], [], [], ["a2/fixed_price"], []],
        played=["a1/open", "a1/sealed", "a2/open"],
        owned=[["a1/fixed_price"], ["a2/sealed"], [], [], ["a4/open"]],
        auctioneer=3,
    )
    events = play(game, variant, [(3, "play a2/fixed_price")])
    assert game.is_over and "price" not in kinds(events)
    scored = last(events, "scored")
    a = ids(variant)
    assert scored["ranked"] == [a[1], a[2], a[4]]
    assert scored["payouts"] == [30 * scale(variant), 20 * scale(variant), 0, 0,
                                 10 * scale(variant)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_round_ends_only_on_a_fifth_card_while_someone_holds_cards(variant: str) -> None:
    """001 "All cards played": players who run out "merely miss their turn"; the game
    ends early only when "all the players have already played all their cards". Seat 0
    plays its last card while seat 1 still holds one: the lot is auctioned as usual."""
    game = position(variant, 3, round=4, deck=[], hands=[["a0/sealed"], ["a3/open"], []])
    play(game, variant, [(0, "play a0/sealed"), (1, "bid 4"), (2, "bid 5"), (0, "pass")])
    assert not game.is_over
    assert last(game.events, "sold")["seat"] == 2
    assert game.to_act() == (1,)
