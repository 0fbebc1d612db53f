"""Ending a round, ranking, valuation, the next round and the end of the game, in every
variant (rulebooks/README.md "Common to all" and the matrix rows on the next-round
starter, hands exhausted and fewer than three artists). Amounts in small units."""

from __future__ import annotations

import pytest

from auctionrules.engine import Game, Reason

from .support import (
    VARIANTS,
    cash,
    ids,
    kinds,
    last,
    names,
    play,
    position,
    ruleset,
    scale,
    tr,
)


def _values(variant: str, values: dict[int, int]) -> dict[str, int]:
    a = ids(variant)
    return {a[i]: values.get(i, 0) * scale(variant) for i in range(5)}


@pytest.mark.parametrize("variant", VARIANTS)
def test_first_round_settling_up(variant: str) -> None:
    """001 "Settling Up": "All cards on the table, including the last one played are
    counted ... In first place with 5 cards is "Lite Metal" ... Next comes "Christin P"
    with two cards ... There is one card of both "Yoko" and "Krypto" on the table, in
    the case of draws, the type which lies furthest to the left on the board wins ...
    The "Krypto" card is valueless ... as is the last "Lite Metal" card played."
    Axel (seat 0) owns nothing, Beatrix a Lite Metal and the Yoko, Clemens two Lite
    Metal, Doris a Lite Metal, two Christin P and the Krypto; Clemens lays the fifth
    Lite Metal."""
    game = position(
        variant, 4,
        hands=[["a4/sealed"], ["a3/open"], ["a0/open", "a3/sealed"], ["a2/open"]],
        owned=[[], ["a0/once_around", "a1/fixed_price"], ["a0/double", "a0/open"],
               ["a0/sealed", "a2/double", "a2/sealed", "a4/open"]],
        cash=[152, 104, 79, 52],
        auctioneer=2,
    )
    events = play(game, variant, [(2, "play a0/open")])
    scored = last(events, "scored")
    a = ids(variant)
    assert scored["ranked"] == [a[0], a[2], a[1]]
    assert scored["values"] == _values(variant, {0: 30, 2: 20, 1: 10})
    assert cash(game, variant) == [152, 144, 139, 122]
    assert game.to_act() == (3,)  # left of Clemens, who laid the last card


def _round2(variant: str, board: dict[int, list[int]], counts: dict[int, int],
            fifth: int) -> Game:
    """Round 2: seat 0 owns one card of every artist, ``counts`` cards of each artist are
    out (the rest unowned), seat 1 lays the fifth card of ``fifth``."""
    a = ids(variant)
    played = []
    for artist, n in counts.items():
        extra = n - 1 - (artist == fifth)
        played += [f"a{artist}/open"] * max(extra, 0)
    game = position(
        variant, 3, round=2,
        hands=[["a0/double"], [f"a{fifth}/sealed"], ["a1/double"]],
        owned=[[f"a{i}/once_around" for i in range(5)], [], []],
        played=played, board={a[i]: v for i, v in board.items()}, auctioneer=1,
    )
    play(game, variant, [(1, f"play a{fifth}/sealed")])
    return game


@pytest.mark.parametrize("variant", VARIANTS)
def test_001_second_round_values_add_up_unranked_pays_nothing(variant: str) -> None:
    """001 "Settling up after the second and third rounds": 5 Karl Gitter, 4 Christin P,
    3 Yoko, 1 Krypto, 1 Lite Metal; "Karl Gitter = 30,000 + 0 = 30,000 ... Christin P =
    20,000 + 20,000 = 40,000 ... Yoko = 10,000 + 10,000 = 20,000 ... The 30,000 marker
    for Lite Metal is not counted at this point, since Lite Metal wasn't one of the
    three successful types in this round." """
    game = _round2(variant, {0: [30], 2: [20], 1: [10]}, {3: 5, 2: 4, 1: 3, 4: 1, 0: 1},
                   fifth=3)
    scored = last(game.events, "scored")
    assert scored["values"] == _values(variant, {3: 30, 2: 40, 1: 20})
    assert scored["payouts"] == [90 * scale(variant), 0, 0]
    assert game.state.board[1] == [0, 10 * scale(variant), 20 * scale(variant),
                             30 * scale(variant), 0]
    assert cash(game, variant) == [190, 100, 100]


@pytest.mark.parametrize("variant", VARIANTS)
def test_000_second_round_values(variant: str) -> None:
    """000 "Settling up after the second and third rounds": 5 Taiwan scenery, 4 Chia yi,
    3 Objects, 1 International scenery, 1 Human; "Objects genre = 10 + 10 = 20 ...
    Taiwan Scenery genre = 0 + 30 = 30 ... Chia yi scenery genre = 30 + 20 = 50"; "The
    20 marker for Human genre is not counted at this point"."""
    game = _round2(variant, {4: [30], 1: [20], 0: [10]}, {3: 5, 4: 4, 0: 3, 2: 1, 1: 1},
                   fifth=3)
    scored = last(game.events, "scored")
    assert scored["values"] == _values(variant, {0: 20, 3: 30, 4: 50})
    assert cash(game, variant) == [200, 100, 100]


#: (round, Krypto's earlier markers, cards out besides the five a0, Krypto's place or
#: None, one Krypto's value); seat 0 owns two Krypto (a4).
KRYPTO = [
    (2, [30], ["a1/open"] * 3, 2, 40),  # "ses tableaux valent 40.000"
    (3, [30, 10], ["a1/open"] * 3 + ["a2/open"] * 3, None, 0),  # "ne vaudront rien"
    (4, [30, 10, 0], ["a4/sealed", "a1/open", "a1/open"], 1, 60),  # "vaudront ... 60.000"
]


@pytest.mark.parametrize(("variant", "case"), [(v, c) for v in VARIANTS for c in KRYPTO])
def test_004_krypto_example(variant: str, case: tuple) -> None:  # type: ignore[type-arg]
    """004 "Vente à la banque" (Krypto): first in round 1; third in round 2, "ses
    tableaux valent 40.000 (10.000 en tant que troisième dans cette manche, plus 30.000
    pour avoir été premier dans la manche précédente)"; not in the first three in round
    3, "ses tableaux ne vaudront rien en dépit des 40.000 marqués sur le plateau"; second
    in the final round, "ses tableaux vaudront chacun 60.000"."""
    rnd, board, others, place, value = case
    game = position(
        variant, 3, round=rnd,
        hands=[["a1/double"], ["a0/fixed_price"], ["a2/double"]],
        owned=[["a4/once_around", "a4/fixed_price"], [], []],
        played=["a0/open"] * 3 + ["a0/sealed", *others], board={ids(variant)[4]: board},
        auctioneer=1,
    )
    events = play(game, variant, [(1, "play a0/fixed_price")])
    scored = last(events, "scored")
    a = ids(variant)
    if place is None:
        assert a[4] not in scored["ranked"]
    else:
        assert scored["ranked"].index(a[4]) == place
    assert scored["values"][a[4]] == value * scale(variant)
    assert scored["payouts"][0] == 2 * value * scale(variant)


@pytest.mark.parametrize("variant", VARIANTS)
def test_ties_in_the_ranking_go_to_the_artist_further_left(variant: str) -> None:
    """001 "Equal numbers of cards": "if two or more types have equal numbers of
    representatives on the table, the card type lying furthest to the left on the
    board wins. ie Lite Metal has precedence over Yoko, Yoko over Christin P and so
    on." 002 example: "Manet and Klimt each have three cards. Since Manet is closer to
    the left side of the board, Manet takes second place while Klimt takes third
    place. There is only one Cézanne auctioned, so he is unranked." """
    game = position(
        variant, 4,
        hands=[["a3/sealed"], ["a2/double"], ["a2/open"], ["a2/sealed"]],
        played=["a3/open"] * 3 + ["a3/once_around", "a4/open", "a4/open", "a0/open", "a0/open",
                                   "a1/open"],
        owned=[["a4/sealed"], ["a0/sealed"], ["a1/sealed"], []],
    )
    events = play(game, variant, [(0, "play a3/sealed")])
    scored = last(events, "scored")
    a = ids(variant)
    assert scored["ranked"] == [a[3], a[0], a[4]]
    assert scored["payouts"] == [10 * scale(variant), 20 * scale(variant), 0, 0]


@pytest.mark.parametrize("variant", VARIANTS)
def test_fewer_than_three_artists_only_those_are_ranked(variant: str) -> None:
    """004 "Vente à la banque": "Si moins de trois artistes ont été proposés à la vente
    pendant la manche, seuls ces artistes sont classés." (003 is cut off after "If
    there were less than three artists who sold paintings this"; the other books are
    silent and every variant ranks played artists only.) Round 4, the last cards in
    hand are two artists only: the unplayed artists get no marker."""
    game = position(
        variant, 3, round=4, deck=[],
        hands=[["a2/open"], ["a4/open"], []],
        board={ids(variant)[0]: [30, 30, 30]},
    )
    play(game, variant, [(0, "play a2/open"), (1, "bid 5"), (2, "pass"), (0, "pass")])
    events = play(game, variant, [(1, "play a4/open")])
    if not game.is_over:  # 002: the last card is auctioned first
        events += play(game, variant, [(2, "pass"), (0, "pass"), (1, "pass")])
    assert game.is_over
    scored = last(events, "scored")
    a = ids(variant)
    assert set(scored["ranked"]) == {a[2], a[4]}
    assert game.state.board[3] == [0, 0, 30 * scale(variant), 0, 20 * scale(variant)]
    assert scored["values"][a[0]] == 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_player_without_cards_skips_leading_but_still_bids(variant: str) -> None:
    """001 "All cards played": "If one or more players run out of cards during a round,
    they merely miss their turn. Obviously, they may still bid for cards played by
    other players." 002: "he also can't be an Auctioneer. However, he can still bid".
    Five players; seats 1 and 2 have no cards; seat 2 buys seat 0's card; seat 3
    leads next."""
    game = position(variant, 5, hands=[["a0/open", "a0/sealed"], [], [], ["a1/open"],
                                       ["a2/open"]])
    play(game, variant, [(0, "play a0/once_around".replace("once_around", "open"))])
    bidders = []
    while game.state.lot is not None:
        seat = game.to_act()[0]
        bidders.append(seat)
        play(game, variant, [(seat, "bid 7" if seat == 2 and 2 not in bidders[:-1]
                              else "pass")])
    assert {1, 2} <= set(bidders)
    assert last(game.events, "sold")["seat"] == 2
    assert game.to_act() == (3,)
    play(game, variant, [(3, "play a1/open")] + [(s, "pass") for s in (4, 0, 1, 2, 3)])
    assert game.to_act() == (4,)
    play(game, variant, [(4, "play a2/open")] + [(s, "pass") for s in (0, 1, 2, 3, 4)])
    assert game.to_act() == (0,)  # seats 1, 2, 3 are empty now


@pytest.mark.parametrize(("variant", "players", "new"), [
    (v, p, n) for v in VARIANTS for p, n in ((3, 6), (4, 4), (5, 3))
])
def test_cards_dealt_per_round(variant: str, players: int, new: int) -> None:
    """001 "The Second and subsequent rounds": "3 Players 10 6 6 0; 4 Players 9 4 4 0;
    5 Players 8 3 3 0"; hands carry over ("Les cartes dans les mains des joueurs ne sont
    pas jetées entre les manches", 004). A new game deals the first column; when seat 0
    lays a fifth a0, every hand gets the second column's number of cards."""
    first = {3: 10, 4: 9, 5: 8}[players]
    game = Game.new(ruleset(variant), players, seed=3)
    assert [len(h) for h in game.state.hands] == [first] * players
    assert len(game.state.deck) == 70 - players * first
    others = [["a1/sealed"], ["a1/once_around"], ["a1/fixed_price"], ["a1/sealed"]]
    hands = [["a0/fixed_price", "a1/open"], *others[: players - 1]]
    deck = ["a3/open"] * 3 + ["a4/open"] * 4 + ["a2/open"] * 3 + ["a2/sealed"] * 3
    deck += ["a3/sealed"] * 3 + ["a4/sealed"] * 3 + ["a4/once_around"]
    game = position(variant, players, hands, played=["a0/open"] * 3 + ["a0/sealed"],
                    deck=deck)
    play(game, variant, [(0, "play a0/fixed_price")])
    assert game.round == 2
    # 004: "une fois que chacun a été payé pour ses tableaux, tous les tableaux sont
    # jetés ... Les tableaux ne restent jamais exposés d'une manche à l'autre."
    assert game.state.table == () and all(o == () for o in game.state.owned)
    assert game.state.counts == (0,) * 5
    assert [len(h) for h in game.state.hands] == [1 + new] + [1 + new] * (players - 1)
    assert len(game.state.deck) == 20 - players * new
    assert names(game, game.state.hands[1])[1:] == [tr(variant, c) for c in deck[new : 2 * new]]


@pytest.mark.parametrize("variant", VARIANTS)
def test_fourth_round_gets_no_cards(variant: str) -> None:
    """001 "The Second and subsequent rounds": "No new cards are drawn before the fourth
    round." Seat 0 lays the fifth a1 in round 3: round 4 starts on seat 1 with the
    hands as they were."""
    game = position(
        variant, 3, round=3, deck=["a4/open"] * 3,
        hands=[["a1/sealed"], ["a0/sealed", "a0/fixed_price"],
               ["a2/sealed", "a3/sealed", "a4/sealed"]],
        played=["a1/open"] * 3 + ["a1/once_around"] + ["a0/open"] * 3 + ["a0/once_around"],
        auctioneer=0,
    )
    events = play(game, variant, [(0, "play a1/sealed")])
    assert game.round == 4
    assert [len(h) for h in game.state.hands] == [0, 2, 3]
    assert last(events, "deal")["cards"] == [0, 0, 0]
    assert game.to_act() == (1,)
    assert len(game.state.deck) == 3


@pytest.mark.parametrize("variant", VARIANTS)
def test_game_ends_after_round_four_most_cash_wins(variant: str) -> None:
    """001: "At the end of Round 4, the player with the largest amount of cash, wins.
    Any cards left in player's hands at the end of round 4 are worthless." 004
    "Vainqueur": "Le joueur le plus riche gagne la partie." Seat 2 holds four cards;
    seat 1's cards pay; seat 1 overtakes seat 0."""
    game = position(
        variant, 3, round=4, deck=[],
        hands=[["a0/sealed"], ["a1/open"], ["a2/sealed", "a3/sealed", "a4/sealed",
                                             "a4/open"]],
        played=["a0/open"] * 3, owned=[[], ["a0/fixed_price", "a1/sealed"], []],
        board={ids(variant)[0]: [30, 0, 30]},
        cash=[150, 60, 140], auctioneer=0,
    )
    events = play(game, variant, [(0, "play a0/sealed")])
    assert game.is_over
    outcome = game.outcome
    assert outcome is not None and outcome.reason is Reason.ROUNDS_COMPLETE
    assert last(events, "scored")["payouts"] == [0, (90 + 20) * scale(variant), 0]
    assert cash(game, variant) == [150, 170, 140]
    assert outcome.winners == (1,)
    assert len(game.state.hands[2]) == 4  # kept, worth nothing
    assert kinds(events)[-1] == "game-end"
