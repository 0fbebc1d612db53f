"""Dummy hands: the three-player variant of 000, 001, 002 and 004 (module mystery-hand)
and the two-player variant of 002 (rulebooks/README.md, the dummy-hand rows)."""

from __future__ import annotations

import pytest

from auctionrules.engine import Flip, Game, IllegalActionError, Pass, Reason

from .support import cash, ids, kinds, last, names, play, position, ruleset, scale, tr

MYSTERY = ("hig-1992-en+mystery-hand", "hig-1992-fr+mystery-hand", "taiwan+mystery-hand",
           "boardpia-modern+mystery-hand")
#: Who may turn a dummy card over after a lot: the auctioneer (001, 004) or the winner
#: (000, 002).
BY_WINNER = {"hig-1992-en+mystery-hand": False, "hig-1992-fr+mystery-hand": False,
             "taiwan+mystery-hand": True, "boardpia-modern+mystery-hand": True}


@pytest.mark.parametrize("variant", MYSTERY)
def test_three_players_are_dealt_as_four(variant: str) -> None:
    """001 "Variant for Three Players": "The cards are dealt for four players, the fourth
    hand is laid to one side face down." 000: "At the beginning of the game, and after
    every auction round, four sets of cards are dealt according to the table in the
    rules. (As if there were four people playing.)" 004: "Distribuer les cartes comme
    s'il y avait quatre joueurs". Nine cards each, then four each (dummy included)."""
    game = Game.new(ruleset(variant), 3, seed=5)
    assert [len(h) for h in game.state.hands] == [9, 9, 9, 9]
    game = position(variant, 3, [["a0/fixed_price"], ["a1/open"], ["a1/sealed"]],
                    dummy_hands=[["a2/open"]], played=["a0/open"] * 3 + ["a0/sealed"],
                    deck=["a3/open"] * 3 + ["a3/sealed"] * 3 + ["a4/open"] * 4
                    + ["a4/sealed"] * 3 + ["a2/sealed"] * 3)
    play(game, variant, [(0, "play a0/fixed_price")])
    assert game.round == 2
    assert [len(h) for h in game.state.hands] == [4, 5, 5, 5]
    assert len(game.state.deck) == 0


@pytest.mark.parametrize("variant", MYSTERY)
def test_who_may_turn_the_dummy_card_over(variant: str) -> None:
    """001 "Variant for Three Players": "Every time that a player has auctioned a card or
    cards, after the auction, they may, if they wish, turn over the topmost card"; 004:
    "Un joueur, après avoir conduit une vente aux enchères ... peut retourner une carte";
    000: "the player who wins the bidding may turn over the top card of the virtual
    player"; 002: "The winner of an auction can choose whether or not to reveal the top
    card of the dummy player's hand." Seat 0 auctions, seat 1 wins."""
    game = position(variant, 3, [["a0/open", "a4/open"], ["a1/open"], ["a2/open"]],
                    dummy_hands=[["a3/sealed", "a3/open"]])
    play(game, variant, [(0, "play a0/open"), (1, "bid 6"), (2, "pass"), (0, "pass")])
    flipper, other = (1, 0) if BY_WINNER[variant] else (0, 1)
    assert game.to_act() == (flipper,)
    assert set(game.legal(flipper)) == {Flip(), Pass()}
    before = game.snapshot()
    with pytest.raises(IllegalActionError):
        game.apply("flip", other)
    assert game.snapshot() == before
    events = play(game, variant, [(flipper, "flip")])
    flip = last(events, "flip")
    assert flip["seat"] == flipper
    assert game.to_act() == (1,)  # the next auctioneer: left of seat 0


@pytest.mark.parametrize("variant", MYSTERY[:1] + MYSTERY[2:])
def test_the_top_card_is_turned_over(variant: str) -> None:
    """001: "turn over the topmost card from the fourth hand"; 000: "the top card of the
    virtual player"; 002: "reveal the top card of the dummy player's hand"."""
    game = position(variant, 3, [["a0/open", "a0/sealed"], ["a1/open"], ["a2/open"]],
                    dummy_hands=[["a3/sealed", "a4/open", "a1/sealed"]])
    play(game, variant, [(0, "play a0/sealed"), (1, "pass"), (2, "pass"), (0, "pass")])
    play(game, variant, [(0, "flip")])  # nobody bid: seat 0 is auctioneer and taker
    play(game, variant, [(1, "play a1/open"), (2, "pass"), (0, "pass"), (1, "pass"),
                         (1, "flip")])
    assert [e["card"] for e in game.events if e.kind == "flip"] == [
        tr(variant, "a3/sealed"), tr(variant, "a4/open")]
    assert names(game, game.state.hands[3]) == [tr(variant, "a1/sealed")]


@pytest.mark.parametrize("variant", MYSTERY)
def test_dummy_cards_count_but_are_never_sold_or_paid(variant: str) -> None:
    """001: "The cards so turned over are neither auctioned, nor are they cashed in at
    the end of the round, their only effect is to increase the number of cards on the
    table"; "If turning over one of these cards causes there to be 5 of that type on the
    table, then that ends the auction immediately"; "If the card turned over from the
    "Japanese" hand is a "=" card, no second card is turned over." Four a1 are out; the
    dummy's top card is an a1 double: it is the fifth a1 and ends the round; the two a2
    of seat 2 are second; nobody is paid for a dummy card."""
    game = position(variant, 3, [["a0/open", "a1/once_around"], ["a1/fixed_price"],
                                 ["a2/open"]],
                    dummy_hands=[["a1/double", "a1/sealed"]],
                    played=["a1/open", "a1/open", "a1/open", "a1/sealed"],
                    owned=[[], [], ["a2/sealed", "a2/once_around"]])
    play(game, variant, [(0, "play a0/open"), (1, "pass"), (2, "bid 3"), (0, "pass"),
                         (1, "pass")])
    flipper = 2 if BY_WINNER[variant] else 0
    events = play(game, variant, [(flipper, "flip")])
    assert kinds(events)[:3] == ["flip", "round-end", "scored"]
    assert "add" not in kinds(events)
    scored = last(events, "scored")
    a = ids(variant)
    assert scored["ranked"] == [a[1], a[2], a[0]]
    assert scored["payouts"] == [0, 0, 2 * 20 * scale(variant) + 10 * scale(variant)]


@pytest.mark.parametrize("variant", MYSTERY)
def test_dummy_double_gets_no_second_card_and_play_goes_on(variant: str) -> None:
    """000: "If a Double auction card is revealed when turning over the top card of this
    virtual player, a second card must not be played." 004: "Si un tableau mystère est
    de type double enchère, on ne joue pas une deuxième carte." """
    game = position(variant, 3, [["a0/open", "a1/open"], ["a1/fixed_price", "a1/sealed"],
                                 ["a2/open"]],
                    dummy_hands=[["a1/double"]])
    play(game, variant, [(0, "play a0/open"), (1, "pass"), (2, "pass"), (0, "pass"),
                         (0, "flip")])
    assert game.state.lot is None and game.to_act() == (1,)
    assert [str(a) for a in game.legal(1)] == [f"play {tr(variant, c)}"
                                               for c in ("a1/sealed", "a1/fixed_price")]
    assert names(game, game.state.table) == [tr(variant, "a1/double")]


@pytest.mark.parametrize("variant", MYSTERY)
def test_double_lot_who_turns_the_card(variant: str) -> None:
    """001: "Every time that a player has auctioned a card or cards" (the adder auctions
    a double lot: "Whoever adds the second card ... auctions off both cards"); 000 and
    002: the winner. Seat 0 leads a double, seat 1 adds an open card and auctions, seat
    2 buys."""
    game = position(variant, 3, [["a0/double", "a4/open"], ["a0/open", "a4/sealed"],
                                 ["a2/open"]],
                    dummy_hands=[["a3/open"]])
    play(game, variant, [(0, "play a0/double"), (0, "pass"), (1, "add a0/open"),
                         (2, "bid 20"), (0, "pass"), (1, "pass")])
    assert game.to_act() == ((2,) if BY_WINNER[variant] else (1,))
    play(game, variant, [(game.to_act()[0], "pass")])
    assert game.to_act() == (2,)  # left of the new auctioneer; seat 0 ... seat 1 adder


@pytest.mark.parametrize("variant", ("hig-1992-en+mystery-hand", "hig-1992-fr+mystery-hand"))
def test_dummy_card_ends_round_next_round_left_of_the_auctioneer(variant: str) -> None:
    """001: "Play in subsequent rounds commences with the player to the left of the player
    who last played in the previous round"; 004: "La partie reprend avec le joueur à la
    gauche du joueur qui a proposé le dernier tableau". The auctioneer (seat 1) turns
    over the fifth a3: both readings give seat 2."""
    game = position(variant, 3, [["a0/open"], ["a1/open", "a1/sealed"], ["a2/open"]],
                    dummy_hands=[["a3/open"]], played=["a3/sealed"] * 3 + ["a3/once_around"],
                    auctioneer=1)
    play(game, variant, [(1, "play a1/open"), (2, "pass"), (0, "bid 2"), (1, "pass"),
                         (2, "pass"), (1, "flip")])
    assert game.round == 2 and game.to_act() == (2,)
    assert cash(game, variant) == [98 + 20, 102, 100]  # a1 is second


# --- the two-player variant of 002 ---------------------------------------------------------

TWO = ("boardpia-modern", "boardpia-renaissance")


@pytest.mark.parametrize("variant", TWO)
def test_two_players_dealt_as_four(variant: str) -> None:
    """002 "2 PLAYER VARIANT": "deal out the cards as if there are four players. Aside
    from the human players, the other two will serve as dummy players." """
    game = Game.new(ruleset(variant), 2, seed=2)
    assert [len(h) for h in game.state.hands] == [9, 9, 9, 9]


@pytest.mark.parametrize("variant", TWO)
def test_two_players_a_dummy_card_after_every_turn_alternately(variant: str) -> None:
    """002 "2 PLAYER VARIANT": "between each human player's turn, flip over the top card
    from one of the dummy player's decks. This card will not be auctioned". Turns: a
    sale, a fixed price the auctioneer must buy, a double its leader completes (as the
    variant requires) and nobody bids on; the dummy hands are turned alternately (the
    natural reading, rulebooks/README.md), no player is asked."""
    game = position(variant, 2, [["a0/open", "a1/double", "a1/sealed"],
                                 ["a2/fixed_price", "a3/open"]],
                    dummy_hands=[["a4/open", "a4/sealed"], ["a3/sealed", "a3/once_around"]])
    play(game, variant, [(0, "play a0/open"), (1, "bid 4"), (0, "pass")])
    assert game.to_act() == (1,)
    play(game, variant, [(1, "play a2/fixed_price"), (1, "price 9"), (0, "pass")])
    assert game.to_act() == (0,)
    play(game, variant, [(0, "play a1/double"), (0, "add a1/sealed"), (0, "pass"),
                         (1, "pass")])
    flips = [(e["hand"], e["card"]) for e in game.events if e.kind == "flip"]
    assert flips == [(0, tr(variant, "a4/open")), (1, tr(variant, "a3/sealed")),
                     (0, tr(variant, "a4/sealed"))]
    assert cash(game, variant) == [104, 87]
    assert game.to_act() == (1,)


@pytest.mark.parametrize("variant", TWO)
def test_two_players_dummy_card_can_end_the_game(variant: str) -> None:
    """002 "2 PLAYER VARIANT": "Either of the dummy players' cards can trigger the end of
    a round or the game." Round 4: the dummy card turned after seat 1's turn is the
    fifth a2; the game ends; seat 0's a2 pays 30."""
    game = position(variant, 2, [["a0/open"], ["a1/open", "a1/sealed"]], round=4, deck=[],
                    dummy_hands=[["a2/sealed"], ["a4/open"]],
                    played=["a2/open"] * 3, owned=[["a2/once_around"], []],
                    auctioneer=1)
    play(game, variant, [(1, "play a1/open"), (0, "pass"), (1, "pass")])
    assert game.is_over
    assert game.outcome is not None and game.outcome.reason is Reason.ROUNDS_COMPLETE
    assert last(game.events, "round-end")["artist"] == ids(variant)[2]
    assert cash(game, variant) == [130, 120]  # seat 1 kept its a1 (second)


@pytest.mark.parametrize("variant", TWO)
def test_two_players_a_double_is_not_sent_round_for_free(variant: str) -> None:
    """002 "2 PLAYER VARIANT": "For Double Auctions, you may only play a Double Auction
    card if you possess a second auction card that goes with it. So, in other words,
    this means you are not allowed to try and send a single Double Auction card around
    the table in hopes to get it back again for free." Seat 0 leads an a1 double with a
    companion in hand: the companion must go with it; passing (to send the single
    double round the table) is not allowed."""
    game = position(variant, 2, [["a1/double", "a1/sealed"], ["a3/open"]],
                    dummy_hands=[["a4/open"], ["a4/sealed"]])
    play(game, variant, [(0, "play a1/double")])
    assert Pass() not in game.legal(0)
    assert [str(a) for a in game.legal(0)] == [f"add {tr(variant, 'a1/sealed')}"]


@pytest.mark.parametrize("variant", TWO)
def test_two_players_game_goes_on_while_players_hold_cards(variant: str) -> None:
    """002 "OBJECT OF THE GAME": "The game consists of four auctioning rounds"; the only
    early end is "If every player runs out of cards before the end of the fourth round,
    then as the last painting card becomes auctioned off, it triggers the end of the
    game." 2 PLAYER VARIANT: "you may only play a Double Auction card if you possess a
    second auction card that goes with it". Round 2: after seat 0's open card, both
    players hold one double each and no companion: they have not run out of cards, so
    the game may not end here (rounds 3 and 4 deal new cards). No book says what happens
    instead; round_end.no_playable_card (default next-round) ends the round and deals the
    next one, the unplayable doubles kept in hand."""
    game = position(variant, 2, [["a0/open", "a1/double"], ["a2/double"]], round=2,
                    dummy_hands=[["a3/open"] * 3, ["a4/open"] * 3])
    play(game, variant, [(0, "play a0/open"), (1, "pass"), (0, "pass")])
    assert not game.is_over
    assert last(game.events, "round-end")["reason"] == "no-playable-card"
    assert game.round == 3
    assert [len(h) for h in game.state.hands[:2]] == [1 + 4, 1 + 4]
