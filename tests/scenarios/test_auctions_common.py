"""The auction rules every book shares (rulebooks/README.md, "Common to all"), played
in every bundled variant. Amounts are in the books' small units (x1,000 in 001/004)."""

from __future__ import annotations

import pytest

from auctionrules.engine import Game, IllegalActionError

from .support import VARIANTS, cash, k, last, play, position, scale

#: Four players, each with a card of every type of the leftmost artist and a spare.
HANDS4 = [
    ["a0/open", "a0/once_around", "a0/sealed", "a0/fixed_price", "a4/open"],
    ["a1/open", "a1/once_around", "a1/sealed", "a1/fixed_price", "a4/sealed"],
    ["a2/open", "a2/once_around", "a2/sealed", "a2/fixed_price", "a4/once_around"],
    ["a3/open", "a3/once_around", "a3/sealed", "a3/fixed_price", "a4/fixed_price"],
]


def _bank(game: Game, variant: str) -> int:
    return game.state.bank_in // scale(variant)


@pytest.mark.parametrize("variant", VARIANTS)
def test_once_around_from_the_left_auctioneer_last_each_bid_higher(variant: str) -> None:
    """001 "The First round": "each player in turn, starting with the player to the
    auctioneer's left, makes a bid. The auction continues back to the auctioneer who
    has the last bid." 004 "B. Un seul tour": "Une offre doit être plus haute que
    l'offre précédente. Le vendeur parle en dernier. La dernière offre gagne."
    002 "Once Around Auction": "all other players will only be given a single chance"."""
    game = position(variant, 4, HANDS4, auctioneer=1)
    play(game, variant, [(1, "play a1/once_around")])
    assert game.to_act() == (2,)
    play(game, variant, [(2, "bid 8")])
    assert game.to_act() == (3,)
    play(game, variant, [(3, "pass")])
    assert game.to_act() == (0,)
    before = game.snapshot()
    with pytest.raises(IllegalActionError):  # not above the last bid
        game.apply(k(variant, "bid 8"), 0)
    assert game.snapshot() == before
    play(game, variant, [(0, "bid 12")])
    assert game.to_act() == (1,)  # the auctioneer speaks last
    with pytest.raises(IllegalActionError):
        game.apply(k(variant, "bid 12"), 1)
    events = play(game, variant, [(1, "pass")])
    sold = last(events, "sold")
    # the last (highest) bid wins and pays the auctioneer
    assert (sold["seat"], sold["price"]) == (0, 12 * scale(variant))
    assert cash(game, variant) == [88, 112, 100, 100]
    assert game.to_act() == (2,)  # the next auctioneer is on the auctioneer's left


@pytest.mark.parametrize("variant", VARIANTS)
def test_once_around_auctioneer_who_wins_pays_the_bank(variant: str) -> None:
    """001 "The First round" (Beatrix's Lite Metal): "Because she has bought her own card
    she doesn't pay any of the other players, but instead gives the 13,000 to the
    Bank." Here the bids 8 / pass / 12 / 13 with Beatrix in seat 1."""
    game = position(variant, 4, HANDS4, auctioneer=1)
    play(game, variant, [(1, "play a1/once_around"), (2, "bid 8"), (3, "pass"), (0, "bid 12"),
                         (1, "bid 13")])
    assert game.state.owned[1] and not game.state.owned[0]
    assert cash(game, variant) == [100, 87, 100, 100]
    assert _bank(game, variant) == 13


@pytest.mark.parametrize("variant", VARIANTS)
def test_sealed_tie_goes_first_in_line_from_the_auctioneer(variant: str) -> None:
    """001 "The First round" (Clemens's sealed auction): "the card goes to the one who is
    first in line, starting with the auctioneer and moving clockwise. ... Had Axel
    tied with Beatrix, he would have got the card". Clemens (seat 2) auctions; Axel
    (seat 0) and Beatrix (seat 1) tie at 12 above Clemens's 11 and Doris's nothing."""
    game = position(variant, 4, HANDS4, auctioneer=2)
    play(game, variant, [(2, "play a2/sealed")])
    assert set(game.to_act()) == {0, 1, 2, 3}  # one simultaneous secret bid each
    events = play(game, variant, [(1, "bid 12"), (3, "pass"), (0, "bid 12"), (2, "bid 11")])
    sold = last(events, "sold")
    assert (sold["seat"], sold["price"]) == (0, 12 * scale(variant))
    assert cash(game, variant) == [88, 100, 112, 100]


@pytest.mark.parametrize("variant", VARIANTS)
def test_sealed_tie_with_the_auctioneer_goes_to_the_auctioneer(variant: str) -> None:
    """004 "C. Dans la main": "Toutefois, si le vendeur est l'un des ex-æquo, c'est lui
    qui achète le tableau." 002 "Sealed Auction": "If the Auctioneer is one of the tied
    players, then he must buy the painting card." Five players; the auctioneer (seat 3)
    ties seat 4 (his left neighbour) at 20; the auctioneer pays the bank."""
    hands = [*HANDS4, ["a4/double", "a0/double"]]
    game = position(variant, 5, hands, auctioneer=3)
    play(game, variant, [(3, "play a3/sealed"), (4, "bid 20"), (0, "bid 19"), (1, "pass"),
                         (2, "bid 5"), (3, "bid 20")])
    assert last(game.events, "sold")["seat"] == 3
    assert cash(game, variant) == [100, 100, 100, 80, 100]
    assert _bank(game, variant) == 20
    assert game.to_act() == (4,)


@pytest.mark.parametrize("variant", VARIANTS)
def test_sealed_five_players_tie_wraps_round_the_table(variant: str) -> None:
    """001 "The First round": the tied player "first in line, starting with the
    auctioneer and moving clockwise" wins: auctioneer seat 3, seats 1 and 4 tie, seat 4
    is first in line from seat 3 (3, 4, 0, 1, 2)."""
    hands = [*HANDS4, ["a4/double", "a0/double"]]
    game = position(variant, 5, hands, auctioneer=3)
    play(game, variant, [(3, "play a3/sealed"), (1, "bid 15"), (4, "bid 15"), (0, "bid 14"),
                         (2, "pass"), (3, "pass")])
    assert last(game.events, "sold")["seat"] == 4
    assert cash(game, variant) == [100, 100, 100, 115, 85]


@pytest.mark.parametrize("variant", VARIANTS)
def test_sealed_nobody_bids_auctioneer_takes_it_free(variant: str) -> None:
    """001 "No Bids at Auction": "If no one makes a bid at auction the card is taken by
    the auctioneer without payment." (004: "le vendeur obtient le tableau
    gratuitement")."""
    game = position(variant, 4, HANDS4, auctioneer=0)
    events = play(game, variant, [(0, "play a0/sealed"), (1, "pass"), (2, "pass"),
                                  (3, "pass"), (0, "pass")])
    sold = last(events, "sold")
    assert (sold["seat"], sold["price"]) == (0, 0)
    assert game.state.owned[0] and cash(game, variant) == [100] * 4 and game.state.bank_in == 0
    assert game.to_act() == (1,)


@pytest.mark.parametrize("variant", VARIANTS)
def test_fixed_price_not_above_own_cash_offered_from_the_left(variant: str) -> None:
    """001 "The First round" (Doris's Yoko): "Each player in turn is offered the card at
    this price and may accept or decline ... (Notice that the auctioneer may not set a
    price higher than their cash holding)". 004 "D. Prix fixe": "en commençant par le
    joueur qui suit le vendeur". The auctioneer (seat 3) has 30; seat 0 passes, seat 1
    (who has only 20) cannot buy at 25, seat 2 buys and pays the auctioneer."""
    game = position(variant, 4, HANDS4, auctioneer=3, cash=[100, 20, 100, 30])
    play(game, variant, [(3, "play a3/fixed_price")])
    assert game.to_act() == (3,)
    before = game.snapshot()
    with pytest.raises(IllegalActionError):
        game.apply(k(variant, "price 31"), 3)
    assert game.snapshot() == before
    play(game, variant, [(3, "price 25")])
    assert game.to_act() == (0,)
    play(game, variant, [(0, "pass")])
    assert game.to_act() == (1,)
    with pytest.raises(IllegalActionError):
        game.apply("buy", 1)
    events = play(game, variant, [(1, "pass"), (2, "buy")])
    sold = last(events, "sold")
    assert (sold["seat"], sold["price"]) == (2, 25 * scale(variant))
    assert cash(game, variant) == [100, 20, 75, 55]
    assert game.to_act() == (0,)


@pytest.mark.parametrize("variant", VARIANTS)
def test_fixed_price_first_buyer_from_the_left_wins(variant: str) -> None:
    """002 "Fixed Price Auction": "If a player agrees to pay the Auctioneer's fixed price,
    the auction is over." Seat 2 auctions at 14; seat 3, first on the left, buys; seat 0
    is never asked."""
    game = position(variant, 4, HANDS4, auctioneer=2)
    events = play(game, variant, [(2, "play a2/fixed_price"), (2, "price 14"), (3, "buy")])
    assert last(events, "sold")["seat"] == 3
    assert cash(game, variant) == [100, 100, 114, 86]
    assert game.state.lot is None and game.to_act() == (3,)


@pytest.mark.parametrize("variant", VARIANTS)
def test_fixed_price_nobody_buys_auctioneer_must_buy_paying_the_bank(variant: str) -> None:
    """001: "If all players decline then the Auctioneer must buy the card at the price
    they have set." 004 "Règles générales": "Si c'est le vendeur qui a fait la plus
    forte enchère, il paie la somme annoncée à la banque"; "sauf dans une vente à prix
    fixe, à l'issue de laquelle le vendeur doit régler le prix demandé"."""
    game = position(variant, 4, HANDS4, auctioneer=1)
    events = play(game, variant, [(1, "play a1/fixed_price"), (1, "price 17"), (2, "pass"),
                                  (3, "pass"), (0, "pass")])
    sold = last(events, "sold")
    assert (sold["seat"], sold["price"]) == (1, 17 * scale(variant))
    assert cash(game, variant) == [100, 83, 100, 100]
    assert _bank(game, variant) == 17
    assert game.to_act() == (2,)


def _open(game: Game, variant: str, bids: list[tuple[int, int]]) -> None:
    """Run an open auction: each listed bid is made when its bidder is next asked (the
    others asked before pass); then everyone passes until the lot is settled."""
    for seat, amount in bids:
        while game.to_act() != (seat,):
            play(game, variant, [(game.to_act()[0], "pass")])
        play(game, variant, [(seat, f"bid {amount}")])
    while game.state.lot is not None:
        play(game, variant, [(game.to_act()[0], "pass")])


@pytest.mark.parametrize("variant", VARIANTS)
def test_open_auction_winner_pays_the_auctioneer(variant: str) -> None:
    """001 "The First round" (Axel's Krypto): "Doris could start with a bid of 14,000,
    Clemens tops her with 15,000, Doris replies with 17,000, Axel bids 18,000 and Doris
    then 19,000 ... giving Doris the card for 19,000 ... she pays the money to Axel"."""
    game = position(variant, 4, HANDS4, auctioneer=0)
    play(game, variant, [(0, "play a0/open")])
    _open(game, variant, [(3, 14), (2, 15), (3, 17), (0, 18), (3, 19)])
    sold = last(game.events, "sold")
    assert (sold["seat"], sold["price"]) == (3, 19 * scale(variant))
    assert cash(game, variant) == [119, 100, 100, 81]
    assert game.to_act() == (1,)


@pytest.mark.parametrize("variant", VARIANTS)
def test_open_auction_auctioneer_may_bid_and_pays_the_bank(variant: str) -> None:
    """004 "A. Aller et retour": "tous les joueurs (le vendeur y compris) peuvent enchérir
    dans n'importe quel ordre"; "Si c'est le vendeur qui a fait la plus forte enchère, il
    paie la somme annoncée à la banque"."""
    game = position(variant, 4, HANDS4, auctioneer=2)
    play(game, variant, [(2, "play a2/open")])
    _open(game, variant, [(0, 10), (2, 11)])
    assert last(game.events, "sold")["seat"] == 2
    assert cash(game, variant) == [100, 100, 89, 100]
    assert _bank(game, variant) == 11


@pytest.mark.parametrize("variant", VARIANTS)
def test_open_auction_nobody_bids_auctioneer_takes_it_free(variant: str) -> None:
    """002 "Open Auction": "If no player makes a bid at all, then the Auctioneer gets the
    painting card for free." """
    game = position(variant, 4, HANDS4, auctioneer=3)
    play(game, variant, [(3, "play a3/open")])
    _open(game, variant, [])
    sold = last(game.events, "sold")
    assert (sold["seat"], sold["price"]) == (3, 0)
    assert cash(game, variant) == [100] * 4
    assert game.to_act() == (0,)


@pytest.mark.parametrize(("variant", "step"), [
    ("hig-1992-en", 1000), ("hig-1992-fr", 1000), ("taiwan", 1), ("boardpia-modern", 1),
    ("boardpia-renaissance", 1), ("cmon-2017", 1),
])
def test_bid_unit(variant: str, step: int) -> None:
    """001 "The First round": "all bids should be in multiples of 1000"; 004 "Règles
    générales": "toutes les offres doivent être multiples de 1000 (au moins un jeton)";
    002 "Flow of Auctions": "a player must bid at least a minimum value of 1"; 000 and
    003 count in single coins / k€. "aucun joueur ne peut faire une offre supérieure à
    la somme qu'il possède" (004)."""
    game = position(variant, 4, HANDS4, auctioneer=0, cash=[100, 37, 100, 100])
    play(game, variant, [(0, "play a0/once_around")])
    assert game.legal(1).bid == (step, 37 * scale(variant), step)
    if step > 1:
        with pytest.raises(IllegalActionError):
            game.apply(f"bid {12 * step + step // 2}", 1)
    with pytest.raises(IllegalActionError):
        game.apply("bid 0", 1)
    with pytest.raises(IllegalActionError):
        game.apply(k(variant, "bid 38"), 1)
    play(game, variant, [(1, "bid 12")])
    assert game.legal(2).bid == (13 * step, 100 * scale(variant), step)


@pytest.mark.parametrize("variant", VARIANTS)
def test_open_auction_each_bid_above_the_last_a_pass_is_not_final(variant: str) -> None:
    """004 "Règles générales": "chaque offre doit être supérieure à l'offre précédente";
    001 "Kreuz und Quer": "there is no order of bidding and bids can be raised as
    players wish" (Doris bids 14, then again 17 and 19 after others). The asking order
    (in turn from the auctioneer's left) is the variants' note on auctions.open.ending."""
    game = position(variant, 3, HANDS4[:3], auctioneer=0)
    play(game, variant, [(0, "play a0/open"), (1, "bid 10")])
    assert game.to_act() == (2,)
    with pytest.raises(IllegalActionError):
        game.apply(k(variant, "bid 10"), 2)
    assert game.legal(2).bid == (10 * scale(variant) + game.rules.unit,
                                 100 * scale(variant), game.rules.unit)
    play(game, variant, [(2, "pass"), (0, "bid 12"), (1, "pass"), (2, "bid 13"), (0, "pass"),
                         (1, "pass")])
    sold = last(game.events, "sold")
    assert (sold["seat"], sold["price"]) == (2, 13 * scale(variant))
    assert cash(game, variant) == [113, 100, 87]
