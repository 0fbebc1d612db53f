"""Double auctions in every variant: the second card's type decides, the adder becomes
the auctioneer, play goes on from the adder's left, and who is paid (the "Where they
differ" row of rulebooks/README.md). Amounts in the books' small units."""

from __future__ import annotations

from typing import Any

import pytest

from auctionrules.engine import Game, IllegalActionError

from .support import VARIANTS, cash, k, kinds, last, play, position, scale

#: Five players: seat 0 holds an a0 double; seat 3 holds the only a0 companions.
HANDS5 = [
    ["a0/double", "a4/open"],
    ["a1/open", "a4/sealed"],
    ["a2/open", "a0/double"],
    ["a0/once_around", "a0/fixed_price", "a0/sealed", "a3/open"],
    ["a4/once_around", "a3/sealed"],
]


def _added_by_seat3(variant: str, second: str, **kwargs: Any) -> Game:
    game = position(variant, 5, HANDS5, auctioneer=0, **kwargs)
    play(game, variant, [(0, "play a0/double"), (0, "pass"), (1, "pass"), (2, "pass"),
                         (3, f"add a0/{second}")])
    return game


@pytest.mark.parametrize("variant", VARIANTS)
def test_second_card_type_decides_and_adder_auctions(variant: str) -> None:
    """001 "=" (Extra card): "Whoever adds the second card to the "=" card auctions off
    both cards as one lot" "as per the symbol on the second card"; 002 "Double
    Auction": "that player becomes the New Auctioneer". Seat 3 adds a once-around card:
    the once-around order starts on seat 3's left and ends with seat 3."""
    game = _added_by_seat3(variant, "once_around")
    assert game.state.lot is not None and game.state.lot.auctioneer == 3
    order = []
    while game.state.lot is not None:
        seat = game.to_act()[0]
        order.append(seat)
        play(game, variant, [(seat, "bid 30" if seat == 1 else "pass")])
    assert order == [4, 0, 1, 2, 3]
    sold = last(game.events, "sold")
    assert sold["cards"] == [c.replace("a0", game.rules.codec.artist_ids[0])
                             for c in ("a0/double", "a0/once_around")]
    assert sold["seat"] == 1 and sold["auctioneer"] == 3


@pytest.mark.parametrize("variant", VARIANTS)
def test_players_between_leader_and_adder_lose_their_turn(variant: str) -> None:
    """001 "=": "Whoever adds the second card ... is then followed in turn by the player
    to his left, players who have not added a card effectively lose a turn." 004: "Le
    tour continue alors avec le joueur à gauche du nouveau vendeur. Les joueurs placés
    entre le vendeur initial et le nouveau vendeur ont perdu une possibilité d'être
    vendeur." Seat 0 leads, seat 3 adds: seats 1 and 2 lose their turn, seat 4 leads."""
    game = _added_by_seat3(variant, "sealed")
    play(game, variant, [(s, "pass") for s in range(5)])
    assert last(game.events, "sold")["seat"] == 3  # no bid: the new auctioneer takes it
    assert game.to_act() == (4,)
    assert game.state.phase == 0  # leading


#: Who receives what when seat 3 adds to seat 0's double and seat 1 buys for 25 (once
#: around): (cash per seat, bank).
PAID_BY_OTHER = {
    # 001 / 000: "the player who adds the second card ... receives all of the proceeds"
    "hig-1992-en": ([100, 75, 100, 125, 100], 0),
    "taiwan": ([100, 75, 100, 125, 100], 0),
    # 002 / 003: "pays the New Auctioneer (not the original Auctioneer)"
    "boardpia-modern": ([100, 75, 100, 125, 100], 0),
    "boardpia-renaissance": ([100, 75, 100, 125, 100], 0),
    "cmon-2017": ([100, 75, 100, 125, 100], 0),
    # 004: split equally, the odd 1,000 to the new seller: 12 to the leader, 13 to the adder
    "hig-1992-fr": ([112, 75, 100, 113, 100], 0),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_who_is_paid_when_another_player_adds(variant: str) -> None:
    """001 "=": "the player who adds the second card and auctions both cards receives
    all of the proceeds from their sale. The proceeds are not split"; 000: "The money
    is not split"; 002: "pays the New Auctioneer (not the original Auctioneer)"; 003:
    "the new auctioneer receives all the money (the player who played the Double
    Auction painting doesn't take anything)"; 004 "E. Double enchère": "l'argent est
    divisé en parts égales entre le vendeur initial ... et le nouveau vendeur ... Si
    l'argent ne peut pas être divisé également, le nouveau vendeur obtient les $1.000
    du reste de la division." Price 25 (25,000 in 001/004)."""
    game = _added_by_seat3(variant, "once_around")
    play(game, variant, [(4, "pass"), (0, "pass"), (1, "bid 25"), (2, "pass"), (3, "pass")])
    expected_cash, expected_bank = PAID_BY_OTHER[variant]
    assert cash(game, variant) == expected_cash
    assert game.state.bank_in == expected_bank


#: Seat 0 (the leader) buys the lot seat 3 added to, for 25.
LEADER_WINS = {
    "hig-1992-en": ([75, 100, 100, 125, 100], 0),
    "taiwan": ([75, 100, 100, 125, 100], 0),
    "boardpia-modern": ([75, 100, 100, 125, 100], 0),
    "boardpia-renaissance": ([75, 100, 100, 125, 100], 0),
    "cmon-2017": ([75, 100, 100, 125, 100], 0),
    # 004: the leader pays own share (12) to the bank, the other (13) to the adder
    "hig-1992-fr": ([75, 100, 100, 113, 100], 12),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_leader_buys_a_double_another_player_added(variant: str) -> None:
    """004 "E. Double enchère": "Si l'un ou l'autre des deux vendeurs est le meilleur
    enchérisseur, il paye sa part à la banque et l'autre part à l'autre vendeur." In
    001/000/002/003 the leader is an ordinary buyer who pays the whole price to the
    player who added (the new auctioneer)."""
    game = _added_by_seat3(variant, "once_around")
    play(game, variant, [(4, "pass"), (0, "bid 25"), (1, "pass"), (2, "pass"), (3, "pass")])
    expected_cash, expected_bank = LEADER_WINS[variant]
    assert last(game.events, "sold")["seat"] == 0
    assert cash(game, variant) == expected_cash
    assert game.state.bank_in // scale(variant) == expected_bank


#: Seat 3 adds a fixed-price card, names 21 (its own cash is 30), nobody buys.
ADDER_MUST_BUY = {
    "hig-1992-en": ([100, 100, 100, 9, 100], 21),
    "taiwan": ([100, 100, 100, 9, 100], 21),
    "boardpia-modern": ([100, 100, 100, 9, 100], 21),
    "boardpia-renaissance": ([100, 100, 100, 9, 100], 21),
    "cmon-2017": ([100, 100, 100, 9, 100], 21),
    # 004: the new seller pays own share (11, with the odd 1,000) to the bank, 10 to
    # the first seller
    "hig-1992-fr": ([110, 100, 100, 9, 100], 11),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_fixed_price_double_the_adder_names_the_price_and_must_buy(variant: str) -> None:
    """001 "=": the lot is auctioned by its adder "as per the symbol on the second card";
    001 fixed price: "the auctioneer may not set a price higher than their cash
    holding" and "If all players decline then the Auctioneer must buy the card". 004:
    a seller who is the buyer "paye sa part à la banque et l'autre part à l'autre
    vendeur"."""
    game = _added_by_seat3(variant, "fixed_price", cash=[100, 100, 100, 30, 100])
    assert game.to_act() == (3,)
    with pytest.raises(IllegalActionError):
        game.apply(k(variant, "price 31"), 3)
    play(game, variant, [(3, "price 21")])
    assert game.to_act() == (4,)
    play(game, variant, [(4, "pass"), (0, "pass"), (1, "pass"), (2, "pass")])
    sold = last(game.events, "sold")
    assert (sold["seat"], sold["price"]) == (3, 21 * scale(variant))
    expected_cash, expected_bank = ADDER_MUST_BUY[variant]
    assert cash(game, variant) == expected_cash
    assert game.state.bank_in // scale(variant) == expected_bank
    assert game.to_act() == (4,)


@pytest.mark.parametrize("variant", VARIANTS)
def test_leader_adds_own_second_card_and_is_paid_everything(variant: str) -> None:
    """004 "E. Double enchère": "En offrant à la vente aux enchères un tableau comportant
    le symbole double enchère, le vendeur peut également offrir une deuxième carte de
    tableau ... Les deux tableaux sont proposés solidairement dans une vente aux enchères
    en utilisant le type de vente aux enchères indiqué sur la deuxième carte." With one
    seller there is nothing to split (004) and nobody loses a turn. Seat 0 leads an a0
    double and adds its own sealed a0; seat 2 wins at 20 and pays seat 0 everything."""
    hands = [["a0/double", "a0/sealed", "a4/open"], *HANDS5[1:]]
    hands[3] = ["a3/open", "a3/fixed_price"]
    game = position(variant, 5, hands, auctioneer=0)
    play(game, variant, [(0, "play a0/double"), (0, "add a0/sealed")])
    assert game.state.lot is not None and game.state.lot.auctioneer == 0
    play(game, variant, [(1, "bid 9"), (2, "bid 20"), (3, "pass"), (4, "bid 19"),
                         (0, "bid 3")])
    sold = last(game.events, "sold")
    assert (sold["seat"], sold["price"]) == (2, 20 * scale(variant))
    assert cash(game, variant) == [120, 100, 80, 100, 100]
    assert game.to_act() == (1,)  # nobody lost a turn


@pytest.mark.parametrize("variant", VARIANTS)
def test_nobody_adds_the_leader_keeps_the_double_free(variant: str) -> None:
    """002 "Double Auction": "If all of the players pass on placing a second painting
    card, the Auctioneer gets the original painting card they placed for free."
    004: "le vendeur obtient son premier tableau gratuitement." Seat 2 (who also holds
    an a0 double, which may not be added) passes too."""
    game = position(variant, 5, HANDS5, auctioneer=0)
    play(game, variant, [(0, "play a0/double"), (0, "pass"), (1, "pass")])
    assert [str(a) for a in game.legal(2)] == ["pass"]  # a double is no second card
    with pytest.raises(IllegalActionError):
        game.apply(k(variant, "add a0/double"), 2)
    play(game, variant, [(2, "pass"), (3, "pass"), (4, "pass")])
    sold = last(game.events, "sold")
    assert (sold["seat"], sold["price"], sold["auctioneer"]) == (0, 0, 0)
    assert len(game.state.owned[0]) == 1 and cash(game, variant) == [100] * 5
    assert game.to_act() == (1,)


@pytest.mark.parametrize("variant", VARIANTS)
def test_double_as_fifth_card_gets_no_second_card(variant: str) -> None:
    """003 "Ending the Auction Round": "If the fifth painting is the first painting of a
    Double Auction, then the round ends and no second painting is played." 004: "Si la
    première peinture d'une vente de type double enchère est la cinquième carte, la
    manche s'arrête immédiatement". Seat 2 lays the fifth a0; the next round starts on
    seat 3 (the card's player and the last auctioneer)."""
    game = position(variant, 5, HANDS5, auctioneer=2,
                    played=["a0/open", "a0/sealed", "a0/once_around", "a0/fixed_price",
                            "a1/sealed"])
    events = play(game, variant, [(2, "play a0/double")])
    assert "add" not in kinds(events)
    end = last(events, "round-end")
    assert end["counts"][game.rules.codec.artist_ids[0]] == 5
    assert last(events, "scored")["payouts"] == [0] * 5
    assert game.round == 2 and game.to_act() == (3,)


@pytest.mark.parametrize("variant", VARIANTS)
def test_second_card_as_fifth_card_both_unsold(variant: str) -> None:
    """002 "End of a Round": "If the fifth painting card ending a round is the second
    painting card revealed because of a painting card featuring a Double Auction icon,
    then the round ends immediately. Neither of those revealed painting cards will be
    auctioned (they will remain unowned by any player, thus unsold as well)." Seat 0
    leads the fourth a0, seat 3 adds the fifth; seats 1 and 2 lose their turn; the next
    round starts left of seat 3 (who laid the last card and became the auctioneer)."""
    game = position(variant, 5, HANDS5, auctioneer=0,
                    played=["a0/open", "a0/sealed", "a0/once_around"],
                    owned=[[], ["a1/open"], [], [], ["a2/sealed"]])
    events = play(game, variant, [(0, "play a0/double"), (0, "pass"), (1, "pass"),
                                  (2, "pass"), (3, "add a0/fixed_price")])
    assert "sold" not in kinds(events) and "price" not in kinds(events)
    scored = last(events, "scored")
    a = game.rules.codec.artist_ids
    assert scored["ranked"] == [a[0], a[1], a[2]]
    assert scored["payouts"] == [0, 20 * scale(variant), 0, 0, 10 * scale(variant)]
    assert game.round == 2 and game.to_act() == (4,)


@pytest.mark.parametrize("variant", VARIANTS)
def test_adder_across_the_end_of_the_table(variant: str) -> None:
    """002 "Double Auction": "At the end of the auction, play continues clockwise from the
    New Auctioneer. (This means any players between the original Auctioneer and the New
    Auctioneer will lose their chance to auction a painting.)" Four players: seat 2
    leads, seats 3 and 0 pass, seat 1 adds a sealed card; seats 3 and 0 lose their turn
    and seat 2, the leader, leads again next."""
    game = position(variant, 4, [["a4/open", "a0/open"], ["a0/sealed", "a4/sealed"],
                                 ["a0/double", "a3/open"], ["a1/open"]], auctioneer=2)
    play(game, variant, [(2, "play a0/double"), (2, "pass"), (3, "pass"), (0, "pass"),
                         (1, "add a0/sealed"), (0, "bid 10"), (1, "pass"), (2, "bid 10"),
                         (3, "bid 9")])
    sold = last(game.events, "sold")
    # tie at 10: first in line from the new auctioneer (1): 2 before 0
    assert (sold["seat"], sold["auctioneer"]) == (2, 1)
    assert game.to_act() == (2,)
