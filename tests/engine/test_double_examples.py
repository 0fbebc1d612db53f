"""Double auctions: who adds, who auctions, who is paid (the matrix of rulebooks/README.md)."""

from __future__ import annotations

import pytest

from auctionrules.engine import Game, IllegalActionError

from .conftest import ruleset, with_modules
from .helpers import kinds, last, run, translate

HANDS = [
    ["lite-metal/double", "krypto/open"],
    ["lite-metal/open", "krypto/sealed"],
    ["krypto/once_around"],
    ["krypto/fixed_price"],
]
#: Seat 0 leads a Lite Metal double and passes; seat 1 adds an open Lite Metal and
#: auctions it (the open auction then asks seats 2, 3, 0, 1 in turn).
ADDED_BY_OTHER = [(0, "play lite-metal/double"), (0, "pass"), (1, "add lite-metal/open")]


def _double_sold_to(variant: str, winner: int, price: int) -> Game:
    rs = ruleset(variant) if "+" not in variant else with_modules(*variant.split("+"))
    ids = tuple(a.id for a in rs.theme.artists)
    game = Game.from_position(rs, 4, hands=[[translate(ids, c) for c in h] for h in HANDS])
    run(game, [(s, translate(ids, a)) for s, a in ADDED_BY_OTHER[:3]])
    order = [2, 3, 0, 1]
    start = order.index(winner)
    # those before the winner pass, the winner bids, the three others pass
    for seat in order[:start]:
        run(game, [(seat, "pass")])
    run(game, [(winner, f"bid {price}")])
    for seat in (order[start:] + order[:start])[1:]:
        run(game, [(seat, "pass")])
    assert game.state.lot is None
    return game


def test_001_adder_receives_everything() -> None:
    """001 "=" (Extra card): the player who adds the second card auctions both and
    receives all the proceeds ("not split as some translations have stated")."""
    game = _double_sold_to("hig-1992-en", winner=2, price=33000)
    assert list(game.state.cash) == [100000, 133000, 67000, 100000]
    sold = last(game.events, "sold")
    assert sold["cards"] == ["lite-metal/double", "lite-metal/open"]
    assert sold["auctioneer"] == 1
    # Play continues on the new auctioneer's left: seat 2; seat 1 lost nothing, seat 0's
    # neighbours between lose their turn.
    assert game.to_act() == (2,)


@pytest.mark.parametrize("variant", ["boardpia-modern", "cmon-2017"])
def test_002_003_new_auctioneer_is_paid(variant: str) -> None:
    """002 "Double Auction": "The highest bidder wins both painting cards and pays the
    New Auctioneer (not the original Auctioneer)"; 003 "E. Double Auction": "the new
    auctioneer receives all the money"."""
    game = _double_sold_to(variant, winner=3, price=33)
    assert list(game.state.cash) == [100, 133, 100, 67]
    assert game.to_act() == (2,)  # play continues left of the new auctioneer


def test_004_split_proceeds_odd_unit_to_new_seller() -> None:
    """004 "E. Double enchère": the money is split equally between the first and the
    new seller; an odd $1,000 goes to the new seller."""
    game = _double_sold_to("hig-1992-fr", winner=2, price=33000)
    assert list(game.state.cash) == [116000, 117000, 67000, 100000]
    assert last(game.events, "sold")["payments"] == [[1, 17000], [0, 16000]]


@pytest.mark.parametrize(("winner", "cash", "bank"), [
    (0, [100000 - 33000, 117000, 100000, 100000], 16000),
    (1, [116000, 100000 - 33000, 100000, 100000], 17000),
])
def test_004_seller_who_wins_pays_own_share_to_bank(
    winner: int, cash: list[int], bank: int
) -> None:
    """004: "Si l'un ou l'autre des deux vendeurs est le meilleur enchérisseur, il paye
    sa part à la banque et l'autre part à l'autre vendeur." """
    game = _double_sold_to("hig-1992-fr", winner=winner, price=33000)
    assert list(game.state.cash) == cash
    assert game.state.bank_in == bank


def test_004_single_beneficiary_variant() -> None:
    """004 optional rule (module single-beneficiary): all to the new auctioneer."""
    game = _double_sold_to("hig-1992-fr+single-beneficiary", winner=2, price=33000)
    assert list(game.state.cash) == [100000, 133000, 67000, 100000]


def test_nobody_adds_leader_keeps_the_card_free() -> None:
    """001: "If no player can or will follow suit, the player who originally played the
    card gets the card back and puts it face up in front of him without paying"."""
    game = Game.from_position(ruleset("hig-1992-en"), 4, hands=HANDS)
    events = run(game, [(0, "play lite-metal/double"), (0, "pass"), (1, "pass"),
                        (2, "pass"), (3, "pass")])
    sold = last(events, "sold")
    assert (sold["seat"], sold["price"], sold.get("free")) == (0, 0, True)
    assert game.state.owned[0] and list(game.state.cash) == [100000] * 4
    assert game.to_act() == (1,)


def test_only_a_companion_of_the_same_artist_may_be_added() -> None:
    game = Game.from_position(ruleset("hig-1992-en"), 4, hands=HANDS)
    run(game, [(0, "play lite-metal/double"), (0, "pass")])
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match="artist"):
        game.apply("add krypto/sealed", 1)
    with pytest.raises(IllegalActionError, match="not in"):
        game.apply("add lite-metal/sealed", 1)
    assert game.snapshot() == before
    assert [str(a) for a in game.legal(1)] == ["add lite-metal/open", "pass"]


def test_002_double_as_fifth_card_no_second_card() -> None:
    """002 "End of a Round", example: with four Van Gogh out, a Van Gogh double ends the
    round at once; no second card is played."""
    game = Game.from_position(
        ruleset("boardpia-modern"), 4,
        hands=[["van-gogh/double"], ["van-gogh/open"], ["munch/open"], ["munch/sealed"]],
        played=["van-gogh/sealed", "van-gogh/once_around", "van-gogh/fixed_price",
                "van-gogh/sealed", "munch/once_around", "munch/fixed_price", "munch/double",
                "cezanne/open", "cezanne/sealed", "manet/open", "klimt/open"],
    )
    events = run(game, [(0, "play van-gogh/double")])
    assert kinds(events)[:3] == ["play", "round-end", "scored"]
    assert last(events, "round-end")["counts"]["van-gogh"] == 5
    assert "add" not in kinds(events)


def test_001_second_card_of_double_as_fifth_card() -> None:
    """001 "Ending a round with an equals card": three Krypto out, a Krypto double and a
    second Krypto make five; the round ends, neither card is auctioned or sold."""
    game = Game.from_position(
        ruleset("hig-1992-en"), 4,
        hands=[["krypto/double", "yoko/open"], ["krypto/open", "yoko/double"], ["yoko/sealed"],
               ["yoko/fixed_price"]],
        played=["krypto/sealed", "krypto/once_around", "krypto/fixed_price"],
    )
    events = run(game, [(0, "play krypto/double"), (0, "pass"), (1, "add krypto/open")])
    assert kinds(events)[-4:] == ["add", "round-end", "scored", "deal"]
    scored = last(events, "scored")
    assert scored["ranked"][0] == "krypto"
    assert scored["payouts"] == [0, 0, 0, 0]
    assert list(game.state.cash) == [100000] * 4
    # The round ended on seat 1's card: the next round starts on seat 2.
    assert game.to_act() == (2,)
